//! `sqlchess import --postgres URL`: the games into the sqlchess
//! extension's relations in PostgreSQL (`CREATE EXTENSION sqlchess` is run
//! when missing), with binary `COPY`: games, then their positions,
//! material signatures and opening moves into the extension's staging
//! tables, which `merge_staged_games()` moves into the keyed relations in
//! key order when a file is complete. Progress is committed with the games
//! in `pgn_files`, as in SQLite, so an interrupted import resumes.

use std::error::Error;

use bytes::{BufMut, BytesMut};
use postgres::binary_copy::BinaryCopyInWriter;
use postgres::types::{to_sql_checked, IsNull, ToSql, Type};
use postgres::{Client, NoTls, Transaction};
use sqlchess_pgn::ReadGame;
use sqlchess_sqlite::games::Imported;

/// A `gamevalue` in binary form: the game value's bytes.
#[derive(Debug)]
struct GameValueBytes<'a>(&'a [u8]);

impl ToSql for GameValueBytes<'_> {
    fn to_sql(&self, _: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        out.put_slice(self.0);
        Ok(IsNull::No)
    }

    fn accepts(ty: &Type) -> bool {
        ty.name() == "gamevalue"
    }

    to_sql_checked!();
}

/// A `jsonb` in binary form: version 1, then the JSON text.
#[derive(Debug)]
struct Jsonb<'a>(&'a str);

impl ToSql for Jsonb<'_> {
    fn to_sql(&self, _: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        out.put_u8(1);
        out.put_slice(self.0.as_bytes());
        Ok(IsNull::No)
    }

    fn accepts(ty: &Type) -> bool {
        *ty == Type::JSONB
    }

    to_sql_checked!();
}

/// Connects (no TLS: a local server, or a Unix socket) and makes sure the
/// extension is there.
///
/// # Errors
/// If the server cannot be reached or the extension cannot be created.
pub fn connect(url: &str) -> Result<Client, postgres::Error> {
    let mut client = Client::connect(url, NoTls)?;
    client.batch_execute(
        "SET client_min_messages = warning; CREATE EXTENSION IF NOT EXISTS sqlchess",
    )?;
    Ok(client)
}

/// Whether the database's extension has every relation this import fills
/// (`material_signatures` came later than the others; an extension created
/// before it has no upgrade script, see crates/sqlchess-pg/README.md).
///
/// # Errors
/// Any PostgreSQL error.
pub fn is_current(client: &mut Client) -> Result<bool, postgres::Error> {
    let row = client.query_one("SELECT to_regclass('material_signatures') IS NOT NULL", &[])?;
    Ok(row.get(0))
}

/// Imports the games of one PGN file, as `sqlchess_sqlite::games::Importer`
/// does into SQLite.
pub struct PgImporter<'c> {
    client: &'c mut Client,
    file_id: i64,
    complete: bool,
    skip: u64,
    batch: usize,
    pending: Vec<ReadGame>,
    game_type: Type,
}

impl<'c> PgImporter<'c> {
    /// The record of the file `path` of `size` bytes in `pgn_files`.
    ///
    /// # Errors
    /// Any PostgreSQL error.
    pub fn new(
        client: &'c mut Client,
        path: &str,
        size: u64,
        batch: usize,
    ) -> Result<PgImporter<'c>, postgres::Error> {
        let size = size as i64;
        client.execute(
            "INSERT INTO pgn_files (path, size) VALUES ($1, $2) ON CONFLICT (path, size) DO NOTHING",
            &[&path, &size],
        )?;
        let row = client.query_one(
            "SELECT id, games_read, complete FROM pgn_files WHERE path = $1 AND size = $2",
            &[&path, &size],
        )?;
        let game_type = client.prepare("SELECT NULL::gamevalue")?.columns()[0]
            .type_()
            .clone();
        let complete: bool = row.get(2);
        if complete {
            // Rows staged by a run that stopped before its merge.
            client.batch_execute("SELECT merge_staged_games()")?;
        }
        Ok(PgImporter {
            client,
            file_id: row.get(0),
            skip: row.get::<_, i64>(1) as u64,
            complete,
            batch: batch.max(1),
            pending: Vec::new(),
            game_type,
        })
    }

    /// Games of this file imported by an earlier run.
    pub fn already_read(&self) -> u64 {
        self.skip
    }

    /// Whether an earlier run imported the whole file.
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// Offers the next game of the file, in file order.
    ///
    /// # Errors
    /// Any PostgreSQL error of a commit.
    pub fn add(&mut self, game: ReadGame) -> Result<Imported, postgres::Error> {
        if game.record.game_no <= self.skip {
            return Ok(Imported::AlreadyIn);
        }
        let rejected = game.record.error.is_some() || game.record.game.is_none();
        self.pending.push(game);
        if self.pending.len() >= self.batch {
            self.commit(false)?;
        }
        Ok(if rejected {
            Imported::Rejected
        } else {
            Imported::Stored
        })
    }

    /// Writes what is pending in one transaction with the file's progress;
    /// `complete` marks the file done and merges the staged rows.
    ///
    /// # Errors
    /// Any PostgreSQL error.
    pub fn commit(&mut self, complete: bool) -> Result<(), postgres::Error> {
        let mut tx = self.client.transaction()?;
        let last = write_batch(&mut tx, &self.game_type, self.file_id, &self.pending)?;
        let read = last.max(self.skip);
        tx.execute(
            "UPDATE pgn_files SET games_read = $2, complete = $3 WHERE id = $1",
            &[&self.file_id, &(read as i64), &complete],
        )?;
        tx.commit()?;
        self.skip = read;
        self.pending.clear();
        if complete {
            self.client.batch_execute("SELECT merge_staged_games()")?;
        }
        Ok(())
    }
}

