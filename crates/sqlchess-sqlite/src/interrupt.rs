//! Whether the statement that called a function was interrupted
//! (`sqlite3_interrupt`, which `sqlchess sql` calls on Ctrl-C), for the
//! functions that run long inside one call (`perft`, `next_move`).
//!
//! SQLite's flag is read with `sqlite3_is_interrupted` (SQLite 3.41). The
//! bundled SQLite has it. The loadable extension is built against SQLite
//! 3.14's function table so that it loads into older hosts too; its entry
//! point hands over the host's function when the host has one
//! ([`set_host_is_interrupted`]), and in an older host (Debian 12's 3.40)
//! the calls run to their end or node budget.

use std::cell::Cell;

use rusqlite::ffi;
use rusqlite::functions::Context;

/// The host SQLite's `sqlite3_is_interrupted`.
pub type IsInterrupted = unsafe extern "C" fn(*mut ffi::sqlite3) -> std::os::raw::c_int;

#[cfg(not(feature = "bundled"))]
static HOST_IS_INTERRUPTED: std::sync::OnceLock<IsInterrupted> = std::sync::OnceLock::new();

/// Gives the loadable extension's calls the host's `sqlite3_is_interrupted`
/// (the first one given is kept: one process has one host SQLite).
///
/// # Safety
/// `f` must be the host SQLite's `sqlite3_is_interrupted`, callable with any
/// connection handle the host passes to sqlchess's functions.
#[cfg(not(feature = "bundled"))]
pub unsafe fn set_host_is_interrupted(f: IsInterrupted) {
    let _ = HOST_IS_INTERRUPTED.set(f);
}

/// The function that reads a connection's interrupt flag, if this SQLite
/// has one.
fn is_interrupted_fn() -> Option<IsInterrupted> {
    #[cfg(feature = "bundled")]
    {
        Some(ffi::sqlite3_is_interrupted)
    }
    #[cfg(not(feature = "bundled"))]
    {
        HOST_IS_INTERRUPTED.get().copied()
    }
}

/// The handle of the connection running `ctx`'s statement.
fn handle_of(ctx: &Context<'_>) -> Option<*mut ffi::sqlite3> {
    // SAFETY: the connection handle is the one running this very call; the
    // non-owning reference is used at once and does not outlive `ctx`, nor
    // leave this thread.
    let conn = unsafe { ctx.get_connection() }.ok()?;
    // SAFETY: the raw handle is only passed to SQLite's own functions while
    // this call runs.
    Some(unsafe { conn.handle() })
}

/// True once the connection running `ctx`'s statement has been
/// interrupted (always false where the flag cannot be read).
pub(crate) fn interrupted(ctx: &Context<'_>) -> bool {
    match (is_interrupted_fn(), handle_of(ctx)) {
        // SAFETY: a live handle of the connection running this call.
        (Some(f), Some(handle)) => unsafe { f(handle) != 0 },
        _ => false,
    }
}

thread_local! {
    /// The connection whose function runs [`with_poll`]'s closure on this
    /// thread, with the function that reads its flag.
    static RUNNING: Cell<Option<(*mut ffi::sqlite3, IsInterrupted)>> = const { Cell::new(None) };
}

/// Runs `f` with a poll function for a search (`Limits::poll`, a plain
/// `fn`) that reads the interrupt flag of the connection running `ctx`
/// (`None` where the flag cannot be read).
pub(crate) fn with_poll<T>(ctx: &Context<'_>, f: impl FnOnce(Option<fn() -> bool>) -> T) -> T {
    /// Puts back the connection of an enclosing call.
    struct Restore(Option<(*mut ffi::sqlite3, IsInterrupted)>);
    impl Drop for Restore {
        fn drop(&mut self) {
            RUNNING.set(self.0);
        }
    }
    let (Some(read), Some(handle)) = (is_interrupted_fn(), handle_of(ctx)) else {
        return f(None);
    };
    let _restore = Restore(RUNNING.replace(Some((handle, read))));
    f(Some(poll))
}

/// The interrupt flag of the connection [`with_poll`] registered.
fn poll() -> bool {
    // SAFETY: a live connection handle and its SQLite's reader, set by
    // `with_poll` for the call now running on this thread.
    RUNNING
        .get()
        .is_some_and(|(handle, read)| unsafe { read(handle) } != 0)
}

#[cfg(all(test, feature = "bundled"))]
mod tests {
    use std::time::{Duration, Instant};

    #[test]
    fn an_interrupt_stops_a_long_perft() {
        let conn = crate::open_in_memory().unwrap();
        let handle = conn.get_interrupt_handle();
        let start = Instant::now();
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            handle.interrupt();
        });
        // Depth 9 from the start: 2.4 trillion leaves, hours of work.
        let err = conn
            .query_row(
                "SELECT perft('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 9)",
                [],
                |r| r.get::<_, i64>(0),
            )
            .unwrap_err();
        stopper.join().unwrap();
        assert!(err.to_string().contains("perft interrupted"), "{err}");
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{:?}",
            start.elapsed()
        );
        // The connection goes on.
        let n: i64 = conn
            .query_row("SELECT perft('8/8/8/8/8/8/8/K6k w - - 0 1', 1)", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(n, 3);
    }

    #[test]
    fn an_interrupt_stops_a_long_search() {
        let conn = crate::open_in_memory().unwrap();
        let handle = conn.get_interrupt_handle();
        let start = Instant::now();
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            handle.interrupt();
        });
        // Depth 30 with a budget of 10^12 nodes: days of search.
        let err = conn
            .query_row(
                "SELECT next_move('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 30, 'chess', 1000000000000)",
                [],
                |r| r.get::<_, Option<String>>(0),
            )
            .unwrap_err();
        stopper.join().unwrap();
        assert!(err.to_string().contains("next_move interrupted"), "{err}");
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{:?}",
            start.elapsed()
        );
        let best: String = conn
            .query_row(
                "SELECT next_move('7k/6pp/8/8/8/8/8/R3K3 w - - 0 1', 3)",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(best, "a1a8");
    }
}
