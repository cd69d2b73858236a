//! Legal move generation for standard chess and Chess960.
//!
//! Moves are produced in batches (one piece, many targets; or all pawns
//! pushed one way) through a [`MoveSink`], so that counting at the leaves of
//! perft is a popcount and building a list is a loop.

use arrayvec::ArrayVec;
use sqlchess_types::{attacks, Bitboard, CastlingSide, Color, File, Move, Rank, Role, Square};

use crate::Position;

/// A list of moves without heap allocation; no position has more than 218 legal moves.
pub type MoveList = ArrayVec<Move, 256>;

/// Receives generated moves.
pub(crate) trait MoveSink {
    /// The sink is called between other work (a reader checking one move at
    /// a time), where the large rook table is out of cache: rooks and
    /// queens are then looked up in the small tables.
    const BETWEEN_OTHER_WORK: bool = false;

    /// `role` from `from` to every square of `targets` (never a pawn).
    fn piece(&mut self, pos: &Position, role: Role, from: Square, targets: Bitboard);
    /// Pawns moving to `targets`, each from `to - offset`; targets on the
    /// last rank are promotions.
    fn pawns(&mut self, pos: &Position, targets: Bitboard, offset: i32);
    /// En passant and castling.
    fn special(&mut self, mv: Move);
    /// Whether the sink needs no more moves, asked after each kind of
    /// piece, given the pinned pieces that can still move (they come after
    /// every unpinned piece). A sink that says yes sees no more moves.
    #[inline]
    fn finished(&mut self, _pos: &Position, _pinned: Bitboard) -> bool {
        false
    }
}

/// Builds a [`MoveList`].
pub(crate) struct ListSink<'a>(pub &'a mut MoveList);

impl MoveSink for ListSink<'_> {
    #[inline]
    fn piece(&mut self, pos: &Position, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            self.0.push(Move::Normal {
                role,
                from,
                capture: pos.board.role_at(to),
                to,
                promotion: None,
            });
        }
    }

    #[inline]
    fn pawns(&mut self, pos: &Position, targets: Bitboard, offset: i32) {
        for to in targets {
            let from = Square::new((to as i32 - offset) as u32);
            let capture = pos.board.role_at(to);
            if Bitboard::BACKRANKS.contains(to) {
                for promo in Role::PROMOTIONS {
                    self.0.push(Move::Normal {
                        role: Role::Pawn,
                        from,
                        capture,
                        to,
                        promotion: Some(promo),
                    });
                }
            } else {
                self.0.push(Move::Normal {
                    role: Role::Pawn,
                    from,
                    capture,
                    to,
                    promotion: None,
                });
            }
        }
    }

    #[inline]
    fn special(&mut self, mv: Move) {
        self.0.push(mv);
    }
}

/// Writes each move's UCI code ([`Position::legal_uci_codes`]): no
/// captured piece looked up, no [`Move`] built.
struct UciCodeSink<'a> {
    out: &'a mut Vec<u16>,
    chess960: bool,
}

impl MoveSink for UciCodeSink<'_> {
    #[inline]
    fn piece(&mut self, _: &Position, _: Role, from: Square, targets: Bitboard) {
        let from = from as u16;
        self.out
            .extend(targets.into_iter().map(|to| from + 64 * to as u16));
    }

    #[inline]
    fn pawns(&mut self, _: &Position, targets: Bitboard, offset: i32) {
        for to in targets {
            let from = (to as i32 - offset) as u16;
            let code = from + 64 * to as u16;
            if Bitboard::BACKRANKS.contains(to) {
                // In ListSink's order.
                for promo in Role::PROMOTIONS {
                    self.out.push(code + 4096 * promo as u16);
                }
            } else {
                self.out.push(code);
            }
        }
    }

    #[inline]
    fn special(&mut self, mv: Move) {
        self.out
            .push(mv.from() as u16 + 64 * mv.uci_to(self.chess960) as u16);
    }
}

/// Counts moves without making them.
pub(crate) struct CountSink(pub u64);

impl MoveSink for CountSink {
    #[inline]
    fn piece(&mut self, _: &Position, _: Role, _: Square, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }

