//! `sqlchess variants`: the built-in variants.

use std::io::Write;
use std::process::ExitCode;

/// Arguments of `sqlchess variants`.
#[derive(clap::Args)]
pub struct Args {}

/// Prints one variant name a line.
pub fn run(_args: Args, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let names = sqlchess_rules::variant_names();
    for name in names {
        writeln!(out, "{name}")?;
    }
    Ok(ExitCode::SUCCESS)
}
