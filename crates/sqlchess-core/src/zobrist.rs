//! Zobrist hashing: a 64-bit key per position, updated incrementally by moves.
//!
//! The keys are pseudo-random numbers from a fixed-seed SplitMix64 sequence,
//! computed at compile time, so hashes are stable across builds and machines.

use sqlchess_types::{Bitboard, Color, Role, Square};

/// One step of SplitMix64: the next state and its output. A `const fn`, so
/// the key tables are built at compile time.
pub const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// A small seeded generator (SplitMix64) for reproducible random choices:
/// openings of self-play games, benchmark positions.
///
/// ```
/// use sqlchess_core::zobrist::SplitMix64;
/// let (mut a, mut b) = (SplitMix64(7), SplitMix64(7));
/// assert_eq!(a.next_u64(), b.next_u64());
/// ```
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next number of the sequence.
    pub fn next_u64(&mut self) -> u64 {
        let (state, out) = splitmix(self.0);
        self.0 = state;
        out
    }
}

struct Keys {
    pieces: [[[u64; 64]; 6]; 2],
    castling: [u64; 64],
    ep_file: [u64; 8],
    black_to_move: u64,
}

static KEYS: Keys = {
    let mut state = 0x5eed_c0de_0000_0001u64;
    let mut pieces = [[[0u64; 64]; 6]; 2];
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 6 {
            let mut s = 0;
            while s < 64 {
                let (next, key) = splitmix(state);
                state = next;
                pieces[c][r][s] = key;
                s += 1;
            }
            r += 1;
        }
        c += 1;
    }
    let mut castling = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let (next, key) = splitmix(state);
        state = next;
        castling[s] = key;
        s += 1;
    }
    let mut ep_file = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        let (next, key) = splitmix(state);
        state = next;
        ep_file[f] = key;
        f += 1;
    }
    let (_, black_to_move) = splitmix(state);
    Keys {
        pieces,
        castling,
        ep_file,
        black_to_move,
    }
};

/// The key of a piece of `color` and `role` on `sq`.
#[inline]
pub fn piece_key(color: Color, role: Role, sq: Square) -> u64 {
    KEYS.pieces[color as usize][role as usize][sq as usize]
}

/// The combined key of a set of castling rights (rook squares).
#[inline]
pub fn castling_key(rights: Bitboard) -> u64 {
    rights
        .into_iter()
        .fold(0, |acc, sq| acc ^ KEYS.castling[sq as usize])
}

/// The key of an en-passant square (only its file matters).
#[inline]
pub fn ep_key(sq: Square) -> u64 {
    KEYS.ep_file[sq.file() as usize]
}

/// The key toggled when it is Black's turn.
#[inline]
pub fn turn_key() -> u64 {
    KEYS.black_to_move
}
