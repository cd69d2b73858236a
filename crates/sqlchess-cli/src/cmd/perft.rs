//! `sqlchess perft`: count the leaves of the legal move tree.

use std::io::Write;
use std::process::ExitCode;

use crate::progress;
use crate::rules::PositionArgs;

/// Arguments of `sqlchess perft`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Print each root move with its own count first.
    #[arg(long)]
    divide: bool,
    /// Depth in plies.
    depth: u32,
}

/// Runs the command: per-move counts with `--divide`, then the total alone on the last line.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let pos = args.position.load()?;
    // The facade's bound, checked before the root is split.
    if args.depth > sqlchess_rules::MAX_PERFT_DEPTH {
        return Err(sqlchess_rules::DepthError {
            depth: i64::from(args.depth),
            max: sqlchess_rules::MAX_PERFT_DEPTH,
        }
        .into());
    }
    if args.depth == 0 {
        writeln!(out, "1")?;
        return Ok(ExitCode::SUCCESS);
    }
    let children: Vec<(String, sqlchess_rules::Position)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| (pos.uci(m), pos.play_unchecked(m)))
        .collect();
    let bar = progress::bar(children.len() as u64, &format!("perft {}", args.depth));
    let mut total = 0;
    let mut rows = Vec::with_capacity(children.len());
    for (uci, child) in &children {
        let n = child.perft(args.depth - 1)?;
        total += n;
        rows.push((uci, n));
        bar.inc(1);
    }
    bar.finish_and_clear();
    if args.divide {
        for (uci, n) in rows {
            writeln!(out, "{uci}: {n}")?;
        }
        writeln!(out)?;
    }
    writeln!(out, "{total}")?;
    Ok(ExitCode::SUCCESS)
}
