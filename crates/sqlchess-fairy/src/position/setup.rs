//! [`Setup`]: a position of the generic engine as plain data — board,
//! hands, side, castling and gating rights, en passant, clocks — possibly
//! illegal, and the one validating way back into a [`Position`]
//! ([`Position::from_setup`]), as sqlchess-core's `Setup` is for chess.
//! Callers read a position's parts here instead of from FEN text.

use std::sync::Arc;

use super::rules::{Rules, NO_SQ};
use super::{from_frame, to_frame, FenError, Inner, Position, State};
use crate::bitboard::Bits;
use crate::{FairySquare, FenField, Variant};
use sqlchess_types::Color;

/// A piece on a square of a [`Setup`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SetupPiece {
    /// Index in [`Variant::pieces`].
    pub piece: usize,
    /// Whether it is White's.
    pub white: bool,
    /// Crazyhouse: a promoted pawn (it returns to the hand as a pawn);
    /// shogi-style variants: a promoted piece (`+` in FEN).
    pub promoted: bool,
    /// For a promoted piece of a type several pieces promote to, the one it
    /// was ([`Position::promoted_from`]); `None` reads as the first of them.
    pub promoted_from: Option<usize>,
}

/// A position as plain data: nothing here is checked until
/// [`Position::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Files of the board.
    pub width: u8,
    /// Ranks of the board.
    pub height: u8,
    /// The squares, rank 1 first and file a first within a rank:
    /// `width × height` entries.
    pub board: Vec<Option<SetupPiece>>,
    /// Pieces in hand: `[white, black][piece index]`.
    pub hands: [[u8; 32]; 2],
    /// The side to move.
    pub turn: Color,
    /// The squares of the rooks (or castling pieces) each side may still
    /// castle with: `[white, black]`.
    pub castling: [Vec<FairySquare>; 2],
    /// Seirawan: back-rank squares whose piece has not moved yet.
    pub gating: Vec<FairySquare>,
    /// The square a pawn may capture en passant on.
    pub ep_square: Option<FairySquare>,
    /// The pawn such a capture takes, when it is not straight behind
    /// [`Setup::ep_square`] (Berolina's diagonal double steps); `None`
    /// reads as straight behind.
    pub ep_victim: Option<FairySquare>,
    /// After a triple step (Wildebeest's), the second square it passed
    /// where the same pawn may be taken en passant.
    pub second_ep_square: Option<FairySquare>,
    /// Half-moves since the last capture or pawn move.
    pub halfmoves: u32,
    /// The move number.
    pub fullmoves: u32,
    /// Check counting: the checks White and Black have left to give
    /// (`None` in other variants, and for the variant's start counts).
    pub checks_left: Option<[u8; 2]>,
    /// Wall squares (`*` in FEN): empty squares no piece may enter.
    pub walls: Vec<FairySquare>,
}

impl Setup {
    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: FairySquare) -> Option<SetupPiece> {
        if sq.file() >= self.width || sq.rank() >= self.height {
            return None;
        }
        self.board
            .get(usize::from(sq.rank()) * usize::from(self.width) + usize::from(sq.file()))
            .copied()
            .flatten()
    }
}

fn bad(field: FenField, token: impl Into<String>, reason: &'static str) -> FenError {
    FenError::Field {
        field,
        token: token.into(),
        reason,
    }
}

