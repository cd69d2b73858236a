//! [`Game`]: a position of any variant, the one value every SQL function
//! works on. Standard chess and Chess960 use sqlchess-core's fast path and
//! its 32-byte codec; every other variant goes to sqlchess-fairy and its
//! variable-length codec. Each method is a thin call into those crates.

use std::cell::RefCell;
use std::collections::HashMap;

use pgrx::pg_sys::panic::ErrorReport;
use sqlchess_core::{pack, perft, CastlingMode, Move, MoveError, Position};
use sqlchess_fairy::{FairyMove, Variant};
use sqlchess_search::{any, fairy::FairyGame, Game as _, Limits};

use crate::error::{invalid_binary, invalid_text, invalid_value, ArgumentError, SqlResult};

/// A legal position of a variant.
// One short-lived value per SQL call: the size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Game {
    /// Standard chess or Chess960.
    Chess(Position),
    /// Any other variant.
    Fairy(sqlchess_fairy::Position),
}

/// One legal move, described for `legal_moves`.
#[derive(Clone, Debug)]
pub struct MoveRow {
    /// UCI notation.
    pub uci: String,
    /// Standard Algebraic Notation (generalised for fairy pieces).
    pub san: String,
    /// Departure square (for a drop, the target square).
    pub from_square: String,
    /// Where the moving piece lands (for castling, the king's square).
    pub to_square: String,
    /// The moving piece's lower-case name.
    pub piece: String,
    /// The captured piece's name, if any.
    pub captured: Option<String>,
    /// The piece promoted to, if any.
    pub promotion: Option<String>,
    /// Whether the move gives check.
    pub gives_check: bool,
    /// The position after the move.
    pub after: Game,
}

thread_local! {
    /// Built-in fairy variants by lower-case name, built once per backend.
    static VARIANTS: RefCell<HashMap<String, Variant>> = RefCell::new(HashMap::new());
}

/// Runs `f` with the built-in variant `name` (lower case).
fn with_variant<T>(name: &str, f: impl FnOnce(&Variant) -> SqlResult<T>) -> SqlResult<T> {
    VARIANTS.with(|cache| {
        let mut cache = cache.borrow_mut();
        if !cache.contains_key(name) {
            let v = Variant::builtin(name).map_err(|_| {
                invalid_value(ArgumentError::UnknownVariant {
                    name: name.to_owned(),
                })
            })?;
            cache.insert(name.to_owned(), v);
        }
        match cache.get(name) {
            Some(v) => f(v),
            None => Err(invalid_value(ArgumentError::UnknownVariant {
                name: name.to_owned(),
            })),
        }
    })
}

/// The castling mode a core variant name stands for; `None` for fairy ones.
fn core_mode(variant: &str) -> Option<Option<CastlingMode>> {
    match variant {
        // Detected from the FEN: Shredder-FEN rights mean Chess960.
        "chess" => Some(None),
        "chess960" | "fischerandom" => Some(Some(CastlingMode::Chess960)),
        _ => None,
    }
}

fn move_error(err: MoveError) -> ErrorReport {
    match err {
        MoveError::Syntax { .. } => invalid_text(err),
        _ => invalid_value(err),
    }
}

fn fairy_move_error(err: sqlchess_fairy::MoveError) -> ErrorReport {
    match err {
        sqlchess_fairy::MoveError::Syntax(_) => invalid_text(err),
        _ => invalid_value(err),
    }
}

impl Game {
    /// Reads a FEN of `variant` (`chess`, `chess960`, or any built-in fairy
    /// variant, in any case).
    ///
    /// # Errors
    /// 22P02 for a bad FEN, 22023 for an unknown variant.
    pub fn parse(fen: &str, variant: &str) -> SqlResult<Game> {
        let name = variant.to_ascii_lowercase();
        match core_mode(&name) {
            Some(None) => Position::from_fen(fen)
                .map(Game::Chess)
                .map_err(invalid_text),
            Some(Some(mode)) => Position::from_fen_with_mode(fen, mode)
                .map(Game::Chess)
                .map_err(invalid_text),
            None => with_variant(&name, |v| {
                sqlchess_fairy::Position::from_fen(v, fen)
                    .map(Game::Fairy)
                    .map_err(invalid_text)
            }),
        }
    }

    /// Reads the `chessgame` text form: a FEN, or `variant:FEN`.
    ///
    /// # Errors
    /// As [`Game::parse`].
    pub fn from_text(text: &str) -> SqlResult<Game> {
        let text = text.trim();
        match text.split_once(':') {
            Some((variant, fen))
                if !variant.is_empty()
                    && variant
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') =>
            {
                Game::parse(fen.trim(), variant)
            }
            _ => Game::parse(text, "chess"),
        }
    }

