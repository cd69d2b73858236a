//! An owned, rules-agnostic game tree ([`PgnGame`]) and the
//! [`MovetextBuilder`] visitor that builds it from a [`Reader`](crate::Reader).
//!
//! The tree is what the [`writer`](crate::writer) writes; for every game the
//! writer accepts, reading its output back with a [`MovetextBuilder`] gives an
//! equal game (see the crate documentation for the normal form this assumes).

use crate::error::SyntaxError;
use crate::reader::{Control, GameEnd, GameStart, Visitor};

/// One move in a line of play, with its annotations and the variations that
/// are alternatives to it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Node {
    /// The move token as written (SAN, UCI, drop, castling, null move...),
    /// without move number and without `!`/`?` suffixes.
    pub san: String,
    /// Numeric annotation glyphs in order (suffixes `!`, `?`... become 1–6).
    pub nags: Vec<u8>,
    /// Comment after the move (all comments after it, joined by a space).
    pub comment: Option<String>,
    /// Alternatives to this move, in order. Each starts at the same ply as
    /// this move.
    pub variations: Vec<Variation>,
}

/// A variation: an alternative line starting in place of a move.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Variation {
    /// Comment before the first move of the variation.
    pub comment: Option<String>,
    /// The moves of the variation (may be empty).
    pub moves: Vec<Node>,
}

/// A whole game: tags, movetext tree and result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in the order read (or to write; the writer puts the Seven Tag
    /// Roster first).
    pub tags: Vec<(String, String)>,
    /// Comment before the first move of the game.
    pub start_comment: Option<String>,
    /// The main line.
    pub moves: Vec<Node>,
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Full move number of the first move (1 in a game from the usual start).
    pub start_move_number: u32,
    /// Whether the first move is Black's (the second player's).
    pub start_black: bool,
}

impl Default for PgnGame {
    fn default() -> Self {
        PgnGame {
            tags: Vec::new(),
            start_comment: None,
            moves: Vec::new(),
            result: "*".to_string(),
            start_move_number: 1,
            start_black: false,
        }
    }
}

impl PgnGame {
    /// The value of the first tag named `name`, if any.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Why [`MovetextBuilder`] could not build a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// The reader found a syntax error in the game.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// A `(` variation before any move of its line: there is no move for it
    /// to be an alternative to.
    #[error("variation before the first move of its line")]
    VariationWithoutMove,
    /// A NAG or `!`/`?` suffix before any move of its line.
    #[error("nag {0} before the first move of its line")]
    NagWithoutMove(u8),
}

/// A line being built: its leading comment and moves.
#[derive(Default)]
struct Frame {
    comment: Option<String>,
    moves: Vec<Node>,
}

/// A [`Visitor`] that builds a [`PgnGame`] per game.
///
/// Comments are normalized with [`normalize_comment`] (whitespace runs become
/// one space, trimmed; invalid UTF-8 replaced) and several comments in the
/// same place are joined with a space. The starting move number comes from
/// the move number written before the first move of the main line, else from
/// a 6-field `FEN` tag, else 1 for White.
#[derive(Default)]
pub struct MovetextBuilder {
    game: PgnGame,
    stack: Vec<Frame>,
    error: Option<BuildError>,
    start_number: Option<(u32, bool)>,
}

impl MovetextBuilder {
    /// A new builder.
    pub fn new() -> Self {
        Self::default()
    }

    fn top(&mut self) -> &mut Frame {
        if self.stack.is_empty() {
            self.stack.push(Frame::default());
        }
        let last = self.stack.len() - 1;
        &mut self.stack[last]
    }

    fn set_error(&mut self, e: BuildError) {
        if self.error.is_none() {
            self.error = Some(e);
        }
    }
}

