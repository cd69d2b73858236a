//! The keyed relations import builds from each game: `game_positions` (a
//! row per position), `game_materials` (a row per change of material),
//! `material_signatures` and the explorer's `opening_moves` aggregate.
//!
//! Their rows are collected while the games are read, sorted in Rust in
//! runs ([`crate::runs`], spilled to temporary files past a memory budget)
//! and written once, in key order, when a file is done. SQLite then appends
//! each B-tree page once; inserting rows in game order — random keys —
//! touches a page per row once a table outgrows the page cache, which made
//! a million-game import take a quarter of an hour.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rusqlite::vtab::Context;
use rusqlite::{params, Connection, Result};
use sqlchess_pgn::record::{rating_band, speed_class};
use sqlchess_pgn::GameRecord;

use crate::explorer::Totals;
use crate::functions::user;
use crate::runs::{Merged, Order, Record, SortedRuns};
use crate::vtab::bulk::{BulkRows, BulkSlot};
use crate::SqlChessError;

/// The memory import sorts in by default, before runs go to disk: 40 % of
/// the machine's physical memory (Linux's `/proc/meminfo`; 1 GiB where it
/// cannot be read), at least 256 MiB. A million games' rows take about
/// 6 GB, all of them sorted in memory on a machine of 16 GB.
pub fn default_sort_memory() -> usize {
    let total = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|info| {
            let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
            let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
            kib.checked_mul(1024)
        });
    total.map_or(1 << 30, |bytes| bytes / 5 * 2).max(256 << 20)
}

/// Strings (material signatures, UCI moves, dates) by number: rows hold
/// the number, comparisons look the string up.
#[derive(Default)]
pub(crate) struct Names {
    ids: HashMap<Arc<str>, u32>,
    names: Vec<Arc<str>>,
}

impl Names {
    fn id(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.ids.get(name) {
            return id;
        }
        let id = u32::try_from(self.names.len()).unwrap_or(u32::MAX);
        let name: Arc<str> = Arc::from(name);
        self.names.push(name.clone());
        self.ids.insert(name, id);
        id
    }
}

/// An I/O error of a sorted run in `dir`.
fn spill_error(dir: &Path, e: std::io::Error) -> rusqlite::Error {
    user(SqlChessError::File {
        path: dir.display().to_string(),
        reason: format!("cannot write the import's sorted runs: {e}"),
    })
}

/// The strings by number, as the comparisons see them.
type NameList = Vec<Arc<str>>;

/// A `game_positions` row.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct PositionRow {
    key: i64,
    game: i64,
    ply: i64,
}

fn i64_at(b: &[u8], at: usize) -> i64 {
    let mut x = [0u8; 8];
    x.copy_from_slice(&b[at..at + 8]);
    i64::from_le_bytes(x)
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    let mut x = [0u8; 4];
    x.copy_from_slice(&b[at..at + 4]);
    u32::from_le_bytes(x)
}

impl Record for PositionRow {
    const SIZE: usize = 24;
    fn write(&self, out: &mut [u8]) {
        out[..8].copy_from_slice(&self.key.to_le_bytes());
        out[8..16].copy_from_slice(&self.game.to_le_bytes());
        out[16..24].copy_from_slice(&self.ply.to_le_bytes());
    }
    fn read(b: &[u8]) -> Self {
        PositionRow {
            key: i64_at(b, 0),
            game: i64_at(b, 8),
            ply: i64_at(b, 16),
        }
    }
}

/// By (position, game, ply), as the table's key.
struct ByPosition;

impl Order<PositionRow> for ByPosition {
    type Context = NameList;
    fn compare(_: &NameList, a: &PositionRow, b: &PositionRow) -> Ordering {
        a.cmp(b)
    }
}

/// A `game_materials` row, its signature by number.
#[derive(Clone, Copy)]
struct MaterialRow {
    material: u32,
    game: i64,
    ply: i64,
}

impl Record for MaterialRow {
    const SIZE: usize = 20;
    fn write(&self, out: &mut [u8]) {
        out[..4].copy_from_slice(&self.material.to_le_bytes());
        out[4..12].copy_from_slice(&self.game.to_le_bytes());
        out[12..20].copy_from_slice(&self.ply.to_le_bytes());
    }
    fn read(b: &[u8]) -> Self {
        MaterialRow {
            material: u32_at(b, 0),
            game: i64_at(b, 4),
            ply: i64_at(b, 12),
        }
    }
}

