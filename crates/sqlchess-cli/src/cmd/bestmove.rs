//! `sqlchess bestmove`: the engine's move in a position.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::bail;
use sqlchess_search::fairy::FairyGame;
use sqlchess_search::{Game, Limits, Score, SearchInfo, Searcher};

use crate::rules::{AnyPosition, PositionArgs};

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
    /// Transposition table size in megabytes.
    #[arg(long, default_value_t = 64, value_name = "MB")]
    hash: usize,
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
    let best = match args.position.load()? {
        AnyPosition::Standard(pos) => search(&pos, &limits, args.hash, args.verbose),
        AnyPosition::Fairy(pos) => search(
            &FairyGame::from_position(*pos),
            &limits,
            args.hash,
            args.verbose,
        ),
    };
    match best {
        Some(uci) => {
            writeln!(out, "bestmove {uci}")?;
            Ok(ExitCode::SUCCESS)
        }
        None => bail!("no legal move: the game is over"),
    }
}

fn search<G: Game>(root: &G, limits: &Limits, hash_mb: usize, verbose: bool) -> Option<String> {
    let mut searcher = Searcher::<G>::new(hash_mb);
    let report = |info: &SearchInfo<G::Move>| {
        if verbose {
            let mut p = root.clone();
            let pv: Vec<String> = info
                .pv
                .iter()
                .map(|&m| {
                    let t = p.move_text(m);
                    p.apply(m);
                    t
                })
                .collect();
            eprintln!(
                "depth {} score {} nodes {} nps {} time {} pv {}",
                info.depth,
                Score::from_internal(info.score),
                info.nodes,
                info.nps(),
                info.time.as_millis(),
                pv.join(" ")
            );
        }
    };
    let result = searcher.search(root, &[], limits, report);
    result.best_move.map(|m| root.move_text(m))
}
