//! `sqlchess`: chess and fairy chess from the command line.
//!
//! Results go to standard output, one per line; errors, progress and logs
//! to standard error. Exit status: 0 success, 1 a negative answer or bad
//! input (invalid position, illegal move), 2 usage or I/O error.

#![forbid(unsafe_code)]

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cmd;
mod progress;
mod record;
mod rules;

/// Chess and fairy chess that thinks in sets.
#[derive(Parser)]
#[command(name = "sqlchess", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (the last line is the count).
    Perft(cmd::perft::Args),
    /// Print the legal moves of a position, one a line, in UCI notation.
    Moves(cmd::moves::Args),
    /// List the built-in variants, one name a line (with --variants-file,
    /// the file's variants, then the sections refused and why).
    Variants(cmd::variants::Args),
    /// List the built-in pieces: name and notation.
    Pieces(cmd::pieces::Args),
    /// Run SQL with every sqlchess table and function (no QUERY: a shell).
    Sql(cmd::sql::Args),
    /// Search a position; the last line is `bestmove <uci>`.
    Bestmove(cmd::bestmove::Args),
    /// Play a game against itself and print it; the last line is the result.
    Selfplay(cmd::selfplay::Args),
    /// Speak the UCI protocol on standard input and output.
    Uci(cmd::uci::Args),
    /// Puzzles: non-attacking placements (`place`) and leaper tours (`tour`).
    Puzzle(cmd::puzzle::Args),
    /// Draw a position as SVG or as a Unicode text board.
    Render(cmd::render::Args),
    /// Play a game against the engine in the terminal.
    Play(cmd::play::Args),
    /// Import PGN files into the games relations of a database.
    Import(cmd::import::Args),
    /// Write stored games as PGN to standard output.
    Export(cmd::export::Args),
    /// Serve the opening explorer page on 127.0.0.1 (prints its URL first).
    Explore(cmd::explore::Args),
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let code = match cli.command {
        Command::Perft(args) => cmd::perft::run(args, &mut out)?,
        Command::Moves(args) => cmd::moves::run(args, &mut out)?,
        Command::Variants(args) => cmd::variants::run(args, &mut out)?,
        Command::Pieces(args) => cmd::pieces::run(args, &mut out)?,
        Command::Sql(args) => cmd::sql::run(args, &mut out)?,
        Command::Bestmove(args) => cmd::bestmove::run(args, &mut out)?,
        Command::Selfplay(args) => cmd::selfplay::run(args, &mut out)?,
        Command::Uci(args) => cmd::uci::run(args, &mut out)?,
        Command::Puzzle(args) => cmd::puzzle::run(args, &mut out)?,
        Command::Render(args) => cmd::render::run(args, &mut out)?,
        Command::Play(args) => cmd::play::run(args, &mut out)?,
        Command::Import(args) => cmd::import::run(args, &mut out)?,
        Command::Export(args) => cmd::export::run(args, &mut out)?,
        Command::Explore(args) => cmd::explore::run(args, &mut out)?,
    };
    out.flush()?;
    Ok(code)
}

/// Whether `err` comes from input or output rather than from what was
/// asked: a file or database that cannot be opened, read or written.
fn is_io(err: &anyhow::Error) -> bool {
    use sqlchess_sqlite::rusqlite::{Error, ErrorCode};
    err.chain().any(|e| {
        e.is::<io::Error>()
            || matches!(
                e.downcast_ref::<Error>(),
                Some(Error::SqliteFailure(f, _)) if matches!(
                    f.code,
                    ErrorCode::CannotOpen | ErrorCode::SystemIoFailure | ErrorCode::DiskFull
                        | ErrorCode::ReadOnly | ErrorCode::PermissionDenied
                )
            )
    })
}

/// The error and its causes, each said once: a cause whose text the message
/// already holds (rusqlite repeats SQLite's message, which repeats a
/// function's error) is left out, and so is SQLite's generic description of
/// its result code after a message.
fn message(err: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in err.chain() {
        let said = cause.to_string();
        let generic = cause.is::<sqlchess_sqlite::rusqlite::ffi::Error>();
        if said.is_empty() || text.contains(&said) || (generic && !text.is_empty()) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&said);
    }
    text
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(err) => {
            let broken_pipe = err.chain().any(|e| {
                e.downcast_ref::<io::Error>()
                    .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            });
            if broken_pipe {
                return ExitCode::SUCCESS;
            }
            eprintln!("sqlchess: {}", message(&err));
            if is_io(&err) {
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
    }
}
