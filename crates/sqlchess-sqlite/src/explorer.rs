//! Position search and the opening explorer over the stored games:
//! `games_at(fen)` (every game that reached a position, by any move order,
//! confirmed exactly), `material(fen)` and the `game_materials` relation,
//! `matches_pattern(fen, pattern)`, `opening(fen)` (ECO and name), and
//! `opening_tree(fen, …)` over the `opening_moves` aggregate that import
//! maintains (falling back to an exact scan for filters the aggregate does
//! not hold). Every function is a few lines over the rules facade.

use std::collections::HashMap;

use rusqlite::functions::Context;
use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension, Result};
use sqlchess_pgn::openings::opening_of;
use sqlchess_pgn::record::{rating_band, speed_class};
use sqlchess_pgn::{GameRecord, GameValue};
use sqlchess_rules::Position;

use crate::functions::{add, user};
use crate::game::position_at as position_arg;
use crate::vtab::rows::{self, RowSource, Rows};
use crate::SqlChessError;

/// The explorer's relations, created with the games relations.
pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS game_materials(
    material TEXT NOT NULL,
    game_id INTEGER NOT NULL,
    ply INTEGER NOT NULL,
    PRIMARY KEY(material, game_id, ply)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS material_signatures(
    material TEXT PRIMARY KEY,
    pieces TEXT NOT NULL,
    white_pawns INTEGER NOT NULL, black_pawns INTEGER NOT NULL,
    white_queens INTEGER NOT NULL, black_queens INTEGER NOT NULL,
    white_rooks INTEGER NOT NULL, black_rooks INTEGER NOT NULL,
    white_bishops INTEGER NOT NULL, black_bishops INTEGER NOT NULL,
    white_knights INTEGER NOT NULL, black_knights INTEGER NOT NULL,
    white_total INTEGER NOT NULL, black_total INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS material_signatures_pieces
    ON material_signatures(pieces, white_pawns, black_pawns);
CREATE TABLE IF NOT EXISTS opening_moves(
    position INTEGER NOT NULL,
    speed TEXT NOT NULL,
    band INTEGER NOT NULL,
    uci TEXT NOT NULL,
    games INTEGER NOT NULL,
    white_wins INTEGER NOT NULL,
    draws INTEGER NOT NULL,
    black_wins INTEGER NOT NULL,
    elo_sum INTEGER NOT NULL,
    opponent_elo_sum INTEGER NOT NULL,
    elo_count INTEGER NOT NULL,
    last_played TEXT,
    PRIMARY KEY(position, speed, band, uci)) WITHOUT ROWID;
";

/// The row of `material_signatures` for every distinct signature `m` of
/// `{source}` (a table or subquery with a `material` column): the
/// signature without pawns, and the count of every standard piece letter
/// and of every unit per side (White's upper-case letters come first, so
/// trimming the lower-case ones leaves White's). The same text runs in
/// PostgreSQL (crates/sqlchess-pg/src/explorer.rs), so both count alike.
pub(crate) fn signatures_from(source: &str) -> String {
    format!(
        "INSERT OR IGNORE INTO material_signatures(material, pieces, white_pawns, black_pawns,
             white_queens, black_queens, white_rooks, black_rooks, white_bishops,
             black_bishops, white_knights, black_knights, white_total, black_total)
           SELECT m, replace(replace(m, 'P', ''), 'p', ''),
             length(m) - length(replace(m, 'P', '')), length(m) - length(replace(m, 'p', '')),
             length(m) - length(replace(m, 'Q', '')), length(m) - length(replace(m, 'q', '')),
             length(m) - length(replace(m, 'R', '')), length(m) - length(replace(m, 'r', '')),
             length(m) - length(replace(m, 'B', '')), length(m) - length(replace(m, 'b', '')),
             length(m) - length(replace(m, 'N', '')), length(m) - length(replace(m, 'n', '')),
             length(rtrim(m, 'abcdefghijklmnopqrstuvwxyz')),
             length(m) - length(rtrim(m, 'abcdefghijklmnopqrstuvwxyz'))
           FROM (SELECT DISTINCT material AS m FROM {source}) ORDER BY m;"
    )
}

/// Fills `material_signatures` from `game_materials` when the database has
/// stored signatures but not that table (or only an empty one): a database
/// imported before the table existed is upgraded in place, in one pass over
/// the signature index. Import and `sqlchess explore` call it ([`rebuild`]
/// fills the table anew); a database without `game_materials` is left
/// alone. Returns whether it filled the table.
///
/// # Errors
/// Any SQLite error (a read-only database that needs the upgrade is one).
pub fn upgrade(conn: &Connection) -> Result<bool> {
    let table = |name: &str| -> Result<bool> {
        conn.query_row(
            "SELECT EXISTS(SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1)",
            [name],
            |r| r.get(0),
        )
    };
    let rows = |name: &str| -> Result<bool> {
        conn.query_row(&format!("SELECT EXISTS(SELECT 1 FROM {name})"), [], |r| {
            r.get(0)
        })
    };
    if !table("game_materials")? || !rows("game_materials")? {
        return Ok(false);
    }
    if table("material_signatures")? && rows("material_signatures")? {
        return Ok(false);
    }
    conn.execute_batch(SCHEMA)?;
    conn.execute_batch(&signatures_from("game_materials"))?;
    Ok(true)
}

/// Fills an empty `opening_moves` from `sqlchess_bulk` (columns in the
/// table's order, one row per cell): [`ADD_OPENING_MOVES`] without the
/// upsert, which an empty table does not need.
pub(crate) const NEW_OPENING_MOVES: &str =
    "INSERT INTO opening_moves(position, speed, band, uci, games, white_wins, draws,
         black_wins, elo_sum, opponent_elo_sum, elo_count, last_played)
       SELECT c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11 FROM sqlchess_bulk";

