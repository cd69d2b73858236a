//! `sqlchess puzzle`: non-attacking placements and leaper tours.

use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sqlchess_fairy::{catalogue, FairySquare, PieceDef};
use sqlchess_puzzles::check::{check_placement, check_tour};
use sqlchess_puzzles::{BoardSize, Placement, TourProblem};
use sqlchess_render::{Diagram, DiagramPiece, PieceGlyph};

/// Arguments of `sqlchess puzzle`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Puzzle,
}

#[derive(clap::Subcommand)]
enum Puzzle {
    /// Place pieces so that none attacks another; the last line is the
    /// number of solutions (with --max, the largest number of pieces).
    Place(PlaceArgs),
    /// A tour of a leaper through every square (less holes); exit status 1
    /// if none exists.
    Tour(TourArgs),
}

/// Arguments of `sqlchess puzzle place`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("list").args(["all", "first"])))]
struct PlaceArgs {
    /// The piece: a catalogue name (`sqlchess pieces`), Betza or Parlett notation.
    #[arg(long)]
    piece: String,
    /// The board, WxH (each side 1 to 16).
    #[arg(long, default_value = "8x8", value_name = "WxH")]
    board: String,
    /// How many pieces (default: the board's width).
    #[arg(long, value_name = "K", conflicts_with = "max")]
    count: Option<usize>,
    /// Print every solution as a board before the count.
    #[arg(long)]
    all: bool,
    /// Print the first solution only, as a board (exit status 1 if none).
    #[arg(long)]
    first: bool,
    /// Find the largest number of pieces that fit.
    #[arg(long, conflicts_with_all = ["all", "symmetry"])]
    max: bool,
    /// Count solutions once per class under the rotations and reflections
    /// of the board that leave the piece's attacks unchanged.
    #[arg(long)]
    symmetry: bool,
    /// Also draw the first solution (or the maximum placement) as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// Arguments of `sqlchess puzzle tour`.
#[derive(clap::Args)]
struct TourArgs {
    /// The leaper: a catalogue name, Betza or Parlett notation.
    #[arg(long)]
    piece: String,
    /// The board, WxH (each side 1 to 16).
    #[arg(long, default_value = "8x8", value_name = "WxH")]
    board: String,
    /// End a move away from the start.
    #[arg(long)]
    closed: bool,
    /// Squares removed from the board, comma-separated (a1,h8).
    #[arg(long, value_name = "SQUARES", default_value = "")]
    holes: String,
    /// The first square.
    #[arg(long, value_name = "SQ")]
    from: Option<String>,
    /// Also draw the tour as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// Runs the puzzle subcommand.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    match args.command {
        Puzzle::Place(a) => place(a, out),
        Puzzle::Tour(a) => tour(a, out),
    }
}

/// A spinner on standard error while a long search runs; hidden when
/// standard error is not a terminal.
fn spinner(message: String) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} {elapsed_precise}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.set_message(message);
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}

/// How pieces of the puzzle are drawn: the standard glyph for the six, a
/// lettered disc for the rest.
fn glyph(piece: &str) -> PieceGlyph {
    let text = piece.trim();
    let name = catalogue()
        .find(|(n, notation)| n.eq_ignore_ascii_case(text) || *notation == text)
        .map_or(text, |(n, _)| n);
    let letter = text
        .chars()
        .find(|c| c.is_ascii_alphabetic())
        .unwrap_or('?');
    PieceGlyph::from_name(name, letter)
}

fn placement_diagram(
    board: BoardSize,
    piece: &str,
    squares: &[FairySquare],
) -> anyhow::Result<Diagram> {
    let mut d = Diagram::empty(board.width() as usize, board.height() as usize)?;
    let p = DiagramPiece::new(glyph(piece), true);
    for &s in squares {
        d.set_piece(s, Some(p))?;
    }
    Ok(d)
}

fn write_svg(path: &PathBuf, d: &Diagram) -> anyhow::Result<()> {
    std::fs::write(path, d.svg()).with_context(|| format!("cannot write {}", path.display()))
}

