//! A variable-length binary encoding of positions of any variant.
//!
//! The encoding does not name the variant: the reader supplies it, as a
//! database column of a variant-typed table would.
//!
//! Layout:
//! - byte 0: `(width - 1) | (height - 1) << 4`;
//! - the board, square by square from a1 along each rank, rank 1 first:
//!   a byte `0x00..=0x7f` is a piece, bit 6 set for
//!   Black and bits 0–5 its index in the variant's piece list; `0x80 | (n - 1)`
//!   is a run of `n` (1..=128) empty squares;
//! - the rest of the FEN after the placement (side to move, castling rights,
//!   en-passant square and clocks, plus any holdings suffix of the placement),
//!   as one length byte and that many ASCII bytes, with the two clocks
//!   replaced by LEB128 varints after the text.
//!
//! The 10×8 Capablanca start position takes 38 bytes; the fixed 32-byte
//! codec of `sqlchess-core` remains the one for standard chess.
//!
//! ```
//! use sqlchess_fairy::{pack, Position, Variant};
//! let v = Variant::builtin("capablanca").unwrap();
//! let pos = Position::start(&v);
//! let bytes = pack::pack(&pos).unwrap();
//! assert_eq!(pack::unpack(&v, &bytes).unwrap().fen(), pos.fen());
//! ```

use crate::{FairySquare, Position, Variant};

/// A position the codec cannot represent without loss.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PackError {
    /// More piece kinds than the 64 a byte leaves room for, or FEN text too long.
    #[error("position cannot be packed: {0}")]
    Unrepresentable(&'static str),
    /// Unpacking the packed bytes did not give the same FEN back.
    #[error("position does not survive packing: {fen:?}")]
    Lossy {
        /// The position's FEN.
        fen: String,
    },
}

