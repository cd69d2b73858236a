//! Games read from PGN with every move checked by the rules facade:
//! [`GameReader`] is the [`Visitor`] that resolves each move token against
//! the position as it streams (no tree, no text kept per move), and
//! [`ParsedGame`] what it gives — tags, start, moves, annotations, result,
//! and for a game that cannot be read, the reason naming the game, its first
//! line and the move.

use std::fmt;

use sqlchess_rules::{IndexedMove, Move, MoveError, Position, UnknownVariant, Variant};

use crate::annotations::{clock_and_eval, parse_comment_bytes, Eval};
use crate::error::SyntaxError;
use crate::reader::{Control, GameEnd, GameStart, Visitor};
use crate::value::{step, Annotation, GameValue, GameValueError};

/// Why a game was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameErrorKind {
    /// The PGN is malformed.
    #[error("{0}")]
    Syntax(SyntaxError),
    /// The `Variant` tag names a variant sqlchess does not play.
    #[error("{0}")]
    Variant(UnknownVariant),
    /// The `FEN` tag is not a position of the variant.
    #[error("invalid FEN tag: {0}")]
    Fen(sqlchess_rules::FenError),
    /// A move that is malformed, illegal or ambiguous where it stands.
    #[error("move {number}{dots} {source} (ply {ply}{in_variation})", dots = if *.black { "..." } else { "." }, in_variation = if *.in_variation { ", in a variation" } else { "" })]
    Move {
        /// The 1-based ply of the main line where it stands (of the
        /// variation's own line when in a variation).
        ply: usize,
        /// The move number.
        number: u32,
        /// Whether it is Black's move.
        black: bool,
        /// Whether the move is inside a variation.
        in_variation: bool,
        /// Why.
        source: MoveError,
    },
}

/// A rejected game: the reason, with the game's number and first line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameError {
    /// The 1-based number of the game in its file.
    pub game: u64,
    /// The 1-based line where the game starts.
    pub line: u64,
    /// What is wrong.
    pub kind: GameErrorKind,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {} (line {}): {}", self.game, self.line, self.kind)
    }
}

impl std::error::Error for GameError {}

/// The variant a PGN `Variant` tag names, in the spellings Lichess,
/// python-chess and Fairy-Stockfish write (`Standard`, `Chess960`,
/// `From Position`, `crazyhouse`, `Fischerandom`, …); case, spaces and
/// hyphens are ignored.
///
/// ```
/// use sqlchess_pgn::variant_from_tag;
/// assert_eq!(variant_from_tag("Standard").unwrap().name(), "chess");
/// assert_eq!(variant_from_tag("Chess960").unwrap().name(), "chess960");
/// assert_eq!(variant_from_tag("Capablanca").unwrap().name(), "capablanca");
/// assert!(variant_from_tag("Nonsense").is_err());
/// ```
///
/// # Errors
/// [`UnknownVariant`] for a variant sqlchess does not play.
pub fn variant_from_tag(tag: &str) -> Result<Variant, UnknownVariant> {
    // No tag, or an empty one, is standard chess; every spelling of a name
    // is the facade's to resolve.
    if tag.trim().is_empty() {
        return Ok(Variant::chess());
    }
    Variant::builtin(tag)
}

/// A game read from PGN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedGame {
    /// The 1-based number of the game in its file.
    pub number: u64,
    /// The 1-based line where the game starts.
    pub line: u64,
    /// The tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The start position; `None` when the tags do not give one.
    pub start: Option<Position>,
    /// The main line's moves, each checked; `None` is a null move. For a
    /// rejected game, the moves before the bad one.
    pub moves: Vec<Option<Move>>,
    /// Comments, NAGs, clocks and evaluations of the main line by ply.
    pub annotations: Vec<(usize, Annotation)>,
    /// The result token (the `Result` tag when the movetext has none).
    pub result: String,
    /// Each main-line move's index among its position's legal moves and the
    /// number of legal moves there where it was counted (the game value's
    /// encoding, found while reading; see [`GameValue::encode_indexed`]).
    /// Empty when the reader was told not to record them
    /// ([`GameReader::with_move_indices`]).
    pub indices: Vec<(u16, Option<u16>)>,
    /// The position after the last main-line move read.
    pub end: Option<Position>,
    /// The Zobrist hash of every main-line position, the start first, when
    /// the reader was asked for them ([`GameReader::with_position_keys`]).
    pub position_keys: Vec<u64>,
    /// With the keys: the first [`OPENING_PLIES`] main-line moves in UCI
    /// (what the opening explorer aggregates).
    pub opening_ucis: Vec<String>,
    /// With the keys: the material signature ([`Position::material`]) at
    /// the start and after each move that changed it, with the ply.
    pub materials: Vec<(usize, String)>,
    /// Why the game was rejected; `None` for a good game.
    pub error: Option<GameError>,
}

