//! `sqlchess variants`: the built-in variants, or what a variants.ini gave.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

/// Arguments of `sqlchess variants`.
#[derive(clap::Args)]
pub struct Args {
    /// A variants.ini file (Fairy-Stockfish's format): list the variants it
    /// defines that load (one name a line on standard output), then the
    /// sections refused, each with its line, option and reason (on standard
    /// error, so that the list stays one name a line).
    #[arg(long, value_name = "FILE")]
    variants_file: Option<PathBuf>,
}

/// Prints one variant name a line.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let Some(path) = args.variants_file else {
        for name in sqlchess_rules::variant_names() {
            writeln!(out, "{name}")?;
        }
        return Ok(ExitCode::SUCCESS);
    };
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read variants file {}", path.display()))?;
    let report = sqlchess_rules::Variants::builtin().read_ini(&text);
    for name in &report.loaded {
        writeln!(out, "{name}")?;
    }
    out.flush()?;
    let mut err = std::io::stderr().lock();
    for r in &report.refused {
        writeln!(err, "sqlchess: refused {r}")?;
    }
    writeln!(
        err,
        "sqlchess: {}: {} variants loaded, {} sections refused",
        path.display(),
        report.loaded.len(),
        report.refused.len()
    )?;
    Ok(ExitCode::SUCCESS)
}
