//! Property tests of the packed forms: every built-in variant's positions,
//! reached by random play from a proptest-chosen seed, come back exactly
//! from [`Position::pack`]; standard chess ones also from pgChess's
//! nibble codec.

use proptest::prelude::*;
use sqlchess_core::pack;
use sqlchess_rules::{variant_names, Position, Variant};
use sqlchess_types::XorShift64;

/// Positions along one random game of `variant`, at most `plies` long.
fn random_game(variant: &str, seed: u64, plies: usize) -> Vec<Position> {
    let mut rng = XorShift64::new(seed);
    let mut pos = Position::start(&Variant::builtin(variant).unwrap());
    let mut out = vec![pos.clone()];
    for _ in 0..plies {
        let mut next = pos.successors();
        if next.is_empty() {
            break;
        }
        pos = next.swap_remove(rng.below(next.len()));
        out.push(pos.clone());
    }
    out
}

fn round_trip(pos: &Position) -> Result<(), TestCaseError> {
    let bytes = pos
        .pack()
        .map_err(|e| TestCaseError::fail(format!("{}: {e}", pos.fen())))?;
    let back = Position::unpack(&bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(back.fen(), pos.fen());
    prop_assert_eq!(back.variant_name(), pos.variant_name());
    if let Some(p) = pos.as_chess() {
        prop_assert_eq!(bytes.len(), pack::PACKED_LEN);
        let nibbles = pack::pack_nibbles(p);
        prop_assert_eq!(&pack::unpack_nibbles(&nibbles).unwrap(), p);
        prop_assert_eq!(&pack::unpack(&bytes).unwrap(), p);
    } else {
        prop_assert_ne!(bytes.len(), pack::PACKED_LEN);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn every_variant_round_trips(seed in 1u64.., which in 0usize..64) {
        let names = variant_names();
        let name = names[which % names.len()];
        for pos in random_game(name, seed, 120) {
            round_trip(&pos)?;
        }
    }

    #[test]
    fn long_chess_games_round_trip(seed in 1u64..) {
        for pos in random_game("chess", seed, 300) {
            round_trip(&pos)?;
        }
    }
}

#[test]
fn every_variant_once() {
    for name in variant_names() {
        for pos in random_game(name, 0x9e37_79b9_7f4a_7c15, 60) {
            round_trip(&pos).unwrap();
        }
    }
}

/// Three-check's counters are part of the position: packed, hashed, and
/// told apart by the facade.
#[test]
fn three_check_counters_are_packed_and_hashed() {
    let v = Variant::builtin("threecheck").unwrap();
    let mut pos = Position::start(&v);
    for m in ["e4", "f6", "Qh5+"] {
        pos = pos.play_text(m).unwrap();
    }
    assert!(pos.fen().contains(" 2+3 "), "{}", pos.fen());
    let back = Position::unpack(&pos.pack().unwrap()).unwrap();
    assert_eq!(back.fen(), pos.fen());
    let other = Position::from_fen(&v, &pos.fen().replace(" 2+3 ", " 3+3 ")).unwrap();
    assert_ne!(other.zobrist(), pos.zobrist());
    assert_ne!(other, pos);
    assert_ne!(other.pack().unwrap(), pos.pack().unwrap());
}
