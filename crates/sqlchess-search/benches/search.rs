//! Search speed on middlegame positions, and mate-finding as a check.
//!
//! ```text
//! cargo bench -p sqlchess-search --bench search
//! ```
//!
//! Each middlegame position is searched to a fixed depth with a fresh 64 MB
//! table; the bench asserts a legal best move and prints nodes, time and
//! nodes per second, then checks that the mate problems of the test suite
//! are solved at depth 2n-1 with the right mate score.

use std::time::Instant;

use sqlchess_core::Position;
use sqlchess_search::{Limits, Score, Searcher};

/// Kiwipete (chessprogramming wiki, perft position 2) and three middlegames.
const MIDDLEGAMES: &[&str] = &[
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 0 10",
    "2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 12",
];

/// (FEN, moves to mate), confirmed with Stockfish 15.1.
const MATES: &[(&str, i32)] = &[
    (
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        2,
    ),
    (
        "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1",
        2,
    ),
    ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3),
    ("2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1", 3),
    (
        "r1bk3r/pppq1ppp/5n2/4N1N1/2Bp4/Bn6/P4PPP/4R1K1 w - - 1 1",
        4,
    ),
];

fn main() {
    let depth = std::env::var("SQLCHESS_BENCH_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(14);
    let (mut nodes, mut micros) = (0u64, 0u128);
    for fen in MIDDLEGAMES {
        let pos = Position::from_fen(fen).expect("valid fen");
        let mut searcher = Searcher::<Position>::new(64);
        let r = searcher.search(&pos, &[], &Limits::depth(depth), |_| {});
        let best = r.best_move.expect("a move");
        assert!(pos.is_legal(best));
        let nps = r.nodes as u128 * 1_000_000 / r.time.as_micros().max(1);
        println!(
            "depth {depth} {:>6} {:>10} nodes {:>8.3} s {:>9} nps  {fen}",
            pos.uci(best).to_string(),
            r.nodes,
            r.time.as_secs_f64(),
            nps
        );
        nodes += r.nodes;
        micros += r.time.as_micros();
    }
    println!(
        "middlegames: {nodes} nodes in {:.3} s = {} nodes/s",
        micros as f64 / 1e6,
        nodes as u128 * 1_000_000 / micros.max(1)
    );
    for &(fen, n) in MATES {
        let pos = Position::from_fen(fen).expect("valid fen");
        let mut searcher = Searcher::<Position>::new(16);
        let t = Instant::now();
        let r = searcher.search(&pos, &[], &Limits::depth(2 * n as u32 - 1), |_| {});
        assert_eq!(r.uci_score(), Score::Mate(n), "{fen}");
        println!(
            "mate in {n}: {} in {:.3} s, {} nodes",
            pos.uci(r.best_move.expect("a move")),
            t.elapsed().as_secs_f64(),
            r.nodes
        );
    }
}
