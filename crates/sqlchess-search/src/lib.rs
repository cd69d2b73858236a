#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod chess;
pub use chess::ChessGame;
pub mod eval;
mod eval_weights;
pub mod fairy;
mod fairy_tuned;
mod game;
pub mod minimax;
pub mod net;
mod search;
pub mod selfplay;
pub mod tictactoe;
pub mod tt;
pub mod uci;

pub use game::{Game, Visited, HISTORY_SIZE};
pub use search::{
    Limits, Score, SearchInfo, SearchResult, Searcher, MATE, MATE_BOUND, MAX_PLY,
    MAX_QUIESCENCE_NODES, MAX_QUIESCENCE_PLY, MAX_THREADS,
};
pub use sqlchess_rules::RelativeOutcome;

use sqlchess_rules::Position;

use crate::fairy::FairyGame;

/// The node budget of a search called from SQL unless the caller gives
/// another: about ten seconds here, so that no `next_move` call runs away
/// (the search stops at the budget with the best move of the deepest
/// iteration finished; node counts are deterministic, so the answer still
/// depends on the arguments alone).
pub const SQL_NODE_BUDGET: u64 = 20_000_000;

/// The answer of [`next_move`], in text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestMove {
    /// The best move in UCI notation; `None` if the game is over.
    pub uci: Option<String>,
    /// The score for the side to move.
    pub score: Score,
    /// The depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation in UCI notation.
    pub pv: Vec<String>,
}

/// Searches a position of any variant within `limits`, with a fresh 4 MB
/// transposition table (so that equal inputs give equal answers at a fixed
/// depth, as a deterministic SQL function must; a table reused between calls
/// would not). Standard chess and Chess960 use the bitboard engine, every
/// other variant the generic one; the half-move clock counts toward the
/// fifty-move rule in both.
///
/// ```
/// use sqlchess_rules::{Position, Variant};
/// use sqlchess_search::{next_move, Limits};
/// let pos = Position::start(&Variant::builtin("capablanca").unwrap());
/// let best = next_move(&pos, &Limits::depth(2));
/// assert!(best.uci.is_some());
/// ```
pub fn next_move(pos: &Position, limits: &Limits) -> BestMove {
    search_position(pos, limits, 4, |_| {})
}

/// One completed iteration of [`search_position`], in text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    /// The iteration's depth.
    pub depth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Milliseconds since the search began.
    pub millis: u128,
    /// The principal variation in UCI notation.
    pub pv: Vec<String>,
}

/// Searches a position of any variant within `limits` with a table of
/// `hash_mb` megabytes (clamped to [`tt::MAX_HASH_MB`]), calling `report`
/// after each iteration. The one place that picks the search's game for a
/// position: the bitboard engine for chess, [`FairyGame`] for the rest.
pub fn search_position(
    pos: &Position,
    limits: &Limits,
    hash_mb: usize,
    report: impl FnMut(&Progress),
) -> BestMove {
    Engine::new(hash_mb).search(pos, &[], limits, report)
}

/// A searcher for positions of any variant that keeps its transposition
/// tables from one call to the next (a game, a UCI session): the one place
/// that picks the search's game for a position — the bitboard engine for
/// chess, [`FairyGame`] for the rest.
///
/// ```
/// use sqlchess_rules::{Position, Variant};
/// use sqlchess_search::{Engine, Limits};
/// let mut engine = Engine::new(4);
/// let pos = Position::start(&Variant::builtin("shogi").unwrap());
/// let best = engine.search(&pos, &[], &Limits::depth(2), |_| {});
/// assert!(pos.parse_move(best.uci.as_deref().unwrap()).is_ok());
/// ```
pub struct Engine {
    hash_mb: usize,
    threads: usize,
    chess: Option<Searcher<ChessGame>>,
    fairy: Option<Searcher<FairyGame>>,
}

impl Engine {
    /// An engine whose tables take about `hash_mb` megabytes each (clamped
    /// to [`tt::MAX_HASH_MB`]), allocated on first use.
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            hash_mb,
            threads: 1,
            chess: None,
            fairy: None,
        }
    }

    /// Sets the threads of each search (1 to [`MAX_THREADS`]; see
    /// [`Searcher::set_threads`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// Searches `pos` within `limits`; `history` holds the game's earlier
    /// positions ([`Position::zobrist`] and [`Position::is_check`], see
    /// [`Visited`]), oldest first, for repetitions. `report` is called
    /// after each iteration.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[Visited],
        limits: &Limits,
        report: impl FnMut(&Progress),
    ) -> BestMove {
        let (hash_mb, threads) = (self.hash_mb, self.threads);
        match (pos.as_chess(), pos.as_fairy()) {
            (Some(p), _) => {
                let searcher = self.chess.get_or_insert_with(|| Searcher::new(hash_mb));
                searcher.set_threads(threads);
                best_move(searcher, &ChessGame::new(*p), history, limits, report)
            }
            (None, Some(p)) => {
                let searcher = self.fairy.get_or_insert_with(|| Searcher::new(hash_mb));
                searcher.set_threads(threads);
                best_move(
                    searcher,
                    &FairyGame::from_position(p.clone()),
                    history,
                    limits,
                    report,
                )
            }
            (None, None) => BestMove::none(),
        }
    }
}

/// The static evaluation in centipawns, positive when White is better:
/// for chess the built-in evaluation (material, piece-square tables,
/// mobility, king safety, pawns) plus the embedded network's correction,
/// for fairy variants mobility-derived piece values and variant terms.
///
/// ```
/// let pos = sqlchess_rules::position("4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1", "chess").unwrap();
/// assert!(sqlchess_search::evaluate_white(&pos) > 2000);
/// ```
pub fn evaluate_white(pos: &Position) -> i32 {
    match (pos.as_chess(), pos.as_fairy()) {
        (Some(p), _) => chess::evaluate_white(p),
        (None, Some(p)) => FairyGame::from_position(p.clone()).evaluate_white(),
        (None, None) => 0,
    }
}

impl BestMove {
    fn none() -> BestMove {
        BestMove {
            uci: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        }
    }
}

/// The moves of `pv` from `root`, in UCI.
fn pv_text<G: Game>(root: &G, pv: &[G::Move]) -> Vec<String> {
    let mut p = root.clone();
    pv.iter()
        .map(|&m| {
            let t = p.move_text(m);
            p.apply(m);
            t
        })
        .collect()
}

fn best_move<G: Game>(
    searcher: &mut Searcher<G>,
    root: &G,
    history: &[Visited],
    limits: &Limits,
    mut report: impl FnMut(&Progress),
) -> BestMove {
    let r = searcher.search(root, history, limits, |info: &SearchInfo<G::Move>| {
        report(&Progress {
            depth: info.depth,
            score: Score::from_internal(info.score),
            nodes: info.nodes,
            nps: info.nps(),
            millis: info.time.as_millis(),
            pv: pv_text(root, &info.pv),
        })
    });
    let pv = pv_text(root, &r.pv);
    BestMove {
        uci: r.best_move.map(|m| root.move_text(m)),
        score: r.uci_score(),
        depth: r.depth,
        nodes: r.nodes,
        pv,
    }
}
