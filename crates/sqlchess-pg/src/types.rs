//! The two SQL types.
//!
//! * `chessgame`: a position, stored packed (32 bytes for standard chess
//!   and Chess960, sqlchess-fairy's variable-length codec behind the
//!   variant's name otherwise), written as its FEN (`variant:FEN` for
//!   variants other than chess). Equality, hashing and btree ordering are
//!   on the packed bytes, so it can be a key, be indexed and be grouped by;
//!   the order is arbitrary but total and stable.
//! * `chessmove`: a move in UCI notation, checked for UCI's shape on input
//!   (legality depends on a position: see `apply_move`).

use std::ffi::{CStr, CString};

use pgrx::datum::Internal;
use pgrx::prelude::*;

use crate::datum::{take_received_bytes, Stored};
use crate::error::{invalid_text, ArgumentError, SqlResult};
use crate::game::{Game, GameExt};

/// A position of any variant, stored packed.
#[derive(
    Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, PostgresEq, PostgresOrd, PostgresHash,
)]
pub struct ChessGame {
    bytes: Vec<u8>,
}

impl Stored for ChessGame {
    fn stored_bytes(&self) -> &[u8] {
        &self.bytes
    }

    fn from_stored_bytes(bytes: &[u8]) -> Self {
        ChessGame {
            bytes: bytes.to_vec(),
        }
    }
}

impl ChessGame {
    /// Packs a position.
    ///
    /// # Errors
    /// If the position cannot be packed (see [`GameExt::encode`]).
    pub fn new(game: &Game) -> SqlResult<ChessGame> {
        Ok(ChessGame {
            bytes: game.encode()?,
        })
    }

    /// Unpacks the position.
    ///
    /// # Errors
    /// 22P03 if the stored bytes are not a position (they always are when
    /// written by this extension).
    pub fn game(&self) -> SqlResult<Game> {
        Game::decode(&self.bytes)
    }

    /// The packed bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}

/// A move in UCI notation.
#[derive(
    Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, PostgresEq, PostgresOrd, PostgresHash,
)]
pub struct ChessMove {
    uci: String,
}

impl Stored for ChessMove {
    fn stored_bytes(&self) -> &[u8] {
        self.uci.as_bytes()
    }

    fn from_stored_bytes(bytes: &[u8]) -> Self {
        ChessMove {
            uci: String::from_utf8_lossy(bytes).into_owned(),
        }
    }
}

/// Whether `s` is a square name `a1` .. `p16`, returning the rest.
fn strip_square(s: &str) -> Option<&str> {
    let rest = s.strip_prefix(|c: char| ('a'..='p').contains(&c))?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count().min(2);
    for n in (1..=digits).rev() {
        if let Ok(rank) = rest[..n].parse::<u8>() {
            if (1..=16).contains(&rank) && !rest.starts_with('0') {
                return Some(&rest[n..]);
            }
        }
    }
    None
}

/// UCI's shape, generalised as sqlchess-fairy writes it: `e2e4`, `e7e8q`,
/// `a10a9`, `c3c4+` (shogi promotion), `P@e5` (a drop), `0000`.
fn is_uci_shape(s: &str) -> bool {
    if s == "0000" {
        return true;
    }
    if let Some((piece, to)) = s.split_once('@') {
        let mut chars = piece.chars();
        return matches!((chars.next(), chars.next()), (Some(c), None) if c.is_ascii_alphabetic())
            && strip_square(to) == Some("");
    }
    let Some(rest) = strip_square(s).and_then(strip_square) else {
        return false;
    };
    let mut chars = rest.chars();
    match (chars.next(), chars.next()) {
        (None, _) => true,
        (Some(c), None) => c.is_ascii_alphabetic() || c == '+',
        _ => false,
    }
}

impl ChessMove {
    /// Checks UCI's shape.
    ///
    /// # Errors
    /// 22P02 for text that is not UCI.
    pub fn parse(text: &str) -> SqlResult<ChessMove> {
        let uci = text.trim();
        if is_uci_shape(uci) {
            Ok(ChessMove {
                uci: uci.to_owned(),
            })
        } else {
            Err(invalid_text(ArgumentError::Move {
                text: text.to_owned(),
            }))
        }
    }

    /// A move already known to be UCI (from the rules crates).
    pub fn from_uci(uci: String) -> ChessMove {
        ChessMove { uci }
    }

    /// The UCI text.
    pub fn uci(&self) -> &str {
        &self.uci
    }
}

