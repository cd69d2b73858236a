//! sqlchess as a SQLite loadable extension: the entry points SQLite calls
//! when it loads `libsqlchess`, each registering everything
//! [`sqlchess_sqlite::register`] registers for `sqlchess sql` — the same
//! code, through the host SQLite's function table.
//!
//! ```text
//! sqlite> .load target/sqlite-ext/release/libsqlchess
//! sqlite> SELECT count(*) FROM legal_moves('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
//! 20
//! ```
#![deny(missing_docs)]

use std::os::raw::{c_char, c_int};
use std::panic::{catch_unwind, AssertUnwindSafe};

use rusqlite::{ffi, Connection};

/// The entry point SQLite derives from the file name `libsqlchess`.
///
/// # Safety
/// Called by SQLite's extension loader with a valid connection, error
/// message slot and API table.
#[no_mangle]
pub unsafe extern "C" fn sqlite3_sqlchess_init(
    db: *mut ffi::sqlite3,
    pz_err_msg: *mut *mut c_char,
    p_api: *mut ffi::sqlite3_api_routines,
) -> c_int {
    // SAFETY: the arguments come from SQLite's loader as it documents them;
    // a panic while registering must not unwind into C.
    catch_unwind(AssertUnwindSafe(|| unsafe {
        Connection::extension_init2(db, pz_err_msg, p_api, init)
    }))
    .unwrap_or(ffi::SQLITE_ERROR)
}

/// The generic entry point SQLite tries first, so that the library loads
/// under any file name.
///
/// # Safety
/// As [`sqlite3_sqlchess_init`].
#[no_mangle]
pub unsafe extern "C" fn sqlite3_extension_init(
    db: *mut ffi::sqlite3,
    pz_err_msg: *mut *mut c_char,
    p_api: *mut ffi::sqlite3_api_routines,
) -> c_int {
    // SAFETY: as above, the caller's contract is SQLite's.
    unsafe { sqlite3_sqlchess_init(db, pz_err_msg, p_api) }
}

fn init(conn: Connection) -> rusqlite::Result<bool> {
    sqlchess_sqlite::register(&conn)?;
    // Not persistent: each connection that loads it gets its own tables.
    Ok(false)
}
