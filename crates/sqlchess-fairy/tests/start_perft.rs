//! Perft from start positions against published figures (SPEC.md; the
//! chessprogramming wiki for standard chess and Kiwipete).

use sqlchess_fairy::{perft, Position, Variant};

fn check(variant: &str, fen: Option<&str>, expected: &[u64]) {
    let v = Variant::builtin(variant).unwrap();
    let pos = match fen {
        Some(f) => Position::from_fen(&v, f).unwrap(),
        None => Position::start(&v),
    };
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&pos, d as u32 + 1), n, "{variant} depth {}", d + 1);
    }
}

#[test]
fn chess_start() {
    check("chess", None, &[20, 400, 8902, 197281]);
}

#[test]
fn chess_kiwipete() {
    check(
        "chess",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        &[48, 2039, 97862],
    );
}

#[test]
fn chess_position3_4_5() {
    check(
        "chess",
        Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
        &[14, 191, 2812, 43238],
    );
    check(
        "chess",
        Some("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
        &[6, 264, 9467],
    );
    check(
        "chess",
        Some("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
        &[44, 1486, 62379],
    );
    check(
        "chess",
        Some("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
        &[46, 2079, 89890],
    );
}

#[test]
fn capablanca_start() {
    check("capablanca", None, &[28, 784, 25228]);
}

#[test]
fn grand_start() {
    check("grand", None, &[65, 4225, 259514]);
}

#[test]
fn makruk_start() {
    check("makruk", None, &[23, 529, 12012]);
}

#[test]
fn xiangqi_start() {
    check("xiangqi", None, &[44, 1920, 79666]);
}

/// Deeper counts, each equal to Debian's fairy-stockfish 11.1 `go perft`
/// (asserted by `benches/fairy_perft.rs`); seconds in release builds, so
/// ignored by default: `cargo test --release -p sqlchess-fairy -- --ignored`.
#[test]
#[ignore]
fn deep_fairy_stockfish_counts() {
    check("chess", None, &[20, 400, 8902, 197281, 4865609]);
    check("capablanca", None, &[28, 784, 25228, 805128, 28741319]);
    check("grand", None, &[65, 4225, 259514, 15921643]);
    check("xiangqi", None, &[44, 1920, 79666, 3290240]);
    check("makruk", None, &[23, 529, 12012, 273026, 6223994]);
    check("cannonhorse", None, &[28, 738, 19735, 534592, 15014278]);
}

#[test]
fn shogi_start() {
    check("shogi", None, &[30, 900, 25470]);
}

#[test]
fn seirawan_start() {
    check("seirawan", None, &[28, 784, 24830]);
}
