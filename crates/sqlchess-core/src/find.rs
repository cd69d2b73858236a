//! Reading one move from text in a single pass of the move generator: the
//! legal move the text names, its index among [`Position::legal_moves`] and
//! their number, without building the list. A PGN reader that stores each
//! move by its index (sqlchess-pgn's game value) needs exactly these three
//! at every ply; generating and scanning the whole list cost it most of its
//! time.
//!
//! The generator hands its moves over in batches (a piece and its target
//! squares; pawns moving one way), so the index of a move is the number of
//! moves in the batches before it plus a popcount inside its own batch, and
//! the moves the text can name are looked at one square at a time. The
//! generator stops once the move is found and no later batch can also
//! match: the moves after it change neither its index nor the answer.

use sqlchess_types::{Bitboard, Move, Role, Square, UciMove};

use crate::movegen::MoveSink;
use crate::notation::{looks_like_uci, MoveError, SanPattern};
use crate::position::IllegalReason;
use crate::Position;

/// A legal move read from text, with its place among the legal moves.
///
/// ```
/// use sqlchess_core::Position;
/// let pos = Position::new();
/// let found = pos.parse_move_indexed("Nf3").unwrap();
/// let legal = pos.legal_moves();
/// assert_eq!(legal[found.index], found.mv);
/// assert!(found.count.is_none_or(|n| n == legal.len()));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndexedMove {
    /// The move.
    pub mv: Move,
    /// Its index in [`Position::legal_moves`] (generation order).
    pub index: usize,
    /// The number of legal moves of the position, when the generator ran
    /// to the end; `None` when it stopped at the move. (A chess position
    /// has at most 218 legal moves, so an index always fits a byte.)
    pub count: Option<usize>,
}

/// Counts every generated move and offers the ones that can match (those
/// landing on `to`, and every castling and en passant move) to `matches`.
struct FindSink<F> {
    /// The only square a matching normal move can land on; `None` when only
    /// special moves can match (SAN castling).
    to: Option<Square>,
    matches: F,
    /// UCI and castling take the first match, as a search of the list
    /// would; any other SAN must match exactly one move.
    first_only: bool,
    /// The role a SAN names: its pinned pieces, whose moves come last, may
    /// still make the text ambiguous after a match.
    role: Option<Role>,
    count: usize,
    found: Option<(Move, usize)>,
    ambiguous: bool,
    /// The generator was told to stop, so `count` is short.
    stopped: bool,
}

impl<F: Fn(Move) -> bool> FindSink<F> {
    #[inline]
    fn offer(&mut self, mv: Move, index: usize) {
        if self.first_only && self.found.is_some() {
            return;
        }
        if (self.matches)(mv) {
            if self.found.is_some() {
                self.ambiguous = true;
            } else {
                self.found = Some((mv, index));
            }
        }
    }

    /// The squares of `targets` that come before `to` in a batch.
    #[inline]
    fn before(targets: Bitboard, to: Square) -> Bitboard {
        Bitboard(targets.0 & ((1u64 << to as u32) - 1))
    }
}

impl<F: Fn(Move) -> bool> MoveSink for FindSink<F> {
    const BETWEEN_OTHER_WORK: bool = true;

    #[inline]
    fn piece(&mut self, pos: &Position, role: Role, from: Square, targets: Bitboard) {
        if let Some(to) = self.to {
            if targets.contains(to) {
                let index = self.count + Self::before(targets, to).count();
                let mv = Move::Normal {
                    role,
                    from,
                    capture: pos.board.role_at(to),
                    to,
                    promotion: None,
                };
                self.offer(mv, index);
            }
        }
        self.count += targets.count();
    }

    #[inline]
    fn pawns(&mut self, pos: &Position, targets: Bitboard, offset: i32) {
        // As the list builder: targets in square order, four promotions
        // (in `Role::PROMOTIONS` order) on a back rank.
        let promotions = targets & Bitboard::BACKRANKS;
        if let Some(to) = self.to {
            if targets.contains(to) {
                let before = Self::before(targets, to);
                let index = self.count
                    + (before - Bitboard::BACKRANKS).count()
                    + 4 * (before & Bitboard::BACKRANKS).count();
                let from = Square::new((to as i32 - offset) as u32);
                let capture = pos.board.role_at(to);
                if promotions.contains(to) {
                    for (k, promo) in Role::PROMOTIONS.into_iter().enumerate() {
                        let mv = Move::Normal {
                            role: Role::Pawn,
                            from,
                            capture,
                            to,
                            promotion: Some(promo),
                        };
                        self.offer(mv, index + k);
                    }
                } else {
                    let mv = Move::Normal {
                        role: Role::Pawn,
                        from,
                        capture,
                        to,
                        promotion: None,
                    };
                    self.offer(mv, index);
                }
            }
        }
        self.count += targets.count() + 3 * promotions.count();
    }

