//! Positions of any [`Variant`]: FEN, legal moves, playing moves, perft.

mod adjudicate;
mod attacks;
mod counting;
mod fen;
mod janggi;
mod movegen;
mod rules;
mod san;
mod special;

use crate::bitboard::{Bb256, Bits};
use crate::geometry::{parse_square_prefix, FairySquare};
use crate::variant::{EnclosingRule, PerVariant, Variant, VariantError};
use core::fmt;
use movegen::{castle_rook_dest, AnyMove, Counter};
use rules::{Rules, NO_SQ};
use sqlchess_types::{Color, GameStatus, Outcome};
use std::sync::Arc;

pub use fen::FenError;
pub use san::SanMove;
pub use setup::{Setup, SetupPiece};

/// What kind of move a [`FairyMove`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub(crate) enum MoveKind {
    Normal,
    DoubleStep,
    EnPassant,
    Castle,
    Locust,
    /// A piece from the hand; `extra` holds its index.
    Drop,
    /// A normal move that gates the hand piece `extra` onto the vacated
    /// square (Seirawan).
    Gate,
    /// Castling that gates the hand piece `promotion` onto the rook's square
    /// (plain `Castle` with a `promotion` gates onto the king's square).
    CastleGateRook,
    /// Passing the turn, written as the move of a piece (the royal one, or
    /// the first on the board) to its own square, as Fairy-Stockfish does.
    Pass,
}

/// A move of a fairy position. Castling is stored as the king's move to its
/// destination; the rook's square is kept too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FairyMove {
    from: u8,
    to: u8,
    promotion: u8,
    kind: MoveKind,
    extra: u8,
    /// The square a wall is put on after the move (variants.ini's
    /// `wallingRule`), or [`NO_SQ`].
    wall: u8,
}

impl FairyMove {
    #[inline]
    pub(crate) fn drop(t: usize, to: usize) -> FairyMove {
        FairyMove {
            from: to as u8,
            to: to as u8,
            promotion: NO_SQ,
            kind: MoveKind::Drop,
            extra: t as u8,
            wall: NO_SQ,
        }
    }

    #[inline]
    pub(crate) fn pass(sq: usize) -> FairyMove {
        FairyMove {
            from: sq as u8,
            to: sq as u8,
            promotion: NO_SQ,
            kind: MoveKind::Pass,
            extra: 0,
            wall: NO_SQ,
        }
    }

    /// Whether this passes the turn (variants.ini's `pass` and
    /// `passOnStalemate`; written `e1e1`, the piece's square twice).
    pub fn is_pass(&self) -> bool {
        self.kind == MoveKind::Pass
    }

    #[inline]
    pub(crate) fn normal(from: usize, to: usize) -> FairyMove {
        FairyMove {
            from: from as u8,
            to: to as u8,
            promotion: NO_SQ,
            kind: MoveKind::Normal,
            extra: 0,
            wall: NO_SQ,
        }
    }

    /// Departure square.
    pub fn from(&self) -> FairySquare {
        FairySquare::from_index(self.from as usize)
    }

    /// Arrival square (the king's destination when castling).
    pub fn to(&self) -> FairySquare {
        FairySquare::from_index(self.to as usize)
    }

    /// Index in [`Variant::pieces`] of the promotion piece, if any.
    pub fn promotion(&self) -> Option<usize> {
        (self.promotion != NO_SQ && !self.is_castle()).then_some(self.promotion as usize)
    }

    /// Seirawan gating: the piece put from the hand and the square it goes
    /// to (the square the moving piece, or the castling king or rook, left).
    pub fn gating(&self) -> Option<(usize, FairySquare)> {
        match self.kind {
            MoveKind::Gate => Some((self.extra as usize, self.from())),
            MoveKind::Castle if self.promotion != NO_SQ => {
                Some((self.promotion as usize, self.from()))
            }
            MoveKind::CastleGateRook => Some((
                self.promotion as usize,
                FairySquare::from_index(self.extra as usize),
            )),
            _ => None,
        }
    }

    /// The square a wall (or the duck) is put on after the move, in
    /// variants with walling (written `e2e4,e4d5` in UCI).
    pub fn wall(&self) -> Option<FairySquare> {
        (self.wall != NO_SQ).then(|| FairySquare::from_index(self.wall as usize))
    }

    /// Whether this is castling.
    pub fn is_castle(&self) -> bool {
        matches!(self.kind, MoveKind::Castle | MoveKind::CastleGateRook)
    }

    /// Whether this drops a piece from the hand (then [`FairyMove::from`]
    /// equals [`FairyMove::to`]).
    pub fn is_drop(&self) -> bool {
        self.kind == MoveKind::Drop
    }

    /// Index in [`Variant::pieces`] of the dropped piece.
    pub fn dropped_piece(&self) -> Option<usize> {
        self.is_drop().then_some(self.extra as usize)
    }

    /// Whether this is an en passant capture.
    pub fn is_en_passant(&self) -> bool {
        self.kind == MoveKind::EnPassant
    }

    /// The square of the piece removed by en passant or a locust capture.
    pub fn side_capture(&self) -> Option<FairySquare> {
        matches!(self.kind, MoveKind::EnPassant | MoveKind::Locust)
            .then(|| FairySquare::from_index(self.extra as usize))
    }

    /// UCI text in the position's conventions: the promotion letter of the
    /// variant, and king-takes-rook castling in Chess960 or where the king
    /// moves less than two files.
    pub fn to_uci(&self, pos: &Position) -> String {
        let base = self.uci_move(pos);
        match self.wall() {
            // Fairy-Stockfish: the move, then the arrival and the wall.
            Some(w) => format!("{base},{}{w}", self.to()),
            // Fairy-Stockfish names a1 where a move puts no wall.
            None if pos.variant().wall_or_move && pos.variant().walling.is_some() => {
                format!("{base},{}a1", self.to())
            }
            None => base,
        }
    }

    fn uci_move(&self, pos: &Position) -> String {
        let v = pos.variant();
        let letter = |t: usize| v.pieces.get(t).map_or('?', |p| p.letter);
        if self.kind == MoveKind::CastleGateRook {
            // Fairy-Stockfish writes rook square, king square, gated piece.
            let rook = FairySquare::from_index(self.extra as usize);
            return format!("{rook}{}{}", self.from(), letter(self.promotion as usize));
        }
        // King takes rook in Chess960, and wherever the king moves less
        // than two files (where its square would read as a plain king
        // move), as Fairy-Stockfish writes it (haynie).
        let short_castle = self.from().file().abs_diff(self.to().file()) < 2;
        let to = if self.is_castle() && (pos.variant().chess960 || short_castle) {
            FairySquare::from_index(self.extra as usize)
        } else {
            self.to()
        };
        let v = pos.variant();
        if let Some(t) = self.dropped_piece() {
            let letter = v
                .pieces
                .get(t)
                .map_or('?', |p| p.letter.to_ascii_uppercase());
            let promoted = if self.promotion != NO_SQ { "+" } else { "" };
            return format!("{promoted}{letter}@{}", self.to());
        }
        let mut s = format!("{}{}", self.from(), to);
        if let Some((g, _)) = self.gating() {
            s.push(letter(g));
        } else if let Some(p) = self.promotion() {
            let moved = pos.piece_at(self.from()).map(|(t, _)| t);
            if moved.is_some_and(|m| v.piece_promotions.contains(&(p, m))) {
                // Back to the moving piece's base: a demotion.
                s.push('-');
            } else if moved.is_some_and(|m| v.piece_promotions.contains(&(m, p))) {
                // The moving piece's own shogi-style promotion; a pawn
                // becoming a piece that others promote to (forward's
                // queen) is a chess promotion, written with its letter.
                s.push('+');
            } else if let Some(pt) = v.pieces.get(p) {
                s.push(pt.letter);
            }
        }
        s
    }
}

/// Plain from-to text; promotions show the piece index as `=n` since the
/// letter belongs to the variant (use [`FairyMove::to_uci`] for UCI).
impl fmt::Display for FairyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(p) = self.promotion() {
            write!(f, "={p}")?;
        }
        Ok(())
    }
}

/// Why a move text was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// Not of the form `<from><to>[promotion letter]`.
    #[error("invalid uci move {0:?}")]
    Syntax(String),
    /// Well formed but not a legal move here.
    #[error("illegal move {0:?}")]
    Illegal(String),
    /// Several legal moves match (SAN without enough disambiguation).
    #[error("ambiguous move {0:?}")]
    Ambiguous(String),
}

