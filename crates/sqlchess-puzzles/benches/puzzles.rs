//! Puzzle timings for BENCHMARKS.md: `cargo bench -p sqlchess-puzzles --bench puzzles`.
//!
//! Times are on-CPU times of the benchmark's thread; queens and tours take
//! the best of 3 runs (each repeated to 0.2 s at least), the other
//! placements one run.
//!
//! Counts all N-queens solutions for n = 8..14, the 8x8 placements of 8
//! copies of every other catalogue piece (and the largest number that
//! fits), and finds closed knight's tours on 8x8, 12x12 and 16x16. Every
//! answer is asserted: queens against OEIS A000170, the others against an
//! independent check of the solution found, tours step by step.
//!
//! The queens are also counted by the classic bitmask backtracking (one
//! queen per row, columns and both diagonals as machine-word masks, no
//! symmetry halving) written out below as a baseline, and the ratio of the
//! two times is printed.

use std::time::{Duration, Instant};

use sqlchess_fairy::{catalogue, PieceDef};
use sqlchess_puzzles::check::{check_placement, check_tour};
use sqlchess_puzzles::{BoardSize, Placement, TourProblem};

/// On-CPU time of this thread (`/proc/thread-self/schedstat`, first
/// field, nanoseconds), so that other processes on the shared machine
/// count less; wall-clock time where that file is missing.
fn cpu_now() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Runs `f` once, timed by CPU time (or wall clock).
fn time<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let (c, t) = (cpu_now(), Instant::now());
    let r = f();
    let elapsed = match (c, cpu_now()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => t.elapsed(),
    };
    (r, elapsed)
}

/// The best of 3 timings of `f`, each over enough repetitions to take
/// 0.2 s at least (the CPU clock advances in scheduler ticks), divided by
/// the repetitions.
fn best_of_3<T>(mut f: impl FnMut() -> T) -> (T, Duration) {
    let mut reps: u32 = 1;
    loop {
        let (_, t) = time(|| (0..reps).for_each(|_| drop(std::hint::black_box(f()))));
        if t >= Duration::from_millis(200) || reps >= 1 << 20 {
            break;
        }
        reps *= 2;
    }
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let (_, t) = time(|| (0..reps).for_each(|_| drop(std::hint::black_box(f()))));
        best = best.min(t / reps);
    }
    (f(), best)
}

/// The well-known bitmask N-queens count: rows filled in order, the
/// columns and the two diagonal directions under attack kept as bit masks.
fn bitmask_queens(n: u32) -> u64 {
    fn go(all: u32, cols: u32, left: u32, right: u32) -> u64 {
        if cols == all {
            return 1;
        }
        let mut free = all & !(cols | left | right);
        let mut count = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            count += go(
                all,
                cols | bit,
                ((left | bit) << 1) & all,
                (right | bit) >> 1,
            );
        }
        count
    }
    go((1u32 << n) - 1, 0, 0, 0)
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    println!("| puzzle | answer | time | bitmask baseline | ratio |");
    println!("|---|---:|---:|---:|---:|");
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
        let (count, t) = best_of_3(|| p.count(n as usize).expect("count"));
        assert_eq!(count, want, "{n} queens");
        let (base, tb) = best_of_3(|| bitmask_queens(std::hint::black_box(u32::from(n))));
        assert_eq!(u128::from(base), want, "{n} queens, baseline");
        println!(
            "| {n} queens on {n}x{n}, all solutions | {count} | {:.2} ms | {:.2} ms | {:.2} |",
            t.as_secs_f64() * 1e3,
            tb.as_secs_f64() * 1e3,
            t.as_secs_f64() / tb.as_secs_f64()
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
            "| {k} {name}s on 8x8 ({max}) | {count} | {:.3} s | | |",
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
        let (outcome, t) = best_of_3(|| problem.solve());
        let tour = outcome.result.expect("a closed tour exists");
        check_tour(&knight, b, &[], true, &tour).expect("valid tour");
        println!(
            "| closed knight's tour on {n}x{n} ({} nodes) | found | {:.3} ms | | |",
            outcome.nodes,
            t.as_secs_f64() * 1e3
        );
    }
}
