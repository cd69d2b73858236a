//! `Position::activity` against the generic piece walker
//! (`PieceDef::attacks`, independent of the bitboard tables) on random
//! games: the attacks on each king's surroundings, the threats and the
//! hanging pieces agree exactly, and the
//! mobility is at least the legal moves of the same pieces (pins and checks
//! only take moves away) to squares no enemy pawn attacks.

use std::collections::HashSet;

use sqlchess_fairy::{FairySquare, Position, Variant, PAWN_VALUE};
use sqlchess_types::XorShift64;

/// The walker's attacks of the piece of index `t` and colour `white` on
/// `sq` (Black's on a board mirrored rank for rank).
fn walked_attacks(pos: &Position, sq: FairySquare, t: usize, white: bool) -> Vec<FairySquare> {
    let v = pos.variant();
    let (w, h) = (v.width, v.height);
    let mut occupied = Vec::new();
    pos.for_each_piece(|s, _, _| occupied.push(s));
    let def = &v.pieces[t].def;
    if white {
        return def.attacks(sq, w, h, &occupied);
    }
    let mirror = |s: FairySquare| FairySquare::new(s.file(), h - 1 - s.rank()).unwrap();
    let occ: Vec<FairySquare> = occupied.iter().map(|&s| mirror(s)).collect();
    def.attacks(mirror(sq), w, h, &occ)
        .into_iter()
        .map(mirror)
        .collect()
}

fn check(pos: &Position) {
    let v = pos.variant();
    let a = pos.activity();
    let mut pieces = Vec::new();
    pos.for_each_piece(|sq, t, white| pieces.push((sq, t, white)));
    let royal = |white: bool| {
        pieces
            .iter()
            .find(|&&(_, t, c)| Some(t) == v.royal && c == white)
            .map(|&(sq, _, _)| sq)
    };
    let pawn = |white: bool| v.pawn_of(usize::from(!white));
    for (c, white) in [(0, true), (1, false)] {
        let zone: HashSet<FairySquare> = royal(!white)
            .map(|k| {
                let (kx, ky) = (i32::from(k.file()), i32::from(k.rank()));
                let mut z = HashSet::new();
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        let (x, y) = (kx + dx, ky + dy);
                        if (0..i32::from(v.width)).contains(&x)
                            && (0..i32::from(v.height)).contains(&y)
                        {
                            z.insert(FairySquare::new(x as u8, y as u8).unwrap());
                        }
                    }
                }
                z
            })
            .unwrap_or_default();
        let (mut attackers, mut attacks) = (0, 0);
        for &(sq, t, _) in pieces.iter().filter(|p| p.2 == white) {
            if Some(t) == v.royal || Some(t) == pawn(white) {
                continue;
            }
            let near = walked_attacks(pos, sq, t, white)
                .into_iter()
                .filter(|s| zone.contains(s))
                .count() as u32;
            if near > 0 {
                attackers += 1;
                attacks += near;
            }
        }
        assert_eq!(
            (a.king_attackers[c], a.king_attacks[c]),
            (attackers, attacks),
            "{} {} colour {c}",
            v.name,
            pos.fen()
        );
    }
    // Threats and hanging pieces from every piece's walked attacks:
    // royal pieces defend and attack, but only cheaper pieces threaten.
    let values = v.piece_values();
    let attacks: Vec<Vec<FairySquare>> = pieces
        .iter()
        .map(|&(sq, t, c)| walked_attacks(pos, sq, t, c))
        .collect();
    let attacked_by = |white: bool, target: FairySquare, cheaper_than: Option<i32>| {
        pieces.iter().zip(&attacks).any(|(&(_, t, c), hits)| {
            c == white
                && hits.contains(&target)
                && cheaper_than
                    .is_none_or(|limit| Some(t) != v.royal && values[t] <= limit - PAWN_VALUE / 2)
        })
    };
    for (c, white) in [(0, true), (1, false)] {
        let targets = pieces
            .iter()
            .filter(|&&(_, t, colour)| colour != white && Some(t) != v.royal);
        let threats = targets
            .clone()
            .filter(|&&(sq, t, _)| attacked_by(white, sq, Some(values[t])))
            .count() as u32;
        let hanging = targets
            .filter(|&&(sq, t, colour)| {
                Some(t) != pawn(colour)
                    && attacked_by(white, sq, None)
                    && !attacked_by(colour, sq, None)
            })
            .count() as u32;
        assert_eq!(
            (a.threats[c], a.hanging[c]),
            (threats, hanging),
            "threats and hanging: {} {} colour {c}",
            v.name,
            pos.fen()
        );
    }
    // The side to move's legal moves by the same pieces, to squares no
    // enemy pawn attacks, each (from, to) once.
    let white = pos.white_to_move();
    let mut pawn_attacked = HashSet::new();
    for &(sq, t, c) in &pieces {
        if c != white && Some(t) == pawn(c) {
            pawn_attacked.extend(walked_attacks(pos, sq, t, c));
        }
    }
    let legal: HashSet<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| !m.is_drop() && !m.is_castle() && m.side_capture().is_none())
        .filter(|m| {
            pos.piece_at(m.from())
                .is_some_and(|(t, _)| Some(t) != v.royal && Some(t) != pawn(white))
        })
        .filter(|m| !pawn_attacked.contains(&m.to()))
        .map(|m| (m.from(), m.to()))
        .collect();
    let mine = usize::from(!white);
    assert!(
        a.mobility[mine] as usize >= legal.len(),
        "{} {}: mobility {} < {} legal moves",
        v.name,
        pos.fen(),
        a.mobility[mine],
        legal.len()
    );
}

