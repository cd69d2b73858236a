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
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::Context;
use sqlchess_core::Position;
use sqlchess_render::Diagram;
use sqlchess_search::fairy::FairyGame;
use sqlchess_search::{Game, Limits, Outcome, Searcher};

use crate::rules::{AnyPosition, PositionArgs};

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
    /// Transposition table size in megabytes.
    #[arg(long, default_value_t = 16, value_name = "MB")]
    hash: usize,
}

/// What the terminal game needs beyond the search's [`Game`].
trait Playable: Game {
    /// The legal move the player typed (SAN or UCI), or why not.
    fn parse_human(&self, text: &str) -> Result<Self::Move, String>;
    /// The move in SAN.
    fn san(&self, mv: Self::Move) -> String;
    /// The board to draw.
    fn diagram(&self) -> Diagram;
    /// Whether White is to move.
    fn white(&self) -> bool;
}

impl Playable for Position {
    fn parse_human(&self, text: &str) -> Result<Self::Move, String> {
        self.parse_move(text).map_err(|e| e.to_string())
    }
    fn san(&self, mv: Self::Move) -> String {
        Position::san(self, mv)
    }
    fn diagram(&self) -> Diagram {
        Diagram::from_chess(self)
    }
    fn white(&self) -> bool {
        self.turn().is_white()
    }
}

impl Playable for FairyGame {
    fn parse_human(&self, text: &str) -> Result<Self::Move, String> {
        let pos = self.position();
        match pos.parse_uci(text) {
            Ok(m) => Ok(m),
            Err(uci) => pos.parse_san(text).map_err(|san| {
                if matches!(uci, sqlchess_fairy::MoveError::Syntax(_)) {
                    san.to_string()
                } else {
                    uci.to_string()
                }
            }),
        }
    }
    fn san(&self, mv: Self::Move) -> String {
        self.position().san(mv)
    }
    fn diagram(&self) -> Diagram {
        Diagram::from_fairy(self.position())
    }
    fn white(&self) -> bool {
        self.white_to_move()
    }
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
    let (moves, result, termination, fen) = match args.position.load()? {
        AnyPosition::Standard(pos) => {
            let fen = args.position.fen.clone();
            let (m, r, t) = play(pos, human_white, &limits, args.hash, &mut input, out)?;
            (m, r, t, fen)
        }
        AnyPosition::Fairy(pos) => {
            let fen = Some(args.position.fen.clone().unwrap_or_else(|| pos.fen()));
            let game = FairyGame::from_position(*pos);
            let (m, r, t) = play(game, human_white, &limits, args.hash, &mut input, out)?;
            (m, r, t, fen)
        }
    };
    let mut pgn = Vec::new();
    write_pgn(
        &mut pgn,
        &args.position.variant,
        fen.as_deref(),
        human_white,
        &moves,
        &result,
        &termination,
    )?;
    writeln!(out)?;
    out.write_all(&pgn)?;
    if let Some(path) = &args.pgn {
        std::fs::write(path, &pgn).with_context(|| format!("cannot write {}", path.display()))?;
        writeln!(out, "game saved to {}", path.display())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The moves in SAN with the first move number and side, the result and
/// why the game ended.
type Played = (Moves, String, String);

struct Moves {
    sans: Vec<String>,
    first_white: bool,
}

fn result_text(white_wins: Option<bool>) -> String {
    match white_wins {
        Some(true) => "1-0",
        Some(false) => "0-1",
        None => "1/2-1/2",
    }
    .to_owned()
}

fn play<G: Playable>(
    start: G,
    human_white: bool,
    limits: &Limits,
    hash_mb: usize,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<Played> {
    let mut searcher = Searcher::<G>::new(hash_mb);
    let mut pos = start;
    let first_white = pos.white();
    let mut sans = Vec::new();
    let mut history: Vec<u64> = Vec::new();
    let mut legal = Vec::new();
    let mut redraw = true;
    let (result, termination) = loop {
        if redraw {
            writeln!(out)?;
            write!(out, "{}", pos.diagram().text())?;
            redraw = false;
        }
        // Outcomes are for the side to move.
        let winner = |o: Outcome| match o {
            Outcome::Draw => None,
            Outcome::Win => Some(pos.white()),
            Outcome::Loss => Some(!pos.white()),
        };
        if let Some(o) = pos.outcome() {
            break (result_text(winner(o)), "draw by rule".to_owned());
        }
        let reps = history
            .iter()
            .rev()
            .take(pos.reversible_plies() as usize)
            .skip(1)
            .step_by(2)
            .filter(|&&h| h == pos.hash())
            .count();
        if reps >= 2 {
            break (result_text(None), "threefold repetition".to_owned());
        }
        legal.clear();
        pos.moves(&mut legal);
        if legal.is_empty() {
            let o = pos.outcome_without_moves();
            let why = if pos.is_check() {
                "checkmate"
            } else {
                "stalemate"
            };
            break (result_text(winner(o)), why.to_owned());
        }
        let mover = if pos.white() { "White" } else { "Black" };
        if pos.white() == human_white {
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
                    break (result_text(Some(!human_white)), "resignation".to_owned());
                }
                "moves" | "help" | "?" => {
                    let mut all: Vec<String> = legal.iter().map(|&m| pos.san(m)).collect();
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
            match pos.parse_human(text) {
                Ok(mv) => {
                    sans.push(pos.san(mv));
                    history.push(pos.hash());
                    pos.apply(mv);
                    redraw = true;
                }
                Err(reason) => {
                    writeln!(out, "illegal move {text:?}: {reason}")?;
                }
            }
        } else {
            let r = searcher.search(&pos, &history, limits, |_| {});
            let mv = r.best_move.unwrap_or(legal[0]);
            let san = pos.san(mv);
            writeln!(out, "sqlchess plays {san}")?;
            sans.push(san);
            history.push(pos.hash());
            pos.apply(mv);
            redraw = true;
        }
    };
    writeln!(out, "{result} ({termination})")?;
    Ok((Moves { sans, first_white }, result, termination))
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

fn write_pgn(
    out: &mut impl Write,
    variant: &str,
    fen: Option<&str>,
    human_white: bool,
    moves: &Moves,
    result: &str,
    termination: &str,
) -> std::io::Result<()> {
    let (white, black) = if human_white {
        ("you", "sqlchess")
    } else {
        ("sqlchess", "you")
    };
    writeln!(out, "[Event \"sqlchess play\"]")?;
    writeln!(out, "[Site \"?\"]")?;
    writeln!(out, "[Date \"{}\"]", pgn_date())?;
    writeln!(out, "[Round \"-\"]")?;
    writeln!(out, "[White \"{white}\"]")?;
    writeln!(out, "[Black \"{black}\"]")?;
    writeln!(out, "[Result \"{result}\"]")?;
    if variant != "chess" {
        writeln!(out, "[Variant \"{variant}\"]")?;
    }
    let fullmove = fen
        .and_then(|f| f.split_whitespace().nth(5))
        .and_then(|n| n.parse::<u32>().ok())
        .unwrap_or(1);
    if let Some(fen) = fen {
        writeln!(out, "[SetUp \"1\"]")?;
        writeln!(out, "[FEN \"{fen}\"]")?;
    }
    writeln!(out, "[Termination \"{termination}\"]")?;
    writeln!(out)?;
    let mut tokens = Vec::new();
    let mut number = fullmove;
    let mut white = moves.first_white;
    for (i, m) in moves.sans.iter().enumerate() {
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
