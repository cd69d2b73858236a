//! A fairy variant's labelled positions as a network's inputs: what
//! `scripts/nnue_train.py` trains a fairy network on, so that the
//! trainer and the engine list the inputs by the same code
//! ([`FairyGame::net_inputs`]).
//!
//! ```text
//! cargo run --release -p sqlchess-search --example fairy_net_data -- VARIANT BUILT_IN.txt < LABELLED.txt > INPUTS.txt
//! ```
//!
//! Reads `FEN;RESULT;SCORE` lines (`texel_data ... VARIANT`, labelled by
//! `scripts/texel_label.py --variant VARIANT`). Writes a header
//! `#inputs N kinds K width W height H` (the board inputs' layout, for
//! the trainer's `--factors`), then for each position
//! `WHITE;BLACK;TURN;RESULT;SCORE`:
//! the active inputs of White's view and of Black's (space-separated),
//! `1` when White is to move, and the labels copied through. BUILT_IN.txt
//! gets the evaluation without a network, centipawns for the side to
//! move, one a line (the trainer's `--residual`). A line whose FEN the
//! variant refuses stops the run with its number.

use std::io::{BufRead, Write};

use sqlchess_search::fairy::FairyGame;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, built_in_path] = &args[..] else {
        eprintln!("usage: fairy_net_data VARIANT BUILT_IN.txt < LABELLED.txt > INPUTS.txt");
        std::process::exit(2);
    };
    let variant = match sqlchess_fairy::Variant::builtin(name) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("fairy_net_data: {e}");
            std::process::exit(2);
        }
    };
    let mut built_in =
        std::io::BufWriter::new(std::fs::File::create(built_in_path).unwrap_or_else(|e| {
            eprintln!("fairy_net_data: {built_in_path}: {e}");
            std::process::exit(2);
        }));
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let layout = FairyGame::start(&variant).input_layout();
    writeln!(
        out,
        "#inputs {} kinds {} width {} height {}",
        layout.inputs(),
        layout.kinds(),
        layout.width(),
        layout.height()
    )
    .expect("standard output is writable");
    let join = |inputs: &[u32]| {
        inputs
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (number, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.expect("standard input is readable");
        let Some((fen, labels)) = line.split_once(';') else {
            eprintln!("fairy_net_data: line {}: no `;` after the FEN", number + 1);
            std::process::exit(1);
        };
        let game = match FairyGame::from_fen(&variant, fen) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("fairy_net_data: line {}: {e}", number + 1);
                std::process::exit(1);
            }
        };
        let (mine, theirs) = game.net_inputs();
        let white = game.white_to_move();
        let (by_white, by_black) = if white {
            (mine, theirs)
        } else {
            (theirs, mine)
        };
        writeln!(
            out,
            "{};{};{};{labels}",
            join(&by_white),
            join(&by_black),
            u8::from(white)
        )
        .expect("standard output is writable");
        writeln!(built_in, "{}", game.built_in_evaluation()).expect("BUILT_IN is writable");
    }
    out.flush().expect("standard output is writable");
    built_in.flush().expect("BUILT_IN is writable");
}
