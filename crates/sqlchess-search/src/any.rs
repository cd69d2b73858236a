//! [`AnyPosition`]: a legal position of any variant, the one value the SQL
//! functions of every engine (SQLite, PostgreSQL) work on, and its
//! self-describing binary form.
//!
//! Standard chess and Chess960 use sqlchess-core's fast path; every other
//! variant goes to sqlchess-fairy. Each method is a thin call into those
//! crates, so the embedded engine and the PostgreSQL extension give the same
//! answers and the same bytes.
//!
//! # Packed form ([`AnyPosition::pack`])
//! - Standard chess and Chess960: sqlchess-core's fixed 32 bytes
//!   ([`sqlchess_core::pack`]), which already mark Chess960.
//! - Any other variant: one byte `n` (the length of the variant's lower-case
//!   name, below 128), the name, then sqlchess-fairy's variable-length body
//!   ([`sqlchess_fairy::pack`]). Should that come to exactly 32 bytes, bit 7
//!   of the first byte is set and one zero byte is appended, so that the
//!   length alone tells the two forms apart.
//!
//! ```
//! use sqlchess_search::any::AnyPosition;
//! let start = AnyPosition::from_fen(sqlchess_core::START_FEN, "chess").unwrap();
//! assert_eq!(start.pack().unwrap().len(), 32);
//! let capa = AnyPosition::start("capablanca").unwrap();
//! let bytes = capa.pack().unwrap();
//! let back = AnyPosition::unpack(&bytes).unwrap();
//! assert_eq!((back.variant_name(), back.fen()), ("capablanca", capa.fen()));
//! ```

use sqlchess_core::{pack, CastlingMode, Position};

use crate::fairy::{self, FairyGame};
use crate::Game as _;
use crate::{best_move, BestMove, Limits, SearchError};

/// A legal position of a variant.
#[derive(Debug, Clone)]
pub enum AnyPosition {
    /// Standard chess or Chess960, on the bitboard fast path.
    Chess(Position),
    /// Any other variant, on the generic engine.
    Fairy(Box<sqlchess_fairy::Position>),
}

