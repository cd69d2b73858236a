//! [`Game`] for standard chess and Chess960 on sqlchess-core's [`Position`].

use sqlchess_core::attacks::{attacks, line};
use sqlchess_core::{Bitboard, Move, Position, Role, Square};

use crate::eval::{self, EXCHANGE_VALUE};
use crate::game::{Game, RelativeOutcome};
use crate::tt::TableMove;

/// A chess move in 23 bits: its kind (2), then the squares (6 each) and,
/// for a normal move, the roles (3 each: the mover, the captured piece
/// and the promotion, the last two 0 for none).
impl TableMove for Move {
    fn to_bits(self) -> u64 {
        let square = |s: Square, shift: u32| (s.index() as u64) << shift;
        let role = |r: Option<Role>, shift: u32| r.map_or(0, |r| r.index() as u64 + 1) << shift;
        match self {
            Move::Normal {
                role: mover,
                from,
                capture,
                to,
                promotion,
            } => {
                square(from, 2)
                    | square(to, 8)
                    | role(Some(mover), 14)
                    | role(capture, 17)
                    | role(promotion, 20)
            }
            Move::EnPassant { from, to } => 1 | square(from, 2) | square(to, 8),
            Move::Castle { king, rook } => 2 | square(king, 2) | square(rook, 8),
        }
    }

    fn from_bits(bits: u64) -> Option<Move> {
        let square = |shift: u32| Square::try_new((bits >> shift) as u32 & 63);
        let role = |shift: u32| match (bits >> shift) as usize & 7 {
            0 => Ok(None),
            n => Role::ALL.get(n - 1).copied().map(Some).ok_or(()),
        };
        if bits >> 23 != 0 {
            return None;
        }
        match bits & 3 {
            0 => Some(Move::Normal {
                role: role(14).ok()??,
                from: square(2)?,
                capture: role(17).ok()?,
                to: square(8)?,
                promotion: role(20).ok()?,
            }),
            1 => Some(Move::EnPassant {
                from: square(2)?,
                to: square(8)?,
            }),
            2 => Some(Move::Castle {
                king: square(2)?,
                rook: square(8)?,
            }),
            _ => None,
        }
    }
}

impl Game for Position {
    type Move = Move;

    const SELECTIVE: bool = true;

    #[inline]
    fn moves(&self, out: &mut Vec<Move>) {
        out.extend_from_slice(&self.legal_moves());
    }

    #[inline]
    fn apply(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }

    #[inline]
    fn outcome(&self) -> Option<RelativeOutcome> {
        if self.halfmoves() >= 100 {
            // Mate on the hundredth half-move still counts as mate.
            if self.is_check() && !self.has_legal_moves() {
                return Some(RelativeOutcome::Loss);
            }
            return Some(RelativeOutcome::Draw);
        }
        if self.is_insufficient_material() {
            return Some(RelativeOutcome::Draw);
        }
        None
    }

    #[inline]
    fn outcome_without_moves(&self) -> RelativeOutcome {
        if self.is_check() {
            RelativeOutcome::Loss
        } else {
            RelativeOutcome::Draw
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.zobrist()
    }

    fn move_text(&self, mv: Move) -> String {
        self.uci(mv).to_string()
    }

    #[inline]
    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }

    #[inline]
    fn is_check(&self) -> bool {
        Position::is_check(self)
    }

