//! Text quoted in an error message, shortened so that a huge input is not
//! echoed back whole.

/// The longest text an error quotes whole, in characters.
pub const MAX_QUOTED_CHARS: usize = 80;

/// `text`, cut to [`MAX_QUOTED_CHARS`] characters with `…` when longer.
///
/// ```
/// let long = "x".repeat(1000);
/// assert_eq!(sqlchess_types::quoted(&long).chars().count(), sqlchess_types::MAX_QUOTED_CHARS + 1);
/// assert_eq!(sqlchess_types::quoted("knight"), "knight");
/// ```
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(MAX_QUOTED_CHARS) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}
