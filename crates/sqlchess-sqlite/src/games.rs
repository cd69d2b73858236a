//! Games as relations: `read_pgn(path)` and `pgn_games(text)` (one row per
//! game, rejected games included with their `error`), `game_moves(game)`,
//! the scalars `position_key`, `position_at`, `to_pgn`, `game_from_moves`,
//! and the stored tables `games` and `game_positions` that
//! [`Importer`] fills. Every function is a few lines over sqlchess-pgn and
//! the rules facade.

use std::io::BufRead;

use rusqlite::functions::Context;
use rusqlite::types::Value;
use rusqlite::{params, Connection, OptionalExtension, Result, Transaction};
use sqlchess_pgn::export::EvalValue;
use sqlchess_pgn::record::parse_tags_json;
use sqlchess_pgn::{open_pgn, GameReader, GameRecord, GameValue, GameValueError, ReadGame, Reader};
use sqlchess_rules::Position;

use crate::functions::{add, user};
use crate::game::position_at as position_arg;
pub use crate::index::default_sort_memory;
use crate::index::{add_stored_games, IndexRows};
use crate::vtab::bulk::BulkSlot;
use crate::vtab::rows::{self, RowSource, Rows};

/// The columns of `read_pgn`, `pgn_games` and (but `error`) `games`.
const GAME_COLUMNS: &[&str] = &[
    "game_no INTEGER",
    "event TEXT",
    "site TEXT",
    "date TEXT",
    "round TEXT",
    "white TEXT",
    "black TEXT",
    "result TEXT",
    "white_elo INTEGER",
    "black_elo INTEGER",
    "eco TEXT",
    "opening TEXT",
    "time_control TEXT",
    "termination TEXT",
    "variant TEXT",
    "fen TEXT",
    "game BLOB",
    "ply_count INTEGER",
    "final_fen TEXT",
    "tags TEXT",
    "error TEXT",
];

fn text(v: &Option<String>) -> Value {
    v.clone().map_or(Value::Null, Value::Text)
}

/// A game row in [`GAME_COLUMNS`] order.
fn game_row(r: &GameRecord) -> Vec<Value> {
    vec![
        Value::Integer(r.game_no as i64),
        text(&r.event),
        text(&r.site),
        text(&r.date),
        text(&r.round),
        text(&r.white),
        text(&r.black),
        Value::Text(r.result.clone()),
        r.white_elo.map_or(Value::Null, Value::Integer),
        r.black_elo.map_or(Value::Null, Value::Integer),
        text(&r.eco),
        text(&r.opening),
        text(&r.time_control),
        text(&r.termination),
        text(&r.variant),
        text(&r.fen),
        r.game.clone().map_or(Value::Null, Value::Blob),
        Value::Integer(r.ply_count as i64),
        text(&r.final_fen),
        Value::Text(r.tags.clone()),
        text(&r.error),
    ]
}

/// Rows of every game of a PGN stream, read one at a time.
fn games_of(input: impl BufRead + 'static) -> Rows {
    let mut reader = Reader::new(input);
    let mut visitor = GameReader::new();
    Box::new(std::iter::from_fn(move || {
        match reader.read_game(&mut visitor) {
            Ok(Some(game)) => Some(Ok(game_row(&GameRecord::from_parsed(&game)))),
            Ok(None) => None,
            Err(e) => Some(Err(user(e))),
        }
    }))
}

struct ReadPgn;

impl RowSource for ReadPgn {
    const NAME: &'static str = "read_pgn";
    const COLUMNS: &'static [&'static str] = GAME_COLUMNS;
    const ARGUMENTS: &'static [&'static str] = &["path"];

    fn rows(_: &Connection, args: &[Option<Value>]) -> Result<Rows> {
        let Some(Some(Value::Text(path))) = args.first() else {
            return Err(user(crate::SqlChessError::ArgumentType {
                function: "read_pgn",
                expected: "a file path as text",
            }));
        };
        let input = open_pgn(path).map_err(|e| {
            user(crate::SqlChessError::File {
                path: path.clone(),
                reason: e.to_string(),
            })
        })?;
        Ok(games_of(input))
    }
}

