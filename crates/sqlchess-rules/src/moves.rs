//! [`Move`] and its one description, [`MoveInfo`].

/// A legal move of some position; print it with [`crate::Position::uci`] or
/// [`crate::Position::san`] of the position it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A move of standard chess or Chess960.
    Chess(sqlchess_core::Move),
    /// A move of the generic engine.
    Fairy(sqlchess_fairy::FairyMove),
}

/// A legal move read from text with its place among the legal moves:
/// what [`crate::Position::parse_move_indexed`] gives a reader that stores
/// moves by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IndexedMove {
    /// The move.
    pub mv: Move,
    /// Its index in [`crate::Position::legal_moves`] (generation order).
    pub index: usize,
    /// The number of legal moves of the position when it was counted;
    /// `None` where the reader stopped at the move (standard chess, whose
    /// positions have at most 218 legal moves, so an index fits a byte).
    pub count: Option<usize>,
}

/// Everything about one legal move: a row of the `legal_moves` relation in
/// every binding.
#[derive(Clone, Debug)]
pub struct MoveInfo {
    /// The move itself.
    pub mv: Move,
    /// UCI notation.
    pub uci: String,
    /// Standard Algebraic Notation (generalised for fairy pieces).
    pub san: String,
    /// Departure square (for a drop, the target square).
    pub from_square: String,
    /// Where the moving piece lands (for castling, the king's square).
    pub to_square: String,
    /// The moving piece's lower-case name (the dropped piece for a drop).
    pub piece: String,
    /// The captured piece's name, if any.
    pub captured: Option<String>,
    /// The name of the piece promoted to, if any.
    pub promotion: Option<String>,
    /// Whether the move gives check.
    pub gives_check: bool,
    /// The position after the move.
    pub after: crate::Position,
}
