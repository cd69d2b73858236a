//! `read_pgn` and `Game`: the games reader of `sqlchess-pgn`, every game
//! yielded, rejected ones with their reason.

use std::collections::VecDeque;
use std::io::{self, BufRead, Cursor};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::{mpsc, Mutex, TryLockError};
use std::thread;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use sqlchess_pgn::{GameValue, ParsedGame};

use crate::errors::{detached, SqlchessError};
use crate::position::PyPosition;

/// Games handed from the reading thread to Python at a time.
const BATCH: usize = 64;

/// A game read from PGN. `error` is None for a good game, otherwise the
/// reason (naming the game, its line and the move); a rejected game keeps
/// its tags and the moves before the bad one.
#[pyclass(frozen, module = "sqlchess", name = "Game")]
pub struct PyGame {
    game: ParsedGame,
}

impl PyGame {
    /// Every position reached, the start first (empty without a start).
    fn replay(&self) -> Vec<sqlchess_rules::Position> {
        let Some(start) = &self.game.start else {
            return Vec::new();
        };
        let value = self.value(start);
        value.positions()
    }

    fn value(&self, start: &sqlchess_rules::Position) -> GameValue {
        GameValue {
            start: start.clone(),
            moves: self.game.moves.clone(),
            annotations: self.game.annotations.clone(),
            result: match self.game.result.as_str() {
                "1-0" => "1-0",
                "0-1" => "0-1",
                "1/2-1/2" => "1/2-1/2",
                _ => "*",
            },
        }
    }
}

#[pymethods]
impl PyGame {
    /// None for a good game, else why it was rejected.
    #[getter]
    fn error(&self) -> Option<String> {
        self.game.error.as_ref().map(|e| e.to_string())
    }

    /// The tag pairs, in file order.
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.game.tags {
            if !d.contains(k)? {
                d.set_item(k, v)?;
            }
        }
        Ok(d)
    }

    /// The 1-based number of the game in its file.
    #[getter]
    fn number(&self) -> u64 {
        self.game.number
    }

    /// The 1-based line where the game starts.
    #[getter]
    fn line(&self) -> u64 {
        self.game.line
    }

    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[getter]
    fn result(&self) -> &str {
        &self.game.result
    }

    /// The variant's name (None when the tags name an unknown one).
    #[getter]
    fn variant(&self) -> Option<&str> {
        self.game.start.as_ref().map(|p| p.variant_name())
    }

    /// The main line's moves in UCI (`0000` for a null move).
    #[getter]
    fn moves(&self) -> Vec<String> {
        let positions = self.replay();
        positions
            .iter()
            .zip(&self.game.moves)
            .map(|(p, m)| match m {
                Some(m) => p.uci(*m),
                None => "0000".to_owned(),
            })
            .collect()
    }

    /// The main line's moves in SAN (`--` for a null move).
    fn sans(&self) -> Vec<String> {
        match &self.game.start {
            Some(start) => self.value(start).sans(),
            None => Vec::new(),
        }
    }

    /// The start position's FEN (None when the tags give no valid one).
    fn start_fen(&self) -> Option<String> {
        self.game.start.as_ref().map(|p| p.fen())
    }

    /// The FEN after the last move read.
    fn final_fen(&self) -> Option<String> {
        self.game.final_position().map(|p| p.fen())
    }

    /// Every position of the main line, the start first.
    fn positions(&self) -> Vec<PyPosition> {
        self.replay().into_iter().map(PyPosition::new).collect()
    }

    /// The game in PGN export format, with its tags, comments, NAGs,
    /// clocks and evaluations (a rejected game: the moves before the bad
    /// one).
    fn to_pgn(&self) -> PyResult<String> {
        let start = self
            .game
            .start
            .as_ref()
            .ok_or_else(|| SqlchessError::new_err("game without a start position"))?;
        self.value(start)
            .to_pgn_game(&self.game.tags)
            .to_pgn()
            .map_err(|e| SqlchessError::new_err(e.to_string()))
    }

    fn __repr__(&self) -> String {
        let tag = |n: &str| self.game.tag(n).unwrap_or("?").to_owned();
        format!(
            "<Game #{} {} vs {} {}{}>",
            self.game.number,
            tag("White"),
            tag("Black"),
            self.game.result,
            if self.game.error.is_some() {
                " (rejected)"
            } else {
                ""
            }
        )
    }
}

