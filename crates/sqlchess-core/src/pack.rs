//! Compact binary positions.
//!
//! Two codecs for standard chess and Chess960:
//!
//! * [`pack`] / [`unpack`]: exactly [`PACKED_LEN`] = 32 bytes, fixed layout,
//!   suitable as a fixed-size database column or key.
//!   - bytes 0..8: occupied squares, a 64-bit little-endian mask (bit *i* = square *i*, a1 = 0);
//!   - bytes 8..24: one nibble per occupied square, in square order, low nibble first:
//!     0..=5 white pawn, knight, bishop, rook, queen, king; 6..=11 the same for black;
//!     12 a pawn that has just made a double step and may be taken en passant
//!     (its colour follows from its rank); 13 a white rook that may castle;
//!     14 a black rook that may castle; 15 the black king when Black is to move;
//!   - bytes 24..28: the half-move clock (u32 little-endian; bit 31 marks Chess960);
//!   - bytes 28..32: the full-move number (u32 little-endian).
//! * [`pack_nibbles`] / [`unpack_nibbles`]: pgChess's idea, variable length:
//!   a nibble per square from a1 to h8, 0 empty, 1..=12 the pieces (as above
//!   plus one), 13/14/15 runs of 2/4/8 empty squares; then a pad nibble if
//!   needed, one flag byte (bit 0 Black to move, bit 1 Chess960), the castling
//!   rook files of White and of Black as two bit-mask bytes, the en-passant
//!   square (255 for none), and the two clocks as LEB128 varints. The start
//!   position takes 24 bytes.
//!
//! ```
//! use sqlchess_core::{pack, Position};
//! let pos = Position::new();
//! let bytes = pack::pack(&pos);
//! assert_eq!(bytes.len(), 32);
//! assert_eq!(pack::unpack(&bytes).unwrap(), pos);
//! ```

use sqlchess_types::{varint, Bitboard, Color, Piece, Rank, Role, Square};

use crate::{Board, CastlingMode, Position, PositionError, Setup};

/// The length of [`pack`]'s output.
pub const PACKED_LEN: usize = 32;

