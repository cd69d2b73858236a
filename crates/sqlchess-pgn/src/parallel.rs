//! Reading PGN on every core: one thread splits the input at game
//! boundaries (the syntax reader runs at hundreds of MB/s), workers check
//! the games' moves and build their rows, and the caller receives the rows
//! in file order with each game's verbatim text, so that a rejected game can
//! be written out exactly as it was. With one worker there is no splitter:
//! one reader checks the games and keeps their text in a single pass.

use std::io::{self, BufRead};
use std::sync::mpsc;
use std::thread;

use crate::error::{SyntaxError, SyntaxErrorKind};
use crate::game::{GameError, GameErrorKind, GameReader, ParsedGame};
use crate::reader::{Control, GameEnd, GameStart, Reader, ReaderOptions, Visitor};
use crate::record::GameRecord;

/// Games handed to a worker at a time.
const BATCH: usize = 256;

/// A visitor that only finds where games start and end, and the syntax
/// error a worker cannot see in the game's text alone.
struct Boundaries {
    line: u64,
}

/// A game as the splitter found it: its number, first line, and the error
/// that only the text after it shows (see [`seen_after_the_game`]).
type Boundary = (u64, u64, Option<SyntaxError>);

/// Whether a syntax error is found only by reading past the game's end: a
/// tag line right after the movetext, with no result and no empty line
/// before it. A worker, which gets the game's text without that line,
/// would take the game as good.
fn seen_after_the_game(error: &SyntaxError) -> bool {
    matches!(error.kind, SyntaxErrorKind::TagInMovetext(_))
}

impl Visitor for Boundaries {
    type Output = Boundary;

    fn begin_game(&mut self, info: &GameStart) -> Control {
        self.line = info.line;
        Control::Continue
    }

    fn begin_movetext(&mut self) -> Control {
        Control::Skip
    }

    fn end_game(&mut self, info: &GameEnd) -> Boundary {
        let after = info.error.clone().filter(seen_after_the_game);
        (info.number, self.line, after)
    }
}

/// What each game's [`GameReader`] records besides the moves.
#[derive(Debug, Clone, Copy)]
struct Checks {
    /// Every position's key ([`GameReader::with_position_keys`]).
    keys: bool,
    /// Every move's index ([`GameReader::with_move_indices`]).
    indices: bool,
}

impl Checks {
    fn reader(self) -> GameReader {
        GameReader::new()
            .with_position_keys(self.keys)
            .with_move_indices(self.indices)
    }
}

/// A game read in parallel: its row and its verbatim text.
#[derive(Debug, Clone)]
pub struct ReadGame {
    /// The row.
    pub record: GameRecord,
    /// The game's bytes as they stand in the file.
    pub raw: Vec<u8>,
    /// The byte offset after the game (for progress).
    pub offset: u64,
}

/// Reads every game of `input` with `workers` threads checking moves (and
/// recording position keys when `keys`), calling `sink` with each game in
/// file order; `sink` returning `false` stops the reading early.
///
/// # Errors
/// An I/O error of the input, or of `sink`.
pub fn read_games(
    input: impl BufRead + Send,
    workers: usize,
    keys: bool,
    sink: impl FnMut(ReadGame) -> io::Result<bool>,
) -> io::Result<u64> {
    read_games_from(input, workers, keys, (1, 1), sink)
}

/// [`read_games`] of a part of a file that starts with game number
/// `first.0` on line `first.1` (both 1-based): the numbers in the rows and
/// in their error messages are the file's. See [`crate::split`].
///
/// # Errors
/// An I/O error of the input, or of `sink`.
pub fn read_games_from(
    input: impl BufRead + Send,
    workers: usize,
    keys: bool,
    first: (u64, u64),
    sink: impl FnMut(ReadGame) -> io::Result<bool>,
) -> io::Result<u64> {
    let (game_base, line_base) = (first.0.max(1) - 1, first.1.max(1) - 1);
    // A row stores the game value, which is written from the indices.
    let checks = Checks {
        keys,
        indices: true,
    };
    let read_game = |game: ParsedGame, raw, offset| {
        let mut record = GameRecord::from_parsed(&game);
        record.game_no = game.number;
        record.line = game.line;
        ReadGame {
            record,
            raw,
            offset,
        }
    };
    if workers <= 1 {
        return read_sequentially(input, checks, true, (game_base, line_base), read_game, sink);
    }
    read_in_parallel(
        input,
        workers,
        |(number, line, after), offset, raw, buf| {
            let (number, line) = (number + game_base, line + line_base);
            let after = after.map(|e| SyntaxError {
                line: e.line + line_base,
                ..e
            });
            let game = check_game(number, line, &raw, after, checks, buf);
            read_game(game, raw, offset)
        },
        sink,
    )
}

