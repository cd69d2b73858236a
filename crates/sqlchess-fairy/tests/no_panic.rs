//! Bad input never panics: mutated notations, FENs, UCI moves and
//! variants.ini texts, from a fixed seed.

use sqlchess_fairy::{load_variants_ini, PieceDef, Position, Variant};
use sqlchess_types::XorShift64;

/// Iterations per test; `FAIRY_FUZZ_ITERS` raises it for a longer local run.
fn iters(default: usize) -> usize {
    std::env::var("FAIRY_FUZZ_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The shared generator, with the draw these tests take modulo a length.
struct Rng(XorShift64);

impl Rng {
    fn next(&mut self) -> usize {
        (self.0.next_u64() >> 11) as usize
    }
}

const ALPHABET: &[char] = &[
    'a', 'b', 'c', 'f', 'g', 'h', 'i', 'l', 'm', 'n', 'o', 'p', 'r', 's', 't', 'v', 'K', 'N', 'R',
    'B', 'Q', 'W', 'F', 'D', 'A', 'H', 'C', 'Z', 'G', 'X', 'P', 'k', 'q', '0', '1', '2', '9', '/',
    '~', '^', '*', '+', '<', '>', '=', ',', '(', ')', '[', ']', '-', ' ', ':', '\n', 'é', '#',
];

fn mutate(rng: &mut Rng, s: &str) -> String {
    let mut c: Vec<char> = s.chars().collect();
    for _ in 0..1 + rng.next() % 3 {
        let ch = ALPHABET[rng.next() % ALPHABET.len()];
        match rng.next() % 3 {
            0 if !c.is_empty() => {
                let i = rng.next() % c.len();
                c[i] = ch;
            }
            1 => {
                let i = rng.next() % (c.len() + 1);
                c.insert(i, ch);
            }
            _ if !c.is_empty() => {
                let i = rng.next() % c.len();
                c.remove(i);
            }
            _ => {}
        }
    }
    c.into_iter().collect()
}

#[test]
fn notations() {
    let mut rng = Rng(XorShift64::new(1));
    let seeds = [
        "fmWfceFifmnD",
        "mRcpR",
        "t[WB]",
        "o1>, c1X>, oi2>",
        "n(1/2)",
        "^2X>",
        "fhNR4",
        "1-3+",
        "gQ",
    ];
    for _ in 0..iters(3000) {
        let seed = seeds[rng.next() % seeds.len()];
        let text = mutate(&mut rng, seed);
        if let Ok(def) = PieceDef::parse(&text) {
            let g = def.geometry((rng.next() % 17) as u8, (rng.next() % 17) as u8);
            let _ = g.len();
        }
    }
}

#[test]
fn fens_and_moves() {
    let mut rng = Rng(XorShift64::new(2));
    let cases = [
        (
            "chess",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        (
            "grand",
            "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
        ),
        (
            "xiangqi",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        ),
        (
            "chess960",
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
        ),
        (
            "shogi",
            "l+BRgsks1l/9/ppp1ppg1n/2N6/6ppp/3pPP2P/PPGPG1PPN/1BS3SRL/LN1K5[pPL] w - - 3 21",
        ),
    ];
    for _ in 0..iters(3000) {
        let (name, fen) = cases[rng.next() % cases.len()];
        let v = Variant::builtin(name).unwrap();
        let text = mutate(&mut rng, fen);
        if let Ok(pos) = Position::from_fen(&v, &text) {
            let moves = pos.legal_moves();
            let _ = pos.fen();
            let _ = pos.status();
            if let Some(m) = moves.first() {
                let _ = pos.san(*m);
                let _ = pos.play(*m).legal_moves();
            }
            let _ = pos.parse_uci(&mutate(&mut rng, "e2e4"));
            let _ = pos.parse_uci(&mutate(&mut rng, "P@e5"));
            let _ = pos.parse_san(&mutate(&mut rng, "Nf3"));
        }
    }
}

#[test]
fn ini_texts() {
    let mut rng = Rng(XorShift64::new(3));
    let base = "[x:chess]\ncustomPiece1 = s:NN\nknight = -\npromotionPieceTypes = qrbs\ncastlingKingsideFile = g\nstartFen = rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR w KQkq - 0 1\n";
    for _ in 0..iters(2000) {
        let text = mutate(&mut rng, base);
        if let Ok(vs) = load_variants_ini(&text) {
            for v in vs {
                let pos = Position::start(&v);
                let _ = pos.legal_moves();
            }
        }
    }
}

/// A refused variants.ini value, option or parent is quoted shortened: a
/// 500-character value comes back as at most 80 characters and an ellipsis.
#[test]
fn refused_ini_values_are_quoted_shortened() {
    let long = "9".repeat(500);
    for text in [
        format!("[foo:chess]\nmaxRank = {long}\n"),
        format!("[foo:chess]\n{long} = 1\n"),
        format!("[foo:{long}]\n"),
        format!("[{long}:chess]\nbogus = 1\n"),
    ] {
        let read = sqlchess_fairy::read_variants_ini(&text);
        let refused = read.refused.first().expect("the section is refused");
        for message in [refused.reason().to_string(), refused.to_string()] {
            assert!(message.len() < 300, "{message}");
        }
        assert!(refused.to_string().contains('…'), "{refused}");
    }
}

/// Found by the `fairy_pack` fuzz target: a shogi FEN whose promoted lance
/// also carries crazyhouse's `~` printed as `+L`, which reads back without
/// the mark, so the position and its FEN's position differed (and a
/// captured `U~` went to hand unlike a captured `+L`). The mark is printed
/// (`+L~`) and the FEN round trip is exact; a move number of 0, which
/// chess refuses, is refused here too.
#[test]
fn promoted_marks_and_move_numbers_round_trip() {
    let shogi = Variant::builtin("shogi").unwrap();
    let marked = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1U~5R1/LNSGKGSNL[] w - - 0 1";
    let pos = Position::from_fen(&shogi, marked).unwrap();
    assert!(pos.fen().contains("1+L~5R1"), "{}", pos.fen());
    let again = Position::from_fen(&shogi, &pos.fen()).unwrap();
    assert!(again == pos, "{} / {}", again.fen(), pos.fen());
    let plain = Position::from_fen(&shogi, &marked.replace("U~", "+L")).unwrap();
    assert!(plain.fen().contains("1+L5R1") && plain != pos);
    for variant in ["shogi", "capablanca", "crazyhouse"] {
        let v = Variant::builtin(variant).unwrap();
        let fen = Position::start(&v).fen();
        let zero = format!("{} 0", fen.rsplit_once(' ').unwrap().0);
        let err = Position::from_fen(&v, &zero).unwrap_err().to_string();
        assert!(err.contains("move number starts at 1"), "{variant}: {err}");
    }
}

/// Fairy-Stockfish writes makruk-style counting's limit where the
/// en-passant square stands and the plies counted as the half-move clock
/// (`w - 128 0 2`, and Kar Ouk's `w E 126 1+1 17 10` with its check
/// counters): both are read as the count and written back the same way
/// (the limit was once read as the half-move clock, and the move number
/// as 0). A variant without counting drops the limit.
#[test]
fn counting_limits_in_fairy_stockfish_fens_are_read() {
    let makruk = Variant::builtin("makruk").unwrap();
    let pos = Position::from_fen(&makruk, "4k3/8/8/8/8/8/1R6/r2K4 w - 128 0 2").unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/1R6/r2K4 w - 128 0 2");
    assert_eq!(pos.counting(), Some((128, 0)));
    let karouk = Variant::builtin("karouk").unwrap();
    let fen = "6k1/8/3pr3/8/1S5K/4P3/7R/4M3 w E 126 1+1 17 10";
    let pos = Position::from_fen(&karouk, fen).unwrap();
    assert_eq!(pos.fen(), fen);
    assert_eq!((pos.counting(), pos.halfmoves()), (Some((126, 17)), 0));
    let shatranj = Variant::builtin("shatranj").unwrap();
    let pos = Position::from_fen(&shatranj, "4k3/8/8/8/8/8/1R6/r2K4 w - 128 0 2").unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/1R6/r2K4 w - - 0 2");
    assert_eq!(pos.counting(), None);
}

/// A position reached by moves while a count runs packs and unpacks to an
/// equal one: FEN writes the plies counted instead of the half-move clock
/// then, so the clock is no part of the position (a fuzzed ai-wok game
/// once failed this).
#[test]
fn a_running_count_survives_packing() {
    let makruk = Variant::builtin("makruk").unwrap();
    let mut pos = Position::from_fen(&makruk, "4k3/8/8/3s4/8/8/8/3RK3 w - - 0 1").unwrap();
    for uci in ["d1d2", "e8e7", "d2d1", "e7e8"] {
        pos = pos.play(pos.parse_uci(uci).unwrap());
    }
    assert_eq!(pos.counting(), Some((128, 3)));
    assert_eq!(pos.halfmoves(), 4);
    let back =
        sqlchess_fairy::pack::unpack(&makruk, &sqlchess_fairy::pack::pack(&pos).unwrap()).unwrap();
    assert_eq!(back, pos);
    assert_eq!(back.fen(), pos.fen());
}

/// Cambodian chess writes no hand, but one a FEN gives it (here as a ninth
/// rank) is written back, so that the printed FEN reads again (found by
/// the fairy_fen fuzz target).
#[test]
fn a_hand_given_to_cambodian_is_written_back() {
    let v = Variant::builtin("cambodian").unwrap();
    let pos = Position::from_fen(&v, "rnsmksnr/8/pppppppp/8/8/8/PPPPPPPP/8/RKMSNR w - -").unwrap();
    let again = Position::from_fen(&v, &pos.fen()).unwrap();
    assert_eq!(again.fen(), pos.fen());
    let start = Position::start(&v);
    assert!(!start.fen().contains('['), "{}", start.fen());
}
