//! A second piece that promotes and resets the move clock as the pawn does,
//! but never takes en passant ([`Variant::second_pawn`]): Wolf chess's
//! sergeant. After its double step Fairy-Stockfish lists both the square
//! it passed and the one it reached (`a3a4`), whether or not a pawn can
//! take there. The expected FENs, moves and counts are pyffish 0.0.90's;
//! the perft of `wolf` is `tests/data/wolf.perft` (`tests/oracle.rs`).

use sqlchess_fairy::{Position, Variant, VariantSet};

mod common;
use common::{play, sorted_uci};

fn wolf() -> Variant {
    Variant::builtin("wolf").unwrap()
}

#[test]
fn a_sergeants_double_step_is_taken_by_a_pawn() {
    let v = wolf();
    let pos = Position::from_fen(&v, "k7/8/8/8/8/8/1p6/8/S7/K7 w - - 0 1").unwrap();
    let after = play(&pos, "a2a4");
    assert_eq!(after.fen(), "k7/8/8/8/8/8/Sp6/8/8/K7 b - a3a4 0 1");
    assert_eq!(
        sorted_uci(&after),
        ["a10a9", "a10b10", "a10b9", "b4a3", "b4b3"]
    );
    assert_eq!(
        play(&after, "b4a3").fen(),
        "k7/8/8/8/8/8/8/p7/8/K7 w - - 0 2"
    );
    // The FEN reads back to the same position, and so does its setup.
    let again = Position::from_fen(&v, &after.fen()).unwrap();
    assert_eq!(again, after);
    assert_eq!(again.zobrist(), after.zobrist());
    assert_eq!(Position::from_setup(&v, &after.to_setup()).unwrap(), after);
    // Both squares are listed with no pawn to take either.
    let alone = Position::from_fen(&v, "k7/8/8/8/8/8/8/8/S7/K7 w - - 0 1").unwrap();
    assert_eq!(
        play(&alone, "a2a4").fen(),
        "k7/8/8/8/8/8/S7/8/8/K7 b - a3a4 0 1"
    );
}

#[test]
fn a_sergeant_takes_nothing_en_passant() {
    let v = wolf();
    let pos = Position::from_fen(&v, "k7/8/8/8/8/8/1s6/8/P7/K7 w - - 0 1").unwrap();
    let after = play(&pos, "a2a4");
    assert_eq!(after.fen(), "k7/8/8/8/8/8/Ps6/8/8/K7 b - - 0 1");
    assert_eq!(
        sorted_uci(&after),
        ["a10a9", "a10b10", "a10b9", "b4a3", "b4b3", "b4c3"]
    );
}

#[test]
fn sergeants_promote_and_reset_the_clock() {
    let v = wolf();
    let pos = Position::from_fen(&v, "1k6/8/8/8/8/8/8/8/S7/7K w - - 5 1").unwrap();
    assert_eq!(
        play(&pos, "a2a3").fen(),
        "1k6/8/8/8/8/8/8/S7/8/7K b - - 0 1"
    );
    // The sergeant promotes as the pawn does; the pawn also to an elephant
    // written +P.
    let pos = Position::from_fen(&v, "4k3/S1P5/8/8/8/8/8/8/s1p5/4K3 w - - 0 1").unwrap();
    assert_eq!(
        sorted_uci(&pos),
        [
            "a9a10b", "a9a10f", "a9a10q", "a9a10r", "a9a10w", "a9b10b", "a9b10f", "a9b10q",
            "a9b10r", "a9b10w", "c9c10+", "c9c10b", "c9c10f", "c9c10q", "c9c10r", "c9c10w", "e1d2",
            "e1e2", "e1f1", "e1f2"
        ]
    );
    assert_eq!(
        play(&pos, "c9c10+").fen(),
        "2+P1k3/S7/8/8/8/8/8/8/s1p5/4K3 b - - 0 1"
    );
}

#[test]
fn both_lists_must_name_the_second_pawn() {
    let only_one = "[half:chess]\ncustomPiece1 = s:fKifmnD\npromotionPawnTypes = ps\n";
    let err = VariantSet::from_ini(only_one).unwrap_err().to_string();
    assert!(err.contains("must be named by both"), "{err}");
    let no_pawn =
        "[none:chess]\ncustomPiece1 = s:fKifmnD\npromotionPawnTypes = sn\nnMoveRuleTypes = sn\n";
    let err = VariantSet::from_ini(no_pawn).unwrap_err().to_string();
    assert!(err.contains("one must be the pawn"), "{err}");
    let both =
        "[both:chess]\ncustomPiece1 = s:fKifmnD\npromotionPawnTypes = ps\nnMoveRuleTypes = sp\n";
    let v = VariantSet::from_ini(both).unwrap().get("both").unwrap();
    assert_eq!(v.second_pawn, v.pieces.iter().position(|p| p.letter == 's'));
}