fn squares_line(squares: &[FairySquare]) -> String {
    squares
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn place(a: PlaceArgs, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let board: BoardSize = a.board.parse()?;
    let def = PieceDef::parse(&a.piece)?;
    let puzzle = Placement::new(&def, board);
    let k = a.count.unwrap_or(board.width() as usize);
    if a.max {
        let bar = spinner(format!("largest placement of {} on {board}", a.piece));
        let (max, witness) = puzzle.maximum();
        bar.finish_and_clear();
        check_placement(&def, board, &witness).context("internal error: bad placement")?;
        if a.first {
            write!(
                out,
                "{}",
                placement_diagram(board, &a.piece, &witness)?.text()
            )?;
            writeln!(out, "{}", squares_line(&witness))?;
        }
        if let Some(path) = &a.svg {
            write_svg(path, &placement_diagram(board, &a.piece, &witness)?)?;
        }
        if !puzzle.rules().is_monotone() {
            // A hopper's attacks need screens: removing a piece can create an
            // attack, so "no placement of max + 1" does not rule out larger ones.
            eprintln!(
                "note: {} attacks over other pieces; {} is the largest count \
                 such that every smaller count has a placement and {} has none, \
                 not a proven maximum",
                a.piece,
                max,
                max + 1
            );
        }
        writeln!(out, "{max}")?;
        return Ok(ExitCode::SUCCESS);
    }
    if a.first {
        let bar = spinner(format!("first placement of {k} {} on {board}", a.piece));
        let found = puzzle.first(k)?;
        bar.finish_and_clear();
        let Some(squares) = found else {
            anyhow::bail!("no placement of {k} non-attacking {} on {board}", a.piece);
        };
        check_placement(&def, board, &squares).context("internal error: bad placement")?;
        let d = placement_diagram(board, &a.piece, &squares)?;
        if let Some(path) = &a.svg {
            write_svg(path, &d)?;
        }
        write!(out, "{}", d.text())?;
        writeln!(out, "{}", squares_line(&squares))?;
        return Ok(ExitCode::SUCCESS);
    }
    let bar = spinner(format!("counting placements of {k} {} on {board}", a.piece));
    let mut first_svg = a.svg.clone();
    if a.all {
        let mut io_error = None;
        let mut n: u128 = 0;
        puzzle.for_each(k, |squares| {
            n += 1;
            let r = (|| -> anyhow::Result<()> {
                let d = placement_diagram(board, &a.piece, squares)?;
                if let Some(path) = first_svg.take() {
                    write_svg(&path, &d)?;
                }
                writeln!(out, "{}", squares_line(squares))?;
                write!(out, "{}", d.text())?;
                writeln!(out)?;
                Ok(())
            })();
            match r {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    io_error = Some(e);
                    ControlFlow::Break(())
                }
            }
        })?;
        bar.finish_and_clear();
        if let Some(e) = io_error {
            return Err(e);
        }
        if a.symmetry {
            let s = puzzle.count_up_to_symmetry(k)?;
            eprintln!(
                "{} solutions, {} up to {} symmetries",
                s.solutions,
                s.classes,
                s.symmetries.len()
            );
            writeln!(out, "{}", s.classes)?;
        } else {
            writeln!(out, "{n}")?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    if a.symmetry {
        let s = puzzle.count_up_to_symmetry(k)?;
        bar.finish_and_clear();
        let names: Vec<String> = s.symmetries.iter().map(|g| g.to_string()).collect();
        eprintln!(
            "{} solutions; {} classes under {} symmetries ({})",
            s.solutions,
            s.classes,
            names.len(),
            names.join(", ")
        );
        writeln!(out, "{}", s.classes)?;
        return Ok(ExitCode::SUCCESS);
    }
    let n = puzzle.count(k)?;
    bar.finish_and_clear();
    if let Some(path) = &a.svg {
        if let Some(squares) = puzzle.first(k)? {
            write_svg(path, &placement_diagram(board, &a.piece, &squares)?)?;
        }
    }
    writeln!(out, "{n}")?;
    Ok(ExitCode::SUCCESS)
}

fn tour(a: TourArgs, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let board: BoardSize = a.board.parse()?;
    let def = PieceDef::parse(&a.piece)?;
    let holes = board.parse_squares(&a.holes)?;
    let from = match &a.from {
        Some(s) => Some(board.check(s.parse::<FairySquare>()?)?),
        None => None,
    };
    let problem = TourProblem::new(&def, board, &holes, a.closed, from)?;
    let bar = spinner(format!("searching a tour of {} on {board}", a.piece));
    let outcome = problem.solve();
    bar.finish_and_clear();
    let kind = if a.closed { "closed tour" } else { "tour" };
    match outcome.result {
        Ok(squares) => {
            // Every tour printed is checked step by step first.
            check_tour(&def, board, &holes, a.closed, &squares)
                .context("internal error: bad tour")?;
            let mut d = Diagram::empty(board.width() as usize, board.height() as usize)?;
            for &h in &holes {
                d.hole(h)?;
            }
            d.tour(&squares, a.closed)?;
            if let Some(path) = &a.svg {
                write_svg(path, &d)?;
            }
            write!(out, "{}", d.text())?;
            writeln!(out, "{}", squares_line(&squares))?;
            Ok(ExitCode::SUCCESS)
        }
        Err(reason) => {
            eprintln!(
                "sqlchess: no {kind} of {} on {board}{}: {reason} ({} nodes searched)",
                a.piece,
                if holes.is_empty() {
                    String::new()
                } else {
                    format!(" without {}", squares_line(&holes))
                },
                outcome.nodes
            );
            Ok(ExitCode::from(1))
        }
    }
}
