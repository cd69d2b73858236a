//! `sqlchess selfplay`: the engine plays a game against itself.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sqlchess_core::{GameStatus, Position};
use sqlchess_search::fairy::FairyGame;
use sqlchess_search::selfplay::{selfplay, SelfPlay, Termination, Winner};
use sqlchess_search::tictactoe::TicTacToe;
use sqlchess_search::{Game, Limits};

use crate::rules::{AnyPosition, PositionArgs};

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
    match args.position.load()? {
        AnyPosition::Standard(pos) => chess(&pos, &args.position, &limits, args.max_plies, out),
        AnyPosition::Fairy(pos) => {
            let start = FairyGame::from_position(*pos);
            fairy(&start, &args.position, &limits, args.max_plies, out)
        }
    }
}

fn result_text(winner: Option<Winner>) -> &'static str {
    match winner {
        Some(Winner::First) => "1-0",
        Some(Winner::Second) => "0-1",
        None => "1/2-1/2",
    }
}

/// Today's date as PGN writes it, `YYYY.MM.DD` (UTC).
fn pgn_date() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Howard Hinnant's civil-from-days algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

fn headers(
    out: &mut impl Write,
    variant: &str,
    fen: Option<&str>,
    result: &str,
    termination: &str,
) -> std::io::Result<()> {
    writeln!(out, "[Event \"sqlchess selfplay\"]")?;
    writeln!(out, "[Site \"?\"]")?;
    writeln!(out, "[Date \"{}\"]", pgn_date())?;
    writeln!(out, "[Round \"1\"]")?;
    writeln!(out, "[White \"sqlchess\"]")?;
    writeln!(out, "[Black \"sqlchess\"]")?;
    writeln!(out, "[Result \"{result}\"]")?;
    if variant != "chess" {
        writeln!(out, "[Variant \"{variant}\"]")?;
    }
    if let Some(fen) = fen {
        writeln!(out, "[SetUp \"1\"]")?;
        writeln!(out, "[FEN \"{fen}\"]")?;
    }
    writeln!(out, "[Termination \"{termination}\"]")?;
    writeln!(out)
}

/// Movetext with move numbers, wrapped before 80 columns, ending in the result.
fn movetext(
    out: &mut impl Write,
    first_fullmove: u32,
    white_first: bool,
    moves: &[String],
    result: &str,
) -> std::io::Result<()> {
    let mut tokens = Vec::new();
    let mut number = first_fullmove;
    let mut white = white_first;
    for (i, m) in moves.iter().enumerate() {
        if white {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(m.clone());
        if !white {
            number += 1;
        }
        white = !white;
    }
    tokens.push(result.to_owned());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            writeln!(out, "{line}")?;
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    writeln!(out, "{line}")
}

fn chess(
    start: &Position,
    args: &PositionArgs,
    limits: &Limits,
    max_plies: usize,
    out: &mut impl Write,
) -> anyhow::Result<ExitCode> {
    let white_first = start.turn().is_white();
    let mut sans = Vec::new();
    let game: SelfPlay<_> = selfplay(start, white_first, limits, 64, max_plies, |pos, mv, _| {
        sans.push(pos.san(mv))
    });
    let mut record = sqlchess_core::Game::new(*start);
    for &m in &game.moves {
        record.play(m)?;
    }
    let termination = match game.termination {
        Termination::Repetition => "threefold repetition".to_owned(),
        Termination::PlyLimit => "ply limit".to_owned(),
        _ => match record.position().status() {
            GameStatus::Checkmate { .. } => "checkmate".to_owned(),
            s => s.name().replace('_', " "),
        },
    };
    let result = result_text(game.winner);
    headers(
        out,
        &args.variant,
        args.fen.as_deref(),
        result,
        &termination,
    )?;
    movetext(out, start.fullmoves(), white_first, &sans, result)?;
    writeln!(out)?;
    writeln!(out, "{result}")?;
    Ok(ExitCode::SUCCESS)
}

fn fairy(
    start: &FairyGame,
    args: &PositionArgs,
    limits: &Limits,
    max_plies: usize,
    out: &mut impl Write,
) -> anyhow::Result<ExitCode> {
    let white_first = start.white_to_move();
    let mut texts = Vec::new();
    let game = selfplay(start, white_first, limits, 64, max_plies, |pos, mv, _| {
        texts.push(pos.move_text(mv))
    });
    let termination = match game.termination {
        Termination::NoLegalMove if game.winner.is_some() => "checkmate",
        Termination::NoLegalMove => "stalemate",
        Termination::Rule => "draw by rule",
        Termination::Repetition => "threefold repetition",
        Termination::PlyLimit => "ply limit",
    };
    let result = result_text(game.winner);
    let fen = args
        .fen
        .clone()
        .unwrap_or_else(|| start.position().variant().start_fen.clone());
    headers(out, &args.variant, Some(&fen), result, termination)?;
    // The fairy engine has no SAN yet: the movetext is in UCI notation.
    movetext(out, 1, white_first, &texts, result)?;
    writeln!(out)?;
    writeln!(out, "{result}")?;
    Ok(ExitCode::SUCCESS)
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