struct PgnGames;

impl RowSource for PgnGames {
    const NAME: &'static str = "pgn_games";
    const COLUMNS: &'static [&'static str] = GAME_COLUMNS;
    const ARGUMENTS: &'static [&'static str] = &["pgn"];

    fn rows(_: &Connection, args: &[Option<Value>]) -> Result<Rows> {
        let bytes = match args.first() {
            Some(Some(Value::Text(t))) => t.clone().into_bytes(),
            Some(Some(Value::Blob(b))) => b.clone(),
            _ => {
                return Err(user(crate::SqlChessError::ArgumentType {
                    function: "pgn_games",
                    expected: "PGN text",
                }))
            }
        };
        Ok(games_of(std::io::Cursor::new(bytes)))
    }
}

/// A game value argument.
fn game_arg(v: Option<&Option<Value>>, function: &'static str) -> Result<Option<GameValue>> {
    match v {
        Some(Some(Value::Blob(b))) => GameValue::decode(b).map(Some).map_err(user),
        Some(Some(Value::Null)) | None => Ok(None),
        _ => Err(user(crate::SqlChessError::ArgumentType {
            function,
            expected: "a game value (a blob from `games.game`, `read_pgn` or `game_from_moves`)",
        })),
    }
}

struct GameMoves;

impl RowSource for GameMoves {
    const NAME: &'static str = "game_moves";
    const COLUMNS: &'static [&'static str] = &[
        "ply INTEGER",
        "uci TEXT",
        "san TEXT",
        "fen_before TEXT",
        "fen_after TEXT",
        "comment TEXT",
        "nags TEXT",
        "clock REAL",
        "eval",
    ];
    const ARGUMENTS: &'static [&'static str] = &["game"];

    fn rows(_: &Connection, args: &[Option<Value>]) -> Result<Rows> {
        let Some(game) = game_arg(args.first(), "game_moves")? else {
            return Ok(Box::new(std::iter::empty()));
        };
        let text = |t: Option<String>| t.map_or(Value::Null, Value::Text);
        let out: Vec<Result<Vec<Value>>> = game
            .move_rows()
            .into_iter()
            .map(|r| {
                Ok(vec![
                    Value::Integer(r.ply as i64),
                    Value::Text(r.uci),
                    Value::Text(r.san),
                    Value::Text(r.fen_before),
                    Value::Text(r.fen_after),
                    text(r.comment),
                    text(r.nags),
                    r.clock.map_or(Value::Null, Value::Real),
                    match r.eval {
                        Some(EvalValue::Pawns(p)) => Value::Real(p),
                        Some(EvalValue::Mate(n)) => Value::Text(format!("#{n}")),
                        None => Value::Null,
                    },
                ])
            })
            .collect();
        Ok(Box::new(out.into_iter()))
    }
}

/// `position_key(fen [, variant])`: the key `game_positions.position`
/// holds — the position's 64-bit Zobrist hash (clocks excluded) as a signed
/// integer.
fn position_key(ctx: &Context<'_>) -> Result<Option<i64>> {
    Ok(position_arg(ctx, 0, 1)?.map(|p| p.zobrist() as i64))
}

/// `position_at(game, ply)`: the FEN after `ply` plies; NULL past the end.
fn position_at(ctx: &Context<'_>) -> Result<Option<String>> {
    let Some(bytes) = ctx.get::<Option<Vec<u8>>>(0)? else {
        return Ok(None);
    };
    let Some(ply) = ctx.get::<Option<i64>>(1)? else {
        return Ok(None);
    };
    let game = GameValue::decode(&bytes).map_err(user)?;
    let Ok(ply) = usize::try_from(ply) else {
        return Ok(None);
    };
    Ok(game.position_at(ply).map(|p| p.fen()))
}

