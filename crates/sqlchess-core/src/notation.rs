//! Moves as text: UCI (`e2e4`) and SAN (`Nf3`, `exd6`, `O-O`, `e8=Q+`).

use sqlchess_types::{
    attacks, Bitboard, CastlingSide, Color, File, Move, Rank, Role, Square, UciMove,
};

use crate::position::{IllegalMoveError, IllegalReason};
use crate::Position;

/// A move given as text that is malformed, illegal or ambiguous.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is neither UCI nor SAN.
    #[error("invalid move {text:?}: expected UCI like e2e4 or SAN like Nf3")]
    Syntax {
        /// The text.
        text: String,
    },
    /// Well-formed, but not legal here (or ambiguous).
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
}

/// Whether `text` is shaped like UCI (two squares, then at most one
/// letter): only such text is tried as UCI, so that a SAN move (nearly
/// every move of a PGN game) does not pay for the UCI reader's error, which
/// copies the text.
#[inline]
pub(crate) fn looks_like_uci(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    matches!(b.len(), 4 | 5) && square(b[0], b[1]) && square(b[2], b[3])
}

impl Position {
    /// The move in UCI notation (castling as `e1g1`, or `e1h1` in Chess960).
    #[inline]
    pub fn uci(&self, mv: Move) -> UciMove {
        mv.to_uci(self.mode.is_chess960())
    }

    pub(crate) fn illegal(&self, text: &str, reason: IllegalReason) -> MoveError {
        MoveError::Illegal(IllegalMoveError {
            uci: text.to_owned(),
            fen: self.fen(),
            reason,
        })
    }

    /// Finds the legal move a UCI move stands for. Castling is accepted
    /// both as the king's two-square move (`e1g1`) and as king-takes-rook (`e1h1`).
    ///
    /// # Errors
    /// [`MoveError::Illegal`] if no legal move matches.
    pub fn uci_to_move(&self, uci: UciMove) -> Result<Move, MoveError> {
        self.legal_moves()
            .into_iter()
            .find(|&m| {
                m.from() == uci.from
                    && m.promotion() == uci.promotion
                    && (m.to() == uci.to
                        || (m.is_castle()
                            && m.uci_to(false) == uci.to
                            && !self.board.rooks().contains(uci.to)))
            })
            .ok_or_else(|| self.illegal(&uci.to_string(), IllegalReason::NotLegal))
    }

