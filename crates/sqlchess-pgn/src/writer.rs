//! Rules-agnostic PGN writer for [`PgnGame`] trees.
//!
//! Output follows the PGN export format where it does not need chess rules:
//!
//! * The Seven Tag Roster (Event, Site, Date, Round, White, Black, Result)
//!   comes first in that order, with `?` (`????.??.??` for Date) for missing
//!   tags; a missing Result tag gets the game's result token. Other tags follow
//!   in their given order. Values are escaped (`\"`, `\\`).
//! * Movetext has move numbers (`12.` before White's moves, `12...` before a
//!   Black move that starts a line or follows a comment or variation), NAGs as
//!   `$n`, comments in braces, variations in parentheses and the result last.
//! * Lines are at most 79 characters, unless a single token is longer; tag
//!   lines are never wrapped. A blank line follows the tags and the game.
//!
//! Comments are written in normal form ([`normalize_comment`]), with every
//! `}` dropped since PGN has no way to escape it. Comment words are never
//! moved to the start of a line if they begin with `%` or look like the start
//! of a tag (`[` followed by a letter), so that readers cannot mistake them for
//! an escape line or the next game.

use std::io::{self, Write};

use crate::reader::{is_token_byte, MAX_TOKEN_LEN};
use crate::tree::{normalize_comment, Node, PgnGame};

/// Longest movetext line written, in characters.
pub const MAX_LINE_LEN: usize = 79;

/// Deepest nesting of variations the writer accepts (the reader's default).
pub const MAX_DEPTH: u32 = 256;

/// The Seven Tag Roster names in export order.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Why a game could not be written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// The output failed.
    #[error("write failed: {0}")]
    Io(#[from] io::Error),
    /// A tag name that is empty or has characters other than ASCII letters,
    /// digits and `_`.
    #[error("invalid tag name {0:?}")]
    InvalidTagName(String),
    /// A tag value containing a line break.
    #[error("line break in value of tag {0:?}")]
    InvalidTagValue(String),
    /// A move token the reader would not read back as one move: empty, too
    /// long, containing characters other than letters, digits and
    /// `+#=-@/:~_.`, containing `!`/`?` (use NAGs), or looking like a move
    /// number or result.
    #[error("invalid move token {0:?}")]
    InvalidSan(String),
    /// A result other than `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[error("invalid result {0:?}")]
    InvalidResult(String),
    /// Variations nested deeper than [`MAX_DEPTH`].
    #[error("variations nested deeper than {0} levels")]
    TooDeep(u32),
}

fn quoted(s: &str) -> String {
    crate::error::quote(s.as_bytes())
}

/// Whether `san` is a token the reader reads back as exactly one move.
pub fn is_writable_san(san: &str) -> bool {
    let b = san.as_bytes();
    if b.is_empty() || b.len() > MAX_TOKEN_LEN {
        return false;
    }
    if !b
        .iter()
        .all(|&c| is_token_byte(c) && c != b'!' && c != b'?')
    {
        return false;
    }
    if b[0] == b'.' {
        return false;
    }
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits > 0 && digits < b.len() && b[digits] == b'.' {
        return false;
    }
    !is_result(san)
}

fn is_result(s: &str) -> bool {
    matches!(s, "1-0" | "0-1" | "1/2-1/2" | "*")
}

