//! Rules checked against shakmaty 0.30.1 as the oracle: one impossible
//! position per [`PositionErrorKind`] (shakmaty must reject it too), no move
//! wraps around the board edge (every piece on every square), and regressions
//! found by the differential tests.

use shakmaty as sm;
use shakmaty::Position as _;
use sqlchess_core::{
    Color, FenError, FenField, Game, GameStatus, ParseFenError, Piece, Position, PositionErrorKind,
    Role, Square,
};

fn shakmaty_accepts(fen: &str) -> bool {
    sm::fen::Fen::from_ascii(fen.as_bytes())
        .ok()
        .and_then(|f| {
            f.into_position::<sm::Chess>(sm::CastlingMode::Chess960)
                .ok()
        })
        .is_some()
}

#[test]
fn one_error_per_impossible_position_kind() {
    let cases = [
        (
            "8/8/8/8/8/8/8/k7 w - - 0 1",
            PositionErrorKind::MissingKing(Color::White),
        ),
        (
            "K7/8/8/8/8/8/8/8 w - - 0 1",
            PositionErrorKind::MissingKing(Color::Black),
        ),
        (
            "k7/8/8/8/8/8/8/KK6 w - - 0 1",
            PositionErrorKind::TooManyKings(Color::White),
        ),
        (
            "k6P/8/8/8/8/8/8/K7 w - - 0 1",
            PositionErrorKind::PawnsOnBackrank,
        ),
        (
            "k7/8/8/8/8/8/8/K6p w - - 0 1",
            PositionErrorKind::PawnsOnBackrank,
        ),
        (
            "k7/8/8/8/8/P7/PPPPPPPP/K7 w - - 0 1",
            PositionErrorKind::TooManyPieces(Color::White),
        ),
        // Nine queens and eight pawns: more promoted pieces than missing pawns.
        (
            "k7/8/8/8/QQQQQQQQ/Q7/PPPPPPPP/K7 w - - 0 1",
            PositionErrorKind::TooManyPieces(Color::White),
        ),
        (
            "k6R/8/8/8/8/8/8/K7 w - - 0 1",
            PositionErrorKind::OppositeCheck,
        ),
        (
            "4k3/8/8/8/1b6/3n4/8/r3K3 w - - 0 1",
            PositionErrorKind::ImpossibleCheck,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w H - 0 1",
            PositionErrorKind::InvalidCastlingRights,
        ),
        (
            "4k3/8/8/8/8/8/8/R3K3 w Ah - 0 1",
            PositionErrorKind::InvalidCastlingRights,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
            PositionErrorKind::InvalidEpSquare,
        ),
        (
            "4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1",
            PositionErrorKind::InvalidEpSquare,
        ),
    ];
    for (fen, kind) in cases {
        match Position::from_fen(fen) {
            Err(FenError::Position(e)) => {
                assert!(
                    e.reasons.contains(&kind),
                    "{fen}: reasons {:?}, expected {kind:?}",
                    e.reasons
                );
                assert!(!e.to_string().is_empty());
            }
            other => panic!("{fen}: expected {kind:?}, got {other:?}"),
        }
        assert!(
            !shakmaty_accepts(fen),
            "{fen}: shakmaty accepts what we reject as {kind:?}"
        );
    }
}

/// Every piece of either colour on every square of a board with only the two
/// kings: the same destinations as shakmaty, so nothing wraps from the h-file
/// to the a-file or from the last rank to the first.
#[test]
fn no_move_wraps_around_the_edge() {
    let roles = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    let mut compared = 0;
    for color in [Color::White, Color::Black] {
        for role in roles {
            for sq in 0..64u8 {
                let sq = Square::try_from(sq).expect("0..64 is a square");
                // Kings out of the way, in the middle of the board where possible.
                for (white_king, black_king) in [(Square::D4, Square::F6), (Square::A1, Square::H8)]
                {
                    let mut board = String::new();
                    for rank in (0..8).rev() {
                        let mut empty = 0;
                        for file in 0..8 {
                            let here = Square::try_from(rank * 8 + file).expect("square");
                            let c = if here == sq {
                                Some(Piece { color, role }.char())
                            } else if here == white_king {
                                Some('K')
                            } else if here == black_king {
                                Some('k')
                            } else {
                                None
                            };
                            match c {
                                Some(c) => {
                                    if empty > 0 {
                                        board.push(char::from(b'0' + empty));
                                        empty = 0;
                                    }
                                    board.push(c);
                                }
                                None => empty += 1,
                            }
                        }
                        if empty > 0 {
                            board.push(char::from(b'0' + empty));
                        }
                        if rank > 0 {
                            board.push('/');
                        }
                    }
                    let turn = if color == Color::White { 'w' } else { 'b' };
                    let fen = format!("{board} {turn} - - 0 1");
                    let ours = Position::from_fen(&fen).ok();
                    let theirs = sm::fen::Fen::from_ascii(fen.as_bytes()).ok().and_then(|f| {
                        f.into_position::<sm::Chess>(sm::CastlingMode::Standard)
                            .ok()
                    });
                    assert_eq!(
                        ours.is_some(),
                        theirs.is_some(),
                        "{fen}: legal for one engine only"
                    );
                    let (Some(ours), Some(theirs)) = (ours, theirs) else {
                        continue;
                    };
                    let mut a: Vec<String> = ours
                        .legal_moves()
                        .iter()
                        .map(|m| ours.uci(*m).to_string())
                        .collect();
                    let mut b: Vec<String> = theirs
                        .legal_moves()
                        .iter()
                        .map(|m| m.to_uci(sm::CastlingMode::Standard).to_string())
                        .collect();
                    a.sort();
                    b.sort();
                    assert_eq!(a, b, "{fen}");
                    compared += 1;
                }
            }
        }
    }
    // Some placements are illegal for both (a piece of the side to move
    // giving check, a pawn on a back rank, a square taken by a king).
    assert!(compared >= 900, "only {compared} placements compared");
}

