//! `sqlchess bestmove`: the engine's move in a position.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::bail;
use sqlchess_search::{Engine, Limits};

use crate::rules::PositionArgs;

/// Arguments of `sqlchess bestmove`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "movetime"])))]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Search to this depth (plies).
    #[arg(long)]
    depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Transposition table size in megabytes (1 to 4096).
    #[arg(long, default_value_t = 64, value_name = "MB",
          value_parser = clap::value_parser!(u16).range(1..=4096))]
    hash: u16,
    /// Search threads (1 to 256): more than one is Lazy SMP, whose answer at
    /// a fixed depth can differ from run to run.
    #[arg(long, default_value_t = 1, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Print each iteration (depth, score, nodes, pv) to standard error.
    #[arg(long, short)]
    verbose: bool,
}

/// Searches and prints `bestmove <uci>` as the last line.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let limits = Limits {
        depth: args.depth.map(|d| d.clamp(1, 100)),
        movetime: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    let pos = args.position.load()?;
    let mut engine = Engine::new(usize::from(args.hash));
    engine.set_threads(usize::from(args.threads));
    let best = engine.search(&pos, &[], &limits, |p| {
        if args.verbose {
            eprintln!(
                "depth {} score {} nodes {} nps {} time {} pv {}",
                p.depth,
                p.score,
                p.nodes,
                p.nps,
                p.millis,
                p.pv.join(" ")
            );
        }
    });
    match best.uci {
        Some(uci) => {
            writeln!(out, "bestmove {uci}")?;
            Ok(ExitCode::SUCCESS)
        }
        None => bail!("no legal move: the game is over"),
    }
}