/// Reads every game of `input` as the sequential [`GameReader`] would
/// (every move checked, a rejected game with its reason), with `workers`
/// threads checking moves, calling `sink` with each game in file order;
/// `sink` returning `false` stops the reading early. The games, numbers,
/// lines and errors are those of reading the input with one
/// [`GameReader`].
///
/// # Errors
/// An I/O error of the input, or of `sink`.
pub fn read_parsed_games(
    input: impl BufRead + Send,
    workers: usize,
    sink: impl FnMut(ParsedGame) -> io::Result<bool>,
) -> io::Result<u64> {
    // A parsed game has no row: its moves are checked, not indexed.
    let checks = Checks {
        keys: false,
        indices: false,
    };
    if workers <= 1 {
        // Nothing keeps a parsed game's text: reading without it saves a
        // copy and an allocation a game.
        return read_sequentially(input, checks, false, (0, 0), |game, _, _| game, sink);
    }
    read_in_parallel(
        input,
        workers,
        |(number, line, after), _offset, raw, buf| {
            check_game(number, line, &raw, after, checks, buf)
        },
        sink,
    )
}

/// The readers above with one worker: a single pass of one [`GameReader`]
/// that keeps each game's verbatim text as it goes. Splitting first and
/// reading each game's text again, as the parallel pipeline must, would lex
/// every byte twice on the one core. `keep_raw` says whether `make` is given
/// the text (an empty `Vec` otherwise); `base` is added to the reader's game
/// numbers and lines (those of a part of a file, see [`read_games_from`]);
/// `make` turns a game, its text and the offset after it into a `T`.
fn read_sequentially<T>(
    input: impl BufRead,
    checks: Checks,
    keep_raw: bool,
    base: (u64, u64),
    make: impl Fn(ParsedGame, Vec<u8>, u64) -> T,
    mut sink: impl FnMut(T) -> io::Result<bool>,
) -> io::Result<u64> {
    let (game_base, line_base) = base;
    let mut reader = Reader::new(input);
    let mut visitor = checks.reader();
    let mut raw = Vec::new();
    let mut total = 0u64;
    loop {
        let read = if keep_raw {
            reader.read_game_with_raw(&mut visitor, &mut raw)?
        } else {
            reader.read_game(&mut visitor)?
        };
        let Some(mut game) = read else {
            break;
        };
        game.number += game_base;
        game.line += line_base;
        if let Some(e) = &mut game.error {
            e.game += game_base;
            e.line += line_base;
            if let GameErrorKind::Syntax(s) = &mut e.kind {
                s.line += line_base;
            }
        }
        total += 1;
        let offset = reader.offset();
        if !sink(make(game, std::mem::take(&mut raw), offset))? {
            break;
        }
    }
    Ok(total)
}

/// The pipeline behind the readers above: one thread splits `input` into
/// games (their [`Boundary`], end offset, verbatim bytes), `workers`
/// threads turn each into a `T` with `check` (given a reader buffer kept
/// from game to game), and `sink` receives them in file order.
fn read_in_parallel<T: Send>(
    input: impl BufRead + Send,
    workers: usize,
    check: impl Fn(Boundary, u64, Vec<u8>, &mut Vec<u8>) -> T + Sync,
    mut sink: impl FnMut(T) -> io::Result<bool>,
) -> io::Result<u64> {
    let workers = workers.max(1);
    type Batch = Vec<(Boundary, u64, Vec<u8>)>;
    let check = &check;
    thread::scope(|scope| {
        // Batches go out round-robin and come back on one channel each, so
        // that reading them back round-robin restores file order.
        let mut to_workers = Vec::new();
        let mut from_workers = Vec::new();
        for _ in 0..workers {
            let (tx, rx) = mpsc::sync_channel::<Batch>(2);
            let (back_tx, back_rx) = mpsc::sync_channel::<Vec<T>>(2);
            to_workers.push(tx);
            from_workers.push(back_rx);
            scope.spawn(move || {
                let mut buf = Vec::new();
                for batch in rx {
                    let out: Vec<T> = batch
                        .into_iter()
                        .map(|(boundary, offset, raw)| check(boundary, offset, raw, &mut buf))
                        .collect();
                    if back_tx.send(out).is_err() {
                        return;
                    }
                }
            });
        }
        let (batch_tx, batch_rx) = mpsc::sync_channel::<Batch>(workers * 2);
        let splitter = scope.spawn(move || -> io::Result<()> {
            let mut reader = Reader::new(input);
            let mut batch = Vec::with_capacity(BATCH);
            let mut raw = Vec::new();
            let mut bounds = Boundaries { line: 1 };
            while let Some(boundary) = reader.read_game_with_raw(&mut bounds, &mut raw)? {
                batch.push((boundary, reader.offset(), std::mem::take(&mut raw)));
                if batch.len() == BATCH {
                    if batch_tx.send(std::mem::take(&mut batch)).is_err() {
                        return Ok(());
                    }
                    batch.reserve(BATCH);
                }
            }
            if !batch.is_empty() {
                let _ = batch_tx.send(batch);
            }
            Ok(())
        });
        let mut total = 0u64;
        let mut next = 0usize;
        let mut in_flight = std::collections::VecDeque::new();
        let mut stopped = false;
        let mut result = Ok(());
        loop {
            // Keep every worker fed, then take the oldest batch back.
            while in_flight.len() < workers * 2 {
                match batch_rx.recv() {
                    Ok(batch) => {
                        if to_workers[next].send(batch).is_err() {
                            break;
                        }
                        in_flight.push_back(next);
                        next = (next + 1) % workers;
                    }
                    Err(_) => break,
                }
            }
            let Some(w) = in_flight.pop_front() else {
                break;
            };
            let Ok(games) = from_workers[w].recv() else {
                break;
            };
            if stopped {
                continue;
            }
            for game in games {
                total += 1;
                match sink(game) {
                    Ok(true) => {}
                    Ok(false) => {
                        stopped = true;
                        break;
                    }
                    Err(e) => {
                        result = Err(e);
                        stopped = true;
                        break;
                    }
                }
            }
            if stopped {
                break;
            }
        }
        drop(to_workers);
        drop(batch_rx);
        let split = splitter.join().unwrap_or(Ok(()));
        result?;
        split?;
        Ok(total)
    })
}