/// Copies the good games of `batch` and their staged rows; returns the last
/// game number seen.
fn write_batch(
    tx: &mut Transaction<'_>,
    game_type: &Type,
    file_id: i64,
    batch: &[ReadGame],
) -> Result<u64, postgres::Error> {
    let last = batch.last().map_or(0, |g| g.record.game_no);
    let good: Vec<&ReadGame> = batch
        .iter()
        .filter(|g| g.record.error.is_none() && g.record.game.is_some())
        .collect();
    if good.is_empty() {
        return Ok(last);
    }
    // One importer at a time numbers the games.
    tx.batch_execute("LOCK TABLE games IN SHARE ROW EXCLUSIVE MODE")?;
    let first: i64 = tx
        .query_one("SELECT coalesce(max(id), 0) + 1 FROM games", &[])?
        .get(0);
    let t = Type::TEXT;
    let types = [
        Type::INT8,
        Type::INT8,
        Type::INT8,
        t.clone(),
        t.clone(),
        t.clone(),
        t.clone(),
        t.clone(),
        t.clone(),
        t.clone(),
        Type::INT4,
        Type::INT4,
        t.clone(),
        t.clone(),
        t.clone(),
        t.clone(),
        t.clone(),
        t.clone(),
        game_type.clone(),
        Type::INT4,
        t.clone(),
        Type::JSONB,
    ];
    let sink = tx.copy_in(
        "COPY games (id, file_id, game_no, event, site, date, round, white, black, result, \
         white_elo, black_elo, eco, opening, time_control, termination, variant, fen, game, \
         ply_count, final_fen, tags) FROM STDIN (FORMAT binary)",
    )?;
    let mut w = BinaryCopyInWriter::new(sink, &types);
    let elo = |e: Option<i64>| e.and_then(|e| i32::try_from(e).ok());
    for (i, g) in good.iter().enumerate() {
        let r = &g.record;
        let id = first + i as i64;
        let value = GameValueBytes(r.game.as_deref().unwrap_or_default());
        w.write(&[
            &id,
            &file_id,
            &(r.game_no as i64),
            &r.event,
            &r.site,
            &r.date,
            &r.round,
            &r.white,
            &r.black,
            &r.result,
            &elo(r.white_elo),
            &elo(r.black_elo),
            &r.eco,
            &r.opening,
            &r.time_control,
            &r.termination,
            &r.variant,
            &r.fen,
            &value,
            &(i32::try_from(r.ply_count).unwrap_or(i32::MAX)),
            &r.final_fen,
            &Jsonb(&r.tags),
        ])?;
    }
    w.finish()?;
    let sink =
        tx.copy_in("COPY staged_positions (position, game_id, ply) FROM STDIN (FORMAT binary)")?;
    let mut w = BinaryCopyInWriter::new(sink, &[Type::INT8, Type::INT8, Type::INT4]);
    for (i, g) in good.iter().enumerate() {
        let id = first + i as i64;
        for (ply, key) in g.record.position_keys.iter().enumerate() {
            w.write(&[key, &id, &(ply as i32)])?;
        }
    }
    w.finish()?;
    let sink =
        tx.copy_in("COPY staged_materials (material, game_id, ply) FROM STDIN (FORMAT binary)")?;
    let mut w = BinaryCopyInWriter::new(sink, &[Type::TEXT, Type::INT8, Type::INT4]);
    for (i, g) in good.iter().enumerate() {
        let id = first + i as i64;
        for (ply, material) in &g.record.materials {
            w.write(&[material, &id, &(*ply as i32)])?;
        }
    }
    w.finish()?;
    let sink =
        tx.copy_in("COPY staged_moves (position, game_id, ply, uci) FROM STDIN (FORMAT binary)")?;
    let mut w = BinaryCopyInWriter::new(sink, &[Type::INT8, Type::INT8, Type::INT4, Type::TEXT]);
    for (i, g) in good.iter().enumerate() {
        let id = first + i as i64;
        let r = &g.record;
        for (ply, (uci, key)) in r.opening_ucis.iter().zip(&r.position_keys).enumerate() {
            w.write(&[key, &id, &(ply as i32), uci])?;
        }
    }
    w.finish()?;
    Ok(last)
}
