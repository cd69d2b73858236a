//! Whether the statement that called a function was interrupted
//! (`sqlite3_interrupt`, which `sqlchess sql` calls on Ctrl-C), for the
//! functions that run long inside one call (`perft`).

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
}