    #[inline]
    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture() || mv.promotion().is_some()
    }

    #[inline]
    fn noisy_order(&self, mv: Move) -> i32 {
        let victim = mv.capture().map_or(0, |r| EXCHANGE_VALUE[r as usize]);
        let promo = mv.promotion().map_or(0, |r| EXCHANGE_VALUE[r as usize]);
        (victim + promo) * 8 - mv.role() as i32
    }

    #[inline]
    fn gain(&self, mv: Move) -> i32 {
        let victim = mv.capture().map_or(0, |r| EXCHANGE_VALUE[r as usize]);
        let promo = mv.promotion().map_or(0, |r| {
            EXCHANGE_VALUE[r as usize] - EXCHANGE_VALUE[Role::Pawn as usize]
        });
        victim + promo
    }

    #[inline]
    fn see(&self, mv: Move) -> i32 {
        see(self, mv)
    }

    #[inline]
    fn may_give_check(&self, mv: Move) -> bool {
        let Some(king) = self.board().king_of(!self.turn()) else {
            return true;
        };
        let (from, to) = (mv.from(), mv.to());
        // Castling and en passant move a second piece: always played out.
        let en_passant =
            mv.role() == Role::Pawn && mv.is_capture() && self.board().piece_at(to).is_none();
        if mv.is_castle() || en_passant {
            return true;
        }
        // A direct check from the destination, with the origin vacated.
        let mut occupied = self.board().occupied();
        occupied.discard(from);
        occupied.add(to);
        let role = mv.promotion().unwrap_or(mv.role());
        if attacks(role, self.turn(), to, occupied).contains(king) {
            return true;
        }
        // A discovered check needs the origin on a line through the king
        // that the piece leaves.
        let through = line(king, from);
        through.any() && !through.contains(to)
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        (self.turn() as usize) << 12 | (mv.from() as usize) << 6 | mv.to() as usize
    }

    fn piece_to_slots(&self) -> usize {
        2 * 6 * 64
    }

    #[inline]
    fn piece_to_index(&self, mv: Move) -> usize {
        ((self.turn() as usize) * 6 + mv.role() as usize) << 6 | mv.to() as usize
    }

    #[inline]
    fn reversible_plies(&self) -> u32 {
        self.halfmoves()
    }

    fn null_move(&self) -> Option<Position> {
        let b = self.board();
        // Only with a piece besides pawns: pawn endings are full of zugzwang.
        if (b.by_color(self.turn()) & !(b.pawns() | b.kings())).is_empty() {
            return None;
        }
        self.pass()
    }

    fn pass(&self) -> Option<Position> {
        Position::pass(self)
    }
}

/// Piece values for exchanges: pawn … queen, and a king worth more than
/// everything so that it never captures into a defended square.
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Static exchange evaluation by the swap algorithm (chessprogramming wiki,
/// "SEE - The Swap Algorithm"): both sides recapture on the target square
/// with their least valuable attacker, sliders behind others join in, and
/// either side may stop when continuing loses. Pins are ignored.
/// En passant and castling count as even.
pub(crate) fn see(pos: &Position, mv: Move) -> i32 {
    let Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    } = mv
    else {
        return 0;
    };
    let b = pos.board();
    let mut gain = [0i32; 34];
    let mut d = 0;
    gain[0] = capture.map_or(0, |r| SEE_VALUE[r as usize]);
    let mut on_square = SEE_VALUE[promotion.unwrap_or(role) as usize];
    if let Some(p) = promotion {
        gain[0] += SEE_VALUE[p as usize] - SEE_VALUE[Role::Pawn as usize];
    }
    let mut occ = b.occupied() ^ Bitboard::from_square(from);
    let mut side = !pos.turn();
    loop {
        d += 1;
        gain[d] = on_square - gain[d - 1];
        if (-gain[d - 1]).max(gain[d]) < 0 || d >= 32 {
            break;
        }
        let attackers = b.attackers_to(to, side, occ) & occ;
        if attackers.is_empty() {
            break;
        }
        let Some((next_role, sq)) = Role::ALL
            .iter()
            .find_map(|&r| (attackers & b.by_role(r)).first().map(|sq| (r, sq)))
        else {
            break;
        };
        occ ^= Bitboard::from_square(sq);
        on_square = SEE_VALUE[next_role as usize];
        side = !side;
    }
    while d > 1 {
        d -= 1;
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, uci: &str) -> i32 {
        let pos = Position::from_fen(fen).unwrap();
        see(&pos, pos.parse_uci(uci).unwrap())
    }

    /// Every kind of move (promotions with and without a capture, en
    /// passant, castling both ways) comes back from the table's word.
    #[test]
    fn moves_round_trip_through_table_words() {
        for fen in [
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            for mv in pos.legal_moves() {
                assert_eq!(Move::from_bits(mv.to_bits()), Some(mv), "{fen}");
            }
        }
        assert_eq!(Move::from_bits(3), None);
        assert_eq!(Move::from_bits(1 << 23), None);
    }

    #[test]
    fn static_exchange() {
        // An undefended pawn.
        assert_eq!(see_of("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), 100);
        // A pawn defended by a pawn: the rook is lost for it.
        assert_eq!(see_of("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), -400);
        // Doubled rooks against one defender: pawn and rook for a rook.
        assert_eq!(see_of("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
        // The chessprogramming wiki's example: Rxe5 wins a pawn.
        assert_eq!(
            see_of("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"),
            100
        );
        // And its x-ray example: Nxe5 loses the knight for a pawn.
        assert_eq!(
            see_of(
                "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
                "d3e5"
            ),
            -220
        );
    }
}
