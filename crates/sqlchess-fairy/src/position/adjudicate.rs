//! The game ends a player may claim, or that a game's history decides:
//! Fairy-Stockfish's n-move rule and n-fold repetition with its variant
//! values (`nMoveRule`, `nFoldRule`, `nFoldValue`, `nFoldValueAbsolute`,
//! `perpetualCheckIllegal`), janggi's rule against moving back and
//! forth (`moveRepetitionIllegal`) and makruk-style counting
//! (`countingRule`).

use super::Position;
use crate::FairySquare;
use sqlchess_types::RelativeOutcome;

impl Position {
    /// The result for the side to move of the last position of `history`
    /// when the variant's n-move rule or n-fold repetition rule ends the
    /// game there (Fairy-Stockfish's optional game end), else `None`.
    ///
    /// `history` holds the game's positions in order, the current one last
    /// (an empty history has no result). The n-move rule draws once the
    /// half-move clock reaches twice [`Variant::n_move_rule`](crate::Variant::n_move_rule),
    /// unless the side to move is checkmated. A repetition counts positions
    /// two, four, … plies back since the last irreversible move (since the
    /// start of the history with drops); at the [`Variant::n_fold_rule`](crate::Variant::n_fold_rule)th
    /// occurrence the game ends with [`Variant::n_fold_value`](crate::Variant::n_fold_value), or, with
    /// [`Variant::perpetual_check_illegal`](crate::Variant::perpetual_check_illegal), a loss for the side that gave
    /// check at every one of its moves in the cycle (a draw if both did).
    /// With [`Variant::move_repetition_illegal`](crate::Variant::move_repetition_illegal), the side that just
    /// moved one piece back and forth four times in a row loses. Moves are
    /// read from consecutive positions of the history.
    ///
    /// ```
    /// use sqlchess_fairy::{Position, RelativeOutcome, Variant};
    /// let v = Variant::builtin("capablanca").unwrap();
    /// let mut history = vec![Position::start(&v)];
    /// for uci in ["b1c3", "b8c6", "c3b1", "c6b8"].iter().cycle().take(8) {
    ///     let pos = history.last().unwrap();
    ///     let mv = pos.parse_uci(uci).unwrap();
    ///     history.push(pos.play(mv));
    /// }
    /// assert_eq!(Position::optional_game_end(&history), Some(RelativeOutcome::Draw));
    /// assert_eq!(Position::optional_game_end(&history[..8]), None);
    /// ```
    pub fn optional_game_end(history: &[Position]) -> Option<RelativeOutcome> {
        let cur = history.last()?;
        Self::optional_end(history, cur).map(|o| cur.counted(o))
    }

    fn optional_end(history: &[Position], cur: &Position) -> Option<RelativeOutcome> {
        Self::rule_end(history, cur)
            .or_else(|| cur.count_run_out())
            .or_else(|| cur.promotion_stalemate())
    }

    /// The draw of a makruk-style count that has run out (more plies
    /// counted than allowed), unless the side to move is mated.
    fn count_run_out(&self) -> Option<RelativeOutcome> {
        let (limit, ply) = self.counting()?;
        (ply > limit && (!self.is_check() || self.count_legal() > 0))
            .then_some(RelativeOutcome::Draw)
    }

    /// Sittuyin's draw when the side to move, out of check, has only its
    /// king and one pawn and could only promote it (as Fairy-Stockfish
    /// offers it: a promotion there is a choice, not a duty).
    fn promotion_stalemate(&self) -> Option<RelativeOutcome> {
        let v = self.variant();
        if !v.sittuyin_promotion || self.is_check() {
            return None;
        }
        let white = self.white_to_move();
        let ours: Vec<usize> = (0..v.height)
            .flat_map(|rank| (0..v.width).filter_map(move |file| FairySquare::new(file, rank)))
            .filter_map(|sq| self.piece_at(sq))
            .filter(|&(_, w)| w == white)
            .map(|(t, _)| t)
            .collect();
        let pawn = v.pawn_of(usize::from(!white));
        let one_pawn = ours.len() == 2 && ours.iter().filter(|&&t| Some(t) == pawn).count() == 1;
        (one_pawn && self.legal_moves().iter().all(|m| m.promotion().is_some()))
            .then_some(RelativeOutcome::Draw)
    }

