//! `Position::untested_moves_into` with `Position::is_untested_move_legal`
//! is the legal move list: on random games in every built-in variant, the
//! untested moves the test passes are exactly `legal_moves`, in its order,
//! and the test does reject royal steps into attack.

use sqlchess_fairy::{variant_names, Position, Variant};
use sqlchess_types::XorShift64;

/// Plays `games` random games of up to `plies` plies in `v`, comparing the
/// two lists at every position; returns how many untested moves the test
/// rejected.
fn rejected_moves(v: &Variant, games: usize, plies: usize, seed: u64) -> usize {
    let mut rng = XorShift64::new(seed);
    let mut rejected = 0;
    let mut untested = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start(v);
        for _ in 0..plies {
            let legal = pos.legal_moves();
            untested.clear();
            pos.untested_moves_into(&mut untested);
            let passed: Vec<_> = untested
                .iter()
                .copied()
                .filter(|&mv| pos.is_untested_move_legal(mv))
                .collect();
            assert_eq!(passed, legal, "{}: {}", v.name, pos.fen());
            rejected += untested.len() - passed.len();
            if legal.is_empty() || pos.variant_end().is_some() {
                break;
            }
            pos = pos.play(legal[rng.below(legal.len())]);
        }
    }
    rejected
}

#[test]
fn untested_moves_that_pass_are_the_legal_moves_in_every_variant() {
    for (i, name) in variant_names().enumerate() {
        let v = Variant::builtin(name).unwrap();
        rejected_moves(&v, 3, 80, 0x0075_7e57 + i as u64);
    }
}

#[test]
fn royal_steps_into_attack_are_rejected() {
    for name in ["chess", "capablanca", "xiangqi", "shogi", "crazyhouse"] {
        let v = Variant::builtin(name).unwrap();
        let rejected = rejected_moves(&v, 4, 100, 0x00ab_cdef);
        assert!(rejected > 0, "{name}: no royal step rejected");
    }
}