impl Position {
    /// The position as plain data.
    ///
    /// ```
    /// use sqlchess_fairy::{Position, Variant};
    /// let pos = Position::start(&Variant::builtin("capablanca").unwrap());
    /// let setup = pos.to_setup();
    /// assert_eq!((setup.width, setup.halfmoves, setup.castling[0].len()), (10, 0, 2));
    /// assert_eq!(Position::from_setup(pos.variant(), &setup).unwrap(), pos);
    /// ```
    pub fn to_setup(&self) -> Setup {
        let v = self.variant();
        let (w, h) = (v.width, v.height);
        let mut board = Vec::with_capacity(usize::from(w) * usize::from(h));
        let stride = self.stride();
        let promoted = with!(self, |_r, st| {
            let mut out = Vec::new();
            for sq in st.promoted.iter() {
                out.push(to_frame(sq, stride));
            }
            out
        });
        for rank in 0..h {
            for file in 0..w {
                let sq = FairySquare::new(file, rank);
                board.push(sq.and_then(|sq| {
                    self.piece_at(sq).map(|(piece, white)| SetupPiece {
                        piece,
                        white,
                        promoted: promoted.contains(&sq.index()),
                        promoted_from: self
                            .promoted_from(sq)
                            .filter(|_| v.promotion_bases(piece).nth(1).is_some()),
                    })
                }));
            }
        }
        let (hands, gating, walls) = with!(self, |_r, st| {
            let gating: Vec<FairySquare> = st
                .gate
                .iter()
                .map(|sq| FairySquare::from_index(to_frame(sq, stride)))
                .collect();
            let walls: Vec<FairySquare> = st
                .walls
                .iter()
                .map(|sq| FairySquare::from_index(to_frame(sq, stride)))
                .collect();
            (st.hand, gating, walls)
        });
        Setup {
            width: w,
            height: h,
            board,
            hands,
            turn: self.turn(),
            castling: [
                self.castling_rooks(Color::White),
                self.castling_rooks(Color::Black),
            ],
            gating,
            ep_square: self.ep_square(),
            ep_victim: self.ep_victim(),
            second_ep_square: self.second_ep_square(),
            halfmoves: self.halfmoves(),
            fullmoves: self.fullmoves(),
            checks_left: self.checks_left(),
            walls,
        }
    }

    /// The one validating way from a [`Setup`] to a position of `variant`:
    /// the board's size must be the variant's, pieces exist, each side has
    /// exactly one royal piece where the variant has one, castling rights
    /// name castling pieces on the back rank with the king there, pieces in
    /// hand only where the variant has a hand, and the side not to move is
    /// not in check. An en-passant square is kept only where a capture there
    /// is possible, as FEN reading does.
    ///
    /// # Errors
    /// [`FenError`] naming the field at fault.
    pub fn from_setup(variant: &Variant, setup: &Setup) -> Result<Position, FenError> {
        variant.validate().map_err(FenError::Variant)?;
        let squares = usize::from(variant.width) * usize::from(variant.height);
        let inner = if squares <= 64 {
            let rules = Arc::new(Rules::<u64>::new(variant));
            let st = build(&rules, setup)?;
            Inner::Tiny(rules, st)
        } else if squares <= 128 {
            let rules = Arc::new(Rules::<u128>::new(variant));
            let st = build(&rules, setup)?;
            Inner::Small(rules, st)
        } else {
            let rules = Arc::new(Rules::<crate::Bb256>::new(variant));
            let st = build(&rules, setup)?;
            Inner::Large(rules, st)
        };
        Ok(Position { inner })
    }
}

