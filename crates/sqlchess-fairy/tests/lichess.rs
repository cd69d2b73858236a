//! The Lichess variants' FEN forms and state: three-check counters in both
//! forms, in the hash and after a check; crazyhouse's pocket as a ninth
//! rank; atomic explosions; the ends of king of the hill and racing kings.

use sqlchess_fairy::{perft, Position, RelativeOutcome, Variant};

fn pos(variant: &str, fen: &str) -> Position {
    Position::from_fen(&Variant::builtin(variant).unwrap(), fen).unwrap()
}

#[test]
fn three_check_counters_in_both_forms() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1";
    let a = pos("3check", start);
    assert_eq!(a.fen(), start);
    assert_eq!(a.checks_left(), Some([3, 3]));
    // Lichess: checks given, after the clocks.
    let b = pos(
        "3check",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2",
    );
    assert_eq!(b.checks_left(), Some([2, 1]));
    assert_eq!(
        b.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1"
    );
    // The counters are part of the position: hash and equality.
    assert_ne!(a.zobrist(), b.zobrist());
    assert_ne!(a, b);
    // A check spends one of the checker's.
    let mut p = a.clone();
    for m in ["e2e4", "f7f6", "d1h5"] {
        p = p.play(p.parse_uci(m).unwrap());
    }
    assert_eq!(p.checks_left(), Some([2, 3]));
    assert!(p.fen().contains(" 2+3 "), "{}", p.fen());
    // The third check wins at once, even without mate.
    let last = pos(
        "3check",
        "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2",
    );
    let after = last.play(last.parse_uci("d1h5").unwrap());
    assert_eq!(after.variant_end(), Some(RelativeOutcome::Loss));
    assert_eq!(after.count_legal(), 0);
    assert!(Position::from_fen(
        &Variant::builtin("3check").unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x"
    )
    .is_err());
}

#[test]
fn crazyhouse_pocket_as_a_ninth_rank() {
    let brackets = pos(
        "crazyhouse",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qp] w KQkq - 0 1",
    );
    let rank = pos(
        "crazyhouse",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qp w KQkq - 0 1",
    );
    assert_eq!(brackets, rank);
    let empty = pos(
        "crazyhouse",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
    );
    assert_eq!(
        empty.fen(),
        Position::start(&Variant::builtin("crazyhouse").unwrap()).fen()
    );
    // Only where pieces can be held.
    assert!(Position::from_fen(
        &Variant::builtin("chess").unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qp w KQkq - 0 1"
    )
    .is_err());
}

#[test]
fn atomic_explosions() {
    // Nxe5?? no: the knight on f3 takes e5 and explodes with its
    // neighbours but pawns; here it blows up the black queen on d6 too.
    let p = pos("atomic", "4k3/8/3q4/4p3/8/5N2/8/4K3 w - - 0 1");
    let after = p.play(p.parse_uci("f3e5").unwrap());
    assert_eq!(after.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    // A king may not capture, and kings side by side do not check.
    let p = pos("atomic", "8/8/8/3kK3/8/8/8/7r w - - 0 1");
    assert!(!p.is_check());
    assert!(p.legal_moves().iter().all(|m| m.to().to_string() != "d5"));
    // Blowing up the enemy king wins.
    let p = pos("atomic", "4k3/3pp3/8/8/8/8/3Q4/K7 w - - 0 1");
    let after = p.play(p.parse_uci("d2d7").unwrap());
    assert_eq!(after.variant_end(), Some(RelativeOutcome::Loss));
    assert_eq!(perft(&after, 1), 0);
}

#[test]
fn flags_end_the_game() {
    let koth = pos("kingofthehill", "4k3/8/8/8/8/4K3/8/8 w - - 0 1");
    let after = koth.play(koth.parse_uci("e3e4").unwrap());
    assert_eq!(after.variant_end(), Some(RelativeOutcome::Loss));
    assert_eq!(after.count_legal(), 0);
    // Racing kings: Black may answer White's arrival, if it can arrive too.
    let rk = pos("racingkings", "5K2/k7/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(rk.variant_end(), None);
    let drawn = rk.play(rk.parse_uci("a7a8").unwrap());
    assert_eq!(drawn.variant_end(), Some(RelativeOutcome::Draw));
    let lost = pos("racingkings", "5K2/8/k7/8/8/8/8/8 b - - 0 1");
    assert_eq!(lost.variant_end(), Some(RelativeOutcome::Loss));
    // No move may give check.
    let rk = Position::start(&Variant::builtin("racingkings").unwrap());
    for m in rk.legal_moves() {
        assert!(!rk.play(m).is_check());
    }
}

/// A non-royal castling king (giveaway, extinction) that has moved: the
/// position reached by moves equals the one read from its FEN and the one
/// unpacked from its packed bytes (the castling king's square counts only
/// while its side may castle).
#[test]
fn a_moved_non_royal_castling_king_compares_equal_after_a_round_trip() {
    for variant in ["giveaway", "extinction"] {
        let v = Variant::builtin(variant).unwrap();
        let mut p = Position::start(&v);
        for uci in ["e2e3", "e7e6", "e1e2", "e8e7"] {
            let mv = p.parse_uci(uci).unwrap();
            p = p.play(mv);
        }
        let from_fen = Position::from_fen(&v, &p.fen()).unwrap();
        assert_eq!(from_fen, p, "{variant}: {}", p.fen());
        let unpacked =
            sqlchess_fairy::pack::unpack(&v, &sqlchess_fairy::pack::pack(&p).unwrap()).unwrap();
        assert_eq!(unpacked, p, "{variant}: {}", p.fen());
    }
}
