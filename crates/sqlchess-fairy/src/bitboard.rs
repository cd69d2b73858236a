//! A 256-bit set of squares on the fixed 16×16 frame.
//!
//! Bit `rank * 16 + file` stands for a square. Every board from 1×1 to 16×16
//! lives in the same frame, so tables and shifts never depend on the width;
//! squares outside the board are simply never set (callers mask with the
//! board's own set).

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares of the 16×16 frame, one bit per square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bb256(pub [u64; 4]);

impl Bb256 {
    /// The empty set.
    pub const EMPTY: Bb256 = Bb256([0; 4]);
    /// All 256 squares of the frame.
    pub const FULL: Bb256 = Bb256([u64::MAX; 4]);

    /// The set holding only frame index `idx` (0..256).
    #[inline]
    pub const fn from_index(idx: usize) -> Bb256 {
        let mut w = [0u64; 4];
        w[idx >> 6] = 1u64 << (idx & 63);
        Bb256(w)
    }

    /// Whether no square is set.
    #[inline]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// Whether frame index `idx` is set.
    #[inline]
    pub fn has(&self, idx: usize) -> bool {
        self.0[idx >> 6] >> (idx & 63) & 1 != 0
    }

    /// Adds frame index `idx`.
    #[inline]
    pub fn set(&mut self, idx: usize) {
        self.0[idx >> 6] |= 1u64 << (idx & 63);
    }

    /// Removes frame index `idx`.
    #[inline]
    pub fn clear(&mut self, idx: usize) {
        self.0[idx >> 6] &= !(1u64 << (idx & 63));
    }

    /// Flips frame index `idx`.
    #[inline]
    pub fn toggle(&mut self, idx: usize) {
        self.0[idx >> 6] ^= 1u64 << (idx & 63);
    }