    /// Parses and checks a UCI move.
    ///
    /// # Errors
    /// [`MoveError::Syntax`] for text that is not UCI; [`MoveError::Illegal`].
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let uci: UciMove = text.parse().map_err(|_| MoveError::Syntax {
            text: text.to_owned(),
        })?;
        self.uci_to_move(uci)
    }

    /// Parses a move in UCI or SAN, whichever it is.
    ///
    /// # Errors
    /// As [`Position::parse_uci`] and [`Position::parse_san`].
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        if looks_like_uci(text) {
            if let Ok(uci) = text.parse::<UciMove>() {
                return self.uci_to_move(uci);
            }
        }
        self.parse_san(text)
    }

    /// The move in Standard Algebraic Notation, with `+` or `#`.
    ///
    /// ```
    /// use sqlchess_core::Position;
    /// let pos = Position::from_fen("7k/6pp/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    /// let mv = pos.parse_uci("a1a8").unwrap();
    /// assert_eq!(pos.san(mv), "Ra8#");
    /// ```
    pub fn san(&self, mv: Move) -> String {
        let mut s = self.san_without_suffix(mv);
        let after = self.after(mv);
        if after.is_check() {
            s.push(if after.has_legal_moves() { '+' } else { '#' });
        }
        s
    }

    fn san_without_suffix(&self, mv: Move) -> String {
        let mut s = String::with_capacity(8);
        match mv {
            Move::Castle { .. } => {
                return match mv.castling_side() {
                    Some(CastlingSide::QueenSide) => "O-O-O".into(),
                    _ => "O-O".into(),
                };
            }
            Move::EnPassant { from, to } => {
                s.push(from.file().char());
                s.push('x');
                s.push_str(&to.to_string());
            }
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if role == Role::Pawn {
                    if capture.is_some() {
                        s.push(from.file().char());
                        s.push('x');
                    }
                    s.push_str(&to.to_string());
                    if let Some(p) = promotion {
                        s.push('=');
                        s.push(p.upper_char());
                    }
                } else {
                    s.push(role.upper_char());
                    let others: Bitboard = self
                        .legal_moves()
                        .iter()
                        .filter(|m| {
                            m.role() == role && m.to() == to && m.from() != from && !m.is_castle()
                        })
                        .map(|m| m.from())
                        .collect();
                    if others.any() {
                        let same_file = others.intersects(Bitboard::from_file(from.file()));
                        let same_rank = others.intersects(Bitboard::from_rank(from.rank()));
                        if !same_file {
                            s.push(from.file().char());
                        } else if !same_rank {
                            s.push(from.rank().char());
                        } else {
                            s.push_str(&from.to_string());
                        }
                    }
                    if capture.is_some() {
                        s.push('x');
                    }
                    s.push_str(&to.to_string());
                }
            }
        }
        s
    }

    /// Parses and checks a SAN move. Accepts `O-O`/`0-0`, optional `x`,
    /// `=` before the promotion letter, and trailing `+ # ! ?`.
    ///
    /// # Errors
    /// [`MoveError::Syntax`]; [`MoveError::Illegal`] with
    /// [`IllegalReason::Ambiguous`] when several moves match.
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        let pattern = SanPattern::parse(text).ok_or_else(|| MoveError::Syntax {
            text: text.to_owned(),
        })?;
        match pattern {
            // Castling is rare: resolved against the list, as it always was.
            SanPattern::Castle(_) => {
                let legal = self.legal_moves();
                self.parse_san_among(text, &legal).map(|i| legal[i])
            }
            SanPattern::Normal { .. } => self
                .resolve_san(pattern)
                .map_err(|reason| self.illegal(text, reason)),
        }
    }

    /// The one legal move a non-castling SAN names, found from its target
    /// square: the pieces of its role that reach the square, each tested
    /// for legality (check, pins, the king's safety). No move list is
    /// built, so a PGN reader that only checks its moves pays a few table
    /// lookups a move instead of a move generation. It answers exactly as
    /// [`Position::parse_san_among`] over [`Position::legal_moves`] (tested
    /// on random positions, with every legal move's SAN and mangled text).
    fn resolve_san(&self, pattern: SanPattern) -> Result<Move, IllegalReason> {
        let SanPattern::Normal {
            role,
            to,
            promotion,
            from_file,
            from_rank,
            capture,
        } = pattern
        else {
            return Err(IllegalReason::NotLegal);
        };
        let us = self.turn;
        let them = !us;
        let ours = self.board.by_color(us);
        let theirs = self.board.by_color(them);
        let occ = self.board.occupied();
        let captured = self.board.role_at(to);
        // No move lands on one of our pieces (castling is not this pattern);
        // a pawn promotes exactly when it reaches the last rank.
        if ours.contains(to)
            || (role == Role::Pawn && Bitboard::BACKRANKS.contains(to) != promotion.is_some())
        {
            return Err(IllegalReason::NotLegal);
        }
        let mut mine = self.board.by_role(role) & ours;
        if let Some(f) = from_file {
            mine &= Bitboard::from_file(f);
        }
        if let Some(r) = from_rank {
            mine &= Bitboard::from_rank(r);
        }
        let en_passant = role == Role::Pawn && captured.is_none() && self.ep_square == Some(to);
        let candidates = match role {
            Role::Knight => attacks::knight_attacks(to) & mine,
            Role::Bishop => attacks::bishop_attacks(to, occ) & mine,
            Role::Rook => attacks::rook_attacks_from_small_tables(to, occ) & mine,
            Role::Queen => {
                (attacks::rook_attacks_from_small_tables(to, occ)
                    | attacks::bishop_attacks(to, occ))
                    & mine
            }
            Role::King => attacks::king_attacks(to) & mine,
            Role::Pawn if theirs.contains(to) => attacks::pawn_attacks(them, to) & mine,
            Role::Pawn => {
                // Pushes onto the empty square, and en passant onto it.
                let back = |sq: Square| match us {
                    Color::White => (sq as u32 >= 8).then(|| Square::new(sq as u32 - 8)),
                    Color::Black => (sq as u32 <= 55).then(|| Square::new(sq as u32 + 8)),
                };
                let mut pushers = Bitboard::EMPTY;
                if let Some(one) = back(to) {
                    if mine.contains(one) {
                        pushers.add(one);
                    } else if !occ.contains(one) && to.rank() == Rank::Fourth.relative_to(us) {
                        if let Some(two) = back(one).filter(|&s| mine.contains(s)) {
                            pushers.add(two);
                        }
                    }
                }
                if en_passant {
                    pushers |= attacks::pawn_attacks(them, to) & mine;
                }
                pushers
            }
        };
        if candidates.is_empty() || (capture && captured.is_none() && !en_passant) {
            return Err(IllegalReason::NotLegal);
        }
        let king = self.our_king();
        let mut found = None;
        for from in candidates {
            let legal = if role == Role::King {
                self.board
                    .attackers_to(to, them, occ ^ Bitboard::from_square(from))
                    .is_empty()
            } else if self.checkers.more_than_one() {
                false
            } else if en_passant && from.file() != to.file() {
                self.en_passant_is_legal(from, to, king)
            } else {
                let pinned = self.pinned_to_king(from, king);
                let blocks = match self.checkers.single_square() {
                    Some(checker) => {
                        (attacks::between(king, checker) | self.checkers).contains(to) && !pinned
                    }
                    None => true,
                };
                blocks && (!pinned || attacks::line(king, from).contains(to))
            };
            if !legal {
                continue;
            }
            let mv = if en_passant && from.file() != to.file() {
                Move::EnPassant { from, to }
            } else {
                Move::Normal {
                    role,
                    from,
                    capture: captured,
                    to,
                    promotion,
                }
            };
            if found.replace(mv).is_some() {
                return Err(IllegalReason::Ambiguous);
            }
        }
        found.ok_or(IllegalReason::NotLegal)
    }

    /// Whether our piece on `from` is pinned to our king on `king`: one of
    /// their sliders on the line through both, with only `from` between it
    /// and the king. Most pieces are on no line with their king, so one
    /// table lookup answers; resolving a move needs this for its one or two
    /// candidates, not the whole set of pinned pieces.
    #[inline]
    fn pinned_to_king(&self, from: Square, king: Square) -> bool {
        let line = attacks::line(king, from);
        if line.is_empty() {
            return false;
        }
        let straight = king.file() == from.file() || king.rank() == from.rank();
        let sliders = if straight {
            self.board.rooks_and_queens()
        } else {
            self.board.bishops_and_queens()
        };
        let occ = self.board.occupied();
        (line & sliders & self.board.by_color(!self.turn))
            .into_iter()
            .any(|s| attacks::between(king, s) & occ == Bitboard::from_square(from))
    }

    /// Like [`Position::parse_san`], resolved among `legal` (this position's
    /// [`Position::legal_moves`], which the caller already has): the index of
    /// the move in `legal`. One move generation serves both the resolution
    /// and a caller that stores moves by index.
    ///
    /// # Errors
    /// As [`Position::parse_san`].
    pub fn parse_san_among(&self, text: &str, legal: &[Move]) -> Result<usize, MoveError> {
        let pattern = SanPattern::parse(text).ok_or_else(|| MoveError::Syntax {
            text: text.to_owned(),
        })?;
        if let SanPattern::Castle(_) = pattern {
            return legal
                .iter()
                .position(|&m| pattern.matches(m))
                .ok_or_else(|| self.illegal(text, IllegalReason::NotLegal));
        }
        let mut found = None;
        for (i, &m) in legal.iter().enumerate() {
            if pattern.matches(m) && found.replace(i).is_some() {
                return Err(self.illegal(text, IllegalReason::Ambiguous));
            }
        }
        found.ok_or_else(|| self.illegal(text, IllegalReason::NotLegal))
    }
}

