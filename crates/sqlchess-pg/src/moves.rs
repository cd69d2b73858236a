//! The set-returning move functions: `legal_moves` (one described row per
//! legal move) and pgChess's `valid_moves` (the moves alone).

use pgrx::pg_sys::panic::ErrorReport;
use pgrx::prelude::*;

use crate::error::SqlResult;
use sqlchess_rules::MoveInfo as MoveRow;

use crate::game::{Game, GameExt};
use crate::types::{ChessGame, ChessMove};

type FenRow = (
    name!(uci, String),
    name!(san, String),
    name!(from_square, String),
    name!(to_square, String),
    name!(piece, String),
    name!(captured, Option<String>),
    name!(promotion, Option<String>),
    name!(gives_check, bool),
    name!(fen_after, String),
);

type GameRow = (
    name!(uci, ChessMove),
    name!(san, String),
    name!(from_square, String),
    name!(to_square, String),
    name!(piece, String),
    name!(captured, Option<String>),
    name!(promotion, Option<String>),
    name!(gives_check, bool),
    name!(after, ChessGame),
);

fn fen_row(r: MoveRow) -> FenRow {
    let fen = r.after.fen();
    let MoveRow {
        uci,
        san,
        from_square,
        to_square,
        piece,
        captured,
        promotion,
        gives_check,
        ..
    } = r;
    (
        uci,
        san,
        from_square,
        to_square,
        piece,
        captured,
        promotion,
        gives_check,
        fen,
    )
}

fn game_row(r: MoveRow) -> SqlResult<GameRow> {
    let after = ChessGame::new(&r.after)?;
    Ok((
        ChessMove::from_uci(r.uci),
        r.san,
        r.from_square,
        r.to_square,
        r.piece,
        r.captured,
        r.promotion,
        r.gives_check,
        after,
    ))
}

// pgrx reads the result columns' names from the literal `name!`s.
#[allow(clippy::type_complexity)]
#[pg_extern(immutable, parallel_safe, strict, name = "legal_moves")]
fn legal_moves_fen(
    fen: &str,
    variant: default!(&str, "'chess'"),
) -> Result<
    TableIterator<
        'static,
        (
            name!(uci, String),
            name!(san, String),
            name!(from_square, String),
            name!(to_square, String),
            name!(piece, String),
            name!(captured, Option<String>),
            name!(promotion, Option<String>),
            name!(gives_check, bool),
            name!(fen_after, String),
        ),
    >,
    ErrorReport,
> {
    let rows = Game::parse(fen, variant)?.describe_moves();
    Ok(TableIterator::new(rows.into_iter().map(fen_row)))
}

// pgrx reads the result columns' names from the literal `name!`s.
#[allow(clippy::type_complexity)]
#[pg_extern(immutable, parallel_safe, strict, name = "legal_moves")]
pub(crate) fn legal_moves_game(
    game: ChessGame,
) -> Result<
    TableIterator<
        'static,
        (
            name!(uci, ChessMove),
            name!(san, String),
            name!(from_square, String),
            name!(to_square, String),
            name!(piece, String),
            name!(captured, Option<String>),
            name!(promotion, Option<String>),
            name!(gives_check, bool),
            name!(after, ChessGame),
        ),
    >,
    ErrorReport,
> {
    let rows = game
        .game()?
        .describe_moves()
        .into_iter()
        .map(game_row)
        .collect::<SqlResult<Vec<_>>>()?;
    Ok(TableIterator::new(rows))
}

#[pg_extern(immutable, parallel_safe, strict)]
fn valid_moves(game: ChessGame) -> Result<SetOfIterator<'static, ChessMove>, ErrorReport> {
    let pos = game.game()?;
    let moves: Vec<String> = pos.legal_moves().into_iter().map(|m| pos.uci(m)).collect();
    Ok(SetOfIterator::new(
        moves.into_iter().map(ChessMove::from_uci),
    ))
}