/// The plain, copyable part of a position.
#[derive(Clone, Copy, Debug, Eq)]
pub(crate) struct State<B> {
    pub board: [u8; 256],
    pub by_color: [B; 2],
    /// Wall squares (`*` in FEN): empty squares no piece may enter or
    /// cross (beside `by_color`, read with it for the occupancy).
    pub walls: B,
    pub by_type: [B; 32],
    pub side: usize,
    /// Rook squares with castling rights: [colour][0 = higher file, 1 = lower].
    pub castle: [[u8; 2]; 2],
    pub ep: u8,
    pub ep_victim: u8,
    /// After a triple step, the second square it passed where a capture en
    /// passant is possible (`ep` is the first), or [`NO_SQ`].
    pub ep_second: u8,
    pub halfmove: u32,
    pub fullmove: u32,
    pub royal_sq: [u8; 2],
    /// Pieces in hand per colour and piece index.
    pub hand: [[u8; 32]; 2],
    /// Pieces that were pawns (crazyhouse: they return to the hand as pawns).
    pub promoted: B,
    /// For a marked piece whose type several pieces promote to
    /// ([`Rules::bases_of`]), the index of its base among them, one bit
    /// per bitboard; clear everywhere else, so that equal positions have
    /// equal slots.
    pub base_slot: [B; 3],
    /// Back-rank squares whose piece has not moved yet (Seirawan gating).
    pub gate: B,
    /// Checks each colour has left to give (check counting only).
    pub checks: [u8; 2],
    /// The square of each colour's castling king (the royal piece's, or the
    /// variant's castling piece's), or [`NO_SQ`].
    pub castle_king: [u8; 2],
    /// Passes in a row that led here, at most two (two end the game).
    pub passes: u8,
    /// Whether the kings faced each other before the last move (bikjang
    /// variants only: a pass that keeps them facing ends the game).
    pub bikjang_before: bool,
    /// Whether the last move was a castling that `castlingWins` names: its
    /// side has won (read from a FEN, never: there the right is just gone,
    /// as Fairy-Stockfish reads it).
    pub castled_to_win: bool,
    /// Shatar's mate ([`Variant::shatar_mate`]), for each colour: 0 when
    /// its last move gave no check, else 1 + whether the unbroken series of
    /// checks it has been giving holds a shak. History, as `passes` is: a
    /// FEN starts every series afresh, as Fairy-Stockfish's does.
    pub shak_series: [u8; 2],
    /// Makruk-style counting ([`Variant::counting`]): the plies allowed
    /// (twice the moves), 0 while no count runs, and the plies counted so
    /// far. Written in FEN as Fairy-Stockfish writes them, the limit where
    /// the en-passant square stands and the plies as the half-move clock.
    pub counting_limit: u16,
    pub counting_ply: u16,
    /// The Zobrist keys of the pieces on the board, XORed together, kept
    /// as pieces are put and taken ([`State::put`], [`State::take`]): the
    /// search asks every node's hash, and a walk over the pieces through
    /// a key table larger than the first-level cache cost it 4 %.
    pub piece_key: u64,
    /// Files per rank of the layout (16 for the frame), for the keys,
    /// which are the frame square's.
    pub stride: u8,
}

/// Field by field, but a colour's castling king only while that colour
/// may still castle: once the rights are gone its square means nothing, and
/// a position reached by moves (where a non-royal castling king was
/// followed) must equal the same position read from its FEN.
impl<B: PartialEq> PartialEq for State<B> {
    fn eq(&self, other: &Self) -> bool {
        let castle_kings_agree = (0..2)
            .all(|c| self.castle[c] == [NO_SQ; 2] || self.castle_king[c] == other.castle_king[c]);
        self.board == other.board
            && self.by_color == other.by_color
            && self.walls == other.walls
            && self.by_type == other.by_type
            && self.side == other.side
            && self.castle == other.castle
            && self.ep == other.ep
            && self.ep_victim == other.ep_victim
            && self.ep_second == other.ep_second
            // While a makruk-style count runs, FEN (Fairy-Stockfish's)
            // writes the plies counted instead of the half-move clock, so
            // the clock is no part of what a position is then.
            && (self.halfmove == other.halfmove || self.counting_limit > 0)
            && self.fullmove == other.fullmove
            && self.royal_sq == other.royal_sq
            && self.hand == other.hand
            && self.promoted == other.promoted
            && self.base_slot == other.base_slot
            && self.gate == other.gate
            && self.checks == other.checks
            && self.counting_limit == other.counting_limit
            && self.counting_ply == other.counting_ply
            && castle_kings_agree
    }
}

/// Board squares hold 0 for empty, else `1 + type + 32 * colour`.
#[inline]
pub(crate) fn code(t: usize, c: usize) -> u8 {
    (1 + t + 32 * c) as u8
}

impl<B: Bits> State<B> {
    fn empty(stride: usize) -> State<B> {
        State {
            piece_key: 0,
            stride: stride as u8,
            board: [0; 256],
            by_color: [B::EMPTY; 2],
            by_type: [B::EMPTY; 32],
            side: 0,
            castle: [[NO_SQ; 2]; 2],
            ep: NO_SQ,
            ep_victim: NO_SQ,
            ep_second: NO_SQ,
            halfmove: 0,
            fullmove: 1,
            royal_sq: [NO_SQ; 2],
            hand: [[0; 32]; 2],
            promoted: B::EMPTY,
            base_slot: [B::EMPTY; 3],
            gate: B::EMPTY,
            checks: [0; 2],
            castle_king: [NO_SQ; 2],
            passes: 0,
            bikjang_before: false,
            castled_to_win: false,
            shak_series: [0; 2],
            counting_limit: 0,
            counting_ply: 0,
            walls: B::EMPTY,
        }
    }

    /// Finds each colour's castling king: the royal piece, or the variant's
    /// castling piece on the castling rank (on the e-file if there are
    /// several).
    pub(crate) fn find_castle_kings(&mut self, r: &Rules<B>) {
        for c in 0..2 {
            self.castle_king[c] = match r.v.castling.as_ref().and_then(|k| k.king) {
                None => self.royal_sq[c],
                Some(t) => {
                    let on_rank = self.by_type[t] & self.by_color[c] & r.back_rank[c];
                    let e = on_rank.iter().find(|&s| s % r.stride == 4);
                    e.or_else(|| on_rank.lsb()).map_or(NO_SQ, |s| s as u8)
                }
            };
        }
    }

    /// `castlingDroppedPiece`: with the king on the e-file of `c`'s back
    /// rank and a castling rook in a corner of it, `c` may castle that way.
    fn castling_from_drop(&mut self, r: &Rules<B>, c: usize) {
        let Some(castling) = &r.v.castling else {
            return;
        };
        let k = self.royal_sq[c];
        let rank_start = match r.back_rank[c].lsb() {
            Some(sq) => sq - sq % r.stride,
            None => return,
        };
        if k == NO_SQ || k as usize != rank_start + 4 {
            return;
        }
        self.castle_king[c] = k;
        for (side, file) in [(0, r.w as usize - 1), (1, 0)] {
            let sq = rank_start + file;
            let own =
                self.by_color[c].has(sq) && castling.rook_types().any(|t| self.by_type[t].has(sq));
            if own && self.castle[c][side] == NO_SQ {
                self.castle[c][side] = sq as u8;
            }
        }
    }

    /// The Zobrist key of the piece coded `p` (see [`code`]) on `sq`.
    #[inline]
    fn key_of(&self, p: u8, sq: usize) -> u64 {
        let (t, c) = ((p as usize - 1) & 31, (p as usize - 1) >> 5);
        zobrist::piece_key(t, c, to_frame(sq, usize::from(self.stride)))
    }

    pub(crate) fn put(&mut self, sq: usize, t: usize, c: usize) {
        // A piece put over another replaces it on the board (as the hash
        // has always read it).
        let old = self.board[sq];
        if old != 0 {
            self.piece_key ^= self.key_of(old, sq);
        }
        let p = code(t, c);
        self.board[sq] = p;
        self.piece_key ^= self.key_of(p, sq);
        self.by_color[c].set(sq);
        self.by_type[t].set(sq);
    }

    pub(crate) fn take(&mut self, sq: usize) {
        let p = self.board[sq];
        if p != 0 {
            let (t, c) = ((p as usize - 1) & 31, (p as usize - 1) >> 5);
            self.piece_key ^= self.key_of(p, sq);
            self.by_color[c].clear(sq);
            self.by_type[t].clear(sq);
            self.board[sq] = 0;
        }
    }

    /// The base slot of the piece on `sq` (see [`State::base_slot`]).
    fn slot_at(&self, sq: usize) -> usize {
        (0..3)
            .map(|i| usize::from(self.base_slot[i].has(sq)) << i)
            .sum()
    }

    /// Sets the base slot of the piece on `sq`; 0 clears it.
    pub(crate) fn set_slot(&mut self, sq: usize, slot: usize) {
        for i in 0..3 {
            if slot >> i & 1 == 1 {
                self.base_slot[i].set(sq);
            } else {
                self.base_slot[i].clear(sq);
            }
        }
    }

    /// The piece a piece of type `t` on `sq` returns to the hand as, or is
    /// written with `+` in FEN when marked: for a marked piece of a type
    /// several pieces promote to, the one it was promoted from.
    pub(crate) fn base_at(&self, r: &Rules<B>, sq: usize, t: usize) -> usize {
        match r.bases_of[t].as_slice() {
            bases @ [_, _, ..] if self.promoted.has(sq) => {
                bases.get(self.slot_at(sq)).copied().unwrap_or(r.base_of[t])
            }
            _ => r.base_of[t],
        }
    }

    /// The slot of base `base` among the bases of promoted type `t` (0 when
    /// it is not one of them).
    pub(crate) fn slot_of(r: &Rules<B>, t: usize, base: usize) -> usize {
        r.bases_of[t].iter().position(|&b| b == base).unwrap_or(0)
    }