/// `to_pgn(game [, tags])`: the game as PGN, under the tags of a `tags`
/// JSON object (the `games.tags` column) when given.
fn to_pgn(ctx: &Context<'_>) -> Result<Option<String>> {
    let Some(bytes) = ctx.get::<Option<Vec<u8>>>(0)? else {
        return Ok(None);
    };
    let tags = if ctx.len() > 1 {
        match ctx.get::<Option<String>>(1)? {
            Some(json) => parse_tags_json(&json).ok_or_else(|| {
                user(crate::SqlChessError::ArgumentType {
                    function: "to_pgn",
                    expected: "tags as a JSON object of strings",
                })
            })?,
            None => Vec::new(),
        }
    } else {
        Vec::new()
    };
    let game = GameValue::decode(&bytes).map_err(user)?;
    game.to_pgn_game(&tags).to_pgn().map(Some).map_err(user)
}

/// `game_from_moves(moves [, fen [, variant]])`: a game value from moves in
/// UCI or SAN separated by spaces, from `fen` (the variant's start when
/// NULL or absent).
fn game_from_moves(ctx: &Context<'_>) -> Result<Option<Vec<u8>>> {
    let Some(moves) = ctx.get::<Option<String>>(0)? else {
        return Ok(None);
    };
    let variant = if ctx.len() > 2 {
        ctx.get::<Option<String>>(2)?
            .unwrap_or_else(|| "chess".to_owned())
    } else {
        "chess".to_owned()
    };
    let variant = sqlchess_rules::Variant::builtin(&variant).map_err(user)?;
    let fen = if ctx.len() > 1 {
        ctx.get::<Option<String>>(1)?
    } else {
        None
    };
    let start = match fen {
        Some(fen) => Position::from_fen(&variant, &fen).map_err(user)?,
        None => Position::start(&variant),
    };
    match GameValue::from_moves(&start, &moves) {
        Ok(bytes) => Ok(Some(bytes)),
        // The move's own message, as apply_move gives it.
        Err(GameValueError::Rules(e)) => Err(user(e)),
        Err(e) => Err(user(e)),
    }
}

/// `game_line(game [, from_ply [, plies]])`: the moves in SAN separated by
/// spaces, from ply `from_ply` (0, the start, by default), at most `plies`
/// of them; `game_line(game) LIKE 'e4 e5 Nf3 %'` finds games that start with
/// a line.
fn game_line(ctx: &Context<'_>) -> Result<Option<String>> {
    let Some(bytes) = ctx.get::<Option<Vec<u8>>>(0)? else {
        return Ok(None);
    };
    let from = if ctx.len() > 1 {
        ctx.get::<Option<i64>>(1)?.unwrap_or(0)
    } else {
        0
    };
    let count = if ctx.len() > 2 {
        ctx.get::<Option<i64>>(2)?
    } else {
        None
    };
    let game = GameValue::decode(&bytes).map_err(user)?;
    let from = usize::try_from(from).unwrap_or(0);
    let count = count.map_or(usize::MAX, |c| usize::try_from(c).unwrap_or(0));
    let sans = game.sans();
    Ok(Some(
        sans.iter()
            .skip(from)
            .take(count)
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(" "),
    ))
}

/// `has_position(game, fen [, variant])`: 1 when the game reached the
/// position (clocks aside) at some ply.
fn has_position(ctx: &Context<'_>) -> Result<Option<bool>> {
    let Some(bytes) = ctx.get::<Option<Vec<u8>>>(0)? else {
        return Ok(None);
    };
    let Some(pos) = position_arg(ctx, 1, 2)? else {
        return Ok(None);
    };
    let game = GameValue::decode(&bytes).map_err(user)?;
    let target = pos.without_clocks();
    Ok(Some(
        game.positions()
            .iter()
            .any(|p| p.without_clocks() == target),
    ))
}

