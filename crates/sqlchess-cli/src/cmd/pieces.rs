//! `sqlchess pieces`: the built-in pieces.

use std::io::Write;
use std::process::ExitCode;

/// Arguments of `sqlchess pieces`.
#[derive(clap::Args)]
pub struct Args {}

/// Prints each catalogue piece: its name, a tab, its notation.
pub fn run(_args: Args, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    for (name, notation) in sqlchess_fairy::catalogue() {
        writeln!(out, "{name}\t{notation}")?;
    }
    Ok(ExitCode::SUCCESS)
}
