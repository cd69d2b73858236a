//! A fixed-size transposition table keyed by the game's hash, replacing by depth.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Mutex, MutexGuard, TryLockError};

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

/// A transposition table of a fixed number of entries, one per slot,
/// shared by the threads of one search (Lazy SMP).
///
/// A new result replaces the slot's entry when it is for the same position,
/// when the old entry was written by an earlier search, or when it was
/// searched at least as deep.
///
/// Each slot has its own lock, taken with `try_lock`: a slot that another
/// thread holds at that instant reads as a miss and skips the store, so no
/// thread ever waits and one thread pays only an uncontended lock.
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
    entries: Box<[Mutex<Option<Entry<M>>>]>,
    generation: AtomicU8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table using about `mb` megabytes, clamped to
    /// [`MAX_HASH_MB`] (and at least 1024 entries).
    pub fn with_megabytes(mb: usize) -> TranspositionTable<M> {
        let size = core::mem::size_of::<Mutex<Option<Entry<M>>>>().max(1);
        let len = (mb.min(MAX_HASH_MB).saturating_mul(1 << 20) / size).max(1024);
        TranspositionTable {
            entries: (0..len).map(|_| Mutex::new(None)).collect(),
            generation: AtomicU8::new(0),
        }
    }

    /// The number of slots.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// `true` if the table has no slots (never: at least 1024).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for slot in self.entries.iter() {
            *slot.lock().unwrap_or_else(|p| p.into_inner()) = None;
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search: older entries become replaceable.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        ((key as u128 * self.entries.len() as u128) >> 64) as usize
    }

    /// The slot of `key` if no other thread holds it right now.
    #[inline]
    fn try_slot(&self, key: u64) -> Option<MutexGuard<'_, Option<Entry<M>>>> {
        match self.entries[self.slot(key)].try_lock() {
            Ok(guard) => Some(guard),
            // A panic elsewhere cannot leave an entry half written: it is
            // assigned whole.
            Err(TryLockError::Poisoned(p)) => Some(p.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        }
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.try_slot(key)?.filter(|e| e.key == key)
    }

    /// Stores a result for `key`.
    #[inline]
    pub fn store(&self, key: u64, mv: Option<M>, score: i32, depth: i16, bound: Bound) {
        let generation = self.generation.load(Ordering::Relaxed);
        let Some(mut slot) = self.try_slot(key) else {
            return;
        };
        let mut mv = mv;
        if let Some(old) = *slot {
            if old.key == key {
                if mv.is_none() {
                    mv = old.mv;
                }
            } else if old.generation == generation && depth < old.depth {
                return;
            }
        }
        *slot = Some(Entry {
            key,
            mv,
            score,
            depth,
            bound,
            generation,
        });
    }

    /// Permille of slots written by the current search (UCI `hashfull`), from a sample.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let n = self.entries.len().min(1000);
        let used = self.entries[..n]
            .iter()
            .filter(|slot| {
                slot.try_lock()
                    .is_ok_and(|e| e.is_some_and(|e| e.generation == generation))
            })
            .count();
        (used * 1000 / n) as u32
    }
}
