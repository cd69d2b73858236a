//! sqlchess in PostgreSQL: `CREATE EXTENSION sqlchess`.
//!
//! The `chessgame` type (a packed position) and the `chessmove` type (UCI),
//! the SQL functions of the embedded engine over both FEN text and
//! `chessgame` (`legal_moves`, `apply_move`, `validate_move`, `is_check`,
//! `is_checkmate`, `is_stalemate`, `game_status`, `perft`, `next_move`,
//! `evaluate`, `zobrist`, `pack_position`, `unpack_position`, `board_svg`,
//! `piece_geometry`), pgChess's names (`valid_moves`,
//! `is_king_under_attack`, `apply_move(move, game)`, `next_move(game)`),
//! and the tables `board`, `all_moves`, `piece_moves`, `piece_path`.
//! See the crate's README for building and installing it.

#![deny(missing_docs)]
#![deny(unsafe_code)]
// pgrx raises an `Err(ErrorReport)` with its SQLSTATE; a boxed or smaller
// error type would be raised as XX000. Errors are the cold path.
#![allow(clippy::result_large_err)]

mod comments;
#[allow(unsafe_code)] // The datum conversions; nowhere else.
mod datum;
pub mod error;
mod explorer;
mod functions;
pub mod game;
pub mod games;
mod moves;
mod render;
mod search;
mod set_search;
mod tables;
pub mod types;

::pgrx::pg_module_magic!(name, version);

#[cfg(any(test, feature = "pg_test"))]
#[pgrx::pg_schema]
mod tests {
    // `cargo pgrx test`: every function through SQL on a real server.
    include!("tests.rs");
}

/// Required by `cargo pgrx test`.
#[cfg(test)]
pub mod pg_test {
    /// One-off set-up when the test framework starts.
    pub fn setup(_options: Vec<&str>) {}

    /// postgresql.conf settings for the tests.
    #[must_use]
    pub fn postgresql_conf_options() -> Vec<&'static str> {
        vec![]
    }
}
