//! `sqlchess moves`: the legal moves of a position.

use std::io::Write;
use std::process::ExitCode;

use crate::rules::PositionArgs;

/// Arguments of `sqlchess moves`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
}

/// Prints one legal move a line, in UCI notation.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let pos = args.position.load()?;
    for mv in pos.legal_moves() {
        writeln!(out, "{}", pos.uci(mv))?;
    }
    Ok(ExitCode::SUCCESS)
}
