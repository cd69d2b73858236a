//! The rules of chess for sqlchess: [`Setup`] (a FEN, unvalidated) becomes a
//! [`Position`] (legal, playable) through one validating constructor; moves
//! are generated legally on bitboards; positions print as FEN and moves as
//! UCI or SAN; [`Game`] adds history for repetition and the game's result.
//!
//! ```
//! use sqlchess_core::{perft::perft, Position};
//! let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
//! assert_eq!(perft(&pos, 2), 2039);
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod board;
pub mod fen;
mod find;
mod game;
mod movegen;
mod notation;
pub mod pack;
pub mod perft;
mod position;
mod setup;
pub mod zobrist;

pub use board::Board;
pub use fen::{FenField, ParseFenError};
pub use find::IndexedMove;
pub use game::{Game, GameStatus, Outcome};
pub use movegen::MoveList;
pub use notation::MoveError;
pub use position::{
    CastlingMode, FenError, IllegalMoveError, IllegalReason, Position, PositionError,
    PositionErrorKind,
};
pub use setup::Setup;
pub use sqlchess_types::{
    attacks, Bitboard, ByColor, CastlingSide, Color, File, Move, Piece, Rank, Role, Square, UciMove,
};

/// The FEN of the standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