/// Bytes that are not a packed position of the variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UnpackError {
    /// The data ends early.
    #[error("packed position is truncated in its {0}")]
    Truncated(&'static str),
    /// A value the codec never writes, or one the variant rules out.
    #[error("packed position has an invalid {0}")]
    Invalid(&'static str),
    /// The decoded FEN does not describe a valid position.
    #[error(transparent)]
    Fen(#[from] crate::FenError),
}

fn push_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

fn read_varint(bytes: &[u8], at: &mut usize) -> Result<u64, UnpackError> {
    let mut v = 0u64;
    for shift in (0..63).step_by(7) {
        let b = *bytes.get(*at).ok_or(UnpackError::Truncated("clocks"))?;
        *at += 1;
        v |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Ok(v);
        }
    }
    Err(UnpackError::Invalid("clock"))
}

/// Packs `pos` (see the module docs for the layout).
///
/// # Errors
/// [`PackError`] if the position cannot be represented exactly; the packed
/// bytes are checked to unpack to the same FEN.
pub fn pack(pos: &Position) -> Result<Vec<u8>, PackError> {
    let v = pos.variant();
    if v.pieces.len() > 64 {
        return Err(PackError::Unrepresentable("more than 64 piece kinds"));
    }
    let (w, h) = (v.width, v.height);
    let mut out = vec![(w - 1) | ((h - 1) << 4)];
    let mut run = 0u32;
    let flush = |run: &mut u32, out: &mut Vec<u8>| {
        while *run > 0 {
            let n = (*run).min(128);
            out.push(0x80 | (n - 1) as u8);
            *run -= n;
        }
    };
    for rank in 0..h {
        for file in 0..w {
            let sq = FairySquare::new(file, rank).ok_or(PackError::Unrepresentable("square"))?;
            match pos.piece_at(sq) {
                Some((index, white)) => {
                    flush(&mut run, &mut out);
                    out.push(index as u8 | if white { 0 } else { 0x40 });
                }
                None => run += 1,
            }
        }
    }
    flush(&mut run, &mut out);
    let fen = pos.fen();
    let (rest, clocks) = split_fen(&fen);
    if rest.len() > 255 {
        return Err(PackError::Unrepresentable(
            "fen fields longer than 255 bytes",
        ));
    }
    out.push(rest.len() as u8);
    out.extend_from_slice(rest.as_bytes());
    for c in clocks {
        push_varint(&mut out, c);
    }
    match unpack(v, &out) {
        Ok(back) if back.fen() == fen => Ok(out),
        _ => Err(PackError::Lossy { fen }),
    }
}

/// Splits a FEN into the text after the board (holdings suffix, side,
/// castling, en passant) and its two numeric clocks.
fn split_fen(fen: &str) -> (String, [u64; 2]) {
    let mut fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    let placement = fields.first().copied().unwrap_or("");
    let suffix = placement.find('[').map_or("", |i| &placement[i..]);
    let mut clocks = [0, 1];
    if fields.len() >= 6 {
        if let (Ok(h), Ok(f)) = (
            fields[fields.len() - 2].parse(),
            fields[fields.len() - 1].parse(),
        ) {
            clocks = [h, f];
            fields.truncate(fields.len() - 2);
        }
    }
    let mut rest = suffix.to_owned();
    for f in fields.iter().skip(1) {
        rest.push(' ');
        rest.push_str(f);
    }
    (rest, clocks)
}

/// Unpacks [`pack`]'s bytes as a position of `variant`.
///
/// # Errors
/// [`UnpackError`] for malformed data or an invalid position.
pub fn unpack(variant: &Variant, bytes: &[u8]) -> Result<Position, UnpackError> {
    let dims = *bytes.first().ok_or(UnpackError::Truncated("board size"))?;
    let (w, h) = ((dims & 15) + 1, (dims >> 4) + 1);
    if (w, h) != (variant.width, variant.height) {
        return Err(UnpackError::Invalid("board size for this variant"));
    }
    let total = w as usize * h as usize;
    let mut squares: Vec<Option<(usize, bool)>> = Vec::with_capacity(total);
    let mut at = 1;
    while squares.len() < total {
        let b = *bytes.get(at).ok_or(UnpackError::Truncated("board"))?;
        at += 1;
        if b & 0x80 != 0 {
            let n = (b & 0x7f) as usize + 1;
            if squares.len() + n > total {
                return Err(UnpackError::Invalid("run past the last square"));
            }
            squares.extend(std::iter::repeat_n(None, n));
        } else {
            let index = (b & 0x3f) as usize;
            if index >= variant.pieces.len() {
                return Err(UnpackError::Invalid("piece index"));
            }
            squares.push(Some((index, b & 0x40 == 0)));
        }
    }
    let len = *bytes.get(at).ok_or(UnpackError::Truncated("fen fields"))? as usize;
    at += 1;
    let rest = bytes
        .get(at..at + len)
        .ok_or(UnpackError::Truncated("fen fields"))?;
    let rest = std::str::from_utf8(rest).map_err(|_| UnpackError::Invalid("fen fields"))?;
    if !rest.is_ascii() {
        return Err(UnpackError::Invalid("fen fields"));
    }
    at += len;
    let half = read_varint(bytes, &mut at)?;
    let full = read_varint(bytes, &mut at)?;
    if at != bytes.len() {
        return Err(UnpackError::Invalid("trailing bytes"));
    }
    let mut fen = String::new();
    for rank in (0..h as usize).rev() {
        let mut empty = 0;
        for file in 0..w as usize {
            match squares[rank * w as usize + file] {
                None => empty += 1,
                Some((index, white)) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let c = variant.pieces[index].letter;
                    fen.push(if white { c.to_ascii_uppercase() } else { c });
                }
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(rest);
    fen.push_str(&format!(" {half} {full}"));
    Ok(Position::from_fen(variant, &fen)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_games_of_every_builtin_round_trip() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        for name in crate::variant_names() {
            let v = Variant::builtin(name).unwrap();
            let mut pos = Position::start(&v);
            let mut total = 0;
            let mut count = 0;
            for _ in 0..150 {
                let bytes = pack(&pos).unwrap();
                let back = unpack(&v, &bytes).unwrap();
                assert_eq!(back.fen(), pos.fen(), "{name}");
                total += bytes.len();
                count += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos = pos.play(moves[(seed % moves.len() as u64) as usize]);
            }
            assert!(
                total / count < 80,
                "{name}: {} bytes on average",
                total / count
            );
        }
    }

    #[test]
    fn garbage_is_an_error() {
        let v = Variant::builtin("capablanca").unwrap();
        assert!(unpack(&v, &[]).is_err());
        assert!(unpack(&v, &[0x79, 0xff, 0xff]).is_err());
        let good = pack(&Position::start(&v)).unwrap();
        for cut in 0..good.len() {
            assert!(unpack(&v, &good[..cut]).is_err());
        }
        let mut seed = 5u64;
        for _ in 0..3000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut b = good.clone();
            let i = (seed % b.len() as u64) as usize;
            b[i] ^= (seed >> 56) as u8 | 1;
            let _ = unpack(&v, &b);
        }
        let chess = Variant::builtin("chess").unwrap();
        assert_eq!(
            unpack(&chess, &good),
            Err(UnpackError::Invalid("board size for this variant"))
        );
    }
}