/// Adds `opening_moves` cells read from `sqlchess_bulk` (columns in the
/// table's order, one row per cell, in key order), summed into the cells
/// already there.
pub(crate) const ADD_OPENING_MOVES: &str =
    "INSERT INTO opening_moves(position, speed, band, uci, games, white_wins, draws,
         black_wins, elo_sum, opponent_elo_sum, elo_count, last_played)
       SELECT c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11 FROM sqlchess_bulk WHERE true
     ON CONFLICT(position, speed, band, uci) DO UPDATE SET
       games = games + excluded.games, white_wins = white_wins + excluded.white_wins,
       draws = draws + excluded.draws, black_wins = black_wins + excluded.black_wins,
       elo_sum = elo_sum + excluded.elo_sum,
       opponent_elo_sum = opponent_elo_sum + excluded.opponent_elo_sum,
       elo_count = elo_count + excluded.elo_count,
       last_played = max(coalesce(last_played, ''), coalesce(excluded.last_played, ''));";

/// `material(fen [, variant])`: the canonical material signature.
fn material(ctx: &Context<'_>) -> Result<Option<String>> {
    Ok(position_arg(ctx, 0, 1)?.map(|p| p.material()))
}

/// `matches_pattern(fen, pattern [, variant])`: 1 when the board matches the
/// sub-FEN pattern.
fn matches_pattern(ctx: &Context<'_>) -> Result<Option<bool>> {
    let (Some(pos), Some(pattern)) = (position_arg(ctx, 0, 2)?, ctx.get::<Option<String>>(1)?)
    else {
        return Ok(None);
    };
    pos.matches_pattern(&pattern).map(Some).map_err(user)
}

/// A position from a table-valued function's `fen` and `variant` arguments.
fn position_of(args: &[Option<Value>], function: &'static str) -> Result<Option<Position>> {
    let text = |i: usize| match args.get(i) {
        Some(Some(Value::Text(t))) => Ok(Some(t.clone())),
        Some(Some(Value::Null)) | Some(None) | None => Ok(None),
        _ => Err(user(SqlChessError::ArgumentType {
            function,
            expected: "a FEN and a variant name as text",
        })),
    };
    let Some(fen) = text(0)? else {
        return Ok(None);
    };
    let variant = text(1)?.unwrap_or_else(|| "chess".to_owned());
    sqlchess_rules::position(&fen, &variant)
        .map(Some)
        .map_err(|e| match e {
            sqlchess_rules::Error::Fen(e) => user(e),
            sqlchess_rules::Error::Variant(e) => user(e),
            e => user(e),
        })
}

fn int_arg(args: &[Option<Value>], i: usize) -> Option<i64> {
    match args.get(i) {
        Some(Some(Value::Integer(n))) => Some(*n),
        _ => None,
    }
}