    #[inline]
    fn pawns(&mut self, _: &Position, targets: Bitboard, _: i32) {
        self.0 += (targets - Bitboard::BACKRANKS).count() as u64
            + 4 * (targets & Bitboard::BACKRANKS).count() as u64;
    }

    #[inline]
    fn special(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// Stops at the first move.
pub(crate) struct AnySink(pub bool);

impl MoveSink for AnySink {
    #[inline]
    fn piece(&mut self, _: &Position, _: Role, _: Square, targets: Bitboard) {
        self.0 |= targets.any();
    }
    #[inline]
    fn pawns(&mut self, _: &Position, targets: Bitboard, _: i32) {
        self.0 |= targets.any();
    }
    #[inline]
    fn special(&mut self, _: Move) {
        self.0 = true;
    }
}

#[inline]
fn shift(bb: Bitboard, offset: i32) -> Bitboard {
    if offset >= 0 {
        Bitboard(bb.0 << offset)
    } else {
        Bitboard(bb.0 >> -offset)
    }
}

impl Position {
    /// Every legal move.
    ///
    /// ```
    /// use sqlchess_core::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert_eq!(pos.legal_moves().len(), 15);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut ListSink(&mut list));
        list
    }

    /// Every legal move's UCI as a number, in the order of
    /// [`Position::legal_moves`]: `from + 64 × to + 4096 × promotion`
    /// (squares 0 to 63 from a1 rank by rank, `to` as UCI writes it —
    /// the king's square for standard castling, the rook's in Chess960;
    /// promotion 0 for none, else the role's number: 1 knight, 2 bishop,
    /// 3 rook, 4 queen), so below `5 × 4096`. Replaces the contents of
    /// `out`. For callers that turn every move into text and keep one
    /// string per code.
    ///
    /// ```
    /// use sqlchess_core::Position;
    /// let pos = Position::from_fen("4k3/1P6/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// let mut codes = Vec::new();
    /// pos.legal_uci_codes(&mut codes);
    /// let legal = pos.legal_moves();
    /// assert_eq!(codes.len(), legal.len());
    /// for (code, m) in codes.iter().zip(&legal) {
    ///     let uci = pos.uci(*m);
    ///     let promotion = uci.promotion.map_or(0, |r| r as u16);
    ///     assert_eq!(*code, uci.from as u16 + 64 * uci.to as u16 + 4096 * promotion);
    /// }
    /// ```
    pub fn legal_uci_codes(&self, out: &mut Vec<u16>) {
        out.clear();
        let chess960 = self.mode.is_chess960();
        self.generate(&mut UciCodeSink { out, chess960 });
    }

    /// The number of legal moves (faster than building the list).
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut sink = CountSink(0);
        self.generate(&mut sink);
        sink.0
    }

    /// `true` if the side to move has a legal move.
    pub fn has_legal_moves(&self) -> bool {
        let mut sink = AnySink(false);
        self.generate(&mut sink);
        sink.0
    }

    /// The legal captures and promotions (for quiescence search).
    pub fn legal_captures(&self) -> MoveList {
        let mut list = self.legal_moves();
        list.retain(|m| m.is_capture() || m.promotion().is_some());
        list
    }

    #[inline]
    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn;
        let king = self.our_king();
        let ours = self.board.by_color(us);
        let theirs = self.board.by_color(!us);
        let occ = self.board.occupied();

        // King moves: any square not attacked once the king has left its
        // square.
        let occ_without_king = occ ^ Bitboard::from_square(king);
        let straight = (self.board.rooks() | self.board.queens()) & theirs;
        let diagonal = (self.board.bishops() | self.board.queens()) & theirs;
        let mut king_targets = Bitboard::EMPTY;
        for to in attacks::king_attacks(king) - ours {
            let near = (attacks::knight_attacks(to) & self.board.knights())
                | (attacks::king_attacks(to) & self.board.kings())
                | (attacks::pawn_attacks(us, to) & self.board.pawns());
            if (near & theirs).any() {
                continue;
            }
            // A slider in line attacks `to` when nothing stands between:
            // the small `between` table stays in cache where the slider
            // tables, read by a PGN reader between its other work, miss.
            let in_line = ((straight & attacks::rook_lines(to))
                | (diagonal & attacks::bishop_lines(to)))
                - Bitboard::from_square(to);
            if in_line
                .into_iter()
                .any(|s| (attacks::between(to, s) & occ_without_king).is_empty())
            {
                continue;
            }
            king_targets.add(to);
        }
        sink.piece(self, Role::King, king, king_targets);

