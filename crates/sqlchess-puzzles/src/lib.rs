#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod board;
pub mod check;
mod error;
mod place;
mod rules;
mod symmetry;
mod tour;

pub use board::BoardSize;
pub use error::PuzzleError;
pub use place::{Placement, SymmetryCount};
pub use rules::{Constraint, Rules};
pub use symmetry::Symmetry;
pub use tour::{NoTour, TourOutcome, TourProblem};