    /// The n-move rule and repetitions.
    fn rule_end(history: &[Position], cur: &Position) -> Option<RelativeOutcome> {
        let v = cur.variant();
        let n = u32::from(v.n_move_rule);
        if n > 0 && cur.halfmoves() >= 2 * n && (!cur.is_check() || cur.count_legal() > 0) {
            return Some(RelativeOutcome::Draw);
        }
        if v.n_fold_rule == 0 {
            return None;
        }
        let last = history.len() - 1;
        let end = if v.captures_to_hand {
            last
        } else {
            last.min(cur.halfmoves() as usize)
        };
        if end < 4 {
            return None;
        }
        let key = cur.zobrist();
        let check = |i: usize| history[last - i].is_check();
        let mut them = check(0) && check(2);
        let mut us = check(1) && check(3);
        let mut count = 0u32;
        let mut shuttle = if v.move_repetition_illegal {
            Shuttle::start(history)
        } else {
            Shuttle::Broken
        };
        for i in (4..=end).step_by(2) {
            if shuttle.step(history, i, end) {
                return Some(RelativeOutcome::Win);
            }
            them &= check(i);
            if history[last - i].zobrist() == key {
                count += 1;
                if count + 1 == u32::from(v.n_fold_rule) {
                    return Some(if v.perpetual_check_illegal && (them || us) {
                        match (them, us) {
                            (true, false) => RelativeOutcome::Win,
                            (false, true) => RelativeOutcome::Loss,
                            _ => RelativeOutcome::Draw,
                        }
                    } else if v.n_fold_value_absolute && !cur.white_to_move() {
                        v.n_fold_value.flip()
                    } else {
                        v.n_fold_value
                    });
                }
            }
            if i < end {
                us &= check(i + 1);
            }
        }
        None
    }
}

/// A move read from the positions before and after it (the history holds
/// positions, not moves).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Nothing moved.
    Pass,
    /// One piece from one square to another, taking what stood there.
    Normal {
        from: FairySquare,
        to: FairySquare,
        capture: bool,
    },
    /// A drop, a promotion, castling or anything else.
    Other,
}

impl Step {
    /// The move that led from `before` to `after`.
    fn between(before: &Position, after: &Position) -> Step {
        let v = before.variant();
        let mover = before.white_to_move();
        let (mut from, mut to, mut capture) = (None, None, false);
        for rank in 0..v.height {
            for file in 0..v.width {
                let Some(sq) = FairySquare::new(file, rank) else {
                    continue;
                };
                let (b, a) = (before.piece_at(sq), after.piece_at(sq));
                if b == a {
                    continue;
                }
                match (b, a) {
                    (Some((_, w)), None) if w == mover && from.is_none() => from = Some(sq),
                    (_, Some((_, w))) if w == mover && to.is_none() => {
                        to = Some(sq);
                        capture = b.is_some();
                    }
                    _ => return Step::Other,
                }
            }
        }
        match (from, to) {
            (None, None) => Step::Pass,
            (Some(f), Some(t)) if before.piece_at(f) == after.piece_at(t) => Step::Normal {
                from: f,
                to: t,
                capture,
            },
            _ => Step::Other,
        }
    }

    /// The same piece's way back: its destination and departure swapped.
    fn reversed(self) -> Step {
        match self {
            Step::Normal { from, to, .. } => Step::Normal {
                from: to,
                to: from,
                capture: false,
            },
            other => other,
        }
    }

