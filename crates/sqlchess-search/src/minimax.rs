//! Plain minimax to a fixed depth, without pruning, tables or quiescence:
//! the reference that set-based search (a table of positions backed up by
//! `GROUP BY`) must agree with, value for value.
//!
//! Conventions, shared with `sql/set_search.sql` and PostgreSQL's
//! `set_next_move`: scores are for White; a leaf at the full depth gets
//! [`evaluate_white`](crate::evaluate_white) (the built-in evaluation
//! plus the network's, as SQL's `evaluate`); a position with no legal
//! move before that is `-(MATE_SCORE - ply)` if White is mated,
//! `MATE_SCORE - ply` if Black is, and 0 if stalemated.
//!
//! ```
//! use sqlchess_core::Position;
//! use sqlchess_search::minimax::{minimax_white, MATE_SCORE};
//! let mate_in_one = Position::from_fen("7k/6pp/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
//! // At depth 1 the mated position is a leaf and gets its static score;
//! // depth 2 sees that Black has no move.
//! assert!(minimax_white(&mate_in_one, 1) < 1000);
//! assert_eq!(minimax_white(&mate_in_one, 2), MATE_SCORE - 1);
//! ```

use sqlchess_core::{Color, Position};

/// The score of a mate at the root; a mate `ply` half-moves deep scores
/// `MATE_SCORE - ply`, so nearer mates score higher.
pub const MATE_SCORE: i32 = 100_000;

/// The minimax value for White of `pos` searched `depth` plies deep.
pub fn minimax_white(pos: &Position, depth: u32) -> i32 {
    minimax_white_at(pos, depth, 0)
}

/// [`minimax_white`] of a position `ply` half-moves below the root, whose
/// mates score relative to the root.
pub fn minimax_white_at(pos: &Position, depth: u32, ply: i32) -> i32 {
    if depth == 0 {
        return crate::chess::evaluate_white(pos);
    }
    let moves = pos.legal_moves();
    let white = pos.turn() == Color::White;
    if moves.is_empty() {
        return match (pos.is_check(), white) {
            (false, _) => 0,
            (true, true) => -(MATE_SCORE - ply),
            (true, false) => MATE_SCORE - ply,
        };
    }
    let values = moves
        .into_iter()
        .map(|m| minimax_white_at(&pos.after(m), depth - 1, ply + 1));
    let best = if white { values.max() } else { values.min() };
    best.unwrap_or(0)
}
