//! A finished game of `play` or `selfplay`, judged and written as PGN: the
//! one game loop helper and the one PGN writer of the CLI.

use std::io::Write;
use std::time::{SystemTime, UNIX_EPOCH};

use sqlchess_rules::{GameStatus, Outcome, Position};
use sqlchess_search::Visited;

/// Whether the game is over at `pos`, given the positions before it
/// (oldest first): the rules' own end (mate, stalemate,
/// dead position, fifty moves) or a threefold repetition.
pub fn judge(pos: &Position, history: &[Visited]) -> Option<(Outcome, String)> {
    let status = pos.status();
    if let Some(outcome) = status.outcome() {
        let why = match status {
            GameStatus::Checkmate { .. } => "checkmate".to_owned(),
            other => other.name().replace('_', " "),
        };
        return Some((outcome, why));
    }
    let key = pos.zobrist();
    let earlier = history
        .iter()
        .rev()
        .take(pos.halfmoves() as usize)
        .filter(|h| h.hash == key)
        .count();
    (earlier >= 2).then(|| (Outcome::Draw, "threefold repetition".to_owned()))
}

/// A game to print: the tags that differ between commands, the start, the
/// moves in SAN and the result.
pub struct Record<'a> {
    /// `Event`.
    pub event: &'a str,
    /// `Round`.
    pub round: &'a str,
    /// `White` and `Black`.
    pub players: (&'a str, &'a str),
    /// The start position.
    pub start: &'a Position,
    /// Whether the start is not the variant's standard start (writes
    /// `SetUp` and `FEN`).
    pub set_up: bool,
    /// The moves in SAN.
    pub sans: &'a [String],
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'a str,
    /// Why the game ended.
    pub termination: &'a str,
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

impl Record<'_> {
    /// Writes the game: the Seven Tag Roster, `Variant`, `SetUp` and `FEN`
    /// when needed, `Termination`, then the movetext wrapped before 80
    /// columns and ending in the result.
    pub fn write_pgn(&self, out: &mut impl Write) -> std::io::Result<()> {
        let (white, black) = self.players;
        writeln!(out, "[Event \"{}\"]", self.event)?;
        writeln!(out, "[Site \"?\"]")?;
        writeln!(out, "[Date \"{}\"]", pgn_date())?;
        writeln!(out, "[Round \"{}\"]", self.round)?;
        writeln!(out, "[White \"{white}\"]")?;
        writeln!(out, "[Black \"{black}\"]")?;
        writeln!(out, "[Result \"{}\"]", self.result)?;
        let variant = self.start.variant_name();
        if variant != "chess" {
            writeln!(out, "[Variant \"{variant}\"]")?;
        }
        if self.set_up {
            writeln!(out, "[SetUp \"1\"]")?;
            writeln!(out, "[FEN \"{}\"]", self.start.fen())?;
        }
        writeln!(out, "[Termination \"{}\"]", self.termination)?;
        writeln!(out)?;
        let mut tokens = Vec::new();
        let mut number = self.start.fullmoves();
        let mut white = self.start.white_to_move();
        for (i, m) in self.sans.iter().enumerate() {
            if white {
                tokens.push(format!("{number}."));
            } else if i == 0 {
                tokens.push(format!("{number}..."));
            }
            tokens.push(m.clone());
            if !white {
                number = number.saturating_add(1);
            }
            white = !white;
        }
        tokens.push(self.result.to_owned());
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
}
