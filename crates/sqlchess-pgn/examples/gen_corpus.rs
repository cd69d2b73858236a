//! Writes a seeded corpus of PGN games of realistic shape to standard output:
//! Lichess-style tags (players, Elo, time control, ECO-less openings),
//! `[%clk]` after every move and `[%eval]` on some, NAGs, short variations,
//! about 3 % Chess960 and 3 % other variants (capablanca, crazyhouse,
//! shogi, seirawan), and 0.5 % deliberately broken games (an illegal move,
//! an unknown variant, a bad FEN) so that importers meet them.
//!
//! ```text
//! cargo run --release -p sqlchess-pgn --example gen_corpus -- GAMES [SEED] > corpus.pgn
//! ```
//!
//! Moves are random legal moves (captures and checks preferred, so games end
//! as real ones do), not good chess; what matters here is the shape.

use std::io::{self, BufWriter, Write};

use sqlchess_pgn::{write_game, Node, PgnGame, Variation};
use sqlchess_rules::{Position, Variant};
use sqlchess_types::XorShift64;

const NAMES: &[&str] = &[
    "Anna", "Boris", "Chen", "Dana", "Emil", "Fatima", "Goran", "Hana", "Ivan", "Jia", "Kofi",
    "Lena", "Mateo", "Nia", "Oskar", "Priya", "Quinn", "Rosa", "Sven", "Tara",
];
const CONTROLS: &[(&str, u32, u32)] = &[
    ("60+0", 60, 0),
    ("180+2", 180, 2),
    ("300+0", 300, 0),
    ("600+5", 600, 5),
];
const VARIANTS: &[&str] = &["capablanca", "crazyhouse", "shogi", "seirawan"];

fn pick<'a, T>(rng: &mut XorShift64, items: &'a [T]) -> &'a T {
    &items[rng.below(items.len())]
}

fn clock(centis: u32) -> String {
    let s = centis / 100;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// A random game's main line from `start`: SAN, and the positions.
fn random_line(
    rng: &mut XorShift64,
    start: &Position,
    max_plies: usize,
) -> Vec<(String, Position)> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for _ in 0..max_plies {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.outcome().is_some() {
            break;
        }
        // Prefer captures and checks a little, so games end.
        let mut mv = moves[rng.below(moves.len())];
        for _ in 0..3 {
            let m = moves[rng.below(moves.len())];
            if pos.captured_piece(m).is_some() || pos.gives_check(m) {
                mv = m;
                break;
            }
        }
        let san = pos.san(mv);
        pos = pos.play_unchecked(mv);
        out.push((san, pos.clone()));
    }
    out
}

