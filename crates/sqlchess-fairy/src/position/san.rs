//! Move descriptions for the SQL layer: the pieces involved, check, and
//! Standard Algebraic Notation generalised to fairy pieces.

use super::{FairyMove, MoveError, Position};
use crate::FairySquare;

impl Position {
    /// The moving piece as (index in [`crate::Variant::pieces`], is White).
    pub fn moved_piece(&self, mv: FairyMove) -> Option<(usize, bool)> {
        match mv.dropped_piece() {
            Some(t) => Some((t, self.white_to_move())),
            None => self.piece_at(mv.from()),
        }
    }

    /// The captured piece, if any (en passant and locust victims included;
    /// castling and passing capture nothing).
    pub fn captured_piece(&self, mv: FairyMove) -> Option<(usize, bool)> {
        if mv.is_castle() || mv.is_pass() {
            return None;
        }
        match mv.side_capture() {
            Some(sq) => self.piece_at(sq),
            None => self.piece_at(mv.to()),
        }
    }

    /// Whether `mv` (legal here) gives check.
    pub fn gives_check(&self, mv: FairyMove) -> bool {
        self.play(mv).is_check()
    }

    /// Standard Algebraic Notation, generalised: the piece's FEN letter in
    /// upper case (none for the variant's pawn), file, rank or both to
    /// disambiguate, `x` for captures (a pawn capture starts with its file),
    /// the target square (`a10`), `=` and the promotion letter, `O-O` /
    /// `O-O-O` for castling towards the higher / lower file, `P@e5` for a
    /// drop, `=+P` for a shogi-style promotion, `/H` for Seirawan gating
    /// (`O-O/Hh1` onto the rook's square), `,e5` for the wall put down
    /// after the move (duck chess, amazons), then `+` or `#`.
    ///
    /// ```
    /// use sqlchess_fairy::{Position, Variant};
    /// let pos = Position::start(&Variant::builtin("capablanca").unwrap());
    /// let mv = pos.parse_uci("c1d3").unwrap();
    /// assert_eq!(pos.san(mv), "Ad3");
    /// assert_eq!(pos.parse_san("Ad3").unwrap(), mv);
    /// ```
    pub fn san(&self, mv: FairyMove) -> String {
        let mut s = self.san_without_check(mv);
        let after = self.play(mv);
        if after.is_check() {
            s.push(if after.count_legal() == 0 { '#' } else { '+' });
        }
        s
    }

