//! A finished game of `play` or `selfplay`, judged and written as PGN: the
//! one game loop helper and the one PGN writer of the CLI.

use std::io::Write;
use std::time::{SystemTime, UNIX_EPOCH};

use sqlchess_rules::{GameStatus, Outcome, Position};
use sqlchess_search::Visited;

/// Whether the game is over at the last of `played` (the game's positions
/// in order, the current one last): the rules' own end (mate, stalemate,
/// dead position, a variant's end) or one the history decides, by the
/// variant's rules (`Position::optional_game_end`: chess's threefold
/// repetition and fifty moves, shogi's fourth occurrence, perpetual check
/// losing in xiangqi, …).
pub fn judge(played: &[Position]) -> Option<(Outcome, String)> {
    let pos = played.last()?;
    let status = pos.status();
    if let Some(outcome) = status.outcome() {
        let why = match status {
            GameStatus::Checkmate { .. } => "checkmate".to_owned(),
            other => other.name().replace('_', " "),
        };
        return Some((outcome, why));
    }
    let outcome = Position::optional_game_end(played)?;
    let key = pos.zobrist();
    let repeated = played[..played.len() - 1]
        .iter()
        .any(|p| p.zobrist() == key);
    let why = if repeated { "repetition" } else { "move rule" };
    Some((outcome, why.to_owned()))
}

/// The game's positions before the current one (the last of `played`), as
/// the search reads them for repetitions.
pub fn earlier(played: &[Position]) -> Vec<Visited> {
    let before = played.len().saturating_sub(1);
    played[..before].iter().map(Visited::of_position).collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use sqlchess_rules::{Color, Variant};

    fn played(variant: &str, moves: &str) -> Vec<Position> {
        let mut played = vec![Position::start(&Variant::builtin(variant).unwrap())];
        for text in moves.split_whitespace() {
            let next = played.last().unwrap().play_text(text).unwrap();
            played.push(next);
        }
        played
    }

    #[test]
    fn chess_repetition_draws() {
        let game = played("chess", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
        assert_eq!(judge(&game), None);
        let game = played("chess", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
        assert_eq!(judge(&game), Some((Outcome::Draw, "repetition".to_owned())));
    }

    /// Red checks back and forth with its chariot (Rg9+, Rg10+) while
    /// Black's king steps between f9 and f10: the third occurrence loses
    /// for Red, as Fairy-Stockfish judges it (a game of
    /// `scripts/match.py --seed xq-perp-1129`).
    #[test]
    fn xiangqi_perpetual_check_loses() {
        let opening = "a1a3 i7i6 h3e3 b8b5 b1c3 b10c8 h1g3 g10e8 i1h1 h10f9 h1h5 b5b6 \
            h5f5 a10a9 a4a5 c7c6 f5f8 i10i9 a3a4 g7g6 d1e2 d10e9 f8g8 h8h7 a4b4 b6b3 b4b3 h7g7 \
            g1i3 g7g4 i3g5 c8d6 b3b10 a7a6 c4c5 c6c5 a5a6 c5c4 c3d1 a9a6 e4e5 a6a5 e3b3 a5e5 \
            d1e3 e5g5 e3g4 g5g4 g3h1 i9h9 b3b9 h9h1 b9f9 c4c3 f9i9 e9d10 b10b9 c3d3 e2d3 g4e4 \
            d3e2 f10e9 i9i10 e10f10 g8g10 f10f9 g10g9 f9f10 g9g10 f10f9 g10g9 f9f10";
        assert_eq!(judge(&played("xiangqi", opening)), None);
        let game = played("xiangqi", &format!("{opening} g9g10"));
        let black_wins = Outcome::Decisive {
            winner: Color::Black,
        };
        assert_eq!(judge(&game), Some((black_wins, "repetition".to_owned())));
    }
}
