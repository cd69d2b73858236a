//! How games end: [`Outcome`] for the scoreboard, [`RelativeOutcome`] for
//! the side to move (what search and variant rules speak in), and
//! [`GameStatus`], the state of play of a position. One definition each,
//! shared by the standard-chess core, the fairy engine, the rules facade and
//! the search.

use core::fmt;

use crate::Color;

/// How a finished game ended, for the scoreboard.
///
/// ```
/// use sqlchess_types::{Color, Outcome};
/// assert_eq!(Outcome::Decisive { winner: Color::Black }.to_string(), "0-1");
/// assert_eq!(Outcome::Draw.to_string(), "1/2-1/2");
/// ```
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

impl Outcome {
    /// The outcome for the scoreboard of a result judged for `side`.
    pub fn from_relative(result: RelativeOutcome, side: Color) -> Outcome {
        match result {
            RelativeOutcome::Win => Outcome::Decisive { winner: side },
            RelativeOutcome::Loss => Outcome::Decisive { winner: !side },
            RelativeOutcome::Draw => Outcome::Draw,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner } => Some(winner),
            Outcome::Draw => None,
        }
    }
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

/// How a finished game stands for the side to move: what a variant's end
/// rules say ("checkmate is a loss") and what the search backs up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RelativeOutcome {
    /// The side to move has won.
    Win,
    /// The side to move has lost.
    Loss,
    /// Nobody won.
    Draw,
}

impl RelativeOutcome {
    /// The game-theoretic value for the side to move: `+∞` for a win, `-∞`
    /// for a loss, `0` for a draw.
    ///
    /// ```
    /// use sqlchess_types::RelativeOutcome;
    /// assert_eq!(RelativeOutcome::Win.value(), f64::INFINITY);
    /// assert_eq!(RelativeOutcome::Draw.value(), 0.0);
    /// ```
    pub fn value(self) -> f64 {
        match self {
            RelativeOutcome::Win => f64::INFINITY,
            RelativeOutcome::Loss => f64::NEG_INFINITY,
            RelativeOutcome::Draw => 0.0,
        }
    }

    /// The outcome for the other side.
    pub fn flip(self) -> RelativeOutcome {
        match self {
            RelativeOutcome::Win => RelativeOutcome::Loss,
            RelativeOutcome::Loss => RelativeOutcome::Win,
            RelativeOutcome::Draw => RelativeOutcome::Draw,
        }
    }
}

/// The state of play of a position (or, with [`GameStatus::Repetition`], of
/// a game with its history).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameStatus {
    /// The side to move has legal moves and no draw applies.
    Ongoing,
    /// The side to move has no legal move and is in check.
    Checkmate {
        /// The result the variant gives (in chess, a win for the other side).
        outcome: Outcome,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate {
        /// The result the variant gives (in chess, a draw).
        outcome: Outcome,
    },
    /// Neither side can ever mate.
    InsufficientMaterial,
    /// 100 half-moves without a capture or pawn move (FIDE 9.3; drawn at once).
    FiftyMoves,
    /// The same position for the third time (FIDE 9.2; drawn at once).
    Repetition,
    /// A rule of the variant ended the game: a flag reached (king of the
    /// hill, racing kings), the last check given (three-check), some pieces
    /// extinct (atomic, antichess, horde).
    VariantEnd {
        /// The result the rule gives.
        outcome: Outcome,
    },
}

impl GameStatus {
    /// The outcome, if the game is over.
    ///
    /// ```
    /// use sqlchess_types::{Color, GameStatus, Outcome};
    /// let mate = GameStatus::Checkmate { outcome: Outcome::Decisive { winner: Color::White } };
    /// assert_eq!(mate.outcome().map(|o| o.to_string()).as_deref(), Some("1-0"));
    /// assert_eq!(GameStatus::Ongoing.outcome(), None);
    /// ```
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            GameStatus::Ongoing => None,
            GameStatus::Checkmate { outcome }
            | GameStatus::Stalemate { outcome }
            | GameStatus::VariantEnd { outcome } => Some(outcome),
            GameStatus::InsufficientMaterial | GameStatus::FiftyMoves | GameStatus::Repetition => {
                Some(Outcome::Draw)
            }
        }
    }

    /// A lower-case word for SQL and the CLI: `ongoing`, `checkmate`,
    /// `stalemate`, `insufficient_material`, `fifty_moves`, `repetition`,
    /// `variant_end`.
    pub fn name(self) -> &'static str {
        match self {
            GameStatus::Ongoing => "ongoing",
            GameStatus::Checkmate { .. } => "checkmate",
            GameStatus::Stalemate { .. } => "stalemate",
            GameStatus::InsufficientMaterial => "insufficient_material",
            GameStatus::FiftyMoves => "fifty_moves",
            GameStatus::Repetition => "repetition",
            GameStatus::VariantEnd { .. } => "variant_end",
        }
    }

    /// Whether the game is over.
    pub fn is_over(self) -> bool {
        self != GameStatus::Ongoing
    }
}

impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_outcomes_map_to_the_scoreboard() {
        let w = Color::White;
        assert_eq!(
            Outcome::from_relative(RelativeOutcome::Loss, w),
            Outcome::Decisive {
                winner: Color::Black
            }
        );
        assert_eq!(RelativeOutcome::Loss.flip(), RelativeOutcome::Win);
        assert_eq!(
            Outcome::from_relative(RelativeOutcome::Draw, w),
            Outcome::Draw
        );
    }
}
