//! Attack tables for the 8×8 board, all computed at compile time.
//!
//! Leapers and pawns are `const fn` tables; sliders use magic bitboards
//! whose multipliers and tables the build script finds and writes out.

use crate::{Bitboard, Color, Role, Square};

pub(crate) struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

include!(concat!(env!("OUT_DIR"), "/magics.rs"));

const fn leaper_table(deltas: &[(i32, i32)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut bits = 0u64;
        let mut i = 0;
        while i < deltas.len() {
            if let Some(to) = Square::new(sq as u32).offset(deltas[i].0, deltas[i].1) {
                bits |= 1 << to as u32;
            }
            i += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

static KNIGHT_ATTACKS: [Bitboard; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

static KING_ATTACKS: [Bitboard; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);

static PAWN_ATTACKS: [[Bitboard; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

const fn ray(sq: Square, dx: i32, dy: i32) -> u64 {
    let mut bits = 0u64;
    let mut cur = sq.offset(dx, dy);
    while let Some(s) = cur {
        bits |= 1 << s as u32;
        cur = s.offset(dx, dy);
    }
    bits
}

/// The eight directions of a king's step, as (file, rank) offsets:
/// orthogonal first, then diagonal.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` on a line, else empty.
/// `LINE[a][b]`: the whole line through `a` and `b` (both included), else empty.
static LINES: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = {
    let mut between = [[Bitboard::EMPTY; 64]; 64];
    let mut line = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let sa = Square::new(a as u32);
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = DIRECTIONS[d];
            let full = ray(sa, dx, dy) | ray(sa, -dx, -dy) | (1 << a);
            let mut bits = 0u64;
            let mut cur = sa.offset(dx, dy);
            while let Some(s) = cur {
                between[a][s as usize] = Bitboard(bits);
                line[a][s as usize] = Bitboard(full);
                bits |= 1 << s as u32;
                cur = s.offset(dx, dy);
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
};

/// Squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT_ATTACKS[sq as usize]
}

/// Squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING_ATTACKS[sq as usize]
}

/// Squares a pawn of `color` on `sq` attacks (its diagonal captures).
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN_ATTACKS[color as usize][sq as usize]
}

#[inline]
fn magic_lookup(m: &Magic, occupied: Bitboard) -> Bitboard {
    let index = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    Bitboard(SLIDER_ATTACKS[m.offset + index])
}

/// Squares a rook on `sq` attacks given the `occupied` squares (blockers included).
///
/// ```
/// use sqlchess_types::{attacks, Bitboard, Square};
/// assert_eq!(attacks::rook_attacks(Square::A1, Bitboard::EMPTY).count(), 14);
/// ```
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&ROOK_MAGICS[sq as usize], occupied)
}

/// The files a rook on `file` of a rank attacks along it, by the occupancy
/// of the rank's six inner files (bits 1 to 6, shifted down by one).
const RANK_ATTACKS: [[u8; 64]; 8] = {
    let mut t = [[0u8; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occupied = (inner as u32) << 1;
            let mut bits = 0u8;
            let mut f = file as i32 + 1;
            while f < 8 {
                bits |= 1 << f;
                if occupied & (1 << f) != 0 {
                    break;
                }
                f += 1;
            }
            f = file as i32 - 1;
            while f >= 0 {
                bits |= 1 << f;
                if occupied & (1 << f) != 0 {
                    break;
                }
                f -= 1;
            }
            t[file][inner] = bits;
            inner += 1;
        }
        file += 1;
    }
    t
};

/// The a-file.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// Multiplying the a-file's inner ranks by this gathers them in the top six
/// bits (in some order: [`FILE_ATTACKS`] is built through the same map).
const FILE_GATHER: u64 = 0x0080_4020_1008_0400;

/// The index of the a-file occupancy `column` (a-file bits only) in
/// [`FILE_ATTACKS`].
#[inline]
const fn file_index(column: u64) -> usize {
    (column.wrapping_mul(FILE_GATHER) >> 58) as usize
}

/// The a-file squares a rook on the a-file's `rank` attacks, by
/// [`file_index`] of the a-file's occupancy.
const FILE_ATTACKS: [[u64; 64]; 8] = {
    let mut t = [[0u64; 64]; 8];
    let mut rank = 0;
    while rank < 8 {
        let mut inner = 0;
        while inner < 64 {
            // Inner ranks 2 to 7 occupied as the bits of `inner` say.
            let mut column = 0u64;
            let mut i = 0;
            while i < 6 {
                if inner & (1 << i) != 0 {
                    column |= 1 << (8 * (i + 1));
                }
                i += 1;
            }
            let mut bits = 0u64;
            let mut r = rank as i32 + 1;
            while r < 8 {
                bits |= 1 << (8 * r);
                if column & (1 << (8 * r)) != 0 {
                    break;
                }
                r += 1;
            }
            r = rank as i32 - 1;
            while r >= 0 {
                bits |= 1 << (8 * r);
                if column & (1 << (8 * r)) != 0 {
                    break;
                }
                r -= 1;
            }
            t[rank][file_index(column)] = bits;
            inner += 1;
        }
        rank += 1;
    }
    t
};

/// [`rook_attacks`] computed from two small tables (4.5 KB, "kindergarten"
/// bitboards) instead of the 800 KB magic table: a few more instructions,
/// but no cache miss for a caller that runs between other work, such as a
/// PGN reader checking one move at a time. The same squares.
///
/// ```
/// use sqlchess_types::{attacks, Bitboard, Square};
/// let occupied = Bitboard(0x0000_1000_0010_0200);
/// assert_eq!(
///     attacks::rook_attacks_from_small_tables(Square::E4, occupied),
///     attacks::rook_attacks(Square::E4, occupied)
/// );
/// ```
#[inline]
pub fn rook_attacks_from_small_tables(sq: Square, occupied: Bitboard) -> Bitboard {
    let (file, rank) = (sq as u32 % 8, sq as u32 / 8);
    let inner = ((occupied.0 >> (8 * rank + 1)) & 0x3f) as usize;
    let along_rank = u64::from(RANK_ATTACKS[file as usize][inner]) << (8 * rank);
    let column = (occupied.0 >> file) & FILE_A;
    let along_file = FILE_ATTACKS[rank as usize][file_index(column)] << file;
    Bitboard(along_rank | along_file)
}

/// Squares a bishop on `sq` attacks given the `occupied` squares.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP_MAGICS[sq as usize], occupied)
}

/// Squares a queen on `sq` attacks given the `occupied` squares.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares a piece of `role` and `color` on `sq` attacks.
#[inline]
pub fn attacks(role: Role, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

/// The rank and file through `sq`, `sq` included: where a rook could attack
/// it from, computed without a table.
#[inline]
pub fn rook_lines(sq: Square) -> Bitboard {
    Bitboard::from_file(sq.file()) | Bitboard::from_rank(sq.rank())
}

/// Both diagonals through `sq`, `sq` included, from two small tables by
/// the diagonal's number: `file - rank` (mod 16) for one, `file + rank` for
/// the other.
#[inline]
pub fn bishop_lines(sq: Square) -> Bitboard {
    let (file, rank) = (sq as usize % 8, sq as usize / 8);
    Bitboard(DIAGONALS[(file + 8 - rank) & 15] | ANTI_DIAGONALS[file + rank])
}

/// The squares with `file - rank ≡ d (mod 16)`.
const DIAGONALS: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut sq = 0;
    while sq < 64 {
        t[(sq % 8 + 8 - sq / 8) & 15] |= 1 << sq;
        sq += 1;
    }
    t
};

/// The squares with `file + rank = d`.
const ANTI_DIAGONALS: [u64; 15] = {
    let mut t = [0u64; 15];
    let mut sq = 0;
    while sq < 64 {
        t[sq % 8 + sq / 8] |= 1 << sq;
        sq += 1;
    }
    t
};

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal; else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    LINES.0[a as usize][b as usize]
}

