#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![deny(unsafe_code)]

mod error;
pub mod explorer;
mod functions;
mod game;
pub mod games;
mod index;
#[allow(unsafe_code)] // the running statement's connection, to read its interrupt flag.
mod interrupt;
#[cfg(not(feature = "bundled"))]
pub use interrupt::set_host_is_interrupted;
pub use interrupt::IsInterrupted;
pub mod output;
mod runs;
mod tables;
#[allow(unsafe_code)] // rusqlite's VTab traits are unsafe to implement; nowhere else.
mod vtab;

use std::path::Path;

pub use error::SqlChessError;
pub use output::{run, Format, RunError};
/// The rusqlite version this crate is built against, for callers that need
/// its types (`Connection`, `types::Value`) without a second copy.
pub use rusqlite;
use rusqlite::Connection;

/// Registers every sqlchess table and function on `conn`: the scalar
/// functions (`apply_move`, `validate_move`, `is_check`, `is_checkmate`,
/// `is_stalemate`, `game_status`, `perft`, `zobrist`, `next_move`,
/// `evaluate`, `pack_position`, `unpack_position`, `without_clocks`,
/// `white_to_move`, `board_svg`, `board_text`), the temporary tables
/// (`board`, `all_moves`, `piece_moves`, `piece_path`) and the eponymous
/// table-valued functions (`legal_moves`, `piece_geometry`, `read_pgn`,
/// `pgn_games`, `game_moves`) and the game functions (`position_key`,
/// `position_at`, `to_pgn`, `game_from_moves`).
///
/// Calling it again on the same connection rebuilds the tables.
///
/// ```
/// let conn = rusqlite::Connection::open_in_memory().unwrap();
/// sqlchess_sqlite::register(&conn).unwrap();
/// let n: i64 = conn
///     .query_row("SELECT count(*) FROM legal_moves('8/8/8/8/8/8/8/K6k w - - 0 1')", [], |r| r.get(0))
///     .unwrap();
/// assert_eq!(n, 3);
/// ```
///
/// # Errors
/// Any SQLite error while creating the functions, modules or tables.
pub fn register(conn: &Connection) -> rusqlite::Result<()> {
    functions::register(conn)?;
    game::register(conn)?;
    games::register(conn)?;
    explorer::register(conn)?;
    vtab::register(conn)?;
    tables::register(conn)
}

/// An in-memory database with everything [`register`]ed.
///
/// ```
/// let conn = sqlchess_sqlite::open_in_memory().unwrap();
/// let rook: i64 = conn
///     .query_row("SELECT count(*) FROM piece_moves WHERE piece = 'rook'", [], |r| r.get(0))
///     .unwrap();
/// assert_eq!(rook, 896);
/// ```
///
/// # Errors
/// As [`register`].
pub fn open_in_memory() -> rusqlite::Result<Connection> {
    let conn = Connection::open_in_memory()?;
    register(&conn)?;
    Ok(conn)
}

/// Opens (or creates) the database file at `path` with everything
/// [`register`]ed. The sqlchess tables live in the connection's `temp`
/// schema, so nothing is written to the file unless you write it.
///
/// # Errors
/// Opening the file, or as [`register`].
pub fn open(path: impl AsRef<Path>) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    register(&conn)?;
    Ok(conn)
}
