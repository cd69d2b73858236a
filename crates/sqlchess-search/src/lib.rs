#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod any;
mod chess;
pub mod eval;
pub mod fairy;
mod game;
pub mod minimax;
mod search;
pub mod selfplay;
pub mod tictactoe;
pub mod tt;
pub mod uci;

pub use any::AnyPosition;
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
    /// No variant of that name.
    #[error("unknown variant {name:?}: {source}")]
    Variant {
        /// The rejected name.
        name: String,
        /// Why.
        source: sqlchess_fairy::VariantError,
    },
    /// The FEN is not a position of the fairy variant.
    #[error("invalid {variant} fen {fen:?}: {source}")]
    FairyFen {
        /// The variant.
        variant: String,
        /// The rejected FEN.
        fen: String,
        /// Why.
        source: sqlchess_fairy::FenError,
    },
}

/// Variants played on sqlchess-core's fast path; the rest go to sqlchess-fairy.
pub const CORE_VARIANTS: &[&str] = &["chess", "chess960", "fischerandom"];

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
/// `limits`, with a fresh 4 MB transposition table (so that equal inputs
/// give equal answers at a fixed depth, as a deterministic SQL function
/// must; a table reused between calls would not).
///
/// # Errors
/// [`SearchError::Fen`] if the FEN is invalid.
pub fn next_move(fen: &str, limits: &Limits) -> Result<BestMove, SearchError> {
    Ok(best_move(&parse_fen(fen)?, limits))
}

/// Like [`next_move`] for any variant: `chess`, `chess960` and
/// `fischerandom` on the standard-chess fast path, the others through
/// sqlchess-fairy; `fen` `None` is the variant's start position.
///
/// ```
/// use sqlchess_search::{next_move_variant, Limits};
/// let best = next_move_variant("capablanca", None, &Limits::depth(2)).unwrap();
/// assert!(best.uci.is_some());
/// ```
///
/// # Errors
/// [`SearchError::Variant`] for an unknown variant, [`SearchError::Fen`] or
/// [`SearchError::FairyFen`] for an invalid FEN.
pub fn next_move_variant(
    variant: &str,
    fen: Option<&str>,
    limits: &Limits,
) -> Result<BestMove, SearchError> {
    let pos = match fen {
        Some(text) => AnyPosition::from_fen(text, variant)?,
        None => AnyPosition::start(variant)?,
    };
    Ok(pos.next_move(limits))
}

fn best_move<G: Game>(root: &G, limits: &Limits) -> BestMove {
    let mut searcher = Searcher::<G>::new(4);
    let r = searcher.search(root, &[], limits, |_| {});
    let mut pv = Vec::with_capacity(r.pv.len());
    let mut p = root.clone();
    for &m in &r.pv {
        pv.push(p.move_text(m));
        p.apply(m);
    }
    BestMove {
        uci: r.best_move.map(|m| root.move_text(m)),
        score: r.uci_score(),
        depth: r.depth,
        nodes: r.nodes,
        pv,
    }
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
