//! `sqlchess sql`: SQL on the embedded SQLite database with every sqlchess
//! table and function registered.
//!
//! With a QUERY, every statement runs in order and the rows of each one
//! that returns rows are printed (separated by a blank line); output is
//! held back until the whole QUERY has succeeded, so a failed command prints
//! nothing on standard output. Rows print as CSV with `--csv`, as aligned
//! tables on a terminal, and tab-separated (header first) when piped.
//! Without a QUERY, an interactive shell with line editing and history.
//!
//! Ctrl-C cancels the running statement (SQLite's interrupt, which `perft`
//! reads too) with an `interrupted` error instead of ending the process; the
//! shell then goes on, and a QUERY ends with that error.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;
use rustyline::error::ReadlineError;
use sqlchess_sqlite::rusqlite::Connection;
use sqlchess_sqlite::Format;

/// Arguments of `sqlchess sql`.
#[derive(clap::Args)]
pub struct Args {
    /// Database file, created if missing (default: a fresh in-memory database).
    /// sqlchess's own tables live in the temporary schema and are not written to it.
    #[arg(long, value_name = "FILE")]
    db: Option<PathBuf>,
    /// Print CSV: a header line, then comma-separated rows.
    #[arg(long)]
    csv: bool,
    /// SQL to run; several statements separated by `;` are allowed. Without
    /// it, an interactive shell.
    query: Option<String>,
}

/// Runs the query, or the shell.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let conn = match &args.db {
        Some(path) => sqlchess_sqlite::open(path)
            .with_context(|| format!("cannot open database {}", path.display()))?,
        None => sqlchess_sqlite::open_in_memory()?,
    };
    cancel_on_ctrl_c(&conn)?;
    let format = if args.csv {
        Format::Csv
    } else if io::stdout().is_terminal() {
        Format::Table
    } else {
        Format::Tsv
    };
    match args.query {
        Some(query) => {
            let mut buf = Vec::new();
            sqlchess_sqlite::run(&conn, &query, format, &mut buf)?;
            out.write_all(&buf)?;
            Ok(ExitCode::SUCCESS)
        }
        None => shell(&conn, format, out),
    }
}

/// Makes Ctrl-C (SIGINT) interrupt the statement running on `conn` instead
/// of ending the process. At an interactive prompt the line editor reads
/// Ctrl-C itself (it clears the line).
fn cancel_on_ctrl_c(conn: &Connection) -> anyhow::Result<()> {
    let handle = conn.get_interrupt_handle();
    ctrlc::set_handler(move || handle.interrupt()).context("cannot install the Ctrl-C handler")?;
    Ok(())
}

const HELP: &str = "Enter SQL statements ending with `;`. Commands: .tables, .help, .quit
Tables: board, all_moves, piece_moves, piece_path; table-valued: legal_moves(fen [, variant]),
piece_geometry(piece [, width, height]). Functions: apply_move, validate_move, is_check,
is_checkmate, is_stalemate, game_status, perft, zobrist. See docs/sql.md.";

fn history_file() -> Option<PathBuf> {
    std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".sqlchess_history"))
}

/// A read-eval-print loop: statements may span lines and end with `;`.
/// Errors are reported on standard error and the shell goes on.
fn shell(conn: &Connection, format: Format, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let mut editor = rustyline::DefaultEditor::new()?;
    let history = history_file();
    if let Some(path) = &history {
        // A missing history file is normal on first use.
        let _ = editor.load_history(path);
    }
    let interactive = io::stdin().is_terminal();
    if interactive {
        eprintln!("sqlchess SQL shell; `.help` for help, `.quit` or Ctrl-D to leave.");
    }
    let mut pending = String::new();
    loop {
        let prompt = if pending.is_empty() {
            "sqlchess> "
        } else {
            "     ...> "
        };
        let line = match editor.readline(prompt) {
            Ok(line) => line,
            Err(ReadlineError::Interrupted) => {
                pending.clear();
                continue;
            }
            Err(ReadlineError::Eof) => break,
            Err(err) => return Err(err.into()),
        };
        let trimmed = line.trim();
        if pending.is_empty() && trimmed.starts_with('.') {
            let _ = editor.add_history_entry(trimmed);
            match trimmed {
                ".quit" | ".exit" => break,
                ".help" => eprintln!("{HELP}"),
                ".tables" => execute(
                    conn,
                    "SELECT name FROM sqlite_temp_master WHERE type = 'table' \
                     UNION ALL SELECT name FROM sqlite_master WHERE type IN ('table', 'view') \
                     UNION ALL SELECT 'legal_moves(fen [, variant])' \
                     UNION ALL SELECT 'piece_geometry(piece [, width, height])' ORDER BY 1",
                    format,
                    out,
                )?,
                other => eprintln!("sqlchess: unknown command {other:?}; try .help"),
            }
            continue;
        }
        if !pending.is_empty() {
            pending.push('\n');
        }
        pending.push_str(&line);
        if pending.trim_end().ends_with(';') {
            let sql = std::mem::take(&mut pending);
            let _ = editor.add_history_entry(sql.trim());
            execute(conn, &sql, format, out)?;
        }
    }
    if !pending.trim().is_empty() {
        execute(conn, &pending, format, out)?;
    }
    if let Some(path) = &history {
        if interactive {
            // Losing the history is not worth failing the session for.
            let _ = editor.save_history(path);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs one input of the shell; SQL errors go to standard error, output
/// errors end the shell.
fn execute(
    conn: &Connection,
    sql: &str,
    format: Format,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let mut buf = Vec::new();
    let result = sqlchess_sqlite::run(conn, sql, format, &mut buf);
    out.write_all(&buf)?;
    out.flush()?;
    if let Err(err) = result {
        match err {
            sqlchess_sqlite::RunError::Io(err) => return Err(err.into()),
            err => eprintln!("sqlchess: {err}"),
        }
    }
    Ok(())
}
