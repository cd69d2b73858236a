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
//!
//! With `--mirror` after BUILT_IN.txt, each position is followed by its
//! mirror image (files reversed, pieces in hand kept), with the same
//! labels but its own built-in evaluation: a network trained on both
//! learns no preference for a wing its games happened to favour, even
//! where the built-in evaluation's fitted tables do favour one (which is
//! why the trainer's own `--mirror`, which keeps the original's built-in
//! score, suits only variants whose tables are symmetric). A position
//! with castling or gating rights, whose mirror would be another game,
//! is written alone.

use std::io::{BufRead, Write};

use sqlchess_search::fairy::FairyGame;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (name, built_in_path, mirror) = match &args[..] {
        [name, path] => (name, path, false),
        [name, path, flag] if flag == "--mirror" => (name, path, true),
        _ => {
            eprintln!(
                "usage: fairy_net_data VARIANT BUILT_IN.txt [--mirror] < LABELLED.txt > INPUTS.txt"
            );
            std::process::exit(2);
        }
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
        let mut games = vec![game];
        if mirror {
            if let Some(fen) = mirrored_fen(fen, usize::from(layout.width())) {
                match FairyGame::from_fen(&variant, &fen) {
                    Ok(g) => games.push(g),
                    Err(e) => {
                        eprintln!("fairy_net_data: line {}: mirror {fen}: {e}", number + 1);
                        std::process::exit(1);
                    }
                }
            }
        }
        for game in games {
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
    }
    out.flush().expect("standard output is writable");
    built_in.flush().expect("BUILT_IN is writable");
}

/// The FEN of `fen`'s position with its files reversed on a board
/// `width` files wide, or `None` where castling or gating rights (the
/// third field) would make the mirror another game. Hands (`[...]`),
/// promoted marks (`+` before a piece, `~` after) and the move counters
/// stay; an en-passant square moves to its mirrored file.
fn mirrored_fen(fen: &str, width: usize) -> Option<String> {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_owned).collect();
    if fields.get(2).is_some_and(|rights| rights != "-") {
        return None;
    }
    let (board, hand) = match fields[0].find('[') {
        Some(i) => fields[0].split_at(i),
        None => (fields[0].as_str(), ""),
    };
    let ranks: Vec<String> = board.split('/').map(mirrored_rank).collect();
    fields[0] = format!("{}{hand}", ranks.join("/"));
    if let Some(square) = fields.get_mut(3) {
        let mut chars = square.chars();
        if let Some(file @ 'a'..='z') = chars.next() {
            let index = usize::from(file as u8 - b'a');
            if index < width {
                let mirrored = char::from(b'a' + (width - 1 - index) as u8);
                *square = format!("{mirrored}{}", chars.as_str());
            }
        }
    }
    Some(fields.join(" "))
}

/// One FEN rank read right to left: runs of empty squares (which may
/// have several digits) and pieces with their `+` and `~` marks.
fn mirrored_rank(rank: &str) -> String {
    enum Cell {
        Empty(usize),
        Piece(String),
    }
    let mut cells = Vec::new();
    let mut chars = rank.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(digit) = c.to_digit(10) {
            let mut run = digit as usize;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                run = run * 10 + d as usize;
                chars.next();
            }
            cells.push(Cell::Empty(run));
        } else {
            let mut piece = c.to_string();
            if c == '+' {
                piece.extend(chars.next());
            }
            while chars.peek() == Some(&'~') {
                piece.extend(chars.next());
            }
            cells.push(Cell::Piece(piece));
        }
    }
    cells
        .iter()
        .rev()
        .map(|cell| match cell {
            Cell::Empty(run) => run.to_string(),
            Cell::Piece(piece) => piece.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::mirrored_fen;

    #[test]
    fn mirrors_files_and_keeps_marks_hands_and_counters() {
        assert_eq!(
            mirrored_fen(
                "1nsg2snl/lr2k2g1/9/9/9/9/9/L1+p2SKRL/1N3G1N1[Bpps] w - - 0 18",
                9
            )
            .as_deref(),
            Some("lns2gsn1/1g2k2rl/9/9/9/9/9/LRKS2+p1L/1N1G3N1[Bpps] w - - 0 18")
        );
        assert_eq!(
            mirrored_fen("Q~2qk3/8/8/8/8/6K1/8/8[PN] b - - 0 26", 8).as_deref(),
            Some("3kq2Q~/8/8/8/8/1K6/8/8[PN] b - - 0 26")
        );
        // Ten files: a run of ten empty squares, and an en-passant square.
        assert_eq!(
            mirrored_fen("10/10/3k6/10/1pP7/10/10/4K5 b - c3 0 1", 10).as_deref(),
            Some("10/10/6k3/10/7Pp1/10/10/5K4 b - h3 0 1")
        );
    }

    #[test]
    fn mirroring_twice_gives_the_position_back() {
        for (fen, width) in [
            (
                "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 2 2",
                9,
            ),
            ("r1bqk2r/pp3ppp/2n5/8/8/8/PPP2PPP/R3K2R[Ph] w - - 0 9", 8),
        ] {
            let once = mirrored_fen(fen, width).expect("no castling rights");
            assert_eq!(mirrored_fen(&once, width).as_deref(), Some(fen));
        }
    }

    #[test]
    fn castling_or_gating_rights_have_no_mirror() {
        assert_eq!(
            mirrored_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 8),
            None
        );
        assert_eq!(
            mirrored_fen("4k3/8/8/8/8/8/8/4K3[HEhe] w Bb - 0 1", 8),
            None
        );
    }
}
