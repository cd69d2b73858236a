//! Variants where no move may give check (racing kings, variants.ini's
//! `checking = false`): their legal moves are exactly the moves of the same
//! variant with checks allowed that do not give check. The generator removes
//! checking moves per node by lines through the enemy king; the reference
//! here is `gives_check`, which tests one move at a time.

use sqlchess_fairy::{load_variants_ini, Position, Variant};
use sqlchess_types::XorShift64;

/// Twins of the no-check variants with checks allowed, and a no-check
/// variant with short-range sliders (a rook and a bishop of at most two
/// steps), whose lines end before the board does.
const INI: &str = "
[rkchecks:chess]
startFen = 8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1
castling = false

[shortnocheck:chess]
customPiece1 = a:R2
customPiece2 = c:B2
startFen = 8/8/8/8/8/8/kacnNCAK/qacnNCAQ w - - 0 1
castling = false
checking = false

[shortchecks:shortnocheck]
checking = true
";

fn legal(pos: &Position) -> Vec<String> {
    let mut ucis: Vec<String> = pos.legal_moves().iter().map(|m| m.to_uci(pos)).collect();
    ucis.sort();
    ucis
}

/// Plays seeded random games in `no_checks`, comparing at every position.
fn compare(no_checks: &Variant, checks: &Variant, seed: u64) {
    let mut rng = XorShift64::new(seed);
    let mut positions = 0;
    for _ in 0..60 {
        let mut pos = Position::start(no_checks);
        for _ in 0..80 {
            let fen = pos.fen();
            let twin = Position::from_fen(checks, &fen).unwrap();
            let expected: Vec<String> = {
                let mut ucis: Vec<String> = twin
                    .legal_moves()
                    .into_iter()
                    .filter(|&m| !twin.gives_check(m))
                    .map(|m| m.to_uci(&twin))
                    .collect();
                ucis.sort();
                ucis
            };
            let moves = pos.legal_moves();
            // A king on the last rank ends racing kings; the twin plays on.
            if moves.is_empty() {
                break;
            }
            assert_eq!(legal(&pos), expected, "{fen}");
            positions += 1;
            pos = pos.play(moves[rng.below(moves.len())]);
        }
    }
    assert!(positions > 1000, "{positions}");
}

#[test]
fn racing_kings_moves_are_the_non_checking_ones() {
    let vs = load_variants_ini(INI).unwrap();
    compare(&Variant::builtin("racingkings").unwrap(), &vs[0], 7);
}

#[test]
fn short_sliders_without_checks() {
    let vs = load_variants_ini(INI).unwrap();
    compare(&vs[1], &vs[2], 8);
}
