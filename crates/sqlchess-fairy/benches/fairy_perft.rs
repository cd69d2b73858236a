//! Perft speed of the generic fairy engine against Debian's `fairy-stockfish`
//! (`go perft`), in one command:
//!
//! ```text
//! cargo bench -p sqlchess-fairy --bench fairy_perft
//! ```
//!
//! Every run asserts that both engines count the same nodes. Set
//! `FAIRY_STOCKFISH` to another binary, `FAIRY_BENCH_QUICK=1` for
//! shallower depths, or `FAIRY_BENCH_ONLY=capablanca,grand` for some
//! variants only. Times are CPU seconds (ours: this thread's, from
//! `/proc/thread-self/schedstat`; fairy-stockfish's: the child's user+system
//! time, in clock ticks), best of five on each side, so other load on the
//! machine matters less; fairy-stockfish's process start-up and variant
//! set-up (a `go perft 1` run) are subtracted. The fast-path row is wall
//! time of the `sqlchess` process. Prints a Markdown table for BENCHMARKS.md.

use sqlchess_fairy::{perft, Position, VariantSet};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

/// (label, our variant (built-in or tests/data/variants.ini), Fairy-Stockfish
/// variant (empty: not comparable), variants.ini text for Fairy-Stockfish, depth)
const CASES: &[(&str, &str, &str, &str, u32)] = &[
    ("chess (generic path)", "chess", "chess", "", 5),
    ("capablanca", "capablanca", "capablanca", "", 5),
    ("grand", "grand", "grand", "", 4),
    ("xiangqi", "xiangqi", "xiangqi", "", 5),
    ("janggi", "janggi", "janggi", "", 5),
    ("janggimodern", "janggimodern", "janggimodern", "", 5),
    ("sittuyin (the set-up drops)", "sittuyin", "sittuyin", "", 4),
    ("makruk", "makruk", "makruk", "", 5),
    ("shogi", "shogi", "shogi", "", 5),
    ("seirawan", "seirawan", "seirawan", "", 5),
    ("crazyhouse", "crazyhouse", "crazyhouse", "", 5),
    (
        "cannonhorse (cannons mRcpR + lame knights nN)",
        "cannonhorse",
        "cannonhorse",
        "[cannonhorse:chess]\ncannon = o\nhorse = h\nknight = -\nstartFen = rhbqkbhr/pppppppp/1o4o1/8/8/1O4O1/PPPPPPPP/RHBQKBHR w KQkq - 0 1\n",
        5,
    ),
    ("nightriders (NN; Debian's fairy-stockfish 11.1 has no custom pieces)", "nightriders", "", "", 5),
    ("atomic (not in Debian's fairy-stockfish 11.1)", "atomic", "", "", 5),
    ("antichess", "antichess", "antichess", "", 5),
    ("kingofthehill", "kingofthehill", "kingofthehill", "", 5),
    ("3check", "3check", "3check", "", 5),
    ("racingkings", "racingkings", "racingkings", "", 5),
    ("horde", "horde", "horde", "", 6),
    ("giveaway", "giveaway", "giveaway", "", 5),
    ("extinction", "extinction", "extinction", "", 6),
    ("losalamos", "losalamos", "losalamos", "", 6),
];

/// CPU seconds this thread has run (`/proc/thread-self/schedstat`), so the
/// shared machine's other load does not count; wall time as a fallback.
fn thread_cpu() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map(|ns| ns / 1e9)
        .unwrap_or_else(|| EPOCH.with(|e| e.elapsed().as_secs_f64()))
}

thread_local! {
    static EPOCH: Instant = Instant::now();
}

/// CPU seconds used by waited-for children (`cutime + cstime` of
/// `/proc/self/stat`, in clock ticks of `getconf CLK_TCK`).
fn children_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = after.split_whitespace().collect();
    // Fields 16 and 17 of the full line are 14 and 15 after "pid (comm) ".
    let ticks: f64 = f.get(13)?.parse::<f64>().ok()? + f.get(14)?.parse::<f64>().ok()?;
    let hz = Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .trim()
                .parse::<f64>()
                .ok()
        })
        .unwrap_or(100.0);
    Some(ticks / hz)
}

fn fairy_stockfish(bin: &str, variant: &str, ini: &str, depth: u32) -> Option<(u64, f64)> {
    let mut script = String::new();
    if !ini.is_empty() {
        let path = std::env::temp_dir().join("sqlchess_fairy_bench.ini");
        std::fs::write(&path, ini).ok()?;
        script.push_str(&format!(
            "setoption name VariantPath value {}\n",
            path.display()
        ));
    }
    script.push_str(&format!(
        "setoption name UCI_Variant value {variant}\nposition startpos\ngo perft {depth}\nquit\n"
    ));
    let before = children_cpu()?;
    let mut child = Command::new(bin)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(script.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    let secs = children_cpu()? - before;
    let text = String::from_utf8_lossy(&out.stdout);
    let nodes = text
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))?
        .trim()
        .parse()
        .ok()?;
    Some((nodes, secs))
}

