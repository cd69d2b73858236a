//! `sqlchess play`: a game against the engine in the terminal.
//!
//! The board is redrawn after every move; moves are typed in SAN or UCI;
//! an illegal or unreadable move is answered with the reason and a new
//! prompt. `moves` lists the legal moves, `resign` or `quit` ends the game,
//! and so does the end of input. At the end the game is printed as PGN
//! (and written to `--pgn FILE` if given).

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use sqlchess_render::Diagram;
use sqlchess_rules::{Color, Outcome, Position};
use sqlchess_search::{Engine, Limits};

use crate::record::{earlier, judge, Record};
use crate::rules::PositionArgs;

/// Arguments of `sqlchess play`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("limit").args(["depth", "movetime"])))]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// The engine searches each move to this depth (default 4).
    #[arg(long)]
    depth: Option<u32>,
    /// The engine searches each move for this many milliseconds.
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Your colour.
    #[arg(long, default_value = "white", value_parser = ["white", "black"])]
    color: String,
    /// Also write the game as PGN to FILE.
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Transposition table size in megabytes (1 to 4096).
    #[arg(long, default_value_t = 16, value_name = "MB",
          value_parser = clap::value_parser!(u16).range(1..=4096))]
    hash: u16,
}

/// Plays the game.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let limits = Limits {
        depth: match (args.depth, args.movetime) {
            (Some(d), _) => Some(d.clamp(1, 100)),
            (None, Some(_)) => None,
            (None, None) => Some(4),
        },
        movetime: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    let human_white = args.color == "white";
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let start = args.position.load()?;
    let (sans, result, termination) = play(
        &start,
        human_white,
        &limits,
        usize::from(args.hash),
        &mut input,
        out,
    )?;
    let (white, black) = if human_white {
        ("you", "sqlchess")
    } else {
        ("sqlchess", "you")
    };
    let mut pgn = Vec::new();
    Record {
        event: "sqlchess play",
        round: "-",
        players: (white, black),
        start: &start,
        set_up: args.position.fen.is_some() || !start.variant().is_chess(),
        sans: &sans,
        result: &result,
        termination: &termination,
    }
    .write_pgn(&mut pgn)?;
    writeln!(out)?;
    out.write_all(&pgn)?;
    if let Some(path) = &args.pgn {
        std::fs::write(path, &pgn).with_context(|| format!("cannot write {}", path.display()))?;
        writeln!(out, "game saved to {}", path.display())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The moves in SAN, the result and why the game ended.
type Played = (Vec<String>, String, String);

fn play(
    start: &Position,
    human_white: bool,
    limits: &Limits,
    hash_mb: usize,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<Played> {
    let mut engine = Engine::new(hash_mb);
    let mut pos = start.clone();
    let mut sans = Vec::new();
    let mut played = vec![pos.clone()];
    let mut redraw = true;
    let (result, termination) = loop {
        if redraw {
            writeln!(out)?;
            write!(out, "{}", Diagram::from_position(&pos).text())?;
            redraw = false;
        }
        if let Some((outcome, why)) = judge(&played) {
            break (outcome.to_string(), why);
        }
        let white = pos.turn() == Color::White;
        let mover = if white { "White" } else { "Black" };
        if white == human_white {
            write!(
                out,
                "{mover} to move{}> ",
                if pos.is_check() { " (check)" } else { "" }
            )?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(out)?;
                break ("*".to_owned(), "abandoned".to_owned());
            }
            let text = line.trim();
            match text {
                "" => continue,
                "quit" | "resign" => {
                    let winner = Outcome::Decisive {
                        winner: if human_white {
                            Color::Black
                        } else {
                            Color::White
                        },
                    };
                    break (winner.to_string(), "resignation".to_owned());
                }
                "moves" | "help" | "?" => {
                    let mut all: Vec<String> =
                        pos.legal_moves().into_iter().map(|m| pos.san(m)).collect();
                    all.sort();
                    writeln!(out, "legal moves: {}", all.join(" "))?;
                    writeln!(
                        out,
                        "type a move in SAN (Nf3) or UCI (g1f3); `resign` ends the game"
                    )?;
                    continue;
                }
                _ => {}
            }
            match pos.parse_move(text) {
                Ok(mv) => {
                    sans.push(pos.san(mv));
                    pos = pos.play_unchecked(mv);
                    played.push(pos.clone());
                    redraw = true;
                }
                Err(reason) => {
                    writeln!(out, "illegal move {text:?}: {reason}")?;
                }
            }
        } else {
            let best = engine.search(&pos, &earlier(&played), limits, |_| {});
            let Some(mv) = best.uci.and_then(|u| pos.parse_move(&u).ok()) else {
                break ("*".to_owned(), "no move found".to_owned());
            };
            let san = pos.san(mv);
            writeln!(out, "sqlchess plays {san}")?;
            sans.push(san);
            pos = pos.play_unchecked(mv);
            played.push(pos.clone());
            redraw = true;
        }
    };
    writeln!(out, "{result} ({termination})")?;
    Ok((sans, result, termination))
}
