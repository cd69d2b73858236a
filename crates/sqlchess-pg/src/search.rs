//! Search from SQL: `next_move` (alpha-beta to a fixed depth, with a fresh
//! transposition table per call, so the answer depends on the arguments
//! alone, as an IMMUTABLE function's must).

use pgrx::prelude::*;

use crate::error::SqlResult;
use crate::functions::depth;
use sqlchess_search::Limits;

use crate::game::{Game, GameExt};
use crate::types::{ChessGame, ChessMove};

/// The deepest search accepted. A call cannot be cancelled while it
/// searches; depth 8 from the middlegame takes seconds, 20 may take hours.
const MAX_DEPTH: i32 = 32;

#[pg_extern(immutable, parallel_safe, strict, name = "next_move")]
fn next_move_fen(
    fen: &str,
    depth: i32,
    variant: default!(&str, "'chess'"),
) -> SqlResult<Option<String>> {
    let d = self::depth("next_move", depth, 1, MAX_DEPTH)?;
    let pos = Game::parse(fen, variant)?;
    Ok(sqlchess_search::next_move(&pos, &Limits::depth(d)).uci)
}

#[pg_extern(immutable, parallel_safe, strict, name = "next_move")]
fn next_move_game(game: ChessGame, depth: default!(i32, 4)) -> SqlResult<Option<ChessMove>> {
    let d = self::depth("next_move", depth, 1, MAX_DEPTH)?;
    let best = sqlchess_search::next_move(&game.game()?, &Limits::depth(d));
    Ok(best.uci.map(ChessMove::from_uci))
}
