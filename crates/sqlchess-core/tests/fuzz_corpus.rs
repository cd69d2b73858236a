//! Replays the fuzz corpora of `fuzz/corpus/` on stable Rust, with the same
//! properties the fuzz targets check, plus a few thousand mutated inputs.

use sqlchess_types::XorShift64;
use std::fs;
use std::path::Path;

use sqlchess_core::{pack, Position};

fn corpus(target: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut inputs: Vec<Vec<u8>> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| fs::read(e.unwrap().path()).unwrap())
        .collect();
    assert!(!inputs.is_empty(), "empty corpus {target}");
    // Cheap deterministic mutations: truncations and byte flips.
    let mut rng = XorShift64::new(0x9e37_79b9_7f4a_7c15);
    let originals = inputs.clone();
    for input in &originals {
        for _ in 0..300 {
            let seed = rng.next_u64();
            let mut m = input.clone();
            if m.is_empty() {
                continue;
            }
            let i = (seed % m.len() as u64) as usize;
            match seed >> 60 {
                0..=5 => m[i] = (seed >> 8) as u8 & 0x7f,
                6..=9 => m.truncate(i),
                10..=12 => m.insert(i, b"0123456789/-pnbrqkPNBRQK "[(seed >> 16) as usize % 25]),
                _ => {
                    m.remove(i);
                }
            }
            inputs.push(m);
        }
    }
    inputs
}

#[test]
fn fen_inputs_never_panic_and_round_trip() {
    for input in corpus("fen") {
        let Ok(text) = std::str::from_utf8(&input) else {
            continue;
        };
        if let Ok(pos) = Position::from_fen(text) {
            let again = Position::from_fen(&pos.fen()).expect("printed FEN parses");
            assert_eq!(again.fen(), pos.fen());
            assert_eq!(again.zobrist(), pos.zobrist());
        }
    }
}

#[test]
fn move_inputs_never_panic_and_round_trip() {
    // The corpus holds invalid FENs too (regression seeds): the first
    // three valid ones.
    let positions: Vec<Position> = corpus("fen")
        .iter()
        .filter_map(|f| Position::from_fen(std::str::from_utf8(f).ok()?).ok())
        .take(3)
        .collect();
    assert_eq!(positions.len(), 3);
    for input in corpus("moves") {
        let Ok(text) = std::str::from_utf8(&input) else {
            continue;
        };
        for pos in &positions {
            if let Ok(mv) = pos.parse_move(text) {
                assert!(pos.is_legal(mv));
                assert_eq!(pos.parse_san(&pos.san(mv)), Ok(mv));
                assert_eq!(pos.parse_uci(&pos.uci(mv).to_string()), Ok(mv));
            }
        }
    }
}

#[test]
fn packed_inputs_never_panic() {
    let mut inputs = corpus("fen")
        .iter()
        .filter_map(|f| Position::from_fen(std::str::from_utf8(f).ok()?).ok())
        .flat_map(|p| [pack::pack(&p).to_vec(), pack::pack_nibbles(&p)])
        .collect::<Vec<_>>();
    let mut rng = XorShift64::new(7);
    for i in 0..inputs.len() {
        for _ in 0..500 {
            let seed = rng.next_u64();
            let mut m = inputs[i].clone();
            let at = (seed % m.len() as u64) as usize;
            m[at] ^= 1 << (seed >> 61);
            inputs.push(m);
        }
    }
    for input in inputs {
        if let Ok(pos) = pack::unpack(&input) {
            assert_eq!(pack::unpack(&pack::pack(&pos)), Ok(pos));
        }
        if let Ok(pos) = pack::unpack_nibbles(&input) {
            assert_eq!(pack::unpack_nibbles(&pack::pack_nibbles(&pos)), Ok(pos));
        }
    }
}
