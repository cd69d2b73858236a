//! `sql/set_search.sql` (set-based minimax) finds the value of plain
//! minimax without pruning, and a move of that value; native alpha-beta
//! (`next_move`) picks a move of the same minimax value too.

use sqlchess_core::Position;
use sqlchess_search::minimax::{minimax_white, minimax_white_at, MATE_SCORE};
use sqlchess_sqlite::{open_in_memory, run, Format};

const SCRIPT: &str = include_str!("../../../sql/set_search.sql");

/// Runs the script; returns (best move, score for White, positions stored).
fn set_search(fen: &str, depth: u32) -> (String, i32, u64) {
    let conn = open_in_memory().unwrap();
    conn.execute(
        "CREATE TABLE search_root AS SELECT ?1 AS fen, ?2 AS depth",
        (fen, depth),
    )
    .unwrap();
    let mut out = Vec::new();
    run(&conn, SCRIPT, Format::Csv, &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let mut lines = out.lines().rev();
    let row: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(
        lines.next(),
        Some("best_move,score_for_white,positions"),
        "{out}"
    );
    (
        row[0].to_owned(),
        row[1].parse().unwrap(),
        row[2].parse().unwrap(),
    )
}

fn check(fen: &str, depth: u32) -> (String, i32) {
    let pos = Position::from_fen(fen).unwrap();
    let native = minimax_white(&pos, depth);
    let (mv, score, positions) = set_search(fen, depth);
    assert_eq!(score, native, "{fen} at depth {depth}");
    assert!(positions > 1, "{fen}");
    // The chosen move leads to a position of that value.
    let child = pos.after(pos.parse_uci(&mv).unwrap());
    assert_eq!(
        minimax_white_at(&child, depth - 1, 1),
        native,
        "{fen}: {mv}"
    );
    (mv, score)
}

#[test]
fn agrees_with_plain_minimax_at_depth_two() {
    for fen in [
        sqlchess_core::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        // Black to move: the minimum is taken at the root.
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
    ] {
        check(fen, 2);
    }
}

#[test]
fn agrees_with_plain_minimax_at_depth_three() {
    for fen in [
        sqlchess_core::START_FEN,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        check(fen, 3);
    }
}

#[test]
fn finds_mates_and_stalemate_as_native_search_does() {
    // Mate in one (back rank), for White and for Black.
    let (mv, score) = check("7k/6pp/8/8/8/8/8/R3K3 w - - 0 1", 3);
    assert_eq!((mv.as_str(), score), ("a1a8", MATE_SCORE - 1));
    let (mv, score) = check("r3k3/8/8/8/8/8/6PP/7K b - - 0 1", 3);
    assert_eq!((mv.as_str(), score), ("a8a1", -(MATE_SCORE - 1)));
    // Mate in two with the rook ladder, seen at depth 4 (the mated side
    // must be seen to have no move).
    let (_, score) = check("7k/8/8/8/8/8/R7/KR6 w - - 0 1", 4);
    assert_eq!(score, MATE_SCORE - 3);
    // Native alpha-beta chooses a move of the same value.
    let conn = open_in_memory().unwrap();
    let native: String = conn
        .query_row(
            "SELECT next_move('7k/6pp/8/8/8/8/8/R3K3 w - - 0 1', 3)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(native, "a1a8");
    // Qc7 would stalemate (a leaf of value 0); Qc8 mates.
    let (mv, score) = check("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", 2);
    assert_eq!((mv.as_str(), score), ("c1c8", MATE_SCORE - 1));
}

#[test]
fn a_finished_game_has_no_move() {
    // Black is stalemated; White is mated.
    assert_eq!(
        set_search("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", 2),
        (String::new(), 0, 1)
    );
    assert_eq!(
        set_search("R6k/6pp/8/8/8/8/8/4K3 b - - 1 1", 2),
        (String::new(), MATE_SCORE, 1)
    );
}
