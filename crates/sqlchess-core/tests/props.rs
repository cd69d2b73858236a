//! Property tests over positions reached by random play from a proptest-chosen
//! seed: FEN and `Setup` round trips, "play, print, parse back" giving the same
//! position, UCI round trips, incremental against full Zobrist hashes, and UCI
//! legality against shakmaty for arbitrary from/to/promotion strings.

mod common;

use common::XorShift;
use proptest::prelude::*;
use shakmaty as sm;
use sqlchess_core::{CastlingMode, Position, Setup};

/// The position after `plies` random moves from the start (standard chess) or
/// from Chess960 array `array` (when `Some`).
fn random_position(seed: u64, plies: usize, array: Option<u32>) -> Position {
    let mut pos = match array {
        None => Position::new(),
        Some(n) => {
            let fen = format!("{:#}", cozy_chess::Board::chess960_startpos(n));
            Position::from_fen_with_mode(&fen, CastlingMode::Chess960).expect("start array")
        }
    };
    let mut rng = XorShift::new(seed);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.below(moves.len())]);
    }
    pos
}

fn reparse(pos: &Position) -> Position {
    Position::from_fen_with_mode(&pos.fen(), pos.castling_mode())
        .unwrap_or_else(|e| panic!("our own FEN {} does not parse: {e}", pos.fen()))
}

fn check_round_trips(pos: &Position) -> Result<(), TestCaseError> {
    let fen = pos.fen();
    let back = reparse(pos);
    prop_assert_eq!(&back, pos, "FEN round trip of {}", fen);
    prop_assert_eq!(back.fen(), fen.clone());
    prop_assert_eq!(back.zobrist(), pos.zobrist());
    prop_assert_eq!(
        pos.zobrist(),
        pos.compute_hash(),
        "incremental hash at {}",
        fen
    );
    let setup: Setup = fen.parse().expect("own FEN parses as a setup");
    prop_assert_eq!(setup.to_string(), fen.clone(), "Setup round trip");
    prop_assert_eq!(&pos.to_setup(), &setup);
    for mv in pos.legal_moves() {
        prop_assert!(pos.is_legal(mv));
        let uci = pos.uci(mv).to_string();
        prop_assert_eq!(pos.parse_uci(&uci).ok(), Some(mv), "UCI {} at {}", uci, fen);
        let after = pos.after(mv);
        prop_assert_eq!(
            after.zobrist(),
            after.compute_hash(),
            "hash after {} at {}",
            uci,
            fen
        );
        let again = reparse(&after);
        prop_assert_eq!(
            again,
            after,
            "play {} then FEN {} at {}",
            uci,
            after.fen(),
            fen
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn standard_round_trips(seed in any::<u64>(), plies in 0usize..240) {
        check_round_trips(&random_position(seed, plies, None))?;
    }

    #[test]
    fn chess960_round_trips(seed in any::<u64>(), plies in 0usize..120, array in 0u32..960) {
        check_round_trips(&random_position(seed, plies, Some(array)))?;
    }

    /// Any from/to/promotion text is legal for us exactly when it is for
    /// shakmaty (castling typed as a king's two-square move or king-takes-rook
    /// is left out: the two libraries accept different spellings of it).
    #[test]
    fn uci_legality_agrees_with_shakmaty(
        seed in any::<u64>(),
        plies in 0usize..200,
        from in 0u8..64,
        to in 0u8..64,
        promotion in prop::sample::select(vec!["", "q", "r", "b", "n", "k"]),
    ) {
        let pos = random_position(seed, plies, None);
        let text = format!("{}{}{}", square_name(from), square_name(to), promotion);
        let theirs = sm::fen::Fen::from_ascii(pos.fen().as_bytes())
            .expect("shakmaty reads our FEN")
            .into_position::<sm::Chess>(sm::CastlingMode::Standard)
            .expect("shakmaty accepts our position");
        let king_from = pos.board().kings().contains(sqlchess_core::Square::try_from(from).expect("square"));
        let far = (i16::from(from % 8) - i16::from(to % 8)).abs() >= 2;
        prop_assume!(!(king_from && far));
        let sm_ok = sm::uci::UciMove::from_ascii(text.as_bytes())
            .ok()
            .and_then(|u| u.to_move(&theirs).ok())
            .is_some();
        prop_assert_eq!(pos.parse_uci(&text).is_ok(), sm_ok, "{} at {}", text, pos.fen());
    }
}

fn square_name(sq: u8) -> String {
    format!("{}{}", char::from(b'a' + sq % 8), sq / 8 + 1)
}

/// A sample of the legal moves as UCI strings, so the property above sees legal
/// moves as well as illegal ones.
#[test]
fn legal_uci_moves_agree_with_shakmaty_sample() {
    for seed in 1..40u64 {
        let pos = random_position(seed, (seed * 7 % 150) as usize, None);
        let theirs = sm::fen::Fen::from_ascii(pos.fen().as_bytes())
            .expect("shakmaty reads our FEN")
            .into_position::<sm::Chess>(sm::CastlingMode::Standard)
            .expect("shakmaty accepts our position");
        for mv in pos.legal_moves() {
            let text = pos.uci(mv).to_string();
            let sm_move = sm::uci::UciMove::from_ascii(text.as_bytes())
                .expect("uci")
                .to_move(&theirs);
            assert!(sm_move.is_ok(), "{text} at {}", pos.fen());
        }
    }
}
