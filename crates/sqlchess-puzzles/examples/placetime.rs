//! Times a placement count: `placetime PIECE WxH K`.
use sqlchess_puzzles::{BoardSize, Placement};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let b: BoardSize = a[2].parse().unwrap();
    let p = Placement::parse(&a[1], b).unwrap();
    let t = std::time::Instant::now();
    let k: usize = a[3].parse().unwrap();
    println!("{} {:?}", p.count(k).unwrap(), t.elapsed());
}
