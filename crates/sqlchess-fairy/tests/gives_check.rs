//! `Position::may_give_check` is sound: on random games in every built-in
//! variant, no legal move it clears gives check when played. And it is
//! useful: in the variants the engine plays most, it clears most quiet
//! moves.

use sqlchess_fairy::{variant_names, Position, Variant};
use sqlchess_types::XorShift64;

/// Plays `games` random games of up to `plies` plies in `v`; returns how
/// many legal moves were seen and how many the filter cleared, after
/// checking each cleared one by playing it.
fn cleared_moves(v: &Variant, games: usize, plies: usize, seed: u64) -> (usize, usize) {
    let mut rng = XorShift64::new(seed);
    let (mut seen, mut cleared) = (0, 0);
    for _ in 0..games {
        let mut pos = Position::start(v);
        for _ in 0..plies {
            if pos.variant_end().is_some() {
                break;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                seen += 1;
                if !pos.may_give_check(mv) {
                    cleared += 1;
                    assert!(
                        !pos.play(mv).is_check(),
                        "{}: {} gives check in {}",
                        v.name,
                        mv.to_uci(&pos),
                        pos.fen()
                    );
                }
            }
            pos = pos.play(moves[rng.below(moves.len())]);
        }
    }
    (seen, cleared)
}

#[test]
fn no_cleared_move_gives_check_in_any_variant() {
    for (i, name) in variant_names().enumerate() {
        let v = Variant::builtin(name).unwrap();
        cleared_moves(&v, 3, 80, 0x000c_4ec4 + i as u64);
    }
}

#[test]
fn most_moves_are_cleared_where_the_engine_plays() {
    for name in [
        "chess",
        "capablanca",
        "grand",
        "xiangqi",
        "shogi",
        "crazyhouse",
        "seirawan",
    ] {
        let v = Variant::builtin(name).unwrap();
        let (seen, cleared) = cleared_moves(&v, 8, 100, 0x09e7_c4ec);
        assert!(
            cleared * 3 > seen,
            "{name}: only {cleared} of {seen} moves cleared"
        );
    }
}
