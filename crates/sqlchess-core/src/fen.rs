//! Forsyth–Edwards Notation, with X-FEN and Shredder-FEN castling for Chess960.

use core::fmt;
use core::str::FromStr;

use sqlchess_types::{Bitboard, Color, File, Piece, Rank, Role, Square};

use crate::{Board, Setup};

pub use sqlchess_types::FenField;

/// A FEN that cannot be read, with the field at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseFenError {
    /// The text has no fields at all.
    #[error("fen is empty")]
    Empty,
    /// A field is malformed.
    #[error("fen field `{field}` invalid: {token:?}: {reason}")]
    Field {
        /// Which field.
        field: FenField,
        /// The offending text.
        token: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A required field is missing.
    #[error("fen field `{field}` missing")]
    Missing {
        /// The first missing field.
        field: FenField,
    },
    /// Text after the last field.
    #[error("fen has unexpected text after the fullmove number: {token:?}")]
    TrailingText {
        /// The extra text.
        token: String,
    },
}

fn field_err(field: FenField, token: &str, reason: &'static str) -> ParseFenError {
    ParseFenError::Field {
        field,
        token: FenField::token(token),
        reason,
    }
}

/// Parses the placement field.
pub fn parse_board(text: &str) -> Result<Board, ParseFenError> {
    let err = |reason| field_err(FenField::Placement, text, reason);
    let mut board = Board::empty();
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(err("expected 8 ranks separated by '/'"));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u32;
        let mut file = 0u32;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(err("empty-square count 0"));
                }
                file += d;
            } else if let Some(piece) = Piece::from_char(c) {
                if file >= 8 {
                    return Err(err("a rank has more than 8 squares"));
                }
                board.set_piece_at(Square::new(rank * 8 + file), piece);
                file += 1;
            } else {
                return Err(err("unknown piece letter"));
            }
            if file > 8 {
                return Err(err("a rank has more than 8 squares"));
            }
        }
        if file != 8 {
            return Err(err("a rank has fewer than 8 squares"));
        }
    }
    Ok(board)
}

fn parse_castling(text: &str, board: &Board) -> Result<Bitboard, ParseFenError> {
    let mut rights = Bitboard::EMPTY;
    if text == "-" {
        return Ok(rights);
    }
    if text.is_empty() || text.len() > 4 {
        return Err(field_err(
            FenField::Castling,
            text,
            "expected '-' or up to four of KQkq or rook files",
        ));
    }
    for c in text.chars() {
        let color = Color::from_white(c.is_ascii_uppercase());
        let back = Rank::First.relative_to(color);
        let our_rooks = board.rooks() & board.by_color(color) & Bitboard::from_rank(back);
        let king = (board.kings() & board.by_color(color) & Bitboard::from_rank(back)).first();
        let rook = match c.to_ascii_lowercase() {
            'k' => {
                // X-FEN: the outermost rook on the king's h-side.
                let king = king.ok_or_else(|| {
                    field_err(
                        FenField::Castling,
                        text,
                        "castling right without a king on the back rank",
                    )
                })?;
                our_rooks.into_iter().rfind(|r| r.file() > king.file())
            }
            'q' => {
                let king = king.ok_or_else(|| {
                    field_err(
                        FenField::Castling,
                        text,
                        "castling right without a king on the back rank",
                    )
                })?;
                our_rooks.into_iter().find(|r| r.file() < king.file())
            }
            f @ 'a'..='h' => {
                let file = File::from_char(f).unwrap_or(File::A);
                Some(Square::from_coords(file, back))
            }
            _ => {
                return Err(field_err(
                    FenField::Castling,
                    text,
                    "unknown castling letter",
                ))
            }
        };
        match rook {
            Some(sq) if !rights.contains(sq) => rights.add(sq),
            Some(_) => {
                return Err(field_err(
                    FenField::Castling,
                    text,
                    "a castling right is repeated",
                ))
            }
            None => {
                return Err(field_err(
                    FenField::Castling,
                    text,
                    "no rook for this castling right",
                ))
            }
        }
    }
    Ok(rights)
}

impl FromStr for Setup {
    type Err = ParseFenError;

    /// Parses a FEN. The two clock fields may be left out (they default to `0 1`).
    fn from_str(fen: &str) -> Result<Setup, ParseFenError> {
        let mut fields = fen.split_ascii_whitespace();
        let placement = fields.next().ok_or(ParseFenError::Empty)?;
        let board = parse_board(placement)?;
        let turn_text = fields.next().ok_or(ParseFenError::Missing {
            field: FenField::Turn,
        })?;
        let turn = match turn_text {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(field_err(FenField::Turn, turn_text, "expected 'w' or 'b'")),
        };
        let castling_text = fields.next().ok_or(ParseFenError::Missing {
            field: FenField::Castling,
        })?;
        let castling_rights = parse_castling(castling_text, &board)?;
        let ep_text = fields.next().ok_or(ParseFenError::Missing {
            field: FenField::EnPassant,
        })?;
        let ep_square = match ep_text {
            "-" => None,
            _ => Some(ep_text.parse::<Square>().map_err(|_| {
                field_err(FenField::EnPassant, ep_text, "expected '-' or a square")
            })?),
        };
        let parse_num = |field, text: Option<&str>, default: u32| match text {
            None => Ok(default),
            Some(t) => t
                .parse::<u32>()
                .map_err(|_| field_err(field, t, "expected a non-negative number")),
        };
        let halfmoves = parse_num(FenField::Halfmoves, fields.next(), 0)?;
        let fullmoves_text = fields.next();
        let fullmoves = parse_num(FenField::Fullmoves, fullmoves_text, 1)?;
        if fullmoves == 0 {
            return Err(field_err(
                FenField::Fullmoves,
                fullmoves_text.unwrap_or("0"),
                "the move number starts at 1",
            ));
        }
        if let Some(extra) = fields.next() {
            return Err(ParseFenError::TrailingText {
                token: FenField::token(extra),
            });
        }
        Ok(Setup {
            board,
            turn,
            castling_rights,
            ep_square,
            halfmoves,
            fullmoves,
        })
    }
}