/// What a SAN move says about the legal move it names: its syntax, read
/// once, as a test a legal move passes or fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SanPattern {
    /// `O-O` or `O-O-O` (zeros too): the first legal castling to that side.
    Castle(CastlingSide),
    /// Any other move: the unique legal move of `role` to `to` that passes
    /// the optional hints.
    Normal {
        role: Role,
        to: Square,
        promotion: Option<Role>,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        capture: bool,
    },
}

impl SanPattern {
    /// Reads SAN syntax: `O-O`/`0-0`, optional `x`, `=` before the
    /// promotion letter, and trailing `+ # ! ?`. `None` for text that is
    /// not SAN.
    pub(crate) fn parse(text: &str) -> Option<SanPattern> {
        let mut b = text.as_bytes();
        while let [rest @ .., b'+' | b'#' | b'!' | b'?'] = b {
            b = rest;
        }
        if b.is_empty() || !b.is_ascii() {
            return None;
        }
        match b {
            b"O-O" | b"0-0" => return Some(SanPattern::Castle(CastlingSide::KingSide)),
            b"O-O-O" | b"0-0-0" => return Some(SanPattern::Castle(CastlingSide::QueenSide)),
            _ => {}
        }
        let role = match b[0] {
            c @ (b'N' | b'B' | b'R' | b'Q' | b'K') => {
                b = &b[1..];
                Role::from_char(c as char).unwrap_or(Role::Pawn)
            }
            _ => Role::Pawn,
        };
        let mut promotion = None;
        if let Some(&last) = b.last() {
            if let Some(r) = Role::from_char(last as char).filter(|_| last.is_ascii_uppercase()) {
                if r == Role::Pawn || r == Role::King || role != Role::Pawn {
                    return None;
                }
                promotion = Some(r);
                b = &b[..b.len() - 1];
                if b.last() == Some(&b'=') {
                    b = &b[..b.len() - 1];
                }
            }
        }
        if b.len() < 2 {
            return None;
        }
        let to = Square::from_ascii(&b[b.len() - 2..]).ok()?;
        b = &b[..b.len() - 2];
        let mut capture = false;
        if b.last() == Some(&b'x') {
            capture = true;
            b = &b[..b.len() - 1];
        }
        let (mut from_file, mut from_rank) = (None, None);
        for &c in b {
            if let Some(f) = File::from_char(c as char) {
                if from_file.replace(f).is_some() {
                    return None;
                }
            } else if let Some(r) = Rank::from_char(c as char) {
                if from_rank.replace(r).is_some() {
                    return None;
                }
            } else {
                return None;
            }
        }
        Some(SanPattern::Normal {
            role,
            to,
            promotion,
            from_file,
            from_rank,
            capture,
        })
    }

    /// Whether the legal move `m` is one this SAN names.
    #[inline]
    pub(crate) fn matches(self, m: Move) -> bool {
        match self {
            SanPattern::Castle(side) => m.castling_side() == Some(side),
            SanPattern::Normal {
                role,
                to,
                promotion,
                from_file,
                from_rank,
                capture,
            } => {
                !m.is_castle()
                    && m.role() == role
                    && m.to() == to
                    && m.promotion() == promotion
                    && from_file.is_none_or(|f| m.from().file() == f)
                    && from_rank.is_none_or(|r| m.from().rank() == r)
                    && (!capture || m.is_capture())
            }
        }
    }
}
