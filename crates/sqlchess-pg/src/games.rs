//! Games as relations: the `gamevalue` type (sqlchess-pgn's compact game
//! value: the variant, the start when it is not the variant's own, the
//! result, one byte a move, then comments, NAGs, clocks and evaluations),
//! `pgn_games(text)` and `read_pgn(path)` (one row per game, rejected games
//! included with their `error`), `game_moves(game)`, and the scalars
//! `position_at`, `ply_count`, `to_pgn`, `game_from_moves`, `game_line`,
//! `has_position`. Every function is a few lines over sqlchess-pgn and the
//! rules facade, as the SQLite binding's `games.rs` is.

use std::ffi::{CStr, CString};
use std::io::BufRead;

use pgrx::datum::Internal;
use pgrx::pg_sys::panic::ErrorReport;
use pgrx::prelude::*;
use pgrx::{JsonB, PgSqlErrorCode};
use sqlchess_pgn::record::parse_tags_json;
use sqlchess_pgn::{open_pgn, GameReader, GameRecord, GameValue, GameValueError, Reader};
use sqlchess_rules::Position;

use crate::datum::{take_received_bytes, Stored};
use crate::error::{invalid_binary, invalid_text, invalid_value, SqlResult};
use crate::game::{sql_error, Game, GameExt};

/// A game: sqlchess-pgn's [`GameValue`] bytes, stored as a varlena.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameBytes {
    bytes: Vec<u8>,
}

impl Stored for GameBytes {
    fn stored_bytes(&self) -> &[u8] {
        &self.bytes
    }

    fn from_stored_bytes(bytes: &[u8]) -> Self {
        GameBytes {
            bytes: bytes.to_vec(),
        }
    }
}

impl GameBytes {
    /// Bytes written by [`GameValue::encode`] (or checked by the type's
    /// input or receive function).
    pub fn new(bytes: Vec<u8>) -> GameBytes {
        GameBytes { bytes }
    }

    /// The decoded game.
    ///
    /// # Errors
    /// 22P03 for bytes that are no game value.
    pub fn value(&self) -> SqlResult<GameValue> {
        GameValue::decode(&self.bytes).map_err(invalid_binary)
    }

