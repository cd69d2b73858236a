//! A turn that either moves or puts a wall (`wallOrMove`) on the edge of
//! the board or next to a wall (`wallingRule = edge`), as Fairy-Stockfish's
//! Atlantis plays it. The expected moves, texts and FENs are pyffish
//! 0.0.90's for the same rules; its perft counts for Atlantis itself are in
//! `tests/data/fsf_variants_ini.perft` (`tests/fsf_ini.rs`).

use sqlchess_fairy::{read_variants_ini, Position, Variant};

mod common;
use common::play;

const INI: &str = "
[sinking:chess]
wallingRule = edge
wallOrMove = true
";

fn variant() -> Variant {
    let load = read_variants_ini(INI);
    assert!(load.refused.is_empty(), "{:?}", load.refused);
    load.variants.into_iter().next().unwrap()
}

fn walls(pos: &Position) -> Vec<String> {
    let mut out: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter_map(|m| m.wall().map(|w| w.to_string()))
        .collect();
    out.sort();
    out
}

#[test]
fn a_wall_on_the_rim_or_beside_a_wall() {
    let v = variant();
    let start = Position::start(&v);
    assert_eq!(start.legal_moves().len(), 28);
    assert_eq!(
        walls(&start),
        ["a3", "a4", "a5", "a6", "h3", "h4", "h5", "h6"]
    );
    // A knight's move empties a square of the rim.
    assert!(walls(&play(&start, "b1c3")).contains(&"b1".to_string()));
    // The wall alone is a move of White's first piece, a1, to itself.
    let walled = play(&start, "a1a1,a1a4");
    assert_eq!(
        walled.fen(),
        "rnbqkbnr/pppppppp/8/8/*7/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1"
    );
    assert_eq!(
        walls(&walled),
        ["a3", "a5", "a6", "b4", "h3", "h4", "h5", "h6"]
    );
    // Black's first piece is the a7 pawn: its wall resets the clock.
    let both = play(&walled, "a7a7,a7b4");
    assert_eq!(
        both.fen(),
        "rnbqkbnr/pppppppp/8/8/**6/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(
        walls(&both),
        ["a3", "a5", "a6", "b3", "b5", "c4", "h3", "h4", "h5", "h6"]
    );
    // Walls block: no double step through a5, no knight to a6.
    let deep = play(&start, "a1a1,a1a6");
    assert_eq!(deep.legal_moves().len(), 25);
}

#[test]
fn no_wall_in_check() {
    let v = variant();
    // Walls on b1, c1 or d1 would block the rook; Fairy-Stockfish allows
    // only the king's moves.
    let pos = Position::from_fen(&v, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1").unwrap();
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_uci(&pos)).collect();
    moves.sort();
    assert_eq!(moves, ["e1d2,d2a1", "e1e2,e2a1", "e1f2,f2a1"]);
}

#[test]
fn texts_as_fairy_stockfish_writes_them() {
    let v = variant();
    let start = Position::start(&v);
    for (uci, san) in [
        ("b1c3,c3a1", "Nc3,a1"),
        ("e2e4,e4a1", "e4,a1"),
        ("a1a1,a1a4", "Ra1,a4"),
    ] {
        let mv = start.parse_uci(uci).unwrap();
        assert_eq!(mv.to_uci(&start), uci);
        assert_eq!(start.san(mv), san);
        assert_eq!(start.parse_san(san).unwrap(), mv);
    }
    // The plain move reads too, and puts no wall.
    let plain = play(&start, "b1c3");
    assert_eq!(
        plain.fen(),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 1 1"
    );
    // Walls alone are turns, not passes: they never end the game.
    let mut pos = start;
    for uci in ["a1a1,a1a4", "a7a7,a7h5", "a1a1,a1a5", "a7a7,a7h4"] {
        pos = play(&pos, uci);
    }
    assert!(!pos.legal_moves().is_empty());
    assert_eq!(
        pos.fen(),
        "rnbqkbnr/pppppppp/8/*6*/*6*/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3"
    );
}