    /// Removes the piece on `sq`, adding it (demoted) to `captor`'s hand
    /// when the variant says so.
    fn take_to_hand(&mut self, r: &Rules<B>, sq: usize, captor: usize) {
        let p = self.board[sq];
        if p != 0 && r.v.captures_to_hand {
            let t = (p as usize - 1) & 31;
            let base = self.base_at(r, sq, t);
            let t = match (self.promoted.has(sq), r.v.promotion_marked) {
                // A marked shogi-style promoted piece returns as its base;
                // an unmarked piece of a marked variant is itself.
                (true, true) if base != t => base,
                (false, true) => t,
                (true, _) if r.v.drop_loop => base,
                (true, _) => r.v.pawn_of(captor).unwrap_or(base),
                (false, false) => base,
            };
            self.hand[captor][t] = self.hand[captor][t].saturating_add(1);
        }
        self.promoted.clear(sq);
        if r.shared_promotions {
            self.set_slot(sq, 0);
        }
        self.take(sq);
    }

    pub(crate) fn play(&mut self, r: &Rules<B>, mv: FairyMove) {
        let us = self.side;
        let (from, to) = (mv.from as usize, mv.to as usize);
        let p = self.board[from];
        let t = (p as usize).wrapping_sub(1) & 31;
        let mut capture = false;
        if self.counting_limit > 0 {
            self.counting_ply = self.counting_ply.saturating_add(1);
        }
        // What the move takes, for a count (no counting variant takes en
        // passant); looked at only where counting is kept.
        let taken = (r.v.counting.is_some()
            && mv.kind != MoveKind::Drop
            && to != from
            && self.board[to] != 0)
            .then(|| (self.board[to] as usize - 1) & 31);
        self.ep = NO_SQ;
        self.ep_victim = NO_SQ;
        self.ep_second = NO_SQ;
        if r.v.bikjang {
            self.bikjang_before = self.kings_face(r);
        }
        self.castled_to_win = false;
        // A wall put alone (`wallOrMove`) is a turn, not a pass.
        self.passes = if mv.kind == MoveKind::Pass && mv.wall == NO_SQ {
            (self.passes + 1).min(2)
        } else {
            0
        };
        if mv.kind == MoveKind::Pass {
            if mv.wall != NO_SQ {
                self.walls.set(mv.wall as usize);
            }
            // Nothing moves and no right is lost; the clock counts the
            // pass as a move of the piece it names.
            if r.v.pawn_of(us) == Some(t) {
                self.halfmove = 0;
            } else {
                self.halfmove = self.halfmove.saturating_add(1);
            }
            if us == 1 {
                self.fullmove = self.fullmove.saturating_add(1);
            }
            self.side ^= 1;
            return;
        }
        match mv.kind {
            MoveKind::Castle | MoveKind::CastleGateRook => {
                let rook = mv.extra as usize;
                let rt = (self.board[rook] as usize).wrapping_sub(1) & 31;
                self.take(from);
                self.take(rook);
                self.put(to, t, us);
                self.put(castle_rook_dest(from, to, rook), rt, us);
                self.gate.clear(from);
                self.gate.clear(rook);
                // The rook on the higher file is right 0.
                let wing = usize::from(rook % r.stride < from % r.stride);
                if r.v.opposite_castling {
                    self.castle[us ^ 1][wing] = NO_SQ;
                }
                self.castled_to_win = r.v.castling_wins[us][wing];
                if mv.promotion != NO_SQ {
                    let g = mv.promotion as usize;
                    let square = if mv.kind == MoveKind::CastleGateRook {
                        rook
                    } else {
                        from
                    };
                    self.hand[us][g] = self.hand[us][g].saturating_sub(1);
                    self.put(square, g, us);
                }
            }
            MoveKind::Drop => {
                let dt = mv.extra as usize;
                self.hand[us][dt] = self.hand[us][dt].saturating_sub(1);
                // Dropped promoted (`dropPromoted`): the piece goes down
                // as its promoted form.
                let placed = if mv.promotion != NO_SQ {
                    mv.promotion as usize
                } else {
                    dt
                };
                match r.v.flip_enclosed {
                    Some(EnclosingRule::Reversi) => {
                        // Every enclosed line turns to the mover's colour.
                        for s in self.enclosed(r, to, us).iter() {
                            let t = (self.board[s] as usize - 1) & 31;
                            self.take(s);
                            self.put(s, t, us);
                        }
                    }
                    Some(EnclosingRule::Ataxx) => self.convert_neighbours(r, to, us),
                    Some(EnclosingRule::Quadwrangle)
                        if !(self.neighbours(r, to) & self.by_color[us]).is_empty() =>
                    {
                        self.convert_neighbours(r, to, us)
                    }
                    _ => {}
                }
                self.put(to, placed, us);
                if r.v.promotion_marked && placed != dt {
                    self.promoted.set(to);
                    if r.shared_promotions {
                        self.set_slot(to, Self::slot_of(r, placed, dt));
                    }
                }
                if r.v.royal == Some(dt) {
                    self.royal_sq[us] = to as u8;
                }
            }
            _ => {
                if matches!(mv.kind, MoveKind::EnPassant | MoveKind::Locust) {
                    self.take_to_hand(r, mv.extra as usize, us);
                    capture = true;
                }
                // Sittuyin's promotion in place is no capture.
                if self.board[to] != 0 && to != from {
                    capture = true;
                    self.take_to_hand(r, to, us);
                }
                self.take(from);
                let nt = if mv.promotion != NO_SQ {
                    mv.promotion as usize
                } else {
                    t
                };
                self.put(to, nt, us);
                if matches!(
                    r.v.flip_enclosed,
                    Some(EnclosingRule::Ataxx | EnclosingRule::Quadwrangle)
                ) {
                    self.convert_neighbours(r, to, us);
                }
                // Petrified chess: the captor (as it moved, before any
                // promotion) turns to stone where it captured.
                if capture && r.v.petrify_on_capture.contains(&t) {
                    self.take(to);
                    self.walls.set(to);
                }
                // Crazyhouse remembers pawns promoted the chess way.
                let was_promoted = self.promoted.has(from);
                self.promoted.clear(from);
                let from_slot = if r.shared_promotions {
                    let slot = self.slot_at(from);
                    self.set_slot(from, 0);
                    slot
                } else {
                    0
                };
                // A demotion (back to the moving piece's base) is no
                // promotion.
                let chess_promotion =
                    mv.promotion != NO_SQ && r.base_of[nt] == nt && r.base_of[t] != nt;
                let marked = r.v.promotion_marked
                    && (was_promoted || (mv.promotion != NO_SQ && r.base_of[nt] != nt));
                if marked || (r.v.captures_to_hand && (was_promoted || chess_promotion)) {
                    self.promoted.set(to);
                    if r.shared_promotions && marked {
                        // Its own promotion names the base it was; a move
                        // of a marked piece keeps its base.
                        let slot = if mv.promotion != NO_SQ {
                            Self::slot_of(r, nt, t)
                        } else {
                            from_slot
                        };
                        self.set_slot(to, slot);
                    }
                }
                // Seirawan: leaving (or losing) a back-rank piece ends the
                // square's gating right; a gating move fills it from the hand.
                self.gate.clear(from);
                self.gate.clear(to);
                if mv.kind == MoveKind::Gate {
                    let g = mv.extra as usize;
                    self.hand[us][g] = self.hand[us][g].saturating_sub(1);
                    self.put(from, g, us);
                }
                if capture && r.v.blast_on_capture {
                    self.explode(r, to);
                }
                // A double step that promotes (onto a promotion region as
                // deep as epicatomic's) leaves no pawn to take en passant.
                if mv.kind == MoveKind::DoubleStep && r.v.en_passant && mv.promotion == NO_SQ {
                    // The squares passed over (two after a triple step);
                    // each only when an enemy pawn could capture there, as
                    // X-FEN prints it.
                    let ranks = (from / r.stride).abs_diff(to / r.stride);
                    let passed: &[usize] = match ranks {
                        2 => &[(from + to) / 2],
                        // Lower square first, as Fairy-Stockfish lists them.
                        3 if from % r.stride == to % r.stride => &[
                            (2 * from.min(to) + from.max(to)) / 3,
                            (from.min(to) + 2 * from.max(to)) / 3,
                        ],
                        _ => &[],
                    };
                    if r.v.second_pawn == Some(t) {
                        // Both squares, whoever could take there, as
                        // Fairy-Stockfish lists them; the pawn takes on the
                        // first.
                        if let &[sq] = passed {
                            self.ep = sq as u8;
                            self.ep_victim = to as u8;
                            self.ep_second = to as u8;
                        }
                    } else if let Some(pw) = r.v.pawn_of(us ^ 1) {
                        for &sq in passed {
                            let cands = r.types[pw].leap_cap_rev[us ^ 1][sq]
                                & self.by_type[pw]
                                & self.by_color[us ^ 1];
                            if cands.is_empty() {
                                continue;
                            }
                            if self.ep == NO_SQ {
                                self.ep = sq as u8;
                                self.ep_victim = to as u8;
                            } else {
                                self.ep_second = sq as u8;
                            }
                        }
                    }
                }
            }
        }
        if r.v.royal == Some(t) && self.royal_sq[us] as usize == from {
            self.royal_sq[us] = to as u8;
            self.castle[us] = [NO_SQ; 2];
        }
        if self.castle_king[us] as usize == from && mv.kind != MoveKind::Drop {
            self.castle_king[us] = to as u8;
            self.castle[us] = [NO_SQ; 2];
        }
        let them = us ^ 1;
        let ck = self.castle_king[them];
        if ck != NO_SQ && (self.board[ck as usize] as usize).wrapping_sub(1) >> 5 != them {
            // Captured: giveaway's king is an ordinary piece.
            self.castle_king[them] = NO_SQ;
            self.castle[them] = [NO_SQ; 2];
        }
        for c in 0..2 {
            for s in 0..2 {
                let rs = self.castle[c][s];
                if rs != NO_SQ && (rs as usize == from || rs as usize == to) {
                    self.castle[c][s] = NO_SQ;
                }
            }
        }
        // After the rights a move to a rook's square takes away: the drop
        // that completes king and rook gives one.
        if r.v.castling_dropped_piece && mv.kind == MoveKind::Drop {
            self.castling_from_drop(r, us);
        }
        // A drop resets the clock too, as in Fairy-Stockfish.
        if capture || r.v.promotes_as_pawn(us, t) || mv.kind == MoveKind::Drop {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        if us == 1 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        if mv.wall != NO_SQ {
            if r.v.walling == Some(crate::variant::WallingRule::Duck) {
                self.walls = B::EMPTY;
            }
            self.walls.set(mv.wall as usize);
            // A wall on the square passed over rules en passant out.
            if self.ep_second == mv.wall {
                self.ep_second = NO_SQ;
            }
            if self.ep == mv.wall {
                self.ep = std::mem::replace(&mut self.ep_second, NO_SQ);
                if self.ep == NO_SQ {
                    self.ep_victim = NO_SQ;
                }
            }
        }
        self.side ^= 1;
        if let Some(rule) = r.v.counting {
            self.count(r, rule, taken, mv.promotion != NO_SQ);
        }
        if r.v.check_counting && self.in_check(r) {
            self.checks[us] = self.checks[us].saturating_sub(1);
        }
        if r.v.shatar_mate {
            self.shak_series[us] = if !self.in_check(r) {
                0
            } else if self.shak_series[us] == 2 || self.checked_by(r, &r.shak_types) {
                2
            } else {
                1
            };
        }
        // Cambodian chess: a rook that lands on the file or rank of the
        // other king takes its leap away, whatever stands between (as
        // Fairy-Stockfish: a check by another piece does not).
        if r.v.cambodian_moves && r.cambodian_rook == Some(t) {
            let k = self.royal_sq[them];
            let to = mv.to as usize;
            if k != NO_SQ
                && self.gate.has(k as usize)
                && (k as usize % r.stride == to % r.stride
                    || k as usize / r.stride == to / r.stride)
            {
                self.gate.clear(k as usize);
            }
        }
    }
}

/// What [`Position::activity`] counts per colour, White's first: the
/// pieces' moves and captures taken as on the board now, pins and checks
/// aside.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Activity {
    /// The squares each side's pieces other than pawns and royal pieces
    /// could move to or capture on, summed over the pieces, without the squares the enemy's chess pawns
    /// attack (a piece that goes there is lost for a pawn).
    pub mobility: [u32; 2],
    /// [`Activity::mobility`] by piece type (the variant's piece index,
    /// up to [`MAX_PIECE_TYPES`]): for an evaluation that weighs a
    /// square to a knight otherwise than one to a queen.
    pub mobility_by_piece: [[u16; MAX_PIECE_TYPES]; 2],
    /// How many of each side's pieces attack the enemy royal piece's
    /// square or a square next to it.
    pub king_attackers: [u32; 2],
    /// Those attacks, counted per piece and square.
    pub king_attacks: [u32; 2],
    /// The squares each side's pieces other than pawns and royal ones can
    /// move to (or, in hand, be dropped on) and check the enemy royal
    /// piece from, where no enemy piece attacks: checks the enemy cannot
    /// punish at once. A piece checks from the squares the enemy's piece
    /// of its type would move to from the royal square: exact for every
    /// piece whose moves are the same to its left and its right (leapers,
    /// riders, hoppers and pieces that move forward only, such as shogi's
    /// generals), approximate for lame leapers, whose blocking square
    /// lies next to the other end.
    pub safe_checks: [u32; 2],
    /// The enemy pieces (royal ones aside) each side attacks with a piece
    /// worth less by half a pawn or more, by [`Variant::piece_values`]:
    /// a pawn on a knight, a knight on a rook.
    pub threats: [u32; 2],
    /// The enemy pieces other than pawns and royal ones that each side
    /// attacks and the enemy does not defend.
    pub hanging: [u32; 2],
    /// Where pawns move as chess's: each side's passed pawns (no enemy
    /// pawn ahead on their file or a neighbouring one), by the ranks each
    /// has to go to the first rank where it may promote (the last in
    /// chess), index 0 for one (or none: a Grand chess pawn that may
    /// promote and has not); the last index counts those with that many
    /// or more.
    pub passed_pawns: [[u32; PASSED_PAWN_RANKS]; 2],
    /// Where pawns move as chess's: each side's pawns with no pawn of
    /// their side on a neighbouring file.
    pub isolated_pawns: [u32; 2],
    /// Where pawns move as chess's: each side's pawns beyond the first
    /// on a file.
    pub doubled_pawns: [u32; 2],
    /// Where pawns move as chess's: each side's pawns that a pawn of
    /// their side defends.
    pub supported_pawns: [u32; 2],
    /// Where pawns move as chess's: each side's pawns with a pawn of
    /// their side beside them on the same rank.
    pub phalanx_pawns: [u32; 2],
}

