//! Rasterises a FEN's board to a PNG (for looking at the drawings):
//! `cargo run -p sqlchess-render --example png -- FEN OUT.png`.
use resvg::{tiny_skia, usvg};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let mut d = sqlchess_render::Diagram::from_fen(&a[1]).expect("fen");
    if let Some(m) = a.get(3) {
        d.arrow(m[0..2].parse().unwrap(), m[2..4].parse().unwrap())
            .unwrap();
        d.highlight(m[2..4].parse().unwrap()).unwrap();
    }
    let tree = usvg::Tree::from_str(&d.svg(), &usvg::Options::default()).expect("svg");
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).expect("size");
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.save_png(&a[2]).expect("png");
}
