//! A game: a position with its history, for repetitions and the result.

use sqlchess_types::Move;
pub use sqlchess_types::{GameStatus, Outcome};

use crate::position::IllegalMoveError;
use crate::Position;

impl Position {
    /// The status judged from this position alone (no repetition, which needs history).
    pub fn status(&self) -> GameStatus {
        if !self.has_legal_moves() {
            if self.is_check() {
                GameStatus::Checkmate {
                    outcome: Outcome::Decisive { winner: !self.turn },
                }
            } else {
                GameStatus::Stalemate {
                    outcome: Outcome::Draw,
                }
            }
        } else if self.is_insufficient_material() {
            GameStatus::InsufficientMaterial
        } else if self.halfmoves >= 100 {
            GameStatus::FiftyMoves
        } else {
            GameStatus::Ongoing
        }
    }
}

/// A game from a starting position: the moves played and every position's hash.
///
/// ```
/// use sqlchess_core::{Game, GameStatus, Position};
/// let mut game = Game::new(Position::new());
/// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
///     let mv = game.position().parse_san(san).unwrap();
///     game.play(mv).unwrap();
/// }
/// assert_eq!(game.status(), GameStatus::Repetition);
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    initial: Position,
    position: Position,
    moves: Vec<Move>,
    hashes: Vec<u64>,
}

impl Game {
    /// A game starting from `initial`.
    pub fn new(initial: Position) -> Game {
        Game {
            initial,
            position: initial,
            moves: Vec::new(),
            hashes: vec![initial.zobrist()],
        }
    }

    /// The starting position.
    pub fn initial(&self) -> &Position {
        &self.initial
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`IllegalMoveError`] if it is not legal.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        self.position.play(mv)?;
        self.moves.push(mv);
        self.hashes.push(self.position.zobrist());
        Ok(())
    }

    /// How many times the current position has occurred (1 the first time).
    pub fn repetitions(&self) -> usize {
        let current = self.position.zobrist();
        // Only positions since the last irreversible move can repeat; they
        // are also a same-side-to-move, every other one.
        let window = (self.position.halfmoves() as usize + 1).min(self.hashes.len());
        self.hashes[self.hashes.len() - window..]
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&h| h == current)
            .count()
    }

    /// The game's status: mate and stalemate first, then the draws.
    pub fn status(&self) -> GameStatus {
        match self.position.status() {
            GameStatus::Ongoing | GameStatus::FiftyMoves if self.repetitions() >= 3 => {
                GameStatus::Repetition
            }
            s => s,
        }
    }
}
