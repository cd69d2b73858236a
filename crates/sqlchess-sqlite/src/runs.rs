//! An external sort for bulk loading: rows are collected in memory up to a
//! budget, each full buffer is sorted (and rows with equal keys combined)
//! and written to a temporary file as a sorted run, and the runs are read
//! back merged, in one ascending stream. Import feeds that stream to
//! SQLite, whose B-trees are written fastest in key order (each page once,
//! appended at the right edge) — where inserting in arrival order touches a
//! random page per row once a table outgrows the page cache.

use std::cmp::Ordering;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, Write};
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};
use std::sync::Arc;

/// A row of fixed size on disk.
pub(crate) trait Record: Copy {
    /// Bytes a row takes in a run file: 128 at most.
    const SIZE: usize;
    /// Writes the row into `out` (`SIZE` bytes).
    fn write(&self, out: &mut [u8]);
    /// Reads a row written by [`Record::write`].
    fn read(bytes: &[u8]) -> Self;
}

/// How rows are ordered and combined, given a context shared by the rows
/// (the names their ids stand for, say): `compare` orders them, and
/// `combine` folds a row into an equal one before it (returning `false`
/// when equal rows are kept apart).
pub(crate) trait Order<T> {
    /// What comparing needs besides the rows.
    type Context: ?Sized + Send + Sync;
    /// The rows' order.
    fn compare(context: &Self::Context, a: &T, b: &T) -> Ordering;
    /// Folds `b` into `a`, which compares equal to it; `false` keeps both.
    fn combine(_context: &Self::Context, _a: &mut T, _b: &T) -> bool {
        false
    }
}

/// A temporary run file's name, removed when dropped.
struct RunPath(PathBuf);

impl Drop for RunPath {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A temporary run file.
struct RunFile {
    file: File,
    path: RunPath,
}

/// Rows collected for one relation, sorted in runs of at most `capacity`
/// rows.
pub(crate) struct SortedRuns<T: Record, O: Order<T>> {
    rows: Vec<T>,
    capacity: usize,
    runs: Vec<RunFile>,
    dir: PathBuf,
    order: PhantomData<fn() -> O>,
}

/// Numbers run files apart within a process.
static RUN_FILES: AtomicU64 = AtomicU64::new(0);

impl<T: Record, O: Order<T>> SortedRuns<T, O> {
    /// Runs of at most `memory` bytes of rows, spilled into `dir`.
    pub(crate) fn new(memory: usize, dir: &Path) -> Self {
        assert!(T::SIZE <= 128, "run records are 128 bytes at most");
        SortedRuns {
            rows: Vec::new(),
            capacity: (memory / std::mem::size_of::<T>().max(1)).max(1024),
            runs: Vec::new(),
            dir: dir.to_owned(),
            order: PhantomData,
        }
    }

    /// Adds a row; a full buffer is sorted and written out.
    ///
    /// # Errors
    /// An I/O error writing a run.
    pub(crate) fn push(&mut self, row: T, context: &O::Context) -> io::Result<()> {
        if self.rows.len() >= self.capacity {
            self.spill(context)?;
        }
        if self.rows.len() == self.rows.capacity() {
            // Doubles, but never past the budget.
            let more = self.rows.capacity().max(1 << 12);
            self.rows
                .reserve_exact(more.min(self.capacity - self.rows.len()).max(1));
        }
        self.rows.push(row);
        Ok(())
    }

    /// Whether no row was added.
    pub(crate) fn is_empty(&self) -> bool {
        self.rows.is_empty() && self.runs.is_empty()
    }

    /// Sorts and combines the buffer in place.
    fn sort_buffer(&mut self, context: &O::Context) {
        self.rows.sort_unstable_by(|a, b| O::compare(context, a, b));
        // Combine runs of equal rows into their first.
        let mut kept = 0;
        for i in 0..self.rows.len() {
            let row = self.rows[i];
            if kept > 0
                && O::compare(context, &self.rows[kept - 1], &row) == Ordering::Equal
                && O::combine(context, &mut self.rows[kept - 1], &row)
            {
                continue;
            }
            self.rows[kept] = row;
            kept += 1;
        }
        self.rows.truncate(kept);
    }