/// The most piece types a variant may have (variants.ini sections with
/// more are refused when parsed).
pub const MAX_PIECE_TYPES: usize = 32;

/// The ranks to go that [`Activity::passed_pawns`] tells apart.
pub const PASSED_PAWN_RANKS: usize = 8;

/// A position of some [`Variant`].
///
/// ```
/// use sqlchess_fairy::{Position, Variant};
/// let v = Variant::builtin("capablanca").unwrap();
/// let pos = Position::start(&v);
/// assert_eq!(pos.legal_moves().len(), 28);
/// let mv = pos.parse_uci("e2e4").unwrap();
/// let next = pos.play(mv);
/// assert_eq!(next.fen(), "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1");
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    inner: Inner,
}

/// The engine behind a position: compact `u64` or `u128` layouts for boards
/// of at most 64 or 128 squares, the 256-bit 16×16 frame otherwise.
// Both states are plain copyable data; boxing the larger would add an
// allocation to every `play`.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Inner {
    Tiny(Arc<Rules<u64>>, State<u64>),
    Small(Arc<Rules<u128>>, State<u128>),
    Large(Arc<Rules<Bb256>>, State<Bb256>),
}

/// Runs `$body` with `$r` (rules) and `$st` (state) of either layout.
macro_rules! with {
    ($pos:expr, |$r:ident, $st:ident| $body:expr) => {
        match &$pos.inner {
            Inner::Tiny($r, $st) => $body,
            Inner::Small($r, $st) => $body,
            Inner::Large($r, $st) => $body,
        }
    };
}

// After `with!`, which the hashing and the setup use.
mod setup;
mod zobrist;

/// The frame index of every index of the compact layouts (at most 128
/// squares) by stride: `FRAME_OF[stride][idx]`. A division by a stride
/// known only at run time costs tens of cycles, and every move generated
/// and every piece hashed or evaluated is converted.
static FRAME_OF: [[u16; 128]; 16] = {
    let mut table = [[0u16; 128]; 16];
    let mut stride = 1;
    while stride < 16 {
        let mut idx = 0;
        while idx < 128 {
            table[stride][idx] = ((idx / stride) * 16 + idx % stride) as u16;
            idx += 1;
        }
        stride += 1;
    }
    table
};

/// Frame index (`rank * 16 + file`) of a layout index.
#[inline]
pub(crate) fn to_frame(idx: usize, stride: usize) -> usize {
    if stride == 16 {
        idx
    } else if let Some(&frame) = FRAME_OF.get(stride).and_then(|row| row.get(idx)) {
        usize::from(frame)
    } else {
        (idx / stride) * 16 + idx % stride
    }
}

/// File and rank of a layout index, without a division.
#[inline]
pub(crate) fn file_rank(idx: usize, stride: usize) -> (usize, usize) {
    let frame = to_frame(idx, stride);
    (frame & 15, frame >> 4)
}

/// Layout index of a frame index.
#[inline]
pub(crate) fn from_frame(idx: usize, stride: usize) -> usize {
    if stride == 16 {
        idx
    } else {
        (idx >> 4) * stride + (idx & 15)
    }
}

