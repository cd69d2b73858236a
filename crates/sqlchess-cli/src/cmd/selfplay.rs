//! `sqlchess selfplay`: the engine plays a game against itself.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use sqlchess_rules::Outcome;
use sqlchess_search::selfplay::{selfplay, Winner};
use sqlchess_search::tictactoe::TicTacToe;
use sqlchess_search::{Engine, Game, Limits};

use crate::record::{earlier, judge, Record};
use crate::rules::PositionArgs;

/// Arguments of `sqlchess selfplay`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("limit").args(["depth", "movetime"])))]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Play another game instead of a chess variant: `tictactoe`.
    #[arg(long, conflicts_with_all = ["variant", "fen"])]
    game: Option<String>,
    /// Search each move to this depth (default 5; 9 for tic-tac-toe).
    #[arg(long)]
    depth: Option<u32>,
    /// Search each move for this many milliseconds.
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Stop (and score a draw) after this many plies.
    #[arg(long, default_value_t = 600)]
    max_plies: usize,
}

/// Plays the game and prints it; the last line is the result.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let limits = |default_depth: u32| Limits {
        depth: match (args.depth, args.movetime) {
            (Some(d), _) => Some(d.clamp(1, 100)),
            (None, Some(_)) => None,
            (None, None) => Some(default_depth),
        },
        movetime: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    if let Some(game) = &args.game {
        if game != "tictactoe" && game != "tic-tac-toe" {
            anyhow::bail!("unknown game {game:?} (known: tictactoe)");
        }
        return tictactoe(&limits(9), args.max_plies, out);
    }
    let limits = limits(5);
    let start = args.position.load()?;
    let mut engine = Engine::new(64);
    let mut pos = start.clone();
    let (mut sans, mut played) = (Vec::new(), vec![pos.clone()]);
    let (outcome, termination) = loop {
        if let Some(end) = judge(&played) {
            break end;
        }
        if sans.len() >= args.max_plies {
            break (Outcome::Draw, "ply limit".to_owned());
        }
        let best = engine.search(&pos, &earlier(&played), &limits, |_| {});
        let Some(mv) = best.uci.and_then(|uci| pos.parse_move(&uci).ok()) else {
            // `judge` found moves, so the search returns one; should it not,
            // the game stops rather than loops.
            break (Outcome::Draw, "no move found".to_owned());
        };
        sans.push(pos.san(mv));
        pos = pos.play_unchecked(mv);
        played.push(pos.clone());
    };
    let result = outcome.to_string();
    let record = Record {
        event: "sqlchess selfplay",
        round: "1",
        players: ("sqlchess", "sqlchess"),
        start: &start,
        set_up: args.position.fen.is_some() || !start.variant().is_chess(),
        sans: &sans,
        result: &result,
        termination: &termination,
    };
    record.write_pgn(out)?;
    writeln!(out)?;
    writeln!(out, "{result}")?;
    Ok(ExitCode::SUCCESS)
}

fn result_text(winner: Option<Winner>) -> &'static str {
    match winner {
        Some(Winner::First) => "1-0",
        Some(Winner::Second) => "0-1",
        None => "1/2-1/2",
    }
}

fn tictactoe(limits: &Limits, max_plies: usize, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let start = TicTacToe::new();
    let mut lines = Vec::new();
    let game = selfplay(&start, true, limits, 1, max_plies, |pos, mv, _| {
        lines.push(format!("{} {}", pos.turn(), pos.move_text(mv)));
    });
    let mut pos = start;
    for (line, &mv) in lines.iter().zip(&game.moves) {
        pos.apply(mv);
        writeln!(out, "{line}")?;
    }
    let board = pos.to_string();
    let rows = board.split(' ').next().unwrap_or_default();
    for row in rows.split('/') {
        writeln!(out, "{row}")?;
    }
    writeln!(out, "{}", result_text(game.winner))?;
    Ok(ExitCode::SUCCESS)
}