    /// Number of squares in the set.
    #[inline]
    pub fn count(&self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    /// Lowest frame index in the set, if any.
    #[inline]
    pub fn lsb(&self) -> Option<usize> {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// Highest frame index in the set, if any.
    #[inline]
    pub fn msb(&self) -> Option<usize> {
        for i in (0..4).rev() {
            let w = self.0[i];
            if w != 0 {
                return Some(i * 64 + 63 - w.leading_zeros() as usize);
            }
        }
        None
    }

    /// Removes and returns the lowest frame index.
    #[inline]
    pub fn pop_lsb(&mut self) -> Option<usize> {
        for i in 0..4 {
            let w = self.0[i];
            if w != 0 {
                self.0[i] = w & (w - 1);
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// Whether the two sets share a square.
    #[inline]
    pub fn intersects(&self, other: &Bb256) -> bool {
        ((self.0[0] & other.0[0])
            | (self.0[1] & other.0[1])
            | (self.0[2] & other.0[2])
            | (self.0[3] & other.0[3]))
            != 0
    }

    /// Iterates over the frame indices in the set, lowest first.
    #[inline]
    pub fn iter(self) -> Bb256Iter {
        Bb256Iter(self)
    }
}

/// Iterator over the frame indices of a [`Bb256`].
#[derive(Clone, Copy, Debug)]
pub struct Bb256Iter(Bb256);

impl Iterator for Bb256Iter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        self.0.pop_lsb()
    }
}

impl core::fmt::Debug for Bb256 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bb256 {
            type Output = Bb256;
            #[inline]
            fn $f(self, o: Bb256) -> Bb256 {
                Bb256([self.0[0] $op o.0[0], self.0[1] $op o.0[1], self.0[2] $op o.0[2], self.0[3] $op o.0[3]])
            }
        }
        impl $atr for Bb256 {
            #[inline]
            fn $af(&mut self, o: Bb256) {
                *self = *self $op o;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bb256 {
    type Output = Bb256;
    #[inline]
    fn not(self) -> Bb256 {
        Bb256([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

/// The square-set operations move generation needs, for the 256-bit frame
/// ([`Bb256`]) and the compact layouts used when a board has at most 64
/// (`u64`) or 128 squares (`u128`: 10×8 Capablanca, 10×10 Grand), which cut
/// the work per operation.
pub(crate) trait Bits:
    Copy
    + Eq
    + Default
    + core::fmt::Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    const EMPTY: Self;
    const FULL: Self;
    /// Largest number of squares.
    const CAPACITY: usize;
    fn from_index(idx: usize) -> Self;
    fn is_empty(&self) -> bool;
    fn has(&self, idx: usize) -> bool;
    fn set(&mut self, idx: usize);
    fn clear(&mut self, idx: usize);
    fn count(&self) -> u32;
    fn lsb(&self) -> Option<usize>;
    fn msb(&self) -> Option<usize>;
    fn pop_lsb(&mut self) -> Option<usize>;
    /// Every square moved `n` indices up (towards higher indices); squares
    /// pushed past the top are lost.
    fn shl(self, n: usize) -> Self;
    /// Every square moved `n` indices down; squares pushed below 0 are lost.
    fn shr(self, n: usize) -> Self;
    /// On an 8×8 board held in 64 bits (bit `rank * 8 + file`), the squares
    /// a slider on `sq` reaches along its rank and file (`orthogonal`) and
    /// its diagonals (`diagonal`), up to and including the first piece each
    /// way; `None` for the wider sets, whose boards are scanned ray by ray.
    #[inline]
    fn slides_8x8(_sq: usize, _occ: &Self, _orthogonal: bool, _diagonal: bool) -> Option<Self> {
        None
    }
    #[inline]
    fn intersects(&self, other: &Self) -> bool {
        !(*self & *other).is_empty()
    }
    #[inline]
    fn iter(self) -> BitsIter<Self> {
        BitsIter(self)
    }
}

/// Iterator over the indices of a [`Bits`] set, lowest first.
pub(crate) struct BitsIter<B>(B);

impl<B: Bits> Iterator for BitsIter<B> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        self.0.pop_lsb()
    }
}

impl Bits for Bb256 {
    const EMPTY: Self = Bb256::EMPTY;
    const FULL: Self = Bb256::FULL;
    const CAPACITY: usize = 256;
    #[inline]
    fn from_index(idx: usize) -> Self {
        Bb256::from_index(idx)
    }
    #[inline]
    fn is_empty(&self) -> bool {
        Bb256::is_empty(self)
    }
    #[inline]
    fn has(&self, idx: usize) -> bool {
        Bb256::has(self, idx)
    }
    #[inline]
    fn set(&mut self, idx: usize) {
        Bb256::set(self, idx)
    }
    #[inline]
    fn clear(&mut self, idx: usize) {
        Bb256::clear(self, idx)
    }
    #[inline]
    fn count(&self) -> u32 {
        Bb256::count(self)
    }
    #[inline]
    fn lsb(&self) -> Option<usize> {
        Bb256::lsb(self)
    }
    #[inline]
    fn msb(&self) -> Option<usize> {
        Bb256::msb(self)
    }
    #[inline]
    fn pop_lsb(&mut self) -> Option<usize> {
        Bb256::pop_lsb(self)
    }
    #[inline]
    fn intersects(&self, other: &Self) -> bool {
        Bb256::intersects(self, other)
    }
    fn shl(self, n: usize) -> Self {
        let mut out = [0u64; 4];
        let (words, bits) = (n / 64, n % 64);
        for i in (words..4).rev() {
            let src = i - words;
            out[i] = self.0[src] << bits;
            if bits > 0 && src > 0 {
                out[i] |= self.0[src - 1] >> (64 - bits);
            }
        }
        Bb256(out)
    }
    fn shr(self, n: usize) -> Self {
        let mut out = [0u64; 4];
        let (words, bits) = (n / 64, n % 64);
        for (i, word) in out
            .iter_mut()
            .enumerate()
            .take(4usize.saturating_sub(words))
        {
            let src = i + words;
            *word = self.0[src] >> bits;
            if bits > 0 && src + 1 < 4 {
                *word |= self.0[src + 1] << (64 - bits);
            }
        }
        Bb256(out)
    }
}

impl Bits for u128 {
    const EMPTY: Self = 0;
    const FULL: Self = u128::MAX;
    const CAPACITY: usize = 128;
    #[inline]
    fn from_index(idx: usize) -> Self {
        1u128 << idx
    }
    #[inline]
    fn is_empty(&self) -> bool {
        *self == 0
    }
    #[inline]
    fn has(&self, idx: usize) -> bool {
        (*self >> idx) & 1 != 0
    }
    #[inline]
    fn set(&mut self, idx: usize) {
        *self |= 1u128 << idx
    }
    #[inline]
    fn clear(&mut self, idx: usize) {
        *self &= !(1u128 << idx)
    }
    #[inline]
    fn count(&self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn lsb(&self) -> Option<usize> {
        (*self != 0).then(|| self.trailing_zeros() as usize)
    }
    #[inline]
    fn msb(&self) -> Option<usize> {
        (*self != 0).then(|| 127 - self.leading_zeros() as usize)
    }
    #[inline]
    fn pop_lsb(&mut self) -> Option<usize> {
        if *self == 0 {
            return None;
        }
        let i = self.trailing_zeros() as usize;
        *self &= *self - 1;
        Some(i)
    }
    #[inline]
    fn shl(self, n: usize) -> Self {
        self.checked_shl(n as u32).unwrap_or(0)
    }
    #[inline]
    fn shr(self, n: usize) -> Self {
        self.checked_shr(n as u32).unwrap_or(0)
    }
}

impl Bits for u64 {
    const EMPTY: Self = 0;
    const FULL: Self = u64::MAX;
    const CAPACITY: usize = 64;
    #[inline]
    fn from_index(idx: usize) -> Self {
        1u64 << idx
    }
    #[inline]
    fn is_empty(&self) -> bool {
        *self == 0
    }
    #[inline]
    fn has(&self, idx: usize) -> bool {
        (*self >> idx) & 1 != 0
    }
    #[inline]
    fn set(&mut self, idx: usize) {
        *self |= 1u64 << idx
    }
    #[inline]
    fn clear(&mut self, idx: usize) {
        *self &= !(1u64 << idx)
    }
    #[inline]
    fn count(&self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn lsb(&self) -> Option<usize> {
        (*self != 0).then(|| self.trailing_zeros() as usize)
    }
    #[inline]
    fn msb(&self) -> Option<usize> {
        (*self != 0).then(|| 63 - self.leading_zeros() as usize)
    }
    #[inline]
    fn pop_lsb(&mut self) -> Option<usize> {
        if *self == 0 {
            return None;
        }
        let i = self.trailing_zeros() as usize;
        *self &= *self - 1;
        Some(i)
    }
    #[inline]
    fn shl(self, n: usize) -> Self {
        self.checked_shl(n as u32).unwrap_or(0)
    }
    #[inline]
    fn shr(self, n: usize) -> Self {
        self.checked_shr(n as u32).unwrap_or(0)
    }
    /// From the standard board's magic tables (`sqlchess_types::attacks`):
    /// the same layout, bit `rank * 8 + file`.
    #[inline]
    fn slides_8x8(sq: usize, occ: &Self, orthogonal: bool, diagonal: bool) -> Option<Self> {
        use sqlchess_types::{attacks, Bitboard, Square};
        let (sq, occ) = (Square::new((sq & 63) as u32), Bitboard(*occ));
        let mut out = 0;
        if orthogonal {
            out |= attacks::rook_attacks(sq, occ).0;
        }
        if diagonal {
            out |= attacks::bishop_attacks(sq, occ).0;
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 8×8 slides agree with walking each ray square by square.
    #[test]
    fn slides_8x8_match_walking() {
        let walked = |sq: usize, occ: u64, dirs: &[(i32, i32)]| {
            let mut out = 0u64;
            for &(dx, dy) in dirs {
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
        };
        let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diag = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..500 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = if round % 2 == 0 { x } else { x & (x >> 3) };
            for sq in 0..64 {
                let both = [orth, diag].concat();
                assert_eq!(
                    <u64 as Bits>::slides_8x8(sq, &occ, true, false),
                    Some(walked(sq, occ, &orth))
                );
                assert_eq!(
                    <u64 as Bits>::slides_8x8(sq, &occ, false, true),
                    Some(walked(sq, occ, &diag))
                );
                assert_eq!(
                    <u64 as Bits>::slides_8x8(sq, &occ, true, true),
                    Some(walked(sq, occ, &both))
                );
            }
        }
    }

    #[test]
    fn shifts_agree_across_widths() {
        for n in [0, 1, 7, 8, 15, 16, 17, 63, 64, 65, 200] {
            for i in [0usize, 1, 37, 63] {
                let small = <u64 as Bits>::from_index(i);
                let wide = Bb256::from_index(i);
                let up: Vec<usize> = Bits::shl(wide, n).iter().collect();
                let expect_up: Vec<usize> = (i + n < 256).then_some(i + n).into_iter().collect();
                assert_eq!(up, expect_up, "Bb256 {i} << {n}");
                let down: Vec<usize> = Bits::shr(wide, n).iter().collect();
                assert_eq!(
                    down,
                    i.checked_sub(n).into_iter().collect::<Vec<_>>(),
                    "Bb256 {i} >> {n}"
                );
                let up64: Vec<usize> = Bits::shl(small, n).iter().collect();
                assert_eq!(
                    up64,
                    (i + n < 64)
                        .then_some(i + n)
                        .into_iter()
                        .collect::<Vec<_>>()
                );
                let down128: Vec<usize> = Bits::shr(<u128 as Bits>::from_index(i + 64), n)
                    .iter()
                    .collect();
                assert_eq!(
                    down128,
                    (i + 64).checked_sub(n).into_iter().collect::<Vec<_>>()
                );
            }
        }
    }

    #[test]
    fn bits_round_trip() {
        let mut b = Bb256::EMPTY;
        for i in [0, 63, 64, 130, 255] {
            b.set(i);
        }
        assert_eq!(b.count(), 5);
        assert_eq!(b.lsb(), Some(0));
        assert_eq!(b.msb(), Some(255));
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![0, 63, 64, 130, 255]);
        b.clear(255);
        assert_eq!(b.msb(), Some(130));
        assert!(b.has(64) && !b.has(65));
    }
}
