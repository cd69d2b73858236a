//! Several pieces promoting to one piece type (variants.ini's
//! `promotedPieceType = l:g n:g`, as in Fairy-Stockfish's gorogoroplus,
//! Cannon shogi, Gethenian and Backrank): a marked piece of the shared type
//! remembers which piece it was — in FEN (`+L`, `+N`), in the hand after a
//! capture, after a demotion, in the hash, the packed form and the setup.
//! pyffish's move counts for those four sections are `tests/fsf_ini.rs`.

use sqlchess_fairy::{pack, read_variants_ini, Position, Variant};

mod common;
use common::play;

/// Gorogoro with a lance and a knight that both promote to its gold, and
/// the same with demotion (a promoted piece in the zone may turn back).
const INI: &str = "
[twogolds:gorogoro]
startFen = sgkgs/5/1ppp1/1PPP1/5/SGKGS[LNln] w 0 1
lance = l
shogiKnight = n
promotedPieceType = l:g n:g

[twogoldsback:twogolds]
pieceDemotion = true
";

fn variant(name: &str) -> Variant {
    let load = read_variants_ini(INI);
    assert!(load.refused.is_empty(), "{:?}", load.refused);
    load.variants
        .into_iter()
        .find(|v| v.name == name)
        .expect("section loaded")
}

fn at(pos: &Position, sq: &str) -> Option<(usize, bool)> {
    pos.piece_at(sq.parse().unwrap())
}

/// A promoted lance and a promoted knight, both golds on the board.
const TWO_GOLDS: &str = "s1k1s/2g2/1+L+N2/5/5/SGK1S[] b - - 0 1";

#[test]
fn fen_keeps_each_base() {
    let v = variant("twogolds");
    let (lance, knight, gold) = (
        v.piece_by_letter('l').unwrap(),
        v.piece_by_letter('n').unwrap(),
        v.piece_by_letter('g').unwrap(),
    );
    let pos = Position::from_fen(&v, TWO_GOLDS).unwrap();
    assert_eq!(pos.fen(), TWO_GOLDS);
    assert_eq!(at(&pos, "b4"), Some((gold, true)));
    assert_eq!(at(&pos, "c4"), Some((gold, true)));
    assert_eq!(pos.promoted_from("b4".parse().unwrap()), Some(lance));
    assert_eq!(pos.promoted_from("c4".parse().unwrap()), Some(knight));
    // An unmarked gold is a gold.
    assert_eq!(pos.promoted_from("c5".parse().unwrap()), None);
    // The same golds the other way round are another position.
    let swapped = Position::from_fen(&v, "s1k1s/2g2/1+N+L2/5/5/SGK1S[] b - - 0 1").unwrap();
    assert_ne!(swapped, pos);
    assert_ne!(swapped.zobrist(), pos.zobrist());
}

#[test]
fn a_capture_hands_over_the_base() {
    let v = variant("twogolds");
    let pos = Position::from_fen(&v, TWO_GOLDS).unwrap();
    // The black gold takes the promoted knight (straight ahead for Black),
    // or the promoted lance (diagonally ahead).
    assert_eq!(
        play(&pos, "c5c4").fen(),
        "s1k1s/5/1+Lg2/5/5/SGK1S[n] w - - 0 2"
    );
    assert_eq!(
        play(&pos, "c5b4").fen(),
        "s1k1s/5/1g+N2/5/5/SGK1S[l] w - - 0 2"
    );
}

#[test]
fn promotion_and_move_keep_the_base() {
    let v = variant("twogolds");
    // A lance and a knight promote on the fifth rank; then the golds move
    // on, and a capture of each gives its own piece.
    let pos = Position::from_fen(&v, "2k2/5/5/LN3/5/2K2[] w - - 0 1").unwrap();
    let pos = play(&pos, "a3a5+");
    assert_eq!(pos.fen(), "2k2/+L4/5/1N3/5/2K2[] b - - 1 1");
    let pos = play(&play(&pos, "c6d6"), "b3c5+");
    assert_eq!(pos.fen(), "3k1/+L1+N2/5/5/5/2K2[] b - - 3 2");
    // The king takes the promoted knight: a knight in Black's hand.
    let pos = play(&pos, "d6c5");
    assert_eq!(pos.fen(), "5/+L1k2/5/5/5/2K2[n] w - - 0 3");
}

#[test]
fn demotion_returns_to_the_base() {
    let v = variant("twogoldsback");
    let knight = v.piece_by_letter('n').unwrap();
    let lance = v.piece_by_letter('l').unwrap();
    // Each promoted gold in the zone may turn back into what it was.
    let pos = Position::from_fen(&v, "k4/5/+L1+N2/5/5/2K2[] w - - 0 1").unwrap();
    let back = play(&pos, "c4c5-");
    assert_eq!(at(&back, "c5"), Some((knight, true)));
    let back = play(&pos, "a4a5-");
    assert_eq!(at(&back, "a5"), Some((lance, true)));
}

#[test]
fn hash_pack_and_setup_keep_the_base() {
    let v = variant("twogolds");
    for fen in [
        TWO_GOLDS,
        "s1k1s/2g2/1+N+L2/5/5/SGK1S[] b - - 0 1",
        "s1k1s/2g2/1+N+N2/5/5/SGK1S[Ll] b - - 0 1",
    ] {
        let pos = Position::from_fen(&v, fen).unwrap();
        let bytes = pack::pack(&pos).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let back = pack::unpack(&v, &bytes).unwrap();
        assert_eq!(back, pos, "{fen}");
        assert_eq!(back.zobrist(), pos.zobrist(), "{fen}");
        let setup = pos.to_setup();
        let again = Position::from_setup(&v, &setup).unwrap();
        assert_eq!(again, pos, "{fen}");
        assert_eq!(again.fen(), fen);
    }
    // A setup naming a base that does not promote to the piece is refused.
    let pos = Position::from_fen(&v, TWO_GOLDS).unwrap();
    let mut setup = pos.to_setup();
    let gold = setup
        .board
        .iter_mut()
        .flatten()
        .find(|p| p.promoted_from.is_some())
        .unwrap();
    gold.promoted_from = v.piece_by_letter('s');
    assert!(Position::from_setup(&v, &setup).is_err());
}

/// Random games: every position reached by moves equals the one its FEN
/// reads back to, hash and packed form included.
#[test]
fn positions_reached_by_moves_read_back_alike() {
    let v = variant("twogolds");
    let mut rng = sqlchess_types::XorShift64::new(17);
    let mut promoted_seen = 0;
    for _ in 0..30 {
        let mut pos = Position::start(&v);
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[(rng.next_u64() >> 11) as usize % moves.len()];
            pos = pos.play(mv);
            let again = Position::from_fen(&v, &pos.fen()).unwrap();
            assert_eq!(again, pos, "{}", pos.fen());
            assert_eq!(again.zobrist(), pos.zobrist(), "{}", pos.fen());
            let bytes = pack::pack(&pos).unwrap_or_else(|e| panic!("{}: {e}", pos.fen()));
            assert_eq!(pack::unpack(&v, &bytes).unwrap(), pos);
            if pos.fen().contains("+N") || pos.fen().contains("+L") {
                promoted_seen += 1;
            }
        }
    }
    assert!(promoted_seen > 20, "{promoted_seen}");
}