/// By (signature text, game, ply), as the table's key.
struct ByMaterial;

impl Order<MaterialRow> for ByMaterial {
    type Context = NameList;
    fn compare(names: &NameList, a: &MaterialRow, b: &MaterialRow) -> Ordering {
        let text = if a.material == b.material {
            Ordering::Equal
        } else {
            names[a.material as usize].cmp(&names[b.material as usize])
        };
        text.then(a.game.cmp(&b.game)).then(a.ply.cmp(&b.ply))
    }
}

/// The explorer's speed classes in text order, so that comparing indices
/// compares the names as SQLite does.
const SPEEDS: [&str; 7] = [
    "blitz",
    "bullet",
    "classical",
    "correspondence",
    "rapid",
    "ultrabullet",
    "unknown",
];

/// An `opening_moves` cell: a move from a position, for one speed class and
/// rating band, with the games that played it summed.
#[derive(Clone, Copy)]
struct MoveRow {
    position: i64,
    band: i64,
    totals: Totals,
    /// The move in UCI, by number.
    uci: u32,
    /// The latest date, by number; `u32::MAX` for none.
    last_played: u32,
    /// An index into [`SPEEDS`].
    speed: u8,
}

const NO_DATE: u32 = u32::MAX;

impl Record for MoveRow {
    const SIZE: usize = 8 * 9 + 4 + 4 + 1;
    fn write(&self, out: &mut [u8]) {
        let t = &self.totals;
        let ints = [
            self.position,
            self.band,
            t.games,
            t.white_wins,
            t.draws,
            t.black_wins,
            t.elo_sum,
            t.opponent_elo_sum,
            t.elo_count,
        ];
        for (i, v) in ints.iter().enumerate() {
            out[i * 8..i * 8 + 8].copy_from_slice(&v.to_le_bytes());
        }
        out[72..76].copy_from_slice(&self.uci.to_le_bytes());
        out[76..80].copy_from_slice(&self.last_played.to_le_bytes());
        out[80] = self.speed;
    }
    fn read(b: &[u8]) -> Self {
        MoveRow {
            position: i64_at(b, 0),
            band: i64_at(b, 8),
            totals: Totals {
                games: i64_at(b, 16),
                white_wins: i64_at(b, 24),
                draws: i64_at(b, 32),
                black_wins: i64_at(b, 40),
                elo_sum: i64_at(b, 48),
                opponent_elo_sum: i64_at(b, 56),
                elo_count: i64_at(b, 64),
            },
            uci: u32_at(b, 72),
            last_played: u32_at(b, 76),
            speed: b[80],
        }
    }
}

/// By (position, speed, band, move text), as the table's key; equal cells
/// are summed.
struct ByMove;

impl Order<MoveRow> for ByMove {
    type Context = NameList;
    fn compare(names: &NameList, a: &MoveRow, b: &MoveRow) -> Ordering {
        a.position
            .cmp(&b.position)
            .then(a.speed.cmp(&b.speed))
            .then(a.band.cmp(&b.band))
            .then_with(|| {
                if a.uci == b.uci {
                    Ordering::Equal
                } else {
                    names[a.uci as usize].cmp(&names[b.uci as usize])
                }
            })
    }
    fn combine(names: &NameList, a: &mut MoveRow, b: &MoveRow) -> bool {
        a.totals.add(&b.totals);
        let later = match (a.last_played, b.last_played) {
            (_, NO_DATE) => false,
            (NO_DATE, _) => true,
            (x, y) => names[y as usize] > names[x as usize],
        };
        if later {
            a.last_played = b.last_played;
        }
        true
    }
}

/// The rows of the keyed relations for the games added, until
/// [`IndexRows::write`].
pub(crate) struct IndexRows {
    /// `None` when only the explorer's relations are rebuilt.
    positions: Option<SortedRuns<PositionRow, ByPosition>>,
    materials: SortedRuns<MaterialRow, ByMaterial>,
    moves: SortedRuns<MoveRow, ByMove>,
    names: Names,
    /// The material signatures seen, by number.
    signatures: Vec<u32>,
    seen: Vec<bool>,
    dir: PathBuf,
    /// The largest game id added.
    last_game: i64,
}