/// Checks one game given as its verbatim text, reading it through `buf`
/// (the worker's reader buffer, kept from game to game); `number` and
/// `line` are the game's in the whole input; `after` is the error the
/// splitter found past the game's text, which the sequential reader reports
/// when the game has no earlier one.
fn check_game(
    number: u64,
    line: u64,
    raw: &[u8],
    after: Option<SyntaxError>,
    checks: Checks,
    buf: &mut Vec<u8>,
) -> ParsedGame {
    let mut reader = Reader::with_buffer(raw, ReaderOptions::default(), std::mem::take(buf));
    let mut visitor = checks.reader();
    let parsed = reader.read_game(&mut visitor).ok().flatten();
    *buf = reader.into_buffer();
    match parsed {
        Some(mut game) => {
            game.number = number;
            game.line = line;
            if let Some(e) = &mut game.error {
                e.game = number;
                e.line = line;
                if let GameErrorKind::Syntax(s) = &mut e.kind {
                    s.line += line - 1;
                }
            }
            if let (None, Some(after)) = (&game.error, after) {
                // As GameReader::end_game: the error, and no end position.
                game.error = Some(GameError {
                    game: number,
                    line,
                    kind: GameErrorKind::Syntax(after),
                });
                game.end = None;
            }
            game
        }
        // The splitter found a game here, so the reader finds one too;
        // kept total all the same: an empty game rather than a lost one.
        None => ParsedGame {
            result: "*".to_owned(),
            ..ParsedGame::empty(number, line)
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_come_back_in_order_with_lines_and_errors() {
        let mut pgn = String::new();
        for i in 0..1000 {
            if i % 97 == 3 {
                pgn.push_str("[Event \"bad\"]\n\n1. e4 e5 2. Ke3 1-0\n\n");
            } else {
                pgn.push_str(&format!("[Event \"g{i}\"]\n\n1. e4 e5 2. Nf3 *\n\n"));
            }
        }
        let mut seen = Vec::new();
        let n = read_games(pgn.as_bytes(), 2, true, |g| {
            seen.push(g);
            Ok(true)
        })
        .unwrap();
        assert_eq!(n, 1000);
        for (i, g) in seen.iter().enumerate() {
            assert_eq!(g.record.game_no, i as u64 + 1);
            assert_eq!(g.record.line, 4 * i as u64 + 1);
            if i % 97 == 3 {
                let e = g.record.error.as_deref().unwrap();
                assert!(
                    e.starts_with(&format!(
                        "game {} (line {}): move 2. illegal move \"Ke3\"",
                        i + 1,
                        4 * i + 1
                    )),
                    "{e}"
                );
                assert!(g.record.game.is_none());
            } else {
                assert!(g.record.error.is_none(), "{:?}", g.record.error);
                assert_eq!(g.record.ply_count, 3);
                assert_eq!(g.record.position_keys.len(), 4);
                assert_eq!(g.record.event.as_deref(), Some(format!("g{i}").as_str()));
            }
            assert!(String::from_utf8_lossy(&g.raw).starts_with("[Event"));
        }
    }

    /// The parallel reader yields exactly what one sequential reader does:
    /// good and rejected games, syntax errors, comments and variations.
    #[test]
    fn parsed_games_equal_the_sequential_reader() {
        let mut pgn = String::from("\u{feff}");
        for i in 0..700 {
            match i % 7 {
                0 => pgn.push_str("[Event \"bad\"]\n\n1. e4 e5 2. Ke3 1-0\n\n"),
                1 => pgn.push_str("[Event \"syntax\"]\n\n1. e4 {open comment 2. d4\n\n"),
                2 => pgn.push_str(&format!(
                    "[Event \"v{i}\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 *\n\n"
                )),
                3 => pgn.push_str("1. d4 (1. e4 e5) d5 $1 {[%clk 0:01:00]} 2. c4 1/2-1/2\n\n"),
                _ => pgn.push_str(&format!("[Event \"g{i}\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n")),
            }
        }
        let read_all = |visitor: &mut GameReader| {
            let mut games = Vec::new();
            let mut reader = Reader::new(pgn.as_bytes());
            while let Some(g) = reader.read_game(visitor).unwrap() {
                games.push(g);
            }
            games
        };
        let sequential = read_all(&mut GameReader::new().with_move_indices(false));
        // Without the indices the games are the same, and so are their
        // values (written from the moves instead).
        let indexed = read_all(&mut GameReader::new());
        assert_eq!(indexed.len(), sequential.len());
        for (s, i) in sequential.iter().zip(&indexed) {
            assert!(s.indices.is_empty());
            assert_eq!(s.moves, i.moves);
            assert_eq!(s.annotations, i.annotations);
            assert_eq!(s.error, i.error);
            assert_eq!(s.value(), i.value());
        }
        for workers in [1, 2, 3] {
            let mut parallel = Vec::new();
            let n = read_parsed_games(pgn.as_bytes(), workers, |g| {
                parallel.push(g);
                Ok(true)
            })
            .unwrap();
            assert_eq!(n as usize, sequential.len());
            for (p, s) in parallel.iter().zip(&sequential) {
                // Compact: a whole position's Debug is pages long.
                let brief = |g: &ParsedGame| {
                    (
                        g.number,
                        g.line,
                        g.tags.clone(),
                        g.moves.len(),
                        g.final_position().map(|p| p.fen()),
                        g.error.as_ref().map(|e| e.to_string()),
                    )
                };
                assert_eq!(brief(p), brief(s), "{workers} workers");
                assert!(p == s, "game {}, {workers} workers", s.number);
            }
        }
        assert!(sequential.iter().filter(|g| g.error.is_some()).count() >= 100);
    }

    /// One worker reads in a single pass, several split first: both give
    /// the same games and the same errors, word for word, for the malformed
    /// games a splitter could cut differently from a reader.
    #[test]
    fn one_worker_and_many_give_the_same_errors() {
        let games = [
            "[Event \"a\"]\n\n1. e4 e5\n[Event \"tag in movetext\"]\n\n1. d4 *\n\n",
            "[Event \"b\"]\n\n1. e4 {never closed\n\n[Event \"c\"]\n\n1. e4 *\n\n",
            "[Event \"d\"]\n\n1. e4 {closed on the last line of a very long comment that goes on\n*\n\n",
            "[Event \"e\"]\n\n1. e4 e5 2. Ke3 *\n\n",
            "1. e4 ) e5 *\n\n",
            "[Event \"f\"]\n\n1. e4 (1. d4 *\n\n",
            "[Event \"g\"]\n\n1. e4 e5?x 2. Nf3 *\n\n",
            "[Event \"h\"\n\n1. e4 *\n\n",
            "[Event \"i\"]\n\n1. e4 # e5 *\n\n",
            "[Event \"j\"]\n[Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 *\n\n",
        ];
        let mut pgn = String::new();
        for i in 0..60 {
            pgn.push_str(games[i % games.len()]);
        }
        let read = |workers: usize| {
            let mut out = Vec::new();
            read_games_from(pgn.as_bytes(), workers, true, (11, 101), |g| {
                out.push((
                    g.record,
                    String::from_utf8_lossy(&g.raw).into_owned(),
                    g.offset,
                ));
                Ok(true)
            })
            .unwrap();
            out
        };
        let one = read(1);
        assert!(one.iter().filter(|(r, _, _)| r.error.is_some()).count() >= 40);
        assert_eq!(one[0].0.game_no, 11);
        assert_eq!(one[0].0.line, 101);
        for workers in [2, 3] {
            let many = read(workers);
            assert_eq!(one.len(), many.len());
            for (a, b) in one.iter().zip(&many) {
                assert_eq!(
                    a.0.error, b.0.error,
                    "{workers} workers, game {}",
                    a.0.game_no
                );
                assert_eq!((a.0.game_no, a.0.line), (b.0.game_no, b.0.line));
                assert_eq!((&a.1, a.2), (&b.1, b.2), "game {}", a.0.game_no);
                assert_eq!(a.0.ply_count, b.0.ply_count);
                assert_eq!(a.0.position_keys, b.0.position_keys);
            }
        }
    }
}