fn to_cstring(text: String) -> CString {
    // FEN and UCI text never contain NUL.
    CString::new(text).unwrap_or_default()
}

/// `chessgame`'s input function: a FEN, or `variant:FEN`.
#[pg_extern(immutable, parallel_safe, strict, requires = ["shell_types"])]
fn chessgame_in(input: &CStr) -> SqlResult<ChessGame> {
    let text = input.to_str().map_err(invalid_text)?;
    ChessGame::new(&Game::from_text(text)?)
}

/// `chessgame`'s output function.
#[pg_extern(immutable, parallel_safe, strict, requires = ["shell_types"])]
fn chessgame_out(game: ChessGame) -> SqlResult<CString> {
    Ok(to_cstring(game.game()?.to_text()))
}

/// `chessgame`'s binary input function: the packed bytes, checked.
#[pg_extern(immutable, parallel_safe, strict, requires = ["shell_types"])]
fn chessgame_recv(buf: Internal) -> SqlResult<ChessGame> {
    let bytes = take_received_bytes(buf);
    ChessGame::new(&Game::decode(&bytes)?)
}

/// `chessgame`'s binary output function: the packed bytes.
#[pg_extern(immutable, parallel_safe, strict, requires = ["shell_types"])]
fn chessgame_send(game: ChessGame) -> Vec<u8> {
    game.bytes
}

/// `chessmove`'s input function: UCI text.
#[pg_extern(immutable, parallel_safe, strict, requires = ["shell_types"])]
fn chessmove_in(input: &CStr) -> SqlResult<ChessMove> {
    ChessMove::parse(input.to_str().map_err(invalid_text)?)
}

/// `chessmove`'s output function.
#[pg_extern(immutable, parallel_safe, strict, requires = ["shell_types"])]
fn chessmove_out(mv: ChessMove) -> CString {
    to_cstring(mv.uci)
}

/// `chessmove`'s binary input function: the UCI text's bytes, checked.
#[pg_extern(immutable, parallel_safe, strict, requires = ["shell_types"])]
fn chessmove_recv(buf: Internal) -> SqlResult<ChessMove> {
    let bytes = take_received_bytes(buf);
    ChessMove::parse(std::str::from_utf8(&bytes).map_err(invalid_text)?)
}

/// `chessmove`'s binary output function.
#[pg_extern(immutable, parallel_safe, strict, requires = ["shell_types"])]
fn chessmove_send(mv: ChessMove) -> Vec<u8> {
    mv.uci.into_bytes()
}

extension_sql!(
    r#"
CREATE TYPE chessgame;
CREATE TYPE chessmove;
"#,
    name = "shell_types",
    bootstrap
);

extension_sql!(
    r#"
CREATE TYPE chessgame (
    INPUT = chessgame_in,
    OUTPUT = chessgame_out,
    RECEIVE = chessgame_recv,
    SEND = chessgame_send,
    INTERNALLENGTH = VARIABLE,
    STORAGE = main
);
COMMENT ON TYPE chessgame IS 'A chess or fairy-chess position, stored packed (32 bytes for standard chess); text form: FEN, or variant:FEN';
"#,
    name = "chessgame_type",
    creates = [Type(ChessGame)],
    requires = [
        "shell_types",
        chessgame_in,
        chessgame_out,
        chessgame_recv,
        chessgame_send
    ],
);

extension_sql!(
    r#"
CREATE TYPE chessmove (
    INPUT = chessmove_in,
    OUTPUT = chessmove_out,
    RECEIVE = chessmove_recv,
    SEND = chessmove_send,
    INTERNALLENGTH = VARIABLE,
    STORAGE = main
);
COMMENT ON TYPE chessmove IS 'A move in UCI notation (e2e4, e7e8q, P@e5, a10a9)';
"#,
    name = "chessmove_type",
    creates = [Type(ChessMove)],
    requires = [
        "shell_types",
        chessmove_in,
        chessmove_out,
        chessmove_recv,
        chessmove_send
    ],
);

#[cfg(test)]
mod unit_tests {
    use super::is_uci_shape;

    #[test]
    fn uci_shapes() {
        for ok in [
            "e2e4", "e7e8q", "a10a9", "p16a1", "c3c4+", "P@e5", "0000", "e1h1",
        ] {
            assert!(is_uci_shape(ok), "{ok}");
        }
        for bad in [
            "", "e4", "Nf3", "e2e9x1", "e0e4", "q1q2", "a17a1", "e2e4qq", "@e5",
        ] {
            assert!(!is_uci_shape(bad), "{bad}");
        }
    }
}
