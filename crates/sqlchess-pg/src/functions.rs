//! The scalar SQL functions, each over a FEN (with an optional variant,
//! `chess` by default) and over `chessgame`. Each decodes its arguments,
//! calls one rules or search function, and encodes the result; all are
//! IMMUTABLE, STRICT (NULL in, NULL out) and PARALLEL SAFE.

use pgrx::prelude::*;

use crate::error::{invalid_value, ArgumentError, SqlResult};
use crate::game::{sql_error, Game, GameExt};
use crate::types::{ChessGame, ChessMove};
use sqlchess_rules::{DepthError, MAX_PERFT_DEPTH};

/// Checks a depth argument against `min..=max`.
pub(crate) fn depth(function: &'static str, depth: i32, min: i32, max: i32) -> SqlResult<u32> {
    u32::try_from(depth)
        .ok()
        .filter(|_| (min..=max).contains(&depth))
        .ok_or_else(|| {
            invalid_value(ArgumentError::Depth {
                function,
                depth,
                min,
                max,
            })
        })
}

/// Perft, split into subtrees of a few plies ([`Game::perft_until`]) so
/// that a cancel request (`statement_timeout`, `pg_cancel_backend`) is seen
/// within a fraction of a second. The depth's bound and its error are the
/// facade's.
fn perft_checked(game: &Game, depth: i32) -> SqlResult<i64> {
    let depth = u32::try_from(depth).map_err(|_| {
        sql_error(DepthError {
            depth: depth.into(),
            max: MAX_PERFT_DEPTH,
        })
    })?;
    let nodes = game
        .perft_until(depth, || {
            // Raises the cancel as an ERROR: it does not come back.
            pgrx::check_for_interrupts!();
            false
        })
        .map_err(sql_error)?
        .unwrap_or_default();
    Ok(i64::try_from(nodes).unwrap_or(i64::MAX))
}

// ---- chessgame: construction and parts -------------------------------

#[pg_extern(immutable, parallel_safe, strict)]
fn chessgame(fen: &str, variant: default!(&str, "'chess'")) -> SqlResult<ChessGame> {
    ChessGame::new(&Game::parse(fen, variant)?)
}

#[pg_extern(immutable, parallel_safe, strict)]
fn start_position(variant: default!(&str, "'chess'")) -> SqlResult<ChessGame> {
    let v = sqlchess_rules::Variant::builtin(variant).map_err(sql_error)?;
    ChessGame::new(&Game::start(&v))
}

#[pg_extern(immutable, parallel_safe, strict)]
fn fen(game: ChessGame) -> SqlResult<String> {
    Ok(game.game()?.fen())
}

#[pg_extern(immutable, parallel_safe, strict)]
fn variant(game: ChessGame) -> SqlResult<String> {
    Ok(game.game()?.variant_name().to_owned())
}

#[pg_extern(immutable, parallel_safe, strict)]
pub(crate) fn without_clocks(game: ChessGame) -> SqlResult<ChessGame> {
    ChessGame::new(&game.game()?.without_clocks())
}

#[pg_extern(immutable, parallel_safe, strict)]
pub(crate) fn white_to_move(game: ChessGame) -> SqlResult<bool> {
    Ok(game.game()?.white_to_move())
}

#[pg_extern(immutable, parallel_safe, strict)]
fn pack_position(fen: &str, variant: default!(&str, "'chess'")) -> SqlResult<Vec<u8>> {
    Game::parse(fen, variant)?.encode()
}

#[pg_extern(immutable, parallel_safe, strict)]
fn unpack_position(bytes: &[u8]) -> SqlResult<String> {
    Ok(Game::decode(bytes)?.to_text())
}

#[pg_extern(immutable, parallel_safe, strict, name = "packed")]
fn packed_game(game: ChessGame) -> Vec<u8> {
    game.bytes().to_vec()
}

// ---- moves -------------------------------------------------------------