    fn spill(&mut self, context: &O::Context) -> io::Result<()> {
        self.sort_buffer(context);
        let n = RUN_FILES.fetch_add(1, AtomicOrdering::Relaxed);
        let path = self
            .dir
            .join(format!(".sqlchess-import-{}-{n}.run", std::process::id()));
        let file = File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| {
                io::Error::new(
                    e.kind(),
                    format!("cannot create a sort run in {}: {e}", self.dir.display()),
                )
            })?;
        // Unix keeps the open file without its name; elsewhere the drop
        // removes it.
        let _ = std::fs::remove_file(&path);
        let mut run = RunFile {
            file,
            path: RunPath(path),
        };
        {
            let mut out = BufWriter::with_capacity(1 << 20, &mut run.file);
            let mut bytes = vec![0u8; T::SIZE];
            for row in &self.rows {
                row.write(&mut bytes);
                out.write_all(&bytes)?;
            }
            out.flush()?;
        }
        run.file.rewind()?;
        self.runs.push(run);
        self.rows.clear();
        Ok(())
    }

    /// Every row in order, equal rows combined: the runs merged with what
    /// is still in memory.
    pub(crate) fn into_sorted(mut self, context: Arc<O::Context>) -> Merged<T, O>
    where
        T: Send,
    {
        // A large buffer is sorted in two halves on two cores; the merge
        // below joins them as it joins the runs.
        let half = if self.rows.len() >= 1 << 20 {
            let mut half = SortedRuns::<T, O>::new(0, &self.dir);
            half.rows = self.rows.split_off(self.rows.len() / 2);
            std::thread::scope(|scope| {
                scope.spawn(|| half.sort_buffer(&context));
                self.sort_buffer(&context);
            });
            half.rows
        } else {
            self.sort_buffer(&context);
            Vec::new()
        };
        let mut sources: Vec<Source<T>> = self
            .runs
            .into_iter()
            .map(|r| Source::Run(r.path, BufReader::with_capacity(1 << 20, r.file)))
            .collect();
        sources.push(Source::Memory(std::mem::take(&mut self.rows).into_iter()));
        sources.push(Source::Memory(half.into_iter()));
        let mut merged = Merged {
            heads: Vec::with_capacity(sources.len()),
            sources,
            context,
            pending: None,
            error: None,
            order: PhantomData,
        };
        for i in 0..merged.sources.len() {
            if let Some(row) = merged.read(i) {
                merged.heads.push((row, i));
            }
        }
        // Heapify.
        for i in (0..merged.heads.len() / 2).rev() {
            merged.sift_down(i);
        }
        merged
    }
}

/// Where merged rows come from: a run file or the last, in-memory buffer.
enum Source<T> {
    Run(RunPath, BufReader<File>),
    Memory(std::vec::IntoIter<T>),
}

impl<T: Record> Source<T> {
    fn next(&mut self) -> io::Result<Option<T>> {
        match self {
            Source::Memory(rows) => Ok(rows.next()),
            Source::Run(_, reader) => {
                let mut bytes = [0u8; 128];
                let bytes = &mut bytes[..T::SIZE];
                match reader.read_exact(bytes) {
                    Ok(()) => Ok(Some(T::read(bytes))),
                    Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(None),
                    Err(e) => Err(e),
                }
            }
        }
    }
}

/// The merged stream of [`SortedRuns::into_sorted`]: a binary min-heap of
/// each source's head row (the comparison needs the context, which
/// `BinaryHeap`'s `Ord` cannot take).
pub(crate) struct Merged<T: Record, O: Order<T>> {
    heads: Vec<(T, usize)>,
    sources: Vec<Source<T>>,
    context: Arc<O::Context>,
    /// A row held back to combine the equal rows after it.
    pending: Option<T>,
    /// The first I/O error reading a run; the stream ends there.
    error: Option<io::Error>,
    order: PhantomData<fn() -> O>,
}

