//! A fixed-size transposition table keyed by the game's hash, replacing by depth.

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
/// let mut tt = TranspositionTable::<u8>::with_megabytes(1);
/// tt.store(42, Some(7), 100, 5, Bound::Exact);
/// let e = tt.probe(42).unwrap();
/// assert_eq!((e.mv, e.score, e.depth), (Some(7), 100, 5));
/// assert!(tt.probe(43).is_none());
/// ```
#[derive(Debug, Clone)]
pub struct TranspositionTable<M> {
    entries: Vec<Option<Entry<M>>>,
    generation: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table using about `mb` megabytes, clamped to
    /// [`MAX_HASH_MB`] (and at least 1024 entries).
    pub fn with_megabytes(mb: usize) -> TranspositionTable<M> {
        let size = core::mem::size_of::<Option<Entry<M>>>().max(1);
        let len = (mb.min(MAX_HASH_MB).saturating_mul(1 << 20) / size).max(1024);
        TranspositionTable {
            entries: vec![None; len],
            generation: 0,
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
    pub fn clear(&mut self) {
        self.entries.fill(None);
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries become replaceable.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        ((key as u128 * self.entries.len() as u128) >> 64) as usize
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.entries[self.slot(key)].filter(|e| e.key == key)
    }

    /// Stores a result for `key`.
    #[inline]
    pub fn store(&mut self, key: u64, mv: Option<M>, score: i32, depth: i16, bound: Bound) {
        let generation = self.generation;
        let i = self.slot(key);
        let slot = &mut self.entries[i];
        let mut mv = mv;
        if let Some(old) = slot {
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
        let used = self.entries[..n]
            .iter()
            .filter(|e| e.is_some_and(|e| e.generation == self.generation))
            .count();
        (used * 1000 / n) as u32
    }
}
