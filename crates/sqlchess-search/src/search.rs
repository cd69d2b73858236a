//! Iterative-deepening principal-variation search over any [`Game`].
//!
//! Negamax with alpha-beta and PVS, a transposition table, quiescence search
//! on noisy moves (captures and promotions) with stand pat, check extension,
//! move ordering (hash move, MVV-LVA, killers, counter-moves, history and
//! continuation history), null-move pruning with verification at depth,
//! singular extensions, late-move reductions (under a clock, two plies
//! more at expected cut nodes), razoring (under a clock) and futility
//! pruning (the last five only for games that declare a
//! heuristic evaluation: [`Game::SELECTIVE`]; in a search without a clock
//! reverse futility prunes only at one ply and where the opponent does not
//! threaten mate in one, and the null move searches the pass three plies
//! deep or more, so a mate in N is found at depth 2N+1),
//! mate-distance scores, and draws
//! by repetition (path and game history) and by the game's own rules.
//!
//! With more than one thread ([`Searcher::set_threads`]), Lazy SMP: helper
//! searchers run the same iterative deepening on the same root, every
//! other one a depth ahead, sharing only the transposition table; what
//! they store there orders and cuts the main thread's search, whose result
//! is the answer. Helpers stop when the main search does. In a search
//! without a clock the threads reduce no root move, so that the helpers'
//! reordering of the root never hides a mate from the depth that
//! promises it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::game::{Game, RelativeOutcome, Visited, HISTORY_SIZE};
use crate::tt::{Bound, TranspositionTable};

/// The deepest the search goes, in plies from the root.
pub const MAX_PLY: usize = 128;
/// The deepest quiescence search below the main search's leaves.
pub const MAX_QUIESCENCE_PLY: usize = 16;
/// The most nodes one quiescence search (below one leaf of the main search)
/// expands; past it, positions are scored by the evaluation. Crowded fairy
/// positions, where nearly every piece can take another, otherwise grow the
/// capture tree exponentially within [`MAX_QUIESCENCE_PLY`]: with this
/// bound a depth-`d` search costs at most this many nodes per main-search
/// node. Quiet chess positions need a few dozen.
pub const MAX_QUIESCENCE_NODES: u64 = 2_000;
/// The score of a win at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this (in absolute value) are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
const INF: i32 = MATE + 1;
/// The depth up to which moves that lose material in the static exchange
/// are pruned: captures losing more than [`SEE_CAPTURE_MARGIN`] a ply,
/// quiet moves more than [`SEE_QUIET_MARGIN`] times the depth squared.
const SEE_PRUNE_DEPTH: i32 = 5;
/// See [`SEE_PRUNE_DEPTH`].
const SEE_CAPTURE_MARGIN: i32 = 150;
/// See [`SEE_PRUNE_DEPTH`].
const SEE_QUIET_MARGIN: i32 = 25;
/// The greatest depth at which a quiet move is pruned when the static
/// evaluation plus 100 + 110 × depth stays below alpha.
const FUTILITY_DEPTH: i32 = 5;
/// The deepest node razoring resolves by quiescence.
const RAZOR_DEPTH: i32 = 3;
/// How far below alpha a node's static evaluation must be for razoring:
/// this, plus [`RAZOR_MARGIN_PER_DEPTH`] × depth².
const RAZOR_MARGIN: i32 = 250;
/// See [`RAZOR_MARGIN`].
const RAZOR_MARGIN_PER_DEPTH: i32 = 150;
/// The ordering score of the transposition table's move: first.
const TABLE_MOVE: i32 = 2_000_000;
/// The ordering score of a capture that wins or holds its exchange
/// (plus its [`Game::noisy_order`]): after the table's move, before the
/// killers.
const GOOD_CAPTURE: i32 = 1_000_000;
/// The ordering score of a capture that loses its exchange: after the
/// killers and the counter-move, before the other quiet moves.
const LOSING_CAPTURE: i32 = 700_000;
/// A move's static exchange not yet found.
const UNKNOWN_EXCHANGE: i32 = i32::MIN;
/// The least depth at which the table's move is tested for a singular extension.
const SINGULAR_DEPTH: i32 = 8;
/// Entries of the correction history table (a power of two): 64 KB.
const CORRECTION_ENTRIES: usize = 1 << 14;
/// Correction history entries are centipawns times this, so that a
/// shallow search's small weight still moves them.
const CORRECTION_GRAIN: i32 = 256;
/// The largest correction, in centipawns: a search's score that far from
/// the evaluation says more about tactics than about the pawns.
const CORRECTION_MAX: i32 = 64;
/// The least depth at which a null move that fails high is verified.
const NULL_VERIFY_DEPTH: i32 = 12;
/// The most piece-to slots continuation history is kept for: its table
/// has their square, 18 MB at this bound (okisakishogi, the largest
/// built-in, has 3000). A larger custom variant goes without, rather than
/// have every searcher allocate hundreds of megabytes.
const MAX_CONTINUATION_SLOTS: usize = 3072;
/// The most threads one search runs (UCI's `Threads` maximum).
pub const MAX_THREADS: usize = 256;
/// How many nodes pass between looks at the clock, the poll function and
/// the node budget.
const CHECK_EVERY: u64 = 1024;
/// How many nodes pass between looks at the stop flag: a relaxed atomic
/// load, cheap enough to do often, so that `stop` is answered within a few
/// milliseconds even where nodes are slow (a xiangqi node costs several
/// times a chess one: 1,024 of them took up to 12 ms).
const STOP_EVERY: u64 = 64;

/// A score as UCI reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    /// Converts an internal score.
    ///
    /// ```
    /// use sqlchess_search::{Score, MATE};
    /// assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
    /// assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
    /// assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
    /// assert_eq!(Score::from_internal(35), Score::Cp(35));
    /// ```
    pub fn from_internal(score: i32) -> Score {
        if score > MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score < -MATE_BOUND {
            Score::Mate(-(MATE + score) / 2)
        } else {
            Score::Cp(score)
        }
    }
}

