#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod diagram;
mod glyphs;
mod svg;
mod text;

pub use diagram::{Diagram, DiagramPiece, PieceGlyph, RenderError};

/// The SVG picture of a FEN's board (any variant: the board field alone is
/// read, so sizes up to 16×16 and any piece letter work).
///
/// ```
/// let svg = sqlchess_render::board_svg(sqlchess_core::START_FEN).unwrap();
/// assert!(svg.contains("</svg>"));
/// assert!(sqlchess_render::board_svg("8/8/9/8 w - - 0 1").is_err());
/// ```
///
/// # Errors
/// [`RenderError`] if the board field cannot be read.
pub fn board_svg(fen: &str) -> Result<String, RenderError> {
    Ok(Diagram::from_fen(fen)?.svg())
}

/// The Unicode text board of a FEN's board, as [`board_svg`] reads it.
///
/// # Errors
/// [`RenderError`] if the board field cannot be read.
pub fn board_text(fen: &str) -> Result<String, RenderError> {
    Ok(Diagram::from_fen(fen)?.text())
}
