//! `sqlchess import`: PGN files into the `games` and `game_positions`
//! relations of an SQLite database (or, with `--postgres`, of the sqlchess
//! extension in PostgreSQL: [`super::import_pg`]), checked on every core,
//! resumable, with every rejected game written verbatim to a rejects file.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use sqlchess_pgn::{open_pgn, read_games, ReadGame};
use sqlchess_sqlite::games::{Imported, Importer};
use sqlchess_sqlite::rusqlite::Connection;

use super::import_pg::{self, PgImporter};
use crate::progress;

/// Arguments of `sqlchess import`.
#[derive(clap::Args)]
pub struct Args {
    /// The SQLite database to import into (created if missing).
    #[arg(long, default_value = "sqlchess.db", value_name = "FILE")]
    db: PathBuf,
    /// A PostgreSQL database to import into instead, as a connection URL or
    /// `key=value` string (`postgresql://user@localhost/db`,
    /// `host=/var/run/postgresql dbname=chess`); no TLS. The sqlchess
    /// extension is created there if missing.
    #[arg(long, value_name = "URL", conflicts_with = "db")]
    postgres: Option<String>,
    /// Where rejected games go, verbatim (default: the database's name with
    /// `.rejects.pgn`; `sqlchess-postgres.rejects.pgn` with `--postgres`).
    #[arg(long, value_name = "FILE")]
    rejects: Option<PathBuf>,
    /// Worker threads checking moves (default: every core).
    #[arg(long, value_name = "N")]
    jobs: Option<usize>,
    /// Memory for sorting the position index (SQLite), in MiB; past it,
    /// sorted runs go to temporary files beside the database (default: 40 %
    /// of the machine's memory).
    #[arg(long, value_name = "MIB",
          value_parser = clap::value_parser!(u64).range(16..=1 << 24))]
    sort_memory: Option<u64>,
    /// PGN files: `.pgn`, `.pgn.gz`, `.pgn.zst`, `.pgn.bz2`.
    #[arg(required = true, value_name = "PGN")]
    files: Vec<PathBuf>,
}

/// Counts for the summary.
#[derive(Default)]
struct Tally {
    read: u64,
    imported: u64,
    rejected: u64,
    already: u64,
    /// Rejections by the start of their reason (after the game's number).
    reasons: BTreeMap<String, u64>,
}

/// The kind of a rejection: its reason without the game's place and the
/// move's text (`illegal move`, `invalid FEN tag`, `unknown variant`, …).
fn reason_kind(error: &str) -> String {
    let rest = error.split_once("): ").map_or(error, |(_, r)| r);
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ' ');
    let rest = rest.strip_prefix("move ").unwrap_or(rest);
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ' ');
    rest.split(['"', ':', '('])
        .next()
        .unwrap_or(rest)
        .trim()
        .to_owned()
}

/// Where the games go.
enum Target {
    Sqlite(Connection),
    Postgres(postgres::Client),
}

/// The importer of one file, in either database.
enum FileImporter<'c> {
    Sqlite(Box<Importer<'c>>),
    Postgres(PgImporter<'c>),
}

impl FileImporter<'_> {
    fn already_read(&self) -> u64 {
        match self {
            FileImporter::Sqlite(i) => i.already_read(),
            FileImporter::Postgres(i) => i.already_read(),
        }
    }

    fn is_complete(&self) -> bool {
        match self {
            FileImporter::Sqlite(i) => i.is_complete(),
            FileImporter::Postgres(i) => i.is_complete(),
        }
    }

    fn add(&mut self, game: ReadGame) -> std::io::Result<Imported> {
        match self {
            FileImporter::Sqlite(i) => i.add(game).map_err(std::io::Error::other),
            FileImporter::Postgres(i) => i.add(game).map_err(std::io::Error::other),
        }
    }

    fn commit(&mut self, complete: bool) -> anyhow::Result<()> {
        match self {
            FileImporter::Sqlite(i) => Ok(i.commit(complete)?),
            FileImporter::Postgres(i) => Ok(i.commit(complete)?),
        }
    }
}