impl<T: Record, O: Order<T>> Merged<T, O> {
    /// The next row of source `i`, recording an error.
    fn read(&mut self, i: usize) -> Option<T> {
        match self.sources[i].next() {
            Ok(row) => row,
            Err(e) => {
                let name = match &self.sources[i] {
                    Source::Run(path, _) => path.0.display().to_string(),
                    Source::Memory(_) => String::new(),
                };
                self.error
                    .get_or_insert(io::Error::new(e.kind(), format!("sort run {name}: {e}")));
                None
            }
        }
    }

    /// Whether head `a` comes before head `b` (ties by source, so that
    /// equal rows keep their run order).
    fn before(&self, a: usize, b: usize) -> bool {
        let ((ra, sa), (rb, sb)) = (&self.heads[a], &self.heads[b]);
        O::compare(&self.context, ra, rb).then(sa.cmp(sb)) == Ordering::Less
    }

    fn sift_down(&mut self, mut i: usize) {
        loop {
            let (l, r) = (2 * i + 1, 2 * i + 2);
            let mut least = i;
            if l < self.heads.len() && self.before(l, least) {
                least = l;
            }
            if r < self.heads.len() && self.before(r, least) {
                least = r;
            }
            if least == i {
                return;
            }
            self.heads.swap(i, least);
            i = least;
        }
    }

    fn pop(&mut self) -> Option<T> {
        if self.error.is_some() || self.heads.is_empty() {
            return None;
        }
        let (row, source) = self.heads[0];
        match self.read(source) {
            Some(next) => self.heads[0] = (next, source),
            None => {
                self.heads.swap_remove(0);
            }
        }
        if !self.heads.is_empty() {
            self.sift_down(0);
        }
        Some(row)
    }

    /// What the comparisons use.
    pub(crate) fn context(&self) -> &O::Context {
        &self.context
    }

    /// The error that ended the stream early, if one did: the caller checks
    /// it after the last row, so a failed read is never a short answer.
    pub(crate) fn take_error(&mut self) -> Option<io::Error> {
        self.error.take()
    }
}

