//! Search for sqlchess: a [`Game`] trait that standard chess, tic-tac-toe and
//! the fairy variants implement; an iterative-deepening alpha-beta
//! [`Searcher`] generic over it; the evaluation of standard chess; and a UCI
//! engine loop ([`uci::run`]).
//!
//! ```
//! use sqlchess_search::{next_move, evaluate_fen, Limits};
//! // Black is mated in one: Qxf7#.
//! let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
//! let best = next_move(fen, &Limits::depth(3)).unwrap();
//! assert_eq!(best.uci.as_deref(), Some("f3f7"));
//! assert!(evaluate_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap() > 800);
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod chess;
pub mod eval;
pub mod fairy;
mod game;
mod search;
pub mod selfplay;
pub mod tictactoe;
pub mod tt;
pub mod uci;

pub use game::{Game, Outcome, HISTORY_SIZE};
pub use search::{Limits, Score, SearchInfo, SearchResult, Searcher, MATE, MATE_BOUND, MAX_PLY};

use sqlchess_core::{FenError, Position};

/// The errors of the convenience functions.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The FEN cannot be read or is not a legal position.
    #[error("invalid fen {fen:?}: {source}")]
    Fen {
        /// The rejected FEN.
        fen: String,
        /// Why.
        source: FenError,
    },
}

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

/// Searches a standard chess (or Chess960) position given as FEN within
/// `limits`, with a fresh 16 MB transposition table.
///
/// # Errors
/// [`SearchError::Fen`] if the FEN is invalid.
pub fn next_move(fen: &str, limits: &Limits) -> Result<BestMove, SearchError> {
    let pos = parse_fen(fen)?;
    let mut searcher = Searcher::<Position>::new(16);
    let r = searcher.search(&pos, &[], limits, |_| {});
    let mut pv = Vec::with_capacity(r.pv.len());
    let mut p = pos;
    for &m in &r.pv {
        pv.push(p.uci(m).to_string());
        p.play_unchecked(m);
    }
    Ok(BestMove {
        uci: r.best_move.map(|m| pos.uci(m).to_string()),
        score: r.uci_score(),
        depth: r.depth,
        nodes: r.nodes,
        pv,
    })
}

/// The static evaluation of a standard chess position, in centipawns from
/// White's point of view (positive: White is better).
///
/// # Errors
/// [`SearchError::Fen`] if the FEN is invalid.
pub fn evaluate_fen(fen: &str) -> Result<i32, SearchError> {
    Ok(eval::evaluate_white(&parse_fen(fen)?))
}

fn parse_fen(fen: &str) -> Result<Position, SearchError> {
    Position::from_fen(fen).map_err(|source| SearchError::Fen {
        fen: fen.to_owned(),
        source,
    })
}