/// Batches of games from the reading thread, or the error that ended it.
type Batches = mpsc::Receiver<io::Result<Vec<ParsedGame>>>;

struct State {
    batches: Batches,
    ready: VecDeque<ParsedGame>,
    done: bool,
}

/// An iterator over the games of a PGN file, read on every core by a
/// thread of its own (dropping the iterator stops it).
#[pyclass(module = "sqlchess", name = "PgnReader")]
pub struct PyPgnReader {
    state: Mutex<State>,
}

#[pymethods]
impl PyPgnReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyGame>> {
        // Blocking here while holding the GIL could deadlock with a thread
        // that reads without it; like a generator, refuse instead.
        let mut state = match self.state.try_lock() {
            Ok(state) => state,
            Err(TryLockError::Poisoned(e)) => e.into_inner(),
            Err(TryLockError::WouldBlock) => {
                return Err(PyValueError::new_err("PgnReader already executing"))
            }
        };
        if state.ready.is_empty() && !state.done {
            let st = &mut *state;
            let batches = &mut st.batches;
            match detached(py, move || batches.recv())? {
                Ok(Ok(games)) => st.ready.extend(games),
                Ok(Err(e)) => {
                    st.done = true;
                    return Err(e.into());
                }
                // The reading thread has sent everything and ended.
                Err(mpsc::RecvError) => st.done = true,
            }
        }
        Ok(state.ready.pop_front().map(|game| PyGame { game }))
    }
}

/// Starts reading `input` on a thread of its own with
/// [`sqlchess_pgn::read_parsed_games`] (workers on every core), sending
/// games in batches of [`BATCH`]; a panic there arrives as an error rather
/// than as a silent end of the games.
fn spawn_reader(input: Box<dyn BufRead + Send>) -> Batches {
    let (tx, rx) = mpsc::sync_channel(4);
    let workers = thread::available_parallelism().map_or(1, |n| n.get());
    thread::spawn(move || {
        let mut batch = Vec::with_capacity(BATCH);
        let read = catch_unwind(AssertUnwindSafe(|| {
            sqlchess_pgn::read_parsed_games(input, workers, |game| {
                batch.push(game);
                if batch.len() == BATCH && tx.send(Ok(std::mem::take(&mut batch))).is_err() {
                    // The iterator was dropped: stop reading.
                    return Ok(false);
                }
                Ok(true)
            })
        }));
        let end = match read {
            Ok(Ok(_)) => None,
            Ok(Err(e)) => Some(e),
            Err(_) => Some(io::Error::other(
                "internal error while reading PGN (please report it)",
            )),
        };
        if !batch.is_empty() {
            let _ = tx.send(Ok(batch));
        }
        if let Some(e) = end {
            let _ = tx.send(Err(e));
        }
    });
    rx
}

/// Reads every game of a PGN file (a path — `.gz`, `.zst`, `.bz2` too — or
/// an open file, text or binary).
#[pyfunction]
pub fn read_pgn(source: &Bound<'_, PyAny>) -> PyResult<PyPgnReader> {
    let input: Box<dyn BufRead + Send> = if source.hasattr("read")? {
        let data = source.call_method0("read")?;
        let bytes = if let Ok(s) = data.downcast::<PyString>() {
            s.to_str()?.as_bytes().to_vec()
        } else if let Ok(b) = data.downcast::<PyBytes>() {
            b.as_bytes().to_vec()
        } else {
            return Err(PyTypeError::new_err("read() must return str or bytes"));
        };
        Box::new(Cursor::new(bytes))
    } else {
        let path: PathBuf = source
            .extract()
            .map_err(|_| PyTypeError::new_err("read_pgn takes a path or an open file"))?;
        sqlchess_pgn::open_pgn(&path)?
    };
    Ok(PyPgnReader {
        state: Mutex::new(State {
            batches: spawn_reader(input),
            ready: VecDeque::new(),
            done: false,
        }),
    })
}