impl FairyMove {
    /// The move in the low 48 bits of a word, for tables that keep moves
    /// as words (a search's transposition table).
    ///
    /// ```
    /// use sqlchess_fairy::{FairyMove, Position, Variant};
    /// let pos = Position::start(&Variant::builtin("crazyhouse").unwrap());
    /// for mv in pos.legal_moves() {
    ///     assert_eq!(FairyMove::from_bits(mv.to_bits()), Some(mv));
    /// }
    /// assert_eq!(FairyMove::from_bits(u64::MAX), None);
    /// ```
    pub fn to_bits(self) -> u64 {
        u64::from(self.from)
            | u64::from(self.to) << 8
            | u64::from(self.promotion) << 16
            | u64::from(self.kind as u8) << 24
            | u64::from(self.extra) << 32
            | u64::from(self.wall) << 40
    }

    /// The move [`FairyMove::to_bits`] wrote, or `None` for a word no move
    /// writes. A move read back is still only a candidate: play it only
    /// if the position's legal moves hold it.
    pub fn from_bits(bits: u64) -> Option<FairyMove> {
        if bits >> 48 != 0 {
            return None;
        }
        let byte = |n: u32| (bits >> (8 * n)) as u8;
        let kind = match byte(3) {
            0 => MoveKind::Normal,
            1 => MoveKind::DoubleStep,
            2 => MoveKind::EnPassant,
            3 => MoveKind::Castle,
            4 => MoveKind::Locust,
            5 => MoveKind::Drop,
            6 => MoveKind::Gate,
            7 => MoveKind::CastleGateRook,
            8 => MoveKind::Pass,
            _ => return None,
        };
        Some(FairyMove {
            from: byte(0),
            to: byte(1),
            promotion: byte(2),
            kind,
            extra: byte(4),
            wall: byte(5),
        })
    }
}

impl FairyMove {
    fn map(self, f: impl Fn(usize) -> usize) -> FairyMove {
        let extra = match self.kind {
            MoveKind::Castle
            | MoveKind::CastleGateRook
            | MoveKind::EnPassant
            | MoveKind::Locust => f(self.extra as usize) as u8,
            _ => self.extra,
        };
        FairyMove {
            from: f(self.from as usize) as u8,
            to: f(self.to as usize) as u8,
            extra,
            wall: if self.wall == NO_SQ {
                NO_SQ
            } else {
                f(self.wall as usize) as u8
            },
            ..self
        }
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        match (&self.inner, &other.inner) {
            (Inner::Tiny(r1, s1), Inner::Tiny(r2, s2)) => s1 == s2 && r1.v == r2.v,
            (Inner::Small(r1, s1), Inner::Small(r2, s2)) => s1 == s2 && r1.v == r2.v,
            (Inner::Large(r1, s1), Inner::Large(r2, s2)) => s1 == s2 && r1.v == r2.v,
            _ => false,
        }
    }
}

/// The rules built last, per board size: every position of a variant
/// shares them. Building them (each piece's moves on every square, the
/// lines, the zones) took more than a millisecond in capablanca, which
/// every FEN read, every SQL call and every UCI `position` paid.
static TINY_RULES: PerVariant<Rules<u64>> = PerVariant::new(16);
static SMALL_RULES: PerVariant<Rules<u128>> = PerVariant::new(16);
static LARGE_RULES: PerVariant<Rules<Bb256>> = PerVariant::new(16);

impl Position {
    /// The variant's start position.
    ///
    /// Falls back to an empty board if a custom variant's start FEN is
    /// invalid; use [`Position::from_fen`] with `variant.start_fen` to see
    /// the error.
    pub fn start(variant: &Variant) -> Position {
        match Position::from_fen(variant, &variant.start_fen) {
            Ok(p) => p,
            Err(_) => Position {
                inner: Inner::Large(Arc::new(Rules::new(variant)), State::empty(16)),
            },
        }
    }

    /// Parses a FEN of `variant` (multi-digit empty runs, KQkq / X-FEN /
    /// Shredder castling rights, optional clocks).
    ///
    /// # Errors
    /// [`FenError`] naming the field and the token, or the variant's problem.
    pub fn from_fen(variant: &Variant, fen: &str) -> Result<Position, FenError> {
        variant.validate().map_err(FenError::Variant)?;
        let squares = (variant.width as usize) * (variant.height as usize);
        let inner = if squares <= 64 {
            let rules = TINY_RULES.get(variant, Rules::new);
            let st = fen::parse(&rules, fen)?;
            Inner::Tiny(rules, st)
        } else if squares <= 128 {
            let rules = SMALL_RULES.get(variant, Rules::new);
            let st = fen::parse(&rules, fen)?;
            Inner::Small(rules, st)
        } else {
            let rules = LARGE_RULES.get(variant, Rules::new);
            let st = fen::parse(&rules, fen)?;
            Inner::Large(rules, st)
        };
        Ok(Position { inner })
    }

    /// Like [`Position::from_fen`] but always on the 256-bit 16×16 frame,
    /// even for boards of 128 squares or fewer; lets tests compare the two
    /// layouts.
    ///
    /// # Errors
    /// As [`Position::from_fen`].
    #[doc(hidden)]
    pub fn from_fen_frame256(variant: &Variant, fen: &str) -> Result<Position, FenError> {
        variant.validate().map_err(FenError::Variant)?;
        let rules = Arc::new(Rules::<Bb256>::new(variant));
        let st = fen::parse(&rules, fen)?;
        Ok(Position {
            inner: Inner::Large(rules, st),
        })
    }

    /// This position with move generation that verifies every move by
    /// playing it instead of using pins; for tests.
    #[doc(hidden)]
    pub fn with_full_legality_check(&self) -> Position {
        fn v<B: Bits>(r: &Arc<Rules<B>>) -> Arc<Rules<B>> {
            let mut x = (**r).clone();
            x.verify_all = true;
            Arc::new(x)
        }
        let inner = match &self.inner {
            Inner::Tiny(r, st) => Inner::Tiny(v(r), *st),
            Inner::Small(r, st) => Inner::Small(v(r), *st),
            Inner::Large(r, st) => Inner::Large(v(r), *st),
        };
        Position { inner }
    }

    /// The variant this position belongs to.
    pub fn variant(&self) -> &Variant {
        with!(self, |r, _st| &r.v)
    }

    fn stride(&self) -> usize {
        with!(self, |r, _st| r.stride)
    }

    /// FEN text.
    pub fn fen(&self) -> String {
        with!(self, |r, st| fen::write(r, st))
    }

    /// A running makruk-style count as (plies allowed, plies counted);
    /// `None` while none runs ([`Variant::counting`]).
    pub fn counting(&self) -> Option<(u16, u16)> {
        with!(self, |_r, st| (st.counting_limit > 0)
            .then_some((st.counting_limit, st.counting_ply)))
    }

    /// Whether the squares piece type `a.0` of colour `a.1` may stand on
    /// (its mobility region) meet those of `b` (colours 0 for White).
    pub(crate) fn regions_meet(&self, a: (usize, usize), b: (usize, usize)) -> bool {
        with!(self, |r, _st| r.types[a.0].region[a.1]
            .intersects(&r.types[b.0].region[b.1]))
    }

    /// The piece on `sq` as (piece index, is White), if any.
    pub fn piece_at(&self, sq: FairySquare) -> Option<(usize, bool)> {
        let v = self.variant();
        if sq.file() >= v.width || sq.rank() >= v.height {
            return None;
        }
        let idx = from_frame(sq.index(), self.stride());
        let p = with!(self, |_r, st| st.board[idx]);
        (p != 0).then(|| ((p as usize - 1) & 31, (p as usize - 1) >> 5 == 0))
    }

    /// For a marked shogi-style promoted piece on `sq` (written `+` and its
    /// base in FEN), the piece it was promoted from and returns to the hand
    /// as; `None` for any other square.
    ///
    /// ```
    /// use sqlchess_fairy::{Position, Variant};
    /// let v = Variant::builtin("shogi").unwrap();
    /// let pos = Position::from_fen(&v, "4k4/9/9/9/9/9/9/9/+L3K4[] w - - 0 1").unwrap();
    /// let lance = v.piece_by_letter('l').unwrap();
    /// assert_eq!(pos.promoted_from("a1".parse().unwrap()), Some(lance));
    /// assert_eq!(pos.promoted_from("e1".parse().unwrap()), None);
    /// ```
    pub fn promoted_from(&self, sq: FairySquare) -> Option<usize> {
        let (t, _) = self.piece_at(sq)?;
        let idx = from_frame(sq.index(), self.stride());
        with!(self, |r, st| {
            // Marked variants mark their promoted pieces; in the others a
            // promoted type exists only promoted.
            let base = st.base_at(r, idx, t);
            let marked = !r.v.promotion_marked || st.promoted.has(idx);
            (marked && base != t).then_some(base)
        })
    }

    /// Whether `sq` is a wall (`*` in FEN): empty, but no piece may enter
    /// or cross it.
    pub fn is_wall(&self, sq: FairySquare) -> bool {
        let v = self.variant();
        if sq.file() >= v.width || sq.rank() >= v.height {
            return false;
        }
        let idx = from_frame(sq.index(), self.stride());
        with!(self, |_r, st| st.walls.has(idx))
    }

    /// Whether White is to move.
    pub fn white_to_move(&self) -> bool {
        with!(self, |_r, st| st.side == 0)
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        Color::from_white(self.white_to_move())
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        with!(self, |_r, st| st.halfmove)
    }

    /// The move number, starting at 1 and incremented after Black's move.
    pub fn fullmoves(&self) -> u32 {
        with!(self, |_r, st| st.fullmove)
    }