/// Seconds for `sqlchess perft DEPTH` (the standard-chess fast path of
/// sqlchess-core, through the CLI), if the binary has been built.
fn fast_path(depth: u32) -> Option<(u64, f64)> {
    let bin = std::env::var("SQLCHESS_BIN").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/release/sqlchess").into()
    });
    let start = Instant::now();
    let out = Command::new(bin)
        .args(["perft", &depth.to_string()])
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let secs = start.elapsed().as_secs_f64();
    let n = String::from_utf8_lossy(&out.stdout)
        .lines()
        .last()?
        .trim()
        .parse()
        .ok()?;
    Some((n, secs))
}

fn main() {
    let bin =
        std::env::var("FAIRY_STOCKFISH").unwrap_or_else(|_| "/usr/games/fairy-stockfish".into());
    let quick = std::env::var("FAIRY_BENCH_QUICK").is_ok();
    println!(
        "| position | depth | nodes | sqlchess-fairy CPU s | Mnps | fairy-stockfish CPU s (net) | start-up subtracted s | Mnps | speed-up |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut failed = false;
    let set = VariantSet::from_ini(include_str!("../tests/data/variants.ini"))
        .expect("test variants load");
    // FAIRY_BENCH_ONLY=capablanca,grand: only those variants.
    let only = std::env::var("FAIRY_BENCH_ONLY").ok();
    for &(label, ours, theirs, ini, depth) in CASES {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|n| n == ours))
        {
            continue;
        }
        let depth = if quick { depth - 1 } else { depth };
        let v = set.get(ours).expect("variant");
        let pos = Position::start(&v);
        // Best of five runs on each side: the machine is shared and noisy.
        let mut our_s = f64::MAX;
        let mut n = 0;
        for _ in 0..5 {
            let t = thread_cpu();
            n = perft(&pos, depth);
            our_s = our_s.min(thread_cpu() - t);
        }
        let best = |d: u32| -> Option<(u64, f64)> {
            let runs: Vec<(u64, f64)> = (0..5)
                .filter_map(|_| fairy_stockfish(&bin, theirs, ini, d))
                .collect();
            let nodes = runs.first()?.0;
            Some((nodes, runs.iter().map(|r| r.1).fold(f64::MAX, f64::min)))
        };
        let fs = if theirs.is_empty() { None } else { best(depth) };
        // Start-up and variant set-up of the fairy-stockfish process, measured
        // with a depth-1 perft and subtracted.
        let startup = if theirs.is_empty() {
            None
        } else {
            best(1).map(|x| x.1)
        };
        match (fs, startup) {
            (Some((fs_n, fs_total)), Some(st)) => {
                if fs_n != n {
                    eprintln!("MISMATCH {label}: sqlchess-fairy {n}, fairy-stockfish {fs_n}");
                    failed = true;
                }
                let fs_s = (fs_total - st).max(1e-6);
                println!(
                    "| {label} | {depth} | {n} | {our_s:.3} | {:.1} | {fs_s:.3} | {st:.3} | {:.1} | {:.2}x |",
                    n as f64 / our_s / 1e6,
                    fs_n as f64 / fs_s / 1e6,
                    fs_s / our_s
                );
            }
            _ => println!(
                "| {label} | {depth} | {n} | {our_s:.3} | {:.1} | n/a | n/a | n/a | n/a |",
                n as f64 / our_s / 1e6
            ),
        }
        if ours == "chess" {
            let fast =
                (0..5)
                    .filter_map(|_| fast_path(depth))
                    .fold(None, |b: Option<(u64, f64)>, r| {
                        Some(match b {
                            Some(b) if b.1 <= r.1 => b,
                            _ => r,
                        })
                    });
            if let Some((fast_n, fast_s)) = fast {
                assert_eq!(fast_n, n, "fast path and generic path disagree");
                println!(
                    "| chess (sqlchess-core fast path, via `sqlchess perft`) | {depth} | {fast_n} | {fast_s:.3} | {:.1} | | | | generic/fast = {:.2} |",
                    fast_n as f64 / fast_s / 1e6,
                    our_s / fast_s
                );
            }
        }
    }
    assert!(!failed, "node counts differ from fairy-stockfish");
}