fn text_arg(args: &[Option<Value>], i: usize) -> Option<String> {
    match args.get(i) {
        Some(Some(Value::Text(t))) => Some(t.clone()),
        _ => None,
    }
}

/// Whether the games relations exist in `db`.
fn have_games(db: &Connection) -> Result<bool> {
    db.query_row(
        "SELECT count(*) FROM sqlite_master WHERE name = 'game_positions'",
        [],
        |r| r.get::<_, i64>(0),
    )
    .map(|n| n > 0)
}

fn no_games() -> rusqlite::Error {
    user(SqlChessError::NoGames)
}

/// Candidates of `pos` from `game_positions`: `(game_id, ply, game bytes)`,
/// to confirm with [`confirms`].
fn candidates(db: &Connection, pos: &Position) -> Result<Vec<(i64, usize, Vec<u8>)>> {
    if !have_games(db)? {
        return Err(no_games());
    }
    let mut stmt = db.prepare_cached(
        "SELECT gp.game_id, gp.ply, g.game FROM game_positions gp \
         JOIN games g ON g.id = gp.game_id WHERE gp.position = ?1 \
         ORDER BY gp.game_id, gp.ply",
    )?;
    let rows = stmt
        .query_map([pos.zobrist() as i64], |r| {
            let ply: i64 = r.get(1)?;
            Ok((
                r.get(0)?,
                usize::try_from(ply).unwrap_or(usize::MAX),
                r.get(2)?,
            ))
        })?
        .collect();
    rows
}

/// Whether the game `bytes` reaches `target` (without clocks) at `ply`.
fn confirms(bytes: &[u8], ply: usize, target: &Position) -> bool {
    GameValue::position_at_bytes(bytes, ply)
        .ok()
        .flatten()
        .is_some_and(|p| p.without_clocks() == *target)
}

/// Candidates of `pos` from `game_positions`, confirmed by replaying each
/// game to its ply: `(game_id, ply, value)`.
fn reached(db: &Connection, pos: &Position) -> Result<Vec<(i64, usize, GameValue)>> {
    if !have_games(db)? {
        return Err(no_games());
    }
    let target = pos.without_clocks();
    let mut stmt = db.prepare_cached(
        "SELECT gp.game_id, gp.ply, g.game FROM game_positions gp \
         JOIN games g ON g.id = gp.game_id WHERE gp.position = ?1 \
         ORDER BY gp.game_id, gp.ply",
    )?;
    let mut out = Vec::new();
    let mut rows = stmt.query([pos.zobrist() as i64])?;
    while let Some(row) = rows.next()? {
        let (id, ply, bytes): (i64, i64, Vec<u8>) = (row.get(0)?, row.get(1)?, row.get(2)?);
        let Ok(game) = GameValue::decode(&bytes) else {
            continue;
        };
        let ply = usize::try_from(ply).unwrap_or(usize::MAX);
        if game
            .position_at(ply)
            .is_some_and(|p| p.without_clocks() == target)
        {
            out.push((id, ply, game));
        }
    }
    Ok(out)
}

struct GamesAt;

impl RowSource for GamesAt {
    const NAME: &'static str = "games_at";
    const COLUMNS: &'static [&'static str] = &["game_id INTEGER", "ply INTEGER"];
    const ARGUMENTS: &'static [&'static str] = &["fen", "variant"];

    fn rows(db: &Connection, args: &[Option<Value>]) -> Result<Rows> {
        let Some(pos) = position_of(args, "games_at")? else {
            return Ok(Box::new(std::iter::empty()));
        };
        // Confirmed one by one as rows are asked for, so that a LIMIT
        // replays only the games it returns.
        let target = pos.without_clocks();
        Ok(Box::new(candidates(db, &pos)?.into_iter().filter_map(
            move |(id, ply, bytes)| {
                confirms(&bytes, ply, &target)
                    .then(|| Ok(vec![Value::Integer(id), Value::Integer(ply as i64)]))
            },
        )))
    }
}

struct OpeningName;