/// Bytes that [`AnyPosition::pack`] never writes, or a position it cannot
/// write.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PackedError {
    /// The variant's position cannot be packed without loss.
    #[error(transparent)]
    Pack(#[from] sqlchess_fairy::pack::PackError),
    /// 32 bytes that are not a packed standard chess position.
    #[error(transparent)]
    Chess(#[from] pack::UnpackError),
    /// A variant body that does not decode.
    #[error("packed {variant} position: {source}")]
    Fairy {
        /// The variant named in the bytes.
        variant: String,
        /// Why.
        source: sqlchess_fairy::pack::UnpackError,
    },
    /// The bytes end inside the variant name, or the name is not text.
    #[error("packed position is truncated in its variant name")]
    Truncated,
    /// The bytes name a variant no rules crate knows.
    #[error("packed position names unknown variant {0:?}")]
    UnknownVariant(String),
    /// Standard chess always packs to 32 bytes.
    #[error("packed position names {0} but is not 32 bytes")]
    CoreNotFixed(String),
}

/// A move that cannot be played: the rules crate's own error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// Standard chess or Chess960.
    #[error(transparent)]
    Chess(#[from] sqlchess_core::MoveError),
    /// Any other variant.
    #[error(transparent)]
    Fairy(#[from] sqlchess_fairy::MoveError),
}

/// The castling mode of a variant the core plays, `None` for the others.
fn core_mode(variant: &str) -> Option<CastlingMode> {
    match variant {
        "chess" => Some(CastlingMode::Standard),
        "chess960" | "fischerandom" => Some(CastlingMode::Chess960),
        _ => None,
    }
}

impl AnyPosition {
    /// The start position of `variant` (`chess`, `chess960` and
    /// `fischerandom` start from the standard array).
    ///
    /// # Errors
    /// [`SearchError::Variant`] for an unknown variant.
    pub fn start(variant: &str) -> Result<AnyPosition, SearchError> {
        match core_mode(&variant.to_ascii_lowercase()) {
            Some(CastlingMode::Standard) => Ok(AnyPosition::Chess(Position::new())),
            // The standard array, with rights in Chess960 terms.
            Some(mode) => Position::from_fen_with_mode(sqlchess_core::START_FEN, mode)
                .map(AnyPosition::Chess)
                .map_err(|source| SearchError::Fen {
                    fen: sqlchess_core::START_FEN.to_owned(),
                    source,
                }),
            None => Ok(AnyPosition::Fairy(Box::new(
                sqlchess_fairy::Position::start(&builtin(variant)?),
            ))),
        }
    }

    /// Reads `fen` as a position of `variant` (a built-in name; case is
    /// ignored). For `chess`, Chess960 castling rights in the FEN make it a
    /// Chess960 position.
    ///
    /// # Errors
    /// [`SearchError::Variant`] for an unknown variant, [`SearchError::Fen`]
    /// or [`SearchError::FairyFen`] for an invalid FEN.
    pub fn from_fen(fen: &str, variant: &str) -> Result<AnyPosition, SearchError> {
        let lower = variant.to_ascii_lowercase();
        if let Some(mode) = core_mode(&lower) {
            // `chess` reads Chess960 castling rights too (X-FEN rights on a
            // rook off the corner, Shredder-FEN letters), as the FEN says.
            let read = if mode == CastlingMode::Standard {
                Position::from_fen(fen)
            } else {
                Position::from_fen_with_mode(fen, mode)
            };
            return read
                .map(AnyPosition::Chess)
                .map_err(|source| SearchError::Fen {
                    fen: fen.to_owned(),
                    source,
                });
        }
        let v = builtin(&lower)?;
        sqlchess_fairy::Position::from_fen(&v, fen)
            .map(|p| AnyPosition::Fairy(Box::new(p)))
            .map_err(|source| SearchError::FairyFen {
                variant: lower.clone(),
                fen: fen.to_owned(),
                source,
            })
    }

    /// The position as FEN (X-FEN for Chess960).
    pub fn fen(&self) -> String {
        match self {
            AnyPosition::Chess(p) => p.fen(),
            AnyPosition::Fairy(p) => p.fen(),
        }
    }

    /// The variant's lower-case name: `chess`, `chess960` or a fairy name.
    pub fn variant_name(&self) -> &str {
        match self {
            AnyPosition::Chess(p) if p.castling_mode() == CastlingMode::Chess960 => "chess960",
            AnyPosition::Chess(_) => "chess",
            AnyPosition::Fairy(p) => &p.variant().name,
        }
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        match self {
            AnyPosition::Chess(p) => p.is_check(),
            AnyPosition::Fairy(p) => p.is_check(),
        }
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        match self {
            AnyPosition::Chess(p) => p.is_checkmate(),
            AnyPosition::Fairy(p) => p.is_checkmate(),
        }
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        match self {
            AnyPosition::Chess(p) => p.is_stalemate(),
            AnyPosition::Fairy(p) => p.is_stalemate(),
        }
    }

    /// `ongoing`, `checkmate`, `stalemate`, and for chess also
    /// `insufficient_material` and `fifty_moves`.
    pub fn status_name(&self) -> &'static str {
        match self {
            AnyPosition::Chess(p) => p.status().name(),
            AnyPosition::Fairy(p) => match p.status() {
                sqlchess_fairy::GameStatus::Ongoing => "ongoing",
                sqlchess_fairy::GameStatus::Checkmate(_) => "checkmate",
                sqlchess_fairy::GameStatus::Stalemate(_) => "stalemate",
            },
        }
    }

    /// Leaf nodes of the legal move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        match self {
            AnyPosition::Chess(p) => sqlchess_core::perft::perft(p, depth),
            AnyPosition::Fairy(p) => sqlchess_fairy::perft(p, depth),
        }
    }

    /// The Zobrist hash: sqlchess-core's keys for chess, the search's keys
    /// for fairy variants (clocks excluded in both).
    pub fn zobrist(&self) -> u64 {
        match self {
            AnyPosition::Chess(p) => p.zobrist(),
            AnyPosition::Fairy(p) => FairyGame::from_position((**p).clone()).hash(),
        }
    }

    /// The position after a legal move given in UCI or SAN.
    ///
    /// # Errors
    /// [`PlayError`] naming why the text is no legal move here.
    pub fn play(&self, text: &str) -> Result<AnyPosition, PlayError> {
        match self {
            AnyPosition::Chess(p) => Ok(AnyPosition::Chess(p.after(p.parse_move(text)?))),
            AnyPosition::Fairy(p) => {
                let text = text.trim();
                let mv = p
                    .parse_uci(text)
                    .or_else(|uci_err| p.parse_san(text).map_err(|_| uci_err))?;
                Ok(AnyPosition::Fairy(Box::new(p.play(mv))))
            }
        }
    }

    /// The positions after each legal move, in move-generation order.
    pub fn successors(&self) -> Vec<AnyPosition> {
        match self {
            AnyPosition::Chess(p) => p
                .legal_moves()
                .into_iter()
                .map(|m| AnyPosition::Chess(p.after(m)))
                .collect(),
            AnyPosition::Fairy(p) => p
                .legal_moves()
                .into_iter()
                .map(|m| AnyPosition::Fairy(Box::new(p.play(m))))
                .collect(),
        }
    }

    /// `true` if White is to move.
    pub fn white_to_move(&self) -> bool {
        match self {
            AnyPosition::Chess(p) => p.turn() == sqlchess_core::Color::White,
            AnyPosition::Fairy(p) => p.white_to_move(),
        }
    }

    /// The same position with the half-move clock at 0 and the move number
    /// at 1: the key under which set-based search merges transpositions.
    pub fn without_clocks(&self) -> AnyPosition {
        let fen = self.fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        let keep = fields.len().saturating_sub(2).max(1);
        let text = format!("{} 0 1", fields[..keep].join(" "));
        // Re-reading the position's own FEN with other clocks cannot fail;
        // should it ever, the position with its clocks is still correct.
        match self {
            AnyPosition::Chess(p) => Position::from_fen_with_mode(&text, p.castling_mode())
                .map(AnyPosition::Chess)
                .unwrap_or_else(|_| self.clone()),
            AnyPosition::Fairy(p) => sqlchess_fairy::Position::from_fen(p.variant(), &text)
                .map(|q| AnyPosition::Fairy(Box::new(q)))
                .unwrap_or_else(|_| self.clone()),
        }
    }

    /// The static evaluation in centipawns, positive when White is better:
    /// material and piece-square tables for chess, mobility-derived piece
    /// values for fairy variants.
    pub fn evaluate_white(&self) -> i32 {
        match self {
            AnyPosition::Chess(p) => crate::eval::evaluate_white(p),
            AnyPosition::Fairy(p) => FairyGame::from_position((**p).clone()).evaluate_white(),
        }
    }

    /// Searches within `limits` with a fresh transposition table (equal
    /// inputs give equal answers at a fixed depth).
    pub fn next_move(&self, limits: &Limits) -> BestMove {
        match self {
            AnyPosition::Chess(p) => best_move(p, limits),
            // Through FEN, so that the half-move clock counts toward the
            // 50-move rule as it does for chess.
            AnyPosition::Fairy(p) => {
                let game = FairyGame::from_fen(p.variant(), &p.fen())
                    .unwrap_or_else(|_| FairyGame::from_position((**p).clone()));
                best_move(&game, limits)
            }
        }
    }

    /// The packed bytes (see the module documentation).
    ///
    /// # Errors
    /// [`PackedError::Pack`] if a fairy position cannot be packed exactly
    /// (a variant of more than 64 piece kinds, or castling and holdings text
    /// over 127 bytes).
    pub fn pack(&self) -> Result<Vec<u8>, PackedError> {
        match self {
            AnyPosition::Chess(p) => Ok(pack::pack(p).to_vec()),
            AnyPosition::Fairy(p) => pack_fairy(p),
        }
    }

    /// Reads [`AnyPosition::pack`]'s bytes back.
    ///
    /// # Errors
    /// A [`PackedError`] naming what is wrong with the bytes.
    pub fn unpack(bytes: &[u8]) -> Result<AnyPosition, PackedError> {
        match split_packed(bytes)? {
            Packed::Chess(p) => Ok(AnyPosition::Chess(p)),
            Packed::Fairy { variant, body } => {
                let v = fairy::variant(variant)
                    .map_err(|_| PackedError::UnknownVariant(variant.to_owned()))?;
                sqlchess_fairy::pack::unpack(&v, body)
                    .map(|p| AnyPosition::Fairy(Box::new(p)))
                    .map_err(|source| PackedError::Fairy {
                        variant: variant.to_owned(),
                        source,
                    })
            }
        }
    }
}

