//! Columnar calls for `sqlchess.spark`: a batch of rows per call, so that
//! Python touches no row. Binary columns travel as Arrow's two buffers
//! (32-bit little-endian offsets, then the bytes), integers as
//! little-endian 64-bit buffers; each function is one call into the facade
//! (`sqlchess_rules::frontier`) or the PGN reader (`sqlchess_pgn::split`).

use std::fs::File;
use std::path::PathBuf;
use std::sync::PoisonError;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use sqlchess_pgn::split;
use sqlchess_rules::columns::{self, ColumnError};

use crate::errors::{detached, to_py};
use crate::position::VARIANTS;

/// A malformed Arrow buffer as Python's `ValueError`.
fn column_error(e: ColumnError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A binary column as `(offsets, data)` buffers.
fn binary_column<'py>(
    py: Python<'py>,
    items: &[Vec<u8>],
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
    let (offsets, data) = columns::binary_column(items).map_err(column_error)?;
    Ok((PyBytes::new(py, &offsets), PyBytes::new(py, &data)))
}

/// One ply of set-based perft on a batch: the distinct children of packed
/// positions with path counts, merged within the batch. Returns
/// `(offsets, data, counts)` buffers.
#[pyfunction]
pub fn _expand_packed<'py>(
    py: Python<'py>,
    offsets: &[u8],
    data: &[u8],
    counts: &[u8],
) -> PyResult<(
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
)> {
    let positions = columns::binary_items(offsets, data).map_err(column_error)?;
    let counts = columns::int64_items(counts).map_err(column_error)?;
    if counts.len() != positions.len() {
        return Err(PyValueError::new_err(format!(
            "{} positions but {} counts",
            positions.len(),
            counts.len()
        )));
    }
    if let Some(n) = counts.iter().find(|&&n| n < 0) {
        return Err(PyValueError::new_err(format!("negative path count {n}")));
    }
    let children = detached(py, || {
        let set = VARIANTS.read().unwrap_or_else(PoisonError::into_inner);
        sqlchess_rules::frontier::expand(
            &set,
            positions.iter().zip(&counts).map(|(p, &n)| (*p, n as u64)),
        )
    })?
    .map_err(to_py)?;
    let (packed, counts): (Vec<Vec<u8>>, Vec<u64>) = children.into_iter().unzip();
    let (offsets, data) = binary_column(py, &packed)?;
    Ok((
        offsets,
        data,
        PyBytes::new(py, &columns::int64_column(counts)),
    ))
}

/// Perft `depth` of each packed position of a batch, as an int64 buffer.
#[pyfunction]
pub fn _perft_packed<'py>(
    py: Python<'py>,
    offsets: &[u8],
    data: &[u8],
    depth: i64,
) -> PyResult<Bound<'py, PyBytes>> {
    let positions = columns::binary_items(offsets, data).map_err(column_error)?;
    let depth = crate::position::depth(depth)?;
    let counts = detached(py, || {
        let set = VARIANTS.read().unwrap_or_else(PoisonError::into_inner);
        sqlchess_rules::frontier::perft(&set, positions.iter().copied(), depth)
    })?
    .map_err(to_py)?;
    Ok(PyBytes::new(py, &columns::int64_column(counts)))
}

/// How to read a PGN file in parts: `(compressed, cuts)`. A plain file is
/// cut at game boundaries about every `target` bytes; a compressed one is
/// one part, `[0, size]`.
#[pyfunction]
pub fn _pgn_ranges(py: Python<'_>, path: PathBuf, target: u64) -> PyResult<(bool, Vec<u64>)> {
    Ok(detached(py, || -> std::io::Result<(bool, Vec<u64>)> {
        let mut file = File::open(&path)?;
        let mut head = [0u8; 4];
        let n = std::io::Read::read(&mut file, &mut head)?;
        let size = file.metadata()?.len();
        if sqlchess_pgn::open::Compression::sniff(&head[..n])
            != sqlchess_pgn::open::Compression::None
        {
            return Ok((true, vec![0, size]));
        }
        Ok((false, split::boundaries(&mut file, target)?))
    })??)
}

/// `(games, lines)` in `[start, end)` of a plain PGN file: how far the
/// numbering of the next part is moved on.
#[pyfunction]
pub fn _pgn_range_counts(
    py: Python<'_>,
    path: PathBuf,
    start: u64,
    end: u64,
) -> PyResult<(u64, u64)> {
    Ok(detached(py, || -> std::io::Result<(u64, u64)> {
        let mut file = File::open(&path)?;
        let lines = split::count_lines(&mut file, start, end)?;
        let games = split::count_games(split::range_reader(file, start, end)?)?;
        Ok((games, lines))
    })??)
}

