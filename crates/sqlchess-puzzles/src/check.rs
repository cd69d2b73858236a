//! Independent checkers for answers: they use sqlchess-fairy's own move
//! generation ([`PieceDef::attacks`], [`PieceDef::geometry`]), not the
//! solvers' compiled tables.

use std::collections::HashSet;

use sqlchess_fairy::{FairySquare, PieceDef};

use crate::BoardSize;

/// Why an answer is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CheckError {
    /// A square is not on the board.
    #[error("square `{0}` is off the board")]
    OffBoard(FairySquare),
    /// A square appears twice.
    #[error("square `{0}` appears twice")]
    Repeated(FairySquare),
    /// One piece attacks another.
    #[error("the piece on `{attacker}` attacks the piece on `{victim}`")]
    Attack {
        /// The attacking square.
        attacker: FairySquare,
        /// The attacked square.
        victim: FairySquare,
    },
    /// A tour steps on a hole.
    #[error("step {step} lands on the hole `{square}`")]
    Hole {
        /// 0-based step number.
        step: usize,
        /// The hole.
        square: FairySquare,
    },
    /// A tour step is not a move of the piece.
    #[error("step {step} from `{from}` to `{to}` is not a move of the piece")]
    NotAMove {
        /// 0-based step number of the arrival.
        step: usize,
        /// Departure.
        from: FairySquare,
        /// Arrival.
        to: FairySquare,
    },
    /// A tour misses squares.
    #[error("the tour visits {visited} squares of {expected}")]
    Length {
        /// Squares visited.
        visited: usize,
        /// Squares to visit.
        expected: usize,
    },
}

/// Checks that `squares` are distinct squares of `board` and that no piece
/// on them attacks another (all pieces White, as the solver places them).
///
/// # Errors
/// The first fault found.
pub fn check_placement(
    piece: &PieceDef,
    board: BoardSize,
    squares: &[FairySquare],
) -> Result<(), CheckError> {
    let mut seen = HashSet::new();
    for &s in squares {
        if !board.contains(s) {
            return Err(CheckError::OffBoard(s));
        }
        if !seen.insert(s) {
            return Err(CheckError::Repeated(s));
        }
    }
    for &a in squares {
        for v in piece.attacks(a, board.width(), board.height(), squares) {
            if v != a && seen.contains(&v) {
                return Err(CheckError::Attack {
                    attacker: a,
                    victim: v,
                });
            }
        }
    }
    Ok(())
}

/// Checks a tour step by step: every step a move of the piece on the empty
/// board, no square twice, no hole, every other square visited, and back
/// to the start when `closed`.
///
/// # Errors
/// The first fault found.
pub fn check_tour(
    piece: &PieceDef,
    board: BoardSize,
    holes: &[FairySquare],
    closed: bool,
    tour: &[FairySquare],
) -> Result<(), CheckError> {
    let moves: HashSet<(FairySquare, FairySquare)> = piece
        .geometry(board.width(), board.height())
        .into_iter()
        .map(|m| (m.from, m.to))
        .collect();
    let mut seen = HashSet::new();
    for (step, &s) in tour.iter().enumerate() {
        if !board.contains(s) {
            return Err(CheckError::OffBoard(s));
        }
        if holes.contains(&s) {
            return Err(CheckError::Hole { step, square: s });
        }
        if !seen.insert(s) {
            return Err(CheckError::Repeated(s));
        }
        if step > 0 && !moves.contains(&(tour[step - 1], s)) {
            return Err(CheckError::NotAMove {
                step,
                from: tour[step - 1],
                to: s,
            });
        }
    }
    let holes_on: HashSet<&FairySquare> = holes.iter().filter(|h| board.contains(**h)).collect();
    let expected = board.squares() - holes_on.len();
    if tour.len() != expected {
        return Err(CheckError::Length {
            visited: tour.len(),
            expected,
        });
    }
    if closed && tour.len() > 1 {
        let (last, first) = (tour[tour.len() - 1], tour[0]);
        if !moves.contains(&(last, first)) {
            return Err(CheckError::NotAMove {
                step: tour.len(),
                from: last,
                to: first,
            });
        }
    }
    Ok(())
}
