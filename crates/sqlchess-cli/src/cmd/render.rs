//! `sqlchess render`: a position as SVG or as a Unicode text board.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use sqlchess_fairy::FairySquare;
use sqlchess_render::Diagram;

use crate::rules::PositionArgs;

/// Arguments of `sqlchess render`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("format").args(["svg", "text"])))]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Write an SVG picture to FILE (`-` for standard output).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Print a Unicode text board (the default).
    #[arg(long)]
    text: bool,
    /// Draw this legal move (UCI) as an arrow.
    #[arg(long = "move", value_name = "UCI")]
    mv: Option<String>,
    /// Highlight these squares, comma-separated (e4,d5).
    #[arg(long, value_name = "SQUARES")]
    highlight: Option<String>,
}

/// Draws the position.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    let pos = args.position.load()?;
    let mut d = Diagram::from_position(&pos);
    if let Some(list) = &args.highlight {
        for s in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let sq: FairySquare = s.parse()?;
            d.highlight(sq)?;
        }
    }
    if let Some(mv) = &args.mv {
        let mv = mv.trim();
        if !pos.legal_moves().into_iter().any(|m| pos.uci(m) == mv) {
            bail!("move {mv:?} is not legal in this position (see `sqlchess moves`)");
        }
        let (from, to) = move_squares(mv).with_context(|| format!("cannot draw move {mv:?}"))?;
        match from {
            Some(from) => d.arrow(from, to)?,
            None => d.highlight(to)?,
        };
    }
    match &args.svg {
        Some(path) if path.as_os_str() == "-" => write!(out, "{}", d.svg())?,
        Some(path) => std::fs::write(path, d.svg())
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => write!(out, "{}", d.text())?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The squares of a UCI move (`e2e4`, `a10a9`, `e7e8q`, `b2g7+`), or only
/// the target for a drop (`P@e5`).
fn move_squares(mv: &str) -> Option<(Option<FairySquare>, FairySquare)> {
    if let Some((_, to)) = mv.split_once('@') {
        return Some((None, to.parse().ok()?));
    }
    let b = mv.as_bytes();
    // The second square starts at the second letter.
    let second = (1..b.len()).find(|&i| b[i].is_ascii_lowercase())?;
    let from: FairySquare = mv[..second].parse().ok()?;
    let rest = &mv[second..];
    let end = rest
        .char_indices()
        .skip(1)
        .find(|(_, c)| !c.is_ascii_digit())
        .map_or(rest.len(), |(i, _)| i);
    let to: FairySquare = rest[..end].parse().ok()?;
    Some((Some(from), to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_squares_parse() {
        let sq = |s: &str| s.parse::<FairySquare>().unwrap();
        assert_eq!(move_squares("e2e4"), Some((Some(sq("e2")), sq("e4"))));
        assert_eq!(move_squares("a10a9"), Some((Some(sq("a10")), sq("a9"))));
        assert_eq!(move_squares("e7e8q"), Some((Some(sq("e7")), sq("e8"))));
        assert_eq!(move_squares("b2g7+"), Some((Some(sq("b2")), sq("g7"))));
        assert_eq!(move_squares("P@e5"), Some((None, sq("e5"))));
    }
}
