//! The errors of the facade, one enum per boundary, and [`Error`] over all
//! of them. Messages are lower case, name what was wrong and quote the
//! offending text, shortened when long so that a 100 KB argument is not
//! echoed back whole.

use std::fmt;

/// Text quoted in an error: at most [`Quoted::MAX_CHARS`] characters, with
/// `…` when cut.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quoted(pub String);

impl Quoted {
    /// The longest text quoted whole.
    pub const MAX_CHARS: usize = 80;

    /// Quotes `text`, shortened to [`Quoted::MAX_CHARS`] characters.
    pub fn new(text: &str) -> Quoted {
        if text.chars().count() <= Quoted::MAX_CHARS {
            Quoted(text.to_owned())
        } else {
            let cut: String = text.chars().take(Quoted::MAX_CHARS).collect();
            Quoted(format!("{cut}…"))
        }
    }
}

impl fmt::Display for Quoted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

/// No variant of that name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant {name} (see `sqlchess variants`)")]
pub struct UnknownVariant {
    /// The name asked for.
    pub name: Quoted,
}

/// A FEN that cannot be read as a position of the variant; the engine's own
/// error, which names the field and quotes the token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenError {
    /// Standard chess or Chess960.
    #[error(transparent)]
    Chess(#[from] sqlchess_core::FenError),
    /// Any other variant.
    #[error(transparent)]
    Fairy(#[from] sqlchess_fairy::FenError),
}

/// A move given as text that is malformed, illegal or ambiguous here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is neither UCI nor SAN.
    #[error("invalid move {text}: expected UCI like e2e4 or SAN like Nf3")]
    Syntax {
        /// The text.
        text: Quoted,
    },
    /// Well formed, but not a legal move in the position.
    #[error("illegal move {text}")]
    Illegal {
        /// The text.
        text: Quoted,
    },
    /// SAN that matches several legal moves.
    #[error("ambiguous move {text}")]
    Ambiguous {
        /// The text.
        text: Quoted,
    },
}

impl MoveError {
    /// Whether the text was not a move at all (rather than a move that is
    /// not legal here).
    pub fn is_syntax(&self) -> bool {
        matches!(self, MoveError::Syntax { .. })
    }
}

/// A position the packed form cannot hold exactly.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PackError {
    /// The fairy codec cannot write it (more than 64 piece kinds, say).
    #[error(transparent)]
    Fairy(#[from] sqlchess_fairy::pack::PackError),
    /// The variant's name is 128 bytes or longer.
    #[error("variant name {0} is too long to pack (at most 127 bytes)")]
    VariantName(Quoted),
}

/// Bytes that are not a packed position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UnpackError {
    /// 32 bytes that are not a packed standard chess position.
    #[error(transparent)]
    Chess(#[from] sqlchess_core::pack::UnpackError),
    /// A variant body that does not decode.
    #[error("packed {variant} position: {source}")]
    Fairy {
        /// The variant named in the bytes.
        variant: String,
        /// Why.
        source: sqlchess_fairy::pack::UnpackError,
    },
    /// The bytes end inside the variant name, or the name is not text.
    #[error("packed position is truncated in its variant name")]
    Truncated,
    /// The bytes name a variant nobody registered.
    #[error("packed position names unknown variant {0}")]
    UnknownVariant(Quoted),
    /// Standard chess always packs to 32 bytes.
    #[error("packed position names {0} but is not 32 bytes")]
    ChessNotFixed(String),
}

/// A perft depth outside `0..=MAX`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("perft depth {depth} is outside 0..={max}")]
pub struct DepthError {
    /// The depth asked for.
    pub depth: i64,
    /// The deepest allowed.
    pub max: u32,
}

/// Any error of the facade, for callers that pass them on (`?` converts each
/// boundary's error).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// See [`UnknownVariant`].
    #[error(transparent)]
    Variant(#[from] UnknownVariant),
    /// See [`FenError`].
    #[error(transparent)]
    Fen(#[from] FenError),
    /// See [`MoveError`].
    #[error(transparent)]
    Move(#[from] MoveError),
    /// See [`PackError`].
    #[error(transparent)]
    Pack(#[from] PackError),
    /// See [`UnpackError`].
    #[error(transparent)]
    Unpack(#[from] UnpackError),
    /// See [`DepthError`].
    #[error(transparent)]
    Depth(#[from] DepthError),
    /// A `variants.ini` text that cannot be loaded.
    #[error(transparent)]
    Ini(#[from] sqlchess_fairy::IniError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_shortened() {
        let q = Quoted::new(&"x".repeat(10_000));
        assert!(q.to_string().len() < 100, "{q}");
        assert!(q.to_string().ends_with("…\""));
        assert_eq!(Quoted::new("e4").to_string(), "\"e4\"");
    }
}