impl RowSource for OpeningName {
    const NAME: &'static str = "opening";
    const COLUMNS: &'static [&'static str] = &["eco TEXT", "name TEXT"];
    const ARGUMENTS: &'static [&'static str] = &["fen", "variant"];

    fn rows(_: &Connection, args: &[Option<Value>]) -> Result<Rows> {
        let Some(pos) = position_of(args, "opening")? else {
            return Ok(Box::new(std::iter::empty()));
        };
        let row = opening_of(&pos).map(|o| {
            Ok(vec![
                Value::Text(o.eco.to_owned()),
                Value::Text(o.name.to_owned()),
            ])
        });
        Ok(Box::new(row.into_iter()))
    }
}

struct OpeningTree;

/// What the explorer sums for a move: the games, their results, and the
/// ratings of the side that played it and of its opponent (over the games
/// where both are known). An `opening_moves` cell and a row of
/// `opening_tree` are these, with the latest date.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct Totals {
    pub(crate) games: i64,
    pub(crate) white_wins: i64,
    pub(crate) draws: i64,
    pub(crate) black_wins: i64,
    pub(crate) elo_sum: i64,
    pub(crate) opponent_elo_sum: i64,
    pub(crate) elo_count: i64,
}

impl Totals {
    /// One game's share: its `result` (`1-0`, `0-1`, `1/2-1/2`, else
    /// unfinished), and the mover's and the opponent's ratings if both are
    /// known.
    pub(crate) fn of_game(result: &str, ratings: Option<(i64, i64)>) -> Totals {
        let (white_wins, draws, black_wins) = match result {
            "1-0" => (1, 0, 0),
            "0-1" => (0, 0, 1),
            "1/2-1/2" => (0, 1, 0),
            _ => (0, 0, 0),
        };
        let (elo_sum, opponent_elo_sum, elo_count) =
            ratings.map_or((0, 0, 0), |(me, them)| (me, them, 1));
        Totals {
            games: 1,
            white_wins,
            draws,
            black_wins,
            elo_sum,
            opponent_elo_sum,
            elo_count,
        }
    }

    /// Adds `other` in.
    pub(crate) fn add(&mut self, other: &Totals) {
        self.games += other.games;
        self.white_wins += other.white_wins;
        self.draws += other.draws;
        self.black_wins += other.black_wins;
        self.elo_sum += other.elo_sum;
        self.opponent_elo_sum += other.opponent_elo_sum;
        self.elo_count += other.elo_count;
    }
}

/// One move's totals and when it was last played.
#[derive(Default)]
struct MoveStats {
    totals: Totals,
    last_played: Option<String>,
}

impl RowSource for OpeningTree {
    const NAME: &'static str = "opening_tree";
    const COLUMNS: &'static [&'static str] = &[
        "uci TEXT",
        "san TEXT",
        "games INTEGER",
        "white_wins INTEGER",
        "draws INTEGER",
        "black_wins INTEGER",
        "average_elo INTEGER",
        "average_opponent_elo INTEGER",
        "last_played TEXT",
    ];
    const ARGUMENTS: &'static [&'static str] = &[
        "fen", "variant", "min_elo", "max_elo", "speeds", "since", "until", "player",
    ];

    fn rows(db: &Connection, args: &[Option<Value>]) -> Result<Rows> {
        let Some(pos) = position_of(args, "opening_tree")? else {
            return Ok(Box::new(std::iter::empty()));
        };
        if !have_games(db)? {
            return Err(no_games());
        }
        let (min_elo, max_elo) = (int_arg(args, 2), int_arg(args, 3));
        let speeds: Option<Vec<String>> = text_arg(args, 4).map(|s| {
            s.split(',')
                .map(|x| x.trim().to_ascii_lowercase())
                .filter(|x| !x.is_empty())
                .collect()
        });
        let (since, until, player) = (text_arg(args, 5), text_arg(args, 6), text_arg(args, 7));
        let mut stats: HashMap<String, MoveStats> = HashMap::new();
        let exact = since.is_some() || until.is_some() || player.is_some();
        if !exact {
            from_aggregate(db, &pos, min_elo, max_elo, speeds.as_deref(), &mut stats)?;
        }
        if exact || stats.is_empty() {
            let filter = ExactFilter {
                min_elo,
                max_elo,
                speeds: speeds.as_deref(),
                since: since.as_deref(),
                until: until.as_deref(),
                player: player.as_deref(),
            };
            from_games(db, &pos, &filter, &mut stats)?;
        }
        let mut rows: Vec<(String, MoveStats)> = stats.into_iter().collect();
        rows.sort_by(|a, b| {
            b.1.totals
                .games
                .cmp(&a.1.totals.games)
                .then_with(|| a.0.cmp(&b.0))
        });
        let out: Vec<Result<Vec<Value>>> = rows
            .into_iter()
            .filter_map(
                |(
                    uci,
                    MoveStats {
                        totals: s,
                        last_played,
                    },
                )| {
                    // A 64-bit key may in principle be shared: keep legal moves only.
                    let mv = pos.parse_move(&uci).ok()?;
                    let avg = |sum: i64| {
                        if s.elo_count > 0 {
                            Value::Integer(sum / s.elo_count)
                        } else {
                            Value::Null
                        }
                    };
                    Some(Ok(vec![
                        Value::Text(pos.uci(mv)),
                        Value::Text(pos.san(mv)),
                        Value::Integer(s.games),
                        Value::Integer(s.white_wins),
                        Value::Integer(s.draws),
                        Value::Integer(s.black_wins),
                        avg(s.elo_sum),
                        avg(s.opponent_elo_sum),
                        last_played
                            .filter(|d| !d.is_empty())
                            .map_or(Value::Null, Value::Text),
                    ]))
                },
            )
            .collect();
        Ok(Box::new(out.into_iter()))
    }
}

