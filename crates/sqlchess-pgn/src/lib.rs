//! Streaming PGN for sqlchess: a rules-independent reader and writer, and
//! over them, through the rules facade, games with every move checked
//! ([`GameReader`], [`ParsedGame`]) and the compact game value
//! ([`GameValue`]).
//!
//! * [`reader`]: a streaming [`Reader`] over any [`std::io::BufRead`] that
//!   reports games to a [`Visitor`] as byte slices, in bounded memory, and
//!   recovers from syntax errors at the next game.
//! * [`tree`]: an owned game tree ([`PgnGame`]) and the [`MovetextBuilder`]
//!   visitor that builds it.
//! * [`writer`]: writes a [`PgnGame`] in PGN export format.
//! * [`annotations`]: `[%clk]`, `[%emt]`, `[%eval]` commands in comments.
//! * [`open`]: opens `.pgn`, `.gz`, `.zst`, `.bz2` files.
//!
//! The syntax layer ([`reader`], [`tree`], [`writer`]) knows no rules: move
//! tokens pass through verbatim; [`game`] resolves them with
//! `sqlchess-rules`.
//!
//! # Round trip
//!
//! For every game `g` that [`writer::write_game`] accepts, reading the output
//! with a [`MovetextBuilder`] gives back `g`, provided `g` is in the normal
//! form the builder produces: comments normalized ([`tree::normalize_comment`],
//! no `}`), the Seven Tag Roster tags first in roster order, and the default
//! start (`1`, White) when the game has no moves and no `FEN` tag.
//!
//! ```
//! use sqlchess_pgn::{MovetextBuilder, Reader};
//!
//! let pgn = "[Event \"Example\"]\n\n1. e4 {best by test} e5 (1... c5) 2. Nf3 1-0\n";
//! let mut reader = Reader::new(pgn.as_bytes());
//! let mut builder = MovetextBuilder::new();
//! let game = reader.read_game(&mut builder).unwrap().unwrap().unwrap();
//! assert_eq!(game.moves[1].variations[0].moves[0].san, "c5");
//! let text = game.to_pgn().unwrap();
//! assert!(text.contains("1. e4 {best by test} 1... e5 (1... c5) 2. Nf3 1-0"));
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod annotations;
pub mod error;
pub mod export;
pub mod game;
pub mod open;
pub mod openings;
pub mod parallel;
pub mod reader;
pub mod record;
pub mod split;
pub mod tree;
pub mod value;
pub mod writer;

pub use annotations::{parse_comment, CommentAnnotations, Eval};
pub use error::{SyntaxError, SyntaxErrorKind};
pub use game::{variant_from_tag, GameError, GameErrorKind, GameReader, ParsedGame};
pub use open::open_pgn;
pub use parallel::{read_games, read_games_from, read_parsed_games, ReadGame};
pub use reader::{Control, GameEnd, GameStart, Reader, ReaderOptions, Visitor};
pub use record::GameRecord;
pub use tree::{BuildError, MovetextBuilder, Node, PgnGame, Variation};
pub use value::{Annotation, GameValue, GameValueError};
pub use writer::{write_game, WriteError};

/// A visitor that counts games, moves and syntax errors; used by
/// [`fuzz_read_all`] and handy for benchmarks.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Counter {
    /// Games read.
    pub games: u64,
    /// Move tokens seen.
    pub moves: u64,
    /// Games with a syntax error.
    pub errors: u64,
}

impl Visitor for Counter {
    type Output = ();

    fn san(&mut self, _token: &[u8]) -> Control {
        self.moves += 1;
        Control::Continue
    }

    fn end_game(&mut self, info: &GameEnd) {
        self.games += 1;
        if info.error.is_some() {
            self.errors += 1;
        }
    }
}

/// Reads every game in `bytes` (twice: with a [`Counter`] and with a
/// [`MovetextBuilder`] capturing raw bytes, writing each built game back) and
/// returns the number of games. Meant as a cargo-fuzz entry point: it must
/// never panic, hang or allocate without bound, whatever the input.
pub fn fuzz_read_all(bytes: &[u8]) -> usize {
    let mut reader = Reader::new(bytes);
    let mut counter = Counter::default();
    while let Ok(Some(())) = reader.read_game(&mut counter) {}

    let mut reader = Reader::new(bytes);
    let mut builder = MovetextBuilder::new();
    let mut raw = Vec::new();
    let mut games = 0usize;
    while let Ok(Some(game)) = reader.read_game_with_raw(&mut builder, &mut raw) {
        games += 1;
        if let Ok(game) = game {
            let _ = game.to_pgn();
        }
    }
    debug_assert_eq!(games as u64, counter.games);
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fuzz_entry_counts_games() {
        assert_eq!(fuzz_read_all(b""), 0);
        assert_eq!(fuzz_read_all(b"1. e4 *\n\n1. d4 {x\n[Event \"a\"]\n*"), 3);
        assert_eq!(fuzz_read_all(b"\xff\xfe(((((]]]\"\"[[[{"), 2);
    }
}