#[pg_extern(immutable, parallel_safe, strict, name = "apply_move")]
fn apply_move_fen(fen: &str, mv: &str, variant: default!(&str, "'chess'")) -> SqlResult<String> {
    Ok(Game::parse(fen, variant)?.play_sql(mv)?.fen())
}

#[pg_extern(immutable, parallel_safe, strict, name = "apply_move")]
fn apply_move_text(game: ChessGame, mv: &str) -> SqlResult<ChessGame> {
    ChessGame::new(&game.game()?.play_sql(mv)?)
}

#[pg_extern(immutable, parallel_safe, strict, name = "apply_move")]
fn apply_move_game(game: ChessGame, mv: ChessMove) -> SqlResult<ChessGame> {
    ChessGame::new(&game.game()?.play_sql(mv.uci())?)
}

/// pgChess's argument order.
#[pg_extern(immutable, parallel_safe, strict, name = "apply_move")]
fn apply_move_pgchess(mv: ChessMove, game: ChessGame) -> SqlResult<ChessGame> {
    apply_move_game(game, mv)
}

#[pg_extern(immutable, parallel_safe, strict, name = "validate_move")]
fn validate_move_fen(
    fen: &str,
    mv: &str,
    variant: default!(&str, "'chess'"),
) -> SqlResult<Option<String>> {
    Ok(Game::parse(fen, variant)?.validate(mv))
}

#[pg_extern(immutable, parallel_safe, strict, name = "validate_move")]
fn validate_move_game(game: ChessGame, mv: &str) -> SqlResult<Option<String>> {
    Ok(game.game()?.validate(mv))
}

#[pg_extern(immutable, parallel_safe, strict)]
fn to_uci(game: ChessGame, mv: &str) -> SqlResult<ChessMove> {
    Ok(ChessMove::from_uci(game.game()?.canonical_uci(mv)?))
}

// ---- predicates and status -----------------------------------------------

macro_rules! predicate {
    ($fen_fn:ident, $game_fn:ident, $sql:literal, $ty:ty, |$g:ident| $body:expr) => {
        #[pg_extern(immutable, parallel_safe, strict, name = $sql)]
        pub(crate) fn $fen_fn(fen: &str, variant: default!(&str, "'chess'")) -> SqlResult<$ty> {
            let $g = Game::parse(fen, variant)?;
            Ok($body)
        }

        #[pg_extern(immutable, parallel_safe, strict, name = $sql)]
        pub(crate) fn $game_fn(game: ChessGame) -> SqlResult<$ty> {
            let $g = game.game()?;
            Ok($body)
        }
    };
}

predicate!(is_check_fen, is_check_game, "is_check", bool, |g| g
    .is_check());
predicate!(
    is_king_under_attack_fen,
    is_king_under_attack_game,
    "is_king_under_attack",
    bool,
    |g| g.is_check()
);
predicate!(
    is_checkmate_fen,
    is_checkmate_game,
    "is_checkmate",
    bool,
    |g| g.is_checkmate()
);
predicate!(
    is_stalemate_fen,
    is_stalemate_game,
    "is_stalemate",
    bool,
    |g| g.is_stalemate()
);
predicate!(
    game_status_fen,
    game_status_game,
    "game_status",
    String,
    |g| g.status().name().to_owned()
);
predicate!(zobrist_fen, zobrist_game, "zobrist", i64, |g| g.zobrist()
    as i64);
predicate!(evaluate_fen, evaluate_game, "evaluate", i32, |g| {
    sqlchess_search::evaluate_white(&g)
});

// ---- perft -----------------------------------------------------------------

#[pg_extern(immutable, parallel_safe, strict, name = "perft")]
fn perft_fen(fen: &str, depth: i32, variant: default!(&str, "'chess'")) -> SqlResult<i64> {
    perft_checked(&Game::parse(fen, variant)?, depth)
}

#[pg_extern(immutable, parallel_safe, strict, name = "perft")]
fn perft_game(game: ChessGame, depth: i32) -> SqlResult<i64> {
    perft_checked(&game.game()?, depth)
}