/// The aggregate's cells for `pos` within the rating bands and speeds.
fn from_aggregate(
    db: &Connection,
    pos: &Position,
    min_elo: Option<i64>,
    max_elo: Option<i64>,
    speeds: Option<&[String]>,
    stats: &mut HashMap<String, MoveStats>,
) -> Result<()> {
    let exists: Option<i64> = db
        .query_row(
            "SELECT 1 FROM sqlite_master WHERE name = 'opening_moves'",
            [],
            |r| r.get(0),
        )
        .optional()?;
    if exists.is_none() {
        return Ok(());
    }
    let low_band = min_elo.map_or(0, |e| rating_band(Some(e), Some(e)));
    let mut stmt = db.prepare_cached(
        "SELECT speed, band, uci, games, white_wins, draws, black_wins, elo_sum, \
         opponent_elo_sum, elo_count, last_played FROM opening_moves WHERE position = ?1",
    )?;
    let mut rows = stmt.query([pos.zobrist() as i64])?;
    while let Some(r) = rows.next()? {
        let (speed, band, uci): (String, i64, String) = (r.get(0)?, r.get(1)?, r.get(2)?);
        if band < low_band || max_elo.is_some_and(|m| band > m) {
            continue;
        }
        if speeds.is_some_and(|s| !s.contains(&speed)) {
            continue;
        }
        let s = stats.entry(uci).or_default();
        s.totals.add(&Totals {
            games: r.get(3)?,
            white_wins: r.get(4)?,
            draws: r.get(5)?,
            black_wins: r.get(6)?,
            elo_sum: r.get(7)?,
            opponent_elo_sum: r.get(8)?,
            elo_count: r.get(9)?,
        });
        let last: Option<String> = r.get(10)?;
        if last > s.last_played {
            s.last_played = last;
        }
    }
    Ok(())
}

/// Filters the aggregate does not hold, applied game by game.
struct ExactFilter<'a> {
    min_elo: Option<i64>,
    max_elo: Option<i64>,
    speeds: Option<&'a [String]>,
    since: Option<&'a str>,
    until: Option<&'a str>,
    player: Option<&'a str>,
}

