//! Perft against the oracle files in `tests/data/` (sources and format in
//! docs/test-data.md): Stockfish's counts, cross-checked with python-chess and
//! with the published ones.
//!
//! The default run checks every depth of at most [`NODE_CAP`] nodes. The deeper
//! ones (up to 706 million nodes) are `#[ignore]`d; run them optimised with
//!
//! ```text
//! cargo test -p sqlchess-core --release --test perft -- --ignored
//! ```

mod common;

use common::{parse_perft_file, parse_random_csv, PerftCase};
use sqlchess_core::perft::{divide, perft, perft_full};
use sqlchess_core::{CastlingMode, Position};

/// Depths above this many nodes run only in the ignored deep test.
const NODE_CAP: u64 = 5_000_000;
/// Full perft (every leaf made) is slower; it runs up to this many nodes.
const FULL_CAP: u64 = 300_000;

fn position(case: &PerftCase, mode: CastlingMode) -> Position {
    Position::from_fen_with_mode(&case.fen, mode)
        .unwrap_or_else(|e| panic!("{}: {} does not parse: {e}", case.origin, case.fen))
}

/// Checks every count of `cases` within `min..=max` nodes; returns how many were checked.
fn check(cases: &[PerftCase], mode: CastlingMode, min: u64, max: u64) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in cases {
        let pos = position(case, mode);
        for &(depth, expected) in &case.counts {
            if expected < min || expected > max {
                continue;
            }
            let got = perft(&pos, depth);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "{}: {} depth {depth}: got {got}, expected {expected}",
                    case.origin, case.fen
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    checked
}

/// Full perft (leaf moves made) at the deepest depth under [`FULL_CAP`].
fn check_full(cases: &[PerftCase], mode: CastlingMode) {
    for case in cases {
        let pos = position(case, mode);
        if let Some(&(depth, expected)) = case.counts.iter().rev().find(|(_, n)| *n <= FULL_CAP) {
            assert_eq!(
                perft_full(&pos, depth),
                expected,
                "{}: {} full perft depth {depth}",
                case.origin,
                case.fen
            );
        }
    }
}

#[test]
fn standard_positions() {
    let cases = parse_perft_file("standard.perft", common::STANDARD);
    assert_eq!(cases.len(), 7);
    assert!(check(&cases, CastlingMode::Standard, 0, NODE_CAP) >= 30);
    check_full(&cases, CastlingMode::Standard);
}

#[test]
fn tricky_positions() {
    let cases = parse_perft_file("tricky.perft", common::TRICKY);
    assert!(check(&cases, CastlingMode::Standard, 0, NODE_CAP) >= 100);
    check_full(&cases, CastlingMode::Standard);
}

#[test]
fn chess960_positions() {
    let cases = parse_perft_file("chess960.perft", common::CHESS960);
    assert!(check(&cases, CastlingMode::Chess960, 0, NODE_CAP) >= 80);
    check_full(&cases, CastlingMode::Chess960);
}

/// Chess960 mode is also detected from the castling field alone; where it is
/// not (standard-looking rights), the counts must not change.
#[test]
fn chess960_positions_with_detected_mode() {
    let cases = parse_perft_file("chess960.perft", common::CHESS960);
    for case in &cases {
        let pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.origin));
        let (depth, expected) = case.counts[2];
        assert_eq!(
            perft(&pos, depth),
            expected,
            "{}: {} depth {depth}",
            case.origin,
            case.fen
        );
    }
}

#[test]
fn random_positions() {
    let cases = parse_random_csv(common::RANDOM);
    assert_eq!(cases.len(), 300);
    assert_eq!(check(&cases, CastlingMode::Standard, 0, NODE_CAP), 300);
    check_full(&cases, CastlingMode::Standard);
}

/// `divide` lists every legal move once, and its counts add up to perft.
#[test]
fn divide_adds_up() {
    let cases = parse_perft_file("standard.perft", common::STANDARD);
    for case in &cases {
        let pos = position(case, CastlingMode::Standard);
        let (depth, expected) = case.counts[2];
        let rows = divide(&pos, depth);
        assert_eq!(
            rows.len() as u64,
            case.counts[0].1,
            "{}: divide rows",
            case.origin
        );
        assert_eq!(
            rows.iter().map(|(_, n)| n).sum::<u64>(),
            expected,
            "{}: divide sum",
            case.origin
        );
        let mut ucis: Vec<&str> = rows.iter().map(|(m, _)| m.as_str()).collect();
        ucis.sort_unstable();
        ucis.dedup();
        assert_eq!(
            ucis.len(),
            rows.len(),
            "{}: divide repeats a move",
            case.origin
        );
        for (uci, n) in &rows {
            let child = pos.after(pos.parse_uci(uci).unwrap());
            assert_eq!(
                perft(&child, depth - 1),
                *n,
                "{}: divide row {uci}",
                case.origin
            );
        }
    }
}

#[test]
fn perft_depth_zero_and_one() {
    let pos = Position::new();
    assert_eq!(perft(&pos, 0), 1);
    assert_eq!(perft_full(&pos, 0), 1);
    assert_eq!(perft(&pos, 1), 20);
    assert_eq!(perft_full(&pos, 1), 20);
    // Checkmate and stalemate: no moves at all.
    let mate = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
        .unwrap();
    assert_eq!(perft(&mate, 1), 0);
    assert_eq!(perft(&mate, 3), 0);
}

#[test]
#[ignore = "deep perft, hundreds of millions of nodes: run with --release -- --ignored"]
fn deep_standard_positions() {
    let cases = parse_perft_file("standard.perft", common::STANDARD);
    check(&cases, CastlingMode::Standard, NODE_CAP + 1, u64::MAX);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn deep_tricky_and_chess960_positions() {
    let cases = parse_perft_file("tricky.perft", common::TRICKY);
    check(&cases, CastlingMode::Standard, NODE_CAP + 1, u64::MAX);
    let cases = parse_perft_file("chess960.perft", common::CHESS960);
    check(&cases, CastlingMode::Chess960, NODE_CAP + 1, u64::MAX);
}

#[test]
#[ignore = "full perft (every leaf made) to millions of nodes: run with --release -- --ignored"]
fn deep_full_perft() {
    let cases = parse_perft_file("standard.perft", common::STANDARD);
    for case in &cases {
        let pos = position(case, CastlingMode::Standard);
        for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n <= 200_000_000) {
            assert_eq!(
                perft_full(&pos, depth),
                expected,
                "{}: full perft depth {depth}",
                case.origin
            );
        }
    }
}
