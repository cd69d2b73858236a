//! How sqlchess errors become PostgreSQL errors: the rules crates' messages,
//! unchanged, under a SQLSTATE that says what kind of input was wrong.

use std::fmt::Display;

use pgrx::pg_sys::panic::ErrorReport;
use pgrx::PgSqlErrorCode;

/// The result of a fallible SQL function: `Err` is raised as an `ERROR`.
pub type SqlResult<T> = Result<T, ErrorReport>;

fn report(code: PgSqlErrorCode, err: impl Display) -> ErrorReport {
    ErrorReport::new(code, err.to_string(), "sqlchess")
}

/// Text that is not a value of the type asked for (a FEN, a UCI move, a
/// piece's notation): SQLSTATE 22P02 `invalid_text_representation`.
pub fn invalid_text(err: impl Display) -> ErrorReport {
    report(PgSqlErrorCode::ERRCODE_INVALID_TEXT_REPRESENTATION, err)
}

/// A well-formed value that is not allowed here (an illegal move, an
/// unknown variant, a negative depth): SQLSTATE 22023
/// `invalid_parameter_value`.
pub fn invalid_value(err: impl Display) -> ErrorReport {
    report(PgSqlErrorCode::ERRCODE_INVALID_PARAMETER_VALUE, err)
}

/// Bytes that are not a packed position (binary input, `unpack_position`):
/// SQLSTATE 22P03 `invalid_binary_representation`.
pub fn invalid_binary(err: impl Display) -> ErrorReport {
    report(PgSqlErrorCode::ERRCODE_INVALID_BINARY_REPRESENTATION, err)
}

/// A bad argument to an sqlchess SQL function besides the rules crates' own
/// errors (which pass through unchanged).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ArgumentError {
    /// A depth below zero (or above the limit of the function).
    #[error("{function} depth must be between {min} and {max}, got {depth}")]
    Depth {
        /// The SQL function.
        function: &'static str,
        /// The depth given.
        depth: i32,
        /// The least depth allowed.
        min: i32,
        /// The greatest depth allowed.
        max: i32,
    },
    /// A board outside 1×1 to 16×16.
    #[error("board size must be 1..16 by 1..16, got {width}x{height}")]
    BoardSize {
        /// The width given.
        width: i32,
        /// The height given.
        height: i32,
    },
    /// A `chessmove` that is not of UCI's shape.
    #[error("invalid chessmove {text:?}: expected UCI like e2e4, e7e8q, P@e5 or a10a9")]
    Move {
        /// The text given.
        text: String,
    },
}