/// Adds the game functions and table-valued functions.
pub(crate) fn register(conn: &Connection) -> Result<()> {
    rows::register::<ReadPgn>(conn, c"read_pgn")?;
    rows::register::<PgnGames>(conn, c"pgn_games")?;
    rows::register::<GameMoves>(conn, c"game_moves")?;
    add(conn, "position_key", 1, position_key)?;
    add(conn, "position_key", 2, position_key)?;
    add(conn, "position_at", 2, position_at)?;
    add(conn, "to_pgn", 1, to_pgn)?;
    add(conn, "to_pgn", 2, to_pgn)?;
    for n in 1..=3 {
        add(conn, "game_from_moves", n, game_from_moves)?;
        add(conn, "game_line", n, game_line)?;
    }
    add(conn, "has_position", 2, has_position)?;
    add(conn, "has_position", 3, has_position)?;
    Ok(())
}

/// The stored relations: `games` (one row per imported game) and
/// `game_positions` (one row per position of every game, keyed for
/// exact-position search), with `pgn_files` recording how far each file was
/// imported so that a re-run imports nothing twice, and `import_state`
/// the last game whose positions, materials and explorer rows are written
/// (those of later games, stored by an interrupted import, are rebuilt
/// from their game values by the next one).
pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS pgn_files(
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL,
    size INTEGER NOT NULL,
    games_read INTEGER NOT NULL DEFAULT 0,
    complete INTEGER NOT NULL DEFAULT 0,
    UNIQUE(path, size));
CREATE TABLE IF NOT EXISTS games(
    id INTEGER PRIMARY KEY,
    file_id INTEGER REFERENCES pgn_files(id),
    game_no INTEGER,
    event TEXT, site TEXT, date TEXT, round TEXT, white TEXT, black TEXT,
    result TEXT, white_elo INTEGER, black_elo INTEGER, eco TEXT, opening TEXT,
    time_control TEXT, termination TEXT, variant TEXT, fen TEXT,
    game BLOB NOT NULL, ply_count INTEGER, final_fen TEXT, tags TEXT);
CREATE TABLE IF NOT EXISTS game_positions(
    position INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    ply INTEGER NOT NULL,
    PRIMARY KEY(position, game_id, ply)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS import_state(
    id INTEGER PRIMARY KEY CHECK (id = 1),
    indexed_through INTEGER NOT NULL);
";

/// What became of one game offered to the [`Importer`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Imported {
    /// Stored (written at the next commit).
    Stored,
    /// Read before by an earlier import of the same file: skipped.
    AlreadyIn,
    /// Rejected: the caller writes it to the rejects file.
    Rejected,
}

/// Where import spills its sorted runs: beside the database file (where
/// there is room for the database), else the system's temporary directory.
pub(crate) fn spill_dir(conn: &Connection) -> std::path::PathBuf {
    match conn.path().map(std::path::Path::new) {
        Some(path) if !path.as_os_str().is_empty() => match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
            _ => std::path::PathBuf::from("."),
        },
        _ => std::env::temp_dir(),
    }
}

/// The last game whose index rows are written. A database from before
/// `import_state` gets it here: its games were indexed through the first
/// game still in its staging tables, which are dropped (what they held is
/// rebuilt from the games).
fn indexed_through(conn: &mut Connection) -> Result<i64> {
    let tx = conn.transaction()?;
    let known: Option<i64> = tx
        .query_row(
            "SELECT indexed_through FROM import_state WHERE id = 1",
            [],
            |r| r.get(0),
        )
        .optional()?;
    let through = match known {
        Some(through) => through,
        None => {
            let staged: bool = tx.query_row(
                "SELECT EXISTS(SELECT 1 FROM sqlite_master \
                 WHERE type = 'table' AND name = 'staged_positions')",
                [],
                |r| r.get(0),
            )?;
            let first_staged: Option<i64> = if staged {
                tx.query_row("SELECT min(game_id) FROM staged_positions", [], |r| {
                    r.get(0)
                })?
            } else {
                None
            };
            let through = match first_staged {
                Some(first) => first - 1,
                None => tx.query_row("SELECT coalesce(max(id), 0) FROM games", [], |r| r.get(0))?,
            };
            tx.execute(
                "INSERT INTO import_state(id, indexed_through) VALUES (1, ?1)",
                params![through],
            )?;
            tx.execute_batch(
                "DROP TABLE IF EXISTS staged_positions; DROP TABLE IF EXISTS staged_materials;
                 DROP TABLE IF EXISTS staged_moves;",
            )?;
            through
        }
    };
    tx.commit()?;
    Ok(through)
}

