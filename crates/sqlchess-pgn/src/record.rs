//! [`GameRecord`]: a game as one row of the `games` relation (and of
//! `read_pgn` / `pgn_games`), the same columns in every database.

use crate::game::ParsedGame;

/// The columns of a game row (SPEC.md: `read_pgn`, `games`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// 1-based number of the game in its file.
    pub game_no: u64,
    /// 1-based line where the game starts.
    pub line: u64,
    /// Seven Tag Roster.
    pub event: Option<String>,
    /// `Site`.
    pub site: Option<String>,
    /// `Date`.
    pub date: Option<String>,
    /// `Round`.
    pub round: Option<String>,
    /// `White`.
    pub white: Option<String>,
    /// `Black`.
    pub black: Option<String>,
    /// The result: the movetext's token, else the `Result` tag.
    pub result: String,
    /// `WhiteElo` when it is a number.
    pub white_elo: Option<i64>,
    /// `BlackElo` when it is a number.
    pub black_elo: Option<i64>,
    /// `ECO`; when the tag is missing and the game's positions were
    /// recorded, the code of the deepest named position it reached
    /// ([`crate::openings`]).
    pub eco: Option<String>,
    /// `Opening`, or likewise the name from the opening list.
    pub opening: Option<String>,
    /// `TimeControl`.
    pub time_control: Option<String>,
    /// `Termination`.
    pub termination: Option<String>,
    /// The variant's name (`chess`, `chess960`, …); `None` for a game whose
    /// variant is unknown.
    pub variant: Option<String>,
    /// The start position's FEN.
    pub fen: Option<String>,
    /// The compact game value ([`crate::GameValue`]); `None` for a rejected
    /// game.
    pub game: Option<Vec<u8>>,
    /// Plies of the main line (read before the error, for a rejected game).
    pub ply_count: u64,
    /// The FEN after the last move.
    pub final_fen: Option<String>,
    /// Every tag as a JSON object, in file order.
    pub tags: String,
    /// Why the game was rejected; `None` for a good game.
    pub error: Option<String>,
    /// The Zobrist key of every main-line position (the start first), as
    /// signed integers; empty unless the reader recorded them.
    pub position_keys: Vec<i64>,
    /// The first [`crate::game::OPENING_PLIES`] moves in UCI (with the keys).
    pub opening_ucis: Vec<String>,
    /// Material signatures with the ply where each begins (with the keys).
    pub materials: Vec<(usize, String)>,
}

/// The speed class of a `TimeControl` tag, as the Lichess explorer groups
/// games: the estimated duration `base + 40 × increment` seconds under 30
/// is `ultrabullet`, under 180 `bullet`, under 480 `blitz`, under 1500
/// `rapid`, else `classical`; `-` (no clock) `correspondence`; anything
/// else `unknown`.
///
/// ```
/// use sqlchess_pgn::record::speed_class;
/// assert_eq!(speed_class(Some("180+2")), "blitz");
/// assert_eq!(speed_class(Some("-")), "correspondence");
/// assert_eq!(speed_class(None), "unknown");
/// ```
pub fn speed_class(time_control: Option<&str>) -> &'static str {
    let Some(tc) = time_control.map(str::trim) else {
        return "unknown";
    };
    if tc == "-" {
        return "correspondence";
    }
    let (base, inc) = tc.split_once('+').unwrap_or((tc, "0"));
    match (base.parse::<u64>(), inc.parse::<u64>()) {
        (Ok(b), Ok(i)) => match b.saturating_add(i.saturating_mul(40)) {
            0..30 => "ultrabullet",
            30..180 => "bullet",
            180..480 => "blitz",
            480..1500 => "rapid",
            _ => "classical",
        },
        _ => "unknown",
    }
}

/// The rating band of a game for the explorer: the lower bound, among 0,
/// 1000, 1200, 1400, 1600, 1800, 2000, 2200 and 2500, of the players'
/// average rating; 0 when a rating is missing.
pub fn rating_band(white: Option<i64>, black: Option<i64>) -> i64 {
    const BANDS: [i64; 9] = [0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500];
    match (white, black) {
        (Some(w), Some(b)) => {
            let avg = (w + b) / 2;
            BANDS.iter().rev().copied().find(|&l| avg >= l).unwrap_or(0)
        }
        _ => 0,
    }
}

/// `text` as a JSON string literal.
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    push_json_string(&mut out, text);
    out
}

/// Appends `text` as a JSON string literal: runs that need no escape are
/// copied whole.
fn push_json_string(out: &mut String, text: &str) {
    out.push('"');
    let mut plain = 0;
    for (i, b) in text.bytes().enumerate() {
        let escape = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0..0x20 => "",
            _ => continue,
        };
        out.push_str(&text[plain..i]);
        if escape.is_empty() {
            out.push_str(&format!("\\u{:04x}", b));
        } else {
            out.push_str(escape);
        }
        plain = i + 1;
    }
    out.push_str(&text[plain..]);
    out.push('"');
}