/// Imports every file; exit 0 when every game was imported, 1 when some
/// were rejected.
pub fn run(args: Args, _out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    let (mut target, target_name) = match &args.postgres {
        Some(url) => {
            let mut client = import_pg::connect(url)
                .with_context(|| "cannot connect to PostgreSQL".to_owned())?;
            if !import_pg::is_current(&mut client)? {
                anyhow::bail!(
                    "the sqlchess extension in this database predates material_signatures: \
                     dump the games, DROP EXTENSION sqlchess CASCADE, and import again \
                     (crates/sqlchess-pg/README.md)"
                );
            }
            (Target::Postgres(client), "PostgreSQL".to_owned())
        }
        None => {
            let conn = Connection::open(&args.db)
                .with_context(|| format!("cannot open database {}", args.db.display()))?;
            // Bulk loading: a large page cache, write-ahead log, commits that
            // do not wait for the disk (a crash loses at most the last batch,
            // which the next run imports again: progress is committed with
            // the games).
            conn.execute_batch(
                "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                 PRAGMA cache_size = -1000000; PRAGMA temp_store = MEMORY;",
            )
            .with_context(|| format!("cannot set up database {}", args.db.display()))?;
            (Target::Sqlite(conn), args.db.display().to_string())
        }
    };
    let sort_memory = args
        .sort_memory
        .map_or_else(sqlchess_sqlite::games::default_sort_memory, |mib| {
            usize::try_from(mib << 20).unwrap_or(usize::MAX)
        });
    let rejects_path = args.rejects.clone().unwrap_or_else(|| {
        if args.postgres.is_some() {
            return PathBuf::from("sqlchess-postgres.rejects.pgn");
        }
        let mut p = args.db.clone().into_os_string();
        p.push(".rejects.pgn");
        PathBuf::from(p)
    });
    let mut rejects: Option<BufWriter<File>> = None;
    let mut total = Tally::default();
    let started = Instant::now();
    for path in &args.files {
        let meta =
            std::fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?;
        let name = std::fs::canonicalize(path)
            .unwrap_or_else(|_| path.clone())
            .to_string_lossy()
            .into_owned();
        let input = open_pgn(path).with_context(|| format!("cannot read {}", path.display()))?;
        let plain = path.extension().is_some_and(|e| e == "pgn");
        let bar = progress::bytes(if plain { meta.len() } else { 0 }, &short(path));
        let mut importer = match &mut target {
            Target::Sqlite(conn) => {
                { Importer::with_sort_memory(conn, &name, meta.len(), 2000, sort_memory) }
                    .map(|i| FileImporter::Sqlite(Box::new(i)))
                    .with_context(|| format!("cannot import into {target_name}"))?
            }
            Target::Postgres(client) => PgImporter::new(client, &name, meta.len(), 5000)
                .map(FileImporter::Postgres)
                .with_context(|| format!("cannot import into {target_name}"))?,
        };
        if importer.is_complete() {
            bar.finish_and_clear();
            eprintln!(
                "{}: already imported ({} games)",
                path.display(),
                importer.already_read()
            );
            total.already += importer.already_read();
            continue;
        }
        let mut tally = Tally::default();
        let file_start = Instant::now();
        read_games(input, jobs, true, |mut game| {
            tally.read += 1;
            let offset = game.offset;
            // The verbatim text matters only for a rejected game; the
            // importer stores the row.
            let raw = std::mem::take(&mut game.raw);
            let error = game.record.error.clone();
            match importer.add(game)? {
                Imported::Stored => tally.imported += 1,
                Imported::AlreadyIn => tally.already += 1,
                Imported::Rejected => {
                    tally.rejected += 1;
                    let reason = error.unwrap_or_else(|| "no game".to_owned());
                    *tally.reasons.entry(reason_kind(&reason)).or_default() += 1;
                    if tally.rejected <= 5 {
                        bar.suspend(|| eprintln!("sqlchess: {}: {reason}", path.display()));
                    }
                    let w = match &mut rejects {
                        Some(w) => w,
                        None => rejects.insert(BufWriter::new(
                            std::fs::OpenOptions::new()
                                .create(true)
                                .append(true)
                                .open(&rejects_path)?,
                        )),
                    };
                    w.write_all(&raw)?;
                    w.write_all(b"\n\n")?;
                }
            }
            bar.set_position(offset);
            if tally.read % 1000 == 0 {
                let secs = file_start.elapsed().as_secs_f64().max(1e-3);
                bar.set_prefix(format!("{:.0} games/s", tally.read as f64 / secs));
            }
            Ok(true)
        })
        .with_context(|| format!("cannot read {}", path.display()))?;
        let read_secs = file_start.elapsed().as_secs_f64();
        // Writing the sorted index can take a minute for millions of games.
        bar.set_message(format!("{}: writing the position index", short(path)));
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        importer
            .commit(true)
            .with_context(|| format!("cannot import into {target_name}"))?;
        bar.finish_and_clear();
        let secs = file_start.elapsed().as_secs_f64();
        eprintln!(
            "{}: {} games read, {} imported, {} rejected, {} already in \
             ({:.1} s, {:.0} games/s: read and stored in {:.1} s, indexed in {:.1} s)",
            path.display(),
            tally.read,
            tally.imported,
            tally.rejected,
            tally.already,
            secs,
            tally.read as f64 / secs.max(1e-3),
            read_secs,
            secs - read_secs,
        );
        total.read += tally.read;
        total.imported += tally.imported;
        total.rejected += tally.rejected;
        total.already += tally.already;
        for (k, v) in tally.reasons {
            *total.reasons.entry(k).or_default() += v;
        }
    }
    if let Some(mut w) = rejects {
        w.flush()?;
    }
    eprintln!(
        "total: {} games read, {} imported, {} rejected, {} already in, {:.1} s",
        total.read,
        total.imported,
        total.rejected,
        total.already,
        started.elapsed().as_secs_f64()
    );
    if total.rejected > 0 {
        for (reason, n) in &total.reasons {
            eprintln!("  rejected {n}: {reason}");
        }
        eprintln!("rejected games written to {}", rejects_path.display());
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

fn short(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}
