//! A variable-length binary encoding of positions of any variant.
//!
//! The encoding does not name the variant: the reader supplies it, as a
//! database column of a variant-typed table would.
//!
//! Layout:
//! - byte 0: `(width - 1) | (height - 1) << 4`;
//! - occupancy: one bit per square (bit *i* of byte *i* / 8), squares counted
//!   from a1 along each rank, rank 1 first: `ceil(width × height / 8)` bytes;
//! - the pieces of the occupied squares in that order, each as a code
//!   `index × 2 + (1 if Black)` of `k` bits, where `k` is the fewest bits
//!   that hold `2 × kinds − 1` (4 bits for six kinds, 5 for up to sixteen),
//!   least significant bit first, padded to a whole byte;
//! - for variants with walls ([`Variant::walls`]): one bit per square in
//!   the occupancy's order, set for a wall, padded to a whole byte;
//! - for variants whose captures go to hand (crazyhouse): one bit per piece,
//!   in the same order, set for a promoted piece (`~` in FEN), padded to a
//!   whole byte;
//! - for variants where several pieces promote to one type
//!   ([`Variant::promotion_bases`]): for each marked piece of such a type,
//!   in the same order, the index of the piece it was among that type's
//!   bases in three bits, padded to a whole byte;
//! - one byte: bit 7 set when Black is to move, bits 0–6 the length of the
//!   text that follows: the rest of the FEN after placement and side (a
//!   holdings suffix such as `[Pp]`, then castling rights and en-passant
//!   square, space-separated) in ASCII; in the holdings, a run of more than
//!   three of one letter is written as the letter and its count (`[P60p60]`
//!   for Othello's full hands), which a holdings letter never is followed by
//!   in FEN;
//! - the half-move clock and the move number as LEB128 varints.
//!
//! The 10×8 Capablanca start position takes 43 bytes as FEN text and 38
//! here; positions of random games average about two thirds of their FEN's
//! length (`cargo run --release -p sqlchess-rules --example codec_sizes`).
//! The fixed 32-byte codec of `sqlchess-core` remains the one for standard
//! chess.
//!
//! ```
//! use sqlchess_fairy::{pack, Position, Variant};
//! let v = Variant::builtin("capablanca").unwrap();
//! let pos = Position::start(&v);
//! let bytes = pack::pack(&pos).unwrap();
//! assert_eq!(pack::unpack(&v, &bytes).unwrap().fen(), pos.fen());
//! ```

use sqlchess_types::varint;

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

fn push_varint(out: &mut Vec<u8>, v: u64) {
    varint::push(out, v);
}

fn read_varint(bytes: &[u8], at: &mut usize) -> Result<u64, UnpackError> {
    // Clocks are 32-bit in the position; larger values were never written.
    varint::read(bytes, at, 32).map_err(|e| match e {
        varint::VarintError::Truncated => UnpackError::Truncated("clocks"),
        varint::VarintError::TooLarge => UnpackError::Invalid("clock"),
    })
}

/// Bits per piece code: enough for `index * 2 + black` over `kinds` kinds.
fn code_bits(kinds: usize) -> u32 {
    (usize::BITS - (2 * kinds - 1).leading_zeros()).max(1)
}

/// Appends `bits` low bits of `value` to a little-endian bit stream.
fn put_bits(out: &mut [u8], at: &mut usize, value: u32, bits: u32) {
    for i in 0..bits {
        if value >> i & 1 != 0 {
            out[*at / 8] |= 1 << (*at % 8);
        }
        *at += 1;
    }
}

fn get_bits(bytes: &[u8], at: &mut usize, bits: u32) -> u32 {
    let mut v = 0;
    for i in 0..bits {
        v |= u32::from(bytes[*at / 8] >> (*at % 8) & 1) << i;
        *at += 1;
    }
    v
}

