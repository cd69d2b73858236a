//! Reading PGN on every core: one thread splits the input at game
//! boundaries (the syntax reader runs at hundreds of MB/s), workers check
//! the games' moves and build their rows, and the caller receives the rows
//! in file order with each game's verbatim text, so that a rejected game can
//! be written out exactly as it was.

use std::io::{self, BufRead};
use std::sync::mpsc;
use std::thread;

use crate::game::{GameReader, ParsedGame};
use crate::reader::{Control, GameEnd, GameStart, Reader, ReaderOptions, Visitor};
use crate::record::GameRecord;

/// Games handed to a worker at a time.
const BATCH: usize = 256;

/// A visitor that only finds where games start and end.
struct Boundaries {
    line: u64,
}

impl Visitor for Boundaries {
    type Output = (u64, u64);

    fn begin_game(&mut self, info: &GameStart) -> Control {
        self.line = info.line;
        Control::Continue
    }

    fn begin_movetext(&mut self) -> Control {
        Control::Skip
    }

    fn end_game(&mut self, info: &GameEnd) -> (u64, u64) {
        (info.number, self.line)
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
    read_in_parallel(
        input,
        workers,
        |number, line, offset, raw, buf| {
            let (number, line) = (number + game_base, line + line_base);
            let game = check_game(number, line, &raw, keys, buf);
            let mut record = GameRecord::from_parsed(&game);
            record.game_no = number;
            record.line = line;
            ReadGame {
                record,
                raw,
                offset,
            }
        },
        sink,
    )
}

/// Reads every game of `input` as the sequential [`GameReader`] would
/// (every move checked, a rejected game with its reason), with `workers`
/// threads checking moves, calling `sink` with each game in file order;
/// `sink` returning `false` stops the reading early. The games, numbers,
/// lines and errors are those of reading the input with one
/// [`GameReader`], except that a syntax error's quoted excerpt stops at
/// the end of its game.
///
/// # Errors
/// An I/O error of the input, or of `sink`.
pub fn read_parsed_games(
    input: impl BufRead + Send,
    workers: usize,
    sink: impl FnMut(ParsedGame) -> io::Result<bool>,
) -> io::Result<u64> {
    read_in_parallel(
        input,
        workers,
        |number, line, _offset, raw, buf| check_game(number, line, &raw, false, buf),
        sink,
    )
}

/// The pipeline behind the readers above: one thread splits `input` into
/// games (number, first line, end offset, verbatim bytes), `workers`
/// threads turn each into a `T` with `check` (given a reader buffer kept
/// from game to game), and `sink` receives them in file order.
fn read_in_parallel<T: Send>(
    input: impl BufRead + Send,
    workers: usize,
    check: impl Fn(u64, u64, u64, Vec<u8>, &mut Vec<u8>) -> T + Sync,
    mut sink: impl FnMut(T) -> io::Result<bool>,
) -> io::Result<u64> {
    let workers = workers.max(1);
    type Batch = Vec<(u64, u64, u64, Vec<u8>)>;
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
                        .map(|(number, line, offset, raw)| {
                            check(number, line, offset, raw, &mut buf)
                        })
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
            while let Some((number, line)) = reader.read_game_with_raw(&mut bounds, &mut raw)? {
                batch.push((number, line, reader.offset(), std::mem::take(&mut raw)));
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
/// `line` are the game's in the whole input.
fn check_game(number: u64, line: u64, raw: &[u8], keys: bool, buf: &mut Vec<u8>) -> ParsedGame {
    let mut reader = Reader::with_buffer(raw, ReaderOptions::default(), std::mem::take(buf));
    let mut visitor = GameReader::new().with_position_keys(keys);
    let parsed = reader.read_game(&mut visitor).ok().flatten();
    *buf = reader.into_buffer();
    match parsed {
        Some(mut game) => {
            game.number = number;
            game.line = line;
            if let Some(e) = &mut game.error {
                e.game = number;
                e.line = line;
                if let crate::game::GameErrorKind::Syntax(s) = &mut e.kind {
                    s.line += line - 1;
                }
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
        let mut sequential = Vec::new();
        let mut reader = Reader::new(pgn.as_bytes());
        let mut visitor = GameReader::new();
        while let Some(g) = reader.read_game(&mut visitor).unwrap() {
            sequential.push(g);
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
                        // A syntax error quotes the text from where it
                        // starts; a worker sees the game's text only.
                        g.error.as_ref().map(|e| {
                            let e = e.to_string();
                            e.split(" starting with")
                                .next()
                                .unwrap_or_default()
                                .to_owned()
                        }),
                    )
                };
                assert_eq!(brief(p), brief(s), "{workers} workers");
                if !s
                    .error
                    .as_ref()
                    .is_some_and(|e| matches!(e.kind, crate::game::GameErrorKind::Syntax(_)))
                {
                    assert!(p == s, "game {}, {workers} workers", s.number);
                }
            }
        }
        assert!(sequential.iter().filter(|g| g.error.is_some()).count() >= 100);
    }
}