/// The packed form of a fairy position: its variant's name, then
/// sqlchess-fairy's body (see the module documentation).
///
/// # Errors
/// [`PackedError::Pack`] if the body cannot be written exactly,
/// [`PackedError::UnknownVariant`] for a name of 128 bytes or more.
pub fn pack_fairy(pos: &sqlchess_fairy::Position) -> Result<Vec<u8>, PackedError> {
    let name = pos.variant().name.to_ascii_lowercase();
    let body = sqlchess_fairy::pack::pack(pos)?;
    let len = u8::try_from(name.len())
        .ok()
        .filter(|&n| n < 0x80)
        .ok_or_else(|| PackedError::UnknownVariant(name.clone()))?;
    let mut out = Vec::with_capacity(2 + name.len() + body.len());
    out.push(len);
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(&body);
    if out.len() == pack::PACKED_LEN {
        out[0] |= 0x80;
        out.push(0);
    }
    Ok(out)
}

/// Packed bytes taken apart: a standard chess position, or a fairy
/// variant's name and body, for a caller that keeps its own variants (the
/// PostgreSQL extension caches them per backend).
#[derive(Debug, Clone)]
pub enum Packed<'a> {
    /// Standard chess or Chess960, already decoded.
    Chess(Position),
    /// A fairy variant's body, to decode with [`sqlchess_fairy::pack::unpack`].
    Fairy {
        /// The variant's lower-case name.
        variant: &'a str,
        /// The sqlchess-fairy codec's bytes.
        body: &'a [u8],
    },
}