    /// [`Position::san`] without the `+` or `#`, which would cost playing
    /// the move and counting the replies.
    fn san_without_check(&self, mv: FairyMove) -> String {
        let v = self.variant();
        let mut s = String::new();
        if let Some(t) = mv.dropped_piece() {
            if mv.promotion().is_some() {
                // Dropped promoted (Kyoto shogi).
                s.push('+');
            }
            s.push(v.pieces[t].letter.to_ascii_uppercase());
            s.push('@');
            s.push_str(&mv.to().to_string());
        } else if mv.is_castle() {
            let rook = mv.side_rook_file();
            s.push_str(if rook > mv.from().file() {
                "O-O"
            } else {
                "O-O-O"
            });
        } else {
            let Some((t, _)) = self.moved_piece(mv) else {
                return mv.to_uci(self);
            };
            let capture = self.captured_piece(mv).is_some();
            let pawn = v.pawn_of(usize::from(!self.white_to_move())) == Some(t);
            if let (true, true, Some(p)) = (pawn, v.sittuyin_promotion, mv.promotion()) {
                // Sittuyin's promotion, as Fairy-Stockfish writes it: the
                // pawn's square, then the new piece's when it moves
                // (`d4=F`, `d4c3=F`).
                s.push_str(&mv.from().to_string());
                if mv.to() != mv.from() {
                    s.push_str(&mv.to().to_string());
                }
                s.push('=');
                s.push(v.pieces[p].letter.to_ascii_uppercase());
                return s;
            }
            if !pawn {
                s.push(v.pieces[t].letter.to_ascii_uppercase());
            }
            // Other moves of the same piece type to the same square: pawns
            // too, since sideways and Berolina pawns can share a target
            // (looked for only where another pawn stands near enough).
            let others: Vec<FairyMove> = if pawn && !self.may_share_target(t, mv) {
                Vec::new()
            } else {
                self.legal_moves()
                    .into_iter()
                    .filter(|m| {
                        m.to() == mv.to()
                            && m.from() != mv.from()
                            && !m.is_castle()
                            && m.dropped_piece().is_none()
                            && self.moved_piece(*m).map(|p| p.0) == Some(t)
                    })
                    .collect()
            };
            let file_unique = others.iter().all(|m| m.from().file() != mv.from().file());
            let rank_unique = others.iter().all(|m| m.from().rank() != mv.from().rank());
            if others.is_empty() {
                // A pawn capture always names its file.
                if pawn && capture {
                    s.push((b'a' + mv.from().file()) as char);
                }
            } else if file_unique {
                s.push((b'a' + mv.from().file()) as char);
            } else if rank_unique && !pawn {
                s.push_str(&(mv.from().rank() + 1).to_string());
            } else {
                s.push_str(&mv.from().to_string());
            }
            if capture {
                s.push('x');
            }
            s.push_str(&mv.to().to_string());
            if let Some(p) = mv.promotion() {
                s.push('=');
                // A shogi-style promoted piece is written `+` and its base
                // (the moving piece's own promotion only: a pawn becoming a
                // piece that others promote to is a chess promotion).
                if v.piece_promotions.contains(&(t, p)) {
                    s.push('+');
                    s.push(v.pieces[t].letter.to_ascii_uppercase());
                } else {
                    s.push(v.pieces[p].letter.to_ascii_uppercase());
                }
            }
        }
        // Seirawan gating: `/H` (and the square when it is the castling
        // rook's).
        if let Some((g, square)) = mv.gating() {
            s.push('/');
            s.push(v.pieces[g].letter.to_ascii_uppercase());
            if square != mv.from() {
                s.push_str(&square.to_string());
            }
        }
        // Walling: `,` and the wall's square, as Fairy-Stockfish writes
        // (`a1` where a move puts none, a turn that may put a wall or move).
        if let Some(w) = mv.wall() {
            s.push(',');
            s.push_str(&w.to_string());
        } else if v.wall_or_move && v.walling.is_some() {
            s.push_str(",a1");
        }
        s
    }

    /// Whether another piece of type `t` of the side to move could also
    /// reach `mv`'s target. For a piece that only leaps, at most two
    /// squares, and gains no moves in a zone (every pawn sqlchess knows),
    /// only one standing within two squares of the target can, which is
    /// quick to rule out without generating the legal moves; for any other
    /// piece, assume it could.
    fn may_share_target(&self, t: usize, mv: FairyMove) -> bool {
        use crate::piece::PathKind;
        let v = self.variant();
        let short = !v.zone_moves.iter().any(|z| z.piece == t)
            && v.pieces[t]
                .def
                .components()
                .iter()
                .all(|c| c.kind == PathKind::Leap && c.atom.0.max(c.atom.1) <= 2);
        if !short {
            return true;
        }
        let ours = Some((t, self.white_to_move()));
        let (file, rank) = (i32::from(mv.to().file()), i32::from(mv.to().rank()));
        (-2..=2).any(|df| {
            (-2..=2).any(|dr| {
                let (f, r) = (file + df, rank + dr);
                let sq = u8::try_from(f)
                    .ok()
                    .zip(u8::try_from(r).ok())
                    .and_then(|(f, r)| FairySquare::new(f, r))
                    .filter(|&sq| {
                        f < i32::from(v.width) && r < i32::from(v.height) && sq != mv.from()
                    });
                sq.is_some_and(|sq| self.piece_at(sq) == ours)
            })
        })
    }

