//! Nodes per second of the chess search on middlegame positions.
//!
//! `cargo run --release -p sqlchess-search --example nps [MILLISECONDS] [THREADS] [DEPTH]`
//! searches each position for the given time (default 2000 ms) with a fresh
//! 64 MB table and prints depth, nodes and nodes per second, then the total.
//! `THREADS` (default 1) runs Lazy SMP; with `DEPTH`, each position is
//! searched to that depth instead (time to depth: how Lazy SMP's gain is
//! measured; the time argument is then ignored).

use std::time::Duration;

use sqlchess_core::Position;
use sqlchess_search::{Limits, Searcher};

/// Middlegame positions: Kiwipete (chessprogramming wiki's perft position 2),
/// perft position 4's mirror-free middlegame, and three from master games.
const POSITIONS: &[&str] = &[
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 0 10",
    "2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 12",
];

fn main() {
    let ms: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let threads: usize = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let depth: Option<u32> = std::env::args().nth(3).and_then(|a| a.parse().ok());
    let limits = match depth {
        Some(d) => Limits::depth(d),
        None => Limits::movetime(Duration::from_millis(ms)),
    };
    let (mut nodes, mut micros) = (0u64, 0u128);
    for fen in POSITIONS {
        let pos = Position::from_fen(fen).expect("valid fen");
        let mut searcher = Searcher::<Position>::new(64);
        searcher.set_threads(threads);
        let r = searcher.search(&pos, &[], &limits, |_| {});
        assert!(r.best_move.is_some_and(|m| pos.is_legal(m)));
        let nps = r.nodes as u128 * 1_000_000 / r.time.as_micros().max(1);
        println!(
            "depth {:2} nodes {:9} nps {:8} ms {:6}  {fen}",
            r.depth,
            r.nodes,
            nps,
            r.time.as_millis()
        );
        nodes += r.nodes;
        micros += r.time.as_micros();
    }
    println!(
        "total nodes {nodes} nps {} ms {} threads {threads}",
        nodes as u128 * 1_000_000 / micros.max(1),
        micros / 1000
    );
}
