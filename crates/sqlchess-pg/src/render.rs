//! Pictures: `board_svg` (an SVG document) and `board_text` (Unicode text,
//! for psql) from sqlchess-render.

use pgrx::prelude::*;
use sqlchess_render::Diagram;

use crate::error::{invalid_text, SqlResult};
use crate::types::ChessGame;

#[pg_extern(immutable, parallel_safe, strict, name = "board_svg")]
fn board_svg_fen(fen: &str) -> SqlResult<String> {
    sqlchess_render::board_svg(fen).map_err(invalid_text)
}

#[pg_extern(immutable, parallel_safe, strict, name = "board_svg")]
fn board_svg_game(game: ChessGame) -> SqlResult<String> {
    Ok(Diagram::from_position(&game.game()?).svg())
}

#[pg_extern(immutable, parallel_safe, strict, name = "board_text")]
fn board_text_fen(fen: &str) -> SqlResult<String> {
    sqlchess_render::board_text(fen).map_err(invalid_text)
}

#[pg_extern(immutable, parallel_safe, strict, name = "board_text")]
fn board_text_game(game: ChessGame) -> SqlResult<String> {
    Ok(Diagram::from_position(&game.game()?).text())
}
