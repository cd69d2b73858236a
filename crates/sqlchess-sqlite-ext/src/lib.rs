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
        if let Some(f) = host_is_interrupted(p_api) {
            sqlchess_sqlite::set_host_is_interrupted(f);
        }
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

/// The place of `is_interrupted` in SQLite's `sqlite3_api_routines`
/// (counted in SQLite 3.50's `sqlite3ext.h`: its 267th member). Every member
/// is a function pointer and SQLite only ever appends members, so the
/// place holds in every host that has it; this crate's bindings are SQLite
/// 3.14's, which end before it.
const IS_INTERRUPTED_SLOT: usize = 266;

/// The first SQLite with `sqlite3_is_interrupted`.
const IS_INTERRUPTED_SINCE: c_int = 3_041_000;

/// The host's `sqlite3_is_interrupted`, when the host is SQLite 3.41 or
/// later: what lets `perft` and `next_move` stop when the host interrupts
/// the statement (`sqlite3_interrupt`, Ctrl-C in the shell,
/// `Connection.interrupt()` in Python).
///
/// # Safety
/// `p_api` is the function table SQLite's loader passed in.
unsafe fn host_is_interrupted(
    p_api: *mut ffi::sqlite3_api_routines,
) -> Option<sqlchess_sqlite::IsInterrupted> {
    // SAFETY: `libversion_number` is in every table (SQLite 3.3 on); the
    // slot is read only from a table that has it.
    unsafe {
        let version = (*p_api).libversion_number?();
        if version < IS_INTERRUPTED_SINCE {
            return None;
        }
        *p_api
            .cast::<Option<sqlchess_sqlite::IsInterrupted>>()
            .add(IS_INTERRUPTED_SLOT)
    }
}

fn init(conn: Connection) -> rusqlite::Result<bool> {
    sqlchess_sqlite::register(&conn)?;
    // Not persistent: each connection that loads it gets its own tables.
    Ok(false)
}
