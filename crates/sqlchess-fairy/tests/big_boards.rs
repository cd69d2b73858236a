//! Boards beyond 128 squares (the 256-bit frame) and up to 16×16, where no
//! oracle exists: move counts worked out by hand, FEN round trips, UCI squares
//! with two-digit ranks.

use sqlchess_fairy::{load_variants_ini, perft, Position};

const INI: &str = "
[big:chess]
maxFile = 16
maxRank = 16
castling = false
promotionRank = 16
startFen = rnbqkbnr8/pppppppp8/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w - - 0 1
";

#[test]
fn sixteen_by_sixteen() {
    let vs = load_variants_ini(INI).unwrap();
    let pos = Position::start(&vs[0]);
    // Eight pawns with single and double steps (16), knights b1 (a3, c3) and
    // g1 (f3, h3, i2), and the rook on h1 along the empty rank (i1..p1).
    assert_eq!(perft(&pos, 1), 29);
    assert_eq!(
        pos.fen(),
        "rnbqkbnr8/pppppppp8/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w - - 0 1"
    );
    // Black mirrors White and nothing interacts within two plies.
    assert_eq!(perft(&pos, 2), 29 * 29);
    let mv = pos.parse_uci("a15a13").unwrap_err();
    assert!(matches!(mv, sqlchess_fairy::MoveError::Illegal(_)));
    let after = pos.play(pos.parse_uci("e2e4").unwrap());
    let reply = after.parse_uci("d15d13").unwrap();
    assert_eq!(reply.to_uci(&after), "d15d13");
    let p = after.play(reply);
    assert_eq!(
        p.fen(),
        "rnbqkbnr8/ppp1pppp8/16/3p12/16/16/16/16/16/16/16/16/4P11/16/PPPP1PPP8/RNBQKBNR8 w - - 0 2"
    );
}

#[test]
fn rook_on_p16() {
    let ini = "[corner:chess]\nmaxFile = 16\nmaxRank = 16\ncastling = false\nstartFen = 15r/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1\n";
    let vs = load_variants_ini(ini).unwrap();
    let pos = Position::start(&vs[0]);
    // White king a1: a2 and b2 are free, b1 too (the rook on p16 covers
    // neither file a nor rank 1).
    assert_eq!(perft(&pos, 1), 3);
    let black = Position::from_fen(
        &vs[0],
        "15r/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k b - - 0 1",
    )
    .unwrap();
    // Rook: 15 squares along rank 16 and 14 down file p (p1 holds its own
    // king); king p1: o1, o2, p2.
    assert_eq!(perft(&black, 1), 15 + 14 + 3);
}
