//! [`Game`] for standard chess and Chess960 on sqlchess-core's [`Position`].

use sqlchess_core::{Color, Move, Position, Role};

use crate::eval::{self, MG_VALUE};
use crate::game::{Game, Outcome};

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
    fn outcome(&self) -> Option<Outcome> {
        if self.halfmoves() >= 100 {
            // Mate on the hundredth half-move still counts as mate.
            if self.is_check() && !self.has_legal_moves() {
                return Some(Outcome::Loss);
            }
            return Some(Outcome::Draw);
        }
        if self.is_insufficient_material() {
            return Some(Outcome::Draw);
        }
        None
    }

    #[inline]
    fn outcome_without_moves(&self) -> Outcome {
        if self.is_check() {
            Outcome::Loss
        } else {
            Outcome::Draw
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
        let victim = mv.capture().map_or(0, |r| MG_VALUE[r as usize]);
        let promo = mv.promotion().map_or(0, |r| MG_VALUE[r as usize]);
        (victim + promo) * 8 - mv.role() as i32
    }

    #[inline]
    fn gain(&self, mv: Move) -> i32 {
        let victim = mv.capture().map_or(0, |r| MG_VALUE[r as usize]);
        let promo = mv
            .promotion()
            .map_or(0, |r| MG_VALUE[r as usize] - MG_VALUE[Role::Pawn as usize]);
        victim + promo
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        (self.turn() as usize) << 12 | (mv.from() as usize) << 6 | mv.to() as usize
    }

    #[inline]
    fn reversible_plies(&self) -> u32 {
        self.halfmoves()
    }

    fn null_move(&self) -> Option<Position> {
        if Position::is_check(self) {
            return None;
        }
        let us = self.turn();
        let b = self.board();
        // Only with a piece besides pawns: pawn endings are full of zugzwang.
        if (b.by_color(us) & !(b.pawns() | b.kings())).is_empty() {
            return None;
        }
        let mut setup = self.to_setup();
        setup.turn = !us;
        setup.ep_square = None;
        if us == Color::Black {
            setup.fullmoves += 1;
        }
        Position::from_setup(setup, self.castling_mode()).ok()
    }
}
