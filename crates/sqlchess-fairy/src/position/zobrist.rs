//! Zobrist hashing of fairy positions: pieces on squares, the side to move,
//! pieces in hand, castling and gating rights, the en-passant square,
//! walls, crazyhouse's promotion marks (and which piece a marked piece was,
//! where several promote to its type) and three-check's checks left. Clocks
//! are left out, so positions that differ only in their clocks hash alike
//! (as in sqlchess-core).

use std::sync::OnceLock;

use super::{to_frame, Inner, Position, NO_SQ};
use crate::bitboard::Bits;

/// The random keys, one table for every variant: indices are piece kinds
/// (at most 32) and squares of the 16×16 frame.
struct Keys {
    /// `[piece][colour][frame square]`.
    pieces: Vec<u64>,
    /// `[colour][piece]`, multiplied by the count in hand.
    hand: [[u64; 32]; 2],
    /// Per frame square: a castling rook, a gating square, an en-passant
    /// square, a promoted piece.
    castle: [u64; 256],
    gate: [u64; 256],
    ep: [u64; 256],
    promoted: [u64; 256],
    wall: [u64; 256],
    black: u64,
    /// `[colour][checks left]`, for check counting.
    checks: [[u64; 256]; 2],
    /// `[bit][frame square]`: the bits of a marked piece's base slot
    /// (drawn after the others, which stay as they were).
    base_slot: [[u64; 256]; 3],
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut s = 0x5eed_5eed_u64;
        let mut next = || splitmix(&mut s);
        let pieces = (0..32 * 2 * 256).map(|_| next()).collect();
        let mut hand = [[0; 32]; 2];
        hand.iter_mut().flatten().for_each(|k| *k = next());
        let mut table = || {
            let mut t = [0u64; 256];
            t.iter_mut().for_each(|k| *k = next());
            t
        };
        let (castle, gate, ep, promoted) = (table(), table(), table(), table());
        let black = next();
        let mut checks = [[0u64; 256]; 2];
        checks.iter_mut().flatten().for_each(|k| *k = next());
        let mut wall = [0u64; 256];
        wall.iter_mut().for_each(|k| *k = next());
        let mut base_slot = [[0u64; 256]; 3];
        base_slot.iter_mut().flatten().for_each(|k| *k = next());
        Keys {
            base_slot,
            pieces,
            hand,
            castle,
            gate,
            ep,
            promoted,
            wall,
            black,
            checks,
        }
    })
}

/// The key of a piece of type `t` and colour `c` on frame square `frame`.
#[inline]
pub(super) fn piece_key(t: usize, c: usize, frame: usize) -> u64 {
    keys().pieces[(t * 2 + c) * 256 + frame]
}

impl Position {
    /// The 64-bit Zobrist hash of everything but the clocks.
    ///
    /// ```
    /// use sqlchess_fairy::{Position, Variant};
    /// let v = Variant::builtin("capablanca").unwrap();
    /// let a = Position::start(&v);
    /// assert_eq!(a.zobrist(), a.with_clocks(9, 30).zobrist());
    /// let b = a.play(a.parse_uci("e2e4").unwrap());
    /// assert_ne!(a.zobrist(), b.zobrist());
    /// ```
    pub fn zobrist(&self) -> u64 {
        with!(self, |r, st| {
            let k = keys();
            let frame = |i: usize| to_frame(i, r.stride);
            let mut h = if st.side == 1 { k.black } else { 0 };
            h ^= st.piece_key;
            for c in 0..2 {
                // Most variants never hold a piece in hand: one compare
                // spares them the walk over every piece type.
                if st.hand[c] != [0; 32] {
                    for (t, &n) in st.hand[c].iter().enumerate() {
                        h ^= k.hand[c][t].wrapping_mul(u64::from(n));
                    }
                }
                for &rook in &st.castle[c] {
                    if rook != NO_SQ {
                        h ^= k.castle[frame(rook as usize)];
                    }
                }
            }
            for sq in st.gate.iter() {
                h ^= k.gate[frame(sq)];
            }
            for sq in st.promoted.iter() {
                h ^= k.promoted[frame(sq)];
            }
            for (bit, slots) in st.base_slot.iter().enumerate() {
                for sq in slots.iter() {
                    h ^= k.base_slot[bit][frame(sq)];
                }
            }
            for sq in st.walls.iter() {
                h ^= k.wall[frame(sq)];
            }
            if st.ep_second != NO_SQ {
                h ^= k.ep[frame(st.ep_second as usize)];
            }
            if st.ep != NO_SQ {
                h ^= k.ep[frame(st.ep as usize)];
            }
            if r.v.check_counting {
                h ^=
                    k.checks[0][usize::from(st.checks[0])] ^ k.checks[1][usize::from(st.checks[1])];
            }
            h
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;
    use sqlchess_types::XorShift64;

    /// The pieces' keys as the hash read them before they were kept as
    /// pieces move: a walk over the board.
    fn pieces_walked(pos: &Position) -> u64 {
        with!(pos, |r, st| {
            let mut h = 0;
            for c in 0..2 {
                for sq in st.by_color[c].iter() {
                    let t = (st.board[sq] as usize - 1) & 31;
                    h ^= piece_key(t, c, to_frame(sq, r.stride));
                }
            }
            h
        })
    }

    /// Every move of random games in every built-in variant (drops,
    /// promotions, captures to hand, gating, castling, en passant, blasts)
    /// keeps the pieces' key equal to the walk over the board.
    #[test]
    fn kept_piece_keys_match_the_board_in_every_variant() {
        let mut rng = XorShift64::new(0x2b7e_1516_28ae_d2a6);
        for name in crate::variant_names() {
            let v = Variant::builtin(name).unwrap();
            for _ in 0..3 {
                let mut pos = Position::start(&v);
                for _ in 0..120 {
                    let kept = with!(pos, |_r, st| st.piece_key);
                    assert_eq!(kept, pieces_walked(&pos), "{name}: {}", pos.fen());
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let seed = rng.next_u64();
                    pos = pos.play(moves[(seed % moves.len() as u64) as usize]);
                }
            }
        }
    }
}