fn game(rng: &mut XorShift64, number: u64) -> PgnGame {
    let roll = rng.below(1000);
    let (variant, fen) = if roll < 30 {
        let v = Variant::builtin("chess960").unwrap_or_else(|_| Variant::chess());
        let index = rng.below(960) as u16;
        (v, sqlchess_fairy::chess960_fen(index))
    } else if roll < 60 {
        let name: &str = VARIANTS[rng.below(VARIANTS.len())];
        (
            Variant::builtin(name).unwrap_or_else(|_| Variant::chess()),
            None,
        )
    } else {
        (Variant::chess(), None)
    };
    let start = match &fen {
        Some(f) => Position::from_fen(&variant, f).unwrap_or_else(|_| Position::start(&variant)),
        None => Position::start(&variant),
    };
    let plies = 40 + rng.below(160);
    let line = random_line(rng, &start, plies);
    let (control, base, inc) = *pick(rng, CONTROLS);
    let white = *pick(rng, NAMES);
    let black = *pick(rng, NAMES);
    let result = match line.last().and_then(|(_, p)| p.outcome()) {
        Some(o) => o.to_string(),
        None => ["1-0", "0-1", "1/2-1/2"][rng.below(3)].to_owned(),
    };
    let mut tags = vec![
        ("Event".to_owned(), format!("Rated game {number}")),
        (
            "Site".to_owned(),
            format!("https://example.org/{number:08x}"),
        ),
        (
            "Date".to_owned(),
            format!(
                "20{:02}.{:02}.{:02}",
                15 + rng.below(10),
                1 + rng.below(12),
                1 + rng.below(28)
            ),
        ),
        ("Round".to_owned(), "-".to_owned()),
        ("White".to_owned(), format!("{white}{}", rng.below(100))),
        ("Black".to_owned(), format!("{black}{}", rng.below(100))),
        ("Result".to_owned(), result.clone()),
        ("WhiteElo".to_owned(), (1200 + rng.below(1400)).to_string()),
        ("BlackElo".to_owned(), (1200 + rng.below(1400)).to_string()),
        ("TimeControl".to_owned(), control.to_owned()),
        ("Termination".to_owned(), "Normal".to_owned()),
    ];
    if variant.name() != "chess" {
        tags.push(("Variant".to_owned(), variant.name().to_owned()));
    }
    if let Some(f) = &fen {
        tags.push(("SetUp".to_owned(), "1".to_owned()));
        tags.push(("FEN".to_owned(), f.clone()));
    }
    let mut clocks = [base * 100, base * 100];
    let mut moves: Vec<Node> = Vec::with_capacity(line.len());
    for (i, (san, _)) in line.iter().enumerate() {
        let side = i % 2;
        let spent = (rng.below(base as usize * 3 + 1) as u32).min(clocks[side] / 2);
        clocks[side] = clocks[side] - spent + inc * 100;
        let mut comment = String::new();
        if rng.below(5) == 0 {
            let cp = rng.below(400) as i32 - 200;
            comment.push_str(&format!(
                "[%eval {}{}.{:02}] ",
                if cp < 0 { "-" } else { "" },
                cp.abs() / 100,
                cp.abs() % 100
            ));
        }
        comment.push_str(&format!("[%clk {}]", clock(clocks[side])));
        let nags = match rng.below(40) {
            0 => vec![1],
            1 => vec![2],
            2 => vec![6],
            _ => Vec::new(),
        };
        moves.push(Node {
            san: san.clone(),
            nags,
            comment: Some(comment),
            variations: Vec::new(),
        });
    }
    // A short variation now and then: another legal reply at that point.
    if moves.len() > 6 && rng.below(10) == 0 {
        let at = 2 + rng.below(moves.len() - 4);
        let before = line[at - 1].1.clone();
        let alt = random_line(rng, &before, 3);
        if !alt.is_empty() {
            moves[at].variations.push(Variation {
                comment: Some("also possible".to_owned()),
                moves: alt
                    .into_iter()
                    .map(|(san, _)| Node {
                        san,
                        ..Node::default()
                    })
                    .collect(),
            });
        }
    }
    // Deliberately broken games.
    if rng.below(200) == 0 {
        match rng.below(3) {
            0 if moves.len() > 4 => {
                let at = 2 + rng.below(moves.len() - 2);
                moves[at].san = "Ke9".to_owned();
            }
            1 => tags.push(("Variant".to_owned(), "Nonexistent".to_owned())),
            _ => {
                tags.retain(|(n, _)| n != "FEN" && n != "SetUp");
                tags.push(("SetUp".to_owned(), "1".to_owned()));
                tags.push(("FEN".to_owned(), "8/8/8/8/8/8/8/8 w - - 0 1".to_owned()));
            }
        }
    }
    PgnGame {
        tags,
        start_comment: None,
        moves,
        result,
        start_move_number: start.fullmoves(),
        start_black: !start.white_to_move(),
    }
}

fn main() -> io::Result<()> {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2026);
    let mut rng = XorShift64::new(seed);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for n in 1..=games {
        let g = game(&mut rng, n);
        write_game(&mut out, &g).map_err(io::Error::other)?;
        writeln!(out)?;
    }
    out.flush()
}
