//! Times a tour: `tourtime PIECE WxH [closed]`.
use sqlchess_fairy::PieceDef;
use sqlchess_puzzles::{BoardSize, TourProblem};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let p = PieceDef::parse(&a[1]).unwrap();
    let b: BoardSize = a[2].parse().unwrap();
    let t = std::time::Instant::now();
    let o = TourProblem::new(&p, b, &[], a.len() > 3, None)
        .unwrap()
        .solve();
    println!("{:?} nodes {} {:?}", o.result.is_ok(), o.nodes, t.elapsed());
}