impl IndexRows {
    /// Collects rows for every relation (`with_positions`) or for the
    /// explorer's alone in about `memory` bytes (positions and opening
    /// moves take nine tenths: a position's row is a third the size of an
    /// opening move's, and there are four times as many), spilling sorted
    /// runs into `dir`.
    pub(crate) fn new(with_positions: bool, memory: usize, dir: &Path) -> IndexRows {
        let tenth = memory / 10;
        IndexRows {
            positions: with_positions.then(|| SortedRuns::new(tenth * 9 / 2, dir)),
            materials: SortedRuns::new(tenth, dir),
            moves: SortedRuns::new(tenth * 9 / 2, dir),
            names: Names::default(),
            signatures: Vec::new(),
            seen: Vec::new(),
            dir: dir.to_owned(),
            last_game: 0,
        }
    }

    /// The largest game id added or passed over (0 before any).
    pub(crate) fn last_game(&self) -> i64 {
        self.last_game
    }

    /// Notes a game passed over (a stored value that no longer decodes).
    fn pass_over(&mut self, game: i64) {
        self.last_game = self.last_game.max(game);
    }

    /// Adds the rows of a stored game: its positions, its changes of
    /// material and its opening moves for the explorer.
    ///
    /// # Errors
    /// An I/O error writing a sorted run.
    pub(crate) fn add_game(&mut self, game: i64, r: &GameRecord) -> Result<()> {
        self.last_game = self.last_game.max(game);
        let names = &self.names.names;
        if let Some(positions) = &mut self.positions {
            for (ply, &key) in r.position_keys.iter().enumerate() {
                let row = PositionRow {
                    key,
                    game,
                    ply: ply as i64,
                };
                if let Err(e) = positions.push(row, names) {
                    return Err(spill_error(&self.dir, e));
                }
            }
        }
        for (ply, material) in &r.materials {
            let id = self.names.id(material);
            let seen = self.seen.get(id as usize).copied().unwrap_or(false);
            if !seen {
                if self.seen.len() <= id as usize {
                    self.seen.resize(id as usize + 1, false);
                }
                self.seen[id as usize] = true;
                self.signatures.push(id);
            }
            let row = MaterialRow {
                material: id,
                game,
                ply: *ply as i64,
            };
            if let Err(e) = self.materials.push(row, &self.names.names) {
                return Err(spill_error(&self.dir, e));
            }
        }
        let speed = speed_class(r.time_control.as_deref());
        let speed = SPEEDS.iter().position(|&s| s == speed).unwrap_or(6) as u8;
        let band = rating_band(r.white_elo, r.black_elo);
        let last_played = r.date.as_deref().map_or(NO_DATE, |d| self.names.id(d));
        for (ply, uci) in r.opening_ucis.iter().enumerate() {
            let Some(&position) = r.position_keys.get(ply) else {
                break;
            };
            // White moves at even plies.
            let ratings = match (r.white_elo, r.black_elo) {
                (Some(w), Some(b)) if ply % 2 == 0 => Some((w, b)),
                (Some(w), Some(b)) => Some((b, w)),
                _ => None,
            };
            let row = MoveRow {
                position,
                band,
                totals: Totals::of_game(&r.result, ratings),
                uci: self.names.id(uci),
                last_played,
                speed,
            };
            if let Err(e) = self.moves.push(row, &self.names.names) {
                return Err(spill_error(&self.dir, e));
            }
        }
        Ok(())
    }