/// The games of `[start, end)` of a PGN file (of the whole file when
/// `compressed`), numbered from game `first_game` on line `first_line`, as
/// columns: a dict of lists named as the `games` relation's columns plus
/// `error` and `pgn` (a rejected game's text as it stands in the file).
/// Position keys are recorded, so that games without ECO tags are
/// classified as the importer does.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn _pgn_range_games<'py>(
    py: Python<'py>,
    path: PathBuf,
    start: u64,
    end: u64,
    compressed: bool,
    first_game: u64,
    first_line: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let games = detached(py, || -> std::io::Result<Vec<sqlchess_pgn::ReadGame>> {
        let input: Box<dyn std::io::BufRead + Send> = if compressed {
            sqlchess_pgn::open_pgn(&path)?
        } else {
            Box::new(split::range_reader(File::open(&path)?, start, end)?)
        };
        let mut games = Vec::new();
        sqlchess_pgn::read_games_from(input, 1, true, (first_game, first_line), |g| {
            games.push(g);
            Ok(true)
        })?;
        Ok(games)
    })??;
    let columns = PyDict::new(py);
    macro_rules! column {
        ($name:literal, $value:expr) => {
            columns.set_item($name, PyList::new(py, games.iter().map($value))?)?;
        };
    }
    column!("game_no", |g| g.record.game_no);
    column!("line", |g| g.record.line);
    column!("event", |g| g.record.event.clone());
    column!("site", |g| g.record.site.clone());
    column!("date", |g| g.record.date.clone());
    column!("round", |g| g.record.round.clone());
    column!("white", |g| g.record.white.clone());
    column!("black", |g| g.record.black.clone());
    column!("result", |g| g.record.result.clone());
    column!("white_elo", |g| g.record.white_elo);
    column!("black_elo", |g| g.record.black_elo);
    column!("eco", |g| g.record.eco.clone());
    column!("opening", |g| g.record.opening.clone());
    column!("time_control", |g| g.record.time_control.clone());
    column!("termination", |g| g.record.termination.clone());
    column!("variant", |g| g.record.variant.clone());
    column!("fen", |g| g.record.fen.clone());
    column!("game", |g| g
        .record
        .game
        .as_deref()
        .map(|b| PyBytes::new(py, b)));
    column!("ply_count", |g| g.record.ply_count);
    column!("final_fen", |g| g.record.final_fen.clone());
    column!("tags", |g| g.record.tags.clone());
    column!("error", |g| g.record.error.clone());
    column!("pgn", |g| g
        .record
        .error
        .as_ref()
        .map(|_| String::from_utf8_lossy(&g.raw).into_owned()));
    Ok(columns)
}

/// `(ply, position key, fen)` of every position of a game value (ply 0 the
/// start): the rows of `game_positions`, keyed as `position_key` keys.
#[pyfunction]
pub fn _game_positions(py: Python<'_>, game: &[u8]) -> PyResult<Vec<(u64, i64, String)>> {
    let value = sqlchess_pgn::GameValue::decode(game)
        .map_err(|e| PyValueError::new_err(format!("not a game value: {e}")))?;
    detached(py, || {
        value
            .positions()
            .iter()
            .enumerate()
            .map(|(ply, p)| (ply as u64, p.zobrist() as i64, p.fen()))
            .collect()
    })
}

/// A move of `game_moves`: ply, uci, san, fen before and after, comment,
/// NAGs, clock (seconds) and evaluation (pawns, or `#n` for a mate).
type MoveRow = (
    u64,
    String,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    Option<f64>,
    Option<String>,
);

/// The rows of `game_moves(game)`, as SQL's `game_moves`.
#[pyfunction]
pub fn _game_moves(py: Python<'_>, game: &[u8]) -> PyResult<Vec<MoveRow>> {
    let value = sqlchess_pgn::GameValue::decode(game)
        .map_err(|e| PyValueError::new_err(format!("not a game value: {e}")))?;
    detached(py, || {
        value
            .move_rows()
            .into_iter()
            .map(|r| {
                let eval = r.eval.map(|e| e.to_string());
                (
                    r.ply as u64,
                    r.uci,
                    r.san,
                    r.fen_before,
                    r.fen_after,
                    r.comment,
                    r.nags,
                    r.clock,
                    eval,
                )
            })
            .collect()
    })
}
