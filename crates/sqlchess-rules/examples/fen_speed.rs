//! FEN round trips through the facade (what `Position(fen).fen()` costs in
//! the bindings, without them): `cargo run --release -p sqlchess-rules
//! --example fen_speed -- FILE` with one FEN a line; prints the best of 15
//! rounds in nanoseconds per parse, per print and per round trip.

use std::time::Instant;

use sqlchess_rules::{Position, Variant};

fn main() {
    let path = std::env::args().nth(1).expect("a file of FENs, one a line");
    let text = std::fs::read_to_string(&path).expect("readable");
    let fens: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    let chess = Variant::chess();
    let best = |f: &mut dyn FnMut() -> usize| {
        (0..15)
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(f());
                t.elapsed().as_nanos() as f64 / fens.len() as f64
            })
            .fold(f64::INFINITY, f64::min)
    };
    let positions: Vec<Position> = fens
        .iter()
        .map(|f| Position::from_fen(&chess, f).expect("valid"))
        .collect();
    let parse = best(&mut || {
        fens.iter()
            .map(|f| Position::from_fen(&chess, f).map_or(0, |p| p.zobrist() as usize & 1))
            .sum()
    });
    let mut out = String::new();
    let print = best(&mut || {
        positions
            .iter()
            .map(|p| {
                out.clear();
                let _ = p.write_fen(&mut out);
                out.len()
            })
            .sum()
    });
    let round = best(&mut || {
        fens.iter()
            .map(|f| {
                out.clear();
                let _ = Position::from_fen(&chess, f).map(|p| p.write_fen(&mut out));
                out.len()
            })
            .sum()
    });
    println!(
        "{} FENs: parse {parse:.0} ns, print {print:.0} ns, round trip {round:.0} ns",
        fens.len()
    );
}
