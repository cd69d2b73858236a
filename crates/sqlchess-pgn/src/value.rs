//! [`GameValue`]: a game as compact bytes — its variant, its start position
//! when it is not the variant's start, the result, one byte a move (the
//! move's index among the legal moves in generation order; two bytes where
//! a position has more than 256), and the annotations the reader keeps
//! (comments, NAGs, clocks, evaluations). What the `games` relation stores
//! and every game function reads.
//!
//! Layout (version 1):
//! - byte 0: the version, `1`;
//! - byte 1: flags — bit 0 a start position follows, bit 1 annotations
//!   follow;
//! - one byte `n` and the variant's lower-case name (`n = 0` for chess);
//! - with bit 0: a varint length and the start position packed
//!   ([`sqlchess_rules::Position::pack`]);
//! - one byte for the result: 0 `*`, 1 `1-0`, 2 `0-1`, 3 `1/2-1/2`;
//! - a varint ply count, then each move: its index, one byte when the
//!   position has at most 256 legal moves, else two (little-endian); the
//!   index equal to the number of legal moves is a null move (`--`);
//! - with bit 1: a varint count of annotations, each a varint ply (0: before
//!   the first move; `i`: after move `i`), a kind byte and its payload —
//!   1 comment (varint length, UTF-8), 2 NAGs (count, bytes), 3 clock
//!   (varint centiseconds), 4 evaluation in centipawns (zigzag varint),
//!   5 mate in N (zigzag varint).
//!
//! ```
//! use sqlchess_pgn::GameValue;
//! use sqlchess_rules::{Position, Variant};
//! let start = Position::start(&Variant::chess());
//! let mut moves = Vec::new();
//! let mut pos = start.clone();
//! for san in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
//!     let mv = pos.parse_move(san).unwrap();
//!     moves.push(Some(mv));
//!     pos = pos.play_unchecked(mv);
//! }
//! let value = GameValue::encode(&start, &moves, &[], "*").unwrap();
//! assert_eq!(value.len(), 3 + 1 + 1 + 5); // header, result, count, a byte a move
//! let game = GameValue::decode(&value).unwrap();
//! assert_eq!(game.ply_count(), 5);
//! assert_eq!(game.position_at(5).unwrap().fen(), pos.fen());
//! ```

use sqlchess_rules::{Error as RulesError, Move, Position, Variant};
use sqlchess_types::varint;

/// One annotation of a game value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Annotation {
    /// A comment's text (clock and eval commands removed).
    Comment(String),
    /// Numeric annotation glyphs.
    Nags(Vec<u8>),
    /// The mover's remaining clock, in centiseconds.
    Clock(u32),
    /// An evaluation in centipawns, White's point of view.
    Centipawns(i32),
    /// Mate in N moves, negative when Black mates.
    Mate(i32),
}

/// Bytes that are not a game value, or a game that cannot be stored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameValueError {
    /// The bytes end early or hold a value the encoder never writes.
    #[error("game value is invalid: {0}")]
    Invalid(&'static str),
    /// The variant or start position cannot be read.
    #[error("game value: {0}")]
    Rules(#[from] RulesError),
    /// A move index past the legal moves of its position.
    #[error("game value: move {ply} is not a legal move index")]
    IllegalIndex {
        /// The 1-based ply.
        ply: usize,
    },
    /// A move that is not legal where the encoder was asked to store it.
    #[error("game value: move {ply} is not legal in its position")]
    NotLegal {
        /// The 1-based ply.
        ply: usize,
    },
    /// An annotation refers to a ply past the end of the game.
    #[error("game value: annotation after ply {ply} of a {plies}-ply game")]
    AnnotationPly {
        /// The ply named.
        ply: usize,
        /// The game's length.
        plies: usize,
    },
}

/// The compact game value (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameValue {
    /// The start position.
    pub start: Position,
    /// The moves; `None` is a null move.
    pub moves: Vec<Option<Move>>,
    /// `(ply, annotation)` pairs in order.
    pub annotations: Vec<(usize, Annotation)>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
}

const RESULTS: [&str; 4] = ["*", "1-0", "0-1", "1/2-1/2"];

fn zigzag(v: i32) -> u64 {
    u64::from(((v << 1) ^ (v >> 31)) as u32)
}

fn unzigzag(v: u64) -> i32 {
    let v = v as u32;
    ((v >> 1) as i32) ^ -((v & 1) as i32)
}

fn read(bytes: &[u8], at: &mut usize, bits: u32) -> Result<u64, GameValueError> {
    varint::read(bytes, at, bits).map_err(|_| GameValueError::Invalid("varint"))
}

