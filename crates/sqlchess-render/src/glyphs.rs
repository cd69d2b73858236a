//! Vector drawings of the pieces in a 45×45 box (drawn for sqlchess: plain
//! silhouettes, no borrowed artwork).

use crate::diagram::{DiagramPiece, PieceGlyph};

/// The SVG elements of `piece`, in the 45×45 box at the origin.
pub(crate) fn piece(p: &DiagramPiece) -> String {
    let (fill, stroke, detail) = if p.white {
        ("#ffffff", "#000000", "#000000")
    } else {
        ("#000000", "#000000", "#ffffff")
    };
    let style = format!(
        "fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.5\" stroke-linejoin=\"round\""
    );
    let lines = |d: &str| {
        format!("<path d=\"{d}\" fill=\"none\" stroke=\"{detail}\" stroke-width=\"1.2\"/>")
    };
    let mut s = String::new();
    match p.glyph {
        PieceGlyph::Pawn => {
            s += &format!("<path {style} d=\"M16 38 L29 38 L26.5 26 C29 24.5 29 20.5 25 20 L20 20 C16 20.5 16 24.5 18.5 26 Z\"/>");
            s += &format!("<circle {style} cx=\"22.5\" cy=\"14\" r=\"5.5\"/>");
            s += &format!("<rect {style} x=\"12\" y=\"36\" width=\"21\" height=\"4\" rx=\"1\"/>");
        }
        PieceGlyph::Rook => {
            s += &format!("<path {style} d=\"M11 39 L34 39 L34 35 L31 33 L30 18 L33 15 L33 9 L29 9 L29 12 L25 12 L25 9 L20 9 L20 12 L16 12 L16 9 L12 9 L12 15 L15 18 L14 33 L11 35 Z\"/>");
            s += &lines("M15 18 L30 18 M14 33 L31 33");
        }
        PieceGlyph::Bishop => {
            s += &format!(
                "<path {style} d=\"M10 39 C14 35.5 19 36.5 22.5 34.5 C26 36.5 31 35.5 35 39 Z\"/>"
            );
            s += &format!("<rect {style} x=\"15\" y=\"29\" width=\"15\" height=\"4\"/>");
            s += &format!("<path {style} d=\"M22.5 10.5 C15 16 13.5 24 16.5 29 L28.5 29 C31.5 24 30 16 22.5 10.5 Z\"/>");
            s += &format!("<circle {style} cx=\"22.5\" cy=\"8\" r=\"2.5\"/>");
            s += &lines("M22.5 15 L22.5 23 M18.5 19 L26.5 19");
        }
        PieceGlyph::Knight => {
            s += &format!("<path {style} d=\"M13 39 L33 39 C33.5 30 32 20 27 14 C25.5 12 24 11 23 10 L23 7 L20.5 9.5 L18.5 7 L18.5 11 C15 13 12 19 10.5 24 C10 26.5 11.5 28 13.5 27.5 C15.5 27 16 25 19 24.5 C21 24 22 22.5 22.5 21 C22.5 25 19 28 16.5 31 C14.5 33.5 13 36 13 39 Z\"/>");
            s += &format!("<circle cx=\"17.5\" cy=\"15.5\" r=\"1.3\" fill=\"{detail}\"/>");
        }
        PieceGlyph::Queen => {
            for (x, y) in [
                (9.0, 16.0),
                (15.5, 11.0),
                (22.5, 9.0),
                (29.5, 11.0),
                (36.0, 16.0),
            ] {
                s += &format!("<circle {style} cx=\"{x}\" cy=\"{y}\" r=\"2.2\"/>");
            }
            s += &format!("<path {style} d=\"M9 16 L12.5 31 L32.5 31 L36 16 L29.5 25 L29.5 11 L24.5 24 L22.5 9 L20.5 24 L15.5 11 L15.5 25 Z\"/>");
            s += &format!("<path {style} d=\"M12.5 31 L32.5 31 L33.5 36 L11.5 36 Z\"/>");
            s += &format!("<rect {style} x=\"11\" y=\"36\" width=\"23\" height=\"3\" rx=\"1\"/>");
        }
        PieceGlyph::King => {
            s += &format!("<path {style} d=\"M21 5 L24 5 L24 8 L27 8 L27 11 L24 11 L24 16 L21 16 L21 11 L18 11 L18 8 L21 8 Z\"/>");
            s += &format!("<path {style} d=\"M22.5 16 C20 12.5 10 12 9.5 20 C9.5 26 15 30 14 33 L31 33 C30 30 35.5 26 35.5 20 C35 12 25 12.5 22.5 16 Z\"/>");
            s += &format!("<rect {style} x=\"13\" y=\"33\" width=\"19\" height=\"5.5\" rx=\"1\"/>");
        }
        PieceGlyph::Letter(c) => {
            s += &format!("<circle {style} cx=\"22.5\" cy=\"22.5\" r=\"17\"/>");
            s += &format!("<circle cx=\"22.5\" cy=\"22.5\" r=\"14\" fill=\"none\" stroke=\"{detail}\" stroke-width=\"0.8\"/>");
            s += &format!(
                "<text x=\"22.5\" y=\"29.5\" text-anchor=\"middle\" font-family=\"sans-serif\" font-weight=\"bold\" font-size=\"20\" fill=\"{detail}\">{}</text>",
                escape(c)
            );
        }
    }
    if p.promoted {
        s += &format!("<circle cx=\"38\" cy=\"7\" r=\"5\" fill=\"#c62828\" stroke=\"{stroke}\" stroke-width=\"1\"/>");
        s += "<path d=\"M35 7 L41 7 M38 4 L38 10\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>";
    }
    s
}

/// XML-escapes one character.
pub(crate) fn escape(c: char) -> String {
    match c {
        '<' => "&lt;".into(),
        '>' => "&gt;".into(),
        '&' => "&amp;".into(),
        '"' => "&quot;".into(),
        '\'' => "&apos;".into(),
        c => c.to_string(),
    }
}

/// The Unicode symbol of a piece for text boards: chess symbols for the
/// standard six, the letter (upper case White, lower case Black) otherwise.
pub(crate) fn symbol(p: &DiagramPiece) -> char {
    let (w, b) = match p.glyph {
        PieceGlyph::King => ('♔', '♚'),
        PieceGlyph::Queen => ('♕', '♛'),
        PieceGlyph::Rook => ('♖', '♜'),
        PieceGlyph::Bishop => ('♗', '♝'),
        PieceGlyph::Knight => ('♘', '♞'),
        PieceGlyph::Pawn => ('♙', '♟'),
        PieceGlyph::Letter(c) => (c.to_ascii_uppercase(), c.to_ascii_lowercase()),
    };
    if p.white {
        w
    } else {
        b
    }
}
