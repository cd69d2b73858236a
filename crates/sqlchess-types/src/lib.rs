//! Vocabulary types of sqlchess for the 8×8 board: [`Color`], [`Square`],
//! [`File`], [`Rank`], [`Role`], [`Piece`], [`Bitboard`], [`Move`], and the
//! attack tables of standard chess, all computed at compile time.
//!
//! These are small `Copy` types with no dependencies; the rules live in
//! `sqlchess-core`.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod attacks;
mod bitboard;
mod color;
mod fen_field;
mod moves;
mod outcome;
mod quote;
mod rng;
mod role;
mod square;
pub mod varint;

pub use bitboard::{Bitboard, IntoIter as BitboardIter};
pub use color::{ByColor, Color};
pub use fen_field::FenField;
pub use moves::{CastlingSide, Move, ParseUciMoveError, UciMove};
pub use outcome::{GameStatus, Outcome, RelativeOutcome};
pub use quote::{quoted, MAX_QUOTED_CHARS};
pub use rng::XorShift64;
pub use role::{Piece, Role};
pub use square::{File, ParseSquareError, Rank, Square};
