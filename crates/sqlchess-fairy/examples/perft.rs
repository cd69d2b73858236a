//! `cargo run --release -p sqlchess-fairy --example perft -- VARIANT DEPTH [FEN]`
//! prints the divide and the node count; VARIANT may be any built-in or a
//! variant of tests/data/variants.ini.

use sqlchess_fairy::{divide, Position, VariantSet};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(name), Some(depth)) = (
        args.first(),
        args.get(1).and_then(|d| d.parse::<u32>().ok()),
    ) else {
        eprintln!("usage: perft VARIANT DEPTH [FEN]");
        return ExitCode::from(2);
    };
    let set = match VariantSet::from_ini(include_str!("../tests/data/variants.ini")) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("perft: {e}");
            return ExitCode::from(2);
        }
    };
    let variant = match set.get(name) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("perft: {e}");
            return ExitCode::from(2);
        }
    };
    let pos = match args.get(2) {
        Some(fen) => match Position::from_fen(&variant, fen) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("perft: {e}");
                return ExitCode::from(2);
            }
        },
        None => Position::start(&variant),
    };
    let t = Instant::now();
    let mut total = 0;
    for (mv, n) in divide(&pos, depth) {
        println!("{mv}: {n}");
        total += n;
    }
    let s = t.elapsed().as_secs_f64();
    eprintln!("{:.3} s, {:.1} Mnps", s, total as f64 / s / 1e6);
    println!("{total}");
    ExitCode::SUCCESS
}