/// A game's columns the exact path filters on: result, White's and Black's
/// ratings, date, time control, White, Black.
type GameInfo = (
    String,
    Option<i64>,
    Option<i64>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// Every stored game that reached `pos`, and the move it played there.
fn from_games(
    db: &Connection,
    pos: &Position,
    f: &ExactFilter<'_>,
    stats: &mut HashMap<String, MoveStats>,
) -> Result<()> {
    let games = reached(db, pos)?;
    let mut info = db.prepare_cached(
        "SELECT result, white_elo, black_elo, date, time_control, white, black \
         FROM games WHERE id = ?1",
    )?;
    for (id, ply, game) in games {
        let Some(Some(mv)) = game.moves.get(ply).copied() else {
            continue;
        };
        let (result, we, be, date, tc, white, black): GameInfo = info.query_row([id], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
            ))
        })?;
        let avg = match (we, be) {
            (Some(w), Some(b)) => Some((w + b) / 2),
            _ => None,
        };
        if f.min_elo.is_some_and(|m| avg.is_none_or(|a| a < m))
            || f.max_elo.is_some_and(|m| avg.is_none_or(|a| a > m))
            || f.speeds
                .is_some_and(|s| !s.iter().any(|x| x == speed_class(tc.as_deref())))
            || f.since
                .is_some_and(|d| date.as_deref().is_none_or(|x| x < d))
            || f.until
                .is_some_and(|d| date.as_deref().is_none_or(|x| x > d))
            || f.player
                .is_some_and(|p| white.as_deref() != Some(p) && black.as_deref() != Some(p))
        {
            continue;
        }
        let Some(before) = game.position_at(ply) else {
            continue;
        };
        let s = stats.entry(before.uci(mv)).or_default();
        let ratings = match (we, be) {
            (Some(w), Some(b)) if before.white_to_move() => Some((w, b)),
            (Some(w), Some(b)) => Some((b, w)),
            _ => None,
        };
        s.totals.add(&Totals::of_game(&result, ratings));
        if date > s.last_played {
            s.last_played = date;
        }
    }
    Ok(())
}

/// Rebuilds `game_materials`, `material_signatures` and `opening_moves` from
/// the stored games: the one command for a database imported without them,
/// or after a change.
///
/// # Errors
/// Any SQLite error, or [`SqlChessError::NoGames`].
pub fn rebuild(conn: &mut Connection) -> Result<u64> {
    if !have_games(conn)? {
        return Err(no_games());
    }
    let slot = crate::vtab::bulk::BulkSlot::register(conn)?;
    let dir = crate::games::spill_dir(conn);
    let mut rows = crate::index::IndexRows::new(false, crate::index::default_sort_memory(), &dir);
    let n = crate::index::add_stored_games(conn, &mut rows, 0)?;
    // The old relations go in the transaction that writes the new ones.
    rows.write(
        conn,
        &slot,
        |tx| {
            tx.execute_batch(&format!(
                "DROP TABLE IF EXISTS game_materials; DROP TABLE IF EXISTS opening_moves;
                 DROP TABLE IF EXISTS material_signatures;
                 DROP TABLE IF EXISTS staged_materials; DROP TABLE IF EXISTS staged_moves;
                 {SCHEMA}"
            ))
        },
        |_| Ok(()),
    )?;
    Ok(n)
}

/// The explorer's parts of a game's row, from its stored value.
pub(crate) fn record_of(
    game: &GameValue,
    result: String,
    white_elo: Option<i64>,
    black_elo: Option<i64>,
    date: Option<String>,
    time_control: Option<String>,
) -> GameRecord {
    let positions = game.positions();
    let mut materials: Vec<(usize, String)> = Vec::new();
    for (ply, p) in positions.iter().enumerate() {
        let m = p.material();
        if materials.last().is_none_or(|(_, last)| *last != m) {
            materials.push((ply, m));
        }
    }
    let opening_ucis = game
        .moves
        .iter()
        .zip(&positions)
        .take(sqlchess_pgn::game::OPENING_PLIES)
        .map(|(mv, p)| mv.map_or_else(|| "0000".to_owned(), |m| p.uci(m)))
        .collect();
    GameRecord {
        game_no: 0,
        line: 0,
        event: None,
        site: None,
        date,
        round: None,
        white: None,
        black: None,
        result,
        white_elo,
        black_elo,
        eco: None,
        opening: None,
        time_control,
        termination: None,
        variant: None,
        fen: None,
        game: None,
        ply_count: game.ply_count() as u64,
        final_fen: None,
        tags: String::new(),
        error: None,
        position_keys: positions.iter().map(|p| p.zobrist() as i64).collect(),
        opening_ucis,
        materials,
    }
}

/// Adds the explorer's functions.
pub(crate) fn register(conn: &Connection) -> Result<()> {
    rows::register::<GamesAt>(conn, c"games_at")?;
    rows::register::<OpeningName>(conn, c"opening")?;
    rows::register::<OpeningTree>(conn, c"opening_tree")?;
    add(conn, "material", 1, material)?;
    add(conn, "material", 2, material)?;
    add(conn, "matches_pattern", 2, matches_pattern)?;
    add(conn, "matches_pattern", 3, matches_pattern)?;
    Ok(())
}