impl ParsedGame {
    /// A game with nothing read yet: number `number`, starting at `line`.
    pub fn empty(number: u64, line: u64) -> ParsedGame {
        ParsedGame {
            number,
            line,
            tags: Vec::new(),
            start: None,
            moves: Vec::new(),
            annotations: Vec::new(),
            result: String::new(),
            indices: Vec::new(),
            end: None,
            position_keys: Vec::new(),
            opening_ucis: Vec::new(),
            materials: Vec::new(),
            error: None,
        }
    }

    /// The value of the first tag named `name` (case-sensitive, as PGN).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position after the last move read.
    pub fn final_position(&self) -> Option<Position> {
        if let Some(end) = &self.end {
            return Some(end.clone());
        }
        let mut pos = self.start.clone()?;
        for mv in &self.moves {
            pos = step(&pos, *mv)?;
        }
        Some(pos)
    }

    /// The compact game value of a good game.
    ///
    /// # Errors
    /// [`GameValueError`] if the game has no start position (a rejected
    /// game) or cannot be packed.
    pub fn value(&self) -> Result<Vec<u8>, GameValueError> {
        let start = self
            .start
            .as_ref()
            .ok_or(GameValueError::Invalid("game without a start position"))?;
        if self.indices.len() == self.moves.len() {
            return GameValue::encode_indexed(
                start,
                &self.indices,
                &self.annotations,
                &self.result,
            );
        }
        GameValue::encode(start, &self.moves, &self.annotations, &self.result)
    }
}

/// The plies of each game the opening explorer aggregates.
pub const OPENING_PLIES: usize = 30;

/// One line being replayed: the main line, or a variation.
#[derive(Clone)]
struct Line {
    /// The position before the last move of this line (where a variation
    /// on that move starts).
    before_last: Position,
    /// The current position.
    current: Position,
    /// Plies played in this line.
    plies: usize,
}

/// The [`Visitor`] that checks every move as it streams by.
///
/// ```
/// use sqlchess_pgn::{GameReader, Reader};
/// let pgn = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 {[%clk 0:05:00]} Nc6 3. Bb5 a6 1/2-1/2\n\n1. e4 Ke7?? 0-1\n";
/// let mut reader = Reader::new(pgn.as_bytes());
/// let mut visitor = GameReader::new();
/// let good = reader.read_game(&mut visitor).unwrap().unwrap();
/// assert!(good.error.is_none());
/// assert_eq!(good.moves.len(), 6);
/// let bad = reader.read_game(&mut visitor).unwrap().unwrap();
/// assert!(bad.error.unwrap().to_string().starts_with("game 2 (line 5): move 1... illegal move \"Ke7\""));
/// ```
#[derive(Default)]
pub struct GameReader {
    game: Option<ParsedGame>,
    /// The main line first, then the variations being read.
    lines: Vec<Line>,
    /// Variations nested in a variation that could not be replayed.
    dead_depth: u32,
    /// The next move's number and side, from the main line.
    number: u32,
    black: bool,
    /// Whether to record [`ParsedGame::position_keys`].
    keys: bool,
    /// Whether to leave [`ParsedGame::indices`] empty (see
    /// [`GameReader::with_move_indices`]).
    no_indices: bool,
}

impl GameReader {
    /// A reader for games of any variant (each game's tags say which).
    pub fn new() -> GameReader {
        GameReader::default()
    }

    /// Also records the Zobrist hash of every main-line position
    /// ([`ParsedGame::position_keys`]), as an importer needs them.
    pub fn with_position_keys(mut self, keys: bool) -> GameReader {
        self.keys = keys;
        self
    }

    /// Whether to record each move's index among the legal moves
    /// ([`ParsedGame::indices`], what the game value is written from):
    /// `true` by default. Without them a chess move is resolved from its
    /// target square, without a pass of the move generator, which makes a
    /// reader that only checks moves (or keeps them as moves) about 1.5
    /// times as fast; [`ParsedGame::value`] then finds the indices itself.
    pub fn with_move_indices(mut self, indices: bool) -> GameReader {
        self.no_indices = !indices;
        self
    }

    fn fail(&mut self, kind: GameErrorKind) -> Control {
        if let Some(g) = &mut self.game {
            if g.error.is_none() {
                g.error = Some(GameError {
                    game: g.number,
                    line: g.line,
                    kind,
                });
            }
        }
        Control::Skip
    }
}

