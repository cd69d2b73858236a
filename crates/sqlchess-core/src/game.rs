//! A game: a position with its history, for repetitions and the result.

use core::fmt;

use sqlchess_types::{Color, Move};

use crate::position::IllegalMoveError;
use crate::Position;

/// How a finished game ended for the scoreboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The winner.
        winner: Color,
    },
    /// Nobody won.
    Draw,
}

impl fmt::Display for Outcome {
    /// PGN's result: `1-0`, `0-1` or `1/2-1/2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Decisive {
                winner: Color::White,
            } => "1-0",
            Outcome::Decisive {
                winner: Color::Black,
            } => "0-1",
            Outcome::Draw => "1/2-1/2",
        })
    }
}

/// The state of play of a position or game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameStatus {
    /// The side to move has legal moves and no draw applies.
    Ongoing,
    /// The side to move is checkmated.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever mate.
    InsufficientMaterial,
    /// 100 half-moves without a capture or pawn move (FIDE 9.3; we draw at once).
    FiftyMoves,
    /// The same position for the third time (FIDE 9.2; we draw at once).
    Repetition,
}

impl GameStatus {
    /// The outcome, if the game is over.
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            GameStatus::Ongoing => None,
            GameStatus::Checkmate { winner } => Some(Outcome::Decisive { winner }),
            _ => Some(Outcome::Draw),
        }
    }

    /// A lower-case word for SQL and the CLI: `ongoing`, `checkmate`,
    /// `stalemate`, `insufficient_material`, `fifty_moves`, `repetition`.
    pub fn name(self) -> &'static str {
        match self {
            GameStatus::Ongoing => "ongoing",
            GameStatus::Checkmate { .. } => "checkmate",
            GameStatus::Stalemate => "stalemate",
            GameStatus::InsufficientMaterial => "insufficient_material",
            GameStatus::FiftyMoves => "fifty_moves",
            GameStatus::Repetition => "repetition",
        }
    }
}

impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Position {
    /// The status judged from this position alone (no repetition, which needs history).
    pub fn status(&self) -> GameStatus {
        if !self.has_legal_moves() {
            if self.is_check() {
                GameStatus::Checkmate { winner: !self.turn }
            } else {
                GameStatus::Stalemate
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
