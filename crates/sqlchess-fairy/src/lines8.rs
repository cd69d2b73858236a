//! Slides along the four lines through a square of an 8×8 board held in a
//! `u64` (bit `rank * 8 + file`), computed for a whole line at once:
//! files and diagonals by subtraction from both ends (the byte swap turns
//! the board upside down, so the "ends" are the two directions of the
//! line), ranks by a table of the 64 inner occupancies of a rank. A rook,
//! bishop or queen on such a board costs two to four of these in place of
//! one ray scan per direction.
//!
//! The tables are built at compile time; [`slides`] is checked square by
//! square against plain ray walking in the tests.

/// The squares of `sq`'s file, rank, diagonal and anti-diagonal, `sq`
/// itself left out.
const fn masks() -> [[u64; 3]; 64] {
    let mut out = [[0u64; 3]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut other = 0;
        while other < 64 {
            let (f, r) = ((other % 8) as i32, (other / 8) as i32);
            if other != sq {
                let bit = 1u64 << other;
                if f == file {
                    out[sq][0] |= bit;
                }
                if f - file == r - rank {
                    out[sq][1] |= bit;
                }
                if f - file == rank - r {
                    out[sq][2] |= bit;
                }
            }
            other += 1;
        }
        sq += 1;
    }
    out
}

/// Per square: its file, diagonal and anti-diagonal masks.
static MASKS: [[u64; 3]; 64] = masks();

/// Per file of the slider and per occupancy of the six inner squares of
/// its rank, the squares of the rank (as bits 0..8) it reaches.
const fn rank_table() -> [[u8; 64]; 8] {
    let mut out = [[0u8; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occ = (inner << 1) as u8;
            let mut reach = 0u8;
            let mut f = file + 1;
            while f < 8 {
                reach |= 1 << f;
                if occ & (1 << f) != 0 {
                    break;
                }
                f += 1;
            }
            let mut f = file as i32 - 1;
            while f >= 0 {
                reach |= 1 << f;
                if occ & (1 << f) != 0 {
                    break;
                }
                f -= 1;
            }
            out[file][inner] = reach;
            inner += 1;
        }
        file += 1;
    }
    out
}

static RANKS: [[u8; 64]; 8] = rank_table();

/// The squares of the line `mask` through `sq` that a slider on `sq`
/// reaches, both ways, with occupancy `occ`: the first piece each way
/// included.
#[inline(always)]
fn line(sq: usize, occ: u64, mask: u64) -> u64 {
    let s = 1u64 << sq;
    let o = occ & mask;
    let up = o.wrapping_sub(s.wrapping_mul(2));
    let down = o
        .swap_bytes()
        .wrapping_sub(s.swap_bytes().wrapping_mul(2))
        .swap_bytes();
    (up ^ down) & mask
}

/// The squares a slider on `sq` reaches along its rank and file
/// (`orthogonal`) and its diagonals (`diagonal`), each way up to and
/// including the first occupied square.
#[inline(always)]
pub(crate) fn slides(sq: usize, occ: u64, orthogonal: bool, diagonal: bool) -> u64 {
    let sq = sq & 63;
    let masks = &MASKS[sq];
    let mut out = 0;
    if orthogonal {
        let (file, rank) = (sq % 8, sq / 8);
        let inner = ((occ >> (rank * 8 + 1)) & 63) as usize;
        out |= line(sq, occ, masks[0]) | (u64::from(RANKS[file][inner]) << (rank * 8));
    }
    if diagonal {
        out |= line(sq, occ, masks[1]) | line(sq, occ, masks[2]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Walks each of the eight directions square by square.
    fn walked(sq: usize, occ: u64, orthogonal: bool, diagonal: bool) -> u64 {
        let mut dirs: Vec<(i32, i32)> = Vec::new();
        if orthogonal {
            dirs.extend([(1, 0), (-1, 0), (0, 1), (0, -1)]);
        }
        if diagonal {
            dirs.extend([(1, 1), (-1, 1), (1, -1), (-1, -1)]);
        }
        let mut out = 0;
        for (dx, dy) in dirs {
            let (mut f, mut r) = ((sq % 8) as i32 + dx, (sq / 8) as i32 + dy);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                let bit = 1u64 << (r * 8 + f);
                out |= bit;
                if occ & bit != 0 {
                    break;
                }
                f += dx;
                r += dy;
            }
        }
        out
    }

    #[test]
    fn slides_match_walking() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Sparse and dense boards alike.
            let occ = match round % 3 {
                0 => x,
                1 => x & (x >> 3),
                _ => x & (x >> 3) & (x >> 5),
            };
            for sq in 0..64 {
                for (o, d) in [(true, false), (false, true), (true, true)] {
                    assert_eq!(
                        slides(sq, occ, o, d),
                        walked(sq, occ, o, d),
                        "square {sq}, occupancy {occ:#x}, orthogonal {o}, diagonal {d}"
                    );
                }
            }
        }
    }
}