/// The whole line (edge to edge) through `a` and `b` if they share one; else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINES.1[a as usize][b as usize]
}

/// `true` if `a`, `b` and `c` lie on one rank, file or diagonal.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow_rays(sq: Square, occ: Bitboard, dirs: &[(i32, i32)]) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for &(dx, dy) in dirs {
            let mut cur = sq.offset(dx, dy);
            while let Some(s) = cur {
                bb.add(s);
                if occ.contains(s) {
                    break;
                }
                cur = s.offset(dx, dy);
            }
        }
        bb
    }

    /// The small-table rook attacks equal the magic ones, on sparse,
    /// dense and random boards.
    #[test]
    fn small_table_rooks_match_magics() {
        let mut rng = crate::XorShift64::new(21);
        for _ in 0..3000 {
            let (a, b) = (rng.next_u64(), rng.next_u64());
            for occ in [a & b, a, a | b, a & b & rng.next_u64(), 0, u64::MAX] {
                for sq in Square::ALL {
                    assert_eq!(
                        rook_attacks_from_small_tables(sq, Bitboard(occ)),
                        rook_attacks(sq, Bitboard(occ)),
                        "{sq:?} {occ:#x}"
                    );
                }
            }
        }
    }

    #[test]
    fn magics_match_ray_walk() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = Bitboard(x & (x >> 3));
            for sq in Square::ALL {
                assert_eq!(rook_attacks(sq, occ), slow_rays(sq, occ, &DIRECTIONS[..4]));
                assert_eq!(
                    bishop_attacks(sq, occ),
                    slow_rays(sq, occ, &DIRECTIONS[4..])
                );
            }
        }
    }

    #[test]
    fn empty_board_move_counts() {
        // The tutorials' counts of ordered (from, to) pairs on an empty board.
        let sum = |f: &dyn Fn(Square) -> Bitboard| -> usize {
            Square::ALL.iter().map(|&s| f(s).count()).sum()
        };
        assert_eq!(sum(&|s| rook_attacks(s, Bitboard::EMPTY)), 896);
        for sq in Square::ALL {
            let itself = Bitboard::from_square(sq);
            assert_eq!(rook_lines(sq), rook_attacks(sq, Bitboard::EMPTY) | itself);
            assert_eq!(
                bishop_lines(sq),
                bishop_attacks(sq, Bitboard::EMPTY) | itself
            );
        }
        assert_eq!(sum(&|s| bishop_attacks(s, Bitboard::EMPTY)), 560);
        assert_eq!(sum(&|s| queen_attacks(s, Bitboard::EMPTY)), 1456);
        assert_eq!(sum(&knight_attacks), 336);
        assert_eq!(sum(&king_attacks), 420);
    }

    #[test]
    fn no_wraparound() {
        assert!(!knight_attacks(Square::A1).contains(Square::H2));
        assert!(!knight_attacks(Square::H1).contains(Square::A2));
        assert!(!king_attacks(Square::H4).contains(Square::A5));
        assert_eq!(pawn_attacks(Color::White, Square::A2).count(), 1);
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(Square::A1, Square::D4).count(), 2);
        assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(line(Square::A1, Square::C3).count(), 8);
        assert!(aligned(Square::A1, Square::E5, Square::H8));
    }
}
