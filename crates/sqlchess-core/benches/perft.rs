//! Perft speed of sqlchess-core against cozy-chess 0.3.4 and shakmaty 0.30.1,
//! in one process: bulk perft (leaf moves counted, not made) and full perft
//! (every leaf move made) of the start position to depth 6 and Kiwipete to
//! depth 5. Every count is asserted against the published one (the
//! chessprogramming wiki's "Perft Results"). It also times the `sqlchess perft 6`
//! command, if its release binary has been built.
//!
//! ```text
//! cargo build --release -p sqlchess-cli   # optional: for the CLI row
//! cargo bench -p sqlchess-core --bench perft
//! ```
//!
//! Each measurement is the best of `SQLCHESS_BENCH_RUNS` runs (default 3), by
//! CPU time of the measuring thread where Linux reports it
//! (`/proc/thread-self/schedstat`), else by wall time. Results go to BENCHMARKS.md
//! by hand.

use std::hint::black_box;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use cozy_chess as cz;
use shakmaty as sm;
use shakmaty::Position as _;
use sqlchess_core::perft::{perft, perft_full};
use sqlchess_core::Position;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// (name, FEN, depth, published count).
const CASES: [(&str, &str, u32, u64); 2] = [
    ("start", START, 6, 119_060_324),
    ("kiwipete", KIWIPETE, 5, 193_690_690),
];

/// CPU time of this thread, if the kernel says.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

#[derive(Clone, Copy)]
struct Timing {
    wall: Duration,
    cpu: Option<Duration>,
}

impl Timing {
    /// The time that ranks runs: CPU time when known.
    fn best(self) -> Duration {
        self.cpu.unwrap_or(self.wall)
    }
}

/// Other arguments filter the rows by label ("start bulk cozy", ...):
/// `cargo bench -p sqlchess-core --bench perft -- "full sqlchess"`.
fn wanted(label: &str) -> bool {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    filters.is_empty() || filters.iter().any(|f| label.contains(f.as_str()))
}

fn runs() -> usize {
    std::env::var("SQLCHESS_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(3)
}

/// Runs `f` `runs()` times, asserts each result is `expected`, returns the best timing.
fn measure(label: &str, expected: u64, mut f: impl FnMut() -> u64) -> Option<Timing> {
    if !wanted(label) {
        return None;
    }
    let mut best: Option<Timing> = None;
    for _ in 0..runs() {
        let cpu0 = thread_cpu_time();
        let t0 = Instant::now();
        let nodes = black_box(f());
        let wall = t0.elapsed();
        let cpu = cpu0.and_then(|c0| thread_cpu_time().map(|c1| c1.saturating_sub(c0)));
        assert_eq!(nodes, expected, "{label}: wrong node count");
        let t = Timing { wall, cpu };
        if best.is_none_or(|b| t.best() < b.best()) {
            best = Some(t);
        }
    }
    best
}

// ---- cozy-chess, as its own perft example does it ----

fn cozy_bulk(board: &cz::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => nodes = 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += cozy_bulk(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}

fn cozy_full(board: &cz::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_full(&child, depth - 1);
        }
        false
    });
    nodes
}

// ---- shakmaty: its own bulk perft, and a full one ----

fn shakmaty_full(pos: &sm::Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        nodes += shakmaty_full(&child, depth - 1);
    }
    nodes
}

fn mnps(nodes: u64, t: Duration) -> f64 {
    nodes as f64 / t.as_secs_f64() / 1e6
}

fn fmt_time(t: Timing) -> String {
    match t.cpu {
        Some(cpu) => format!(
            "{:>7.3} s cpu {:>7.3} s wall",
            cpu.as_secs_f64(),
            t.wall.as_secs_f64()
        ),
        None => format!("{:>7.3} s wall", t.wall.as_secs_f64()),
    }
}

/// The `sqlchess` release binary next to this bench's target directory, if built.
fn cli_binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    // target/release/deps/perft-<hash> -> target/release/sqlchess
    let bin = exe.parent()?.parent()?.join("sqlchess");
    bin.is_file().then_some(bin)
}

