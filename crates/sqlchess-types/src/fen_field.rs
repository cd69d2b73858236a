//! [`FenField`]: the field of a FEN that an error is about, one list for the
//! standard-chess and the fairy parsers.

use core::fmt;

/// A FEN token as a parse error quotes it: at most [`FenField::MAX_TOKEN_CHARS`]
/// characters, then `…`, so that a 100 KB input is not echoed back whole.
///
/// ```
/// let long = "8/".repeat(1000);
/// let quoted = sqlchess_types::FenField::token(&long);
/// assert_eq!(quoted.chars().count(), sqlchess_types::FenField::MAX_TOKEN_CHARS + 1);
/// assert!(quoted.ends_with('…'));
/// assert_eq!(sqlchess_types::FenField::token("8/8"), "8/8");
/// ```
impl FenField {
    /// The longest token quoted whole.
    pub const MAX_TOKEN_CHARS: usize = crate::MAX_QUOTED_CHARS;

    /// `token`, shortened to [`FenField::MAX_TOKEN_CHARS`] characters.
    pub fn token(token: &str) -> String {
        crate::quoted(token)
    }
}

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
