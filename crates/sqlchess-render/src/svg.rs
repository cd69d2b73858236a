//! The SVG picture.

use std::fmt::Write;

use sqlchess_fairy::FairySquare;

use crate::diagram::Diagram;
use crate::glyphs;

/// Side of a square in pixels (the piece drawings' box).
pub(crate) const SQUARE: f64 = 45.0;
/// Margin for the coordinates.
pub(crate) const MARGIN: f64 = 20.0;
/// Light squares.
pub(crate) const LIGHT: &str = "#f0d9b5";
/// Dark squares (a1 is dark).
pub(crate) const DARK: &str = "#b58863";
/// Highlight overlay.
pub(crate) const HIGHLIGHT: &str = "#e8e84a";

fn origin(d: &Diagram, sq: FairySquare) -> (f64, f64) {
    (
        MARGIN + sq.file() as f64 * SQUARE,
        MARGIN + (d.height - 1 - sq.rank()) as f64 * SQUARE,
    )
}

fn centre(d: &Diagram, sq: FairySquare) -> (f64, f64) {
    let (x, y) = origin(d, sq);
    (x + SQUARE / 2.0, y + SQUARE / 2.0)
}

pub(crate) fn render(d: &Diagram) -> String {
    let (w, h) = (d.width as usize, d.height as usize);
    let pw = 2.0 * MARGIN + w as f64 * SQUARE;
    let ph = 2.0 * MARGIN + h as f64 * SQUARE;
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{pw}\" height=\"{ph}\" viewBox=\"0 0 {pw} {ph}\">"
    );
    let _ = writeln!(
        s,
        "<rect x=\"0\" y=\"0\" width=\"{pw}\" height=\"{ph}\" fill=\"#ffffff\"/>"
    );
    s.push_str("<g class=\"squares\">\n");
    for y in 0..h {
        for x in 0..w {
            let sq = FairySquare::from_index(y * 16 + x);
            let (px, py) = origin(d, sq);
            if d.holes.contains(&sq) {
                let _ = writeln!(
                    s,
                    "<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"#9e9e9e\" stroke-width=\"2\"/>",
                    px + 8.0,
                    py + 8.0,
                    px + SQUARE - 8.0,
                    py + SQUARE - 8.0,
                    px + SQUARE - 8.0,
                    py + 8.0,
                    px + 8.0,
                    py + SQUARE - 8.0
                );
                continue;
            }
            let (class, fill) = if (x + y) % 2 == 0 {
                ("dark", DARK)
            } else {
                ("light", LIGHT)
            };
            let _ = writeln!(
                s,
                "<rect class=\"{class}\" id=\"{sq}\" x=\"{px}\" y=\"{py}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{fill}\"/>"
            );
        }
    }
    s.push_str("</g>\n");
    for &sq in &d.highlights {
        let (px, py) = origin(d, sq);
        let _ = writeln!(
            s,
            "<rect class=\"highlight\" x=\"{px}\" y=\"{py}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{HIGHLIGHT}\" fill-opacity=\"0.7\"/>"
        );
    }
    // Coordinates: files below, ranks on the left.
    s.push_str("<g class=\"coordinates\" font-family=\"sans-serif\" font-size=\"13\" fill=\"#404040\" text-anchor=\"middle\">\n");
    for x in 0..w {
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\">{}</text>",
            MARGIN + (x as f64 + 0.5) * SQUARE,
            ph - 5.0,
            (b'a' + x as u8) as char
        );
    }
    for y in 0..h {
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\">{}</text>",
            MARGIN / 2.0,
            MARGIN + (h - 1 - y) as f64 * SQUARE + SQUARE / 2.0 + 4.5,
            y + 1
        );
    }
    s.push_str("</g>\n");
    for y in 0..h {
        for x in 0..w {
            if let Some(p) = &d.cells[y * w + x] {
                let sq = FairySquare::from_index(y * 16 + x);
                let (px, py) = origin(d, sq);
                let _ = writeln!(
                    s,
                    "<g class=\"piece\" id=\"piece-{sq}\" transform=\"translate({px} {py})\">{}</g>",
                    glyphs::piece(p)
                );
            }
        }
    }
    if d.path.len() > 1 {
        let mut points: Vec<String> = d
            .path
            .iter()
            .map(|&sq| {
                let (x, y) = centre(d, sq);
                format!("{x},{y}")
            })
            .collect();
        if d.closed_path {
            points.push(points[0].clone());
        }
        let _ = writeln!(
            s,
            "<polyline class=\"path\" points=\"{}\" fill=\"none\" stroke=\"#1565c0\" stroke-width=\"2\" stroke-opacity=\"0.75\" stroke-linejoin=\"round\"/>",
            points.join(" ")
        );
        let (x, y) = centre(d, d.path[0]);
        let _ = writeln!(
            s,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"5\" fill=\"#1565c0\"/>"
        );
    }
    for &(sq, ref text) in &d.labels {
        let (x, y) = centre(d, sq);
        let escaped: String = text.chars().map(glyphs::escape).collect();
        let _ = writeln!(
            s,
            "<text class=\"label\" x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"15\" fill=\"#000000\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">{escaped}</text>",
            y + 5.0
        );
    }
    for &(from, to) in &d.arrows {
        s.push_str(&arrow(centre(d, from), centre(d, to)));
    }
    s.push_str("</svg>\n");
    s
}

/// A filled arrow from the centre of one square to near the centre of
/// another.
fn arrow(from: (f64, f64), to: (f64, f64)) -> String {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return String::new();
    }
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let shaft = 5.0;
    let head_w = 13.0;
    let head_l = 18.0;
    let end = len - 8.0;
    let base = (end - head_l).max(0.0);
    let p = |along: f64, across: f64| {
        format!(
            "{:.1},{:.1}",
            from.0 + ux * along + nx * across,
            from.1 + uy * along + ny * across
        )
    };
    let pts = [
        p(0.0, shaft / 2.0),
        p(base, shaft / 2.0),
        p(base, head_w / 2.0),
        p(end, 0.0),
        p(base, -head_w / 2.0),
        p(base, -shaft / 2.0),
        p(0.0, -shaft / 2.0),
    ];
    format!(
        "<polygon class=\"arrow\" points=\"{}\" fill=\"#15781b\" fill-opacity=\"0.8\"/>\n",
        pts.join(" ")
    )
}
