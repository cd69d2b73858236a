//! Whether the statement that called a function was interrupted
//! (`sqlite3_interrupt`, which `sqlchess sql` calls on Ctrl-C), for the
//! functions that run long inside one call (`perft`, `next_move`).

#[cfg(feature = "bundled")]
use std::cell::Cell;

use rusqlite::functions::Context;

/// True once the connection running `ctx`'s statement has been
/// interrupted. SQLite's own flag (`sqlite3_is_interrupted`, SQLite 3.41) is
/// read with the bundled SQLite; the loadable extension may run in an older
/// host and reports `false` there (its calls then run to the end).
#[cfg(feature = "bundled")]
pub(crate) fn interrupted(ctx: &Context<'_>) -> bool {
    // SAFETY: the connection handle is the one running this very call; the
    // non-owning reference is used at once and does not outlive `ctx`, nor
    // leave this thread.
    let conn = unsafe { ctx.get_connection() };
    conn.is_ok_and(|c| c.is_interrupted())
}

/// See the bundled form: without it, never interrupted.
#[cfg(not(feature = "bundled"))]
pub(crate) fn interrupted(_ctx: &Context<'_>) -> bool {
    false
}

#[cfg(feature = "bundled")]
thread_local! {
    /// The connection whose function runs [`with_poll`]'s closure on this
    /// thread; null outside it.
    static RUNNING: Cell<*mut rusqlite::ffi::sqlite3> = const { Cell::new(std::ptr::null_mut()) };
}

/// Runs `f` with a poll function for a search (`Limits::poll`, a plain
/// `fn`) that reads the interrupt flag of the connection running `ctx`.
#[cfg(feature = "bundled")]
pub(crate) fn with_poll<T>(ctx: &Context<'_>, f: impl FnOnce(Option<fn() -> bool>) -> T) -> T {
    /// Puts back the connection of an enclosing call.
    struct Restore(*mut rusqlite::ffi::sqlite3);
    impl Drop for Restore {
        fn drop(&mut self) {
            RUNNING.set(self.0);
        }
    }
    // SAFETY: as in `interrupted`; the raw handle is only read by `poll`,
    // on this thread, while `f` runs inside this call of the function.
    let handle = match unsafe { ctx.get_connection() } {
        Ok(conn) => unsafe { conn.handle() },
        Err(_) => return f(None),
    };
    let _restore = Restore(RUNNING.replace(handle));
    f(Some(poll))
}

/// The interrupt flag of the connection [`with_poll`] registered.
#[cfg(feature = "bundled")]
fn poll() -> bool {
    let handle = RUNNING.get();
    // SAFETY: a live connection handle set by `with_poll` for the call now
    // running on this thread (null otherwise).
    !handle.is_null() && unsafe { rusqlite::ffi::sqlite3_is_interrupted(handle) } != 0
}

/// See the bundled form: without it, no poll.
#[cfg(not(feature = "bundled"))]
pub(crate) fn with_poll<T>(_ctx: &Context<'_>, f: impl FnOnce(Option<fn() -> bool>) -> T) -> T {
    f(None)
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
