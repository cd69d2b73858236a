//! The Python exception classes and the one mapping from the facade's
//! errors to them. Every message is the core's own.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use sqlchess_rules::{Error, MoveError};

create_exception!(
    sqlchess,
    SqlchessError,
    PyException,
    "The base of every error sqlchess raises."
);
create_exception!(
    sqlchess,
    InvalidFen,
    SqlchessError,
    "A FEN that is not a legal position of the variant; the message names the field."
);
create_exception!(
    sqlchess,
    InvalidMove,
    SqlchessError,
    "Text that is neither a UCI nor a SAN move."
);
create_exception!(
    sqlchess,
    IllegalMove,
    SqlchessError,
    "A well-formed move that is not legal in the position."
);
create_exception!(
    sqlchess,
    AmbiguousMove,
    IllegalMove,
    "SAN that matches several legal moves."
);
create_exception!(
    sqlchess,
    UnknownVariant,
    SqlchessError,
    "No built-in or loaded variant has that name."
);
create_exception!(
    sqlchess,
    InvalidPacked,
    SqlchessError,
    "Bytes that are not a packed position (or a position that cannot be packed)."
);
create_exception!(
    sqlchess,
    InvalidDepth,
    SqlchessError,
    "A perft or search depth out of range."
);
create_exception!(
    sqlchess,
    InvalidVariants,
    SqlchessError,
    "A variants.ini text that cannot be loaded."
);

/// The Python exception for a facade error.
pub fn to_py(e: impl Into<Error>) -> PyErr {
    let e = e.into();
    let msg = e.to_string();
    match e {
        Error::Variant(_) => UnknownVariant::new_err(msg),
        Error::Fen(_) => InvalidFen::new_err(msg),
        Error::Move(MoveError::Syntax { .. }) => InvalidMove::new_err(msg),
        Error::Move(MoveError::Ambiguous { .. }) => AmbiguousMove::new_err(msg),
        Error::Move(_) => IllegalMove::new_err(msg),
        Error::Pack(_) | Error::Unpack(_) => InvalidPacked::new_err(msg),
        Error::Depth(_) => InvalidDepth::new_err(msg),
        Error::Ini(_) => InvalidVariants::new_err(msg),
        _ => SqlchessError::new_err(msg),
    }
}

/// Runs `f` without the GIL, turning a Rust panic into `SqlchessError`
/// (PyO3 would raise its `PanicException`, which `except Exception` misses).
pub fn detached<T: Send>(py: Python<'_>, f: impl FnOnce() -> T + Send) -> PyResult<T> {
    py.allow_threads(|| catch_unwind(AssertUnwindSafe(f)))
        .map_err(|panic| {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_owned());
            SqlchessError::new_err(format!("internal error (please report it): {what}"))
        })
}

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SqlchessError", py.get_type::<SqlchessError>())?;
    m.add("InvalidFen", py.get_type::<InvalidFen>())?;
    m.add("InvalidMove", py.get_type::<InvalidMove>())?;
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("AmbiguousMove", py.get_type::<AmbiguousMove>())?;
    m.add("UnknownVariant", py.get_type::<UnknownVariant>())?;
    m.add("InvalidPacked", py.get_type::<InvalidPacked>())?;
    m.add("InvalidDepth", py.get_type::<InvalidDepth>())?;
    m.add("InvalidVariants", py.get_type::<InvalidVariants>())?;
    Ok(())
}