    /// Writes every row into the relations, in key order, in a transaction
    /// of `conn` that runs `prepare` first and `finish` last; `slot` is the
    /// connection's `sqlchess_bulk`.
    ///
    /// For a database file, the explorer's relations are built at the same
    /// time on another core, in a scratch database beside it (its own
    /// connection: SQLite writes one database from one thread, and the
    /// positions alone keep it busy), then copied in (SQLite copies a table
    /// into an empty one of the same shape page by page, without looking
    /// anything up). The scratch database is attached only once it is
    /// complete, so the two connections never wait on each other; the
    /// positions are then committed first, and the copy, with `finish`, in
    /// a second transaction (an import cut off between the two indexes its
    /// games again: the positions already there are passed over).
    ///
    /// # Errors
    /// Any SQLite error, or an I/O error of a sorted run or the scratch
    /// database.
    pub(crate) fn write(
        self,
        conn: &mut Connection,
        slot: &BulkSlot,
        prepare: impl FnOnce(&Connection) -> Result<()>,
        finish: impl FnOnce(&Connection) -> Result<()>,
    ) -> Result<()> {
        let scratch = match conn.path() {
            Some(path) if !path.is_empty() => Some(Scratch::new(&self.dir)),
            _ => None,
        };
        let names: Arc<NameList> = Arc::new(self.names.names);
        let explorer = Explorer {
            materials: self.materials,
            moves: self.moves,
            signatures: self.signatures,
            names: names.clone(),
        };
        let positions = self.positions;
        std::thread::scope(|scope| {
            // The explorer's rows are sorted (and, with a scratch database,
            // written) on another core while SQLite writes the positions
            // on this one.
            let scratch_path = scratch.as_ref().map(|s| s.path.clone());
            let explorer = scope.spawn(move || match scratch_path {
                Some(path) => explorer.build(&path).map(|()| None),
                None => Ok(Some(explorer.sorted())),
            });
            let tx = conn.transaction()?;
            prepare(&tx)?;
            if let Some(positions) = positions {
                if !positions.is_empty() {
                    slot.run(
                        &tx,
                        "INSERT OR IGNORE INTO game_positions(position, game_id, ply)
                           SELECT c0, c1, c2 FROM sqlchess_bulk",
                        Box::new(Stream::new(positions.into_sorted(names.clone()))),
                    )?;
                }
            }
            let sorted = explorer.join().map_err(|_| {
                rusqlite::Error::ModuleError("import: building the explorer's rows failed".into())
            })??;
            match (sorted, &scratch) {
                (Some(sorted), _) => {
                    sorted.write(&tx, slot)?;
                    finish(&tx)?;
                    tx.commit()
                }
                // Built into no database: cannot happen (`None` comes from
                // the scratch build alone).
                (None, None) => Err(rusqlite::Error::ModuleError(
                    "import: the explorer's rows went nowhere".into(),
                )),
                (None, Some(scratch)) => {
                    tx.commit()?;
                    scratch.attach(conn)?;
                    let copied = (|| {
                        let tx = conn.transaction()?;
                        copy_explorer(&tx)?;
                        finish(&tx)?;
                        tx.commit()
                    })();
                    let detached = conn.execute_batch(&format!("DETACH {SCRATCH}"));
                    copied.and(detached)
                }
            }
        })
    }
}

/// The explorer's rows of an [`IndexRows`].
struct Explorer {
    materials: SortedRuns<MaterialRow, ByMaterial>,
    moves: SortedRuns<MoveRow, ByMove>,
    signatures: Vec<u32>,
    names: Arc<NameList>,
}

/// [`Explorer`]'s rows, sorted.
struct SortedExplorer {
    materials: Option<Merged<MaterialRow, ByMaterial>>,
    moves: Option<Merged<MoveRow, ByMove>>,
    signatures: Vec<u32>,
    names: Arc<NameList>,
}

impl Explorer {
    fn sorted(self) -> SortedExplorer {
        let names = self.names;
        let mut signatures = self.signatures;
        signatures.sort_unstable_by(|&a, &b| names[a as usize].cmp(&names[b as usize]));
        SortedExplorer {
            materials: (!self.materials.is_empty())
                .then(|| self.materials.into_sorted(names.clone())),
            moves: (!self.moves.is_empty()).then(|| self.moves.into_sorted(names.clone())),
            signatures,
            names,
        }
    }

    /// Writes the rows into a new database at `path`, which has the
    /// explorer's relations alone.
    fn build(self, path: &Path) -> Result<()> {
        let mut db = Connection::open(path)?;
        // A scratch file: nothing to recover if the process dies.
        db.execute_batch(
            "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144;",
        )?;
        db.execute_batch(crate::explorer::SCHEMA)?;
        let slot = BulkSlot::register(&db)?;
        let sorted = self.sorted();
        let tx = db.transaction()?;
        sorted.write(&tx, &slot)?;
        tx.commit()
    }
}