fn is_tag_name(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= MAX_TOKEN_LEN
        && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Escapes a tag value: `\` → `\\`, `"` → `\"`.
pub fn escape_tag_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Writes one game followed by a blank line. Nothing is written if the game
/// is invalid (the whole game is formatted before writing).
pub fn write_game<W: Write>(out: &mut W, game: &PgnGame) -> Result<(), WriteError> {
    let text = game_to_string(game)?;
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// Formats one game, followed by a blank line, as a string.
pub fn game_to_string(game: &PgnGame) -> Result<String, WriteError> {
    let mut s = String::new();
    write_tags(&mut s, game)?;
    s.push('\n');
    let mut mt = Movetext::new(game);
    mt.line(game.start_comment.as_deref(), &game.moves, 0, 0)?;
    if !is_result(&game.result) {
        return Err(WriteError::InvalidResult(quoted(&game.result)));
    }
    mt.push(&game.result);
    mt.flush_unit();
    s.push_str(&mt.out);
    s.push_str("\n\n");
    Ok(s)
}

impl PgnGame {
    /// Formats the game as PGN; see [`game_to_string`].
    pub fn to_pgn(&self) -> Result<String, WriteError> {
        game_to_string(self)
    }
}

fn write_tag(s: &mut String, name: &str, value: &str) -> Result<(), WriteError> {
    if !is_tag_name(name) {
        return Err(WriteError::InvalidTagName(quoted(name)));
    }
    if value.contains(['\n', '\r']) {
        return Err(WriteError::InvalidTagValue(quoted(name)));
    }
    s.push('[');
    s.push_str(name);
    s.push_str(" \"");
    s.push_str(&escape_tag_value(value));
    s.push_str("\"]\n");
    Ok(())
}

fn write_tags(s: &mut String, game: &PgnGame) -> Result<(), WriteError> {
    for name in SEVEN_TAG_ROSTER {
        let default = match name {
            "Date" => "????.??.??",
            "Result" => game.result.as_str(),
            _ => "?",
        };
        let value = game.tag(name).unwrap_or(default);
        write_tag(s, name, value)?;
    }
    let mut seen = [false; 7];
    for (name, value) in &game.tags {
        if let Some(i) = SEVEN_TAG_ROSTER.iter().position(|n| n == name) {
            // The first occurrence was written with the roster; later
            // duplicates keep their place among the other tags.
            if !seen[i] {
                seen[i] = true;
                continue;
            }
        }
        write_tag(s, name, value)?;
    }
    Ok(())
}

/// Movetext layout: tokens are grouped into unbreakable units (`(` glued to
/// the next token, `)` and `}` to the previous one) and units are wrapped.
struct Movetext {
    out: String,
    col: usize,
    unit: String,
    glue_next: bool,
    base_ply: u64,
}

impl Movetext {
    fn new(game: &PgnGame) -> Self {
        Movetext {
            out: String::new(),
            col: 0,
            unit: String::new(),
            glue_next: false,
            base_ply: 2 * u64::from(game.start_move_number) + u64::from(game.start_black),
        }
    }

    fn flush_unit(&mut self) {
        if self.unit.is_empty() {
            return;
        }
        let len = self.unit.chars().count();
        if self.col > 0 {
            if self.col + 1 + len > MAX_LINE_LEN {
                self.out.push('\n');
                self.col = 0;
            } else {
                self.out.push(' ');
                self.col += 1;
            }
        }
        self.out.push_str(&self.unit);
        self.col += len;
        self.unit.clear();
    }

    /// Starts a new unit with `t` (or extends the current one after `(`).
    fn push(&mut self, t: &str) {
        if !self.glue_next {
            self.flush_unit();
        }
        self.glue_next = false;
        self.unit.push_str(t);
    }

    /// Appends `t` to the current unit after a space, keeping it on the same
    /// line as the previous word.
    fn push_joined(&mut self, t: &str) {
        if self.unit.is_empty() || self.glue_next {
            self.push(t);
        } else {
            self.unit.push(' ');
            self.unit.push_str(t);
        }
    }

    fn open_paren(&mut self) {
        self.flush_unit();
        self.unit.push('(');
        self.glue_next = true;
    }

    fn close_paren(&mut self) {
        self.unit.push(')');
        self.glue_next = false;
    }

    fn comment(&mut self, text: &str) {
        let text: String = normalize_comment(text.as_bytes()).replace('}', "");
        let text = normalize_comment(text.as_bytes());
        if text.is_empty() {
            self.push("{}");
            return;
        }
        let mut first = true;
        for word in text.split(' ') {
            if first {
                self.push("{");
                self.unit.push_str(word);
                first = false;
            } else {
                let b = word.as_bytes();
                let risky =
                    b[0] == b'%' || (b[0] == b'[' && b.len() > 1 && b[1].is_ascii_alphabetic());
                if risky {
                    self.push_joined(word);
                } else {
                    self.push(word);
                }
            }
        }
        self.unit.push('}');
    }

    fn number(&mut self, ply: u64, black: bool) {
        let n = ply / 2;
        if black {
            self.push(&format!("{n}..."));
        } else {
            self.push(&format!("{n}."));
        }
    }

    fn line(
        &mut self,
        comment: Option<&str>,
        nodes: &[Node],
        ply: u64,
        depth: u32,
    ) -> Result<(), WriteError> {
        if depth > MAX_DEPTH {
            return Err(WriteError::TooDeep(MAX_DEPTH));
        }
        let mut need_number = true;
        if let Some(c) = comment {
            self.comment(c);
        }
        for (i, node) in nodes.iter().enumerate() {
            if !is_writable_san(&node.san) {
                return Err(WriteError::InvalidSan(quoted(&node.san)));
            }
            let abs = self.base_ply + ply + i as u64;
            let black = abs % 2 == 1;
            if !black || need_number {
                self.number(abs, black);
            }
            self.push(&node.san);
            need_number = false;
            for nag in &node.nags {
                self.push(&format!("${nag}"));
            }
            if let Some(c) = &node.comment {
                self.comment(c);
                need_number = true;
            }
            for var in &node.variations {
                self.open_paren();
                self.line(
                    var.comment.as_deref(),
                    &var.moves,
                    ply + i as u64,
                    depth + 1,
                )?;
                self.close_paren();
                need_number = true;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::Variation;

    fn node(san: &str) -> Node {
        Node {
            san: san.into(),
            ..Node::default()
        }
    }

    #[test]
    fn writes_str_defaults_and_order() {
        let game = PgnGame {
            tags: vec![
                ("ECO".into(), "C20".into()),
                ("White".into(), "Say \"hi\" \\o/".into()),
                ("Event".into(), "E".into()),
            ],
            moves: vec![node("e4"), node("e5")],
            result: "1-0".into(),
            ..PgnGame::default()
        };
        let s = game.to_pgn().unwrap();
        assert_eq!(
            s,
            "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
             [White \"Say \\\"hi\\\" \\\\o/\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n\n\
             1. e4 e5 1-0\n\n"
        );
    }

    #[test]
    fn move_numbers_comments_variations() {
        let mut e4 = node("e4");
        e4.nags = vec![1, 14];
        e4.comment = Some("best }by\ntest".into());
        e4.variations = vec![Variation {
            comment: Some("or".into()),
            moves: vec![node("d4"), node("d5")],
        }];
        let game = PgnGame {
            start_comment: Some("start".into()),
            moves: vec![e4, node("e5"), node("Nf3")],
            ..PgnGame::default()
        };
        let s = game.to_pgn().unwrap();
        let movetext = s.split("\n\n").nth(1).unwrap();
        assert_eq!(
            movetext,
            "{start} 1. e4 $1 $14 {best by test} ({or} 1. d4 d5) 1... e5 2. Nf3 *"
        );
        let black_start = PgnGame {
            moves: vec![node("Nf6"), node("c4")],
            start_move_number: 12,
            start_black: true,
            ..PgnGame::default()
        };
        assert!(black_start
            .to_pgn()
            .unwrap()
            .ends_with("\n12... Nf6 13. c4 *\n\n"));
    }

    #[test]
    fn wraps_at_79_columns() {
        let moves: Vec<Node> = (0..200)
            .map(|i| node(if i % 2 == 0 { "Nf3" } else { "Nf6" }))
            .collect();
        let mut game = PgnGame {
            moves,
            ..PgnGame::default()
        };
        game.moves[3].comment = Some("word ".repeat(60));
        let s = game.to_pgn().unwrap();
        for line in s.lines() {
            assert!(line.chars().count() <= MAX_LINE_LEN, "{line:?}");
        }
        // A single over-long token stays whole.
        let long = "a".repeat(100);
        game.moves[0].san = long.clone();
        let s = game.to_pgn().unwrap();
        assert!(s.lines().any(|l| l == format!("1. {long}") || l == long));
    }

    #[test]
    fn risky_comment_words_not_at_line_start() {
        let text = format!("{} [Event \"x\"] %y", "w".repeat(70));
        let game = PgnGame {
            start_comment: Some(text),
            ..PgnGame::default()
        };
        let s = game.to_pgn().unwrap();
        let movetext = s.split("\n\n").nth(1).unwrap();
        for line in movetext.lines() {
            assert!(!line.starts_with('[') && !line.starts_with('%'), "{line:?}");
        }
    }

    #[test]
    fn rejects_unwritable_games() {
        let bad = |f: &dyn Fn(&mut PgnGame)| {
            let mut g = PgnGame {
                moves: vec![node("e4")],
                ..PgnGame::default()
            };
            f(&mut g);
            g.to_pgn().unwrap_err()
        };
        assert!(matches!(
            bad(&|g| g.moves[0].san = "e4!".into()),
            WriteError::InvalidSan(_)
        ));
        assert!(matches!(
            bad(&|g| g.moves[0].san = "1.e4".into()),
            WriteError::InvalidSan(_)
        ));
        assert!(matches!(
            bad(&|g| g.moves[0].san = "1-0".into()),
            WriteError::InvalidSan(_)
        ));
        assert!(matches!(
            bad(&|g| g.moves[0].san = "e 4".into()),
            WriteError::InvalidSan(_)
        ));
        assert!(matches!(
            bad(&|g| g.result = "2-0".into()),
            WriteError::InvalidResult(_)
        ));
        assert!(matches!(
            bad(&|g| g.tags.push(("Bad Name".into(), "x".into()))),
            WriteError::InvalidTagName(_)
        ));
        assert!(matches!(
            bad(&|g| g.tags.push(("Note".into(), "a\nb".into()))),
            WriteError::InvalidTagValue(_)
        ));
        assert_eq!(
            bad(&|g| g.moves[0].san = String::new()).to_string(),
            "invalid move token \"\""
        );
    }
}