    /// The same position with other clocks (the key under which set-based
    /// search merges transpositions uses `0` and `1`).
    pub fn with_clocks(&self, halfmoves: u32, fullmoves: u32) -> Position {
        let mut pos = self.clone();
        match &mut pos.inner {
            Inner::Tiny(_, st) => (st.halfmove, st.fullmove) = (halfmoves, fullmoves),
            Inner::Small(_, st) => (st.halfmove, st.fullmove) = (halfmoves, fullmoves),
            Inner::Large(_, st) => (st.halfmove, st.fullmove) = (halfmoves, fullmoves),
        }
        pos
    }

    /// The position with the turn passed to the other side (a PGN null
    /// move `--`): no en passant, clocks advanced as for a quiet move.
    pub fn pass(&self) -> Position {
        let mut pos = self.clone();
        fn flip<B: Bits>(st: &mut State<B>) {
            st.ep = NO_SQ;
            st.ep_victim = NO_SQ;
            st.ep_second = NO_SQ;
            st.halfmove = st.halfmove.saturating_add(1);
            if st.side == 1 {
                st.fullmove = st.fullmove.saturating_add(1);
            }
            st.side ^= 1;
        }
        match &mut pos.inner {
            Inner::Tiny(_, st) => flip(st),
            Inner::Small(_, st) => flip(st),
            Inner::Large(_, st) => flip(st),
        }
        pos
    }

    /// How many pieces of kind `piece` (an index into [`Variant::pieces`])
    /// `color` holds in hand (drop and gating variants; 0 otherwise).
    pub fn in_hand(&self, color: Color, piece: usize) -> u8 {
        let c = usize::from(color == Color::Black);
        with!(self, |_r, st| st.hand[c].get(piece).copied().unwrap_or(0))
    }

    /// The en-passant square, when a capture there is possible.
    pub fn ep_square(&self) -> Option<FairySquare> {
        let stride = self.stride();
        with!(self, |_r, st| (st.ep != NO_SQ).then(|| {
            FairySquare::from_index(to_frame(st.ep as usize, stride))
        }))
    }

    /// After a triple step (Wildebeest's), the second square it passed
    /// where a capture en passant is possible, taking the same pawn;
    /// [`Position::ep_square`] is the first.
    pub fn second_ep_square(&self) -> Option<FairySquare> {
        let stride = self.stride();
        with!(self, |_r, st| (st.ep_second != NO_SQ).then(|| {
            FairySquare::from_index(to_frame(st.ep_second as usize, stride))
        }))
    }

    /// The pawn an en-passant capture would take, when there is one (the
    /// square behind [`Position::ep_square`], or beside it where pawns step
    /// diagonally, as Berolina's).
    pub fn ep_victim(&self) -> Option<FairySquare> {
        let stride = self.stride();
        with!(self, |_r, st| (st.ep != NO_SQ).then(|| {
            FairySquare::from_index(to_frame(st.ep_victim as usize, stride))
        }))
    }

    /// The squares of the rooks (or the variant's castling piece) that
    /// `color` may still castle with.
    pub fn castling_rooks(&self, color: Color) -> Vec<FairySquare> {
        let (stride, c) = (self.stride(), usize::from(color == Color::Black));
        with!(self, |_r, st| st.castle[c]
            .iter()
            .filter(|&&s| s != NO_SQ)
            .map(|&s| FairySquare::from_index(to_frame(s as usize, stride)))
            .collect())
    }