impl SortedExplorer {
    fn write(self, conn: &Connection, slot: &BulkSlot) -> Result<()> {
        let names = self.names;
        if !self.signatures.is_empty() {
            slot.run(
                conn,
                &crate::explorer::signatures_from("(SELECT c0 AS material FROM sqlchess_bulk)"),
                Box::new(Signatures {
                    ids: self.signatures,
                    at: None,
                    names: names.clone(),
                }),
            )?;
        }
        if let Some(materials) = self.materials {
            slot.run(
                conn,
                "INSERT OR IGNORE INTO game_materials(material, game_id, ply)
                   SELECT c0, c1, c2 FROM sqlchess_bulk",
                Box::new(Stream::new(materials)),
            )?;
        }
        if let Some(moves) = self.moves {
            slot.run(
                conn,
                if empty(conn, "opening_moves")? {
                    crate::explorer::NEW_OPENING_MOVES
                } else {
                    crate::explorer::ADD_OPENING_MOVES
                },
                Box::new(Stream::new(moves)),
            )?;
        }
        Ok(())
    }
}

/// The schema name of the scratch database.
const SCRATCH: &str = "sqlchess_scratch";

/// A scratch database beside the database, removed when dropped.
struct Scratch {
    path: PathBuf,
}

impl Scratch {
    /// A name for this process's scratch database in `dir`, cleared of any
    /// earlier file (and of those that killed imports left).
    fn new(dir: &Path) -> Scratch {
        remove_stale_scratch(dir);
        let path = dir.join(format!(
            ".sqlchess-import-{}-explorer.db",
            std::process::id()
        ));
        let _ = std::fs::remove_file(&path);
        Scratch { path }
    }

    fn attach(&self, conn: &Connection) -> Result<()> {
        conn.execute(
            &format!("ATTACH ?1 AS {SCRATCH}"),
            [self.path.to_string_lossy()],
        )?;
        Ok(())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
        let mut journal = self.path.clone().into_os_string();
        journal.push("-journal");
        let _ = std::fs::remove_file(journal);
    }
}