    /// Reads a move in SAN: parsed as syntax first ([`SanMove`]), then
    /// resolved against the legal moves, so that non-canonical forms such as
    /// an over-disambiguated `Nbc3`, a pawn capture without `x`, `0-0`, or a
    /// promotion without `=` are understood as in chess. Notation the syntax
    /// does not cover (Seirawan gating onto a rook square, shogi's `=+B`) is
    /// matched against [`Position::san`] of each legal move.
    ///
    /// ```
    /// use sqlchess_fairy::{Position, Variant};
    /// let pos = Position::start(&Variant::builtin("capablanca").unwrap());
    /// let mv = pos.parse_san("Nbc3").unwrap();
    /// assert_eq!(pos.san(mv), "Nc3");
    /// ```
    ///
    /// # Errors
    /// [`MoveError::Syntax`] for text that is no SAN, [`MoveError::Illegal`]
    /// when no legal move matches, [`MoveError::Ambiguous`] when several do.
    pub fn parse_san(&self, text: &str) -> Result<FairyMove, MoveError> {
        self.parse_san_among(text, &self.legal_moves())
    }

    /// [`Position::parse_san`] among `legal`, this position's legal moves
    /// (for a caller that has them already).
    ///
    /// # Errors
    /// As [`Position::parse_san`].
    pub fn parse_san_among(&self, text: &str, legal: &[FairyMove]) -> Result<FairyMove, MoveError> {
        let trimmed = text.trim().trim_end_matches(['+', '#', '!', '?']);
        match SanMove::parse(trimmed) {
            Some(san) => match self.resolve_san(&san, legal) {
                Err(MoveError::Illegal(_)) => self.match_generated_san(text, legal),
                Err(MoveError::Ambiguous(_)) => Err(MoveError::Ambiguous(text.to_string())),
                other => other,
            },
            None => self.match_generated_san(text, legal).map_err(|e| match e {
                MoveError::Illegal(t) => MoveError::Syntax(t),
                e => e,
            }),
        }
    }

    /// The one legal move `san` describes.
    fn resolve_san(&self, san: &SanMove, legal: &[FairyMove]) -> Result<FairyMove, MoveError> {
        let v = self.variant();
        let pawn = v.pawn_of(usize::from(!self.white_to_move()));
        let letter_of = |t: usize| v.pieces[t].letter.to_ascii_lowercase();
        let mut found = None;
        for &m in legal {
            let ok = match *san {
                SanMove::Castle { long } => {
                    m.is_castle()
                        && m.gating().is_none()
                        && (m.side_rook_file() < m.from().file()) == long
                }
                // `M@a2` drops the piece as it is; dropped promoted, it is
                // `+M@a2`, read by the generated SAN.
                SanMove::Drop { piece, to } => {
                    m.to() == to
                        && m.promotion().is_none()
                        && m.dropped_piece().is_some_and(|t| letter_of(t) == piece)
                }
                SanMove::Normal {
                    piece,
                    file,
                    rank,
                    to,
                    promotion,
                    ..
                } => {
                    let moved = self.moved_piece(m).map(|p| p.0);
                    let piece_ok = match piece {
                        Some(l) => moved.is_some_and(|t| letter_of(t) == l && pawn != Some(t)),
                        None => moved.is_some() && moved == pawn,
                    };
                    let promo_ok = match (promotion, m.promotion()) {
                        (None, None) => true,
                        (Some(l), Some(p)) => letter_of(p) == l,
                        _ => false,
                    };
                    !m.is_drop()
                        && !m.is_castle()
                        && m.gating().is_none()
                        && m.to() == to
                        && piece_ok
                        && promo_ok
                        && file.is_none_or(|f| m.from().file() == f)
                        && rank.is_none_or(|r| m.from().rank() == r)
                }
            };
            if ok {
                if found.is_some() {
                    return Err(MoveError::Ambiguous(String::new()));
                }
                found = Some(m);
            }
        }
        found.ok_or_else(|| MoveError::Illegal(String::new()))
    }