/// Packs `pos` (see the module docs for the layout).
///
/// # Errors
/// [`PackError`] if the position cannot be represented exactly; the packed
/// bytes are checked to unpack to the same FEN.
pub fn pack(pos: &Position) -> Result<Vec<u8>, PackError> {
    let v = pos.variant();
    if v.pieces.is_empty() || v.pieces.len() > 64 {
        return Err(PackError::Unrepresentable("piece kinds outside 1..=64"));
    }
    let (w, h) = (v.width, v.height);
    let squares = usize::from(w) * usize::from(h);
    let bits = code_bits(v.pieces.len());
    let mut occupancy = vec![0u8; squares.div_ceil(8)];
    let mut codes = Vec::new();
    let mut slots = Vec::new();
    for rank in 0..h {
        for file in 0..w {
            let sq = FairySquare::new(file, rank).ok_or(PackError::Unrepresentable("square"))?;
            if let Some((index, white)) = pos.piece_at(sq) {
                let i = usize::from(rank) * usize::from(w) + usize::from(file);
                occupancy[i / 8] |= 1 << (i % 8);
                codes.push(index as u32 * 2 + u32::from(!white));
                if shared_type(v, index) {
                    if let Some(base) = pos.promoted_from(sq) {
                        let slot = v.promotion_bases(index).position(|b| b == base);
                        slots.push(slot.unwrap_or(0) as u32);
                    }
                }
            }
        }
    }
    let mut out = Vec::with_capacity(48);
    out.push((w - 1) | ((h - 1) << 4));
    out.extend_from_slice(&occupancy);
    let mut packed = vec![0u8; (codes.len() * bits as usize).div_ceil(8)];
    let mut at = 0;
    for code in codes {
        put_bits(&mut packed, &mut at, code, bits);
    }
    out.extend_from_slice(&packed);
    if v.walls {
        let mut walls = vec![0u8; squares.div_ceil(8)];
        for rank in 0..h {
            for file in 0..w {
                let sq =
                    FairySquare::new(file, rank).ok_or(PackError::Unrepresentable("square"))?;
                if pos.is_wall(sq) {
                    let i = usize::from(rank) * usize::from(w) + usize::from(file);
                    walls[i / 8] |= 1 << (i % 8);
                }
            }
        }
        out.extend_from_slice(&walls);
    }
    let fen = pos.fen();
    if v.captures_to_hand || v.promotion_marked {
        let marks = promoted_marks(&fen, v.promotion_marked);
        let mut flags = vec![0u8; marks.len().div_ceil(8)];
        let mut at = 0;
        for m in marks {
            put_bits(&mut flags, &mut at, u32::from(m), 1);
        }
        out.extend_from_slice(&flags);
    }
    if has_shared_types(v) {
        let mut bytes = vec![0u8; (slots.len() * 3).div_ceil(8)];
        let mut at = 0;
        for slot in slots {
            put_bits(&mut bytes, &mut at, slot, 3);
        }
        out.extend_from_slice(&bytes);
    }
    let (rest, black, clocks) = split_fen(&fen)?;
    let rest = shorten_holdings(&rest);
    if rest.len() > 127 {
        return Err(PackError::Unrepresentable(
            "fen fields longer than 127 bytes",
        ));
    }
    out.push(rest.len() as u8 | if black { 0x80 } else { 0 });
    out.extend_from_slice(rest.as_bytes());
    for c in clocks {
        push_varint(&mut out, c);
    }
    match unpack(v, &out) {
        Ok(back) if back.fen() == fen => Ok(out),
        _ => Err(PackError::Lossy { fen }),
    }
}

/// Whether several pieces promote to piece `t`.
fn shared_type(v: &Variant, t: usize) -> bool {
    v.promotion_bases(t).nth(1).is_some()
}

/// Whether the variant has a piece type several pieces promote to (whose
/// marked pieces' bases the encoding then keeps).
fn has_shared_types(v: &Variant) -> bool {
    (0..v.pieces.len()).any(|t| shared_type(v, t))
}

/// For each piece of the FEN's placement, rank 1 first and along each rank,
/// whether it carries crazyhouse's promoted mark `~` (or, with `plus`, a
/// marked shogi-style promotion's `+`).
fn promoted_marks(fen: &str, plus: bool) -> Vec<bool> {
    let placement = fen.split([' ', '[']).next().unwrap_or("");
    let mut out = Vec::new();
    for rank in placement.split('/').rev() {
        let mut pending = false;
        for ch in rank.chars() {
            if ch.is_ascii_alphabetic() {
                out.push(std::mem::take(&mut pending));
            } else if ch == '+' && plus {
                pending = true;
            } else if ch == '~' {
                if let Some(last) = out.last_mut() {
                    *last = true;
                }
            }
        }
    }
    out
}

/// The holdings of a packed text (`[…] rest`): what is between the
/// brackets, and all that follows the `]`; `None` without them.
fn split_holdings(rest: &str) -> Option<(&str, &str)> {
    let end = rest.strip_prefix('[')?.find(']')?;
    Some((&rest[1..=end], rest.get(end + 2..).unwrap_or("")))
}

/// The holdings suffix with every run of more than three of one letter
/// written as the letter and its count; the other fields as they are.
fn shorten_holdings(rest: &str) -> String {
    let Some((holdings, tail)) = split_holdings(rest) else {
        return rest.to_string();
    };
    let mut out = String::from("[");
    let bytes = holdings.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let run = bytes[i..].iter().take_while(|&&b| b == c).count();
        if run > 3 && c.is_ascii_alphabetic() {
            out.push(char::from(c));
            out.push_str(&run.to_string());
        } else {
            out.extend(std::iter::repeat_n(char::from(c), run));
        }
        i += run;
    }
    out.push(']');
    out.push_str(tail);
    out
}