/// The start position the tags of `g` give: `Variant`, then `FEN`.
fn start_of(g: &ParsedGame) -> Result<Position, GameErrorKind> {
    let variant =
        variant_from_tag(g.tag("Variant").unwrap_or("")).map_err(GameErrorKind::Variant)?;
    match g.tag("FEN") {
        // A Chess960 game from a FEN keeps its Chess960 castling.
        Some(fen) => Position::from_fen(&variant, fen).map_err(GameErrorKind::Fen),
        None => Ok(Position::start(&variant)),
    }
}

/// `bytes` as a `String`, invalid UTF-8 replaced: the strict check first,
/// which is much faster than the lossy one on the valid text of nearly
/// every tag.
fn owned_text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    }
}

/// The move text without check marks, with castling written with zeros
/// read as letters.
fn clean(token: &[u8]) -> Option<&str> {
    let mut end = token.len();
    while end > 0 && matches!(token[end - 1], b'+' | b'#') {
        end -= 1;
    }
    std::str::from_utf8(&token[..end]).ok()
}

impl Visitor for GameReader {
    type Output = ParsedGame;

    fn begin_game(&mut self, info: &GameStart) -> Control {
        self.game = Some(ParsedGame::empty(info.number, info.line));
        self.lines.clear();
        self.dead_depth = 0;
        Control::Continue
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        if let Some(g) = &mut self.game {
            g.tags.push((owned_text(name), owned_text(value)));
        }
    }

    fn begin_movetext(&mut self) -> Control {
        let start = match &self.game {
            Some(g) => start_of(g),
            None => return Control::Skip,
        };
        match start {
            Ok(pos) => {
                self.number = pos.fullmoves();
                self.black = !pos.white_to_move();
                let keys = self.keys;
                if let Some(g) = &mut self.game {
                    if keys {
                        g.position_keys.push(pos.zobrist());
                        g.materials.push((0, pos.material()));
                    }
                    g.start = Some(pos.clone());
                    // Room for a typical game's moves and per-move
                    // annotations (a clock on every move), so that they
                    // do not grow by reallocation a few plies at a time.
                    g.moves.reserve(128);
                    g.indices.reserve(128);
                    g.annotations.reserve(128);
                }
                self.lines.push(Line {
                    before_last: pos.clone(),
                    current: pos,
                    plies: 0,
                });
                Control::Continue
            }
            Err(kind) => self.fail(kind),
        }
    }

    fn san(&mut self, token: &[u8]) -> Control {
        let in_variation = self.lines.len() > 1;
        let Some(line) = self.lines.last_mut() else {
            return Control::Skip;
        };
        let text = clean(token).unwrap_or("");
        let is_null = matches!(text, "--" | "Z0" | "0000" | "@@@@");
        // The move's UCI for the opening explorer, from the position before
        // it: only for the main line's keys.
        let keep_uci = self.keys && !in_variation;
        // Each branch plays its move on the line as it reads it: the
        // positions are not carried out of the branch.
        let indices = !self.no_indices;
        let played = if is_null {
            let count = if indices {
                line.current.count_legal() as usize
            } else {
                0
            };
            match line.current.null_move() {
                Some(next) => {
                    line.before_last = std::mem::replace(&mut line.current, next);
                    Ok((
                        None,
                        keep_uci.then(|| "0000".to_owned()),
                        count,
                        Some(count),
                    ))
                }
                None => Err(MoveError::Illegal {
                    text: sqlchess_rules::Quoted::new(text),
                }),
            }
        } else {
            // Castling written with zeros, and a pawn drop without its
            // letter (`@c5`, as python-chess writes it); other moves are
            // read as they stand, without copying.
            let fixed;
            let text = if text.starts_with('0') {
                fixed = text.replace('0', "O");
                fixed.as_str()
            } else if text.starts_with('@') {
                fixed = format!("P{text}");
                fixed.as_str()
            } else {
                text
            };
            let found = if indices {
                line.current.parse_move_indexed(text)
            } else {
                line.current.parse_move(text).map(|mv| IndexedMove {
                    mv,
                    index: 0,
                    count: None,
                })
            };
            match found {
                Ok(found) => {
                    let uci = keep_uci.then(|| line.current.uci(found.mv));
                    line.before_last.clone_from(&line.current);
                    line.current.play_unchecked_in_place(found.mv);
                    Ok((Some(found.mv), uci, found.index, found.count))
                }
                Err(e) => Err(e),
            }
        };
        match played {
            Ok((mv, uci, index, count)) => {
                line.plies += 1;
                if !in_variation {
                    let key = self.keys.then(|| line.current.zobrist());
                    // Material changes only on a capture, promotion or drop.
                    let material = (self.keys
                        && mv.is_some_and(|m| {
                            line.before_last.captured_piece(m).is_some()
                                || line.before_last.promotion(m).is_some()
                                || line.before_last.move_from(m) == line.before_last.move_to(m)
                        }))
                    .then(|| line.current.material());
                    if let Some(g) = &mut self.game {
                        g.moves.push(mv);
                        if indices {
                            g.indices.push((index as u16, count.map(|n| n as u16)));
                        }
                        let ply = g.moves.len();
                        g.position_keys.extend(key);
                        if ply <= OPENING_PLIES {
                            g.opening_ucis.extend(uci);
                        }
                        if let Some(m) = material {
                            if g.materials.last().is_none_or(|(_, last)| *last != m) {
                                g.materials.push((ply, m));
                            }
                        }
                    }
                    if self.black {
                        self.number = self.number.saturating_add(1);
                    }
                    self.black = !self.black;
                }
                Control::Continue
            }
            Err(source) => {
                let (number, black, ply) = if in_variation {
                    (0, false, line.plies + 1)
                } else {
                    let ply = self.game.as_ref().map_or(0, |g| g.moves.len()) + 1;
                    (self.number, self.black, ply)
                };
                self.fail(GameErrorKind::Move {
                    ply,
                    number,
                    black,
                    in_variation,
                    source,
                })
            }
        }
    }

