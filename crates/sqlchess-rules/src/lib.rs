#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod adjudicate;
pub mod columns;
mod error;
pub mod frontier;
mod material;
mod moves;
mod pack;
mod position;
pub mod samples;
mod variant;

pub use error::{
    DepthError, Error, FenError, MoveError, PackError, Quoted, UnknownVariant, UnpackError,
};
pub use material::PatternError;
pub use moves::{IndexedMove, Move, MoveInfo};
pub use position::{Position, MAX_PERFT_DEPTH, UCI_CODES};
pub use sqlchess_fairy::{IniError, RefusedSection};
pub use sqlchess_types::{Color, FenField, GameStatus, Outcome, RelativeOutcome};
pub use variant::{variant_names, IniReport, Variant, Variants};

/// Reads `fen` as a position of the built-in variant `variant`: the one call
/// most bindings make first.
///
/// ```
/// let pos = sqlchess_rules::position("8/8/8/8/8/8/8/K6k w - - 0 1", "chess").unwrap();
/// assert_eq!(pos.count_legal(), 3);
/// ```
///
/// # Errors
/// [`Error::Variant`] for an unknown variant, [`Error::Fen`] for a FEN that
/// is not a legal position of it.
pub fn position(fen: &str, variant: &str) -> Result<Position, Error> {
    Ok(Position::from_fen(&Variant::builtin(variant)?, fen)?)
}