    /// The same squares (whatever was taken).
    fn same_squares(self, other: Step) -> bool {
        match (self, other) {
            (Step::Normal { from, to, .. }, Step::Normal { from: f, to: t, .. }) => {
                from == f && to == t
            }
            _ => false,
        }
    }
}

/// Janggi's rule against moving back and forth
/// ([`crate::Variant::move_repetition_illegal`]), followed back through the
/// history two plies at a time beside the repetition count, as
/// Fairy-Stockfish follows it. The side that just moved loses when its
/// last move and three before it went back and forth between the same two
/// squares (a pass among them is skipped over), none of them made in
/// check, and the piece had come to the first square by a move that took
/// nothing; a piece that never leaves its own palace (a king, an advisor)
/// may shuttle freely.
#[derive(Clone, Copy)]
enum Shuttle {
    /// Ruled out.
    Broken,
    /// Back-and-forth moves found so far (1: the mover's move before last
    /// was a pass), the move last compared against, or that of the mover
    /// two moves ago.
    Found(u8, Step),
}

impl Shuttle {
    /// The rule's state at the end of `history` (at least five positions).
    fn start(history: &[Position]) -> Shuttle {
        let last = history.len() - 1;
        let cur = &history[last];
        let step = |k: usize| Step::between(&history[last - k], &history[last - k + 1]);
        let m1 = step(1);
        let Step::Normal { to, .. } = m1 else {
            return Shuttle::Broken;
        };
        if history[last - 1].is_check() || history[last - 3].is_check() {
            return Shuttle::Broken;
        }
        // The moving piece may reach the palace of the side to move.
        let Some((t, white)) = cur.piece_at(to) else {
            return Shuttle::Broken;
        };
        let (mover, them) = (usize::from(!white), usize::from(white));
        let reaches_palace = cur
            .variant()
            .royal
            .is_some_and(|k| cur.regions_meet((t, mover), (k, them)));
        if !reaches_palace {
            return Shuttle::Broken;
        }
        let m3 = step(3);
        if m3.same_squares(m1.reversed()) {
            Shuttle::Found(2, m3)
        } else if m3 == Step::Pass {
            Shuttle::Found(1, m1)
        } else {
            Shuttle::Broken
        }
    }