    /// The `chessgame` text form: the FEN, prefixed by `variant:` unless
    /// the variant is standard chess.
    pub fn to_text(&self) -> String {
        match self.variant_name() {
            "chess" => self.fen(),
            name => format!("{name}:{}", self.fen()),
        }
    }

    /// The variant's name: `chess`, `chess960`, or the fairy variant's.
    pub fn variant_name(&self) -> &str {
        match self {
            Game::Chess(p) if p.castling_mode().is_chess960() => "chess960",
            Game::Chess(_) => "chess",
            Game::Fairy(p) => &p.variant().name,
        }
    }

    /// The FEN.
    pub fn fen(&self) -> String {
        match self {
            Game::Chess(p) => p.fen(),
            Game::Fairy(p) => p.fen(),
        }
    }

    /// The stored bytes: sqlchess-core's 32-byte codec for chess and
    /// Chess960; for other variants `[n][name: n bytes][sqlchess-fairy
    /// codec]`, with bit 7 of `n` set and one zero byte appended in the
    /// rare case that would total 32 bytes, so the length alone tells the
    /// codecs apart.
    ///
    /// # Errors
    /// 22023 if sqlchess-fairy cannot pack the position.
    pub fn encode(&self) -> SqlResult<Vec<u8>> {
        match self {
            Game::Chess(p) => Ok(pack::pack(p).to_vec()),
            Game::Fairy(p) => any::pack_fairy(p).map_err(invalid_value),
        }
    }

    /// Reads [`Game::encode`]'s bytes back.
    ///
    /// # Errors
    /// 22P03 for bytes `encode` never writes.
    pub fn decode(bytes: &[u8]) -> SqlResult<Game> {
        match any::split_packed(bytes).map_err(invalid_binary)? {
            any::Packed::Chess(p) => Ok(Game::Chess(p)),
            any::Packed::Fairy { variant, body } => with_variant(variant, |v| {
                sqlchess_fairy::pack::unpack(v, body)
                    .map(Game::Fairy)
                    .map_err(invalid_binary)
            })
            .map_err(|e| invalid_binary(format!("packed chessgame: {}", e.message()))),
        }
    }

    /// The position with both clocks reset (half-move 0, move 1): the key
    /// under which set-based search merges transpositions.
    ///
    /// # Errors
    /// As [`Game::parse`] (cannot fail for a valid position).
    pub fn without_clocks(&self) -> SqlResult<Game> {
        match self {
            // Through a Setup, not FEN text: this runs once per row of a
            // set-based search.
            Game::Chess(p) => {
                let mut setup = p.to_setup();
                setup.halfmoves = 0;
                setup.fullmoves = 1;
                Position::from_setup(setup, p.castling_mode())
                    .map(Game::Chess)
                    .map_err(invalid_value)
            }
            Game::Fairy(_) => {
                let fen = self.fen();
                let fields: Vec<&str> = fen.split(' ').collect();
                let keep = fields.len().saturating_sub(2).max(1);
                let text = format!("{} 0 1", fields[..keep].join(" "));
                Game::parse(&text, self.variant_name())
            }
        }
    }

    /// Whether White is to move.
    pub fn white_to_move(&self) -> bool {
        match self {
            Game::Chess(p) => p.turn() == sqlchess_core::Color::White,
            Game::Fairy(p) => p.white_to_move(),
        }
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        match self {
            Game::Chess(p) => p.is_check(),
            Game::Fairy(p) => p.is_check(),
        }
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        match self {
            Game::Chess(p) => p.is_checkmate(),
            Game::Fairy(p) => p.is_checkmate(),
        }
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        match self {
            Game::Chess(p) => p.is_stalemate(),
            Game::Fairy(p) => p.is_stalemate(),
        }
    }

