//! Puzzle timings for BENCHMARKS.md: `cargo bench -p sqlchess-puzzles --bench puzzles`.
//!
//! Counts all N-queens solutions for n = 8..14, the 8x8 placements of 8
//! copies of every other catalogue piece (and the largest number that
//! fits), and finds closed knight's tours on 8x8, 12x12 and 16x16. Every
//! answer is asserted: queens against OEIS A000170, the others against an
//! independent check of the solution found, tours step by step.

use std::time::{Duration, Instant};

use sqlchess_fairy::{catalogue, PieceDef};
use sqlchess_puzzles::check::{check_placement, check_tour};
use sqlchess_puzzles::{BoardSize, Placement, TourProblem};

fn time<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let t = Instant::now();
    let r = f();
    (r, t.elapsed())
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    println!("| puzzle | answer | time |");
    println!("|---|---:|---:|");
    let queens: [(u8, u128); 7] = [
        (8, 92),
        (9, 352),
        (10, 724),
        (11, 2680),
        (12, 14_200),
        (13, 73_712),
        (14, 365_596),
    ];
    for (n, want) in queens {
        let b = BoardSize::new(n, n).expect("board");
        let p = Placement::parse("queen", b).expect("queen");
        let (count, t) = time(|| p.count(n as usize).expect("count"));
        assert_eq!(count, want, "{n} queens");
        println!(
            "| {n} queens on {n}x{n}, all solutions | {count} | {:.3} s |",
            t.as_secs_f64()
        );
    }
    let b = BoardSize::STANDARD;
    for (name, _) in catalogue() {
        if name == "queen" {
            continue;
        }
        let p = Placement::parse(name, b).expect("catalogue piece");
        // Hoppers, grasshoppers and locusts have occupancy-dependent attacks
        // and are counted by exhaustive search: 6 of them, not 8, and no
        // maximum (see BENCHMARKS.md).
        let monotone = p.rules().is_monotone();
        let k = if monotone { 8 } else { 6 };
        let (count, t) = time(|| p.count(k).expect("count"));
        if count > 0 {
            let first = p.first(k).expect("first").expect("a solution");
            check_placement(p.piece(), b, &first).expect("valid placement");
        }
        let max = if monotone {
            let ((max, witness), tm) = time(|| p.maximum());
            check_placement(p.piece(), b, &witness).expect("valid maximum");
            assert_eq!(witness.len(), max);
            format!("max {max} in {:.3} s", tm.as_secs_f64())
        } else {
            "max not computed".to_string()
        };
        println!(
            "| {k} {name}s on 8x8 ({max}) | {count} | {:.3} s |",
            t.as_secs_f64()
        );
        if quick {
            break;
        }
    }
    let knight = PieceDef::parse("knight").expect("knight");
    for n in [8u8, 12, 16] {
        let b = BoardSize::new(n, n).expect("board");
        let problem = TourProblem::new(&knight, b, &[], true, None).expect("tour");
        let (outcome, t) = time(|| problem.solve());
        let tour = outcome.result.expect("a closed tour exists");
        check_tour(&knight, b, &[], true, &tour).expect("valid tour");
        println!(
            "| closed knight's tour on {n}x{n} ({} nodes) | found | {:.4} s |",
            outcome.nodes,
            t.as_secs_f64()
        );
    }
}
