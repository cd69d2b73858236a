//! `Position::static_exchange` against an exchange played out with legal
//! moves: on random games in variants without a royal piece (where every
//! pseudo-legal capture is legal, so pins cannot tell the two apart), the
//! capture's target is taken again and again by the cheapest piece that
//! can, each side free to stop, and the result must be the same.

use sqlchess_fairy::{FairyMove, FairySquare, Position, Variant, VariantSet};
use sqlchess_types::XorShift64;

/// Chess, capablanca and xiangqi with the king made an ordinary piece, so
/// that the exchanges played out below need no check rules; xiangqi's
/// cannon hops and its horse is lame.
const NO_KINGS: &str = "
[chessnoking:chess]
king = -
commoner = k
castling = false

[capanoking:capablanca]
king = -
commoner = k
castling = false

[xqnoking:xiangqi]
king = -
commoner = k
";

/// Every value the exchange on `to` can have for the side to move, each
/// side taking with its cheapest piece or stopping: one value unless two
/// pieces of the same value could take next and the x-rays behind them
/// differ.
fn exchange_on(pos: &Position, to: FairySquare, values: &[i32]) -> Vec<i32> {
    let captures: Vec<FairyMove> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.to() == to && m.side_capture().is_none() && m.promotion().is_none())
        .collect();
    let value_of = |m: &FairyMove| values[pos.piece_at(m.from()).unwrap().0];
    let Some(cheapest) = captures.iter().map(value_of).min() else {
        return vec![0];
    };
    let victim = values[pos.piece_at(to).unwrap().0];
    let mut out = Vec::new();
    for mv in captures.iter().filter(|m| value_of(m) == cheapest) {
        for rest in exchange_on(&pos.play(*mv), to, values) {
            let v = (victim - rest).max(0);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// Compares every capture of random games in `v` that lands off the
/// promotion ranks; returns how many were compared.
fn check_variant(v: &Variant, games: usize, seed: u64) -> usize {
    let values = v.piece_values();
    let mut rng = XorShift64::new(seed);
    let mut compared = 0;
    for _ in 0..games {
        let mut pos = Position::start(v);
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                let to = mv.to();
                let Some((victim, _)) = pos.piece_at(to) else {
                    continue;
                };
                if mv.promotion().is_some() || to.rank() == 0 || to.rank() == v.height - 1 {
                    continue;
                }
                let possible: Vec<i32> = exchange_on(&pos.play(mv), to, &values)
                    .into_iter()
                    .map(|rest| values[victim] - rest)
                    .collect();
                let exchange = pos.static_exchange(mv);
                assert!(
                    exchange.is_some_and(|e| possible.contains(&e)),
                    "{}: {} in {}: {exchange:?}, played out {possible:?}",
                    v.name,
                    mv.to_uci(&pos),
                    pos.fen()
                );
                compared += 1;
            }
            pos = pos.play(moves[rng.below(moves.len())]);
        }
    }
    compared
}

#[test]
fn exchanges_agree_with_captures_played_out() {
    let set = VariantSet::from_ini(NO_KINGS).unwrap();
    for (i, name) in ["chessnoking", "capanoking", "xqnoking"]
        .into_iter()
        .enumerate()
    {
        let v = set.get(name).unwrap();
        let compared = check_variant(&v, 6, 0x0e8c_4a9e + i as u64);
        assert!(compared > 200, "{name}: only {compared} exchanges compared");
    }
}

#[test]
fn a_royal_piece_takes_last_and_never_into_an_attack() {
    let v = Variant::builtin("chess").unwrap();
    let values = v.piece_values();
    let pawn = values[v.pawn.unwrap()];
    let knight = values[v.piece_by_letter('n').unwrap()];
    // Nxe5 wins a pawn: Black's king cannot retake, the rook covers e5.
    let pos = Position::from_fen(&v, "8/8/3k4/4p3/8/5N2/8/4R1K1 w - - 0 1").unwrap();
    let take = pos.parse_uci("f3e5").unwrap();
    assert_eq!(pos.static_exchange(take), Some(pawn));
    // Without the rook, the king takes the knight back.
    let pos = Position::from_fen(&v, "8/8/3k4/4p3/8/5N2/8/6K1 w - - 0 1").unwrap();
    let take = pos.parse_uci("f3e5").unwrap();
    assert_eq!(pos.static_exchange(take), Some(pawn - knight));
}

#[test]
fn no_exchange_where_captures_escape_the_tables() {
    for name in ["atomic", "janggi"] {
        let v = Variant::builtin(name).unwrap();
        let pos = Position::start(&v);
        for mv in pos.legal_moves() {
            assert_eq!(pos.static_exchange(mv), None, "{name}");
        }
    }
}
