//! Reads positions (`FEN`, or `FEN<TAB>anything`) from standard input and
//! prints, for each, the pieces' pseudo-legal moves White minus Black per
//! piece letter, in the order of the first line, which names the letters
//! (as `fairy_tables` does). `scripts/fairy_texel.py fit --mobility` fits
//! the evaluation's centipawns per move on these counts; they are what
//! `Position::for_each_piece_moves` gives the evaluation.
//!
//!     cut -f1 data.tsv | cargo run --release -p sqlchess-search --example fairy_mobility -- xiangqi

use std::io::{BufRead, Write};

use sqlchess_fairy::{Position, Variant};

fn main() {
    let Some(name) = std::env::args().nth(1) else {
        eprintln!("usage: fairy_mobility VARIANT < FENS");
        std::process::exit(2);
    };
    let variant = match Variant::builtin(&name) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("fairy_mobility: {e}");
            std::process::exit(2);
        }
    };
    let letters: Vec<String> = variant
        .pieces
        .iter()
        .map(|p| p.letter.to_ascii_lowercase().to_string())
        .collect();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let _ = writeln!(out, "{}", letters.join(" "));
    for (n, line) in std::io::stdin().lock().lines().enumerate() {
        let Ok(line) = line else { break };
        let fen = line.split('\t').next().unwrap_or("");
        let pos = match Position::from_fen(&variant, fen) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("fairy_mobility: line {}: {e}", n + 1);
                std::process::exit(1);
            }
        };
        let mut diff = vec![0i64; letters.len()];
        pos.for_each_piece_moves(|_, piece, white, moves| {
            diff[piece] += if white {
                i64::from(moves)
            } else {
                -i64::from(moves)
            };
        });
        let cells: Vec<String> = diff.iter().map(i64::to_string).collect();
        let _ = writeln!(out, "{}", cells.join(" "));
    }
}
