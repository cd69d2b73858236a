//! The SVG is well-formed XML and, rasterised with resvg, shows the squares
//! and pieces where the FEN puts them; the text board matches.

use resvg::{tiny_skia, usvg};
use sqlchess_fairy::FairySquare;
use sqlchess_render::{board_svg, board_text, Diagram, RenderError};

const SQUARE: f64 = 45.0;
const MARGIN: f64 = 20.0;
const LIGHT: [u8; 3] = [0xf0, 0xd9, 0xb5];
const DARK: [u8; 3] = [0xb5, 0x88, 0x63];

struct Raster {
    pixmap: tiny_skia::Pixmap,
    height: usize,
}

impl Raster {
    fn new(svg: &str, height: usize) -> Raster {
        roxmltree::Document::parse(svg).expect("well-formed XML");
        let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("usvg parses it");
        let size = tree.size().to_int_size();
        let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
        resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
        Raster { pixmap, height }
    }

    /// The colour at (fx, fy) within a square's 45×45 box.
    fn at(&self, sq: &str, fx: f64, fy: f64) -> [u8; 3] {
        let s: FairySquare = sq.parse().unwrap();
        let x = MARGIN + s.file() as f64 * SQUARE + fx;
        let y = MARGIN + (self.height - 1 - s.rank() as usize) as f64 * SQUARE + fy;
        let p = self.pixmap.pixel(x as u32, y as u32).unwrap();
        [p.red(), p.green(), p.blue()]
    }

    /// The colour of a square away from its piece (top-left corner area).
    fn square(&self, sq: &str) -> [u8; 3] {
        self.at(sq, 3.0, 3.0)
    }

    /// The colour at the point every piece drawing covers.
    fn piece(&self, sq: &str) -> [u8; 3] {
        self.at(sq, 22.5, 27.5)
    }
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 3)
}

#[test]
fn start_position_rasterised() {
    let svg = board_svg(sqlchess_core::START_FEN).unwrap();
    let r = Raster::new(&svg, 8);
    // a1 is dark, h1 light; e4 empty and light, d4 empty and dark.
    assert!(close(r.square("a1"), DARK), "{:?}", r.square("a1"));
    assert!(close(r.square("h1"), LIGHT));
    assert!(close(r.piece("e4"), LIGHT));
    assert!(close(r.piece("d4"), DARK));
    // White pieces white, Black pieces black, on every occupied square.
    for file in "abcdefgh".chars() {
        for (rank, white) in [(1, true), (2, true), (7, false), (8, false)] {
            let sq = format!("{file}{rank}");
            let want = if white { [255; 3] } else { [0; 3] };
            assert!(close(r.piece(&sq), want), "{sq}: {:?}", r.piece(&sq));
        }
        for rank in 3..=6 {
            let sq = format!("{file}{rank}");
            assert!(
                !close(r.piece(&sq), [255; 3]) && !close(r.piece(&sq), [0; 3]),
                "{sq}"
            );
        }
    }
}

#[test]
fn fairy_pieces_wide_board_highlight_and_arrow() {
    // Capablanca's 10x8 start: archbishop (a) and chancellor (c) as discs.
    let fen = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    let mut d = Diagram::from_fen(fen).unwrap();
    d.highlight("e4".parse().unwrap()).unwrap();
    d.arrow("e2".parse().unwrap(), "e4".parse().unwrap())
        .unwrap();
    let svg = d.svg();
    let r = Raster::new(&svg, 8);
    assert!(close(r.piece("c1"), [255; 3]), "archbishop disc");
    assert!(close(r.piece("h8"), [0; 3]), "chancellor disc");
    assert!(close(r.piece("j1"), [255; 3]));
    // The highlight changes e4's colour; f4 keeps it.
    let (e4, f4) = (r.square("e4"), r.square("f4"));
    assert!(!close(e4, LIGHT) && !close(e4, DARK), "{e4:?}");
    assert!(close(f4, DARK));
    // The arrow crosses e3.
    let e3 = r.at("e3", 22.5, 22.5);
    assert!(!close(e3, DARK) && !close(e3, LIGHT), "{e3:?}");
    assert!(svg.contains(">A</text>") && svg.contains(">C</text>"));
}

#[test]
fn every_catalogue_letter_is_drawn_on_16x16() {
    let mut d = Diagram::empty(16, 16).unwrap();
    for (i, (name, _)) in sqlchess_fairy::catalogue().enumerate() {
        let sq = FairySquare::new((i % 16) as u8, (i / 16) as u8).unwrap();
        let letter = name.chars().next().unwrap();
        let glyph = sqlchess_render::PieceGlyph::from_name(name, letter);
        d.set_piece(
            sq,
            Some(sqlchess_render::DiagramPiece::new(glyph, i % 2 == 0)),
        )
        .unwrap();
    }
    let r = Raster::new(&d.svg(), 16);
    for i in 0..sqlchess_fairy::catalogue().count() {
        let sq = format!("{}{}", (b'a' + (i % 16) as u8) as char, i / 16 + 1);
        let want = if i % 2 == 0 { [255; 3] } else { [0; 3] };
        assert!(close(r.piece(&sq), want), "{sq}");
    }
}

#[test]
fn tour_pictures() {
    let mut d = Diagram::empty(5, 5).unwrap();
    let tour: Vec<FairySquare> = ["a1", "b3", "c5"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    d.tour(&tour, false).unwrap();
    d.hole("e5".parse().unwrap()).unwrap();
    let svg = d.svg();
    Raster::new(&svg, 5);
    assert!(svg.contains(">3</text>"));
    let text = d.text();
    assert!(text.contains('3'), "{text}");
}

#[test]
fn text_board() {
    let t = board_text(sqlchess_core::START_FEN).unwrap();
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(lines.len(), 9);
    assert_eq!(lines[0], " 8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜");
    assert_eq!(lines[4], " 4  · · · · · · · ·");
    assert_eq!(lines[7], " 1  ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖");
    assert_eq!(lines[8], "    a b c d e f g h");
    let t = board_text("12/12/5Z6/12 w - - 0 1").unwrap();
    assert!(t.lines().nth(2).unwrap().contains('Z'));
}

#[test]
fn errors() {
    assert!(matches!(board_svg(""), Err(RenderError::Fen { .. })));
    assert!(matches!(board_svg("8/8/9/8"), Err(RenderError::Fen { .. })));
    assert!(matches!(board_svg("17/17"), Err(RenderError::Fen { .. })));
    assert!(matches!(
        board_svg("8/8/8/8/8/8/8/7?"),
        Err(RenderError::Fen { .. })
    ));
    let mut d = Diagram::empty(8, 8).unwrap();
    assert!(matches!(
        d.highlight("i1".parse().unwrap()),
        Err(RenderError::OffBoard { .. })
    ));
    assert!(Diagram::empty(0, 8).is_err());
}
