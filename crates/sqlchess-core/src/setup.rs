//! An unvalidated position: what a FEN says, before the rules check it.

use sqlchess_types::{Bitboard, Color, Rank, Square};

use crate::Board;

/// A position as written down, possibly illegal.
///
/// Parse one from FEN with [`str::parse`], then turn it into a playable
/// [`Position`](crate::Position) with [`Position::from_setup`](crate::Position::from_setup),
/// which checks every rule.
///
/// ```
/// use sqlchess_core::Setup;
/// let setup: Setup = "8/8/8/8/8/8/8/K6k w - - 0 1".parse().unwrap();
/// assert_eq!(setup.board.occupied().count(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Piece placement.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The rooks that may still castle, as their squares (this covers Chess960).
    pub castling_rights: Bitboard,
    /// The square a pawn skipped with a double step on the last move, if the FEN gives one.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move (the 50-move rule counter).
    pub halfmoves: u32,
    /// The move number, starting at 1 and incremented after Black's move.
    pub fullmoves: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::initial()
    }
}

impl Setup {
    /// The standard starting position.
    pub const fn initial() -> Setup {
        Setup {
            board: Board::new(),
            turn: Color::White,
            castling_rights: Bitboard::CORNERS,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// An empty board, White to move.
    pub const fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::White,
            castling_rights: Bitboard::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The castling rights of `color`: rook squares on its back rank.
    pub fn castling_rights_of(&self, color: Color) -> Bitboard {
        self.castling_rights & Bitboard::from_rank(Rank::First.relative_to(color))
    }
}
