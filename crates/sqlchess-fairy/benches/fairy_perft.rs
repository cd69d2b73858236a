//! Perft speed of the generic fairy engine against Debian's `fairy-stockfish`
//! (`go perft`), in one command:
//!
//! ```text
//! cargo bench -p sqlchess-fairy --bench fairy_perft
//! ```
//!
//! Every run asserts that both engines count the same nodes. Set
//! `FAIRY_STOCKFISH` to another binary, or `FAIRY_BENCH_QUICK=1` for
//! shallower depths. Prints a Markdown table for BENCHMARKS.md.

use sqlchess_fairy::{perft, Position, Variant};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

/// (label, our variant, Fairy-Stockfish variant, variants.ini text for
/// Fairy-Stockfish, depth)
const CASES: &[(&str, &str, &str, &str, u32)] = &[
    ("chess (generic path)", "chess", "chess", "", 5),
    ("capablanca", "capablanca", "capablanca", "", 5),
    ("grand", "grand", "grand", "", 4),
    (
        "cannonhorse (cannons mRcpR + lame knights nN)",
        "cannonhorse",
        "cannonhorse",
        "[cannonhorse:chess]\ncannon = o\nhorse = h\nknight = -\nstartFen = rhbqkbhr/pppppppp/1o4o1/8/8/1O4O1/PPPPPPPP/RHBQKBHR w KQkq - 0 1\n",
        4,
    ),
];

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
    let start = Instant::now();
    let mut child = Command::new(bin)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(script.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    let secs = start.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&out.stdout);
    let nodes = text
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))?
        .trim()
        .parse()
        .ok()?;
    Some((nodes, secs))
}

fn main() {
    let bin =
        std::env::var("FAIRY_STOCKFISH").unwrap_or_else(|_| "/usr/games/fairy-stockfish".into());
    let quick = std::env::var("FAIRY_BENCH_QUICK").is_ok();
    println!("| position | depth | nodes | sqlchess-fairy s | Mnps | fairy-stockfish s | Mnps | speed-up |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut failed = false;
    for &(label, ours, theirs, ini, depth) in CASES {
        let depth = if quick { depth - 1 } else { depth };
        let v = Variant::builtin(ours).expect("built-in variant");
        let pos = Position::start(&v);
        let t = Instant::now();
        let n = perft(&pos, depth);
        let our_s = t.elapsed().as_secs_f64();
        match fairy_stockfish(&bin, theirs, ini, depth) {
            Some((fs_n, fs_s)) => {
                if fs_n != n {
                    eprintln!("MISMATCH {label}: sqlchess-fairy {n}, fairy-stockfish {fs_n}");
                    failed = true;
                }
                println!(
                    "| {label} | {depth} | {n} | {our_s:.3} | {:.1} | {fs_s:.3} | {:.1} | {:.2}x |",
                    n as f64 / our_s / 1e6,
                    fs_n as f64 / fs_s / 1e6,
                    fs_s / our_s
                );
            }
            None => println!(
                "| {label} | {depth} | {n} | {our_s:.3} | {:.1} | n/a | n/a | n/a |",
                n as f64 / our_s / 1e6
            ),
        }
    }
    assert!(!failed, "node counts differ from fairy-stockfish");
}