/// Bytes that are not a packed position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UnpackError {
    /// Wrong length.
    #[error("packed position has {found} bytes, expected {expected}")]
    Length {
        /// Bytes expected.
        expected: usize,
        /// Bytes given.
        found: usize,
    },
    /// The data ends too early.
    #[error("packed position is truncated in its {0}")]
    Truncated(&'static str),
    /// A nibble or byte has a value the codec never writes.
    #[error("packed position has an invalid {0}")]
    Invalid(&'static str),
    /// The data decodes, but to an impossible position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

fn piece_code(p: Piece) -> u8 {
    p.role as u8 + if p.color == Color::Black { 6 } else { 0 }
}

fn code_piece(code: u8) -> Option<Piece> {
    (code < 12).then(|| Piece {
        color: Color::from_white(code < 6),
        role: Role::ALL[(code % 6) as usize],
    })
}

/// The pawn that made the double step, if an en-passant square is set.
fn ep_pawn(pos: &Position) -> Option<Square> {
    let ep = pos.legal_ep_square()?;
    Some(match pos.turn() {
        Color::White => Square::new(ep as u32 - 8),
        Color::Black => Square::new(ep as u32 + 8),
    })
}

/// Packs a position into 32 bytes (see the module docs for the layout).
pub fn pack(pos: &Position) -> [u8; PACKED_LEN] {
    let mut out = [0u8; PACKED_LEN];
    let board = pos.board();
    out[0..8].copy_from_slice(&board.occupied().0.to_le_bytes());
    let ep = ep_pawn(pos);
    for (i, sq) in board.occupied().into_iter().enumerate() {
        let Some(p) = board.piece_at(sq) else {
            continue;
        };
        let code = if Some(sq) == ep {
            12
        } else if p.role == Role::Rook && pos.castling_rights().contains(sq) {
            if p.color == Color::White {
                13
            } else {
                14
            }
        } else if p == Role::King.of(Color::Black) && pos.turn() == Color::Black {
            15
        } else {
            piece_code(p)
        };
        out[8 + i / 2] |= code << (4 * (i % 2));
    }
    let chess960 = u32::from(pos.castling_mode().is_chess960()) << 31;
    out[24..28].copy_from_slice(&(pos.halfmoves().min(0x7fff_ffff) | chess960).to_le_bytes());
    out[28..32].copy_from_slice(&pos.fullmoves().to_le_bytes());
    out
}

/// Unpacks [`pack`]'s bytes, checking the position like FEN input.
///
/// # Errors
/// [`UnpackError`] for bytes `pack` never writes or an impossible position.
pub fn unpack(bytes: &[u8]) -> Result<Position, UnpackError> {
    if bytes.len() != PACKED_LEN {
        return Err(UnpackError::Length {
            expected: PACKED_LEN,
            found: bytes.len(),
        });
    }
    let word = |r: core::ops::Range<usize>| {
        let mut b = [0u8; 8];
        b[..r.len()].copy_from_slice(&bytes[r]);
        u64::from_le_bytes(b)
    };
    let occupied = Bitboard(word(0..8));
    if occupied.count() > 32 {
        return Err(UnpackError::Invalid("occupancy: more than 32 pieces"));
    }
    let mut setup = Setup::empty();
    for (i, sq) in occupied.into_iter().enumerate() {
        let code = (bytes[8 + i / 2] >> (4 * (i % 2))) & 15;
        let piece = match code {
            12 => {
                let color = match sq.rank() {
                    Rank::Fourth => Color::White,
                    Rank::Fifth => Color::Black,
                    _ => return Err(UnpackError::Invalid("en-passant pawn rank")),
                };
                setup.turn = !color;
                setup.ep_square = Some(match color {
                    Color::White => Square::new(sq as u32 - 8),
                    Color::Black => Square::new(sq as u32 + 8),
                });
                Role::Pawn.of(color)
            }
            13 | 14 => {
                setup.castling_rights.add(sq);
                Role::Rook.of(Color::from_white(code == 13))
            }
            15 => {
                setup.turn = Color::Black;
                Role::King.of(Color::Black)
            }
            c => code_piece(c).ok_or(UnpackError::Invalid("piece code"))?,
        };
        setup.board.set_piece_at(sq, piece);
    }
    let half = word(24..28) as u32;
    setup.halfmoves = half & 0x7fff_ffff;
    setup.fullmoves = word(28..32) as u32;
    if setup.fullmoves == 0 {
        return Err(UnpackError::Invalid("full-move number 0"));
    }
    let mode = if half >> 31 == 1 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    Ok(Position::from_setup(setup, mode)?)
}

fn push_varint(out: &mut Vec<u8>, v: u32) {
    varint::push(out, u64::from(v));
}

fn read_varint(bytes: &[u8], at: &mut usize) -> Result<u32, UnpackError> {
    match varint::read(bytes, at, 32) {
        Ok(v) => u32::try_from(v).map_err(|_| UnpackError::Invalid("clock")),
        Err(varint::VarintError::Truncated) => Err(UnpackError::Truncated("clocks")),
        Err(varint::VarintError::TooLarge) => Err(UnpackError::Invalid("clock")),
    }
}

/// Packs a position with pgChess's nibble-per-square, run-length scheme (see the module docs).
pub fn pack_nibbles(pos: &Position) -> Vec<u8> {
    let board = pos.board();
    let mut nibbles: Vec<u8> = Vec::with_capacity(64);
    let mut run = 0;
    let flush = |run: &mut u32, nibbles: &mut Vec<u8>| {
        while *run > 0 {
            let (code, len) = match *run {
                8.. => (15, 8),
                4.. => (14, 4),
                2.. => (13, 2),
                _ => (0, 1),
            };
            nibbles.push(code);
            *run -= len;
        }
    };
    for sq in Square::ALL {
        match board.piece_at(sq) {
            Some(p) => {
                flush(&mut run, &mut nibbles);
                nibbles.push(piece_code(p) + 1);
            }
            None => run += 1,
        }
    }
    flush(&mut run, &mut nibbles);
    let mut out: Vec<u8> = nibbles
        .chunks(2)
        .map(|c| c[0] | (c.get(1).copied().unwrap_or(0) << 4))
        .collect();
    let flags =
        u8::from(pos.turn() == Color::Black) | (u8::from(pos.castling_mode().is_chess960()) << 1);
    out.push(flags);
    for color in Color::ALL {
        let rank = Bitboard::from_rank(Rank::First.relative_to(color));
        let files = (pos.castling_rights() & rank)
            .into_iter()
            .fold(0u8, |acc, sq| acc | 1 << sq.file() as u8);
        out.push(files);
    }
    out.push(pos.legal_ep_square().map_or(255, |s| s as u8));
    push_varint(&mut out, pos.halfmoves());
    push_varint(&mut out, pos.fullmoves());
    out
}

/// Unpacks [`pack_nibbles`]'s bytes.
///
/// # Errors
/// [`UnpackError`] for malformed data or an impossible position.
pub fn unpack_nibbles(bytes: &[u8]) -> Result<Position, UnpackError> {
    let mut board = Board::empty();
    let mut square = 0u32;
    let mut at = 0;
    // A trailing pad nibble of 0 in the last board byte would read as one
    // empty square: stop as soon as 64 squares are filled.
    'board: while square < 64 {
        let byte = *bytes.get(at).ok_or(UnpackError::Truncated("board"))?;
        at += 1;
        for nib in [byte & 15, byte >> 4] {
            if square >= 64 {
                if nib != 0 {
                    return Err(UnpackError::Invalid("pad nibble"));
                }
                break 'board;
            }
            let step = match nib {
                0 => 1,
                13 => 2,
                14 => 4,
                15 => 8,
                code => {
                    let p = code_piece(code - 1).ok_or(UnpackError::Invalid("piece code"))?;
                    board.set_piece_at(Square::new(square), p);
                    1
                }
            };
            square += step;
            if square > 64 {
                return Err(UnpackError::Invalid("run past the last square"));
            }
        }
    }
    let header = bytes
        .get(at..at + 4)
        .ok_or(UnpackError::Truncated("flags"))?;
    at += 4;
    let mut setup = Setup::empty();
    setup.board = board;
    setup.turn = Color::from_white(header[0] & 1 == 0);
    if header[0] & !3 != 0 {
        return Err(UnpackError::Invalid("flag byte"));
    }
    for (i, color) in Color::ALL.into_iter().enumerate() {
        for file in 0..8 {
            if header[1 + i] & (1 << file) != 0 {
                setup.castling_rights.add(Square::from_coords(
                    sqlchess_types::File::new(file),
                    Rank::First.relative_to(color),
                ));
            }
        }
    }
    setup.ep_square = match header[3] {
        255 => None,
        s => Some(Square::try_from(s).map_err(|_| UnpackError::Invalid("en-passant square"))?),
    };
    setup.halfmoves = read_varint(bytes, &mut at)?;
    setup.fullmoves = read_varint(bytes, &mut at)?;
    if at != bytes.len() {
        return Err(UnpackError::Invalid("trailing bytes"));
    }
    if setup.fullmoves == 0 {
        return Err(UnpackError::Invalid("full-move number 0"));
    }
    let mode = if header[0] & 2 != 0 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    Ok(Position::from_setup(setup, mode)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlchess_types::XorShift64;

    fn random_positions() -> Vec<Position> {
        let mut out = Vec::new();
        let mut rng = XorShift64::new(0x2545_f491_4f6c_dd1d);
        for _ in 0..200 {
            let mut pos = Position::new();
            for _ in 0..120 {
                out.push(pos);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let seed = rng.next_u64();
                pos.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        out
    }

    #[test]
    fn both_codecs_round_trip_random_games() {
        let positions = random_positions();
        let (mut fixed, mut nib) = (0usize, 0usize);
        for pos in &positions {
            let a = pack(pos);
            let back = unpack(&a).unwrap();
            assert_eq!(back.fen(), pos.fen());
            assert_eq!(back.zobrist(), pos.zobrist(), "{pos}");
            let b = pack_nibbles(pos);
            let back = unpack_nibbles(&b).unwrap();
            assert_eq!(back.fen(), pos.fen());
            fixed += a.len();
            nib += b.len();
        }
        assert_eq!(fixed, positions.len() * 32);
        assert!(nib < fixed, "nibble codec should be smaller on average");
    }

    #[test]
    fn chess960_and_ep_survive() {
        for fen in [
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(unpack(&pack(&pos)).unwrap(), pos);
            assert_eq!(unpack_nibbles(&pack_nibbles(&pos)).unwrap(), pos);
            assert_eq!(
                unpack(&pack(&pos)).unwrap().castling_mode(),
                pos.castling_mode()
            );
        }
        assert_eq!(pack_nibbles(&Position::new()).len(), 24);
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(unpack(&[0u8; 31]).is_err());
        assert!(unpack(&[0xff; 32]).is_err());
        assert!(unpack(&[0u8; 32]).is_err());
        assert!(unpack_nibbles(&[]).is_err());
        assert!(unpack_nibbles(&[0xff; 3]).is_err());
        let mut rng = XorShift64::new(1);
        for _ in 0..2000 {
            let x = rng.next_u64();
            let bytes: Vec<u8> = (0..32)
                .map(|i| (x >> (i % 8 * 8)) as u8 ^ i as u8)
                .collect();
            let _ = unpack(&bytes);
            let _ = unpack_nibbles(&bytes[..(x % 32) as usize]);
        }
    }
}
