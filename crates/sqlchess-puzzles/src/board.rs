//! Board sizes and square lists for puzzles.

use core::fmt;
use core::str::FromStr;

use sqlchess_fairy::{Bb256, FairySquare, MAX_DIM};

use crate::PuzzleError;

/// A rectangular board of `width`×`height` squares, each side 1..=16.
///
/// ```
/// use sqlchess_puzzles::BoardSize;
/// let b: BoardSize = "10x8".parse().unwrap();
/// assert_eq!((b.width(), b.height(), b.squares()), (10, 8, 80));
/// assert!("17x8".parse::<BoardSize>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    width: u8,
    height: u8,
}

impl BoardSize {
    /// A board, or `None` unless both sides are in 1..=16.
    pub const fn new(width: u8, height: u8) -> Option<BoardSize> {
        if width >= 1 && width <= MAX_DIM && height >= 1 && height <= MAX_DIM {
            Some(BoardSize { width, height })
        } else {
            None
        }
    }

    /// The standard 8×8 board.
    pub const STANDARD: BoardSize = BoardSize {
        width: 8,
        height: 8,
    };

    /// Number of files.
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Number of ranks.
    pub const fn height(self) -> u8 {
        self.height
    }

    /// Number of squares.
    pub const fn squares(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Whether `sq` lies on this board.
    pub const fn contains(self, sq: FairySquare) -> bool {
        sq.file() < self.width && sq.rank() < self.height
    }

    /// Every square of the board as a set in the 16×16 frame.
    pub fn mask(self) -> Bb256 {
        let mut m = Bb256::EMPTY;
        for y in 0..self.height as usize {
            for x in 0..self.width as usize {
                m.set(y * 16 + x);
            }
        }
        m
    }

    /// Checks that `sq` is on the board.
    ///
    /// # Errors
    /// [`PuzzleError::OffBoard`].
    pub fn check(self, sq: FairySquare) -> Result<FairySquare, PuzzleError> {
        if self.contains(sq) {
            Ok(sq)
        } else {
            Err(PuzzleError::OffBoard {
                square: sq.to_string(),
                width: self.width,
                height: self.height,
            })
        }
    }

    /// Parses a comma-separated list of squares (`a1,h8`), each on the board;
    /// an empty text is the empty list.
    ///
    /// # Errors
    /// [`PuzzleError::Square`] for a bad name, [`PuzzleError::OffBoard`].
    pub fn parse_squares(self, text: &str) -> Result<Vec<FairySquare>, PuzzleError> {
        text.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| self.check(s.parse::<FairySquare>()?))
            .collect()
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for BoardSize {
    type Err = PuzzleError;
    fn from_str(s: &str) -> Result<BoardSize, PuzzleError> {
        let err = || PuzzleError::Board {
            text: s.to_string(),
        };
        let (w, h) = s.trim().split_once(['x', 'X', '×']).ok_or_else(err)?;
        let w: u8 = w.trim().parse().map_err(|_| err())?;
        let h: u8 = h.trim().parse().map_err(|_| err())?;
        BoardSize::new(w, h).ok_or_else(err)
    }
}