/// Normalizes comment text: every run of ASCII whitespace becomes one space,
/// leading and trailing whitespace is removed, invalid UTF-8 is replaced by
/// U+FFFD.
pub fn normalize_comment(text: &[u8]) -> String {
    let text = String::from_utf8_lossy(text);
    let mut out = String::with_capacity(text.len());
    for word in text.split_ascii_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

fn append_comment(slot: &mut Option<String>, text: &[u8]) {
    let text = normalize_comment(text);
    match slot {
        Some(existing) if !existing.is_empty() => {
            if !text.is_empty() {
                existing.push(' ');
                existing.push_str(&text);
            }
        }
        _ => *slot = Some(text),
    }
}

/// Parses the side to move and full move number of a FEN-like string with at
/// least six fields (`... w KQkq - 0 1`).
fn fen_start(fen: &str) -> Option<(u32, bool)> {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    if fields.len() < 6 {
        return None;
    }
    let black = match fields[1] {
        "w" | "W" => false,
        "b" | "B" => true,
        _ => return None,
    };
    let number = fields[fields.len() - 1].parse().ok()?;
    Some((number, black))
}

impl Visitor for MovetextBuilder {
    type Output = Result<PgnGame, BuildError>;

    fn begin_game(&mut self, _info: &GameStart) -> Control {
        self.game = PgnGame::default();
        self.stack.clear();
        self.stack.push(Frame::default());
        self.error = None;
        self.start_number = None;
        Control::Continue
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        self.game.tags.push((
            String::from_utf8_lossy(name).into_owned(),
            String::from_utf8_lossy(value).into_owned(),
        ));
    }

    fn move_number(&mut self, number: u32, black: bool) {
        if self.stack.len() == 1 && self.stack[0].moves.is_empty() {
            self.start_number = Some((number, black));
        }
    }

    fn san(&mut self, token: &[u8]) -> Control {
        let san = String::from_utf8_lossy(token).into_owned();
        self.top().moves.push(Node {
            san,
            ..Node::default()
        });
        Control::Continue
    }

    fn nag(&mut self, nag: u8) {
        match self.top().moves.last_mut() {
            Some(node) => node.nags.push(nag),
            None => self.set_error(BuildError::NagWithoutMove(nag)),
        }
    }

    fn comment(&mut self, text: &[u8]) {
        let frame = self.top();
        match frame.moves.last_mut() {
            Some(node) => append_comment(&mut node.comment, text),
            None => append_comment(&mut frame.comment, text),
        }
    }

    fn begin_variation(&mut self) -> Control {
        if self.top().moves.is_empty() {
            self.set_error(BuildError::VariationWithoutMove);
            return Control::Skip;
        }
        self.stack.push(Frame::default());
        Control::Continue
    }

    fn end_variation(&mut self) {
        if self.stack.len() < 2 {
            return;
        }
        let Some(frame) = self.stack.pop() else {
            return;
        };
        if let Some(node) = self.top().moves.last_mut() {
            node.variations.push(Variation {
                comment: frame.comment,
                moves: frame.moves,
            });
        }
    }

    fn result(&mut self, token: &[u8]) {
        self.game.result = String::from_utf8_lossy(token).into_owned();
    }

    fn end_game(&mut self, info: &GameEnd) -> Self::Output {
        let mut game = std::mem::take(&mut self.game);
        self.stack.truncate(1);
        let main = self.stack.pop().unwrap_or_default();
        game.start_comment = main.comment;
        game.moves = main.moves;
        let start = self
            .start_number
            .filter(|_| !game.moves.is_empty())
            .or_else(|| game.tag("FEN").and_then(fen_start));
        if let Some((number, black)) = start {
            game.start_move_number = number;
            game.start_black = black;
        }
        if let Some(e) = &info.error {
            return Err(BuildError::Syntax(e.clone()));
        }
        match self.error.take() {
            Some(e) => Err(e),
            None => Ok(game),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Reader;

    fn build(pgn: &str) -> Vec<Result<PgnGame, BuildError>> {
        let mut reader = Reader::new(pgn.as_bytes());
        let mut b = MovetextBuilder::new();
        let mut out = Vec::new();
        while let Some(g) = reader.read_game(&mut b).unwrap() {
            out.push(g);
        }
        out
    }

    #[test]
    fn builds_tree() {
        let games = build(
            "[Event \"E\"]\n\n{start} 1. e4 $1 {after\n  e4} {more} (1. d4 {d} d5 (1... Nf6)) 1... e5?! 0-1\n",
        );
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.tags, [("Event".to_string(), "E".to_string())]);
        assert_eq!(g.start_comment.as_deref(), Some("start"));
        assert_eq!(g.result, "0-1");
        assert_eq!(g.moves.len(), 2);
        let e4 = &g.moves[0];
        assert_eq!(e4.san, "e4");
        assert_eq!(e4.nags, [1]);
        assert_eq!(e4.comment.as_deref(), Some("after e4 more"));
        assert_eq!(e4.variations.len(), 1);
        let var = &e4.variations[0];
        assert_eq!(var.moves[0].san, "d4");
        assert_eq!(var.moves[0].comment.as_deref(), Some("d"));
        assert_eq!(var.moves[1].variations[0].moves[0].san, "Nf6");
        assert_eq!(g.moves[1].nags, [6]);
    }

    #[test]
    fn start_number_from_move_number_or_fen() {
        let g = build("12... Nf6 13. c4 *")[0].clone().unwrap();
        assert_eq!((g.start_move_number, g.start_black), (12, true));
        let g = build("[FEN \"8/8/8/8/8/8/8/K6k b - - 0 40\"]\n\n*")[0]
            .clone()
            .unwrap();
        assert_eq!((g.start_move_number, g.start_black), (40, true));
        let g = build("e4 e5 *")[0].clone().unwrap();
        assert_eq!((g.start_move_number, g.start_black), (1, false));
    }

    #[test]
    fn structural_errors() {
        assert_eq!(
            build("(1. d4) 1. e4 *")[0],
            Err(BuildError::VariationWithoutMove)
        );
        assert_eq!(build("$1 1. e4 *")[0], Err(BuildError::NagWithoutMove(1)));
        assert!(matches!(build("1. e4 ) *")[0], Err(BuildError::Syntax(_))));
    }

    #[test]
    fn normalizes_comments() {
        assert_eq!(normalize_comment(b"  a \r\n\t b  "), "a b");
        assert_eq!(normalize_comment(b"\xFF"), "\u{FFFD}");
        assert_eq!(normalize_comment(b""), "");
    }
}
