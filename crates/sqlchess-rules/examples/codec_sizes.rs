//! Mean bytes per position of each packed codec over a corpus of positions
//! from seeded random games (the figures in the README).
//!
//! ```text
//! cargo run --release -p sqlchess-rules --example codec_sizes
//! ```

use sqlchess_core::pack;
use sqlchess_rules::{variant_names, Position, Variant};
use sqlchess_types::XorShift64;

const GAMES: usize = 200;
const PLIES: usize = 200;

fn corpus(variant: &str) -> Vec<Position> {
    let mut rng = XorShift64::new(0x2545_f491_4f6c_dd1d);
    let mut out = Vec::new();
    for _ in 0..GAMES {
        let mut pos = Position::start(&Variant::builtin(variant).expect("built-in variant"));
        for _ in 0..PLIES {
            out.push(pos.clone());
            let mut next = pos.successors();
            if next.is_empty() {
                break;
            }
            pos = next.swap_remove(rng.below(next.len()));
        }
    }
    out
}

fn mean(sizes: impl Iterator<Item = usize>) -> (f64, usize) {
    let (sum, n) = sizes.fold((0, 0), |(s, n), x| (s + x, n + 1));
    (sum as f64 / n.max(1) as f64, n)
}

fn main() {
    println!("| variant | positions | codec | mean bytes | FEN mean bytes |");
    println!("|---|---:|---|---:|---:|");
    let chess = corpus("chess");
    let fen = mean(chess.iter().map(|p| p.fen().len())).0;
    let fixed = mean(chess.iter().map(|p| p.pack().map_or(0, |b| b.len())));
    println!(
        "| chess | {} | fixed (sqlchess-core `pack`) | {:.1} | {fen:.1} |",
        fixed.1, fixed.0
    );
    let nibbles = mean(
        chess
            .iter()
            .filter_map(|p| p.as_chess().map(|c| pack::pack_nibbles(c).len())),
    );
    println!(
        "| chess | {} | nibbles (pgChess, `pack_nibbles`) | {:.1} | {fen:.1} |",
        nibbles.1, nibbles.0
    );
    for name in variant_names()
        .into_iter()
        .filter(|n| Variant::builtin(n).is_ok_and(|v| !v.is_chess()))
    {
        let positions = corpus(name);
        let packable: Vec<Vec<u8>> = positions.iter().filter_map(|p| p.pack().ok()).collect();
        let (m, n) = mean(packable.iter().map(Vec::len));
        let fen = mean(positions.iter().map(|p| p.fen().len())).0;
        let refused = positions.len() - packable.len();
        let note = if refused > 0 {
            format!(" ({refused} refused)")
        } else {
            String::new()
        };
        println!("| {name} | {n}{note} | variable (`Position::pack`) | {m:.1} | {fen:.1} |");
    }
}