impl core::fmt::Display for Score {
    /// UCI's form: `cp 35` or `mate -2`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// When to stop searching. All `None`: until the stop flag is raised
/// (or [`MAX_PLY`] is reached).
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// The deepest iteration.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this long, even mid-iteration.
    pub movetime: Option<Duration>,
    /// Start no new iteration once this much time has gone (for game clocks).
    pub soft_time: Option<Duration>,
    /// Asked every 1024 nodes, with the clock and the stop flag: the search
    /// stops when it says yes. For a host's own cancel check (PostgreSQL's
    /// `CHECK_FOR_INTERRUPTS`, which raises the cancel as an error instead
    /// of returning).
    pub poll: Option<fn() -> bool>,
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for a fixed time.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }
}

/// What the search reports after each completed iteration.
#[derive(Debug, Clone)]
pub struct SearchInfo<M> {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The internal score (see [`Score::from_internal`]).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search began.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<M>,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
}

impl<M> SearchInfo<M> {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        let micros = self.time.as_micros().max(1) as u64;
        self.nodes.saturating_mul(1_000_000) / micros
    }
}

/// The answer of a search.
#[derive(Debug, Clone)]
pub struct SearchResult<M> {
    /// The move to play; `None` only if the root has no legal move or is over.
    pub best_move: Option<M>,
    /// Its internal score for the side to move (see [`Score::from_internal`]).
    pub score: i32,
    /// The last completed iteration.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time used.
    pub time: Duration,
    /// The principal variation, starting with the best move.
    pub pv: Vec<M>,
}

impl<M> SearchResult<M> {
    /// The score as UCI reports it.
    pub fn uci_score(&self) -> Score {
        Score::from_internal(self.score)
    }
}

/// Sets its flag when dropped (the helpers' stop flag, on the main
/// search's return or unwinding alike).
struct RaiseOnDrop<'a>(&'a AtomicBool);

impl Drop for RaiseOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A searcher: the transposition table, history and buffers that persist
/// between searches of one game. Nothing is allocated while searching.
///
/// ```
/// use sqlchess_core::Position;
/// use sqlchess_search::{Limits, Searcher, Score};
/// // A back-rank mate in one: Re8#.
/// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
/// let mut searcher = Searcher::<Position>::new(16);
/// let result = searcher.search(&pos, &[], &Limits::depth(2), |_| {});
/// assert_eq!(pos.uci(result.best_move.unwrap()).to_string(), "e1e8");
/// assert_eq!(result.uci_score(), Score::Mate(1));
/// ```
pub struct Searcher<G: Game> {
    tt: Arc<TranspositionTable<G::Move>>,
    /// The searchers of the other threads (Lazy SMP), kept between
    /// searches with their histories; empty with one thread.
    helpers: Vec<Searcher<G>>,
    /// Threads a search runs, this one included.
    threads: usize,
    /// The first iteration's depth: 1, or 2 for every other helper.
    first_depth: u32,
    /// Nodes of every thread of a multi-threaded search, added in steps of
    /// [`STOP_EVERY`], for the node limit and the reports.
    shared_nodes: Option<Arc<AtomicU64>>,
    history: Vec<i32>,
    /// Continuation history: how well a quiet move answered the move one,
    /// two, four or six plies before it (one table for every distance),
    /// both named by [`Game::piece_to_index`]; `continuation_slots`
    /// squared entries, the earlier move's slot first.
    continuation: Vec<i16>,
    /// The last quiet move that refuted each move (by its piece-to slot).
    counter_moves: Vec<Option<G::Move>>,
    /// Correction history: by [`Game::correction_key`], how far the
    /// searches of positions with that key found their score from the
    /// static evaluation (a moving average, in [`CORRECTION_GRAIN`]ths
    /// of a centipawn), added to the evaluation of the next such position.
    correction: Vec<i32>,
    /// [`Game::piece_to_slots`] of the game the tables above are sized for.
    continuation_slots: usize,
    /// The piece-to slot of the move played at each ply of the current
    /// line; `None` for a null move.
    played: Vec<Option<u32>>,
    /// The move a singular-extension search leaves out, by ply.
    excluded: Vec<Option<G::Move>>,
    /// The depth of the iteration under way, which bounds extensions.
    root_depth: i32,
    killers: Vec<[Option<G::Move>; 2]>,
    moves: Vec<Vec<G::Move>>,
    scores: Vec<Vec<i32>>,
    /// Each move's static exchange, by ply, found when first needed
    /// ([`UNKNOWN_EXCHANGE`] until then).
    exchanges: Vec<Vec<i32>>,
    /// Per ply, the quiet moves searched so far at that node, for the
    /// history malus of a cutoff.
    quiets: Vec<Vec<G::Move>>,
    pv: Vec<Vec<G::Move>>,
    /// The game's positions before the root, then the path from the root.
    path: Vec<Visited>,
    reductions: Vec<[u8; 64]>,
    /// The root's [`Game::margin_scale`], in hundredths (at least 1).
    margin_scale: i32,
    stop: Arc<AtomicBool>,
    nodes: u64,
    seldepth: usize,
    start: Instant,
    limits: Limits,
    stopped: bool,
    /// Whether reverse futility and the null move keep to what cannot hide
    /// a mate (reverse futility at one ply without a mate threat, passes
    /// searched three plies deep): in searches without a clock, whose
    /// depth promises what is seen (a mate in N at depth 2N+1); under a
    /// clock that costs more strength than it keeps (BENCHMARKS.md, "Search").
    mate_safe: bool,
    /// Whether no root move is reduced: in a search without a clock that
    /// shares its table with other threads. Their entries reorder this
    /// thread's root, and a mating move that comes late there is reduced
    /// below the depth that would see it (a mate in 3 missed at depth 7
    /// once in four runs of the two-thread mate suite; none in 300 runs
    /// without root reductions). One thread keeps its order from
    /// iteration to iteration and reduces as usual.
    full_width_root: bool,
    /// The node count when the current quiescence search began.
    quiescence_start: u64,
    /// Per ply, the corrected static evaluation (-INF in check), to tell
    /// whether a node's evaluation improves on the one two plies up.
    evals: Vec<i32>,
}