    #[inline]
    fn special(&mut self, mv: Move) {
        self.offer(mv, self.count);
        self.count += 1;
    }

    #[inline]
    fn finished(&mut self, pos: &Position, pinned: Bitboard) -> bool {
        self.stopped = self.found.is_some()
            && (self.first_only
                || self
                    .role
                    .is_none_or(|role| (pinned & pos.board.by_role(role)).is_empty()));
        self.stopped
    }
}

impl Position {
    /// Reads a move in UCI or SAN, as [`Position::parse_move`], and gives
    /// it with its index among [`Position::legal_moves`] (and their number
    /// when the generator ran to the end), in one pass of the move
    /// generator that builds no list.
    ///
    /// ```
    /// use sqlchess_core::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    /// for text in ["O-O-O", "Rab1", "e1f2", "h1h8"] {
    ///     let found = pos.parse_move_indexed(text).unwrap();
    ///     assert_eq!(found.mv, pos.parse_move(text).unwrap());
    ///     assert_eq!(pos.legal_moves()[found.index], found.mv);
    /// }
    /// let two_rooks = Position::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
    /// assert!(two_rooks.parse_move_indexed("Rd1").is_err()); // ambiguous
    /// assert!(two_rooks.parse_move_indexed("Rad1").is_ok());
    /// ```
    ///
    /// # Errors
    /// As [`Position::parse_move`]: the same [`MoveError`] for the same
    /// text.
    pub fn parse_move_indexed(&self, text: &str) -> Result<IndexedMove, MoveError> {
        // Only text shaped like two squares can be UCI: anything else goes
        // straight to SAN, without the UCI reader's error (which copies the
        // text) for nearly every move of a PGN game.
        if looks_like_uci(text) {
            if let Ok(uci) = text.parse::<UciMove>() {
                return self.uci_indexed(uci);
            }
        }
        self.san_indexed(text)
    }

    /// [`Position::uci_to_move`] with the index: the first legal move that
    /// matches, castling read as the king's move or as king-takes-rook.
    fn uci_indexed(&self, uci: UciMove) -> Result<IndexedMove, MoveError> {
        let rooks = self.board.rooks();
        let mut sink = FindSink {
            to: Some(uci.to),
            matches: |m: Move| {
                m.from() == uci.from
                    && m.promotion() == uci.promotion
                    && (m.to() == uci.to
                        || (m.is_castle() && m.uci_to(false) == uci.to && !rooks.contains(uci.to)))
            },
            first_only: true,
            role: None,
            count: 0,
            found: None,
            ambiguous: false,
            stopped: false,
        };
        self.generate(&mut sink);
        match sink.found {
            Some((mv, index)) => Ok(IndexedMove {
                mv,
                index,
                count: (!sink.stopped).then_some(sink.count),
            }),
            None => Err(self.illegal(&uci.to_string(), IllegalReason::NotLegal)),
        }
    }

