//! The errors of the puzzle solvers.

use sqlchess_fairy::{ParsePieceError, ParseSquareError};

/// Why a puzzle could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The piece is neither a catalogue name nor valid notation.
    #[error(transparent)]
    Piece(#[from] Box<ParsePieceError>),
    /// A board size that is not `WxH` with both sides in 1..=16.
    #[error("board {text:?} invalid: expected WxH with width and height from 1 to 16")]
    Board {
        /// The rejected text.
        text: String,
    },
    /// A square name that cannot be read.
    #[error("square {0}")]
    Square(#[from] ParseSquareError),
    /// A square that is not on the board.
    #[error("square `{square}` is off the {width}x{height} board")]
    OffBoard {
        /// The square's name.
        square: String,
        /// Board width.
        width: u8,
        /// Board height.
        height: u8,
    },
    /// More pieces asked for than the board has squares.
    #[error("count {count} exceeds the {squares} squares of the board")]
    Count {
        /// The requested count.
        count: usize,
        /// Squares on the board.
        squares: usize,
    },
    /// Tours are for leapers only.
    #[error("piece {piece:?} is not a leaper (it has a {kind} component): tours need a piece whose every move is a single leap")]
    NotALeaper {
        /// The piece's notation.
        piece: String,
        /// What kind of component it has.
        kind: &'static str,
    },
    /// The tour's starting square is a hole.
    #[error("start square `{square}` is a hole")]
    StartIsHole {
        /// The square's name.
        square: String,
    },
    /// The number of solutions does not fit in 128 bits.
    #[error("the number of solutions overflows 128 bits")]
    Overflow,
}

impl From<ParsePieceError> for PuzzleError {
    fn from(e: ParsePieceError) -> PuzzleError {
        PuzzleError::Piece(Box::new(e))
    }
}