#[test]
fn castling_letter_without_a_rook_is_a_castling_field_error() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w K - 0 1";
    match Position::from_fen(fen) {
        Err(FenError::Parse(ParseFenError::Field { field, .. })) => {
            assert_eq!(field, FenField::Castling)
        }
        Err(FenError::Position(e)) => assert!(e
            .reasons
            .contains(&PositionErrorKind::InvalidCastlingRights)),
        other => panic!("{fen}: accepted or wrong error: {other:?}"),
    }
    assert!(!shakmaty_accepts(fen));
}

#[test]
fn wrap_around_moves_are_rejected() {
    // a1-h2 is a "knight move" on a 0..63 array (+15) but not on the board.
    let pos = Position::from_fen("k7/8/8/8/8/8/8/N6K w - - 0 1").unwrap();
    assert!(pos.parse_uci("a1h2").is_err());
    assert!(pos.parse_uci("a1b3").is_ok());
    let pos = Position::from_fen("k7/8/8/8/8/8/8/K6N w - - 0 1").unwrap();
    assert!(
        pos.parse_uci("h1a3").is_err(),
        "h1 + 17 = b3 on an array, a3 wraps"
    );
    assert!(pos.parse_uci("h1a2").is_err());
    // A rook on h4 does not continue to a5; a bishop on h4 does not reach a4.
    let pos = Position::from_fen("k7/8/8/8/7R/8/8/K7 w - - 0 1").unwrap();
    assert!(pos.parse_uci("h4a5").is_err());
    let pos = Position::from_fen("k7/8/8/8/7B/8/8/K7 w - - 0 1").unwrap();
    assert!(pos.parse_uci("h4a4").is_err());
    assert!(pos.parse_uci("h4a3").is_err());
    // A pawn on the h-file captures only towards g.
    let pos = Position::from_fen("k7/8/8/8/8/p7/7P/K7 w - - 0 1").unwrap();
    assert!(pos.parse_uci("h2a3").is_err());
}

/// Threefold repetition counts a position right after a double step as the
/// same position later when the en-passant capture it seems to allow is
/// illegal (here exd6 would expose the a5 king to the h5 rook): FIDE 9.2.3
/// compares the possible moves.
#[test]
fn repetition_ignores_an_impossible_en_passant_capture() {
    let start = Position::from_fen("3k4/3p4/8/K3P2r/8/8/8/8 b - - 0 1").unwrap();
    let mut game = Game::new(start);
    let mut play = |text: &str| {
        let mv = game.position().parse_uci(text).unwrap();
        game.play(mv).unwrap();
    };
    play("d7d5");
    for _ in 0..2 {
        for mv in ["a5a4", "d8e8", "a4a5", "e8d8"] {
            play(mv);
        }
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.status(), GameStatus::Repetition);
    // And the other way round: when the capture is legal, the first occurrence
    // differs from the later ones.
    let start = Position::from_fen("3k4/3p4/8/K3P3/8/8/8/8 b - - 0 1").unwrap();
    let mut game = Game::new(start);
    let mut play = |text: &str| {
        let mv = game.position().parse_uci(text).unwrap();
        game.play(mv).unwrap();
    };
    play("d7d5");
    for _ in 0..2 {
        for mv in ["a5a4", "d8e8", "a4a5", "e8d8"] {
            play(mv);
        }
    }
    assert_eq!(game.repetitions(), 2);
}

#[test]
fn fen_round_trip_drops_an_impossible_en_passant_square() {
    let pos = Position::from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1").unwrap();
    assert_eq!(pos.fen(), "8/8/8/K2pP2r/8/8/8/7k w - - 0 1");
    let again = Position::from_fen(&pos.fen()).unwrap();
    assert_eq!(again, pos);
    assert_eq!(again.zobrist(), pos.zobrist());
}
