//! Property tests of the packed forms: every built-in variant's positions,
//! reached by random play from a proptest-chosen seed, come back exactly
//! from [`AnyPosition::pack`]; standard chess ones also from pgChess's
//! nibble codec.

use proptest::prelude::*;
use sqlchess_core::pack;
use sqlchess_search::any::AnyPosition;
use sqlchess_search::fairy::variant_names;

/// Positions along one random game of `variant`, at most `plies` long.
fn random_game(variant: &str, mut seed: u64, plies: usize) -> Vec<AnyPosition> {
    let mut pos = AnyPosition::start(variant).unwrap();
    let mut out = vec![pos.clone()];
    for _ in 0..plies {
        let mut next = pos.successors();
        if next.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let i = (seed % next.len() as u64) as usize;
        pos = next.swap_remove(i);
        out.push(pos.clone());
    }
    out
}

fn round_trip(pos: &AnyPosition) -> Result<(), TestCaseError> {
    let bytes = pos
        .pack()
        .map_err(|e| TestCaseError::fail(format!("{}: {e}", pos.fen())))?;
    let back = AnyPosition::unpack(&bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(back.fen(), pos.fen());
    prop_assert_eq!(back.variant_name(), pos.variant_name());
    if let AnyPosition::Chess(p) = pos {
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
        let names: Vec<&str> = variant_names().collect();
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