    /// The legal move whose generated SAN is `text` (check marks and
    /// annotation glyphs ignored; `0-0` read as `O-O`).
    fn match_generated_san(&self, text: &str, legal: &[FairyMove]) -> Result<FairyMove, MoveError> {
        let stripped = text.trim().trim_end_matches(['+', '#', '!', '?']);
        // Zeros only stand for castling; squares such as a10 keep theirs.
        let want = if stripped.starts_with('0') {
            stripped.replace('0', "O")
        } else {
            stripped.to_string()
        };
        legal
            .iter()
            .copied()
            .find(|&m| self.san_without_check(m) == want)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }
}

/// A move in Standard Algebraic Notation, read as syntax only (no position
/// needed): what [`Position::parse_san`] resolves. Piece letters are lower
/// case, as in [`crate::Variant::pieces`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SanMove {
    /// `O-O` (towards the higher file) or `O-O-O`, also written with zeros.
    Castle {
        /// `O-O-O`.
        long: bool,
    },
    /// `N@f3`: a piece from the hand.
    Drop {
        /// The dropped piece's letter.
        piece: char,
        /// Where it goes.
        to: FairySquare,
    },
    /// Any other move: `e4`, `exd5`, `Nbd7`, `R1a3`, `Qh4e1`, `e8=Q`, `e8Q`.
    Normal {
        /// The moving piece's letter; `None` for the variant's pawn.
        piece: Option<char>,
        /// The departure file given to disambiguate (0-based).
        file: Option<u8>,
        /// The departure rank given to disambiguate (0-based).
        rank: Option<u8>,
        /// Whether `x` was written.
        capture: bool,
        /// The target square.
        to: FairySquare,
        /// The promotion piece's letter.
        promotion: Option<char>,
    },
}

impl SanMove {
    /// Parses SAN without check marks or annotation glyphs; `None` if the
    /// text is not of that form.
    ///
    /// ```
    /// use sqlchess_fairy::SanMove;
    /// assert_eq!(SanMove::parse("0-0-0"), Some(SanMove::Castle { long: true }));
    /// assert!(matches!(SanMove::parse("Nbc3"), Some(SanMove::Normal { file: Some(1), .. })));
    /// assert_eq!(SanMove::parse("Kx"), None);
    /// ```
    pub fn parse(text: &str) -> Option<SanMove> {
        // Byte slicing below relies on ASCII; SAN has no other characters.
        if !text.is_ascii() || text.len() > 16 {
            return None;
        }
        match text {
            "O-O" | "0-0" => return Some(SanMove::Castle { long: false }),
            "O-O-O" | "0-0-0" => return Some(SanMove::Castle { long: true }),
            _ => {}
        }
        if let Some((piece, square)) = text.split_once('@') {
            let mut cs = piece.chars();
            let (Some(p), None) = (cs.next(), cs.next()) else {
                return None;
            };
            if !p.is_ascii_alphabetic() {
                return None;
            }
            return Some(SanMove::Drop {
                piece: p.to_ascii_lowercase(),
                to: square.parse().ok()?,
            });
        }
        let bytes = text.as_bytes();
        let mut i = 0;
        let piece = match bytes.first() {
            Some(&c) if c.is_ascii_uppercase() => {
                i = 1;
                Some(c.to_ascii_lowercase() as char)
            }
            _ => None,
        };
        // The rest: [file][rank][x]square[[=]promotion]; the target square
        // is the last square in the text before the promotion.
        let rest = &text[i..];
        let (body, promotion) = match rest.rsplit_once('=') {
            Some((body, p)) => {
                let mut cs = p.chars();
                let (Some(c), None) = (cs.next(), cs.next()) else {
                    return None;
                };
                (body, Some(c))
            }
            None => match rest.chars().last() {
                Some(c) if c.is_ascii_alphabetic() && piece.is_none() => {
                    (&rest[..rest.len() - 1], Some(c))
                }
                _ => (rest, None),
            },
        };
        if promotion.is_some_and(|c| !c.is_ascii_alphabetic()) {
            return None;
        }
        let capture = body.contains('x');
        let body: String = body.chars().filter(|&c| c != 'x' && c != '-').collect();
        // The target square: a file letter then digits at the end.
        let digits = body
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if digits == 0 || body.len() < digits + 1 {
            return None;
        }
        let split = body.len() - digits - 1;
        let to: FairySquare = body[split..].parse().ok()?;
        let from = &body[..split];
        let (mut file, mut rank) = (None, None);
        let mut chars = from.chars().peekable();
        if let Some(&c) = chars.peek() {
            if c.is_ascii_lowercase() {
                file = Some(c as u8 - b'a');
                chars.next();
            }
        }
        let rank_text: String = chars.collect();
        if !rank_text.is_empty() {
            let r: u8 = rank_text.parse().ok()?;
            rank = Some(r.checked_sub(1)?);
        }
        if file.is_some_and(|f| f >= 16) || rank.is_some_and(|r| r >= 16) {
            return None;
        }
        Some(SanMove::Normal {
            piece,
            file,
            rank,
            capture,
            to,
            promotion: promotion.map(|c| c.to_ascii_lowercase()),
        })
    }
}