    /// `ongoing`, `checkmate`, `stalemate`, and for chess also
    /// `insufficient_material` and `fifty_moves`.
    pub fn status(&self) -> &'static str {
        match self {
            Game::Chess(p) => p.status().name(),
            Game::Fairy(p) => match p.status() {
                sqlchess_fairy::GameStatus::Ongoing => "ongoing",
                sqlchess_fairy::GameStatus::Checkmate(_) => "checkmate",
                sqlchess_fairy::GameStatus::Stalemate(_) => "stalemate",
            },
        }
    }

    /// Leaf nodes of the legal move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        match self {
            Game::Chess(p) => perft::perft(p, depth),
            Game::Fairy(p) => sqlchess_fairy::perft(p, depth),
        }
    }

    /// The 64-bit Zobrist hash (sqlchess-core's for chess, the search
    /// crate's for other variants).
    pub fn zobrist(&self) -> u64 {
        match self {
            Game::Chess(p) => p.zobrist(),
            Game::Fairy(p) => FairyGame::from_position(p.clone()).hash(),
        }
    }

    /// The static evaluation in centipawns, positive when White is better.
    pub fn evaluate(&self) -> i32 {
        match self {
            Game::Chess(p) => sqlchess_search::eval::evaluate_white(p),
            Game::Fairy(p) => FairyGame::from_position(p.clone()).evaluate_white(),
        }
    }

    /// The best move in UCI by alpha-beta search to `depth`; `None` when
    /// the game is over.
    ///
    /// # Errors
    /// Only if the search crate rejects a position this crate accepted.
    pub fn next_move(&self, depth: u32) -> SqlResult<Option<String>> {
        let best = sqlchess_search::next_move_variant(
            self.variant_name(),
            Some(&self.fen()),
            &Limits::depth(depth),
        )
        .map_err(invalid_value)?;
        Ok(best.uci)
    }

    fn parse_chess_move(p: &Position, text: &str) -> SqlResult<Move> {
        p.parse_move(text.trim()).map_err(move_error)
    }

    fn parse_fairy_move(p: &sqlchess_fairy::Position, text: &str) -> SqlResult<FairyMove> {
        let text = text.trim();
        p.parse_uci(text)
            .or_else(|uci_err| p.parse_san(text).map_err(|_| uci_err))
            .map_err(fairy_move_error)
    }

    /// The position after a move in UCI or SAN.
    ///
    /// # Errors
    /// 22P02 if the text is no move, 22023 if the move is illegal here.
    pub fn play(&self, text: &str) -> SqlResult<Game> {
        match self {
            Game::Chess(p) => Ok(Game::Chess(p.after(Game::parse_chess_move(p, text)?))),
            Game::Fairy(p) => Ok(Game::Fairy(p.play(Game::parse_fairy_move(p, text)?))),
        }
    }

    /// `None` if the move (UCI or SAN) is legal, else why not.
    pub fn validate(&self, text: &str) -> Option<String> {
        self.play(text).err().map(|e| e.message().to_owned())
    }

    /// The move in canonical UCI (castling as the king's move), if legal.
    ///
    /// # Errors
    /// As [`Game::play`].
    pub fn canonical_uci(&self, text: &str) -> SqlResult<String> {
        match self {
            Game::Chess(p) => Ok(p.uci(Game::parse_chess_move(p, text)?).to_string()),
            Game::Fairy(p) => Ok(Game::parse_fairy_move(p, text)?.to_uci(p)),
        }
    }

    /// The legal moves in UCI, in generation order.
    pub fn move_ucis(&self) -> Vec<String> {
        match self {
            Game::Chess(p) => p
                .legal_moves()
                .into_iter()
                .map(|m| p.uci(m).to_string())
                .collect(),
            Game::Fairy(p) => p.legal_moves().into_iter().map(|m| m.to_uci(p)).collect(),
        }
    }

    /// Every legal move with its description and the position it leads to.
    pub fn move_rows(&self) -> Vec<MoveRow> {
        match self {
            Game::Chess(p) => p
                .legal_moves()
                .into_iter()
                .map(|m| chess_row(p, m))
                .collect(),
            Game::Fairy(p) => p
                .legal_moves()
                .into_iter()
                .map(|m| fairy_row(p, m))
                .collect(),
        }
    }
}

fn chess_row(p: &Position, m: Move) -> MoveRow {
    let after = p.after(m);
    let name = |r: Option<sqlchess_core::Role>| r.map(|r| r.name().to_owned());
    MoveRow {
        uci: p.uci(m).to_string(),
        san: p.san(m),
        from_square: m.from().to_string(),
        to_square: m.uci_to(false).to_string(),
        piece: m.role().name().to_owned(),
        captured: name(m.capture()),
        promotion: name(m.promotion()),
        gives_check: after.is_check(),
        after: Game::Chess(after),
    }
}

fn fairy_row(p: &sqlchess_fairy::Position, m: FairyMove) -> MoveRow {
    let pieces = &p.variant().pieces;
    let name = |idx: Option<usize>| idx.and_then(|i| pieces.get(i)).map(|t| t.name.clone());
    let after = p.play(m);
    MoveRow {
        uci: m.to_uci(p),
        san: p.san(m),
        from_square: m.from().to_string(),
        to_square: m.to().to_string(),
        piece: name(p.moved_piece(m).map(|x| x.0)).unwrap_or_default(),
        captured: name(p.captured_piece(m).map(|x| x.0)),
        promotion: name(m.promotion()),
        gives_check: after.is_check(),
        after: Game::Fairy(after),
    }
}