        if self.checkers.more_than_one() || sink.finished(self, Bitboard::EMPTY) {
            return;
        }
        let target = match self.checkers.single_square() {
            Some(checker) => attacks::between(king, checker) | self.checkers,
            None => !ours,
        };

        let pinned = self.compute_pinned();
        // Pinned pieces move only when not in check.
        let pinned_movers = if self.checkers.is_empty() {
            pinned
        } else {
            Bitboard::EMPTY
        };
        let movable = ours - pinned;
        for from in self.board.knights() & movable {
            sink.piece(
                self,
                Role::Knight,
                from,
                attacks::knight_attacks(from) & target,
            );
        }
        if sink.finished(self, pinned_movers) {
            return;
        }
        for from in self.board.bishops() & movable {
            sink.piece(
                self,
                Role::Bishop,
                from,
                attacks::bishop_attacks(from, occ) & target,
            );
        }
        if sink.finished(self, pinned_movers) {
            return;
        }
        let rook_attacks = if S::BETWEEN_OTHER_WORK {
            attacks::rook_attacks_from_small_tables
        } else {
            attacks::rook_attacks
        };
        for from in self.board.rooks() & movable {
            sink.piece(self, Role::Rook, from, rook_attacks(from, occ) & target);
        }
        if sink.finished(self, pinned_movers) {
            return;
        }
        for from in self.board.queens() & movable {
            sink.piece(
                self,
                Role::Queen,
                from,
                (rook_attacks(from, occ) | attacks::bishop_attacks(from, occ)) & target,
            );
        }
        if sink.finished(self, pinned_movers) {
            return;
        }

        let our_pawns = self.board.pawns() & ours;
        self.gen_pawns(sink, our_pawns - pinned, target, theirs, occ);
        if sink.finished(self, pinned_movers) {
            return;
        }

        if self.checkers.is_empty() {
            // Pinned pieces move only along the line through their king.
            for from in pinned {
                let line = attacks::line(king, from);
                match self.board.role_at(from) {
                    Some(Role::Pawn) => self.gen_pawns(
                        sink,
                        Bitboard::from_square(from),
                        target & line,
                        theirs,
                        occ,
                    ),
                    Some(role @ (Role::Bishop | Role::Rook | Role::Queen)) => {
                        let t = attacks::attacks(role, us, from, occ) & target & line;
                        sink.piece(self, role, from, t);
                    }
                    _ => {} // a pinned knight never moves
                }
            }
            if sink.finished(self, Bitboard::EMPTY) {
                return;
            }
            self.gen_castling(sink, king, occ);
        }

