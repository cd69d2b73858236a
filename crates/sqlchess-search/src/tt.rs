//! A fixed-size transposition table keyed by the game's hash, replacing by
//! depth, shared by the threads of one search (Lazy SMP).
//!
//! Each slot is its own lock, taken only with `try_lock`: a slot that
//! another thread is reading or writing at that moment reads as empty and
//! is not overwritten. No thread ever waits, and an uncontended slot costs
//! one atomic exchange to lock and one to unlock (about 2 % of a chess
//! node); the crate stays free of `unsafe`, which a lock-free table of
//! packed words would need for moves of every game's type.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Mutex, TryLockError};

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

/// A transposition table of a fixed number of entries, one per slot.
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
    entries: Vec<Mutex<Option<Entry<M>>>>,
    generation: AtomicU8,
}

/// The slot's entry, or `None` when another thread holds the slot. A lock
/// poisoned by a panicking thread still holds a whole entry (entries are
/// written in one assignment), so it is read as usual.
#[inline]
fn try_slot<T>(slot: &Mutex<T>) -> Option<std::sync::MutexGuard<'_, T>> {
    match slot.try_lock() {
        Ok(guard) => Some(guard),
        Err(TryLockError::Poisoned(e)) => Some(e.into_inner()),
        Err(TryLockError::WouldBlock) => None,
    }
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
        for slot in &self.entries {
            *slot.lock().unwrap_or_else(|e| e.into_inner()) = None;
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

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        try_slot(&self.entries[self.slot(key)])?.filter(|e| e.key == key)
    }

    /// Stores a result for `key`.
    #[inline]
    pub fn store(&self, key: u64, mv: Option<M>, score: i32, depth: i16, bound: Bound) {
        let generation = self.generation.load(Ordering::Relaxed);
        let Some(mut slot) = try_slot(&self.entries[self.slot(key)]) else {
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
        let n = self.entries.len().min(1000);
        let generation = self.generation.load(Ordering::Relaxed);
        let used = self.entries[..n]
            .iter()
            .filter(|slot| {
                try_slot(slot).is_some_and(|e| e.is_some_and(|e| e.generation == generation))
            })
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
    #[test]
    fn shared_between_threads_entries_stay_whole() {
        let tt = TranspositionTable::<u32>::with_megabytes(1);
        let slots = tt.len() as u64;
        std::thread::scope(|scope| {
            for t in 0..4u64 {
                let tt = &tt;
                scope.spawn(move || {
                    for i in 0..200_000u64 {
                        // Keys that collide on a few slots.
                        let key = (i % 64).wrapping_mul(u64::MAX / slots) ^ (t << 7);
                        tt.store(key, Some(key as u32), (key % 1000) as i32, 3, Bound::Exact);
                        if let Some(e) = tt.probe(key ^ (1 << 7)) {
                            assert_eq!(e.mv, Some(e.key as u32));
                            assert_eq!(e.score, (e.key % 1000) as i32);
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
