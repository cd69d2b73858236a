//! Pawns that may step three squares (`tripleStepRegionWhite` / `Black`,
//! as Fairy-Stockfish's Wildebeest): each square the step passes that an
//! enemy pawn attacks may be taken en passant, and the FEN lists both, lower
//! square first (`c3c4`). The expected FENs and moves are pyffish 0.0.90's
//! for the `triplestep` section of `tests/data/variants.ini`; its perft
//! counts are `tests/data/triplestep.perft` (`tests/oracle.rs`).

use sqlchess_fairy::{Position, VariantSet};

mod common;
use common::{play, sorted_uci};

fn variant() -> sqlchess_fairy::Variant {
    VariantSet::from_ini(include_str!("data/variants.ini"))
        .unwrap()
        .get("triplestep")
        .unwrap()
}

#[test]
fn both_passed_squares_may_be_taken() {
    let v = variant();
    let pos = Position::from_fen(&v, "4k3/8/8/3p4/1p6/8/PPPPPPPP/4K3 w - - 0 1").unwrap();
    let after = play(&pos, "c2c5");
    assert_eq!(after.fen(), "4k3/8/8/2Pp4/1p6/8/PP1PPPPP/4K3 b - c3c4 0 1");
    assert_eq!(
        sorted_uci(&after),
        ["b4b3", "b4c3", "d5c4", "d5d4", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]
    );
    // Either capture takes the pawn on c5.
    assert_eq!(
        play(&after, "b4c3").fen(),
        "4k3/8/8/3p4/8/2p5/PP1PPPPP/4K3 w - - 0 2"
    );
    assert_eq!(
        play(&after, "d5c4").fen(),
        "4k3/8/8/8/1pp5/8/PP1PPPPP/4K3 w - - 0 2"
    );
    // The FEN reads back to the same position, both squares kept.
    let again = Position::from_fen(&v, &after.fen()).unwrap();
    assert_eq!(again, after);
    assert_eq!(again.zobrist(), after.zobrist());
    assert_eq!(again.second_ep_square(), Some("c4".parse().unwrap()));
    let setup = after.to_setup();
    assert_eq!(Position::from_setup(&v, &setup).unwrap(), after);
    // A double step passes one square.
    assert_eq!(
        play(&pos, "c2c4").fen(),
        "4k3/8/8/3p4/1pP5/8/PP1PPPPP/4K3 b - c3 0 1"
    );
}

#[test]
fn black_steps_three_too() {
    let v = variant();
    let pos = Position::from_fen(&v, "4k3/pppppppp/8/3P4/1P3P2/8/8/4K3 b - - 0 1").unwrap();
    for (uci, fen) in [
        ("c7c4", "4k3/pp1ppppp/8/3P4/1Pp2P2/8/8/4K3 w - c5c6 0 2"),
        ("e7e4", "4k3/pppp1ppp/8/3P4/1P2pP2/8/8/4K3 w - e5e6 0 2"),
        // Only the square an enemy pawn attacks.
        ("a7a4", "4k3/1ppppppp/8/3P4/pP3P2/8/8/4K3 w - a5 0 2"),
    ] {
        let after = play(&pos, uci);
        assert_eq!(after.fen(), fen);
        assert_eq!(Position::from_fen(&v, fen).unwrap(), after);
    }
}

#[test]
fn a_second_square_must_be_the_same_steps() {
    let v = variant();
    let after = Position::from_fen(&v, "4k3/8/8/2Pp4/1p6/8/PP1PPPPP/4K3 b - c3c4 0 1").unwrap();
    let mut setup = after.to_setup();
    // A second square off the pawn's file is refused.
    setup.second_ep_square = Some("d4".parse().unwrap());
    assert!(Position::from_setup(&v, &setup).is_err());
}
