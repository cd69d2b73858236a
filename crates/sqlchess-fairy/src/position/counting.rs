//! Makruk-style counting ([`crate::Variant::counting`]): when a count
//! starts, how long it runs, as Fairy-Stockfish counts. The draw it gives
//! is an optional game end (`adjudicate.rs`).

use super::rules::Rules;
use super::State;
use crate::bitboard::Bits;
use crate::variant::CountingRule;

impl<B: Bits> State<B> {
    /// Pieces of colour `c` on the board, its king included.
    fn pieces_of(&self, c: usize) -> u32 {
        self.by_color[c].count()
    }

    /// Pieces of the counting type `k` (0 rook, 1 khon, 2 knight) of colour
    /// `c`.
    fn counting_pieces(&self, r: &Rules<B>, k: usize, c: usize) -> u32 {
        r.counting_types[k].map_or(0, |t| (self.by_type[t] & self.by_color[c]).count())
    }

    /// Pawns of either colour on the board.
    fn pawns(&self, r: &Rules<B>) -> u32 {
        let mut pawns = B::EMPTY;
        for c in 0..2 {
            if let Some(p) = r.v.pawn_of(c) {
                pawns |= self.by_type[p];
            }
        }
        pawns.count()
    }

    /// The moves colour `c`, the side counted, may last (0: no count).
    fn count_limit(&self, r: &Rules<B>, rule: CountingRule, c: usize) -> u16 {
        // Called after every move while no count runs: pawns on the board,
        // the common case, rule a count out first.
        let pawns = self.pawns(r);
        if pawns > 0 && rule != CountingRule::Cambodian {
            return 0;
        }
        let (ours, theirs) = (self.pieces_of(c), self.pieces_of(c ^ 1));
        let [rooks, khons, knights] = [0, 1, 2].map(|k| self.counting_pieces(r, k, c ^ 1));
        // Makruk's pieces' honour against a lone king, by the opponent's
        // strongest pieces (Cambodian chess counts one move less).
        let pieces_honour = if rooks > 1 {
            8
        } else if rooks == 1 {
            16
        } else if khons > 1 {
            22
        } else if knights > 1 {
            32
        } else if khons == 1 {
            44
        } else {
            64
        };
        match rule {
            CountingRule::Makruk => match (theirs, ours) {
                (1, _) => 0,
                // The board's honour.
                (_, 2..) => 64,
                _ => pieces_honour,
            },
            CountingRule::Cambodian => {
                if ours > 3 || theirs == 1 {
                    0
                } else if ours > 1 {
                    63
                } else if pawns > 0 {
                    0
                } else {
                    pieces_honour - 1
                }
            }
            CountingRule::Asean => {
                if ours > 1 {
                    0
                } else if rooks > 0 {
                    16
                } else if khons > 0 {
                    44
                } else if knights > 0 {
                    64
                } else {
                    0
                }
            }
        }
    }

    /// Starts a count after a move (the side to move already switched):
    /// `taken` is the type the move took, if any, `promoted` whether it
    /// promoted. A count starts for the side left with its king alone by a
    /// capture or promotion, or once one is due where none runs; a lone
    /// king that takes the last pawn (not in ASEAN counting) starts its
    /// own, from the pieces left.
    pub(crate) fn count(
        &mut self,
        r: &Rules<B>,
        rule: CountingRule,
        taken: Option<usize>,
        promoted: bool,
    ) {
        let (to_move, mover) = (self.side, self.side ^ 1);
        let all = self.pieces_of(0) + self.pieces_of(1);
        let plies = |n: u32| u16::try_from(n).unwrap_or(u16::MAX);
        let pawn_taken = taken.is_some() && taken == r.v.pawn_of(to_move);
        if rule != CountingRule::Asean
            && pawn_taken
            && self.pieces_of(mover) == 1
            && self.pawns(r) == 0
        {
            let limit = self.count_limit(r, rule, mover);
            if limit > 0 {
                self.counting_limit = 2 * limit;
                self.counting_ply = plies(2 * all - 1);
            }
        }
        let lone = self.pieces_of(to_move) == 1;
        if self.counting_limit == 0 || ((taken.is_some() || promoted) && lone) {
            let limit = self.count_limit(r, rule, to_move);
            if limit > 0 {
                self.counting_limit = 2 * limit;
                self.counting_ply = if rule == CountingRule::Asean || !lone {
                    0
                } else {
                    plies(2 * all)
                };
            }
        }
    }
}
