//! [`Game`]: the rules facade's [`Position`] under the name the extension's
//! functions use, with the conversions SQL needs — the `chessgame` text
//! form, the stored bytes, and the facade's errors as PostgreSQL errors
//! under the SQLSTATE that says what kind of input was wrong. Every rule is
//! the facade's; this file only maps.

use pgrx::pg_sys::panic::ErrorReport;
use sqlchess_rules::{Error, MoveError, Position};

use crate::error::{invalid_binary, invalid_text, invalid_value, SqlResult};

/// A legal position of any variant: the value of a `chessgame`.
pub type Game = Position;

/// A facade error as a PostgreSQL error: 22P02 for text that does not read
/// (a FEN, a move that is no move), 22023 for a well-formed value that is
/// not allowed (an unknown variant, an illegal move, a depth), 22P03 for
/// bytes that are no packed position.
pub fn sql_error(err: impl Into<Error>) -> ErrorReport {
    match err.into() {
        Error::Fen(e) => invalid_text(e),
        Error::Move(e) if e.is_syntax() => invalid_text(e),
        Error::Unpack(e) => invalid_binary(e),
        e => invalid_value(e),
    }
}

/// The SQL forms of a [`Game`].
pub trait GameExt: Sized {
    /// Reads a FEN of `variant` (any built-in name, in any case).
    ///
    /// # Errors
    /// 22P02 for a bad FEN, 22023 for an unknown variant.
    fn parse(fen: &str, variant: &str) -> SqlResult<Self>;

    /// Reads the `chessgame` text form: a FEN, or `variant:FEN`.
    ///
    /// # Errors
    /// As [`GameExt::parse`].
    fn from_text(text: &str) -> SqlResult<Self>;

    /// The `chessgame` text form: the FEN, prefixed by `variant:` unless
    /// the variant is standard chess.
    fn to_text(&self) -> String;

    /// The stored bytes: the facade's packed form.
    ///
    /// # Errors
    /// 22023 if the position cannot be packed.
    fn encode(&self) -> SqlResult<Vec<u8>>;

    /// Reads [`GameExt::encode`]'s bytes back.
    ///
    /// # Errors
    /// 22P03 for bytes `encode` never writes.
    fn decode(bytes: &[u8]) -> SqlResult<Self>;

    /// The position after a move in UCI or SAN.
    ///
    /// # Errors
    /// 22P02 if the text is no move, 22023 if the move is illegal here.
    fn play_sql(&self, text: &str) -> SqlResult<Self>;

    /// `None` if the move (UCI or SAN) is legal, else why not.
    fn validate(&self, text: &str) -> Option<String>;

    /// The move in canonical UCI (castling as the king's move), if legal.
    ///
    /// # Errors
    /// As [`GameExt::play_sql`].
    fn canonical_uci(&self, text: &str) -> SqlResult<String>;
}

impl GameExt for Game {
    fn parse(fen: &str, variant: &str) -> SqlResult<Game> {
        sqlchess_rules::position(fen, variant).map_err(sql_error)
    }

    fn from_text(text: &str) -> SqlResult<Game> {
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

    fn to_text(&self) -> String {
        match self.variant_name() {
            "chess" => self.fen(),
            name => format!("{name}:{}", self.fen()),
        }
    }

    fn encode(&self) -> SqlResult<Vec<u8>> {
        self.pack().map_err(sql_error)
    }

    fn decode(bytes: &[u8]) -> SqlResult<Game> {
        Position::unpack(bytes).map_err(sql_error)
    }

    fn play_sql(&self, text: &str) -> SqlResult<Game> {
        self.play_text(text).map_err(sql_error)
    }

    fn validate(&self, text: &str) -> Option<String> {
        self.parse_move(text)
            .err()
            .map(|e: MoveError| e.to_string())
    }

    fn canonical_uci(&self, text: &str) -> SqlResult<String> {
        let mv = self.parse_move(text).map_err(sql_error)?;
        Ok(self.uci(mv))
    }
}