/// Imports games of one PGN file into `games` in transactions of `batch`
/// games, each commit also recording the file's progress, so an
/// interrupted import resumes where it stopped; the positions, materials
/// and explorer rows of the file's games are collected and written in key
/// order when the file is complete ([`crate::index`]).
pub struct Importer<'c> {
    conn: &'c mut Connection,
    file_id: i64,
    /// Whether an earlier import read the whole file.
    complete: bool,
    /// Games of this file read by earlier imports.
    skip: u64,
    batch: usize,
    pending: Vec<ReadGame>,
    slot: BulkSlot,
    /// The index rows of the games not yet indexed.
    rows: IndexRows,
    /// The last game indexed.
    indexed: i64,
    /// Sort memory and where runs go, for the rows after a completed file.
    memory: usize,
    dir: std::path::PathBuf,
}

impl<'c> Importer<'c> {
    /// Prepares `conn` (schema, pragmas for bulk loading) and the record of
    /// the file `path` of `size` bytes; collects the index rows of any
    /// games an interrupted import stored without indexing them. Sorts in
    /// [`default_sort_memory`] bytes.
    ///
    /// # Errors
    /// Any SQLite error.
    pub fn new(
        conn: &'c mut Connection,
        path: &str,
        size: u64,
        batch: usize,
    ) -> Result<Importer<'c>> {
        Importer::with_sort_memory(conn, path, size, batch, default_sort_memory())
    }

    /// [`Importer::new`] sorting the index rows in about `memory` bytes
    /// before sorted runs go to temporary files beside the database.
    ///
    /// # Errors
    /// Any SQLite error.
    pub fn with_sort_memory(
        conn: &'c mut Connection,
        path: &str,
        size: u64,
        batch: usize,
        memory: usize,
    ) -> Result<Importer<'c>> {
        conn.execute_batch(SCHEMA)?;
        conn.execute_batch(crate::explorer::SCHEMA)?;
        crate::explorer::upgrade(conn)?;
        let indexed = indexed_through(conn)?;
        let slot = BulkSlot::register(conn)?;
        let dir = spill_dir(conn);
        let mut rows = IndexRows::new(true, memory, &dir);
        add_stored_games(conn, &mut rows, indexed)?;
        conn.execute(
            "INSERT OR IGNORE INTO pgn_files(path, size) VALUES (?1, ?2)",
            params![path, size as i64],
        )?;
        let (file_id, skip, complete): (i64, i64, bool) = conn.query_row(
            "SELECT id, games_read, complete FROM pgn_files WHERE path = ?1 AND size = ?2",
            params![path, size as i64],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )?;
        Ok(Importer {
            conn,
            file_id,
            complete,
            skip: skip as u64,
            batch: batch.max(1),
            pending: Vec::new(),
            slot,
            rows,
            indexed,
            memory,
            dir,
        })
    }

    /// Games of this file already imported by an earlier run.
    pub fn already_read(&self) -> u64 {
        self.skip
    }

    /// Whether an earlier run imported the whole file.
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// Offers the next game of the file, in file order; returns what became
    /// of it (stored games are written at the next commit).
    ///
    /// # Errors
    /// Any SQLite error of a commit.
    pub fn add(&mut self, game: ReadGame) -> Result<Imported> {
        if game.record.game_no <= self.skip {
            return Ok(Imported::AlreadyIn);
        }
        let rejected = game.record.error.is_some() || game.record.game.is_none();
        let outcome = if rejected {
            Imported::Rejected
        } else {
            Imported::Stored
        };
        self.pending.push(game);
        if self.pending.len() >= self.batch {
            self.commit(false)?;
        }
        Ok(outcome)
    }

    /// Writes what is pending; `complete` then writes the index rows of
    /// every game collected, in key order, and marks the file done, in one
    /// transaction. Until then the games are stored but not yet found by
    /// position; an interrupted import's games are indexed by the next one.
    ///
    /// # Errors
    /// Any SQLite error, or an I/O error of a sorted run.
    pub fn commit(&mut self, complete: bool) -> Result<()> {
        let tx = self.conn.transaction()?;
        let last = write_batch(&tx, self.file_id, &self.pending, &mut self.rows)?;
        let read = last.max(self.skip);
        tx.execute(
            "UPDATE pgn_files SET games_read = ?2 WHERE id = ?1",
            params![self.file_id, read as i64],
        )?;
        tx.commit()?;
        self.skip = read;
        self.pending.clear();
        if complete {
            // Games offered after this (a caller that goes on) are
            // collected anew.
            let fresh = IndexRows::new(true, self.memory, &self.dir);
            let rows = std::mem::replace(&mut self.rows, fresh);
            let through = rows.last_game().max(self.indexed);
            let wal = out_of_wal(self.conn)?;
            let file_id = self.file_id;
            let written = rows.write(
                self.conn,
                &self.slot,
                |_| Ok(()),
                |tx| {
                    tx.execute(
                        "UPDATE import_state SET indexed_through = max(indexed_through, ?1) \
                         WHERE id = 1",
                        params![through],
                    )?;
                    tx.execute(
                        "UPDATE pgn_files SET complete = 1 WHERE id = ?1",
                        params![file_id],
                    )?;
                    Ok(())
                },
            );
            if wal {
                // Back for the next file's commits, whatever happened.
                self.conn
                    .query_row("PRAGMA journal_mode = WAL", [], |r| r.get::<_, String>(0))?;
            }
            written?;
            self.indexed = through;
            self.complete = true;
        }
        Ok(())
    }
}