/// Removes the scratch databases (and their journals) that imports killed
/// before they could detach them left in `dir`: those whose process is
/// gone (on Linux, where `/proc` says so; elsewhere they stay).
fn remove_stale_scratch(dir: &Path) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(".sqlchess-import-"))
            .and_then(|n| n.split_once("-explorer.db"))
            .and_then(|(pid, _)| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Copies the explorer's relations from the scratch database: page by page
/// into an empty table, row by row (in key order) into one with rows.
fn copy_explorer(conn: &Connection) -> Result<()> {
    conn.execute_batch(&format!(
        "INSERT OR IGNORE INTO main.material_signatures SELECT * FROM {SCRATCH}.material_signatures;
         INSERT OR IGNORE INTO main.game_materials SELECT * FROM {SCRATCH}.game_materials;"
    ))?;
    let moves = if empty(conn, "main.opening_moves")? {
        format!("INSERT INTO main.opening_moves SELECT * FROM {SCRATCH}.opening_moves")
    } else {
        crate::explorer::ADD_OPENING_MOVES.replace(
            "SELECT c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11 FROM sqlchess_bulk",
            &format!("SELECT * FROM {SCRATCH}.opening_moves"),
        )
    };
    conn.execute_batch(&moves)
}

/// Whether `table` has no rows.
fn empty(conn: &Connection, table: &str) -> Result<bool> {
    conn.query_row(
        &format!("SELECT NOT EXISTS(SELECT 1 FROM {table})"),
        [],
        |r| r.get(0),
    )
}

/// How a row fills `sqlchess_bulk`'s columns.
trait Columns {
    fn column(&self, names: &NameList, col: usize, ctx: &mut Context) -> Result<()>;
}

impl Columns for PositionRow {
    fn column(&self, _: &NameList, col: usize, ctx: &mut Context) -> Result<()> {
        ctx.set_result(&[self.key, self.game, self.ply].get(col).copied())
    }
}

impl Columns for MaterialRow {
    fn column(&self, names: &NameList, col: usize, ctx: &mut Context) -> Result<()> {
        match col {
            0 => ctx.set_result(&&*names[self.material as usize]),
            1 => ctx.set_result(&self.game),
            2 => ctx.set_result(&self.ply),
            _ => ctx.set_result(&rusqlite::types::Null),
        }
    }
}

impl Columns for MoveRow {
    fn column(&self, names: &NameList, col: usize, ctx: &mut Context) -> Result<()> {
        match col {
            0 => ctx.set_result(&self.position),
            1 => ctx.set_result(&SPEEDS[self.speed as usize]),
            2 => ctx.set_result(&self.band),
            3 => ctx.set_result(&&*names[self.uci as usize]),
            4 => ctx.set_result(&self.totals.games),
            5 => ctx.set_result(&self.totals.white_wins),
            6 => ctx.set_result(&self.totals.draws),
            7 => ctx.set_result(&self.totals.black_wins),
            8 => ctx.set_result(&self.totals.elo_sum),
            9 => ctx.set_result(&self.totals.opponent_elo_sum),
            10 => ctx.set_result(&self.totals.elo_count),
            11 if self.last_played != NO_DATE => {
                ctx.set_result(&&*names[self.last_played as usize])
            }
            _ => ctx.set_result(&rusqlite::types::Null),
        }
    }
}

/// A merged stream of sorted rows as `sqlchess_bulk` rows.
struct Stream<T: Record, O: Order<T, Context = NameList>> {
    merged: Merged<T, O>,
    row: Option<T>,
}

impl<T: Record, O: Order<T, Context = NameList>> Stream<T, O> {
    fn new(merged: Merged<T, O>) -> Self {
        Stream { merged, row: None }
    }
}

impl<T, O> BulkRows for Stream<T, O>
where
    T: Record + Columns + Send,
    O: Order<T, Context = NameList> + Send,
{
    fn advance(&mut self) -> std::result::Result<bool, String> {
        self.row = self.merged.next();
        match self.merged.take_error() {
            Some(e) => Err(e.to_string()),
            None => Ok(self.row.is_some()),
        }
    }

    fn column(&self, col: usize, ctx: &mut Context) -> Result<()> {
        match &self.row {
            Some(row) => row.column(self.merged.context(), col, ctx),
            None => ctx.set_result(&rusqlite::types::Null),
        }
    }
}

/// The distinct material signatures, as `sqlchess_bulk` rows.
struct Signatures {
    ids: Vec<u32>,
    at: Option<usize>,
    names: Arc<NameList>,
}

impl BulkRows for Signatures {
    fn advance(&mut self) -> std::result::Result<bool, String> {
        let next = self.at.map_or(0, |i| i + 1);
        self.at = Some(next);
        Ok(next < self.ids.len())
    }

    fn column(&self, col: usize, ctx: &mut Context) -> Result<()> {
        match self.at.and_then(|i| self.ids.get(i)) {
            Some(&id) if col == 0 => ctx.set_result(&&*self.names[id as usize]),
            _ => ctx.set_result(&rusqlite::types::Null),
        }
    }
}

/// Adds the rows of every stored game with an id above `after` (all of
/// them for 0), rebuilt from its game value: what an interrupted import
/// stored but did not index, or what `explore --rebuild` indexes anew.
///
/// # Errors
/// Any SQLite error, or an I/O error writing a sorted run.
pub(crate) fn add_stored_games(conn: &Connection, rows: &mut IndexRows, after: i64) -> Result<u64> {
    let mut stmt = conn.prepare(
        "SELECT id, game, result, white_elo, black_elo, date, time_control FROM games
         WHERE id > ?1 ORDER BY id",
    )?;
    let mut found = stmt.query(params![after])?;
    let mut n = 0;
    while let Some(r) = found.next()? {
        let (id, bytes): (i64, Vec<u8>) = (r.get(0)?, r.get(1)?);
        let Ok(game) = sqlchess_pgn::GameValue::decode(&bytes) else {
            rows.pass_over(id);
            continue;
        };
        let record = crate::explorer::record_of(
            &game,
            r.get(2)?,
            r.get(3)?,
            r.get(4)?,
            r.get(5)?,
            r.get(6)?,
        );
        rows.add_game(id, &record)?;
        n += 1;
    }
    Ok(n)
}
