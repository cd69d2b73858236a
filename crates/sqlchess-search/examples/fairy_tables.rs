//! Prints the fairy evaluation's value of a White piece on every square,
//! one line per piece: its letter, how FEN writes it (`+p` for a piece
//! that a pawn promotes to, in shogi), then the values rank by rank from
//! White's first. `scripts/fairy_texel.py fit` starts from these.
//!
//!     cargo run --release -p sqlchess-search --example fairy_tables -- xiangqi

use sqlchess_search::fairy::FairyGame;

fn main() {
    let Some(name) = std::env::args().nth(1) else {
        eprintln!("usage: fairy_tables VARIANT");
        std::process::exit(2);
    };
    let variant = match sqlchess_fairy::Variant::builtin(&name) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("fairy_tables: {e}");
            std::process::exit(2);
        }
    };
    let game = FairyGame::start(&variant);
    for (i, piece) in variant.pieces.iter().enumerate() {
        let values: Vec<String> = game.square_values(i).iter().map(i32::to_string).collect();
        let letter = piece.letter.to_ascii_lowercase();
        let fen = match variant.piece_promotions.iter().find(|&&(_, to)| to == i) {
            Some(&(from, _)) => format!("+{}", variant.pieces[from].letter.to_ascii_lowercase()),
            None => letter.to_string(),
        };
        println!("{letter} {fen} {}", values.join(" "));
    }
}