/// [`shorten_holdings`] undone: a letter followed by a count stands for that
/// many of it (at most 255, what a hand holds).
fn lengthen_holdings(rest: &str) -> Result<String, UnpackError> {
    let Some((holdings, tail)) = split_holdings(rest) else {
        return Ok(rest.to_string());
    };
    let mut out = String::from("[");
    let bytes = holdings.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 {
            out.push(char::from(c));
            i += 1;
            continue;
        }
        let count: usize = holdings[i + 1..i + 1 + digits]
            .parse()
            .ok()
            .filter(|&n| (4..=255).contains(&n) && c.is_ascii_alphabetic())
            .ok_or(UnpackError::Invalid("holdings count"))?;
        out.extend(std::iter::repeat_n(char::from(c), count));
        i += 1 + digits;
    }
    out.push(']');
    out.push_str(tail);
    Ok(out)
}

/// Splits a FEN into the text after the board other than the side to move
/// (holdings suffix, castling, en passant), whether Black is to move, and
/// its two numeric clocks.
fn split_fen(fen: &str) -> Result<(String, bool, [u64; 2]), PackError> {
    let mut fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    let placement = fields.first().copied().unwrap_or("");
    let suffix = placement.find('[').map_or("", |i| &placement[i..]);
    let black = match fields.get(1) {
        Some(&"w") => false,
        Some(&"b") => true,
        _ => return Err(PackError::Unrepresentable("side to move")),
    };
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
    let rest = std::iter::once(suffix)
        .filter(|s| !s.is_empty())
        .chain(fields.iter().skip(2).copied())
        .collect::<Vec<_>>()
        .join(" ");
    Ok((rest, black, clocks))
}

/// Unpacks [`pack`]'s bytes as a position of `variant`.
///
/// # Errors
/// [`UnpackError`] for malformed data or an invalid position.
pub fn unpack(variant: &Variant, bytes: &[u8]) -> Result<Position, UnpackError> {
    Ok(Position::from_fen(variant, &unpack_fen(variant, bytes)?)?)
}

/// Like [`unpack`], for the variant of `template`, sharing its compiled
/// rules ([`Position::with_fen`]): the fast form for many positions.
///
/// # Errors
/// [`UnpackError`] for malformed data or an invalid position.
pub fn unpack_like(template: &Position, bytes: &[u8]) -> Result<Position, UnpackError> {
    Ok(template.with_fen(&unpack_fen(template.variant(), bytes)?)?)
}

