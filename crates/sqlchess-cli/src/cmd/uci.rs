//! `sqlchess uci`: the UCI protocol on standard input and output.

use std::io::{self, Write};
use std::process::ExitCode;

/// Arguments of `sqlchess uci` (none).
#[derive(clap::Args)]
pub struct Args {}

/// Runs the UCI loop until `quit` or the end of input.
///
/// The search thread writes its own lines, so the protocol goes to a
/// duplicate of the standard output descriptor rather than through the
/// (locked) buffered `out`.
pub fn run(_args: Args, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    out.flush()?;
    let protocol = io::BufWriter::new(stdout_file()?);
    sqlchess_search::uci::run(io::stdin().lock(), protocol)?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(unix)]
fn stdout_file() -> io::Result<std::fs::File> {
    use std::os::fd::AsFd;
    Ok(std::fs::File::from(
        io::stdout().as_fd().try_clone_to_owned()?,
    ))
}

#[cfg(windows)]
fn stdout_file() -> io::Result<std::fs::File> {
    use std::os::windows::io::AsHandle;
    Ok(std::fs::File::from(
        io::stdout().as_handle().try_clone_to_owned()?,
    ))
}