/// Tags as a JSON object; a repeated tag keeps its first value, as
/// [`ParsedGame::tag`] does.
pub fn tags_json(tags: &[(String, String)]) -> String {
    let mut out = String::with_capacity(
        2 + tags
            .iter()
            .map(|(n, v)| n.len() + v.len() + 6)
            .sum::<usize>(),
    );
    out.push('{');
    // A dozen tags a game: a scan of the earlier ones beats hashing, which
    // only a game with many tags needs (to stay linear).
    let mut seen = (tags.len() > 32).then(std::collections::HashSet::new);
    for (i, (name, value)) in tags.iter().enumerate() {
        let repeated = match &mut seen {
            Some(seen) => !seen.insert(name.as_str()),
            None => tags[..i].iter().any(|(n, _)| n == name),
        };
        if repeated {
            continue;
        }
        if out.len() > 1 {
            out.push(',');
        }
        push_json_string(&mut out, name);
        out.push(':');
        push_json_string(&mut out, value);
    }
    out.push('}');
    out
}

/// Reads [`tags_json`]'s output (a JSON object of strings) back; `None`
/// for anything else.
///
/// ```
/// use sqlchess_pgn::record::{parse_tags_json, tags_json};
/// let tags = vec![("White".to_owned(), "A \"B\" \\ é".to_owned())];
/// assert_eq!(parse_tags_json(&tags_json(&tags)), Some(tags));
/// ```
pub fn parse_tags_json(text: &str) -> Option<Vec<(String, String)>> {
    let mut chars = text.trim().chars().peekable();
    let mut out = Vec::new();
    if chars.next()? != '{' {
        return None;
    }
    let string = |chars: &mut std::iter::Peekable<std::str::Chars<'_>>| -> Option<String> {
        while chars.peek()?.is_whitespace() {
            chars.next();
        }
        if chars.next()? != '"' {
            return None;
        }
        let mut s = String::new();
        loop {
            match chars.next()? {
                '"' => return Some(s),
                '\\' => match chars.next()? {
                    'n' => s.push('\n'),
                    'r' => s.push('\r'),
                    't' => s.push('\t'),
                    'u' => {
                        let hex: String = (0..4).filter_map(|_| chars.next()).collect();
                        s.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                    }
                    c => s.push(c),
                },
                c => s.push(c),
            }
        }
    };
    loop {
        while chars.peek()?.is_whitespace() {
            chars.next();
        }
        if chars.peek() == Some(&'}') {
            chars.next();
            return chars.all(char::is_whitespace).then_some(out);
        }
        let name = string(&mut chars)?;
        while chars.peek()?.is_whitespace() {
            chars.next();
        }
        if chars.next()? != ':' {
            return None;
        }
        let value = string(&mut chars)?;
        out.push((name, value));
        while chars.peek()?.is_whitespace() {
            chars.next();
        }
        if chars.peek() == Some(&',') {
            chars.next();
        }
    }
}

impl GameRecord {
    /// The row of `game`.
    pub fn from_parsed(game: &ParsedGame) -> GameRecord {
        let tag = |name: &str| {
            game.tag(name)
                .map(str::to_owned)
                .filter(|v| !v.is_empty() && v != "?")
        };
        let elo = |name: &str| game.tag(name).and_then(|v| v.trim().parse::<i64>().ok());
        let mut error = game.error.as_ref().map(ToString::to_string);
        let value = match (&error, game.value()) {
            (None, Ok(v)) => Some(v),
            (None, Err(e)) => {
                error = Some(format!("game {} (line {}): {e}", game.number, game.line));
                None
            }
            (Some(_), _) => None,
        };
        // The opening from the Lichess list when the tags lack it, by the
        // deepest named position the game reached.
        let named = if tag("ECO").is_none() || tag("Opening").is_none() {
            crate::openings::classify(&game.position_keys)
        } else {
            None
        };
        GameRecord {
            game_no: game.number,
            line: game.line,
            event: tag("Event"),
            site: tag("Site"),
            date: tag("Date"),
            round: tag("Round"),
            white: tag("White"),
            black: tag("Black"),
            result: game.result.clone(),
            white_elo: elo("WhiteElo"),
            black_elo: elo("BlackElo"),
            eco: tag("ECO").or_else(|| named.as_ref().map(|o| o.eco.to_owned())),
            opening: tag("Opening").or_else(|| named.as_ref().map(|o| o.name.to_owned())),
            time_control: tag("TimeControl"),
            termination: tag("Termination"),
            variant: game.start.as_ref().map(|p| p.variant_name().to_owned()),
            fen: game.start.as_ref().map(|p| p.fen()),
            game: value,
            ply_count: game.moves.len() as u64,
            final_fen: game.final_position().map(|p| p.fen()),
            tags: tags_json(&game.tags),
            error,
            position_keys: game.position_keys.iter().map(|&k| k as i64).collect(),
            opening_ucis: game.opening_ucis.clone(),
            materials: game.materials.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_escapes() {
        assert_eq!(json_string("a\"b\\c\n\u{1}"), r#""a\"b\\c\n\u0001""#);
        let tags = vec![
            ("Event".to_owned(), "x".to_owned()),
            ("Event".to_owned(), "y".to_owned()),
            ("White".to_owned(), "Ané".to_owned()),
        ];
        assert_eq!(tags_json(&tags), r#"{"Event":"x","White":"Ané"}"#);
    }
}