/// The FEN that [`pack`]'s bytes encode.
fn unpack_fen(variant: &Variant, bytes: &[u8]) -> Result<String, UnpackError> {
    let dims = *bytes.first().ok_or(UnpackError::Truncated("board size"))?;
    let (w, h) = ((dims & 15) + 1, (dims >> 4) + 1);
    if (w, h) != (variant.width, variant.height) || variant.pieces.is_empty() {
        return Err(UnpackError::Invalid("board size for this variant"));
    }
    let total = usize::from(w) * usize::from(h);
    let occupancy = bytes
        .get(1..1 + total.div_ceil(8))
        .ok_or(UnpackError::Truncated("occupancy"))?;
    let occupied = (0..total)
        .filter(|i| occupancy[i / 8] >> (i % 8) & 1 != 0)
        .count();
    if total % 8 != 0 && occupancy[total / 8] >> (total % 8) != 0 {
        return Err(UnpackError::Invalid("occupancy past the last square"));
    }
    let bits = code_bits(variant.pieces.len());
    let mut at = 1 + occupancy.len();
    let packed = bytes
        .get(at..at + (occupied * bits as usize).div_ceil(8))
        .ok_or(UnpackError::Truncated("pieces"))?;
    at += packed.len();
    let mut walls = vec![false; total];
    if variant.walls {
        let bits = bytes
            .get(at..at + total.div_ceil(8))
            .ok_or(UnpackError::Truncated("walls"))?;
        at += bits.len();
        for (i, wall) in walls.iter_mut().enumerate() {
            *wall = bits[i / 8] >> (i % 8) & 1 != 0;
        }
    }
    let mut promoted = vec![false; occupied];
    if variant.captures_to_hand || variant.promotion_marked {
        let flags = bytes
            .get(at..at + occupied.div_ceil(8))
            .ok_or(UnpackError::Truncated("promotion marks"))?;
        at += flags.len();
        let mut bit = 0;
        for p in &mut promoted {
            *p = get_bits(flags, &mut bit, 1) != 0;
        }
    }
    let mut promoted = promoted.into_iter();
    let mut bit = 0;
    let mut squares: Vec<Option<(usize, bool, bool)>> = vec![None; total];
    for (i, square) in squares.iter_mut().enumerate() {
        if occupancy[i / 8] >> (i % 8) & 1 == 0 {
            continue;
        }
        let code = get_bits(packed, &mut bit, bits) as usize;
        if code / 2 >= variant.pieces.len() {
            return Err(UnpackError::Invalid("piece index"));
        }
        *square = Some((code / 2, code % 2 == 0, promoted.next().unwrap_or(false)));
    }
    // The base of each marked piece of a shared type, by square.
    let mut bases: Vec<Option<usize>> = vec![None; total];
    if has_shared_types(variant) && variant.promotion_marked {
        let marked: Vec<usize> = (0..total)
            .filter(|&i| matches!(squares[i], Some((t, _, true)) if shared_type(variant, t)))
            .collect();
        let slots = bytes
            .get(at..at + (marked.len() * 3).div_ceil(8))
            .ok_or(UnpackError::Truncated("promotion bases"))?;
        at += slots.len();
        let mut bit = 0;
        for i in marked {
            let slot = get_bits(slots, &mut bit, 3) as usize;
            let (t, _, _) = squares[i].unwrap_or_default();
            bases[i] = Some(
                variant
                    .promotion_bases(t)
                    .nth(slot)
                    .ok_or(UnpackError::Invalid("promotion base"))?,
            );
        }
    }
    let head = *bytes.get(at).ok_or(UnpackError::Truncated("fen fields"))?;
    at += 1;
    let len = usize::from(head & 0x7f);
    let rest = bytes
        .get(at..at + len)
        .ok_or(UnpackError::Truncated("fen fields"))?;
    let rest = std::str::from_utf8(rest).map_err(|_| UnpackError::Invalid("fen fields"))?;
    if !rest.is_ascii() {
        return Err(UnpackError::Invalid("fen fields"));
    }
    let rest = lengthen_holdings(rest)?;
    let rest = rest.as_str();
    at += len;
    let half = read_varint(bytes, &mut at)?;
    let full = read_varint(bytes, &mut at)?;
    if at != bytes.len() {
        return Err(UnpackError::Invalid("trailing bytes"));
    }
    let mut fen = String::new();
    for rank in (0..usize::from(h)).rev() {
        let mut empty = 0;
        for file in 0..usize::from(w) {
            match squares[rank * usize::from(w) + file] {
                None if walls[rank * usize::from(w) + file] => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push('*');
                }
                None => empty += 1,
                Some((index, white, promoted)) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    // A marked shogi-style promoted piece is `+` and its base.
                    let base = variant
                        .promotion_bases(index)
                        .next()
                        .filter(|_| promoted && variant.promotion_marked)
                        .map(|first| bases[rank * usize::from(w) + file].unwrap_or(first));
                    if base.is_some() {
                        fen.push('+');
                    }
                    let c = variant.pieces[base.unwrap_or(index)].letter;
                    fen.push(if white { c.to_ascii_uppercase() } else { c });
                    if promoted && base.is_none() {
                        fen.push('~');
                    }
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
    // The holdings suffix (if any) joins the placement; the rest are fields.
    let (suffix, fields) = match rest.strip_prefix('[') {
        Some(_) => rest.split_once(' ').unwrap_or((rest, "")),
        None => ("", rest.trim_start()),
    };
    fen.push_str(suffix);
    fen.push_str(if head & 0x80 != 0 { " b" } else { " w" });
    if !fields.is_empty() {
        fen.push(' ');
        fen.push_str(fields);
    }
    fen.push_str(&format!(" {half} {full}"));
    Ok(fen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlchess_types::XorShift64;

    #[test]
    fn long_holdings_are_shortened_and_read_back() {
        let othello = "[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppp] KQkq -";
        let short = shorten_holdings(othello);
        assert_eq!(short, "[P60p6] KQkq -");
        assert_eq!(lengthen_holdings(&short).unwrap(), othello);
        for kept in ["[PPPnb]", "[] w", "KQkq -", "[Q~p]"] {
            assert_eq!(shorten_holdings(kept), kept);
            assert_eq!(lengthen_holdings(kept).unwrap(), kept);
        }
        for bad in ["[P3]", "[P256]", "[P9999999999999999999999]", "[99]"] {
            assert!(lengthen_holdings(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn random_games_of_every_builtin_round_trip() {
        let mut rng = XorShift64::new(0x1234_5678_9abc_def0);
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
                let seed = rng.next_u64();
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
        let mut rng = XorShift64::new(5);
        for _ in 0..3000 {
            let seed = rng.next_u64();
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
