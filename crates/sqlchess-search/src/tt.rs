//! A fixed-size transposition table keyed by the game's hash, replacing by
//! depth, shared by the threads of one search (Lazy SMP).
//!
//! Each slot is three atomic words: the entry packed into two (its data
//! and its move, [`TableMove`]) and a check word, the key XORed with both.
//! Threads read and write the words without locks (relaxed loads and
//! stores, which are plain moves on x86-64); a slot read while another
//! thread writes it mixes two entries, fails its check and reads as
//! empty, so an entry is only ever read whole (Hyatt's lockless hashing).
//! Against the lock per slot this replaced, the same trees take the same
//! time, in 24 bytes an entry instead of 32: a third more entries for the
//! same `Hash`.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score says about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The exact value (a PV node).
    Exact,
    /// The value is at least the score (a beta cutoff).
    Lower,
    /// The value is at most the score (no move raised alpha).
    Upper,
}

impl Bound {
    /// What a search's result `best` says, for the window it was given
    /// (`alpha`, `beta`): at least `best` if it reached beta, exactly it
    /// if it raised alpha, at most it otherwise.
    pub fn of_result(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` of this bound settles a search with the
    /// window (`alpha`, `beta`), so that it may return the score at once.
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// A move the table can keep in one 64-bit word.
///
/// `from_bits(to_bits(m)) == Some(m)` for every move. Bits that no move
/// packs to may unpack to `None` or to any move: the search checks a
/// table's move against the legal moves before playing it, as it must
/// for a hash collision anyway.
pub trait TableMove: Copy {
    /// The move as a word.
    fn to_bits(self) -> u64;
    /// The move a word holds, if any.
    fn from_bits(bits: u64) -> Option<Self>;
}

impl TableMove for u8 {
    fn to_bits(self) -> u64 {
        u64::from(self)
    }
    fn from_bits(bits: u64) -> Option<u8> {
        u8::try_from(bits).ok()
    }
}

impl TableMove for u32 {
    fn to_bits(self) -> u64 {
        u64::from(self)
    }
    fn from_bits(bits: u64) -> Option<u32> {
        u32::try_from(bits).ok()
    }
}

/// One stored search result.
#[derive(Debug, Clone, Copy)]
pub struct Entry<M> {
    /// The full hash, to tell positions that share a slot apart.
    pub key: u64,
    /// The best move found, if any.
    pub mv: Option<M>,
    /// The score, with mate scores relative to this node (see the search).
    pub score: i32,
    /// The remaining depth it was searched to.
    pub depth: i16,
    /// Exact, lower or upper bound.
    pub bound: Bound,
    /// The search generation that wrote it.
    generation: u8,
}

/// The largest table in megabytes: UCI's `Hash` option, the CLI's
/// `--hash` and every other caller are bounded by it.
pub const MAX_HASH_MB: usize = 4096;

/// One slot: `check` is the key XORed with `data` and `mv`; all three are
/// zero while the slot is empty.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    /// Score (low 32 bits), depth (16), bound (2: 0 empty, then Exact,
    /// Lower, Upper), generation (8) and whether `mv` holds a move (1).
    data: AtomicU64,
    mv: AtomicU64,
}

const DEPTH_SHIFT: u32 = 32;
const BOUND_SHIFT: u32 = 48;
const GENERATION_SHIFT: u32 = 50;
const HAS_MOVE: u64 = 1 << 58;

fn pack_data(score: i32, depth: i16, bound: Bound, generation: u8, has_move: bool) -> u64 {
    let bound = match bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    u64::from(score as u32)
        | u64::from(depth as u16) << DEPTH_SHIFT
        | bound << BOUND_SHIFT
        | u64::from(generation) << GENERATION_SHIFT
        | if has_move { HAS_MOVE } else { 0 }
}

/// A fixed number of entries, one per slot.
///
/// A new result replaces the slot's entry when it is for the same position,
/// when the old entry was written by an earlier search, or when it was
/// searched at least as deep.
///
/// ```
/// use sqlchess_search::tt::{Bound, TranspositionTable};
/// let tt = TranspositionTable::<u8>::with_megabytes(1);
/// tt.store(42, Some(7), 100, 5, Bound::Exact);
/// let e = tt.probe(42).unwrap();
/// assert_eq!((e.mv, e.score, e.depth), (Some(7), 100, 5));
/// assert!(tt.probe(43).is_none());
/// ```
#[derive(Debug)]
pub struct TranspositionTable<M> {
    slots: Vec<Slot>,
    generation: AtomicU8,
    // Moves are kept as words: the table is shared whatever `M` is.
    moves: std::marker::PhantomData<fn() -> M>,
}

impl<M: TableMove> TranspositionTable<M> {
    /// A table using about `mb` megabytes, clamped to
    /// [`MAX_HASH_MB`] (and at least 1024 entries).
    pub fn with_megabytes(mb: usize) -> TranspositionTable<M> {
        let size = core::mem::size_of::<Slot>();
        let len = (mb.min(MAX_HASH_MB).saturating_mul(1 << 20) / size).max(1024);
        TranspositionTable {
            slots: (0..len).map(|_| Slot::default()).collect(),
            generation: AtomicU8::new(0),
            moves: std::marker::PhantomData,
        }
    }

    /// The number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// `true` if the table has no slots (never: at least 1024).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for slot in &self.slots {
            slot.check.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
            slot.mv.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search: older entries become replaceable.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        &self.slots[((key as u128 * self.slots.len() as u128) >> 64) as usize]
    }

    /// The slot's entry whole, whatever key it is for; `None` when empty
    /// or torn by a write under way.
    #[inline]
    fn read(slot: &Slot) -> Option<Entry<M>> {
        let check = slot.check.load(Ordering::Relaxed);
        let data = slot.data.load(Ordering::Relaxed);
        let mv = slot.mv.load(Ordering::Relaxed);
        let bound = match (data >> BOUND_SHIFT) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            key: check ^ data ^ mv,
            mv: if data & HAS_MOVE != 0 {
                M::from_bits(mv)
            } else {
                None
            },
            score: data as u32 as i32,
            depth: (data >> DEPTH_SHIFT) as u16 as i16,
            bound,
            generation: (data >> GENERATION_SHIFT) as u8,
        })
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        Self::read(self.slot(key)).filter(|e| e.key == key)
    }

    /// Stores a result for `key`.
    #[inline]
    pub fn store(&self, key: u64, mv: Option<M>, score: i32, depth: i16, bound: Bound) {
        let generation = self.generation.load(Ordering::Relaxed);
        let slot = self.slot(key);
        let mut mv = mv;
        if let Some(old) = Self::read(slot) {
            if old.key == key {
                if mv.is_none() {
                    mv = old.mv;
                }
            } else if old.generation == generation && depth < old.depth {
                return;
            }
        }
        let mv_bits = mv.map_or(0, M::to_bits);
        let data = pack_data(score, depth, bound, generation, mv.is_some());
        slot.check.store(key ^ data ^ mv_bits, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
        slot.mv.store(mv_bits, Ordering::Relaxed);
    }

    /// Permille of slots written by the current search (UCI `hashfull`), from a sample.
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let generation = self.generation.load(Ordering::Relaxed);
        let used = self.slots[..n]
            .iter()
            .filter(|slot| Self::read(slot).is_some_and(|e| e.generation == generation))
            .count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Threads storing and probing the same slots at once: every entry
    /// read back is one that was written whole (its score and move derive
    /// from its key), never a mix of two writes.
    ///
    /// The keys share a slot as positions' keys do (the same high bits)
    /// and differ in random low bits, and the move and score are a mix of
    /// the key, as unrelated to it as a real entry's: a torn read passes
    /// the key check only if the words it mixes happen to cancel. (With
    /// the move equal to the key's low bits and keys differing in two
    /// bits, a read of one write's check and data with another's move
    /// passed as the other key in about half the runs.)
    #[test]
    fn shared_between_threads_entries_stay_whole() {
        let tt = TranspositionTable::<u32>::with_megabytes(1);
        let slots = tt.len() as u64;
        let mix = |k: u64| {
            let k = (k ^ (k >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            k ^ (k >> 29)
        };
        // Low bits per thread: 40 bits, far below a slot's width.
        let low = |t: u64| (t + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 24;
        std::thread::scope(|scope| {
            for t in 0..4u64 {
                let tt = &tt;
                scope.spawn(move || {
                    for i in 0..200_000u64 {
                        // Keys that collide on a few slots.
                        let base = (i % 64).wrapping_mul(u64::MAX / slots);
                        let key = base ^ low(t);
                        let m = mix(key);
                        tt.store(
                            key,
                            Some(m as u32),
                            ((m >> 40) % 1000) as i32,
                            3,
                            Bound::Exact,
                        );
                        // Another thread's key in the next slot, which
                        // this thread has not just overwritten.
                        let next = ((i + 1) % 64).wrapping_mul(u64::MAX / slots);
                        if let Some(e) = tt.probe(next ^ low(t ^ 1)) {
                            let m = mix(e.key);
                            assert_eq!(e.mv, Some(m as u32));
                            assert_eq!(e.score, ((m >> 40) % 1000) as i32);
                        }
                    }
                });
            }
        });
        tt.new_search();
        tt.clear();
        assert!(tt.probe(0).is_none());
        assert_eq!(tt.hashfull(), 0);
    }
}
