//! The chess evaluation of positions, or a network's, one score a line:
//! what `scripts/nnue_train.py` reads with `--baseline` and `--residual`,
//! and how a network file is checked against the trainer's own view of it.
//!
//! ```text
//! cargo run --release -p sqlchess-search --example chess_eval -- [NET.bin] < positions.txt > scores.txt
//! ```
//!
//! Each input line starts with a FEN, up to the first `;` (the format of
//! `examples/texel_data.rs` and `scripts/texel_label.py`); each output line
//! is its score in centipawns for the side to move: sqlchess's built-in
//! evaluation, or, given NET.bin, that network's.

use std::io::{BufRead, Write};

use sqlchess_core::Position;
use sqlchess_search::eval;
use sqlchess_search::net::Network;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let network = match std::env::args().nth(1) {
        Some(path) => Some(
            Network::from_bytes(&std::fs::read(&path).map_err(|e| format!("{path}: {e}"))?)
                .map_err(|e| format!("{path}: {e}"))?,
        ),
        None => None,
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (n, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line?;
        let fen = line.split(';').next().unwrap_or_default();
        let pos = Position::from_fen(fen).map_err(|e| format!("line {}: {e}", n + 1))?;
        let score = match &network {
            Some(net) => net.evaluate(&pos),
            None => eval::evaluate(&pos),
        };
        writeln!(out, "{score}")?;
    }
    Ok(())
}