impl FairyMove {
    /// File of the castling rook (0 for other moves).
    fn side_rook_file(&self) -> u8 {
        if self.is_castle() {
            self.extra & 15
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Variant};

    #[test]
    fn san_basics() {
        let v = Variant::builtin("chess").unwrap();
        let pos = Position::from_fen(
            &v,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        let san = |u: &str| pos.san(pos.parse_uci(u).unwrap());
        assert_eq!(san("e1g1"), "O-O");
        assert_eq!(san("e1c1"), "O-O-O");
        assert_eq!(san("d5e6"), "dxe6");
        assert_eq!(san("e5f7"), "Nxf7");
        assert_eq!(san("c3b1"), "Nb1");
        assert_eq!(san("e2a6"), "Bxa6");
        for m in pos.legal_moves() {
            assert_eq!(pos.parse_san(&pos.san(m)).unwrap(), m);
        }
        let mate = Position::from_fen(&v, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        assert_eq!(mate.san(mate.parse_uci("a1a8").unwrap()), "Ra8#");
        let promo = Position::from_fen(&v, "7k/P7/8/8/8/8/8/K7 w - - 0 1").unwrap();
        assert_eq!(promo.san(promo.parse_uci("a7a8q").unwrap()), "a8=Q+");
    }

    /// Two sideways pawns that reach the same square name their files, so
    /// that the SAN reads back (found by the `fairy_moves` fuzz target).
    #[test]
    fn sideways_pawns_disambiguated() {
        let v = Variant::builtin("pawnsideways").unwrap();
        let pos = Position::from_fen(
            &v,
            "rnbqkbnr/ppp1pppp/3p4/8/1P6/3P4/P1P1PPPP/RNBQKBNR b KQkq - 0 2",
        )
        .unwrap();
        let san = |u: &str| pos.san(pos.parse_uci(u).unwrap());
        assert_eq!(san("d6e6"), "de6");
        assert_eq!(san("e7e6"), "ee6");
        assert_eq!(san("a7a6"), "a6");
        for m in pos.legal_moves() {
            assert_eq!(pos.parse_san(&pos.san(m)).unwrap(), m);
        }
    }

    #[test]
    fn shogi_drops_and_promotions() {
        let v = Variant::builtin("shogi").unwrap();
        let pos = Position::from_fen(
            &v,
            "lnsgkgsnl/1r7/pp1pppbpp/2p6/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Pb] b - - 0 3",
        )
        .unwrap();
        let drop = pos.parse_uci("B@e5").unwrap();
        assert!(drop.is_drop());
        assert_eq!(pos.san(drop), "B@e5");
        assert_eq!(pos.moved_piece(drop), Some((5, false)));
        let after = pos.play(drop);
        assert_eq!(
            after.fen(),
            // A drop resets the move clock (pyffish 0.0.90 writes `0 4`).
            "lnsgkgsnl/1r7/pp1pppbpp/2p6/4b4/2P6/PP1PPPPPP/7R1/LNSGKGSNL[P] w - - 0 4"
        );
        let start = Position::start(&v);
        let promo = start.play(start.parse_uci("c3c4").unwrap());
        let promo = promo.play(promo.parse_uci("c7c6").unwrap());
        let bx = promo.parse_uci("b2g7+").unwrap();
        assert_eq!(bx.to_uci(&promo), "b2g7+");
        assert_eq!(promo.san(bx), "Bxg7=+B+");
        assert_eq!(
            promo.play(bx).fen(),
            "lnsgkgsnl/1r5b1/pp1ppp+Bpp/2p6/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[P] b - - 0 2"
        );
    }

    #[test]
    fn pawn_drop_mate_is_illegal() {
        // P@a8 would mate (the golds cover a8, b8 and b9). The shogi rule
        // (uchifuzume) forbids it, as current Fairy-Stockfish does; the
        // Debian build (11.1) and pyffish 0.0.90 still count it (85 moves).
        let v = Variant::builtin("shogi").unwrap();
        let pos = Position::from_fen(&v, "k8/2G6/1G7/9/9/9/9/9/4K4[P] w - - 0 1").unwrap();
        assert!(pos.parse_uci("P@a8").is_err());
        assert_eq!(pos.count_legal(), 84);
        // Without a second gold the drop only checks: legal.
        let pos = Position::from_fen(&v, "k8/9/1G7/9/9/9/9/9/4K4[P] w - - 0 1").unwrap();
        assert!(pos.parse_uci("P@a8").is_ok());
    }

    #[test]
    fn seirawan_gating() {
        let v = Variant::builtin("seirawan").unwrap();
        let pos = Position::start(&v);
        let mv = pos.parse_uci("g1f3h").unwrap();
        assert_eq!(mv.gating().map(|g| g.0), Some(6));
        assert_eq!(pos.san(mv), "Nf3/H");
        let after = pos.play(mv);
        assert_eq!(
            after.fen(),
            "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Ehe] b KQBCDFkqbcdfg - 1 1"
        );
        let castle = Position::from_fen(
            &v,
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[EHeh] w KQBCDkqcdf - 4 4",
        )
        .unwrap();
        let rook_gate = castle.parse_uci("h1e1h").unwrap();
        assert_eq!(rook_gate.to_uci(&castle), "h1e1h");
        assert_eq!(castle.san(rook_gate), "O-O/Hh1");
        assert_eq!(
            castle.play(rook_gate).fen(),
            // The a1 rook keeps its gating right (`A`), as in Fairy-Stockfish.
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RKH[Ehe] b ABCDkqcdf - 5 4"
        );
    }

    #[test]
    fn move_facts() {
        let v = Variant::builtin("chess").unwrap();
        let pos = Position::from_fen(&v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
        let ep = pos.parse_uci("e5d6").unwrap();
        assert_eq!(pos.captured_piece(ep), Some((0, false)));
        assert_eq!(pos.moved_piece(ep), Some((0, true)));
        assert!(!pos.gives_check(ep));
    }

    #[test]
    fn a_drop_does_not_disambiguate_a_board_move() {
        // Black can play Rh7-h3+ or drop a rook on h3: the board move is
        // still `Rh3+` (python-chess and Fairy-Stockfish agree).
        let v = Variant::builtin("crazyhouse").unwrap();
        let pos = Position::from_fen(
            &v,
            "rnb2Bn1/pQpPp1pr/5p2/2p1p3/P1PpP1k1/1K6/RP1q4/1NBr~2N1[PPrb] b - - 1 30",
        )
        .unwrap();
        assert_eq!(pos.san(pos.parse_uci("h7h3").unwrap()), "Rh3+");
        assert_eq!(pos.san(pos.parse_uci("R@h3").unwrap()), "R@h3+");
    }
}
