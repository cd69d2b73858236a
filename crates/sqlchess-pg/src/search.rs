//! Search from SQL: `next_move` (alpha-beta to a fixed depth, with a fresh
//! transposition table per call, so the answer depends on the arguments
//! alone, as an IMMUTABLE function's must).

use pgrx::prelude::*;

use crate::error::{invalid_value, SqlResult};
use crate::functions::depth;
use sqlchess_search::Limits;

use crate::game::{Game, GameExt};
use crate::types::{ChessGame, ChessMove};

/// The deepest search accepted. The node budget bounds a call's time, and
/// a cancel request (`statement_timeout`, `pg_cancel_backend`) is seen
/// every 1024 nodes.
const MAX_DEPTH: i32 = 32;

// The SQL default of `max_nodes` below is this constant's value.
const _: () = assert!(sqlchess_search::SQL_NODE_BUDGET == 20_000_000);

/// Searches within `depth` and `max_nodes`, checking for a cancel request
/// every 1024 nodes (`CHECK_FOR_INTERRUPTS` raises it as an error).
fn search(pos: &Game, depth: i32, max_nodes: i64) -> SqlResult<Option<String>> {
    let d = self::depth("next_move", depth, 1, MAX_DEPTH)?;
    let nodes = u64::try_from(max_nodes)
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| {
            invalid_value(format!(
                "next_move max_nodes must be at least 1, got {max_nodes}"
            ))
        })?;
    let limits = Limits {
        nodes: Some(nodes),
        poll: Some(|| {
            pgrx::check_for_interrupts!();
            false
        }),
        ..Limits::depth(d)
    };
    let best = sqlchess_search::search_position(pos, &limits, 4, |_| {});
    Ok(best.uci)
}

#[pg_extern(immutable, parallel_safe, strict, name = "next_move")]
fn next_move_fen(
    fen: &str,
    depth: i32,
    variant: default!(&str, "'chess'"),
    max_nodes: default!(i64, 20_000_000),
) -> SqlResult<Option<String>> {
    search(&Game::parse(fen, variant)?, depth, max_nodes)
}

#[pg_extern(immutable, parallel_safe, strict, name = "next_move")]
fn next_move_game(
    game: ChessGame,
    depth: default!(i32, 4),
    max_nodes: default!(i64, 20_000_000),
) -> SqlResult<Option<ChessMove>> {
    Ok(search(&game.game()?, depth, max_nodes)?.map(ChessMove::from_uci))
}
