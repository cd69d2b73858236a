//! [`FenField`]: the field of a FEN that an error is about, one list for the
//! standard-chess and the fairy parsers.

use core::fmt;

/// The FEN field a parse error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenField {
    /// Piece placement, e.g. `rnbqkbnr/pppppppp/8/…`, with any pocket.
    Placement,
    /// Side to move, `w` or `b`.
    Turn,
    /// Castling rights, e.g. `KQkq`, `-`, `HAha`.
    Castling,
    /// En-passant square, e.g. `e3` or `-`.
    EnPassant,
    /// Half-move clock.
    Halfmoves,
    /// Full-move number.
    Fullmoves,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "placement",
            FenField::Turn => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::Halfmoves => "halfmove clock",
            FenField::Fullmoves => "fullmove number",
        })
    }
}