    /// A position of this position's variant read from `fen`, sharing its
    /// compiled rules: no move tables are rebuilt, which makes this much
    /// cheaper than [`Position::from_fen`] for one FEN after another.
    ///
    /// # Errors
    /// As [`Position::from_fen`].
    pub fn with_fen(&self, fen: &str) -> Result<Position, FenError> {
        let inner = match &self.inner {
            Inner::Tiny(r, _) => Inner::Tiny(Arc::clone(r), fen::parse(r, fen)?),
            Inner::Small(r, _) => Inner::Small(Arc::clone(r), fen::parse(r, fen)?),
            Inner::Large(r, _) => Inner::Large(Arc::clone(r), fen::parse(r, fen)?),
        };
        Ok(Position { inner })
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<FairyMove> {
        let stride = self.stride();
        let mut v = Vec::with_capacity(64);
        with!(self, |r, st| st.generate(r, &mut v));
        v.into_iter()
            .map(|m| m.map(|i| to_frame(i, stride)))
            .collect()
    }

    /// Appends every legal move to `out`: [`Position::legal_moves`]
    /// without a new list, for searches that keep one list per ply.
    pub fn legal_moves_into(&self, out: &mut Vec<FairyMove>) {
        let start = out.len();
        with!(self, |r, st| st.generate(r, out));
        self.to_frame_moves(&mut out[start..]);
    }

    /// Appends to `out` the legal moves and, among them untested, the
    /// royal piece's plain steps that may leave it attacked: for a search,
    /// which reaches few of a node's moves and asks
    /// [`Position::is_untested_move_legal`] of each it plays. The test is
    /// most of the cost of generating moves where the enemy has many line
    /// pieces.
    ///
    /// ```
    /// use sqlchess_fairy::{Position, Variant};
    /// let v = Variant::builtin("capablanca").unwrap();
    /// // The king on a1 may not step to b1, which the rook on b8 holds.
    /// let pos = Position::from_fen(&v, "1r2k5/10/10/10/10/10/10/K9 w - - 0 1").unwrap();
    /// let mut untested = Vec::new();
    /// pos.untested_moves_into(&mut untested);
    /// let legal: Vec<_> = untested
    ///     .into_iter()
    ///     .filter(|&mv| pos.is_untested_move_legal(mv))
    ///     .collect();
    /// assert_eq!(legal, pos.legal_moves());
    /// ```
    pub fn untested_moves_into(&self, out: &mut Vec<FairyMove>) {
        let start = out.len();
        // Special rules generate through their own filters, which test
        // every move: there the list is the legal one.
        with!(self, |r, st| if r.special {
            st.generate(r, out)
        } else {
            st.generate(r, &mut movegen::RoyalUntested(out))
        });
        self.to_frame_moves(&mut out[start..]);
    }

    /// Whether `mv`, one of [`Position::untested_moves_into`]'s moves, is
    /// legal: the royal piece's plain steps are tested here, every other
    /// move was tested as it was generated.
    pub fn is_untested_move_legal(&self, mv: FairyMove) -> bool {
        let internal = mv.map(|i| from_frame(i, self.stride()));
        with!(self, |r, st| st.royal_move_is_safe(r, internal))
    }

    /// Rewrites moves of the layout's squares as frame squares, the
    /// squares of [`FairyMove`]'s public face.
    fn to_frame_moves(&self, moves: &mut [FairyMove]) {
        let stride = self.stride();
        if stride != 16 {
            for m in moves {
                *m = m.map(|i| to_frame(i, stride));
            }
        }
    }

    /// Appends to `out` the legal moves that may capture or promote: every
    /// capture (en passant, a locust's, by a piece's special move) and
    /// every promotion is among them, with some quiet moves into a
    /// promotion zone, and every move where the variant's special rules
    /// filter moves. Quiescence search sorts out the rest; generating them
    /// alone spares the quiet moves' legality tests.
    pub fn noisy_candidates_into(&self, out: &mut Vec<FairyMove>) {
        let start = out.len();
        with!(self, |r, st| st.generate_noisy(r, out));
        self.to_frame_moves(&mut out[start..]);
    }

    /// Calls `f(square, piece index, is White)` for every piece on the
    /// board, without visiting the empty squares.
    pub fn for_each_piece(&self, mut f: impl FnMut(FairySquare, usize, bool)) {
        with!(self, |r, st| {
            for c in 0..2 {
                for idx in st.by_color[c].iter() {
                    let t = (st.board[idx] as usize - 1) & 31;
                    let sq = FairySquare::from_index(to_frame(idx, r.stride));
                    f(sq, t, c == 0);
                }
            }
        })
    }

    /// Each side's mobility, its attacks on the squares around the enemy
    /// royal piece, its threats and hanging targets and its passed pawns
    /// ([`Activity`]): evaluation terms, counted in one pass over the
    /// pieces, cheaper than generating moves. They do not
    /// depend on the side to move.
    ///
    /// ```
    /// use sqlchess_fairy::{Position, Variant};
    /// let v = Variant::builtin("chess").unwrap();
    /// // Only the knights move at the start: two squares each.
    /// let a = Position::start(&v).activity();
    /// assert_eq!(a.mobility, [4, 4]);
    /// assert_eq!(a.king_attackers, [0, 0]);
    /// ```
    pub fn activity(&self) -> Activity {
        with!(self, |r, st| st.activity(r))
    }

    /// The pieces on the board, both sides, other than the royal type's
    /// (bare royal pieces draw where no other rule can end the game).
    pub fn non_royal_count(&self) -> u32 {
        with!(self, |r, st| {
            let all = st.by_color[0].count() + st.by_color[1].count();
            all - r.v.royal.map_or(0, |k| st.by_type[k].count())
        })
    }

    /// Whether the opponent attacks the square `mv` moves to once it is
    /// played (the piece left `from`, a piece taken on the target removed):
    /// the first step of a static exchange. `mv` must be a legal move of
    /// this position.
    ///
    /// ```
    /// use sqlchess_fairy::{Position, Variant};
    /// let v = Variant::builtin("xiangqi").unwrap();
    /// // The chariot takes a soldier; the cannon behind it has no screen.
    /// let pos = Position::from_fen(&v, "4k4/9/4c4/9/4p4/9/9/9/4R4/3K5 w - - 0 1").unwrap();
    /// assert!(!pos.is_target_defended(pos.parse_uci("e2e6").unwrap()));
    /// // With a second soldier as its screen, the cannon takes back.
    /// let pos = Position::from_fen(&v, "4k4/9/4c4/4p4/4p4/9/9/9/4R4/3K5 w - - 0 1").unwrap();
    /// assert!(pos.is_target_defended(pos.parse_uci("e2e6").unwrap()));
    /// ```
    pub fn is_target_defended(&self, mv: FairyMove) -> bool {
        let internal = mv.map(|i| from_frame(i, self.stride()));
        with!(self, |r, st| {
            let to = internal.to as usize;
            let mut occ = st.occ();
            if !internal.is_drop() {
                occ.clear(internal.from as usize);
            }
            occ.set(to);
            let removed = Bits::from_index(to);
            st.attacked(r, to, st.side ^ 1, &occ, &removed)
        })
    }

    /// `false` only where the legal move `mv` certainly gives no check: a
    /// test of its squares against the enemy royal piece's, without
    /// playing it, for a search that would prune the move unless it
    /// checks. `true` for every move where the variant's rules make such a
    /// test unsound.
    ///
    /// ```
    /// use sqlchess_fairy::{Position, Variant};
    /// let v = Variant::builtin("capablanca").unwrap();
    /// let pos = Position::from_fen(&v, "4k5/10/10/10/2A7/10/10/1K8 w - - 0 1").unwrap();
    /// let check = pos.parse_uci("c4d6").unwrap(); // the archbishop's knight leap
    /// assert!(pos.play(check).is_check() && pos.may_give_check(check));
    /// let quiet = pos.parse_uci("b1c1").unwrap();
    /// assert!(!pos.may_give_check(quiet));
    /// ```
    pub fn may_give_check(&self, mv: FairyMove) -> bool {
        let internal = mv.map(|i| from_frame(i, self.stride()));
        with!(self, |r, st| st.may_give_check(r, internal))
    }

    /// The static exchange on the target of the capture `mv`: the
    /// material the side to move wins, by [`Variant::piece_values`], if
    /// both sides go on taking on that square with their cheapest piece
    /// while taking pays (x-rays and hoppers' screens included; pins,
    /// promotions during the exchange and hands left out). `None` where
    /// the variant has captures the exchange cannot follow (special
    /// captures, janggi, locusts, explosions) or for en passant, castling
    /// and gating moves.
    ///
    /// ```
    /// use sqlchess_fairy::{Position, Variant};
    /// let v = Variant::builtin("xiangqi").unwrap();
    /// let values = v.piece_values();
    /// let soldier = values[v.piece_by_letter('p').unwrap()];
    /// let chariot = values[v.piece_by_letter('r').unwrap()];
    /// // The chariot takes a soldier the cannon behind it guards through
    /// // the other soldier as its screen.
    /// let pos = Position::from_fen(&v, "4k4/9/4c4/4p4/4p4/9/9/9/4R4/3K5 w - - 0 1").unwrap();
    /// let take = pos.parse_uci("e2e6").unwrap();
    /// assert_eq!(pos.static_exchange(take), Some(soldier - chariot));
    /// ```
    pub fn static_exchange(&self, mv: FairyMove) -> Option<i32> {
        let internal = mv.map(|i| from_frame(i, self.stride()));
        with!(self, |r, st| st.static_exchange(r, internal))
    }

    /// Number of legal moves, without building the list.
    pub fn count_legal(&self) -> u64 {
        let mut c = Counter(0);
        with!(self, |r, st| st.generate(r, &mut c));
        c.0
    }

    /// Whether the side to move has a legal move: `count_legal() > 0`,
    /// but the generation stops at the first move found (the royal
    /// piece's first), which makes a checkmate test cheap where it fails.
    pub fn has_legal_move(&self) -> bool {
        let mut any = AnyMove(false);
        with!(self, |r, st| st.generate(r, &mut any));
        any.0
    }

    /// Whether the side to move's royal piece, or one of its pseudo-royal
    /// pieces ([`Variant::pseudo_royal`]), is attacked.
    pub fn is_check(&self) -> bool {
        with!(self, |r, st| st.in_check(r)
            || (r.v.pseudo_royal && st.pseudo_royal_attacked(r, st.side)))
    }

    /// Checkmate, stalemate or ongoing, with the variant's outcomes.
    pub fn status(&self) -> GameStatus {
        let side = self.turn();
        if let Some(o) = self.variant_end() {
            return GameStatus::VariantEnd {
                outcome: Outcome::from_relative(o, side),
            };
        }
        if self.has_legal_move() {
            GameStatus::Ongoing
        } else if self.is_check() {
            GameStatus::Checkmate {
                outcome: Outcome::from_relative(self.checkmate_result(), side),
            }
        } else {
            GameStatus::Stalemate {
                outcome: Outcome::from_relative(self.stalemate_outcome(), side),
            }
        }
    }

    /// The result for the side to move when it has no legal move and is
    /// not in check: the variant's stalemate result, or by who has fewer
    /// pieces where the variant counts them (suicide chess), then by
    /// material where a drawn game is counted ([`Position::status`]'s).
    ///
    /// ```
    /// use sqlchess_fairy::{Position, RelativeOutcome, Variant};
    /// let suicide = Variant::builtin("suicide").unwrap();
    /// // Black, to move, is blocked with one piece against two: it wins.
    /// let pos = Position::from_fen(&suicide, "8/8/8/8/8/p7/P7/7K b - - 0 1").unwrap();
    /// assert_eq!(pos.stalemate_outcome(), RelativeOutcome::Win);
    /// ```
    pub fn stalemate_outcome(&self) -> sqlchess_types::RelativeOutcome {
        self.counted(self.stalemate_result())
    }

    /// The result for the side to move when it is checkmated: the
    /// variant's, or under Shatar's mate ([`Variant::shatar_mate`]) a win
    /// when knights alone give the mate, a loss when the series of checks
    /// that led to it held a shak, and a draw otherwise.
    ///
    /// ```
    /// use sqlchess_fairy::{Position, RelativeOutcome, Variant};
    /// let shatar = Variant::builtin("shatar").unwrap();
    /// let rook = Position::from_fen(&shatar, "7k/6pp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    /// let mated = rook.play(rook.parse_uci("a1a8").unwrap());
    /// assert_eq!(mated.checkmate_result(), RelativeOutcome::Loss);
    /// let bishop = Position::from_fen(&shatar, "kb6/p7/8/8/8/3B4/8/6K1 w - - 0 1").unwrap();
    /// let mated = bishop.play(bishop.parse_uci("d3e4").unwrap());
    /// assert_eq!(mated.checkmate_result(), RelativeOutcome::Draw);
    /// ```
    pub fn checkmate_result(&self) -> sqlchess_types::RelativeOutcome {
        use sqlchess_types::RelativeOutcome;
        let v = self.variant();
        if !v.shatar_mate {
            return v.checkmate;
        }
        with!(self, |r, st| {
            let not_knights: Vec<usize> = (0..r.v.pieces.len())
                .filter(|&t| Some(t) != r.shatar_knight)
                .collect();
            if !st.checked_by(r, &not_knights) {
                RelativeOutcome::Win
            } else if st.shak_series[st.side ^ 1] == 2 {
                r.v.checkmate
            } else {
                RelativeOutcome::Draw
            }
        })
    }

    /// The result of a stalemate for the side to move: the variant's, or,
    /// when the variant counts pieces, by who has fewer on the board.
    fn stalemate_result(&self) -> sqlchess_types::RelativeOutcome {
        let v = self.variant();
        if !v.stalemate_piece_count {
            return v.stalemate;
        }
        let (ours, theirs) = with!(self, |_r, st| (
            st.by_color[st.side].count(),
            st.by_color[st.side ^ 1].count()
        ));
        match ours.cmp(&theirs) {
            core::cmp::Ordering::Less => v.stalemate,
            core::cmp::Ordering::Greater => v.stalemate.flip(),
            core::cmp::Ordering::Equal => sqlchess_types::RelativeOutcome::Draw,
        }
    }

    /// The result for the side to move when a rule of the variant ended
    /// the game (a flag reached, the last check given, some pieces extinct).
    ///
    /// ```
    /// use sqlchess_fairy::{Position, RelativeOutcome, Variant};
    /// let koth = Variant::builtin("kingofthehill").unwrap();
    /// let pos = Position::from_fen(&koth, "4k3/8/8/8/4K3/8/8/8 b - - 0 1").unwrap();
    /// assert_eq!(pos.variant_end(), Some(RelativeOutcome::Loss));
    /// assert_eq!(pos.count_legal(), 0);
    /// ```
    pub fn variant_end(&self) -> Option<sqlchess_types::RelativeOutcome> {
        with!(self, |r, st| if r.special {
            st.variant_end(r).map(|o| st.counted(r, o))
        } else {
            None
        })
    }

    /// `outcome` for the side to move, a draw decided instead by the
    /// variant's material counting, if it has one.
    pub(crate) fn counted(
        &self,
        outcome: sqlchess_types::RelativeOutcome,
    ) -> sqlchess_types::RelativeOutcome {
        with!(self, |r, st| st.counted(r, outcome))
    }

    /// Checks each side has left to give, White's then Black's (check
    /// counting variants; `None` elsewhere).
    pub fn checks_left(&self) -> Option<[u8; 2]> {
        with!(self, |r, st| r.v.check_counting.then_some(st.checks))
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        matches!(self.status(), GameStatus::Checkmate { .. })
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        matches!(self.status(), GameStatus::Stalemate { .. })
    }

    /// The position after `mv`, which must come from [`Position::legal_moves`]
    /// of this position (checked in debug builds).
    pub fn play(&self, mv: FairyMove) -> Position {
        let mut next = self.clone();
        next.play_in_place(mv);
        next
    }

    /// Plays the legal move `mv` on this position, as [`Position::play`]
    /// does on a copy: for a search that has made its copy already.
    ///
    /// ```
    /// use sqlchess_fairy::{Position, Variant};
    /// let v = Variant::builtin("shogi").unwrap();
    /// let mut pos = Position::start(&v);
    /// let mv = pos.parse_uci("c3c4").unwrap();
    /// let played = pos.play(mv);
    /// pos.play_in_place(mv);
    /// assert_eq!(pos.fen(), played.fen());
    /// ```
    pub fn play_in_place(&mut self, mv: FairyMove) {
        debug_assert!(self.legal_moves().contains(&mv), "illegal move {mv}");
        let internal = mv.map(|i| from_frame(i, self.stride()));
        match &mut self.inner {
            Inner::Tiny(r, st) => st.play(r, internal),
            Inner::Small(r, st) => st.play(r, internal),
            Inner::Large(r, st) => st.play(r, internal),
        }
    }

    /// Finds the legal move written in UCI (`e2e4`, `a7a8q`, `a10a9`; for
    /// castling both king-to-destination and king-takes-rook).
    ///
    /// # Errors
    /// [`MoveError::Syntax`] for malformed text, [`MoveError::Illegal`] if no
    /// legal move matches.
    pub fn parse_uci(&self, text: &str) -> Result<FairyMove, MoveError> {
        // Every form but a drop starts with two squares: SAN (`Nf3`, `e4`)
        // is refused before any move is generated.
        if !text.contains('@') {
            let (_, n1) =
                parse_square_prefix(text).ok_or_else(|| MoveError::Syntax(text.to_string()))?;
            parse_square_prefix(&text[n1..]).ok_or_else(|| MoveError::Syntax(text.to_string()))?;
        }
        self.parse_uci_among(text, &self.legal_moves())
    }

    /// [`Position::parse_uci`] among `legal`, this position's legal moves
    /// (for a caller that has them already).
    ///
    /// # Errors
    /// As [`Position::parse_uci`].
    pub fn parse_uci_among(&self, text: &str, legal: &[FairyMove]) -> Result<FairyMove, MoveError> {
        let syntax = || MoveError::Syntax(text.to_string());
        if text.starts_with('+') && text.contains('@') {
            // A promoted drop: only as the position writes it.
            return legal
                .iter()
                .copied()
                .find(|m| m.to_uci(self) == text)
                .ok_or_else(|| MoveError::Illegal(text.to_string()));
        }
        if let Some((letter, square)) = text.split_once('@') {
            let mut cs = letter.chars();
            let (Some(l), None) = (cs.next(), cs.next()) else {
                return Err(syntax());
            };
            let to: FairySquare = square.parse().map_err(|_| syntax())?;
            let v = self.variant();
            return legal
                .iter()
                .copied()
                .find(|m| {
                    m.to() == to
                        && m.dropped_piece()
                            .is_some_and(|t| v.pieces[t].letter == l.to_ascii_lowercase())
                })
                .ok_or_else(|| MoveError::Illegal(text.to_string()));
        }
        // Every other form starts with two squares.
        let (from, n1) = parse_square_prefix(text).ok_or_else(syntax)?;
        let (to, n2) = parse_square_prefix(&text[n1..]).ok_or_else(syntax)?;
        // The position's own notation first (covers Seirawan's `h1e1h`).
        if let Some(m) = legal.iter().find(|m| m.to_uci(self) == text) {
            return Ok(*m);
        }
        let rest = &text[n1 + n2..];
        let promo = match rest.chars().count() {
            0 => None,
            1 => Some(
                rest.chars()
                    .next()
                    .map(|c| c.to_ascii_lowercase())
                    .ok_or_else(syntax)?,
            ),
            _ => return Err(syntax()),
        };
        let v = self.variant();
        legal
            .iter()
            .copied()
            .find(|m| {
                let promo_ok = match (m.promotion(), promo) {
                    (None, None) => true,
                    (Some(p), Some('+')) => v.piece_promotions.iter().any(|&(_, q)| q == p),
                    (Some(p), Some(c)) => v.pieces.get(p).is_some_and(|pt| pt.letter == c),
                    _ => false,
                };
                let to_ok = m.to() == to || (m.is_castle() && m.extra as usize == to.index());
                !m.is_drop() && m.from() == from && to_ok && promo_ok
            })
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }
}

/// Number of leaf nodes of the legal move tree `depth` plies deep, counting
/// the last ply in bulk.
///
/// ```
/// use sqlchess_fairy::{perft, Position, Variant};
/// let pos = Position::start(&Variant::builtin("chess").unwrap());
/// assert_eq!(perft(&pos, 3), 8902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut bufs: Vec<Vec<FairyMove>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    with!(pos, |r, st| perft_state(r, st, depth, &mut bufs))
}