    /// [`Position::parse_san`] with the index.
    fn san_indexed(&self, text: &str) -> Result<IndexedMove, MoveError> {
        let pattern = SanPattern::parse(text).ok_or_else(|| MoveError::Syntax {
            text: text.to_owned(),
        })?;
        let (to, first_only, role) = match pattern {
            SanPattern::Castle(_) => (None, true, None),
            SanPattern::Normal { to, role, .. } => (Some(to), false, Some(role)),
        };
        let mut sink = FindSink {
            to,
            matches: |m: Move| pattern.matches(m),
            first_only,
            role,
            count: 0,
            found: None,
            ambiguous: false,
            stopped: false,
        };
        self.generate(&mut sink);
        match sink.found {
            _ if sink.ambiguous => Err(self.illegal(text, IllegalReason::Ambiguous)),
            Some((mv, index)) => Ok(IndexedMove {
                mv,
                index,
                count: (!sink.stopped).then_some(sink.count),
            }),
            None => Err(self.illegal(text, IllegalReason::NotLegal)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions with promotions, en passant, castling both ways, pins,
    /// checks and Chess960 rights (the perft suite's and a few more).
    const FENS: &[&str] = &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/1P6/8/8/8/8/6p1/4K2R b K - 0 1",
        "1r2k2r/8/8/8/8/8/8/R3K1R1 w Qk - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1",
        "3k4/8/8/8/1Q6/8/8/Q2K3Q w - - 0 1",
    ];

    /// Every legal move of `pos`, written as UCI, as SAN and in the
    /// spellings readers meet (king-takes-rook, zeros, no check mark, no
    /// capture mark, over-disambiguated), is found at its index in the list,
    /// and every error is the one `parse_move` gives.
    fn check(pos: &Position) {
        let legal = pos.legal_moves();
        let chess960 = pos.castling_mode().is_chess960();
        let mut texts: Vec<String> = Vec::new();
        for &m in &legal {
            texts.push(pos.uci(m).to_string());
            texts.push(m.to_uci(!chess960).to_string());
            let san = pos.san(m);
            texts.push(san.replace('O', "0"));
            texts.push(san.trim_end_matches(['+', '#']).to_owned());
            texts.push(format!("{}{}", m.role().upper_char(), m.to_uci(false)));
            texts.push(san.replace('x', ""));
            texts.push(san);
        }
        for bad in [
            "e2e5", "Nf6", "Rb1", "Qd4", "Ke2", "O-O", "e8=K", "a1a1", "xx",
        ] {
            texts.push(bad.to_owned());
        }
        let fen = pos.fen();
        for text in &texts {
            let expected = pos.parse_move(text);
            let got = pos.parse_move_indexed(text);
            match (&expected, &got) {
                (Ok(m), Ok(found)) => {
                    assert_eq!(found.mv, *m, "{fen} {text}");
                    assert_eq!(legal[found.index], *m, "{fen} {text}");
                    if let Some(count) = found.count {
                        assert_eq!(count, legal.len(), "{fen} {text}");
                    }
                }
                (Err(e), Err(f)) => assert_eq!(e, f, "{fen} {text}"),
                _ => panic!("{fen} {text}: {expected:?} against {got:?}"),
            }
        }
    }

    /// Every text a SAN reader can be handed for `pos` (every role letter
    /// to every square, with and without `x`, every promotion, a file or
    /// rank or square hint on each, and each legal move's SAN) resolves
    /// from its target square ([`Position::parse_san`]) exactly as it does
    /// against the full list ([`Position::parse_san_among`]).
    fn check_san_against_list(pos: &Position) {
        let legal = pos.legal_moves();
        let fen = pos.fen();
        let mut texts: Vec<String> = legal.iter().map(|&m| pos.san(m)).collect();
        for role in ["", "N", "B", "R", "Q", "K"] {
            for to in (0..64).map(Square::new) {
                for hint in ["", "a", "e", "h", "1", "2", "7", "e2", "g7"] {
                    for x in ["", "x"] {
                        texts.push(format!("{role}{hint}{x}{to}"));
                        if role.is_empty() {
                            for promo in ["=Q", "N", "=K"] {
                                texts.push(format!("{hint}{x}{to}{promo}"));
                            }
                        }
                    }
                }
            }
        }
        for text in &texts {
            let expected = pos.parse_san_among(text, &legal).map(|i| legal[i]);
            let got = pos.parse_san(text);
            assert_eq!(got, expected, "{fen} {text}");
        }
    }

    #[test]
    fn san_from_the_target_square_agrees_with_the_list() {
        let chess960 = [
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
            "1r2k2r/8/8/8/8/8/8/R3K1R1 w Qk - 0 1",
        ];
        for fen in FENS.iter().chain(&chess960) {
            for mode in [crate::CastlingMode::Standard, crate::CastlingMode::Chess960] {
                if let Ok(pos) = Position::from_fen_with_mode(fen, mode) {
                    check_san_against_list(&pos);
                }
            }
        }
        // Random games, from the standard start and from a Chess960 one:
        // every legal move's SAN at every ply, every text every 16 plies.
        let mut rng = sqlchess_types::XorShift64::new(2026);
        for game in 0..60 {
            let mut pos = if game % 2 == 0 {
                Position::new()
            } else {
                Position::from_fen_with_mode(chess960[0], crate::CastlingMode::Chess960).unwrap()
            };
            for ply in 0..160 {
                let legal = pos.legal_moves();
                if ply % 16 == 0 {
                    check_san_against_list(&pos);
                } else {
                    for &m in &legal {
                        assert_eq!(pos.parse_san(&pos.san(m)), Ok(m), "{}", pos.fen());
                    }
                }
                if legal.is_empty() {
                    break;
                }
                pos.play_unchecked(legal[rng.below(legal.len())]);
            }
        }
    }

    #[test]
    fn agrees_with_the_list() {
        for fen in FENS {
            for mode in [crate::CastlingMode::Standard, crate::CastlingMode::Chess960] {
                if let Ok(pos) = Position::from_fen_with_mode(fen, mode) {
                    check(&pos);
                }
            }
        }
    }

    /// The same along 80 seeded random games (every position of each).
    #[test]
    fn agrees_with_the_list_in_random_games() {
        let mut rng = sqlchess_types::XorShift64::new(12);
        for _ in 0..80 {
            let mut pos = Position::new();
            for _ in 0..120 {
                check(&pos);
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                pos.play_unchecked(legal[rng.below(legal.len())]);
            }
        }
    }
}