fn byte(bytes: &[u8], at: &mut usize) -> Result<u8, GameValueError> {
    let b = *bytes.get(*at).ok_or(GameValueError::Invalid("truncated"))?;
    *at += 1;
    Ok(b)
}

impl GameValue {
    /// Encodes a game: `start`, then `moves` played in order (each legal
    /// where it is played; `None` a null move), `annotations` by ply, and
    /// the result text (anything but `1-0`, `0-1`, `1/2-1/2` is `*`).
    ///
    /// # Errors
    /// [`GameValueError::NotLegal`] for a move that is not legal where it is
    /// played, [`GameValueError::AnnotationPly`] for an annotation past the
    /// end, [`GameValueError::Rules`] if the start cannot be packed.
    pub fn encode(
        start: &Position,
        moves: &[Option<Move>],
        annotations: &[(usize, Annotation)],
        result: &str,
    ) -> Result<Vec<u8>, GameValueError> {
        let mut out = header_bytes(start, !annotations.is_empty(), result)?;
        varint::push(&mut out, moves.len() as u64);
        let mut pos = start.clone();
        for (i, mv) in moves.iter().enumerate() {
            let legal = pos.legal_moves();
            let index = match mv {
                Some(m) => legal
                    .iter()
                    .position(|l| l == m)
                    .ok_or(GameValueError::NotLegal { ply: i + 1 })?,
                None => legal.len(),
            };
            if legal.len() < 256 {
                out.push(index as u8);
            } else {
                out.extend_from_slice(&(index as u16).to_le_bytes());
            }
            pos = match mv {
                Some(m) => pos.play_unchecked(*m),
                None => pos
                    .null_move()
                    .ok_or(GameValueError::NotLegal { ply: i + 1 })?,
            };
        }
        push_annotations(&mut out, annotations, moves.len())?;
        Ok(out)
    }

    /// Encodes a game whose moves are given by their indices among the
    /// legal moves and the number of legal moves at each ply (as
    /// [`crate::GameReader`] finds them while reading), without replaying it.
    /// An index equal to the count is a null move. A count of `None` (not
    /// counted: a standard-chess position, which has at most 218 legal
    /// moves) writes the index in one byte.
    ///
    /// # Errors
    /// As [`GameValue::encode`].
    pub fn encode_indexed(
        start: &Position,
        indices: &[(u16, Option<u16>)],
        annotations: &[(usize, Annotation)],
        result: &str,
    ) -> Result<Vec<u8>, GameValueError> {
        let mut out = header_bytes(start, !annotations.is_empty(), result)?;
        varint::push(&mut out, indices.len() as u64);
        for (ply, &(index, count)) in indices.iter().enumerate() {
            // Not counted: fewer than 256 moves, so the index is one byte.
            let (valid, one_byte) = match count {
                Some(count) => (index <= count, count < 256),
                None => (index < 256, true),
            };
            if !valid {
                return Err(GameValueError::NotLegal { ply: ply + 1 });
            }
            if one_byte {
                out.push(index as u8);
            } else {
                out.extend_from_slice(&index.to_le_bytes());
            }
        }
        push_annotations(&mut out, annotations, indices.len())?;
        Ok(out)
    }

    /// The game value of `moves` (UCI or SAN separated by spaces) played
    /// from `start`: what `game_from_moves` returns in every binding.
    ///
    /// # Errors
    /// [`GameValueError::Rules`] with the move's error for a move that is
    /// not legal where it stands.
    pub fn from_moves(start: &Position, moves: &str) -> Result<Vec<u8>, GameValueError> {
        let mut pos = start.clone();
        let mut indices = Vec::new();
        for text in moves.split_whitespace() {
            let found = pos.parse_move_indexed(text).map_err(RulesError::from)?;
            indices.push((found.index as u16, found.count.map(|n| n as u16)));
            pos = pos.play_unchecked(found.mv);
        }
        GameValue::encode_indexed(start, &indices, &[], "*")
    }

