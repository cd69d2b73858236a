//! Moves of standard chess (and Chess960).

use core::fmt;

use crate::{Color, File, Role, Square};

/// A side of the board to castle to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file: the king ends on g, the rook on f. `O-O`.
    KingSide = 0,
    /// Towards the a-file: the king ends on c, the rook on d. `O-O-O`.
    QueenSide = 1,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The file the king lands on: g or c.
    #[inline]
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook lands on: f or d.
    #[inline]
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// The square the king lands on for `color`.
    #[inline]
    pub const fn king_to(self, color: Color) -> Square {
        Square::from_coords(self.king_to_file(), crate::Rank::First.relative_to(color))
    }

    /// The square the rook lands on for `color`.
    #[inline]
    pub const fn rook_to(self, color: Color) -> Square {
        Square::from_coords(self.rook_to_file(), crate::Rank::First.relative_to(color))
    }
}

/// A move, describing itself fully enough to print SAN without the position.
///
/// Castling is stored as the king taking its own rook (`king`, `rook`), which
/// covers Chess960; [`Move::to`] is the king's destination square only in the
/// UCI sense chosen by the caller (see [`Move::uci_to`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Any move but en passant and castling.
    Normal {
        /// The moving piece.
        role: Role,
        /// Where it starts.
        from: Square,
        /// The captured piece, if any.
        capture: Option<Role>,
        /// Where it ends.
        to: Square,
        /// What a pawn becomes on the last rank.
        promotion: Option<Role>,
    },
    /// A pawn capturing en passant.
    EnPassant {
        /// The capturing pawn's square.
        from: Square,
        /// The (empty) square it moves to.
        to: Square,
    },
    /// Castling, as the king taking its own rook.
    Castle {
        /// The king's square.
        king: Square,
        /// The rook's square.
        rook: Square,
    },
}

impl Move {
    /// The moving piece's role (the king for castling).
    #[inline]
    pub const fn role(self) -> Role {
        match self {
            Move::Normal { role, .. } => role,
            Move::EnPassant { .. } => Role::Pawn,
            Move::Castle { .. } => Role::King,
        }
    }

    /// The square the move starts from (the king's for castling).
    #[inline]
    pub const fn from(self) -> Square {
        match self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// The target square: for castling, the rook's square.
    #[inline]
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { rook, .. } => rook,
        }
    }

    /// The captured role, if any (a pawn for en passant).
    #[inline]
    pub const fn capture(self) -> Option<Role> {
        match self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            Move::Castle { .. } => None,
        }
    }

    /// `true` for captures, en passant included.
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.capture().is_some()
    }

    /// The promotion role, if any.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    /// `true` for castling.
    #[inline]
    pub const fn is_castle(self) -> bool {
        matches!(self, Move::Castle { .. })
    }

    /// The side castled to, if castling.
    #[inline]
    pub const fn castling_side(self) -> Option<CastlingSide> {
        match self {
            Move::Castle { king, rook } => Some(if (rook as u8) > (king as u8) {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            }),
            _ => None,
        }
    }

    /// The destination square as UCI writes it: for castling the king's
    /// landing square in standard chess (`chess960 == false`, e.g. `e1g1`),
    /// the rook's square in Chess960 (`e1h1`).
    #[inline]
    pub fn uci_to(self, chess960: bool) -> Square {
        match self {
            Move::Castle { king, .. } if !chess960 => {
                let side = self.castling_side().unwrap_or(CastlingSide::KingSide);
                Square::from_coords(side.king_to_file(), king.rank())
            }
            _ => self.to(),
        }
    }

    /// The move in UCI notation (`e2e4`, `e7e8q`, `e1g1`; castling as `e1h1` when `chess960`).
    pub fn to_uci(self, chess960: bool) -> UciMove {
        UciMove {
            from: self.from(),
            to: self.uci_to(chess960),
            promotion: self.promotion(),
        }
    }
}

/// A move in UCI's coordinate notation, not yet checked against a position.
///
/// ```
/// use sqlchess_types::{Role, Square, UciMove};
/// let m: UciMove = "e7e8q".parse().unwrap();
/// assert_eq!(m, UciMove { from: Square::E7, to: Square::E8, promotion: Some(Role::Queen) });
/// assert_eq!(m.to_string(), "e7e8q");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UciMove {
    /// Origin square.
    pub from: Square,
    /// Destination square (for castling: the king's landing square, or the rook's in Chess960).
    pub to: Square,
    /// Promotion role.
    pub promotion: Option<Role>,
}

/// Text that is not a UCI move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseUciMoveError {
    /// The rejected text.
    pub text: String,
}

impl fmt::Display for ParseUciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid uci move {:?}: expected from and to squares and an optional promotion letter, like e2e4 or e7e8q",
            self.text
        )
    }
}

impl std::error::Error for ParseUciMoveError {}

impl core::str::FromStr for UciMove {
    type Err = ParseUciMoveError;
    fn from_str(s: &str) -> Result<UciMove, ParseUciMoveError> {
        let err = || ParseUciMoveError { text: s.to_owned() };
        let b = s.as_bytes();
        if !(b.len() == 4 || b.len() == 5) {
            return Err(err());
        }
        let from = Square::from_ascii(&b[0..2]).map_err(|_| err())?;
        let to = Square::from_ascii(&b[2..4]).map_err(|_| err())?;
        let promotion = match b.get(4) {
            None => None,
            Some(&c) => match Role::from_char(c as char) {
                Some(r) if r != Role::Pawn && c.is_ascii_lowercase() => Some(r),
                _ => return Err(err()),
            },
        };
        Ok(UciMove {
            from,
            to,
            promotion,
        })
    }
}

impl UciMove {
    /// The move's text (`e2e4`, `e7e8q`) in a buffer of ASCII bytes, and its
    /// length: what [`fmt::Display`] writes, without the formatting
    /// machinery (a reader writes one per ply).
    pub fn ascii(&self) -> ([u8; 5], usize) {
        let mut out = [
            self.from.file().char() as u8,
            self.from.rank().char() as u8,
            self.to.file().char() as u8,
            self.to.rank().char() as u8,
            0,
        ];
        match self.promotion {
            Some(p) => {
                out[4] = p.char() as u8;
                (out, 5)
            }
            None => (out, 4),
        }
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (bytes, n) = self.ascii();
        // Every byte is an ASCII letter or digit.
        f.write_str(std::str::from_utf8(&bytes[..n]).map_err(|_| fmt::Error)?)
    }
}