/// Perft with one reusable move buffer per ply, so the tree walk does not
/// allocate.
fn perft_state<B: Bits>(
    r: &Rules<B>,
    st: &State<B>,
    depth: u32,
    bufs: &mut [Vec<FairyMove>],
) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut c = Counter(0);
            st.generate(r, &mut c);
            c.0
        }
        _ => {
            let Some((moves, rest)) = bufs.split_first_mut() else {
                return 0;
            };
            moves.clear();
            st.generate(r, moves);
            let mut n = 0;
            for &mv in moves.iter() {
                let mut next = *st;
                next.play(r, mv);
                n += perft_state(r, &next, depth - 1, rest);
            }
            n
        }
    }
}

/// Perft split by first move: (UCI move, leaf count) in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    fn run<B: Bits>(pos: &Position, r: &Rules<B>, st: &State<B>, depth: u32) -> Vec<(String, u64)> {
        let mut moves = Vec::new();
        st.generate(r, &mut moves);
        let mut bufs: Vec<Vec<FairyMove>> = (0..depth).map(|_| Vec::new()).collect();
        moves
            .into_iter()
            .map(|mv| {
                let mut next = *st;
                next.play(r, mv);
                let public = mv.map(|i| to_frame(i, r.stride));
                (
                    public.to_uci(pos),
                    perft_state(r, &next, depth - 1, &mut bufs),
                )
            })
            .collect()
    }
    with!(pos, |r, st| run(pos, r, st, depth))
}

impl From<VariantError> for FenError {
    fn from(e: VariantError) -> FenError {
        FenError::Variant(e)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_move_kind_round_trips_through_bits() {
        let kinds = [
            MoveKind::Normal,
            MoveKind::DoubleStep,
            MoveKind::EnPassant,
            MoveKind::Castle,
            MoveKind::Locust,
            MoveKind::Drop,
            MoveKind::Gate,
            MoveKind::CastleGateRook,
            MoveKind::Pass,
        ];
        for (n, kind) in kinds.into_iter().enumerate() {
            let n = n as u8;
            let mv = FairyMove {
                from: 255 - n,
                to: n,
                promotion: NO_SQ,
                kind,
                extra: 31 - n,
                wall: n * 7,
            };
            assert_eq!(FairyMove::from_bits(mv.to_bits()), Some(mv));
        }
        assert_eq!(FairyMove::from_bits(9 << 24), None);
    }

    use super::*;

    fn rules_of(pos: &Position) -> *const () {
        match &pos.inner {
            Inner::Tiny(r, _) => Arc::as_ptr(r).cast(),
            Inner::Small(r, _) => Arc::as_ptr(r).cast(),
            Inner::Large(r, _) => Arc::as_ptr(r).cast(),
        }
    }

    #[test]
    fn positions_of_a_variant_share_its_rules() {
        let capablanca = Variant::builtin("capablanca").unwrap();
        let a = Position::start(&capablanca);
        let b = Position::from_fen(&capablanca, &capablanca.start_fen).unwrap();
        assert_eq!(rules_of(&a), rules_of(&b));
        // Another variant of the same name is other rules.
        let mut changed = capablanca.clone();
        changed.castling = None;
        let c = Position::start(&changed);
        assert_ne!(rules_of(&a), rules_of(&c));
        assert_eq!(c.variant(), &changed);
        assert_eq!(a.variant(), &capablanca);
    }
}