fn time_cli(bin: &PathBuf, expected: u64) -> Option<Duration> {
    let mut best: Option<Duration> = None;
    for _ in 0..runs() {
        let t0 = Instant::now();
        let out = Command::new(bin).args(["perft", "6"]).output().ok()?;
        let wall = t0.elapsed();
        assert!(
            out.status.success(),
            "sqlchess perft 6 failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        let last = stdout.lines().last().unwrap_or_default().trim();
        assert_eq!(
            last.parse::<u64>().ok(),
            Some(expected),
            "sqlchess perft 6 printed {last:?}"
        );
        if best.is_none_or(|b| wall < b) {
            best = Some(wall);
        }
    }
    best
}

fn main() {
    // `cargo bench` passes `--bench`; `--list` (from `cargo test --benches`) lists nothing.
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    println!("perft benchmark: best of {} runs, single thread", runs());
    println!(
        "{:<10} {:<5} {:<10} {:>13} {:>30} {:>8}",
        "position", "kind", "engine", "nodes", "time", "Mnps"
    );
    let mut summary = Vec::new();
    let mut cozy_start_bulk = None;
    for (name, fen, depth, expected) in CASES {
        let ours = Position::from_fen(fen).expect("our FEN");
        let cozy: cz::Board = fen.parse().expect("cozy FEN");
        let shak: sm::Chess = sm::fen::Fen::from_ascii(fen.as_bytes())
            .expect("shakmaty FEN")
            .into_position(sm::CastlingMode::Standard)
            .expect("shakmaty position");
        for kind in ["bulk", "full"] {
            let label = |engine: &str| format!("{name} {kind} {engine}");
            let rows: [(&str, Option<Timing>); 3] = if kind == "bulk" {
                [
                    (
                        "sqlchess",
                        measure(&label("sqlchess"), expected, || perft(&ours, depth)),
                    ),
                    (
                        "cozy",
                        measure(&label("cozy"), expected, || cozy_bulk(&cozy, depth)),
                    ),
                    (
                        "shakmaty",
                        measure(&label("shakmaty"), expected, || sm::perft(&shak, depth)),
                    ),
                ]
            } else {
                [
                    (
                        "sqlchess",
                        measure(&label("sqlchess"), expected, || perft_full(&ours, depth)),
                    ),
                    (
                        "cozy",
                        measure(&label("cozy"), expected, || cozy_full(&cozy, depth)),
                    ),
                    (
                        "shakmaty",
                        measure(&label("shakmaty"), expected, || shakmaty_full(&shak, depth)),
                    ),
                ]
            };
            for (engine, t) in rows {
                let Some(t) = t else { continue };
                println!(
                    "{:<10} {:<5} {:<10} {:>13} {:>30} {:>8.1}",
                    format!("{name} {depth}"),
                    kind,
                    engine,
                    expected,
                    fmt_time(t),
                    mnps(expected, t.best())
                );
            }
            if name == "start" && kind == "bulk" {
                cozy_start_bulk = rows[1].1;
            }
            if let [(_, Some(ours)), (_, Some(cozy)), (_, Some(shak))] = rows {
                let speed = |t: Timing| t.best().as_secs_f64() / ours.best().as_secs_f64();
                summary.push(format!(
                    "{name} {depth} {kind}: sqlchess {:.1} Mnps; speed vs cozy-chess {:.2}x, vs shakmaty {:.2}x",
                    mnps(expected, ours.best()),
                    speed(cozy),
                    speed(shak)
                ));
            }
        }
    }
    println!();
    println!("speed ratio = their time / our time (above 1: sqlchess is faster)");
    for line in &summary {
        println!("{line}");
    }
    if !wanted("cli start bulk cozy") {
        return;
    }
    match cli_binary() {
        Some(bin) => match (time_cli(&bin, CASES[0].3), cozy_start_bulk) {
            (Some(cli), Some(cozy)) => {
                println!(
                    "`sqlchess perft 6` ({}): {:.3} s wall, {:.2}x cozy-chess's bulk perft 6 wall time {:.3} s (target: at most 1.5x)",
                    bin.display(),
                    cli.as_secs_f64(),
                    cli.as_secs_f64() / cozy.wall.as_secs_f64(),
                    cozy.wall.as_secs_f64()
                );
            }
            _ => println!("`sqlchess perft 6`: not compared (needs the start bulk cozy row and a working {})", bin.display()),
        },
        None => println!("`sqlchess perft 6`: not timed; build it first with `cargo build --release -p sqlchess-cli`"),
    }
}
