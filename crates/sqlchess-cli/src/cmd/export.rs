//! `sqlchess export`: stored games as PGN on standard output.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use sqlchess_pgn::record::parse_tags_json;
use sqlchess_pgn::{write_game, GameValue};
use sqlchess_sqlite::rusqlite::{Connection, OpenFlags};

/// Arguments of `sqlchess export`.
#[derive(clap::Args)]
pub struct Args {
    /// The SQLite database to read.
    #[arg(long, default_value = "sqlchess.db", value_name = "FILE")]
    db: PathBuf,
    /// An SQL condition on the `games` table (`white = 'Carlsen'`).
    #[arg(long = "where", value_name = "CONDITION")]
    condition: Option<String>,
    /// Only games of this variant.
    #[arg(long)]
    variant: Option<String>,
}

/// Writes the selected games, in import order.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let conn = Connection::open_with_flags(&args.db, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .with_context(|| format!("cannot open database {}", args.db.display()))?;
    sqlchess_sqlite::register(&conn)?;
    let mut sql = "SELECT game, tags FROM games WHERE (?1 IS NULL OR variant = ?1)".to_owned();
    if let Some(cond) = &args.condition {
        sql.push_str(&format!(" AND ({cond})"));
    }
    sql.push_str(" ORDER BY id");
    let mut stmt = conn.prepare(&sql).context("in --where")?;
    let mut rows = stmt.query([args.variant.as_deref()])?;
    let mut n = 0u64;
    while let Some(row) = rows.next()? {
        let bytes: Vec<u8> = row.get(0)?;
        let tags: Option<String> = row.get(1)?;
        let game = GameValue::decode(&bytes).context("a stored game")?;
        let tags = tags.and_then(|t| parse_tags_json(&t)).unwrap_or_default();
        write_game(out, &game.to_pgn_game(&tags))?;
        writeln!(out)?;
        n += 1;
    }
    eprintln!("{n} games exported");
    Ok(ExitCode::SUCCESS)
}