/// Splits [`AnyPosition::pack`]'s bytes into the variant and its body.
///
/// # Errors
/// [`PackedError::Chess`] for 32 bytes that are no chess position,
/// [`PackedError::Truncated`] or [`PackedError::CoreNotFixed`] otherwise.
pub fn split_packed(bytes: &[u8]) -> Result<Packed<'_>, PackedError> {
    if bytes.len() == pack::PACKED_LEN {
        return Ok(Packed::Chess(pack::unpack(bytes)?));
    }
    let (&head, rest) = bytes.split_first().ok_or(PackedError::Truncated)?;
    let len = usize::from(head & 0x7f);
    if rest.len() < len {
        return Err(PackedError::Truncated);
    }
    let (name, mut body) = rest.split_at(len);
    if head & 0x80 != 0 {
        body = body
            .split_last()
            .map(|(_, b)| b)
            .ok_or(PackedError::Truncated)?;
    }
    let variant = std::str::from_utf8(name).map_err(|_| PackedError::Truncated)?;
    if core_mode(variant).is_some() {
        return Err(PackedError::CoreNotFixed(variant.to_owned()));
    }
    Ok(Packed::Fairy { variant, body })
}

fn builtin(name: &str) -> Result<sqlchess_fairy::Variant, SearchError> {
    fairy::variant(name).map_err(|source| SearchError::Variant {
        name: name.to_owned(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_start_position_round_trips() {
        for name in fairy::variant_names() {
            let pos = AnyPosition::start(name).unwrap();
            let bytes = pos.pack().unwrap();
            let core = matches!(pos, AnyPosition::Chess(_));
            assert_eq!(bytes.len() == 32, core, "{name}");
            let back = AnyPosition::unpack(&bytes).unwrap();
            assert_eq!(back.fen(), pos.fen(), "{name}");
            assert_eq!(back.variant_name(), pos.variant_name(), "{name}");
        }
    }

    #[test]
    fn bad_bytes_are_typed_errors() {
        assert_eq!(
            AnyPosition::unpack(&[]).unwrap_err(),
            PackedError::Truncated
        );
        assert_eq!(
            AnyPosition::unpack(&[9, b'x']).unwrap_err(),
            PackedError::Truncated
        );
        assert_eq!(
            AnyPosition::unpack(b"\x05chess").unwrap_err(),
            PackedError::CoreNotFixed("chess".into())
        );
        assert_eq!(
            AnyPosition::unpack(b"\x03abc\x00").unwrap_err(),
            PackedError::UnknownVariant("abc".into())
        );
        assert!(matches!(
            AnyPosition::unpack(&[0xff; 32]).unwrap_err(),
            PackedError::Chess(_)
        ));
    }

    #[test]
    fn without_clocks_and_side() {
        let p = AnyPosition::from_fen(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 3 7",
            "chess",
        )
        .unwrap();
        assert!(!p.white_to_move());
        assert!(p.without_clocks().fen().ends_with(" b KQkq - 0 1"));
        assert!(matches!(
            AnyPosition::from_fen("8/8/8/8/8/8/8/8 w - - 0 1", "chess"),
            Err(SearchError::Fen { .. })
        ));
        assert!(matches!(
            AnyPosition::from_fen("x", "nosuch"),
            Err(SearchError::Variant { .. })
        ));
    }
}