    /// The stored bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}

/// The Seven Tag Roster's placeholders, left out of the text form.
const DEFAULT_TAGS: [&str; 6] = [
    "[Event \"?\"]",
    "[Site \"?\"]",
    "[Date \"????.??.??\"]",
    "[Round \"?\"]",
    "[White \"?\"]",
    "[Black \"?\"]",
];

/// The text form of a game: its PGN without the roster's placeholders and
/// the `Result` tag (the movetext ends with the result), so `1. e4 e5 *`
/// for a game of chess from the start, `[Variant "…"]` and `[FEN "…"]`
/// first when the game needs them.
fn text_form(value: &GameValue) -> SqlResult<String> {
    let pgn = value.to_pgn_game(&[]).to_pgn().map_err(invalid_value)?;
    let lines: Vec<&str> = pgn
        .lines()
        .filter(|l| !DEFAULT_TAGS.contains(l) && !l.starts_with("[Result "))
        .collect();
    Ok(lines.join("\n").trim().to_owned())
}

/// Reads one game of PGN (tags optional) into game value bytes.
fn parse_game(text: &str) -> SqlResult<Vec<u8>> {
    let mut reader = Reader::new(text.as_bytes());
    let game = reader
        .read_game(&mut GameReader::new())
        .map_err(invalid_text)?
        .ok_or_else(|| invalid_text("no game: expected PGN such as 1. e4 e5 *"))?;
    if let Some(e) = &game.error {
        return Err(invalid_text(e));
    }
    game.value().map_err(invalid_text)
}

fn to_cstring(text: String) -> CString {
    CString::new(text.replace('\0', "")).unwrap_or_default()
}

/// `gamevalue`'s input function: PGN of one game (tags optional).
#[pg_extern(immutable, parallel_safe, strict, requires = ["shell_types"])]
fn gamevalue_in(input: &CStr) -> SqlResult<GameBytes> {
    Ok(GameBytes::new(parse_game(
        input.to_str().map_err(invalid_text)?,
    )?))
}

/// `gamevalue`'s output function: [`text_form`].
#[pg_extern(immutable, parallel_safe, strict, requires = ["shell_types"])]
fn gamevalue_out(game: GameBytes) -> SqlResult<CString> {
    Ok(to_cstring(text_form(&game.value()?)?))
}

/// `gamevalue`'s binary input function: the value's bytes, checked.
#[pg_extern(immutable, parallel_safe, strict, requires = ["shell_types"])]
fn gamevalue_recv(buf: Internal) -> SqlResult<GameBytes> {
    let bytes = take_received_bytes(buf);
    GameValue::decode(&bytes).map_err(invalid_binary)?;
    Ok(GameBytes::new(bytes))
}

/// `gamevalue`'s binary output function: the value's bytes.
#[pg_extern(immutable, parallel_safe, strict, requires = ["shell_types"])]
fn gamevalue_send(game: GameBytes) -> Vec<u8> {
    game.bytes
}

extension_sql!(
    r#"
CREATE TYPE gamevalue (
    INPUT = gamevalue_in,
    OUTPUT = gamevalue_out,
    RECEIVE = gamevalue_recv,
    SEND = gamevalue_send,
    INTERNALLENGTH = VARIABLE,
    STORAGE = extended
);
COMMENT ON TYPE gamevalue IS 'A game: variant, start, result, one byte a move, comments, NAGs, clocks and evaluations; text form: PGN without the placeholder tags';
"#,
    name = "gamevalue_type",
    creates = [Type(GameBytes)],
    requires = [
        "shell_types",
        gamevalue_in,
        gamevalue_out,
        gamevalue_recv,
        gamevalue_send
    ],
);

#[pg_extern(immutable, parallel_safe, strict)]
fn position_at(game: GameBytes, ply: i32) -> SqlResult<Option<String>> {
    let Ok(ply) = usize::try_from(ply) else {
        return Ok(None);
    };
    let pos = GameValue::position_at_bytes(game.bytes(), ply).map_err(invalid_binary)?;
    Ok(pos.map(|p| p.fen()))
}

#[pg_extern(immutable, parallel_safe, strict)]
fn ply_count(game: GameBytes) -> SqlResult<i32> {
    let n = GameValue::ply_count_of(game.bytes()).map_err(invalid_binary)?;
    Ok(i32::try_from(n).unwrap_or(i32::MAX))
}

#[pg_extern(immutable, parallel_safe, strict, name = "to_pgn")]
fn to_pgn(game: GameBytes) -> SqlResult<String> {
    game.value()?
        .to_pgn_game(&[])
        .to_pgn()
        .map_err(invalid_value)
}

/// `to_pgn(game, tags)`: under the tags of a JSON object of strings (the
/// `tags` column); NULL tags are none.
#[pg_extern(immutable, parallel_safe, name = "to_pgn")]
fn to_pgn_tags(game: Option<GameBytes>, tags: Option<JsonB>) -> SqlResult<Option<String>> {
    let Some(game) = game else {
        return Ok(None);
    };
    let tags = match tags {
        Some(JsonB(json)) => parse_tags_json(&json.to_string())
            .ok_or_else(|| invalid_value("to_pgn: tags must be a JSON object of strings"))?,
        None => Vec::new(),
    };
    let pgn = game.value()?.to_pgn_game(&tags).to_pgn();
    pgn.map(Some).map_err(invalid_value)
}

/// `game_from_moves(moves [, fen [, variant]])`: moves in UCI or SAN
/// separated by spaces, from `fen` (the variant's start when NULL).
#[pg_extern(immutable, parallel_safe)]
fn game_from_moves(
    moves: Option<&str>,
    fen: default!(Option<&str>, "NULL"),
    variant: default!(Option<&str>, "'chess'"),
) -> SqlResult<Option<GameBytes>> {
    let Some(moves) = moves else {
        return Ok(None);
    };
    let variant =
        sqlchess_rules::Variant::builtin(variant.unwrap_or("chess")).map_err(sql_error)?;
    let start = match fen {
        Some(fen) => Position::from_fen(&variant, fen).map_err(sql_error)?,
        None => Position::start(&variant),
    };
    let bytes = GameValue::from_moves(&start, moves).map_err(|e| match e {
        GameValueError::Rules(e) => sql_error(e),
        e => invalid_value(e),
    })?;
    Ok(Some(GameBytes::new(bytes)))
}

/// `game_line(game [, from_ply [, plies]])`: SAN separated by spaces.
#[pg_extern(immutable, parallel_safe)]
fn game_line(
    game: Option<GameBytes>,
    from_ply: default!(Option<i32>, 0),
    plies: default!(Option<i32>, "NULL"),
) -> SqlResult<Option<String>> {
    let Some(game) = game else {
        return Ok(None);
    };
    let from = usize::try_from(from_ply.unwrap_or(0)).unwrap_or(0);
    let count = plies.map_or(usize::MAX, |c| usize::try_from(c).unwrap_or(0));
    let sans = game.value()?.sans();
    let line: Vec<&str> = sans
        .iter()
        .skip(from)
        .take(count)
        .map(String::as_str)
        .collect();
    Ok(Some(line.join(" ")))
}

#[pg_extern(immutable, parallel_safe, strict)]
fn has_position(game: GameBytes, fen: &str, variant: default!(&str, "'chess'")) -> SqlResult<bool> {
    let target = Game::parse(fen, variant)?.without_clocks();
    let value = game.value()?;
    Ok(value
        .positions()
        .iter()
        .any(|p| p.without_clocks() == target))
}

/// `reaches_at(game, ply, fen [, variant])`: whether the game stands on
/// the position (clocks aside) after `ply` plies; `games_at` confirms each
/// candidate of the position index with it.
#[pg_extern(immutable, parallel_safe, strict)]
fn reaches_at(
    game: GameBytes,
    ply: i32,
    fen: &str,
    variant: default!(&str, "'chess'"),
) -> SqlResult<bool> {
    let target = Game::parse(fen, variant)?.without_clocks();
    let Ok(ply) = usize::try_from(ply) else {
        return Ok(false);
    };
    let pos = GameValue::position_at_bytes(game.bytes(), ply).map_err(invalid_binary)?;
    Ok(pos.is_some_and(|p| p.without_clocks() == target))
}

/// `move_at(game, ply)`: the move played from the position after `ply`
/// plies, in UCI; NULL past the end (and for a null move).
#[pg_extern(immutable, parallel_safe, strict)]
fn move_at(game: GameBytes, ply: i32) -> SqlResult<Option<String>> {
    let Ok(ply) = usize::try_from(ply) else {
        return Ok(None);
    };
    let value = game.value()?;
    let Some(Some(mv)) = value.moves.get(ply).copied() else {
        return Ok(None);
    };
    Ok(value.position_at(ply).map(|p| p.uci(mv)))
}

/// `game_moves(game)`: one row per ply; `clock` in seconds, `eval` as text
/// (pawns from White's side, `0.3`, or `#N` for a mate).
// pgrx reads the result columns' names from the literal `name!`s.
#[allow(clippy::type_complexity)]
#[pg_extern(immutable, parallel_safe, strict)]
fn game_moves(
    game: GameBytes,
) -> Result<
    TableIterator<
        'static,
        (
            name!(ply, i32),
            name!(uci, String),
            name!(san, String),
            name!(fen_before, String),
            name!(fen_after, String),
            name!(comment, Option<String>),
            name!(nags, Option<String>),
            name!(clock, Option<f64>),
            name!(eval, Option<String>),
        ),
    >,
    ErrorReport,
> {
    let out: Vec<_> = game
        .value()?
        .move_rows()
        .into_iter()
        .map(|r| {
            (
                i32::try_from(r.ply).unwrap_or(i32::MAX),
                r.uci,
                r.san,
                r.fen_before,
                r.fen_after,
                r.comment,
                r.nags,
                r.clock,
                r.eval.map(|e| e.to_string()),
            )
        })
        .collect();
    Ok(TableIterator::new(out))
}

/// A row of `pgn_games` and `read_pgn`.
type GameRow = (
    name!(game_no, i64),
    name!(event, Option<String>),
    name!(site, Option<String>),
    name!(date, Option<String>),
    name!(round, Option<String>),
    name!(white, Option<String>),
    name!(black, Option<String>),
    name!(result, String),
    name!(white_elo, Option<i32>),
    name!(black_elo, Option<i32>),
    name!(eco, Option<String>),
    name!(opening, Option<String>),
    name!(time_control, Option<String>),
    name!(termination, Option<String>),
    name!(variant, Option<String>),
    name!(fen, Option<String>),
    name!(game, Option<GameBytes>),
    name!(ply_count, i32),
    name!(final_fen, Option<String>),
    name!(tags, Option<JsonB>),
    name!(error, Option<String>),
);

fn game_row(r: GameRecord) -> GameRow {
    let elo = |e: Option<i64>| e.and_then(|e| i32::try_from(e).ok());
    (
        i64::try_from(r.game_no).unwrap_or(i64::MAX),
        r.event,
        r.site,
        r.date,
        r.round,
        r.white,
        r.black,
        r.result,
        elo(r.white_elo),
        elo(r.black_elo),
        r.eco,
        r.opening,
        r.time_control,
        r.termination,
        r.variant,
        r.fen,
        r.game.map(GameBytes::new),
        i32::try_from(r.ply_count).unwrap_or(i32::MAX),
        r.final_fen,
        r.tags.parse().ok().map(JsonB),
        r.error,
    )
}

/// Rows of every game of a PGN stream, read one at a time as PostgreSQL
/// asks for them.
fn games_of(input: impl BufRead + 'static) -> TableIterator<'static, GameRow> {
    let mut reader = Reader::new(input);
    let mut visitor = GameReader::new();
    TableIterator::new(std::iter::from_fn(move || {
        pgrx::check_for_interrupts!();
        match reader.read_game(&mut visitor) {
            Ok(Some(game)) => Some(game_row(GameRecord::from_parsed(&game))),
            Ok(None) => None,
            Err(e) => {
                ereport!(
                    ERROR,
                    PgSqlErrorCode::ERRCODE_IO_ERROR,
                    format!("read_pgn: {e}")
                );
            }
        }
    }))
}

// pgrx reads the result columns' names from the literal `name!`s.
#[allow(clippy::type_complexity)]
#[pg_extern(immutable, parallel_safe, strict)]
fn pgn_games(
    pgn: &str,
) -> TableIterator<
    'static,
    (
        name!(game_no, i64),
        name!(event, Option<String>),
        name!(site, Option<String>),
        name!(date, Option<String>),
        name!(round, Option<String>),
        name!(white, Option<String>),
        name!(black, Option<String>),
        name!(result, String),
        name!(white_elo, Option<i32>),
        name!(black_elo, Option<i32>),
        name!(eco, Option<String>),
        name!(opening, Option<String>),
        name!(time_control, Option<String>),
        name!(termination, Option<String>),
        name!(variant, Option<String>),
        name!(fen, Option<String>),
        name!(game, Option<GameBytes>),
        name!(ply_count, i32),
        name!(final_fen, Option<String>),
        name!(tags, Option<JsonB>),
        name!(error, Option<String>),
    ),
> {
    games_of(std::io::Cursor::new(pgn.as_bytes().to_vec()))
}

/// `read_pgn(path)`: a file on the server (`.pgn`, `.gz`, `.zst`, `.bz2`),
/// for superusers and members of `pg_read_server_files`, as `COPY FROM` a
/// file is.
// pgrx reads the result columns' names from the literal `name!`s.
#[allow(clippy::type_complexity)]
#[pg_extern(volatile, strict)]
fn read_pgn(
    path: &str,
) -> Result<
    TableIterator<
        'static,
        (
            name!(game_no, i64),
            name!(event, Option<String>),
            name!(site, Option<String>),
            name!(date, Option<String>),
            name!(round, Option<String>),
            name!(white, Option<String>),
            name!(black, Option<String>),
            name!(result, String),
            name!(white_elo, Option<i32>),
            name!(black_elo, Option<i32>),
            name!(eco, Option<String>),
            name!(opening, Option<String>),
            name!(time_control, Option<String>),
            name!(termination, Option<String>),
            name!(variant, Option<String>),
            name!(fen, Option<String>),
            name!(game, Option<GameBytes>),
            name!(ply_count, i32),
            name!(final_fen, Option<String>),
            name!(tags, Option<JsonB>),
            name!(error, Option<String>),
        ),
    >,
    ErrorReport,
> {
    let allowed =
        Spi::get_one::<bool>("SELECT pg_has_role(current_user, 'pg_read_server_files', 'USAGE')")
            .ok()
            .flatten()
            .unwrap_or(false);
    if !allowed {
        return Err(ErrorReport::new(
            PgSqlErrorCode::ERRCODE_INSUFFICIENT_PRIVILEGE,
            "read_pgn reads files on the server: it needs superuser or pg_read_server_files",
            "sqlchess",
        ));
    }
    let input = open_pgn(path).map_err(|e| {
        ErrorReport::new(
            PgSqlErrorCode::ERRCODE_UNDEFINED_FILE,
            format!("read_pgn: cannot read {path}: {e}"),
            "sqlchess",
        )
    })?;
    Ok(games_of(input))
}
