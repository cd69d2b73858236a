//! A game of the engine against itself, for any [`Game`].

use crate::game::{Game, RelativeOutcome, Visited};
use crate::search::{Limits, Searcher};

/// Why a self-play game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Termination {
    /// The side to move had no legal move (checkmate, stalemate, full board).
    NoLegalMove,
    /// The game's own rules ended it ([`Game::outcome`]: a completed line,
    /// fifty moves, dead material).
    Rule,
    /// The same position occurred for the third time.
    Repetition,
    /// The ply limit was reached (scored as a draw).
    PlyLimit,
}

/// Which player won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Winner {
    /// The player who moved first (White, X).
    First,
    /// The player who moved second (Black, O).
    Second,
}

/// A finished self-play game.
#[derive(Debug, Clone)]
pub struct SelfPlay<M> {
    /// The moves played, from the start.
    pub moves: Vec<M>,
    /// How it ended.
    pub termination: Termination,
    /// The winner, or `None` for a draw.
    pub winner: Option<Winner>,
}

/// Plays `start` out with the engine on both sides, each move searched
/// within `limits`, for at most `max_plies` plies. `on_move` sees the
/// position before each move, the move and the search's score.
///
/// `first_to_move` says whether the player to move in `start` is the first
/// player (White, X); it decides [`SelfPlay::winner`].
///
/// ```
/// use sqlchess_search::selfplay::{selfplay, Termination};
/// use sqlchess_search::{tictactoe::TicTacToe, Limits};
/// let game = selfplay(&TicTacToe::new(), true, &Limits::depth(9), 1, 20, |_, _, _| {});
/// assert_eq!(game.winner, None); // perfect play draws
/// assert_eq!(game.moves.len(), 9);
/// assert_eq!(game.termination, Termination::NoLegalMove);
/// ```
pub fn selfplay<G: Game>(
    start: &G,
    first_to_move: bool,
    limits: &Limits,
    hash_mb: usize,
    max_plies: usize,
    mut on_move: impl FnMut(&G, G::Move, i32),
) -> SelfPlay<G::Move> {
    let mut searcher = Searcher::<G>::new(hash_mb);
    let mut pos = start.clone();
    let mut history: Vec<Visited> = Vec::new();
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    let (termination, outcome) = loop {
        if let Some(o) = pos.outcome() {
            break (Termination::Rule, o);
        }
        let reps = history
            .iter()
            .rev()
            .take(pos.reversible_plies() as usize)
            .skip(1)
            .step_by(2)
            .filter(|h| h.hash == pos.hash())
            .count();
        if reps >= 2 {
            break (Termination::Repetition, RelativeOutcome::Draw);
        }
        legal.clear();
        pos.moves(&mut legal);
        if legal.is_empty() {
            break (Termination::NoLegalMove, pos.outcome_without_moves());
        }
        if moves.len() >= max_plies {
            break (Termination::PlyLimit, RelativeOutcome::Draw);
        }
        let result = searcher.search(&pos, &history, limits, |_| {});
        let mv = result.best_move.unwrap_or(legal[0]);
        on_move(&pos, mv, result.score);
        history.push(Visited::of(&pos));
        pos.apply(mv);
        moves.push(mv);
    };
    // `outcome` is for the side to move at the end.
    let side_to_move_is_first = first_to_move == (moves.len() % 2 == 0);
    let winner = match outcome {
        RelativeOutcome::Draw => None,
        RelativeOutcome::Win if side_to_move_is_first => Some(Winner::First),
        RelativeOutcome::Loss if !side_to_move_is_first => Some(Winner::First),
        _ => Some(Winner::Second),
    };
    SelfPlay {
        moves,
        termination,
        winner,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlchess_core::Position;

    #[test]
    fn mate_in_one_is_played() {
        let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
        let g = selfplay(&pos, true, &Limits::depth(2), 1, 10, |_, _, _| {});
        assert_eq!(g.moves.len(), 1);
        assert_eq!(g.winner, Some(Winner::First));
        assert_eq!(g.termination, Termination::NoLegalMove);
    }

    #[test]
    fn black_to_move_mates() {
        let pos = Position::from_fen("8/8/8/8/8/6k1/4r3/6K1 b - - 0 1").unwrap();
        let g = selfplay(&pos, false, &Limits::depth(2), 1, 10, |_, _, _| {});
        assert_eq!(g.winner, Some(Winner::Second));
    }

    #[test]
    fn dead_material_ends_the_game() {
        let pos = Position::from_fen("8/8/8/4k3/8/8/8/4KB2 w - - 0 1").unwrap();
        let g = selfplay(&pos, true, &Limits::depth(2), 1, 10, |_, _, _| {});
        assert_eq!(g.termination, Termination::Rule);
        assert_eq!(g.winner, None);
        assert!(g.moves.is_empty());
    }
}
