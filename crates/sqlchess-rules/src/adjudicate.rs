//! The game ends a game's history decides: the n-move rule and n-fold
//! repetition, with each variant's values (Fairy-Stockfish's optional game
//! end).

use sqlchess_types::{Outcome, RelativeOutcome};

use crate::Position;

impl Position {
    /// The result when the variant's n-move rule or n-fold repetition rule
    /// ends the game at the last position of `history` (the game's
    /// positions in order, the current one last), else `None`.
    ///
    /// Chess: fifty moves without a capture or pawn move (unless the side
    /// to move is checkmated) or the third occurrence of a position since
    /// the last irreversible move draw. Other variants use their own rules
    /// ([`sqlchess_fairy::Position::optional_game_end`]): shogi's fourth
    /// occurrence, perpetual check losing in xiangqi, and so on. Positions
    /// of another variant in `history` are ignored.
    ///
    /// ```
    /// use sqlchess_rules::{Outcome, Position, Variant};
    /// let mut history = vec![Position::start(&Variant::chess())];
    /// for uci in ["g1f3", "g8f6", "f3g1", "f6g8"].iter().cycle().take(8) {
    ///     let next = history.last().unwrap().play_text(uci).unwrap();
    ///     history.push(next);
    /// }
    /// assert_eq!(Position::optional_game_end(&history), Some(Outcome::Draw));
    /// assert_eq!(Position::optional_game_end(&history[..8]), None);
    /// ```
    pub fn optional_game_end(history: &[Position]) -> Option<Outcome> {
        let cur = history.last()?;
        let relative = match cur.as_fairy() {
            Some(_) => {
                let fairy: Vec<sqlchess_fairy::Position> = history
                    .iter()
                    .filter(|p| p.variant_name() == cur.variant_name())
                    .filter_map(|p| p.as_fairy().cloned())
                    .collect();
                sqlchess_fairy::Position::optional_game_end(&fairy)?
            }
            None => chess_end(history, cur)?,
        };
        Some(Outcome::from_relative(relative, cur.turn()))
    }
}

/// Chess's fifty-move rule and threefold repetition.
fn chess_end(history: &[Position], cur: &Position) -> Option<RelativeOutcome> {
    if cur.halfmoves() >= 100 && (!cur.is_check() || cur.count_legal() > 0) {
        return Some(RelativeOutcome::Draw);
    }
    let last = history.len() - 1;
    let end = last.min(cur.halfmoves() as usize);
    let key = cur.zobrist();
    let earlier = (4..=end)
        .step_by(2)
        .filter(|&i| history[last - i].zobrist() == key)
        .count();
    (earlier >= 2).then_some(RelativeOutcome::Draw)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn xiangqi_perpetual_check_loses() {
        let v = Variant::builtin("xiangqi").unwrap();
        let mut h = vec![Position::from_fen(&v, "3k5/9/9/9/9/9/9/9/9/r3K4 w - - 0 1").unwrap()];
        for uci in ["e1e2", "a1a2", "e2e1", "a2a1"].iter().cycle().take(8) {
            let next = h.last().unwrap().play_text(uci).unwrap();
            h.push(next);
        }
        // White to move; Black checked at every move of the cycle.
        assert_eq!(
            Position::optional_game_end(&h),
            Some(Outcome::Decisive {
                winner: sqlchess_types::Color::White
            })
        );
    }

    #[test]
    fn fifty_moves() {
        let pos =
            Position::from_fen(&Variant::chess(), "8/8/4k3/8/8/4K3/8/7R w - - 100 80").unwrap();
        assert_eq!(Position::optional_game_end(&[pos]), Some(Outcome::Draw));
        assert_eq!(Position::optional_game_end(&[]), None);
    }
}