/// Leaves write-ahead-log mode for the index's one big transaction, if the
/// database is in it and no other connection holds it open; returns
/// whether it did. The index is mostly new pages at the end of the file,
/// which a rollback journal does not copy: they are written once, where
/// the log writes each twice (into the log, then into the database at the
/// checkpoint).
fn out_of_wal(conn: &Connection) -> Result<bool> {
    let mode: String = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Ok(false);
    }
    // Refused (the mode stays "wal") while another connection reads.
    let now = conn
        .query_row("PRAGMA journal_mode = TRUNCATE", [], |r| {
            r.get::<_, String>(0)
        })
        .unwrap_or(mode);
    Ok(now.eq_ignore_ascii_case("truncate"))
}

/// Inserts the good games of `batch` and collects their index rows;
/// returns the last game number seen.
fn write_batch(
    tx: &Transaction<'_>,
    file_id: i64,
    batch: &[ReadGame],
    rows: &mut IndexRows,
) -> Result<u64> {
    let mut insert_game = tx.prepare_cached(
        "INSERT INTO games(file_id, game_no, event, site, date, round, white, black, result, \
         white_elo, black_elo, eco, opening, time_control, termination, variant, fen, game, \
         ply_count, final_fen, tags) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, \
         ?18, ?19, ?20, ?21)",
    )?;
    let mut last = 0;
    for g in batch {
        last = g.record.game_no;
        let r = &g.record;
        let Some(value) = &r.game else {
            continue;
        };
        if r.error.is_some() {
            continue;
        }
        insert_game.execute(params![
            file_id,
            r.game_no as i64,
            r.event,
            r.site,
            r.date,
            r.round,
            r.white,
            r.black,
            r.result,
            r.white_elo,
            r.black_elo,
            r.eco,
            r.opening,
            r.time_control,
            r.termination,
            r.variant,
            r.fen,
            value,
            r.ply_count as i64,
            r.final_fen,
            r.tags,
        ])?;
        rows.add_game(tx.last_insert_rowid(), r)?;
    }
    Ok(last)
}