    /// Decodes and replays a game value, checking every move.
    ///
    /// # Errors
    /// A [`GameValueError`] naming what is wrong with the bytes.
    pub fn decode(bytes: &[u8]) -> Result<GameValue, GameValueError> {
        let mut at = 0;
        let (start, result, plies) = header(bytes, &mut at)?;
        let mut moves = Vec::with_capacity(plies.min(4096));
        let mut pos = start.clone();
        for ply in 1..=plies {
            let legal = pos.legal_moves();
            let index = if legal.len() < 256 {
                usize::from(byte(bytes, &mut at)?)
            } else {
                let lo = byte(bytes, &mut at)?;
                let hi = byte(bytes, &mut at)?;
                usize::from(u16::from_le_bytes([lo, hi]))
            };
            match legal.get(index) {
                Some(&m) => {
                    moves.push(Some(m));
                    pos = pos.play_unchecked(m);
                }
                None if index == legal.len() => {
                    moves.push(None);
                    pos = pos
                        .null_move()
                        .ok_or(GameValueError::IllegalIndex { ply })?;
                }
                None => return Err(GameValueError::IllegalIndex { ply }),
            }
        }
        let mut annotations = Vec::new();
        if bytes.get(1).is_some_and(|f| f & 2 != 0) {
            let count = read(bytes, &mut at, 32)?;
            for _ in 0..count {
                let ply = read(bytes, &mut at, 32)? as usize;
                if ply > plies {
                    return Err(GameValueError::AnnotationPly { ply, plies });
                }
                let a = match byte(bytes, &mut at)? {
                    1 => {
                        let len = read(bytes, &mut at, 32)? as usize;
                        let text = bytes
                            .get(at..at.saturating_add(len))
                            .ok_or(GameValueError::Invalid("truncated comment"))?;
                        at += len;
                        Annotation::Comment(
                            String::from_utf8(text.to_vec())
                                .map_err(|_| GameValueError::Invalid("comment text"))?,
                        )
                    }
                    2 => {
                        let len = read(bytes, &mut at, 16)? as usize;
                        let nags = bytes
                            .get(at..at.saturating_add(len))
                            .ok_or(GameValueError::Invalid("truncated nags"))?;
                        at += len;
                        Annotation::Nags(nags.to_vec())
                    }
                    3 => Annotation::Clock(read(bytes, &mut at, 32)? as u32),
                    4 => Annotation::Centipawns(unzigzag(read(bytes, &mut at, 32)?)),
                    5 => Annotation::Mate(unzigzag(read(bytes, &mut at, 32)?)),
                    _ => return Err(GameValueError::Invalid("annotation kind")),
                };
                annotations.push((ply, a));
            }
        }
        if at != bytes.len() {
            return Err(GameValueError::Invalid("trailing bytes"));
        }
        Ok(GameValue {
            start,
            moves,
            annotations,
            result,
        })
    }

    /// The position after `ply` plies of the game `bytes` holds, replaying
    /// only those plies (`None` past the end): what exact position search
    /// checks its candidates with.
    ///
    /// # Errors
    /// As [`GameValue::decode`], for the part read.
    pub fn position_at_bytes(bytes: &[u8], ply: usize) -> Result<Option<Position>, GameValueError> {
        let mut at = 0;
        let (start, _, plies) = header(bytes, &mut at)?;
        if ply > plies {
            return Ok(None);
        }
        let mut pos = start;
        let mut legal = Vec::new();
        for n in 1..=ply {
            pos.legal_moves_into(&mut legal);
            let index = if legal.len() < 256 {
                usize::from(byte(bytes, &mut at)?)
            } else {
                let lo = byte(bytes, &mut at)?;
                let hi = byte(bytes, &mut at)?;
                usize::from(u16::from_le_bytes([lo, hi]))
            };
            pos = match legal.get(index) {
                Some(&m) => pos.play_unchecked(m),
                None if index == legal.len() => pos
                    .null_move()
                    .ok_or(GameValueError::IllegalIndex { ply: n })?,
                None => return Err(GameValueError::IllegalIndex { ply: n }),
            };
        }
        Ok(Some(pos))
    }

    /// The number of plies, read from the header without replaying.
    ///
    /// # Errors
    /// As [`GameValue::decode`], for the header.
    pub fn ply_count_of(bytes: &[u8]) -> Result<usize, GameValueError> {
        let mut at = 0;
        Ok(header(bytes, &mut at)?.2)
    }

    /// The number of plies.
    pub fn ply_count(&self) -> usize {
        self.moves.len()
    }

    /// The position after `ply` plies (0: the start), if the game is that
    /// long.
    pub fn position_at(&self, ply: usize) -> Option<Position> {
        if ply > self.moves.len() {
            return None;
        }
        let mut pos = self.start.clone();
        for mv in &self.moves[..ply] {
            pos = step(&pos, *mv)?;
        }
        Some(pos)
    }

    /// Every position of the game, the start first: `ply_count() + 1` of
    /// them.
    pub fn positions(&self) -> Vec<Position> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        let mut pos = self.start.clone();
        out.push(pos.clone());
        for mv in &self.moves {
            match step(&pos, *mv) {
                Some(next) => pos = next,
                None => break,
            }
            out.push(pos.clone());
        }
        out
    }

    /// The moves in SAN (`--` for a null move).
    pub fn sans(&self) -> Vec<String> {
        let mut out = Vec::with_capacity(self.moves.len());
        let mut pos = self.start.clone();
        for mv in &self.moves {
            out.push(match mv {
                Some(m) => pos.san(*m),
                None => "--".to_owned(),
            });
            match step(&pos, *mv) {
                Some(next) => pos = next,
                None => break,
            }
        }
        out
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.start.variant()
    }
}

