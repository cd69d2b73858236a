//! The game ends a player may claim, or that a game's history decides:
//! Fairy-Stockfish's n-move rule and n-fold repetition with its variant
//! values (`nMoveRule`, `nFoldRule`, `nFoldValue`, `nFoldValueAbsolute`,
//! `perpetualCheckIllegal`).

use super::Position;
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
        for i in (4..=end).step_by(2) {
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
