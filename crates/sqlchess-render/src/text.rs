//! The Unicode text board.

use sqlchess_fairy::FairySquare;

use crate::diagram::Diagram;
use crate::glyphs;

pub(crate) fn render(d: &Diagram) -> String {
    let (w, h) = (d.width as usize, d.height as usize);
    // Cells are as wide as the longest label, at least one column.
    let cell = d
        .labels
        .iter()
        .map(|(_, t)| t.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let mut out = String::new();
    for y in (0..h).rev() {
        out.push_str(&format!("{:>2} ", y + 1));
        for x in 0..w {
            let sq = FairySquare::from_index(y * 16 + x);
            let mark = if d.highlights.contains(&sq)
                || d.arrows.iter().any(|&(a, b)| a == sq || b == sq)
            {
                '*'
            } else {
                ' '
            };
            let body: String = if d.holes.contains(&sq) {
                " ".repeat(cell)
            } else if let Some((_, t)) = d.labels.iter().rev().find(|(s, _)| *s == sq) {
                format!("{t:>cell$}")
            } else if let Some(p) = &d.cells[y * w + x] {
                format!("{:>cell$}", glyphs::symbol(p))
            } else {
                format!("{:>cell$}", '·')
            };
            out.push(mark);
            out.push_str(&body);
        }
        // No trailing spaces.
        let trimmed = out.trim_end().len();
        out.truncate(trimmed);
        out.push('\n');
    }
    out.push_str("   ");
    for x in 0..w {
        out.push(' ');
        out.push_str(&format!("{:>cell$}", (b'a' + x as u8) as char));
    }
    out.push('\n');
    out
}