#[test]
fn activity_agrees_with_the_piece_walker() {
    // Variants whose pieces have no initial-only or confined moves, which
    // the walker would count and the evaluation leaves out.
    for name in [
        "chess",
        "capablanca",
        "grand",
        "shogi",
        "crazyhouse",
        "seirawan",
        "antichess",
    ] {
        let v = Variant::builtin(name).unwrap();
        let mut rng = XorShift64::new(0x5eed_ac71);
        for _ in 0..12 {
            let mut pos = Position::start(&v);
            for _ in 0..60 {
                check(&pos);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(moves[rng.below(moves.len())]);
            }
        }
    }
}

#[test]
fn a_queen_and_a_knight_attack_the_castled_king() {
    let v = Variant::builtin("chess").unwrap();
    let pos = Position::from_fen(&v, "6k1/5ppp/8/6NQ/8/8/8/6K1 b - - 0 1").unwrap();
    let a = pos.activity();
    // The knight hits f7 and h7, the queen h7 and f7 (through g6).
    assert_eq!((a.king_attackers, a.king_attacks), ([2, 0], [4, 0]));
}

#[test]
fn safe_checks_are_squares_a_piece_can_check_from_unpunished() {
    for (variant, fen, safe_checks) in [
        // The archbishop on c4 checks e8 from b5 (a bishop's line) and
        // d6 (a knight's leap); from f7 too, but the king guards f7.
        ("capablanca", "4k5/10/10/10/2A7/10/10/1K8 w - - 0 1", [2, 0]),
        // The rook checks from a8 along the last rank, until a bishop
        // guards a8.
        ("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", [1, 0]),
        ("chess", "4k3/8/8/8/8/8/6b1/R3K3 w - - 0 1", [0, 0]),
        // The queen on d1 checks from a4, h5 and e2; d7 and d8 are next
        // to the king.
        ("chess", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", [3, 0]),
        // A knight in hand checks from d6, f6, c7 and g7, wherever it is
        // dropped; a pawn in hand is left out, as pawns on the board are.
        ("crazyhouse", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", [4, 0]),
        ("crazyhouse", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", [0, 0]),
    ] {
        let v = Variant::builtin(variant).unwrap();
        let a = Position::from_fen(&v, fen).unwrap().activity();
        assert_eq!(a.safe_checks, safe_checks, "{variant} {fen}");
    }
}

#[test]
fn threats_hanging_pieces_and_passed_pawns() {
    let v = Variant::builtin("chess").unwrap();
    // White's knight on e5 forks the rook on d7 and the queen on f7, and
    // the a3 pawn attacks the bishop on b4: three threats by cheaper
    // pieces, none of them on an undefended piece. Black's d6 pawn
    // attacks the knight, which nothing defends: a threat and a hanging
    // piece.
    let pos = Position::from_fen(&v, "6k1/3r1q2/3p4/2p1N3/1b6/P7/8/6K1 w - - 0 1").unwrap();
    let a = pos.activity();
    assert_eq!(a.threats, [3, 1], "{a:?}");
    assert_eq!(a.hanging, [0, 1], "{a:?}");
    // No black pawn on the a or b file: a3 is passed, five ranks to go.
    // No white pawn on the b to e files: c5 and d6 are, four and five.
    assert_eq!(a.passed_pawns[0], [0, 0, 0, 0, 1, 0, 0, 0], "{a:?}");
    assert_eq!(a.passed_pawns[1], [0, 0, 0, 1, 1, 0, 0, 0], "{a:?}");
    // Facing pawns on neighbouring files stop each other; a pawn beside
    // an enemy pawn, not behind it, is passed.
    let facing = Position::from_fen(&v, "6k1/8/8/3p4/4P3/8/8/6K1 w - - 0 1").unwrap();
    assert_eq!(facing.activity().passed_pawns, [[0; 8]; 2]);
    let beside = Position::from_fen(&v, "6k1/8/8/3pP3/8/8/8/6K1 w - - 0 1").unwrap();
    assert_eq!(
        beside.activity().passed_pawns,
        [[0, 0, 1, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0, 0, 0]]
    );
}

#[test]
fn passed_pawns_count_the_ranks_to_the_promotion_zone() {
    // Grand chess promotes from the eighth rank of ten: White's e7 is one
    // rank from it, b8 in it (it may stay a pawn), and Black's e4 one rank
    // from Black's zone (the third rank).
    let v = Variant::builtin("grand").unwrap();
    let pos = Position::from_fen(&v, "k9/10/1P8/4P5/10/10/4p5/10/10/9K w - - 0 1").unwrap();
    let a = pos.activity();
    assert_eq!(a.passed_pawns[0], [2, 0, 0, 0, 0, 0, 0, 0], "{a:?}");
    assert_eq!(a.passed_pawns[1], [1, 0, 0, 0, 0, 0, 0, 0], "{a:?}");
    // Makruk promotes on the sixth rank: e5 and Black's d4 are one away.
    let v = Variant::builtin("makruk").unwrap();
    let pos = Position::from_fen(&v, "4k3/8/8/4P3/3p4/8/8/4K3 w - - 0 1").unwrap();
    let a = pos.activity();
    assert_eq!(a.passed_pawns, [[1, 0, 0, 0, 0, 0, 0, 0]; 2], "{a:?}");
}

#[test]
fn isolated_doubled_supported_and_side_by_side_pawns() {
    // White: a2 alone (isolated); c3 and c4 doubled, with d4 beside c4
    // and supported by c3 and e3, e3 supported by nothing; h2 isolated.
    // Black: f7, g7 and h7 side by side, g6 behind g7 (doubled) and
    // defended by f7 and h7. Then the same pawns on a 10-file board, with
    // the kingside pawns on the last files.
    // Seirawan's pawns are chess's: gating changes how its moves are
    // generated, not where its pawns go.
    for (variant, fen) in [
        ("chess", "6k1/5ppp/6p1/8/2PP4/2P1P3/P6P/6K1 w - - 0 1"),
        ("capablanca", "8k1/7ppp/8p1/10/2PP6/2P1P5/P8P/8K1 w - - 0 1"),
        (
            "seirawan",
            "6k1/5ppp/6p1/8/2PP4/2P1P3/P6P/6K1[HEhe] w - - 0 1",
        ),
    ] {
        let v = Variant::builtin(variant).unwrap();
        let a = Position::from_fen(&v, fen).unwrap().activity();
        assert_eq!(a.isolated_pawns, [2, 0], "{variant}: {a:?}");
        assert_eq!(a.doubled_pawns, [1, 1], "{variant}: {a:?}");
        // d4 by c3 and e3; black g6 by f7 and h7.
        assert_eq!(a.supported_pawns, [1, 1], "{variant}: {a:?}");
        // c4 and d4; f7, g7 and h7.
        assert_eq!(a.phalanx_pawns, [2, 3], "{variant}: {a:?}");
    }
}