    fn move_number(&mut self, _number: u32, _black: bool) {}

    fn nag(&mut self, nag: u8) {
        if self.lines.len() != 1 {
            return;
        }
        if let Some(g) = &mut self.game {
            let ply = g.moves.len();
            match g.annotations.last_mut() {
                Some((p, Annotation::Nags(nags))) if *p == ply => nags.push(nag),
                _ => g.annotations.push((ply, Annotation::Nags(vec![nag]))),
            }
        }
    }

    fn comment(&mut self, text: &[u8]) {
        if self.lines.len() > 1 {
            return;
        }
        let Some(g) = &mut self.game else {
            return;
        };
        let ply = g.moves.len();
        // Lichess's order: the evaluation, then the clock.
        let push = |g: &mut ParsedGame, eval: Option<Eval>, clock: Option<u32>| {
            match eval {
                Some(Eval::Centipawns(cp)) => g.annotations.push((ply, Annotation::Centipawns(cp))),
                Some(Eval::Mate(n)) => g.annotations.push((ply, Annotation::Mate(n))),
                None => {}
            }
            if let Some(c) = clock {
                g.annotations.push((ply, Annotation::Clock(c)));
            }
        };
        if let Some((eval, clock)) = clock_and_eval(text) {
            push(g, eval, clock);
            return;
        }
        let parsed = parse_comment_bytes(text);
        push(g, parsed.eval, parsed.clock_centis);
        // The text left is already trimmed: kept as it is, not copied.
        if !parsed.text.is_empty() {
            g.annotations.push((ply, Annotation::Comment(parsed.text)));
        }
    }

    fn begin_variation(&mut self) -> Control {
        // A variation replaces the last move of the line it is in.
        let Some(parent) = self.lines.last() else {
            return Control::Skip;
        };
        let start = parent.before_last.clone();
        self.lines.push(Line {
            before_last: start.clone(),
            current: start,
            plies: 0,
        });
        Control::Continue
    }

    fn end_variation(&mut self) {
        if self.lines.len() > 1 {
            self.lines.pop();
        }
    }

    fn result(&mut self, token: &[u8]) {
        if let Some(g) = &mut self.game {
            g.result = owned_text(token);
        }
    }

    fn end_game(&mut self, info: &GameEnd) -> ParsedGame {
        if let Some(err) = &info.error {
            self.fail(GameErrorKind::Syntax(err.clone()));
        }
        let mut g = self
            .game
            .take()
            .unwrap_or_else(|| ParsedGame::empty(info.number, info.line));
        if g.start.is_none() && g.error.is_none() {
            // Tags without movetext: the start position from the tags.
            match start_of(&g) {
                Ok(pos) => g.start = Some(pos),
                Err(kind) => {
                    g.error = Some(GameError {
                        game: g.number,
                        line: g.line,
                        kind,
                    })
                }
            }
        }
        if g.result.is_empty() {
            g.result = g.tag("Result").unwrap_or("*").to_owned();
        }
        if g.error.is_none() {
            g.end = self.lines.first().map(|l| l.current.clone());
        }
        self.lines.clear();
        g
    }
}