/// The header of a game value: version, flags, variant, start, result.
fn header_bytes(
    start: &Position,
    annotated: bool,
    result: &str,
) -> Result<Vec<u8>, GameValueError> {
    let variant = start.variant();
    let standard_start = Position::start(&variant);
    let custom = start.without_clocks() != standard_start.without_clocks()
        || start.fullmoves() != 1
        || start.halfmoves() != 0;
    let mut out = Vec::with_capacity(64);
    out.push(1);
    out.push(u8::from(custom) | (u8::from(annotated) << 1));
    let name = if variant.is_chess() && variant.name() == "chess" {
        ""
    } else {
        variant.name()
    };
    out.push(u8::try_from(name.len()).map_err(|_| GameValueError::Invalid("variant name"))?);
    out.extend_from_slice(name.as_bytes());
    if custom {
        let packed = start.pack().map_err(RulesError::from)?;
        varint::push(&mut out, packed.len() as u64);
        out.extend_from_slice(&packed);
    }
    out.push(RESULTS.iter().position(|&r| r == result).unwrap_or(0) as u8);
    Ok(out)
}

/// Appends the annotations section (when there are annotations).
fn push_annotations(
    out: &mut Vec<u8>,
    annotations: &[(usize, Annotation)],
    plies: usize,
) -> Result<(), GameValueError> {
    if !annotations.is_empty() {
        // A clock is about five bytes: room for them all at once.
        out.reserve(annotations.len() * 6);
        varint::push(out, annotations.len() as u64);
        for (ply, a) in annotations {
            if *ply > plies {
                return Err(GameValueError::AnnotationPly { ply: *ply, plies });
            }
            varint::push(out, *ply as u64);
            match a {
                Annotation::Comment(text) => {
                    out.push(1);
                    varint::push(out, text.len() as u64);
                    out.extend_from_slice(text.as_bytes());
                }
                Annotation::Nags(nags) => {
                    out.push(2);
                    varint::push(out, nags.len() as u64);
                    out.extend_from_slice(nags);
                }
                Annotation::Clock(c) => {
                    out.push(3);
                    varint::push(out, u64::from(*c));
                }
                Annotation::Centipawns(cp) => {
                    out.push(4);
                    varint::push(out, zigzag(*cp));
                }
                Annotation::Mate(n) => {
                    out.push(5);
                    varint::push(out, zigzag(*n));
                }
            }
        }
    }
    Ok(())
}

/// The position after `mv` (`None`: a null move).
pub(crate) fn step(pos: &Position, mv: Option<Move>) -> Option<Position> {
    match mv {
        Some(m) => Some(pos.play_unchecked(m)),
        None => pos.null_move(),
    }
}

/// Reads the header: the start position, the result and the ply count.
fn header(bytes: &[u8], at: &mut usize) -> Result<(Position, &'static str, usize), GameValueError> {
    if byte(bytes, at)? != 1 {
        return Err(GameValueError::Invalid("version"));
    }
    let flags = byte(bytes, at)?;
    if flags & !3 != 0 {
        return Err(GameValueError::Invalid("flags"));
    }
    let len = usize::from(byte(bytes, at)?);
    let name = bytes
        .get(*at..*at + len)
        .ok_or(GameValueError::Invalid("truncated variant"))?;
    *at += len;
    let name = std::str::from_utf8(name).map_err(|_| GameValueError::Invalid("variant name"))?;
    let variant = if name.is_empty() {
        Variant::chess()
    } else {
        Variant::builtin(name).map_err(RulesError::from)?
    };
    let start = if flags & 1 != 0 {
        let len = read(bytes, at, 16)? as usize;
        let packed = bytes
            .get(*at..at.saturating_add(len))
            .ok_or(GameValueError::Invalid("truncated start"))?;
        *at += len;
        let pos = Position::unpack(packed).map_err(RulesError::from)?;
        if pos.variant() != variant {
            return Err(GameValueError::Invalid("start position of another variant"));
        }
        pos
    } else {
        Position::start(&variant)
    };
    let result = *RESULTS
        .get(usize::from(byte(bytes, at)?))
        .ok_or(GameValueError::Invalid("result"))?;
    let plies = read(bytes, at, 32)? as usize;
    Ok((start, result, plies))
}
