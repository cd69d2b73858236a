//! The drifts between bindings that the facade ended, each as a test of the
//! facade itself (the bindings' own tests check that they pass it through).

use sqlchess_rules::{position, FenError, FenField, GameStatus, MoveError, Outcome, Variant};

#[test]
fn fairy_moves_have_san_and_drops_have_a_piece() {
    let pos = position(
        "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[Nn] w KQkq - 0 3",
        "crazyhouse",
    )
    .unwrap();
    let drop = pos.parse_move("N@e4").unwrap();
    let info = pos.describe(drop);
    assert_eq!((info.san.as_str(), info.piece.as_str()), ("N@e4", "knight"));
    for m in pos.describe_moves() {
        assert!(!m.san.is_empty() && !m.piece.is_empty(), "{}", m.uci);
    }
}

#[test]
fn non_canonical_san_resolves_in_every_variant() {
    for variant in ["chess", "capablanca", "seirawan", "crazyhouse"] {
        let start = sqlchess_rules::Position::start(&Variant::builtin(variant).unwrap());
        let a = start.parse_move("Nbc3").unwrap();
        let b = start.parse_move("Nc3").unwrap();
        assert_eq!(a, b, "{variant}");
        assert!(matches!(
            start.parse_move("Nxc3"),
            Ok(_) | Err(MoveError::Illegal { .. })
        ));
    }
    let capa = sqlchess_rules::Position::start(&Variant::builtin("capablanca").unwrap());
    assert!(matches!(
        capa.parse_move("Zz9"),
        Err(MoveError::Syntax { .. } | MoveError::Illegal { .. })
    ));
}

#[test]
fn perft_has_one_bound() {
    let pos = position("8/8/8/8/8/8/8/K6k w - - 0 1", "chess").unwrap();
    assert!(pos.perft(13).is_err());
    let capa = sqlchess_rules::Position::start(&Variant::builtin("capablanca").unwrap());
    assert!(capa.perft(13).is_err());
    assert_eq!(capa.perft(2).unwrap(), 784);
}

#[test]
fn fen_errors_name_their_field_in_both_engines() {
    let err = |fen: &str, variant: &str| match position(fen, variant) {
        Err(sqlchess_rules::Error::Fen(e)) => e,
        other => panic!("{other:?}"),
    };
    match err(
        "rnabqkbcnr/pppppppppp/11/10/10/10/PPPPPPPPPP/RNABQKBCNR w - - 0 1",
        "capablanca",
    ) {
        FenError::Fairy(sqlchess_fairy::FenError::Field { field, .. }) => {
            assert_eq!(field, FenField::Placement)
        }
        other => panic!("{other:?}"),
    }
    let text = err("8/8/8/8/8/8/8/K6k x - - 0 1", "chess").to_string();
    assert!(text.contains("side to move"), "{text}");
}

#[test]
fn one_outcome_for_both_engines() {
    let mated = position("R6k/6pp/8/8/8/8/8/4K3 b - - 1 1", "chess").unwrap();
    let capa = position("R5k3/5ppp2/10/10/10/10/10/6K3 b - - 0 1", "capablanca").unwrap();
    for pos in [mated, capa] {
        assert_eq!(
            pos.status(),
            GameStatus::Checkmate {
                outcome: Outcome::Decisive {
                    winner: sqlchess_rules::Color::White
                }
            },
            "{pos}"
        );
        assert_eq!(pos.outcome().map(|o| o.to_string()).as_deref(), Some("1-0"));
    }
}

#[test]
fn the_variant_list_is_the_accepted_list() {
    let names = sqlchess_rules::variant_names();
    for name in ["xiangqi", "makruk", "chess", "chess960"] {
        assert!(names.contains(&name), "{name}");
    }
    for name in names {
        assert!(Variant::builtin(name).is_ok(), "{name}");
    }
}

/// Issue 18's wrap-arounds: clocks saturate, long digit runs are refused.
#[test]
fn clocks_saturate_and_digit_runs_are_bounded() {
    let pos = position("4k3/8/8/8/8/8/8/4K2R b K - 4294967295 4294967295", "chess").unwrap();
    let after = pos.play_text("e8d8").unwrap();
    assert_eq!((after.halfmoves(), after.fullmoves()), (u32::MAX, u32::MAX));
    let capa = position(
        "4k5/10/10/10/10/10/10/4K5 b - - 4294967295 4294967295",
        "capablanca",
    )
    .unwrap();
    let after = capa.play_text("e8d8").unwrap();
    assert_eq!((after.halfmoves(), after.fullmoves()), (u32::MAX, u32::MAX));
    let long =
        "rnabqkbcnr/pppppppppp/18446744073709551626/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    assert!(position(long, "capablanca").is_err());
}

/// Issue 18's impossible setups: the generic engine refuses them as the
/// bitboard engine does, naming what is wrong.
#[test]
fn impossible_setups_are_refused_in_both_engines() {
    let err = position("10/10/10/10/10/10/10/10 w - - 0 1", "capablanca")
        .unwrap_err()
        .to_string();
    assert!(err.contains("no white royal piece"), "{err}");
    assert!(position("8/8/8/8/8/8/8/8 w - - 0 1", "chess").is_err());
    let mut set = sqlchess_rules::Variants::builtin();
    let err = set
        .load_ini("[far:chess]\ncastlingKingsideFile = p\n")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("castlingKingsideFile") && err.contains("16"),
        "{err}"
    );
    let err = set
        .load_ini("[high:chess]\npromotionRank = 100\n")
        .unwrap_err()
        .to_string();
    assert!(err.contains("promotionRank"), "{err}");
}
