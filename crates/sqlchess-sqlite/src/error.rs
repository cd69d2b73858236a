//! Errors raised by sqlchess's SQL functions besides the rules crates' own
//! (which pass through unchanged: sqlchess-rules' `UnknownVariant`,
//! `FenError`, `MoveError`, `DepthError`, `UnpackError`; `ParsePieceError`).

/// A bad argument to an sqlchess SQL function or table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SqlChessError {
    /// `next_move` was given a depth outside 1..=`max`.
    #[error("next_move depth must be 1 to {max}, got {depth}")]
    SearchDepth {
        /// The depth given.
        depth: i64,
        /// The deepest accepted.
        max: i64,
    },
    /// `piece_geometry` was given a board outside 1×1 to 16×16.
    #[error("board size must be 1..16 by 1..16, got {width}x{height}")]
    BoardSize {
        /// The width given.
        width: i64,
        /// The height given.
        height: i64,
    },
    /// A table-valued function was used without its required argument.
    #[error("{table}: missing argument `{argument}`")]
    MissingArgument {
        /// The table-valued function.
        table: &'static str,
        /// The argument.
        argument: &'static str,
    },
    /// `next_move` was given a node budget below 1.
    #[error("next_move max_nodes must be 1 or more, got {nodes}")]
    NodeBudget {
        /// The budget given.
        nodes: i64,
    },
    /// A function over the stored games in a database without them.
    #[error("no games in this database: run `sqlchess import --db FILE PGN…` first")]
    NoGames,
    /// An argument of the wrong SQL type.
    #[error("{function}: expected {expected}")]
    ArgumentType {
        /// The function.
        function: &'static str,
        /// What it takes.
        expected: &'static str,
    },
    /// The statement was interrupted (`sqlite3_interrupt`, Ctrl-C in
    /// `sqlchess sql`) while the function ran.
    #[error("{function} interrupted")]
    Interrupted {
        /// The function.
        function: &'static str,
    },
    /// A file that cannot be opened or read.
    #[error("cannot read {path:?}: {reason}")]
    File {
        /// The path given.
        path: String,
        /// The system's reason.
        reason: String,
    },
}
