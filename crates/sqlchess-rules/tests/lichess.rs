//! The Lichess variants through the facade: the names python-chess and
//! Lichess use, moves described (SAN, UCI, captures), game ends as
//! outcomes, packing and hashing.

use sqlchess_rules::{GameStatus, Outcome, Position, Variant};

#[test]
fn python_chess_and_lichess_names() {
    for (alias, name) in [
        ("threeCheck", "3check"),
        ("Three-check", "3check"),
        ("3-check", "3check"),
        ("kingOfTheHill", "kingofthehill"),
        ("King of the Hill", "kingofthehill"),
        ("koth", "kingofthehill"),
        ("racingKings", "racingkings"),
        ("Racing Kings", "racingkings"),
        ("Antichess", "antichess"),
        ("anti", "antichess"),
        ("Atomic", "atomic"),
        ("Horde", "horde"),
        ("5check", "5check"),
    ] {
        let v = Variant::builtin(alias).unwrap_or_else(|e| panic!("{alias}: {e}"));
        assert_eq!(v.name(), name, "{alias}");
    }
}

#[test]
fn moves_described_and_games_ended() {
    // Atomic: the capture that blows up the king ends the game.
    let atomic = Variant::builtin("atomic").unwrap();
    let pos = Position::from_fen(&atomic, "4k3/3pp3/8/8/8/8/3Q4/K7 w - - 0 1").unwrap();
    let mv = pos.parse_move("Qxd7").unwrap();
    assert_eq!(pos.uci(mv), "d2d7");
    let info = pos.describe(mv);
    assert_eq!(info.captured.as_deref(), Some("pawn"));
    assert_eq!(
        info.after.status(),
        GameStatus::VariantEnd {
            outcome: Outcome::Decisive {
                winner: sqlchess_rules::Color::White
            }
        }
    );
    assert_eq!(info.after.status().name(), "variant_end");
    // Antichess: a capture is compulsory.
    let anti = Variant::builtin("antichess").unwrap();
    let pos = Position::start(&anti)
        .play_text("e4")
        .unwrap()
        .play_text("d5")
        .unwrap();
    let sans: Vec<String> = pos.legal_moves().into_iter().map(|m| pos.san(m)).collect();
    assert_eq!(sans, ["exd5"]);
    // Racing kings starts without check and every variant packs.
    for name in [
        "atomic",
        "antichess",
        "kingofthehill",
        "3check",
        "racingkings",
        "horde",
    ] {
        let v = Variant::builtin(name).unwrap();
        let start = Position::start(&v);
        assert_eq!(start.status(), GameStatus::Ongoing, "{name}");
        let back = Position::unpack(&start.pack().unwrap()).unwrap();
        assert_eq!(back, start, "{name}");
        assert_eq!(back.zobrist(), start.zobrist(), "{name}");
        assert!(!start.describe_moves().is_empty(), "{name}");
    }
}