impl<T: Record, O: Order<T>> Iterator for Merged<T, O> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        let mut row = match self.pending.take() {
            Some(row) => row,
            None => self.pop()?,
        };
        while let Some(next) = self.pop() {
            if O::compare(&self.context, &row, &next) == Ordering::Equal
                && O::combine(&self.context, &mut row, &next)
            {
                continue;
            }
            self.pending = Some(next);
            break;
        }
        Some(row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    struct Pair(i64, u64);

    impl Record for Pair {
        const SIZE: usize = 16;
        fn write(&self, out: &mut [u8]) {
            out[..8].copy_from_slice(&self.0.to_le_bytes());
            out[8..16].copy_from_slice(&self.1.to_le_bytes());
        }
        fn read(b: &[u8]) -> Self {
            Pair(
                i64::from_le_bytes(b[..8].try_into().unwrap()),
                u64::from_le_bytes(b[8..16].try_into().unwrap()),
            )
        }
    }

    /// Orders by the first field and sums the second.
    struct Summing;

    impl Order<Pair> for Summing {
        type Context = ();
        fn compare(_: &(), a: &Pair, b: &Pair) -> Ordering {
            a.0.cmp(&b.0)
        }
        fn combine(_: &(), a: &mut Pair, b: &Pair) -> bool {
            a.1 += b.1;
            true
        }
    }

    /// Orders whole rows and keeps duplicates.
    struct Whole;

    impl Order<Pair> for Whole {
        type Context = ();
        fn compare(_: &(), a: &Pair, b: &Pair) -> Ordering {
            a.cmp(b)
        }
    }

    /// One row per key, holding the key's sum, in key order.
    fn summed(input: &[Pair]) -> Vec<Pair> {
        let mut sums: std::collections::BTreeMap<i64, u64> = Default::default();
        for p in input {
            *sums.entry(p.0).or_default() += p.1;
        }
        sums.into_iter().map(|(k, v)| Pair(k, v)).collect()
    }

    fn rows(n: u64) -> Vec<Pair> {
        // A fixed pseudo-random sequence with repeats and negative keys.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        (0..n)
            .map(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                Pair((x % 5000) as i64 - 2500, i)
            })
            .collect()
    }

    #[test]
    fn merges_spilled_runs_in_order_with_duplicates() {
        let dir = std::env::temp_dir();
        let input = rows(50_000);
        // 1024 rows a run at least: about 48 runs on disk.
        let mut runs = SortedRuns::<Pair, Whole>::new(1, &dir);
        for &r in &input {
            runs.push(r, &()).unwrap();
        }
        assert!(runs.runs.len() > 40);
        let mut merged = runs.into_sorted(Arc::new(()));
        let out: Vec<Pair> = merged.by_ref().collect();
        assert!(merged.take_error().is_none());
        let mut expected = input;
        expected.sort();
        assert_eq!(out, expected);
    }

    #[test]
    fn combines_equal_keys_across_runs() {
        let dir = std::env::temp_dir();
        let input = rows(30_000);
        let mut runs = SortedRuns::<Pair, Summing>::new(1, &dir);
        for &r in &input {
            runs.push(r, &()).unwrap();
        }
        let out: Vec<Pair> = runs.into_sorted(Arc::new(())).collect();
        assert_eq!(out, summed(&input));
    }

    proptest::proptest! {
        /// Whatever the budget (from one run to many on disk), the merged
        /// stream is the input sorted, and with combining, one row per key
        /// holding the key's sum.
        #[test]
        fn merged_runs_equal_a_sort(
            keys in proptest::collection::vec(-50i64..50, 0..6000),
            budget in 0usize..200_000,
        ) {
            let dir = std::env::temp_dir();
            let input: Vec<Pair> = keys.iter().enumerate().map(|(i, &k)| Pair(k, i as u64)).collect();
            let mut whole = SortedRuns::<Pair, Whole>::new(budget, &dir);
            let mut summing = SortedRuns::<Pair, Summing>::new(budget, &dir);
            for &r in &input {
                whole.push(r, &()).unwrap();
                summing.push(r, &()).unwrap();
            }
            let mut sorted = input.clone();
            sorted.sort();
            let mut merged = whole.into_sorted(Arc::new(()));
            proptest::prop_assert_eq!(merged.by_ref().collect::<Vec<_>>(), sorted);
            proptest::prop_assert!(merged.take_error().is_none());
            proptest::prop_assert_eq!(
                summing.into_sorted(Arc::new(())).collect::<Vec<_>>(),
                summed(&input)
            );
        }
    }

    /// A buffer of a million rows or more is sorted in two halves on two
    /// threads, then merged.
    #[test]
    fn a_large_buffer_sorted_in_halves() {
        let dir = std::env::temp_dir();
        let input = rows((1 << 20) + 7);
        let mut runs = SortedRuns::<Pair, Summing>::new(1 << 30, &dir);
        for &r in &input {
            runs.push(r, &()).unwrap();
        }
        let out: Vec<Pair> = runs.into_sorted(Arc::new(())).collect();
        assert_eq!(out, summed(&input));
    }

    #[test]
    fn in_memory_only_and_empty() {
        let dir = std::env::temp_dir();
        let mut runs = SortedRuns::<Pair, Whole>::new(1 << 20, &dir);
        assert!(runs.is_empty());
        for r in [Pair(3, 0), Pair(-1, 2), Pair(3, 0)] {
            runs.push(r, &()).unwrap();
        }
        assert!(!runs.is_empty());
        let out: Vec<Pair> = runs.into_sorted(Arc::new(())).collect();
        assert_eq!(out, [Pair(-1, 2), Pair(3, 0), Pair(3, 0)]);
        let empty: SortedRuns<Pair, Whole> = SortedRuns::<Pair, Whole>::new(1 << 20, &dir);
        assert_eq!(empty.into_sorted(Arc::new(())).count(), 0);
    }
}
