//! Helpers shared by the integration tests (each test file is its own
//! crate; not every one uses every helper).
#![allow(dead_code)]

use sqlchess_fairy::Position;

/// The position after the move written `uci`, which must be legal.
pub fn play(pos: &Position, uci: &str) -> Position {
    pos.play(
        pos.parse_uci(uci)
            .unwrap_or_else(|e| panic!("{uci} in {}: {e}", pos.fen())),
    )
}

/// The legal moves in UCI, sorted.
pub fn sorted_uci(pos: &Position) -> Vec<String> {
    let mut out: Vec<String> = pos.legal_moves().iter().map(|m| m.to_uci(pos)).collect();
    out.sort();
    out
}