        if let Some(ep) = self.ep_square {
            self.gen_en_passant(sink, ep, king, our_pawns);
        }
    }

    /// Only the legal en-passant captures.
    pub(crate) fn gen_ep_only<S: MoveSink>(&self, sink: &mut S) {
        if let Some(ep) = self.ep_square {
            let our_pawns = self.board.pawns() & self.board.by_color(self.turn);
            self.gen_en_passant(sink, ep, self.our_king(), our_pawns);
        }
    }

    #[inline]
    fn gen_pawns<S: MoveSink>(
        &self,
        sink: &mut S,
        pawns: Bitboard,
        target: Bitboard,
        theirs: Bitboard,
        occ: Bitboard,
    ) {
        if pawns.is_empty() {
            return;
        }
        let us = self.turn;
        let up = if us == Color::White { 8 } else { -8 };
        let third = Bitboard::from_rank(Rank::Third.relative_to(us));
        let empty = !occ;
        let single = shift(pawns, up) & empty;
        let double = shift(single & third, up) & empty & target;
        sink.pawns(self, single & target, up);
        sink.pawns(self, double, 2 * up);
        let not_a = !Bitboard::from_file(File::A);
        let not_h = !Bitboard::from_file(File::H);
        let (left, right) = if us == Color::White { (7, 9) } else { (-9, -7) };
        sink.pawns(self, shift(pawns & not_a, left) & theirs & target, left);
        sink.pawns(self, shift(pawns & not_h, right) & theirs & target, right);
    }

    #[inline(never)]
    fn gen_en_passant<S: MoveSink>(
        &self,
        sink: &mut S,
        ep: Square,
        king: Square,
        our_pawns: Bitboard,
    ) {
        for from in attacks::pawn_attacks(!self.turn, ep) & our_pawns {
            if self.en_passant_is_legal(from, ep, king) {
                sink.special(Move::EnPassant { from, to: ep });
            }
        }
    }

    /// Whether our pawn on `from` may take en passant on `ep`: rare enough
    /// to test by brute force, does the king stand attacked once both pawns
    /// have left and ours arrived?
    pub(crate) fn en_passant_is_legal(&self, from: Square, ep: Square, king: Square) -> bool {
        let us = self.turn;
        let captured = match us {
            Color::White => Square::new(ep as u32 - 8),
            Color::Black => Square::new(ep as u32 + 8),
        };
        let occ =
            (self.board.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(captured))
                | Bitboard::from_square(ep);
        let attackers = self.board.attackers_to(king, !us, occ) - Bitboard::from_square(captured);
        attackers.is_empty()
    }

    #[inline]
    fn gen_castling<S: MoveSink>(&self, sink: &mut S, king: Square, occ: Bitboard) {
        let us = self.turn;
        let rights = self.castling_rights & Bitboard::from_rank(Rank::First.relative_to(us));
        for rook in rights {
            let side = if rook > king {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            let king_to = side.king_to(us);
            let rook_to = side.rook_to(us);
            let king_path = attacks::between(king, king_to) | Bitboard::from_square(king_to);
            let rook_path = attacks::between(rook, rook_to) | Bitboard::from_square(rook_to);
            let movers = Bitboard::from_square(king) | Bitboard::from_square(rook);
            if ((king_path | rook_path) & occ) - movers != Bitboard::EMPTY {
                continue;
            }
            let occ_without_king = occ ^ Bitboard::from_square(king);
            if king_path
                .into_iter()
                .any(|sq| self.board.attackers_to(sq, !us, occ_without_king).any())
            {
                continue;
            }
            // In Chess960 the castling rook may have shielded the king's
            // destination along the back rank.
            let occ_after =
                (occ ^ movers) | Bitboard::from_square(king_to) | Bitboard::from_square(rook_to);
            let shielded = attacks::rook_attacks(king_to, occ_after)
                & self.board.rooks_and_queens()
                & self.board.by_color(!us);
            if shielded.any() {
                continue;
            }
            sink.special(Move::Castle { king, rook });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Codes and counts agree with the list along seeded random games, in
    /// standard chess and from Chess960 starts (castling written both ways).
    #[test]
    fn uci_codes_and_counts_agree_with_the_list() {
        let mut rng = sqlchess_types::XorShift64::new(3);
        let starts = [
            crate::START_FEN,
            "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1",
            "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1",
        ];
        let mut codes = Vec::new();
        for _ in 0..100 {
            let fen = starts[rng.below(starts.len())];
            let mut pos = Position::from_fen(fen).unwrap();
            for _ in 0..150 {
                let legal = pos.legal_moves();
                pos.legal_uci_codes(&mut codes);
                let expected: Vec<u16> = legal
                    .iter()
                    .map(|&m| {
                        let uci = pos.uci(m);
                        uci.from as u16
                            + 64 * uci.to as u16
                            + 4096 * uci.promotion.map_or(0, |r| r as u16)
                    })
                    .collect();
                assert_eq!(codes, expected, "{}", pos.fen());
                assert_eq!(pos.count_legal_moves(), legal.len() as u64);
                if legal.is_empty() {
                    break;
                }
                pos.play_unchecked(legal[rng.below(legal.len())]);
            }
        }
    }
}