/// Writes the placement field.
pub fn write_board(board: &Board, f: &mut impl fmt::Write) -> fmt::Result {
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board.piece_at(Square::new(rank * 8 + file)) {
                Some(p) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    f.write_char(p.char())?;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
        if rank > 0 {
            f.write_char('/')?;
        }
    }
    Ok(())
}

/// Writes the castling field: `KQkq` letters where the rook is the
/// outermost on its side (X-FEN), the rook's file letter otherwise.
pub fn write_castling(board: &Board, rights: Bitboard, f: &mut impl fmt::Write) -> fmt::Result {
    if rights.is_empty() {
        return f.write_char('-');
    }
    for color in Color::ALL {
        let back = Bitboard::from_rank(Rank::First.relative_to(color));
        let king = (board.kings() & board.by_color(color) & back).first();
        let rooks = board.rooks() & board.by_color(color) & back;
        let mine = rights & back;
        // King side first, then queen side, as FEN orders them.
        for sq in mine.into_iter().rev() {
            let outermost = match king {
                Some(k) if sq.file() > k.file() => {
                    rooks.into_iter().rfind(|r| r.file() > k.file()) == Some(sq)
                }
                Some(k) => rooks.into_iter().find(|r| r.file() < k.file()) == Some(sq),
                None => false,
            };
            let c = if outermost {
                match king {
                    Some(k) if sq.file() > k.file() => 'k',
                    _ => 'q',
                }
            } else {
                sq.file().char()
            };
            f.write_char(if color.is_white() {
                c.to_ascii_uppercase()
            } else {
                c
            })?;
        }
    }
    Ok(())
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(&self.board, f)?;
        write!(f, " {} ", self.turn.char())?;
        write_castling(&self.board, self.castling_rights, f)?;
        match self.ep_square {
            Some(sq) => write!(f, " {sq}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", self.halfmoves, self.fullmoves)
    }
}

/// Role letters used in FEN for a role of a colour (re-exported for convenience).
pub fn piece_char(color: Color, role: Role) -> char {
    Piece { color, role }.char()
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn start_round_trip() {
        let setup: Setup = START.parse().unwrap();
        assert_eq!(setup, Setup::initial());
        assert_eq!(setup.to_string(), START);
    }

    #[test]
    fn shredder_and_xfen() {
        let setup: Setup = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
            .parse()
            .unwrap();
        assert_eq!(setup.castling_rights, Bitboard::CORNERS);
        assert_eq!(setup.to_string(), START);
        let inner: Setup = "1r2k1r1/8/8/8/8/8/8/RR2K2R w BHg - 0 1".parse().unwrap();
        assert_eq!(inner.to_string(), "1r2k1r1/8/8/8/8/8/8/RR2K2R w KBk - 0 1");
    }

    #[test]
    fn each_field_error_names_its_field() {
        let field_of = |fen: &str| match fen.parse::<Setup>() {
            Err(ParseFenError::Field { field, .. }) => Some(field),
            Err(ParseFenError::Missing { field }) => Some(field),
            _ => None,
        };
        assert_eq!(
            field_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"),
            Some(FenField::Placement)
        );
        assert_eq!(
            field_of("rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            Some(FenField::Placement)
        );
        assert_eq!(
            field_of("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            Some(FenField::Placement)
        );
        assert_eq!(
            field_of("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            Some(FenField::Placement)
        );
        assert_eq!(field_of(&START.replace(" w ", " x ")), Some(FenField::Turn));
        assert_eq!(
            field_of(&START.replace("KQkq", "KQkx")),
            Some(FenField::Castling)
        );
        assert_eq!(
            field_of(&START.replace(" - ", " e9 ")),
            Some(FenField::EnPassant)
        );
        assert_eq!(
            field_of(&START.replace(" 0 1", " -1 1")),
            Some(FenField::Halfmoves)
        );
        assert_eq!(
            field_of(&START.replace(" 0 1", " 0 0")),
            Some(FenField::Fullmoves)
        );
        assert_eq!(
            field_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
            Some(FenField::Turn)
        );
        assert!(matches!(
            format!("{START} extra").parse::<Setup>(),
            Err(ParseFenError::TrailingText { .. })
        ));
        assert_eq!("".parse::<Setup>(), Err(ParseFenError::Empty));
    }

    #[test]
    fn error_message_names_field_and_token() {
        let err = START.replace(" w ", " x ").parse::<Setup>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "fen field `side to move` invalid: \"x\": expected 'w' or 'b'"
        );
    }
}
