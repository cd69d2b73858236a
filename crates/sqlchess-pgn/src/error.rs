//! Typed syntax errors reported by the [`reader`](crate::reader).

/// Longest excerpt of offending input quoted in an error message, in characters.
pub const MAX_QUOTED_CHARS: usize = 40;

/// A syntax error found while reading one game.
///
/// Syntax errors never abort the stream: the game that contains the error is
/// still reported (see [`GameEnd::error`](crate::reader::GameEnd::error)) and
/// reading resumes with the next game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct SyntaxError {
    /// 1-based line number at which the error was detected.
    pub line: u64,
    /// What went wrong.
    pub kind: SyntaxErrorKind,
}

/// The kind of a [`SyntaxError`]. Strings quote the offending input, shortened
/// to at most [`MAX_QUOTED_CHARS`] characters (an ellipsis marks the cut).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SyntaxErrorKind {
    /// A `{` comment that is not closed before the end of input, or before a
    /// line that looks like the tag pair of the next game.
    #[error("unterminated comment starting with {0:?}")]
    UnterminatedComment(String),
    /// A tag pair whose value is not closed on its line.
    #[error("unterminated tag {0:?}")]
    UnterminatedTag(String),
    /// A tag pair that does not have the form `[Name "value"]`.
    #[error("malformed tag {0:?}")]
    MalformedTag(String),
    /// A tag value that is not valid UTF-8.
    #[error("invalid utf-8 in value of tag {0:?}")]
    InvalidUtf8InTag(String),
    /// A tag pair that follows movetext without a result token or an empty
    /// line in between.
    #[error("tag {0:?} inside movetext (missing result or empty line before it)")]
    TagInMovetext(String),
    /// A `)` without a matching `(`.
    #[error("unbalanced closing parenthesis")]
    UnbalancedParen,
    /// A game that ends while a `(` variation is still open.
    #[error("unclosed variation at end of game ({0} open)")]
    UnclosedVariation(u32),
    /// Variations nested deeper than the configured limit.
    #[error("variations nested deeper than {0} levels")]
    VariationTooDeep(u32),
    /// Bytes that cannot start any movetext token.
    #[error("unexpected bytes {0:?}")]
    UnexpectedBytes(String),
    /// A token longer than [`MAX_TOKEN_LEN`](crate::reader::MAX_TOKEN_LEN) bytes.
    #[error("token too long: {0:?}")]
    TokenTooLong(String),
    /// A comment longer than the configured limit (in bytes).
    #[error("comment longer than {0} bytes")]
    CommentTooLong(usize),
    /// A tag value longer than the configured limit (in bytes).
    #[error("value of tag {name:?} longer than {limit} bytes")]
    TagTooLong {
        /// The tag name.
        name: String,
        /// The configured limit in bytes.
        limit: usize,
    },
    /// A `$` numeric annotation glyph that is missing its number or is above 255.
    #[error("invalid nag {0:?}")]
    InvalidNag(String),
    /// A move suffix made of `!` and `?` that is not one of `!`, `?`, `!!`,
    /// `??`, `!?`, `?!`, or a token with other characters after such a suffix.
    #[error("invalid move suffix in {0:?}")]
    InvalidSuffix(String),
}

/// Renders `bytes` for an error message: lossy UTF-8, at most
/// [`MAX_QUOTED_CHARS`] characters, an ellipsis appended when shortened.
pub fn quote(bytes: &[u8]) -> String {
    let cut = &bytes[..bytes.len().min(MAX_QUOTED_CHARS * 4)];
    let text = String::from_utf8_lossy(cut);
    let mut out: String = text.chars().take(MAX_QUOTED_CHARS).collect();
    if out.len() < text.len() || cut.len() < bytes.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quote_shortens_long_input() {
        let long = vec![b'a'; 1000];
        let q = quote(&long);
        assert_eq!(q.chars().count(), MAX_QUOTED_CHARS + 1);
        assert!(q.ends_with('…'));
        assert_eq!(quote(b"e4"), "e4");
    }

    #[test]
    fn messages_are_lowercase_and_quote_token() {
        let e = SyntaxError {
            line: 7,
            kind: SyntaxErrorKind::TokenTooLong(quote(b"abc")),
        };
        assert_eq!(e.to_string(), "line 7: token too long: \"abc\"");
        let e = SyntaxErrorKind::InvalidNag("$300".into());
        assert_eq!(e.to_string(), "invalid nag \"$300\"");
    }
}