fn build<B: Bits>(r: &Rules<B>, s: &Setup) -> Result<State<B>, FenError> {
    let v = &r.v;
    if (s.width, s.height) != (v.width, v.height)
        || s.board.len() != usize::from(s.width) * usize::from(s.height)
    {
        return Err(bad(
            FenField::Placement,
            format!("{}x{}", s.width, s.height),
            "board size differs from the variant's",
        ));
    }
    let mut st = State::<B>::empty(r.stride);
    for (i, cell) in s.board.iter().enumerate() {
        let Some(p) = cell else { continue };
        if p.piece >= v.pieces.len() {
            return Err(bad(
                FenField::Placement,
                p.piece.to_string(),
                "no piece of this index",
            ));
        }
        let (file, rank) = (i % usize::from(s.width), i / usize::from(s.width));
        let sq = rank * r.stride + file;
        let c = usize::from(!p.white);
        if v.royal == Some(p.piece) {
            if st.royal_sq[c] != NO_SQ {
                return Err(bad(
                    FenField::Placement,
                    "",
                    "more than one royal piece per side",
                ));
            }
            st.royal_sq[c] = sq as u8;
        }
        st.put(sq, p.piece, c);
        if p.promoted {
            st.promoted.set(sq);
            if let Some(base) = p.promoted_from.filter(|_| v.promotion_marked) {
                if !r.bases_of[p.piece].contains(&base) {
                    return Err(bad(
                        FenField::Placement,
                        "",
                        "a promoted piece's base does not promote to it",
                    ));
                }
                st.set_slot(sq, State::slot_of(r, p.piece, base));
            }
        }
    }
    // As in FEN: a side may lack its royal piece where pieces can go extinct,
    // or hold it in hand (placement).
    if v.royal.is_some() && v.extinction.is_none() {
        for (c, who) in [(0, "no white royal piece"), (1, "no black royal piece")] {
            let in_hand = v.royal.is_some_and(|t| v.drops && s.hands[c][t] > 0);
            if st.royal_sq[c] == NO_SQ && !in_hand {
                return Err(bad(FenField::Placement, "", who));
            }
        }
    }
    for c in 0..2 {
        for (t, &n) in s.hands[c].iter().enumerate() {
            if n == 0 {
                continue;
            }
            if (!v.drops && !v.gating) || t >= v.pieces.len() {
                return Err(bad(
                    FenField::Placement,
                    n.to_string(),
                    "pieces in hand in a variant without drops",
                ));
            }
        }
    }
    st.hand = s.hands;
    st.side = usize::from(s.turn == Color::Black);
    st.find_castle_kings(r);
    let frame = |sq: FairySquare| -> Option<usize> {
        (sq.file() < v.width && sq.rank() < v.height).then(|| from_frame(sq.index(), r.stride))
    };
    for (c, rooks) in s.castling.iter().enumerate() {
        if rooks.len() > 2 {
            return Err(bad(
                FenField::Castling,
                "",
                "more than two castling rights for a side",
            ));
        }
        for &rook in rooks {
            let Some(castling) = &v.castling else {
                return Err(bad(
                    FenField::Castling,
                    rook.to_string(),
                    "no castling in this variant",
                ));
            };
            let rs = frame(rook)
                .ok_or_else(|| bad(FenField::Castling, rook.to_string(), "off the board"))?;
            let k = st.castle_king[c];
            let on_back = |sq: usize| r.back_rank[c].has(sq);
            let own_rook =
                castling.rook_types().any(|t| st.by_type[t].has(rs)) && st.by_color[c].has(rs);
            if k == NO_SQ || !on_back(k as usize) || !on_back(rs) || !own_rook {
                return Err(bad(
                    FenField::Castling,
                    rook.to_string(),
                    "no castling rook and king on the back rank",
                ));
            }
            let side = usize::from(rs < k as usize);
            st.castle[c][side] = rs as u8;
        }
    }
    for &wall in &s.walls {
        let sq = frame(wall)
            .ok_or_else(|| bad(FenField::Placement, wall.to_string(), "off the board"))?;
        if st.board[sq] != 0 {
            return Err(bad(
                FenField::Placement,
                wall.to_string(),
                "a wall on a piece",
            ));
        }
        st.walls.set(sq);
    }
    for &g in &s.gating {
        let sq = frame(g).ok_or_else(|| bad(FenField::Castling, g.to_string(), "off the board"))?;
        let owner = (0..2).find(|&c| st.by_color[c].has(sq));
        if !v.gating || owner.is_none_or(|c| !r.back_rank[c].has(sq)) {
            return Err(bad(
                FenField::Castling,
                g.to_string(),
                "gating right on an empty square",
            ));
        }
        st.gate.set(sq);
    }
    if let Some(ep) = s.ep_square {
        let idx =
            frame(ep).ok_or_else(|| bad(FenField::EnPassant, ep.to_string(), "off the board"))?;
        let triple = !r.triple_zone.iter().all(|z| z.is_empty());
        let victim = match s.ep_victim {
            // The pawn that passed the square stands next to it, or two
            // squares on after a triple step.
            Some(sq)
                if (sq.file().abs_diff(ep.file()) > 1 || sq.rank().abs_diff(ep.rank()) > 1)
                    && !(triple
                        && sq.file() == ep.file()
                        && sq.rank().abs_diff(ep.rank()) == 2) =>
            {
                return Err(bad(
                    FenField::EnPassant,
                    sq.to_string(),
                    "the captured pawn must stand next to the en-passant square",
                ));
            }
            Some(sq) => Some(
                frame(sq)
                    .ok_or_else(|| bad(FenField::EnPassant, sq.to_string(), "off the board"))?,
            ),
            None if st.side == 0 => idx.checked_sub(r.stride),
            None => Some(idx + r.stride),
        };
        let piece_there = |p: Option<usize>| {
            victim.zip(p).is_some_and(|(vs, p)| {
                vs < 256 && st.by_type[p].has(vs) && st.by_color[st.side ^ 1].has(vs)
            })
        };
        // A second pawn (Wolf chess's sergeant) lists the square it
        // reached as the second one.
        let second_pawn = piece_there(v.second_pawn);
        let pawn_there = piece_there(v.pawn_of(st.side ^ 1)) || second_pawn;
        if v.en_passant && pawn_there && st.board[idx] == 0 {
            st.ep = idx as u8;
            st.ep_victim = victim.unwrap_or(0) as u8;
            // The other square the triple step passed, between the pawn
            // and the first.
            if let Some(second) = s.second_ep_square {
                let at = frame(second)
                    .ok_or_else(|| bad(FenField::EnPassant, second.to_string(), "off the board"))?;
                let between = second.file() == ep.file()
                    && victim.is_some_and(|vs| (idx.min(vs)..idx.max(vs)).contains(&at));
                let reached = second_pawn && victim == Some(at);
                if !(reached || (triple && between && st.board[at] == 0)) {
                    return Err(bad(
                        FenField::EnPassant,
                        second.to_string(),
                        "a second en-passant square must lie between the first and the pawn of a triple step, or hold the second pawn that double-stepped",
                    ));
                }
                st.ep_second = at as u8;
            }
        }
    }
    st.halfmove = s.halfmoves;
    st.fullmove = s.fullmoves;
    if v.check_counting {
        st.checks = match s.checks_left {
            Some(c) => c,
            None => Position::start(v).checks_left().unwrap_or([3, 3]),
        };
    }
    super::fen::settle_opposite_check(r, &mut st)?;
    Ok(st)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_round_trips_through_its_setup() {
        let mut rng = sqlchess_types::XorShift64::new(11);
        for name in crate::variant_names() {
            let v = Variant::builtin(name).unwrap();
            let mut pos = Position::start(&v);
            for _ in 0..60 {
                let setup = pos.to_setup();
                let back = Position::from_setup(&v, &setup).unwrap();
                assert_eq!(back.fen(), pos.fen(), "{name}");
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(moves[rng.below(moves.len())]);
            }
        }
    }

    #[test]
    fn impossible_setups_name_their_field() {
        let v = Variant::builtin("capablanca").unwrap();
        let mut s = Position::start(&v).to_setup();
        s.board.iter_mut().for_each(|c| {
            if c.is_some_and(|p| Some(p.piece) == v.royal) {
                *c = None;
            }
        });
        assert!(Position::from_setup(&v, &s).is_err());
        let mut s = Position::start(&v).to_setup();
        s.width = 8;
        assert!(matches!(
            Position::from_setup(&v, &s),
            Err(FenError::Field {
                field: FenField::Placement,
                ..
            })
        ));
        let mut s = Position::start(&v).to_setup();
        s.hands[0][0] = 1;
        assert!(Position::from_setup(&v, &s).is_err());
    }
}