    /// Looks `i` plies back (within `end`, the plies since the last
    /// irreversible move); true when the side that just moved has lost.
    fn step(&mut self, history: &[Position], i: usize, end: usize) -> bool {
        let Shuttle::Found(found, against) = *self else {
            return false;
        };
        let last = history.len() - 1;
        // The move that led into the position `i` plies back, if the
        // history reaches that far.
        let before = (i < last).then(|| Step::between(&history[last - i - 1], &history[last - i]));
        if i < end && history[last - i - 1].is_check() {
            *self = Shuttle::Broken;
            return false;
        }
        let Some(before) = before else {
            *self = Shuttle::Broken;
            return false;
        };
        if found < 4 {
            *self = if before.same_squares(against.reversed()) {
                Shuttle::Found(found + 1, before)
            } else {
                Shuttle::Broken
            };
            return false;
        }
        // Four found: the piece came to its first square by a move that
        // took nothing.
        let Step::Normal { from, .. } = against else {
            return false;
        };
        *self = Shuttle::Broken;
        matches!(before, Step::Normal { to, capture: false, .. } if to == from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn play(history: &mut Vec<Position>, moves: &[&str]) {
        for uci in moves {
            let pos = history.last().unwrap();
            let mv = pos.parse_uci(uci).unwrap();
            history.push(pos.play(mv));
        }
    }

    /// Sittuyin: a king that cannot move and a blocked pawn that could
    /// only promote may claim a draw; with a knight besides, not (pyffish
    /// 0.0.90's `is_optional_game_end`: true and false).
    #[test]
    fn sittuyin_promotion_stalemate() {
        let v = Variant::builtin("sittuyin").unwrap();
        let only_promotions =
            Position::from_fen(&v, "1r2k3/8/8/2p5/2P5/2n5/8/K7[] w - - 0 1").unwrap();
        assert!(only_promotions
            .legal_moves()
            .iter()
            .all(|m| m.promotion().is_some()));
        assert_eq!(
            Position::optional_game_end(&[only_promotions]),
            Some(RelativeOutcome::Draw)
        );
        let with_knight =
            Position::from_fen(&v, "1r2k3/8/8/2p5/2P5/2n5/8/K6N[] w - - 0 1").unwrap();
        assert_eq!(Position::optional_game_end(&[with_knight]), None);
    }

    #[test]
    fn n_move_rule() {
        let v = Variant::builtin("capablanca").unwrap();
        let pos = Position::from_fen(&v, "4k5/10/10/10/10/10/10/4K4R w - - 99 80").unwrap();
        assert_eq!(
            Position::optional_game_end(std::slice::from_ref(&pos)),
            None
        );
        let pos = pos.with_clocks(100, 80);
        assert_eq!(
            Position::optional_game_end(&[pos]),
            Some(RelativeOutcome::Draw)
        );
        let mut mk = Variant::builtin("makruk").unwrap();
        let pos = Position::from_fen(&mk, "4k3/8/8/8/8/8/8/R3K3 w - - 120 80").unwrap();
        assert_eq!(Position::optional_game_end(&[pos]), None);
        mk.n_move_rule = 60;
        let pos = Position::from_fen(&mk, "4k3/8/8/8/8/8/8/R3K3 w - - 120 80").unwrap();
        assert_eq!(
            Position::optional_game_end(&[pos]),
            Some(RelativeOutcome::Draw)
        );
    }

    #[test]
    fn draw_odds() {
        // Armageddon: pyffish 0.0.90 gives Black the n-move rule, the
        // repetition and the stalemate.
        let v = Variant::builtin("armageddon").unwrap();
        let fen = "4k3/8/8/8/8/8/8/4K3 w - - 120 80";
        let pos = Position::from_fen(&v, fen).unwrap();
        assert_eq!(
            Position::optional_game_end(&[pos]),
            Some(RelativeOutcome::Loss)
        );
        let pos = Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K3 b - - 120 80").unwrap();
        assert_eq!(
            Position::optional_game_end(&[pos]),
            Some(RelativeOutcome::Win)
        );
        let mut h = vec![Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap()];
        play(
            &mut h,
            &[
                "e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1", "e7e8",
            ],
        );
        assert_eq!(Position::optional_game_end(&h), Some(RelativeOutcome::Loss));
        let pos = Position::from_fen(&v, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(
            pos.status(),
            sqlchess_types::GameStatus::Stalemate {
                outcome: sqlchess_types::Outcome::Decisive {
                    winner: sqlchess_types::Color::Black
                }
            }
        );
    }

    #[test]
    fn perpetual_check_loses() {
        // Xiangqi: Black's chariot checks at each of its moves, White's
        // general steps aside; the third occurrence is a win for White.
        let v = Variant::builtin("xiangqi").unwrap();
        let start = "3k5/9/9/9/9/9/9/9/9/r3K4 w - - 0 1";
        let mut h = vec![Position::from_fen(&v, start).unwrap()];
        let cycle = ["e1e2", "a1a2", "e2e1", "a2a1"];
        play(&mut h, &cycle);
        assert_eq!(Position::optional_game_end(&h), None);
        play(&mut h, &cycle);
        assert_eq!(Position::optional_game_end(&h), Some(RelativeOutcome::Win));
        // Without the rule, the repetition is a draw.
        let mut plain = v.clone();
        plain.perpetual_check_illegal = false;
        let mut h = vec![Position::from_fen(&plain, start).unwrap()];
        play(&mut h, &cycle);
        play(&mut h, &cycle);
        assert_eq!(Position::optional_game_end(&h), Some(RelativeOutcome::Draw));
    }
}
