//! `sqlchess._native`: the Python binding of sqlchess (re-exported by the
//! `sqlchess` package). Each method decodes its arguments, calls one
//! function of the rules facade, the search, the PGN reader or the
//! renderer, and maps the error; nothing here knows chess.
#![forbid(unsafe_code)]

mod batch;
mod errors;
mod pgn;
mod position;

use std::path::PathBuf;
use std::sync::PoisonError;

use pyo3::prelude::*;

use crate::errors::{detached, to_py};
use crate::position::{PyMove, PyPosition, VARIANTS};

/// Every variant name `Position(variant=...)` accepts: the built-ins (with
/// their aliases), then those `load_variants` read.
#[pyfunction]
fn variants() -> Vec<String> {
    let set = VARIANTS.read().unwrap_or_else(PoisonError::into_inner);
    let mut names: Vec<String> = sqlchess_rules::variant_names()
        .into_iter()
        .map(str::to_owned)
        .collect();
    for name in set.custom_names() {
        if !names.iter().any(|n| n == name) {
            names.push(name.to_owned());
        }
    }
    names
}

/// The built-in pieces: `(name, notation)` pairs (Betza, or Parlett where
/// Betza has no letter).
#[pyfunction]
fn pieces() -> Vec<(&'static str, &'static str)> {
    sqlchess_fairy::catalogue().collect()
}

/// Loads the variants of a Fairy-Stockfish `variants.ini` file; returns
/// their names. They shadow built-ins of the same name from then on. Each
/// section loads on its own: a refused one is named in a `UserWarning`
/// (section, line and reason) and the others stay usable; a file of which
/// nothing loads raises `InvalidVariants`.
#[pyfunction]
fn load_variants(py: Python<'_>, path: PathBuf) -> PyResult<Vec<String>> {
    let text = std::fs::read_to_string(&path)?;
    let mut set = VARIANTS.write().unwrap_or_else(PoisonError::into_inner);
    let report = set.read_ini(&text);
    drop(set);
    if report.loaded.is_empty() {
        if let Some(first) = report.refused.first() {
            return Err(to_py(first.reason().clone()));
        }
    }
    for refused in &report.refused {
        let message = std::ffi::CString::new(format!(
            "{}: section [{}] (line {}) refused: {}",
            path.display(),
            refused.section,
            refused.line,
            refused.reason()
        ))
        .unwrap_or_default();
        PyErr::warn(
            py,
            &py.get_type::<pyo3::exceptions::PyUserWarning>(),
            &message,
            1,
        )?;
    }
    position::LOADED.store(true, std::sync::atomic::Ordering::Release);
    Ok(report.loaded)
}

/// Perft: the leaf nodes `depth` plies below `fen` (the GIL is released).
#[pyfunction]
#[pyo3(signature = (fen, depth, variant="chess"))]
fn perft(py: Python<'_>, fen: &str, depth: i64, variant: &str) -> PyResult<u64> {
    let d = position::depth(depth)?;
    let v = position::variant(variant)?;
    let pos = sqlchess_rules::Position::from_fen(&v, fen).map_err(to_py)?;
    detached(py, || pos.perft(d))?.map_err(to_py)
}

/// The UCI text of a move code of `Position.legal_move_codes`.
#[pyfunction]
fn uci_of_code(code: &Bound<'_, PyAny>) -> PyResult<String> {
    // Any int: one out of every range is the same ValueError.
    code.extract::<u16>()
        .ok()
        .map(sqlchess_rules::Position::uci_of_code)
        .filter(|text| !text.is_empty())
        .ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "{code} is no move code (from + 64 * to + 4096 * promotion, below {})",
                sqlchess_rules::UCI_CODES
            ))
        })
}

/// Panics inside Rust, to test that a panic becomes `SqlchessError`.
#[pyfunction]
fn _panic(py: Python<'_>) -> PyResult<()> {
    detached(py, || panic!("deliberate panic"))
}

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<PyPosition>()?;
    m.add_class::<PyMove>()?;
    m.add_class::<pgn::PyGame>()?;
    m.add_class::<pgn::PyPgnReader>()?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(pieces, m)?)?;
    m.add_function(wrap_pyfunction!(load_variants, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(uci_of_code, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::read_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(_panic, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_expand_packed, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_perft_packed, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_pgn_ranges, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_pgn_range_counts, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_pgn_range_games, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_game_positions, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_game_moves, m)?)?;
    Ok(())
}