impl<G: Game> Searcher<G> {
    /// A searcher with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher<G> {
        Searcher::with_table(Arc::new(TranspositionTable::with_megabytes(hash_mb)))
    }

    /// A searcher over a (possibly shared) table.
    fn with_table(tt: Arc<TranspositionTable<G::Move>>) -> Searcher<G> {
        // ln(depth)·ln(move number) / 1.75: the divisor was 2.25 until a
        // match in xiangqi and chess preferred the deeper reductions
        // (BENCHMARKS.md, "Late-move reductions by match").
        let mut reductions = vec![[0u8; 64]; 64];
        for (d, row) in reductions.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.5 + (d as f64).ln() * (m as f64).ln() / 1.75) as u8;
            }
        }
        Searcher {
            tt,
            helpers: Vec::new(),
            threads: 1,
            first_depth: 1,
            shared_nodes: None,
            history: vec![0; HISTORY_SIZE],
            continuation: Vec::new(),
            counter_moves: Vec::new(),
            correction: vec![0; CORRECTION_ENTRIES],
            continuation_slots: 0,
            played: vec![None; MAX_PLY + 2],
            excluded: vec![None; MAX_PLY + 2],
            root_depth: 0,
            killers: vec![[None; 2]; MAX_PLY + 2],
            moves: (0..MAX_PLY + 3).map(|_| Vec::with_capacity(256)).collect(),
            scores: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(256)).collect(),
            exchanges: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(256)).collect(),
            quiets: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(256)).collect(),
            pv: (0..MAX_PLY + 2)
                .map(|_| Vec::with_capacity(MAX_PLY + 2))
                .collect(),
            path: Vec::with_capacity(1024),
            reductions,
            margin_scale: 100,
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            seldepth: 0,
            start: Instant::now(),
            limits: Limits::default(),
            stopped: false,
            mate_safe: true,
            full_width_root: false,
            quiescence_start: 0,
            evals: vec![-INF; MAX_PLY + 2],
        }
    }

    /// The flag that stops a running search when set (from any thread).
    /// The search does not clear it: store `false` before searching again.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Resizes the transposition table (forgetting it).
    pub fn set_hash_megabytes(&mut self, mb: usize) {
        self.tt = Arc::new(TranspositionTable::with_megabytes(mb));
        // The helpers shared the old table.
        self.helpers.clear();
    }

    /// Sets how many threads each search runs, this one included, clamped
    /// to 1..=[`MAX_THREADS`]. More than one is Lazy SMP (see the module
    /// documentation): at a fixed depth the answer can then differ from
    /// run to run, as the threads race through the shared table.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
        self.helpers.truncate(self.threads - 1);
    }

    /// The number of threads each search runs.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Forgets the transposition table and history, for a new game.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.fill(0);
        self.continuation.fill(0);
        self.counter_moves.fill(None);
        self.correction.fill(0);
        for k in &mut self.killers {
            *k = [None; 2];
        }
        self.helpers.clear();
    }

    /// Searches `root` within `limits` and returns the best move.
    ///
    /// `history` holds the game's earlier positions, oldest first, without
    /// the root: positions repeated from it count as draws (or, where
    /// perpetual check loses, as a loss for the side that kept checking).
    /// `on_iteration` is called after each completed depth.
    pub fn search(
        &mut self,
        root: &G,
        history: &[Visited],
        limits: &Limits,
        on_iteration: impl FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        // Once for all threads: entries of this search are never older.
        self.tt.new_search();
        if self.threads == 1 {
            return self.search_one(root, history, limits, on_iteration);
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        while helpers.len() < self.threads - 1 {
            helpers.push(Searcher::with_table(Arc::clone(&self.tt)));
        }
        let total = Arc::new(AtomicU64::new(0));
        let halt = Arc::new(AtomicBool::new(false));
        // Helpers search without a depth or node limit (they stop when the
        // main search does) and never call the host's poll function, which
        // may only run on the host's thread (PostgreSQL).
        let helper_limits = Limits {
            depth: None,
            nodes: None,
            poll: None,
            ..limits.clone()
        };
        for (i, h) in helpers.iter_mut().enumerate() {
            h.stop = Arc::clone(&halt);
            h.shared_nodes = Some(Arc::clone(&total));
            h.first_depth = 1 + (i as u32 + 1) % 2;
        }
        self.shared_nodes = Some(Arc::clone(&total));
        let mut result = std::thread::scope(|scope| {
            for h in helpers.iter_mut() {
                let (root, limits) = (root.clone(), &helper_limits);
                scope.spawn(move || h.search_one(&root, history, limits, |_| {}));
            }
            // Raised when the main search returns or unwinds: a panic there
            // must not leave the scope waiting for helpers that never stop.
            let _halt_helpers = RaiseOnDrop(&halt);
            self.search_one(root, history, limits, on_iteration)
        });
        result.nodes += helpers.iter().map(|h| h.nodes).sum::<u64>();
        self.shared_nodes = None;
        self.helpers = helpers;
        result
    }

    /// [`Searcher::search`] on this thread.
    fn search_one(
        &mut self,
        root: &G,
        history: &[Visited],
        limits: &Limits,
        mut on_iteration: impl FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        self.start = Instant::now();
        self.limits = limits.clone();
        self.nodes = 0;
        self.seldepth = 0;
        self.stopped = false;
        self.mate_safe = limits.movetime.is_none() && limits.soft_time.is_none();
        self.full_width_root = self.mate_safe && self.shared_nodes.is_some();
        self.margin_scale = root.margin_scale().max(1);
        for h in &mut self.history {
            *h /= 8;
        }
        let slots = match root.piece_to_slots() {
            n if n <= MAX_CONTINUATION_SLOTS => n,
            _ => 0,
        };
        if slots != self.continuation_slots {
            self.continuation = vec![0; slots * slots];
            self.counter_moves = vec![None; slots];
            self.continuation_slots = slots;
        }
        for k in &mut self.killers {
            *k = [None; 2];
        }
        self.path.clear();
        self.path.extend_from_slice(history);
        self.path.push(Visited::of(root));

        let mut root_moves = Vec::new();
        root.moves(&mut root_moves);
        let mut result = SearchResult {
            best_move: root_moves.first().copied(),
            score: 0,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
        };
        // With no move there is nothing to search. A root already drawn by
        // rule (dead material, fifty moves) is still searched: a move is wanted.
        if root_moves.is_empty() {
            result.score = outcome_score(root.outcome_without_moves(), 0);
            result.best_move = None;
            result.time = self.start.elapsed();
            return result;
        }

        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32)
            .clamp(1, MAX_PLY as u32 - 1);
        let mut prev: i32 = 0;
        for depth in self.first_depth.min(max_depth)..=max_depth {
            let mut delta = self.scaled(30);
            let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < MATE_BOUND {
                (prev - delta, prev + delta)
            } else {
                (-INF, INF)
            };
            self.root_depth = depth as i32;
            let score = loop {
                let s = self.negamax(root, depth as i32, alpha, beta, 0, true, false);
                if self.stopped {
                    break s;
                }
                if s <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (s - delta).max(-INF);
                } else if s >= beta {
                    beta = (s + delta).min(INF);
                } else {
                    break s;
                }
                delta *= 2;
                if delta > 1000 {
                    alpha = -INF;
                    beta = INF;
                }
            };
            // An interrupted iteration still counts if it improved on the root:
            // a move only enters the root's line after a complete search, and
            // the previous best is searched first.
            if self.stopped {
                if let Some(&mv) = self.pv[0].first() {
                    result.best_move = Some(mv);
                    result.pv.clear();
                    result.pv.extend_from_slice(&self.pv[0]);
                }
                break;
            }
            if let Some(&mv) = self.pv[0].first() {
                result.best_move = Some(mv);
                result.pv.clear();
                result.pv.extend_from_slice(&self.pv[0]);
            }
            prev = score;
            result.depth = depth;
            result.score = score;
            result.seldepth = self.seldepth as u32;
            let info = SearchInfo {
                depth,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.all_nodes(),
                time: self.start.elapsed(),
                pv: result.pv.clone(),
                hashfull: self.tt.hashfull(),
            };
            on_iteration(&info);
            if let Some(soft) = limits.soft_time {
                if self.start.elapsed() >= soft / 2 {
                    break;
                }
            }
            // A proven mate cannot get shorter at a greater depth.
            if score.abs() > MATE_BOUND
                && (MATE - score.abs()) as u32 <= depth
                && limits.depth.is_none()
            {
                break;
            }
        }
        result.nodes = self.nodes;
        result.time = self.start.elapsed();
        result.seldepth = result.seldepth.max(self.seldepth as u32);
        result
    }

    /// Nodes searched so far by every thread of this search.
    fn all_nodes(&self) -> u64 {
        match &self.shared_nodes {
            Some(total) => total.load(Ordering::Relaxed).max(self.nodes),
            None => self.nodes,
        }
    }

    #[inline]
    fn check_limits(&mut self) {
        if self.nodes % STOP_EVERY != 0 {
            return;
        }
        if let Some(total) = &self.shared_nodes {
            total.fetch_add(STOP_EVERY, Ordering::Relaxed);
        }
        if self.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        if self.nodes % CHECK_EVERY != 0 {
            return;
        }
        if self.limits.poll.is_some_and(|poll| poll()) {
            self.stopped = true;
        }
        if let Some(n) = self.limits.nodes {
            if self.all_nodes() >= n {
                self.stopped = true;
            }
        }
        if let Some(t) = self.limits.movetime {
            if self.start.elapsed() >= t {
                self.stopped = true;
            }
        }
    }

    /// The score of the position at the top of the path if it repeats an
    /// earlier one within the reversible plies: a draw, or, where perpetual
    /// check loses, a loss for the side that gave check at every one of its
    /// moves since (a win for the other, a draw if both did).
    #[inline]
    fn repetition(&self, pos: &G, ply: usize) -> Option<i32> {
        let reversible = pos.reversible_plies();
        let n = self.path.len();
        if reversible < 4 || n < 5 {
            return None;
        }
        let current = self.path[n - 1].hash;
        let oldest = n.saturating_sub(reversible as usize + 1);
        let mut i = n - 1;
        while i >= oldest + 2 {
            i -= 2;
            if self.path[i].hash == current {
                if !pos.perpetual_check_loses() {
                    return Some(0);
                }
                // Positions i + 2, i + 4, … have this side to move: in check
                // at each, the opponent checked at every move of the cycle;
                // i + 1, i + 3, … are the opponent's, checked by this side.
                let checked = |first: usize| (first..n).step_by(2).all(|j| self.path[j].in_check);
                return Some(match (checked(i + 2), checked(i + 1)) {
                    (true, false) => outcome_score(RelativeOutcome::Win, ply),
                    (false, true) => outcome_score(RelativeOutcome::Loss, ply),
                    _ => 0,
                });
            }
        }
        None
    }

    /// The score of `pos` searched to `depth` within `alpha..beta`, `ply`
    /// plies from the root. `cut_node` says whether the node is expected
    /// to fail high: a late move's null-window search, and every other
    /// generation below it (the first move of an expected cut node is an
    /// expected all node, and so on), as in Stockfish.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &G,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        allow_null: bool,
        cut_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            if let Some(o) = pos.outcome() {
                return outcome_score(o, ply);
            }
            if let Some(score) = self.repetition(pos, ply) {
                return score;
            }
            // Mate-distance pruning: no line from here beats a mate already found nearer the root.
            alpha = alpha.max(-(MATE - ply as i32));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 1 {
            return pos.evaluate();
        }
        let in_check = pos.is_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence(pos, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.check_limits();
        if self.stopped {
            return 0;
        }

        let key = pos.hash();
        let mut tt_move = None;
        let excluded = self.excluded[ply];
        let mut tt_entry = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            let s = score_from_tt(e.score, ply);
            tt_entry = Some((s, e.depth as i32, e.bound));
            if !pv_node
                && ply > 0
                && e.depth as i32 >= depth
                && excluded.is_none()
                && e.bound.settles(s, alpha, beta)
            {
                return s;
            }
        }

        let selective = G::SELECTIVE && !pv_node && !in_check;
        let correction_key = if in_check { None } else { pos.correction_key() };
        let raw_eval = if in_check { -INF } else { pos.evaluate() };
        let static_eval = self.corrected(correction_key, raw_eval);
        self.evals[ply] = if in_check { -INF } else { static_eval };
        // Whether this side's evaluation rose since its last move (or the
        // one before, when it was in check then): late quiet moves of a
        // node that is not improving are pruned sooner.
        let improving = !in_check
            && if ply >= 2 && self.evals[ply - 2] != -INF {
                static_eval > self.evals[ply - 2]
            } else if ply >= 4 && self.evals[ply - 4] != -INF {
                static_eval > self.evals[ply - 4]
            } else {
                true
            };
        if selective && excluded.is_none() && beta.abs() < MATE_BOUND {
            // Razoring: hopelessly below alpha near the leaves, the node
            // is left to quiescence, and fails low if even its captures do
            // not reach alpha (Stockfish's rule: +47 and +32 in
            // capablanca, 0 in chess, xiangqi and crazyhouse at 10 ms a
            // move with a margin of 400 + 250·depth², and this narrower
            // one +16 and +31 in capablanca over that, BENCHMARKS.md,
            // "Razoring, shogi's material, and a faster referee"). Not in
            // a search that promises its mates: a quiet mate from a
            // position that looks lost would go unseen. Not where pieces
            // can be dropped, where quiescence, which drops nothing, says
            // least about a quiet position: −34 in crazyhouse and −60 in
            // shogi against no razoring (BENCHMARKS.md, "Razoring left to
            // variants without drops").
            if depth <= RAZOR_DEPTH
                && !pos.drops()
                && !self.mate_safe
                && alpha.abs() < MATE_BOUND
                && static_eval + self.scaled(RAZOR_MARGIN + RAZOR_MARGIN_PER_DEPTH * depth * depth)
                    < alpha
            {
                let v = self.quiescence(pos, alpha, alpha + 1, ply, 0);
                if self.stopped {
                    return 0;
                }
                if v <= alpha {
                    return v;
                }
            }
            // Reverse futility: far above beta at low depth. A search
            // that promises its mates judges so only a node of one ply,
            // which would not see a quiet mate against it anyway: deeper,
            // a move forced on the side to move can walk into a mate that
            // passing, the mate-threat test's probe, does not (1…Rd2
            // 2.Kg1 Re1#, a mate in two the suite missed at depth 5 once
            // the network scored White's side higher).
            if depth <= 6
                && static_eval - self.scaled(90 * depth) >= beta
                && (!self.mate_safe || (depth == 1 && !self.mate_threat(pos, ply)))
            {
                return static_eval;
            }
            // Null move: if passing still beats beta, a real move will too.
            // Deeper, and the further the evaluation is above beta
            // (Stockfish's rule; it was 3 + depth / 6 until a match preferred
            // this one in capablanca and grand, BENCHMARKS.md, "Null move
            // by the margin, improving, and a negative singular extension").
            let mut r = 3 + depth / 3 + ((static_eval - beta) / self.scaled(200)).min(3);
            // A search that promises its mates searches the pass three
            // plies deep or more, so that it sees for itself a mate in two
            // after it (a waiting move, the forced reply, mate), which is
            // also what a zugzwang the pass hides looks like.
            if self.mate_safe {
                r = r.min(depth - 4);
            }
            if allow_null && depth >= if self.mate_safe { 4 } else { 3 } && static_eval >= beta {
                if let Some(child) = pos.null_move() {
                    self.played[ply] = None;
                    self.path.push(Visited::of(&child));
                    let s = -self.negamax(
                        &child,
                        depth - 1 - r,
                        -beta,
                        -beta + 1,
                        ply + 1,
                        false,
                        !cut_node,
                    );
                    self.path.pop();
                    if self.stopped {
                        return 0;
                    }
                    if s >= beta {
                        let s = if s > MATE_BOUND { beta } else { s };
                        // Verification: deep null moves that fail high are
                        // checked by a reduced search without a null move,
                        // against zugzwang.
                        if depth < NULL_VERIFY_DEPTH {
                            return s;
                        }
                        let v = self.negamax(pos, depth - 1 - r, beta - 1, beta, ply, false, false);
                        self.pv[ply].clear();
                        if self.stopped {
                            return 0;
                        }
                        if v >= beta {
                            return s;
                        }
                    }
                }
            }
        }

        // Internal iterative reduction: without a hash move, ordering is
        // poor; search shallower and let the next iteration use this one's move.
        if G::SELECTIVE && tt_move.is_none() && depth >= 4 && !in_check {
            depth -= 1;
        }

        // Singular extension: if every move but the table's fails well
        // below the table's score at half depth, the table's move is the
        // only good one and is searched a ply deeper. If even without it
        // the node beats beta, several moves do: cut (multi-cut).
        let mut singular_move = None;
        // +1 for a singular move, -1 for a table move that is not
        // singular but beats beta on its own (other moves may too).
        let mut singular_extension = 1;
        if G::SELECTIVE
            && ply > 0
            && depth >= SINGULAR_DEPTH
            && excluded.is_none()
            && (ply as i32) < 2 * self.root_depth
        {
            if let (Some(mv), Some((tt_score, tt_depth, bound))) = (tt_move, tt_entry) {
                if tt_depth >= depth - 3 && bound != Bound::Upper && tt_score.abs() < MATE_BOUND {
                    let singular_beta = tt_score - 2 * depth;
                    self.excluded[ply] = Some(mv);
                    let v = self.negamax(
                        pos,
                        (depth - 1) / 2,
                        singular_beta - 1,
                        singular_beta,
                        ply,
                        false,
                        cut_node,
                    );
                    self.excluded[ply] = None;
                    // That search wrote this ply's line; the moves below write it anew.
                    self.pv[ply].clear();
                    if self.stopped {
                        return 0;
                    }
                    if v < singular_beta {
                        singular_move = Some(mv);
                    } else if singular_beta >= beta {
                        return singular_beta;
                    } else if tt_score >= beta && !self.mate_safe {
                        singular_move = Some(mv);
                        singular_extension = -1;
                    }
                }
            }
        }

        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        moves.clear();
        // Legality is tested as each move is played (below): most nodes
        // cut before they reach most of their moves.
        pos.untested_moves(&mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            self.scores[ply] = scores;
            return outcome_score(pos.outcome_without_moves(), ply);
        }
        scores.clear();
        let killers = self.killers[ply];
        // The moves one, two, four and six plies up, for continuation history.
        let follows = self.follows(ply);
        let counter = follows[0].and_then(|p| self.counter_moves[p]);
        let mut exchanges = std::mem::take(&mut self.exchanges[ply]);
        exchanges.clear();
        for &mv in &moves {
            // A capture's static exchange is costly and most nodes cut
            // before their captures are reached: each is first ranked
            // with the winning ones and its exchange found when it comes
            // up (below), where a losing one drops behind the killers.
            exchanges.push(UNKNOWN_EXCHANGE);
            let s = if Some(mv) == tt_move {
                TABLE_MOVE
            } else if pos.is_noisy(mv) {
                GOOD_CAPTURE + pos.noisy_order(mv)
            } else if Some(mv) == killers[0] {
                900_000
            } else if Some(mv) == killers[1] {
                800_000
            } else if Some(mv) == counter {
                790_000
            } else {
                self.quiet_score(pos, mv, follows)
            };
            scores.push(s);
        }

        // Whether moves that give check are spared pruning and reductions:
        // always in a search to a fixed depth, which promises its mates.
        let spare_checks = self.mate_safe || !pos.prunes_checks();
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets = std::mem::take(&mut self.quiets[ply]);
        quiets.clear();
        for i in 0..moves.len() {
            // Selection sort: bring the best remaining move forward. A
            // capture ranked with the winning ones before its exchange
            // was known, and losing, is put behind the killers and the
            // choice made again: the order is the one the exchanges would
            // have given from the start.
            let bi = loop {
                let mut bi = i;
                for j in i + 1..moves.len() {
                    if scores[j] > scores[bi] {
                        bi = j;
                    }
                }
                if scores[bi] < GOOD_CAPTURE
                    || scores[bi] >= TABLE_MOVE
                    || exchanges[bi] != UNKNOWN_EXCHANGE
                {
                    break bi;
                }
                exchanges[bi] = pos.see(moves[bi]);
                if exchanges[bi] >= 0 {
                    break bi;
                }
                scores[bi] += LOSING_CAPTURE - GOOD_CAPTURE;
            };
            moves.swap(i, bi);
            scores.swap(i, bi);
            exchanges.swap(i, bi);
            let mv = moves[i];
            if Some(mv) == excluded {
                continue;
            }
            let noisy = pos.is_noisy(mv);
            let mut exchange = |mv| {
                if exchanges[i] == UNKNOWN_EXCHANGE {
                    exchanges[i] = pos.see(mv);
                }
                exchanges[i]
            };
            // Killers and the hash move are quiet but neither reduced nor pruned.
            let quiet = !noisy;
            let prunable = quiet && scores[i] < 800_000;

            // A search that promises its mates, once it holds one, looks
            // for a shorter one: futility and move counts, which judge a
            // quiet move by the static evaluation, would prune every quiet
            // move against a mate score, and a reduced search fails low
            // against it without the re-search that would see the mate.
            let shortening_mate = self.mate_safe && alpha >= MATE_BOUND;
            let may_prune = selective && searched > 0 && best > -MATE_BOUND && !shortening_mate;
            // Captures that lose material in the exchange, near the
            // leaves, unless they may check (a sacrifice that mates).
            if may_prune
                && noisy
                && Some(mv) != tt_move
                && depth <= SEE_PRUNE_DEPTH
                && exchange(mv) < -self.scaled(SEE_CAPTURE_MARGIN * depth)
                && !pos.may_give_check(mv)
            {
                continue;
            }
            // Late-move pruning, futility pruning, and quiet moves to a
            // square where the piece is lost, unless they check (where
            // checks are spared); a move that certainly cannot check is
            // pruned without being played. A node whose evaluation is not
            // improving prunes after two thirds of the quiet moves an
            // improving one searches (+29 in chess at 10 ms a move,
            // BENCHMARKS.md, "Null move by the margin, improving, and a
            // negative singular extension"). Futility reaches two plies
            // further than the move count (to depth 5 where it stopped at
            // 3: +17 (+2 .. +32) over 1,450 games of capablanca, chess and
            // xiangqi at 10 ms, BENCHMARKS.md, "Futility to depth 5").
            let late_moves = if improving {
                3 + depth * depth * 2
            } else {
                (3 + depth * depth * 2) * 2 / 3
            };
            let pruned_unless_check = may_prune
                && prunable
                && ((depth <= 3 && quiets.len() >= late_moves as usize)
                    || (depth <= FUTILITY_DEPTH
                        && static_eval + self.scaled(100 + 110 * depth) <= alpha)
                    || (depth <= SEE_PRUNE_DEPTH
                        && exchange(mv) < -self.scaled(SEE_QUIET_MARGIN * depth * depth)));
            if pruned_unless_check && (!spare_checks || !pos.may_give_check(mv)) {
                continue;
            }
            if !pos.is_untested_move_legal(mv) {
                continue;
            }
            let mut child = pos.clone();
            child.apply(mv);
            let gives_check = child.is_check();
            if pruned_unless_check && !gives_check {
                continue;
            }
            if quiet {
                quiets.push(mv);
            }

            if self.continuation_slots > 0 {
                self.played[ply] = Some(pos.piece_to_index(mv) as u32);
            }
            self.path.push(Visited::of(&child));
            let mut score;
            let extension = if Some(mv) == singular_move {
                singular_extension
            } else {
                0
            };
            if searched == 0 {
                score = -self.negamax(
                    &child,
                    depth - 1 + extension,
                    -beta,
                    -alpha,
                    ply + 1,
                    true,
                    !pv_node && !cut_node,
                );
            } else {
                let mut r = 0;
                if G::SELECTIVE
                    && depth >= 3
                    && prunable
                    && !in_check
                    && (!gives_check || !spare_checks)
                    && !shortening_mate
                {
                    r = self.reductions[(depth as usize).min(63)][searched.min(63)] as i32;
                    if pv_node {
                        r -= 1;
                    }
                    if self.history[pos.history_index(mv)] > 4000 {
                        r -= 1;
                    }
                    // Where a cut is expected, a late move is unlikely to
                    // matter: two plies more under a clock (measured by
                    // match in BENCHMARKS.md, "A mate the threads hid").
                    // Not in a search that promises its mates: a quiet
                    // mating move reduced so far is not seen at 2N+1.
                    if cut_node && !self.mate_safe {
                        r += 2;
                    }
                    r = r.clamp(0, depth - 2);
                    if ply == 0 && self.full_width_root {
                        r = 0;
                    }
                    // A search that promises a mate in N at depth 2N + 1
                    // has two plies to spare: a root move reduced by two
                    // spends them all there, and a quiet mating move that
                    // history happens to order late is then not seen (the
                    // mate suite's mate in three by c3 was missed at depth
                    // 7 once continuation history looked four and six
                    // plies up). Costs fixed-depth searches 18 % of their
                    // time in capablanca; under a clock roots reduce as usual.
                    if ply == 0 && self.mate_safe {
                        r = r.min(1);
                    }
                }
                score = -self.negamax(
                    &child,
                    depth - 1 - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                    true,
                );
                if score > alpha && r > 0 {
                    score = -self.negamax(
                        &child,
                        depth - 1,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        true,
                        !cut_node,
                    );
                }
                if score > alpha && score < beta {
                    score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, true, false);
                }
            }
            self.path.pop();
            searched += 1;
            if self.stopped {
                self.moves[ply] = moves;
                self.scores[ply] = scores;
                self.exchanges[ply] = exchanges;
                self.quiets[ply] = quiets;
                return 0;
            }

            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(mv);
                    line.extend_from_slice(&tail[0]);
                    if score >= beta {
                        if quiet {
                            if killers[0] != Some(mv) {
                                self.killers[ply] = [Some(mv), killers[0]];
                            }
                            self.reward_quiet(pos, mv, &quiets, follows, depth);
                            if let Some(p) = follows[0] {
                                self.counter_moves[p] = Some(mv);
                            }
                        }
                        break;
                    }
                }
            }
        }
        // A quiet best move that raised alpha without a cutoff (a
        // principal-variation node) is rewarded as a cutoff's is, as
        // Stockfish does: +14 over 1,388 games at 10 ms a move in four
        // variants (BENCHMARKS.md, "Continuation history four and six
        // plies up").
        if best < beta && excluded.is_none() {
            if let Some(mv) = best_move.filter(|&mv| !pos.is_noisy(mv)) {
                self.reward_quiet(pos, mv, &quiets, follows, depth);
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        self.exchanges[ply] = exchanges;
        self.quiets[ply] = quiets;

        if searched == 0 {
            // Only the excluded move was legal: fail low. Otherwise no
            // move was legal (pruning spares the first legal move).
            return if excluded.is_some() {
                alpha
            } else {
                outcome_score(pos.outcome_without_moves(), ply)
            };
        }
        if excluded.is_some() {
            // A score without the best move is no score of the position.
            return best;
        }
        let bound = Bound::of_result(best, original_alpha, beta);
        // Correction history learns how far the search finds this pawn
        // structure's positions from their static evaluation, as Stockfish
        // does: a best move that captures says more about the exchange
        // than about the evaluation, and a bound on the evaluation's own
        // side says nothing about its error.
        if let Some(k) = correction_key {
            if best.abs() < MATE_BOUND
                && best_move.is_none_or(|mv| !pos.is_noisy(mv))
                && !(bound == Bound::Lower && best <= static_eval)
                && !(bound == Bound::Upper && best >= static_eval)
            {
                self.update_correction(k, best - raw_eval, depth);
            }
        }
        self.tt.store(
            key,
            best_move.or(tt_move),
            score_to_tt(best, ply),
            depth as i16,
            bound,
        );
        best
    }

    /// A margin of `cp` chess centipawns in this game's centipawns
    /// ([`Game::margin_scale`]).
    fn scaled(&self, cp: i32) -> i32 {
        cp * self.margin_scale / 100
    }

    /// `true` if, were the side to move to pass, the opponent would have a
    /// mate in one. Only asked where the evaluation would prune, and only
    /// near the leaves, where the search itself cannot see the threat.
    fn mate_threat(&mut self, pos: &G, ply: usize) -> bool {
        pos.pass()
            .is_some_and(|passed| self.mates_in_one(&passed, ply))
    }

    /// `true` if the side to move has a move that mates at once.
    fn mates_in_one(&mut self, pos: &G, ply: usize) -> bool {
        // The move lists of the plies below are free until a child runs.
        let mut moves = std::mem::take(&mut self.moves[ply + 1]);
        let mut answers = std::mem::take(&mut self.moves[ply + 2]);
        moves.clear();
        pos.moves(&mut moves);
        let mut mates = false;
        for &mv in &moves {
            if !pos.may_give_check(mv) {
                continue;
            }
            let mut child = pos.clone();
            child.apply(mv);
            if child.is_check()
                && child.outcome().is_none()
                && !child.has_moves(&mut answers)
                && child.outcome_without_moves() == RelativeOutcome::Loss
            {
                mates = true;
                break;
            }
        }
        self.moves[ply + 2] = answers;
        self.moves[ply + 1] = moves;
        mates
    }

    /// Rewards quiet move `mv`, the best at a node searched to `depth`, in
    /// history and continuation history, and punishes as much the other
    /// quiet moves searched there before it (`quiets`): not those pruned
    /// unplayed, which were never tried.
    fn reward_quiet(
        &mut self,
        pos: &G,
        mv: G::Move,
        quiets: &[G::Move],
        follows: [Option<usize>; 4],
        depth: i32,
    ) {
        // Stockfish's size of step: a cutoff near the leaves still teaches
        // the ordering something (d² gave depth 1 a step of 1 in 16,384).
        let bonus = (16 * depth * depth + 128 * depth - 128).clamp(16, 2000);
        self.update_history(pos.history_index(mv), bonus);
        self.update_continuation(pos, mv, follows, bonus);
        for &m in quiets {
            if m != mv {
                self.update_history(pos.history_index(m), -bonus);
                self.update_continuation(pos, m, follows, -bonus);
            }
        }
    }

    /// `raw`, a static evaluation, corrected by the correction history of
    /// `key` (none without a key).
    #[inline]
    fn corrected(&self, key: Option<u64>, raw: i32) -> i32 {
        match key {
            Some(k) => {
                raw + self.correction[k as usize & (CORRECTION_ENTRIES - 1)] / CORRECTION_GRAIN
            }
            None => raw,
        }
    }

    /// Moves the correction of `key` towards `error`, the search's score
    /// less the static evaluation, the more the deeper the search.
    fn update_correction(&mut self, key: u64, error: i32, depth: i32) {
        let target = error.clamp(-CORRECTION_MAX, CORRECTION_MAX) * CORRECTION_GRAIN;
        let weight = (depth + 1).min(16);
        let entry = &mut self.correction[key as usize & (CORRECTION_ENTRIES - 1)];
        *entry = (*entry * (256 - weight) + target * weight) / 256;
    }

    #[inline]
    fn update_history(&mut self, index: usize, bonus: i32) {
        let h = &mut self.history[index % HISTORY_SIZE];
        *h += bonus - *h * bonus.abs() / 16_384;
    }

    /// The piece-to slots of the moves one, two, four and six plies above
    /// `ply`, where there are such moves and they were not null moves: the
    /// opponent's last move and this side's own last three, as Stockfish
    /// keeps them (the last two alone were measured weaker at 10 ms a
    /// move, BENCHMARKS.md, "Continuation history four and six plies up").
    #[inline]
    fn follows(&self, ply: usize) -> [Option<usize>; 4] {
        let at = |back: usize| {
            ply.checked_sub(back)
                .and_then(|p| self.played[p])
                .map(|slot| slot as usize)
        };
        [at(1), at(2), at(4), at(6)]
    }

    /// The ordering score of a quiet move: its history, and how well it
    /// answered the moves before it.
    #[inline]
    fn quiet_score(&self, pos: &G, mv: G::Move, follows: [Option<usize>; 4]) -> i32 {
        let mut score = self.history[pos.history_index(mv) % HISTORY_SIZE];
        if self.continuation_slots > 0 {
            let slot = pos.piece_to_index(mv);
            for prev in follows.into_iter().flatten() {
                score += i32::from(self.continuation[prev * self.continuation_slots + slot]);
            }
        }
        score
    }

    /// Rewards (or, for a negative `bonus`, punishes) quiet move `mv` as an
    /// answer to the moves before it, with the same saturating step as
    /// [`Searcher::update_history`], which keeps entries within ±16384.
    fn update_continuation(
        &mut self,
        pos: &G,
        mv: G::Move,
        follows: [Option<usize>; 4],
        bonus: i32,
    ) {
        if self.continuation_slots == 0 {
            return;
        }
        let slot = pos.piece_to_index(mv);
        for prev in follows.into_iter().flatten() {
            let entry = &mut self.continuation[prev * self.continuation_slots + slot];
            let h = i32::from(*entry);
            *entry = (h + bonus - h * bonus.abs() / 16_384) as i16;
        }
    }

    /// Captures (and evasions) only, `qply` plies below the main search:
    /// bounded by [`MAX_QUIESCENCE_PLY`], so that a crowded board or a
    /// variant where every pawn move promotes cannot make a depth-limited
    /// search run on.
    fn quiescence(&mut self, pos: &G, mut alpha: i32, beta: i32, ply: usize, qply: usize) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.check_limits();
        if self.stopped {
            return 0;
        }
        if qply == 0 {
            self.quiescence_start = self.nodes;
        }
        if ply >= MAX_PLY - 1
            || qply >= MAX_QUIESCENCE_PLY
            || self.nodes - self.quiescence_start > MAX_QUIESCENCE_NODES
        {
            return pos.evaluate();
        }
        let in_check = pos.is_check();
        // The table in quiescence, as Stockfish's: any entry of this
        // position is at least as deep as quiescence (entries of depth 0
        // are quiescence's own), so outside the principal variation its
        // bound cuts, and its move is tried first. +41 in capablanca, +8
        // in chess, +9 in xiangqi at 10 ms a move (BENCHMARKS.md, "The
        // table in quiescence").
        let pv_node = beta - alpha > 1;
        let original_alpha = alpha;
        let key = pos.hash();
        let mut tt_move = None;
        let mut tt_hit = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            let s = score_from_tt(e.score, ply);
            tt_hit = Some((s, e.bound));
            if !pv_node && e.bound.settles(s, alpha, beta) {
                return s;
            }
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        moves.clear();
        let stand_pat;
        if in_check {
            // No standing pat in check: every evasion is searched.
            stand_pat = -INF;
            // Legality is tested as each evasion is played (below).
            pos.untested_moves(&mut moves);
            if moves.is_empty() {
                self.moves[ply] = moves;
                self.scores[ply] = scores;
                return outcome_score(pos.outcome_without_moves(), ply);
            }
        } else {
            // The table's score stands for the static evaluation where
            // its bound says it is the better guess, as in Stockfish: +13
            // in capablanca, +17 in chess, +6 in xiangqi at 10 ms a move
            // (BENCHMARKS.md, "The table in quiescence").
            let eval = self.corrected(pos.correction_key(), pos.evaluate());
            stand_pat = match tt_hit {
                Some((s, bound))
                    if s.abs() < MATE_BOUND
                        && match bound {
                            Bound::Exact => true,
                            Bound::Lower => s > eval,
                            Bound::Upper => s < eval,
                        } =>
                {
                    s
                }
                _ => eval,
            };
            if stand_pat >= beta {
                self.moves[ply] = moves;
                self.scores[ply] = scores;
                self.tt
                    .store(key, None, score_to_tt(stand_pat, ply), 0, Bound::Lower);
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            pos.noisy_moves(&mut moves);
        }
        scores.clear();
        for &mv in &moves {
            scores.push(if Some(mv) == tt_move {
                i32::MAX
            } else if pos.is_noisy(mv) {
                pos.noisy_order(mv)
            } else {
                i32::MIN
            });
        }
        let mut best = stand_pat;
        let mut best_move = None;
        for i in 0..moves.len() {
            let mut bi = i;
            for j in i + 1..moves.len() {
                if scores[j] > scores[bi] {
                    bi = j;
                }
            }
            moves.swap(i, bi);
            scores.swap(i, bi);
            let mv = moves[i];
            // Delta pruning: even winning the piece cannot lift us to alpha;
            // and captures that lose material in the exchange are skipped.
            if !in_check
                && G::SELECTIVE
                && (stand_pat + pos.gain(mv) + self.scaled(200) <= alpha || pos.see(mv) < 0)
            {
                continue;
            }
            if in_check && !pos.is_untested_move_legal(mv) {
                continue;
            }
            let mut child = pos.clone();
            child.apply(mv);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.stopped {
                self.moves[ply] = moves;
                self.scores[ply] = scores;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(mv);
                    line.extend_from_slice(&tail[0]);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        if best == -INF {
            // In check with no legal evasion (every legal move scores
            // above -INF).
            return outcome_score(pos.outcome_without_moves(), ply);
        }
        // Depth 0: quiescence's own entries, which no search of a ply or
        // more takes for its own.
        let bound = Bound::of_result(best, original_alpha, beta);
        self.tt
            .store(key, best_move.or(tt_move), score_to_tt(best, ply), 0, bound);
        best
    }
}

/// The score of a finished game `ply` plies from the root, for the side to move.
#[inline]
fn outcome_score(o: RelativeOutcome, ply: usize) -> i32 {
    match o {
        RelativeOutcome::Win => MATE - ply as i32,
        RelativeOutcome::Loss => -(MATE - ply as i32),
        RelativeOutcome::Draw => 0,
    }
}

/// Mate scores are stored relative to the node, not the root.
#[inline]
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
