//! Legal move generation on a [`State`] (attack detection is in `attacks.rs`).
//!
//! Pins and check are computed once per node for every rider direction the
//! opponent owns; moves of unpinned pieces out of check are then legal
//! without playing them. King moves, en passant, locust captures, castling
//! and every move while in check (or against an opponent with hoppers, lame
//! leapers or other path-dependent captures, which pins cannot describe) are
//! verified by computing the new occupancy and asking whether the king is
//! attacked there.

use super::rules::{LineKind, Rules, NO_SQ};
use super::special::NoCheckFilter;
use super::{file_rank, FairyMove, MoveKind, State};
use crate::bitboard::Bits;
use crate::piece::{comp_targets, PathKind};
use crate::variant::EnclosingRule;

/// Receives generated moves: bulk target sets for plain moves, single moves
/// otherwise. Perft counts; move lists collect.
pub(crate) trait Sink<B> {
    /// Whether the sink only counts moves: then the generator may hand it
    /// a number of moves ([`Sink::add_count`]) in place of the moves.
    const COUNTS: bool = false;
    /// Adds `n` moves to a counting sink; only called when [`Sink::COUNTS`].
    fn add_count(&mut self, _n: u64) {}
    /// Whether the sink may want no more moves ([`Sink::satisfied`]): the
    /// generator then asks between pieces and returns early, and tries the
    /// royal piece first, whose moves are the likeliest evasions.
    const STOPS: bool = false;
    /// Whether the sink wants no more moves; only asked when [`Sink::STOPS`].
    fn satisfied(&self) -> bool {
        false
    }
    fn bulk(&mut self, from: usize, targets: B);
    fn push(&mut self, mv: FairyMove);
    /// Drops of piece `t` on every square of `targets`.
    fn drops(&mut self, t: usize, targets: B);
    /// Whether the sink takes the royal piece's plain moves untested for
    /// the royal piece's safety ([`RoyalUntested`]).
    const DEFERS_ROYAL: bool = false;
}

/// A sink of moves that takes the royal piece's plain moves without the
/// test of whether they leave it attacked, the costliest part of
/// generating moves, for a search that reaches few of them; the test is
/// [`State::royal_move_is_safe`]. Every other move is legal as generated.
pub(crate) struct RoyalUntested<'a>(pub(crate) &'a mut Vec<FairyMove>);

impl<B: Bits> Sink<B> for RoyalUntested<'_> {
    const DEFERS_ROYAL: bool = true;
    fn bulk(&mut self, from: usize, targets: B) {
        Sink::<B>::bulk(self.0, from, targets);
    }
    fn push(&mut self, mv: FairyMove) {
        self.0.push(mv);
    }
    fn drops(&mut self, t: usize, targets: B) {
        Sink::<B>::drops(self.0, t, targets);
    }
}

/// A sink that passes on only the moves that give no check
/// ([`NoCheckFilter`]).
struct NoChecks<'a, S, B> {
    inner: &'a mut S,
    state: &'a State<B>,
    rules: &'a Rules<B>,
    filter: &'a NoCheckFilter<B>,
}

impl<B: Bits, S: Sink<B>> Sink<B> for NoChecks<'_, S, B> {
    #[inline]
    fn bulk(&mut self, from: usize, targets: B) {
        let kept = self
            .filter
            .keeps_targets(self.state, self.rules, from, targets);
        self.inner.bulk(from, kept);
    }
    #[inline]
    fn push(&mut self, mv: FairyMove) {
        if self.filter.keeps(self.state, self.rules, mv) {
            self.inner.push(mv);
        }
    }
    #[inline]
    fn drops(&mut self, t: usize, targets: B) {
        for to in targets.iter() {
            self.push(FairyMove::drop(t, to));
        }
    }
}

/// A sink that only asks whether there is a legal move: it stops the
/// generation at the first ([`Sink::STOPS`]).
pub(crate) struct AnyMove(pub bool);

impl<B: Bits> Sink<B> for AnyMove {
    const STOPS: bool = true;
    #[inline]
    fn satisfied(&self) -> bool {
        self.0
    }
    #[inline]
    fn bulk(&mut self, _from: usize, targets: B) {
        self.0 |= !targets.is_empty();
    }
    #[inline]
    fn push(&mut self, _mv: FairyMove) {
        self.0 = true;
    }
    #[inline]
    fn drops(&mut self, _t: usize, targets: B) {
        self.0 |= !targets.is_empty();
    }
}

pub(crate) struct Counter(pub u64);

impl<B: Bits> Sink<B> for Counter {
    const COUNTS: bool = true;
    #[inline]
    fn add_count(&mut self, n: u64) {
        self.0 += n;
    }
    #[inline]
    fn bulk(&mut self, _from: usize, targets: B) {
        self.0 += targets.count() as u64;
    }
    #[inline]
    fn push(&mut self, _mv: FairyMove) {
        self.0 += 1;
    }
    #[inline]
    fn drops(&mut self, _t: usize, targets: B) {
        self.0 += targets.count() as u64;
    }
}

impl<B: Bits> Sink<B> for Vec<FairyMove> {
    fn bulk(&mut self, from: usize, targets: B) {
        for to in targets.iter() {
            self.push(FairyMove::normal(from, to));
        }
    }
    fn push(&mut self, mv: FairyMove) {
        Vec::push(self, mv);
    }
    fn drops(&mut self, t: usize, targets: B) {
        for to in targets.iter() {
            Vec::push(self, FairyMove::drop(t, to));
        }
    }
}

impl<B: Bits> State<B> {
    #[inline]
    pub(crate) fn occ(&self) -> B {
        self.by_color[0] | self.by_color[1] | self.walls
    }

    /// Whether the royal piece's plain move `mv`, given untested by a
    /// generation into [`RoyalUntested`], leaves it safe; `true` for every
    /// other move, which that generation tested already, and in variants
    /// with special rules, whose generation tests every move.
    pub(crate) fn royal_move_is_safe(&self, r: &Rules<B>, mv: FairyMove) -> bool {
        let (from, to) = (usize::from(mv.from), usize::from(mv.to));
        if r.special
            || mv.kind != MoveKind::Normal
            || r.v.royal.is_none_or(|royal| !self.by_type[royal].has(from))
        {
            return true;
        }
        // The generator's own test of a royal step (`generate_moves`).
        let mut occ = self.occ();
        occ.clear(from);
        occ.set(to);
        !self.attacked(r, to, self.side ^ 1, &occ, &B::from_index(to))
    }

    /// The squares a piece other than the royal one on `k` must move to
    /// if its move is to answer a check: the checker's and those between
    /// it and `k` where one piece checks, none where two or more do.
    /// `None` where the check is not that simple to read (hoppers, lame
    /// leapers, locusts and the other captures only the generic attack
    /// test sees, janggi, pseudo-royal pieces): every move is then tested.
    fn evasion_squares(&self, r: &Rules<B>, k: usize, occ: &B) -> Option<B> {
        let them = self.side ^ 1;
        if r.verify_all
            || r.generic_capture[them]
            || r.slow_check[them]
            || r.janggi.is_some()
            || r.v.pseudo_royal
        {
            return None;
        }
        let theirs = self.by_color[them];
        let mut checkers = B::EMPTY;
        let mut lines = B::EMPTY;
        for (t, tr) in r.types.iter().enumerate() {
            checkers |= tr.leap_cap_rev[them][k] & self.by_type[t] & theirs;
        }
        for ar in r.attack_rays[them]
            .iter()
            .filter(|a| a.kind == LineKind::Slide)
        {
            let group = self.ray_attackers(r, ar, k, them) & theirs;
            let Some(b) = r.first_blocker(ar.dir, k, occ) else {
                continue;
            };
            if group.has(b) && ar.limit.is_none_or(|l| r.limited[l][k].has(b)) {
                checkers.set(b);
                lines |= r.rays[ar.dir][k] & !r.rays[ar.dir][b];
            }
        }
        match checkers.count() {
            // A check found by no test here: read it the slow way.
            0 => None,
            1 => Some(checkers | lines),
            _ => Some(B::EMPTY),
        }
    }

    /// Generates every legal move into `sink`.
    #[inline]
    pub(crate) fn generate<S: Sink<B>>(&self, r: &Rules<B>, sink: &mut S) {
        if S::COUNTS && r.pseudo_count && !r.verify_all {
            self.count_pseudo_legal(r, sink);
        } else if r.special {
            self.generate_special(r, sink);
        } else {
            self.generate_moves::<S, false, false>(r, sink);
        }
    }

    /// Generates the legal moves that may capture or promote into `sink`:
    /// those of `CAPTURES` in [`State::generate_moves`], or every move in
    /// variants whose special rules filter or add moves.
    #[inline]
    pub(crate) fn generate_noisy<S: Sink<B>>(&self, r: &Rules<B>, sink: &mut S) {
        if r.special {
            self.generate_special(r, sink);
        } else {
            self.generate_moves::<S, false, true>(r, sink);
        }
    }

    /// The moves of variants with game-ending or move-filtering rules
    /// (see `rules.rs`'s `special`): none once the game is over; atomic moves
    /// from the pseudo-legal ones, tested after their explosion; then moves
    /// that give check dropped where checking is not allowed, and moves
    /// that capture nothing where capturing is compulsory (in check too:
    /// among the evasions, as Fairy-Stockfish).
    fn generate_special<S: Sink<B>>(&self, r: &Rules<B>, sink: &mut S) {
        if self.variant_end(r).is_some() {
            return;
        }
        // Beyond the game's end, no rule adds or removes moves but, maybe,
        // the ban on checks.
        let plain_but_pass = !r.v.blast_on_capture
            && !r.v.must_capture
            && !r.v.must_drop
            && !r.v.makpong
            && r.v.drop_checks
            && !r.v.pass_on_stalemate[self.side]
            && !r.v.pseudo_royal
            && r.v.mutually_immune.is_empty()
            && r.v.walling.is_none();
        let plain = plain_but_pass && !r.v.pass[self.side];
        // Game ends alone (flags, check counting, extinction) filter no
        // move: the plain generation, counted in bulk.
        if plain && r.v.checking {
            self.generate_moves::<S, false, false>(r, sink);
            return;
        }
        // A pass as the only move added (janggi, out of bikjang): the same,
        // and the pass.
        if plain_but_pass && r.v.checking && !(r.v.bikjang && self.kings_face(r)) {
            let in_check = self.generate_moves::<S, false, false>(r, sink);
            if !in_check {
                if let Some(pass) = self.pass_move() {
                    sink.push(pass);
                }
            }
            return;
        }
        // No checking as the only filter (racing kings): the moves that give
        // no check go to the sink as they are generated, in bulk where the
        // piece stands off every line through the enemy king.
        let ek = self.royal_sq[self.side ^ 1];
        if plain && !r.v.checking && ek != NO_SQ {
            if let Some(filter) = self.no_check_filter(r, ek as usize) {
                let mut filtered = NoChecks {
                    inner: sink,
                    state: self,
                    rules: r,
                    filter: &filter,
                };
                self.generate_moves::<_, false, false>(r, &mut filtered);
                return;
            }
        }
        for m in self.special_moves(r) {
            sink.push(m);
        }
    }

    /// The moves of [`State::generate_special`] before the game-end test.
    pub(crate) fn special_moves(&self, r: &Rules<B>) -> Vec<FairyMove> {
        let mut moves: Vec<FairyMove> = Vec::with_capacity(64);
        // With a royal piece, a wall may block a check: walls are added to
        // the pseudo-legal moves, which are then tested with them.
        let walled_royal = r.v.walling.is_some() && r.v.royal.is_some();
        if r.v.blast_on_capture || walled_royal {
            self.generate_moves::<_, true, false>(r, &mut moves);
            if let Some(rule) = r.v.walling {
                moves = self.add_walls(r, rule, &moves);
            }
            if r.v.blast_on_capture {
                moves.retain(|&m| self.atomic_legal(r, m));
            } else {
                let us = self.side;
                moves.retain(|&m| {
                    let mut next = *self;
                    next.play(r, m);
                    let k = next.royal_sq[us];
                    k == NO_SQ || !next.attacked(r, k as usize, us ^ 1, &next.occ(), &B::EMPTY)
                });
            }
        } else {
            self.generate_moves::<_, false, false>(r, &mut moves);
            if let Some(rule) = r.v.walling {
                moves = self.add_walls(r, rule, &moves);
            }
        }
        if r.v.sittuyin_promotion {
            self.sittuyin_promotions(r, &mut moves);
        }
        if !r.v.mutually_immune.is_empty() {
            let immune = |sq: usize| {
                let p = self.board[sq];
                p != 0 && r.v.mutually_immune.contains(&((p as usize - 1) & 31))
            };
            moves.retain(|&m| {
                !(matches!(
                    m.kind,
                    MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Gate
                ) && self.by_color[self.side ^ 1].has(m.to as usize)
                    && immune(m.from as usize)
                    && immune(m.to as usize))
            });
        }
        if r.v.pseudo_royal {
            moves.retain(|&m| self.pseudo_royal_legal(r, m));
        }
        if !r.v.checking {
            self.drop_checks(r, &mut moves);
        }
        if r.v.must_capture && moves.iter().any(|&m| self.is_capture(m)) {
            moves.retain(|&m| self.is_capture(m));
        }
        // With explosions Fairy-Stockfish lets drops check all the same
        // (pyffish 0.0.90's atomiczh), and so does this.
        if !r.v.drop_checks && !r.v.blast_on_capture {
            moves.retain(|&m| !m.is_drop() || !self.gives_check(r, m));
        }
        if r.v.must_drop {
            match r.v.must_drop_type {
                None if self.hand[self.side].iter().any(|&n| n > 0) => {
                    moves.retain(|m| m.is_drop());
                }
                Some(t) if self.hand[self.side][t] > 0 => {
                    moves.retain(|m| m.dropped_piece() == Some(t));
                }
                _ => {}
            }
        }
        let ksq = self.royal_sq[self.side];
        if r.v.makpong && ksq != NO_SQ && self.in_check(r) {
            // The royal piece may only take the checker, when it is the
            // only one: the king stays attacked once that piece is removed
            // from the board otherwise.
            let (ksq, occ) = (ksq as usize, self.occ());
            moves.retain(|m| {
                if m.is_drop() || m.from as usize != ksq {
                    return true;
                }
                let to = m.to as usize;
                self.board[to] != 0
                    && !self.attacked(r, ksq, self.side ^ 1, &occ, &B::from_index(to))
            });
        }
        let bikjang = r.v.bikjang && self.kings_face(r);
        if bikjang {
            // Bikjang: the kings must stop facing each other, or the side
            // to move passes (below; even in check, as Fairy-Stockfish),
            // which ends the game.
            moves.retain(|&m| {
                let mut next = *self;
                next.play(r, m);
                !next.kings_face(r)
            });
        }
        let us = self.side;
        if (r.v.pass[us] || (r.v.pass_on_stalemate[us] && moves.is_empty()))
            && (bikjang || !self.in_check(r))
        {
            if let Some(pass) = self.pass_move() {
                moves.push(pass);
            }
        }
        moves
    }

    /// Sittuyin's promotions ([`crate::Variant::sittuyin_promotion`]), the
    /// legal ones: each pawn that may (any, when it is the last; else one
    /// in the region) becomes a promotion piece below its limit on its own
    /// square or on an empty square that piece could move to, where the new
    /// piece attacks no enemy piece. Rare enough to find the piece's moves
    /// by generating them on a copy of the position.
    fn sittuyin_promotions(&self, r: &Rules<B>, moves: &mut Vec<FairyMove>) {
        let us = self.side;
        let them = us ^ 1;
        let (Some(p), Some(pawn)) = (&r.v.promotion, r.v.pawn_of(us)) else {
            return;
        };
        let mut pawns = self.by_type[pawn] & self.by_color[us];
        if pawns.count() > 1 {
            pawns &= r.sittuyin_zone[us];
        }
        let pieces = match &p.pieces_black {
            Some(black) if us == 1 => black,
            _ => &p.pieces,
        };
        let below_limit = |pt: usize| {
            p.limits.iter().find(|l| l.0 == pt).is_none_or(|&(_, lim)| {
                (self.by_type[pt] & self.by_color[us]).count() < u32::from(lim)
            })
        };
        // The squares a piece of type `pt` on `sq` of `state` moves to.
        let reach = |state: &State<B>, sq: usize| {
            let mut all = Vec::new();
            state.generate_moves::<_, true, false>(r, &mut all);
            all.into_iter()
                .filter(move |m| m.from as usize == sq && m.kind != MoveKind::Drop)
                .map(|m| m.to as usize)
        };
        for from in pawns.iter() {
            for &pt in pieces.iter().filter(|&&pt| below_limit(pt)) {
                let mut probe = *self;
                probe.take(from);
                probe.put(from, pt, us);
                let empty = r.board & !self.occ();
                let mut targets: Vec<usize> =
                    reach(&probe, from).filter(|&to| empty.has(to)).collect();
                targets.push(from);
                targets.sort_unstable();
                targets.dedup();
                for to in targets {
                    let mut placed = *self;
                    placed.take(from);
                    placed.put(to, pt, us);
                    if reach(&placed, to).any(|s| self.by_color[them].has(s)) {
                        continue;
                    }
                    let mv = FairyMove {
                        promotion: pt as u8,
                        ..FairyMove::normal(from, to)
                    };
                    let mut next = *self;
                    next.play(r, mv);
                    let k = next.royal_sq[us];
                    if k == NO_SQ || !next.attacked(r, k as usize, them, &next.occ(), &B::EMPTY) {
                        moves.push(mv);
                    }
                }
            }
        }
    }

    /// The side to move's pass, written as a move of its royal piece, or of
    /// its first piece; none without pieces.
    fn pass_move(&self) -> Option<FairyMove> {
        let ksq = self.royal_sq[self.side];
        let sq = if ksq != NO_SQ {
            Some(ksq as usize)
        } else {
            self.by_color[self.side].lsb()
        };
        sq.map(FairyMove::pass)
    }

    /// The squares orthogonally next to a wall (the edge walling rule).
    fn beside_walls(&self, r: &Rules<B>) -> B {
        let (w, h) = (r.w as usize, r.h as usize);
        let mut beside = B::EMPTY;
        for sq in self.walls.iter() {
            let (x, y) = file_rank(sq, r.stride);
            if x > 0 {
                beside.set(sq - 1);
            }
            if x + 1 < w {
                beside.set(sq + 1);
            }
            if y > 0 {
                beside.set(sq - r.stride);
            }
            if y + 1 < h {
                beside.set(sq + r.stride);
            }
        }
        beside
    }

    /// Every move of `moves` with each square the walling rule lets the
    /// mover put a wall on afterwards.
    fn add_walls(
        &self,
        r: &Rules<B>,
        rule: crate::variant::WallingRule,
        moves: &[FairyMove],
    ) -> Vec<FairyMove> {
        use crate::variant::WallingRule;
        let us = self.side;
        if r.v.wall_or_move {
            // A move, or a wall alone: written as a move of the mover's
            // first piece to its own square. Not in check, where
            // Fairy-Stockfish lets no wall stand in the way.
            let mut out = moves.to_vec();
            let first = self.by_color[us].lsb();
            if let (Some(first), false) = (first, self.in_check(r)) {
                let occ = self.occ();
                let squares = match rule {
                    WallingRule::Edge => (r.edge | self.beside_walls(r)) & r.board & !occ,
                    WallingRule::Duck | WallingRule::Static => r.board & !occ,
                    // Both need a piece that moved.
                    WallingRule::Past | WallingRule::Arrow => B::EMPTY,
                } & r.walling_region[us];
                for sq in squares.iter() {
                    out.push(FairyMove {
                        wall: sq as u8,
                        ..FairyMove::pass(first)
                    });
                }
            }
            return out;
        }
        let mut out = Vec::with_capacity(moves.len() * 8);
        for &m in moves {
            let mut next = *self;
            next.play(r, m);
            let occ = next.occ();
            let to = m.to as usize;
            let squares = match rule {
                WallingRule::Past => B::from_index(m.from as usize) & !occ,
                WallingRule::Duck | WallingRule::Static => r.board & !occ,
                WallingRule::Edge => (r.edge | next.beside_walls(r)) & r.board & !occ,
                WallingRule::Arrow => {
                    let p = next.board[to];
                    if p == 0 {
                        B::EMPTY
                    } else {
                        let tr = &r.types[(p as usize - 1) & 31];
                        let mut quiet = tr.leap_quiet[us][to] & !occ;
                        for rd in tr.riders[us].iter().filter(|rd| rd.quiet) {
                            quiet |= r.line_targets(rd, to, &occ) & !occ;
                        }
                        quiet
                    }
                }
            } & r.walling_region[us];
            // Only squares empty before the move, or those it emptied
            // itself (the castling rook's, en passant's victim's but with
            // explosions; as Fairy-Stockfish: not where an explosion
            // emptied them).
            let mut vacated = B::from_index(m.from as usize);
            if m.is_castle() || (m.is_en_passant() && !r.v.blast_on_capture) {
                vacated.set(m.extra as usize);
            }
            let squares = squares & (!self.occ() | vacated);
            for sq in squares.iter() {
                out.push(FairyMove {
                    wall: sq as u8,
                    ..m
                });
            }
        }
        out
    }

    /// Whether `mv` captures (en passant and locust captures included).
    pub(crate) fn is_capture(&self, mv: FairyMove) -> bool {
        match mv.kind {
            MoveKind::EnPassant | MoveKind::Locust => true,
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Gate => {
                self.by_color[self.side ^ 1].has(mv.to as usize)
            }
            _ => false,
        }
    }

    /// Generates every legal move into `sink`; with `PSEUDO`, every move
    /// without regard to the mover's royal piece (atomic tests them after
    /// the explosion); with `CAPTURES`, only moves onto an enemy piece or
    /// into a promotion zone, en passant and the pieces' special moves (a
    /// superset of the captures and promotions, for quiescence search).
    /// Returns whether the side to move is in check, as the legality test
    /// found it (`false` with `PSEUDO`, which does not look).
    fn generate_moves<S: Sink<B>, const PSEUDO: bool, const CAPTURES: bool>(
        &self,
        r: &Rules<B>,
        sink: &mut S,
    ) -> bool {
        let us = self.side;
        let them = us ^ 1;
        let occ = self.occ();
        let ours = self.by_color[us];
        let theirs = self.by_color[them];
        let ksq = if PSEUDO { NO_SQ } else { self.royal_sq[us] };
        // Check: leapers by table, hoppers and lame leapers (if the opponent
        // has any) by their own test, sliders in the same scan that finds
        // pins.
        let mut in_check = false;
        let mut pinned = B::EMPTY;
        let mut pin_lines = [(0u8, B::EMPTY); 32];
        let mut npins = 0;
        if ksq != NO_SQ {
            let k = ksq as usize;
            for (t, tr) in r.types.iter().enumerate() {
                if tr.leap_cap_rev[them][k].intersects(&(self.by_type[t] & theirs)) {
                    in_check = true;
                    break;
                }
            }
            if r.slow_check[them] && !in_check {
                in_check = self.attacked_by_hops_and_lame(r, k, them, &occ);
            }
            {
                for ar in r.attack_rays[them]
                    .iter()
                    .filter(|a| a.kind == LineKind::Slide)
                {
                    let group = self.ray_attackers(r, ar, k, them) & theirs;
                    if group.is_empty() {
                        continue;
                    }
                    let Some(b1) = r.first_blocker(ar.dir, k, &occ) else {
                        continue;
                    };
                    let in_range = |s: usize| ar.limit.is_none_or(|l| r.limited[l][k].has(s));
                    if !ours.has(b1) {
                        if group.has(b1) && in_range(b1) {
                            in_check = true;
                        }
                        continue;
                    }
                    let Some(b2) = r.first_blocker(ar.dir, b1, &occ) else {
                        continue;
                    };
                    if !group.has(b2) || !in_range(b2) {
                        continue;
                    }
                    let line = r.rays[ar.dir][k] & !r.rays[ar.dir][b2];
                    if pinned.has(b1) {
                        for e in pin_lines[..npins].iter_mut().filter(|e| e.0 as usize == b1) {
                            e.1 &= line;
                        }
                    } else if npins < pin_lines.len() {
                        pinned.set(b1);
                        pin_lines[npins] = (b1 as u8, line);
                        npins += 1;
                    }
                }
            }
        }
        // Against hoppers and lame leapers pins do not describe legality;
        // but a move can only uncover an attack through squares on the
        // king's attack lines or on the legs of lame attackers, so moves that
        // neither leave nor enter those squares need no test.
        let full = !PSEUDO
            && (in_check
                || r.verify_all
                || r.generic_capture[them]
                || (r.slow_check[them] && ksq == NO_SQ));
        let mut sensitive = B::EMPTY;
        if !PSEUDO && r.slow_check[them] && !full {
            let k = ksq as usize;
            for ar in r.attack_rays[them]
                .iter()
                .filter(|a| a.kind != LineKind::Slide)
            {
                // One move vacates one square and fills one, so a hopper or
                // grasshopper can only come to attack the king if it is
                // among the first three pieces on the ray; then only the ray
                // up to the third piece matters.
                let group = self.ray_attackers(r, ar, k, them) & theirs;
                if !group.intersects(&r.rays[ar.dir][k]) {
                    continue;
                }
                let mut s = k;
                let mut near = false;
                for _ in 0..3 {
                    match r.first_blocker(ar.dir, s, &occ) {
                        Some(b) => {
                            near |= group.has(b);
                            s = b;
                        }
                        None => break,
                    }
                }
                if !near {
                    continue;
                }
                sensitive |= r.rays[ar.dir][k] & !r.rays[ar.dir][s];
            }
            for (t, tr) in r.types.iter().enumerate() {
                let lame_atk = self.by_type[t] & theirs;
                if !tr.lame_rev_from[them][k].intersects(&lame_atk) {
                    continue;
                }
                // A lame attacker can only be unblocked: its legs matter when
                // it stands on an attacking square.
                for &(s, legs) in &tr.lame_rev[them][k] {
                    if lame_atk.has(s as usize) {
                        sensitive |= legs;
                    }
                }
            }
            if let Some(j) = &r.janggi {
                sensitive |= self.janggi_sensitive(r, j, k, &occ);
            }
            // The file or rank between the generals: a piece leaving it
            // lets them face.
            let ek = self.royal_sq[them];
            let line = if ek == NO_SQ || !r.v.flying_general {
                None
            } else if file_rank(ek as usize, r.stride).0 == file_rank(k, r.stride).0 {
                Some(r.file_dirs)
            } else if file_rank(ek as usize, r.stride).1 == file_rank(k, r.stride).1 {
                Some(r.rank_dirs)
            } else {
                None
            };
            if let Some(dirs) = line {
                let dir = if ek as usize > k { dirs[0] } else { dirs[1] };
                sensitive |= r.rays[dir][k] & !r.rays[dir][ek as usize];
            }
        }
        // In check, a move of a piece other than the royal one must take
        // the checker or block its line: the other targets need no test.
        let evasions = if in_check {
            self.evasion_squares(r, ksq as usize, &occ)
                .unwrap_or(B::FULL)
        } else {
            B::FULL
        };
        // Computed once for the moves near the king's lines.
        let near_king = if sensitive.is_empty() {
            None
        } else {
            self.near_king(r, ksq as usize)
        };
        let royal = r.v.royal;
        let pawn = r.v.pawn_of(us);
        let wanted = if CAPTURES {
            theirs | r.promo_zone[us] | r.piece_zone[us]
        } else {
            B::FULL
        };
        // A sink that stops early hears the royal piece's moves first.
        let first = if S::STOPS { royal } else { None };
        for t in first
            .into_iter()
            .chain((0..r.types.len()).filter(|&t| Some(t) != first))
        {
            let tr = &r.types[t];
            let mut mine = self.by_type[t] & ours;
            if mine.is_empty() {
                continue;
            }
            let is_royal = royal == Some(t);
            let is_pawn = pawn == Some(t);
            let chess_pawn = if is_pawn { r.chess_pawn[us] } else { None };
            if let (true, Some(double)) = (
                S::COUNTS && !CAPTURES && !full && sensitive.is_empty(),
                chess_pawn,
            ) {
                // Counting: the free pawns' moves all at once; pinned ones
                // go through the loop below.
                self.count_chess_pawns(r, sink, t, mine & !pinned, double);
                mine &= pinned;
            } else if S::COUNTS
                && !CAPTURES
                && !full
                && sensitive.is_empty()
                && !is_royal
                && tr.plain[us]
            {
                // Counting: a free plain piece's targets, summed; pinned
                // ones go through the loop below.
                sink.add_count(self.count_plain(r, t, mine & !pinned));
                mine &= pinned;
            }
            // The pawn, or a second piece that promotes and steps twice as
            // it does (Wolf chess's sergeant).
            let pawnlike = is_pawn || r.v.second_pawn == Some(t);
            for from in mine.iter() {
                if S::STOPS && sink.satisfied() {
                    return in_check;
                }
                let restrict = if !full && pinned.has(from) {
                    pin_lines[..npins]
                        .iter()
                        .find(|e| e.0 as usize == from)
                        .map(|e| e.1)
                        .unwrap_or(B::EMPTY)
                } else {
                    B::FULL
                };
                let mut quiet = tr.leap_quiet[us][from] & !occ;
                let mut caps = tr.leap_cap[us][from] & theirs;
                let lines = tr.lines8[us].and_then(|(o, d)| B::slides_8x8(from, &occ, o, d));
                if let Some(att) = lines {
                    quiet |= att & !occ;
                    caps |= att & theirs;
                }
                for rd in tr.riders[us].iter().filter(|_| lines.is_none()) {
                    // Slides, the common case, inline.
                    let att = if rd.kind == LineKind::Slide {
                        r.ray_attacks(rd.dir, rd.limit, from, &occ)
                    } else {
                        r.line_targets(rd, from, &occ)
                    };
                    if rd.quiet {
                        quiet |= att & !occ;
                    }
                    if rd.capture {
                        caps |= att & theirs;
                    }
                }
                let mut doubles = B::EMPTY;
                for lm in &tr.lame[us] {
                    if lm.initial && !(r.v.double_step && r.initial_zone[us].has(from)) {
                        continue;
                    }
                    for &(to, legs) in &lm.table[from] {
                        if legs.intersects(&occ) {
                            continue;
                        }
                        let to = to as usize;
                        let ok = if occ.has(to) {
                            lm.capture && theirs.has(to)
                        } else {
                            lm.quiet
                        };
                        if !ok {
                            continue;
                        }
                        if lm.initial && pawnlike && !occ.has(to) {
                            doubles.set(to);
                        } else if occ.has(to) {
                            caps.set(to);
                        } else {
                            quiet.set(to);
                        }
                    }
                }
                if is_pawn && r.triple_zone[us].has(from) {
                    // A triple step (`tripleStepRegion`): three empty
                    // squares straight ahead.
                    let ahead = |n: usize| match us {
                        0 => Some(from + n * r.stride).filter(|&s| s / r.stride < r.h as usize),
                        _ => from.checked_sub(n * r.stride),
                    };
                    if let (Some(a), Some(b), Some(c)) = (ahead(1), ahead(2), ahead(3)) {
                        if !occ.has(a) && !occ.has(b) && !occ.has(c) {
                            doubles.set(c);
                        }
                    }
                }
                if let Some(j) = &r.janggi {
                    let extra = self.janggi_targets(r, j, t, us, from, &occ);
                    quiet |= extra & !occ;
                    caps |= extra & theirs;
                }
                // A piece leaving its promotion zone may promote anywhere.
                let wanted = if CAPTURES
                    && (r.promoted_of[t].is_some() || r.demoted_of[t].is_some())
                    && r.piece_zone[us].has(from)
                {
                    B::FULL
                } else {
                    wanted
                };
                let evasion = if is_royal { B::FULL } else { evasions };
                let targets = (quiet | caps) & restrict & tr.region[us] & wanted & evasion;
                if CAPTURES {
                    doubles = B::EMPTY;
                }
                doubles &= restrict & !targets & evasion;
                if is_royal && !PSEUDO && S::DEFERS_ROYAL {
                    sink.bulk(from, targets);
                } else if is_royal && !PSEUDO {
                    let mut occ2 = occ;
                    occ2.clear(from);
                    // The enemy's line pieces, found once for every target.
                    let ray_pieces = if targets.is_empty() {
                        None
                    } else {
                        self.ray_pieces(r, them)
                    };
                    for to in targets.iter() {
                        let removed = B::from_index(to);
                        // The king stands on `to`: locusts need a victim there.
                        let mut occ3 = occ2;
                        occ3.set(to);
                        if !self.attacked_with_rays(
                            r,
                            to,
                            them,
                            &occ3,
                            &removed,
                            ray_pieces.as_ref(),
                        ) {
                            sink.push(FairyMove::normal(from, to));
                        }
                    }
                } else if ((r.promoted_of[t].is_some() || r.demoted_of[t].is_some())
                    && (r.piece_zone[us].has(from) || targets.intersects(&r.piece_zone[us])))
                    || (r.v.immobility_illegal && targets.intersects(&r.immobile[t][us]))
                {
                    for to in targets.iter() {
                        let check = full || sensitive.has(from) || sensitive.has(to);
                        self.emit_piece_promotions(r, sink, from, to, t, check);
                    }
                } else if pawnlike && targets.intersects(&r.promo_zone[us]) {
                    for to in targets.iter() {
                        let check = full || sensitive.has(from) || sensitive.has(to);
                        self.emit(r, sink, FairyMove::normal(from, to), t, check);
                    }
                } else if full {
                    for to in targets.iter() {
                        let mv = FairyMove::normal(from, to);
                        if self.leaves_king_safe(r, mv) {
                            sink.push(mv);
                        }
                    }
                } else {
                    // Not in check, every attack in the tables: only what
                    // a move near the king's lines uncovers needs a test.
                    let near = if sensitive.has(from) {
                        targets
                    } else {
                        sink.bulk(from, targets & !sensitive);
                        targets & sensitive
                    };
                    for to in near.iter() {
                        let mv = FairyMove::normal(from, to);
                        let safe = match &near_king {
                            Some(n) => self.leaves_king_safe_near(r, mv, n),
                            None => self.leaves_king_safe(r, mv),
                        };
                        if safe {
                            sink.push(mv);
                        }
                    }
                }
                for to in doubles.iter() {
                    let mv = FairyMove {
                        from: from as u8,
                        to: to as u8,
                        promotion: NO_SQ,
                        kind: MoveKind::DoubleStep,
                        extra: 0,
                        wall: NO_SQ,
                    };
                    let check =
                        !PSEUDO && (full || is_royal || sensitive.has(from) || sensitive.has(to));
                    self.emit(r, sink, mv, t, check);
                }
                if !tr.special[us].is_empty() {
                    let check = full || is_royal || r.slow_check[them];
                    self.gen_special(r, sink, t, from, &occ, restrict, check, PSEUDO);
                }
                if r.v.gating && self.gate.has(from) {
                    // As in Fairy-Stockfish, a gating move is legal when the
                    // plain move is: the piece put on `from` does not unpin
                    // the piece that leaves it.
                    for to in ((quiet | caps) & tr.region[us] & wanted).iter() {
                        let mut plain_legal = None;
                        for g in 0..r.v.pieces.len() {
                            if self.hand[us][g] == 0 || !self.may_gate(r, g, from) {
                                continue;
                            }
                            let mv = FairyMove {
                                from: from as u8,
                                to: to as u8,
                                promotion: NO_SQ,
                                kind: MoveKind::Gate,
                                extra: g as u8,
                                wall: NO_SQ,
                            };
                            // When the plain move is known legal (unpinned, no
                            // check, no hoppers), so is the gating move.
                            let known =
                                !full && !is_royal && !r.slow_check[them] && restrict.has(to);
                            let legal = PSEUDO
                                || known
                                || *plain_legal.get_or_insert_with(|| {
                                    self.leaves_king_safe(r, FairyMove::normal(from, to))
                                });
                            if legal {
                                sink.push(mv);
                            }
                        }
                    }
                }
            }
        }
        if CAPTURES {
            // No drop, castling or Cambodian leap takes anything; en
            // passant does.
            self.gen_en_passant::<S, PSEUDO>(r, sink);
            return in_check;
        }
        if S::STOPS && sink.satisfied() {
            return in_check;
        }
        if r.v.drops {
            self.gen_drops(r, sink, full, &sensitive);
        }
        self.gen_en_passant::<S, PSEUDO>(r, sink);
        if PSEUDO {
            if self.castle_king[us] != NO_SQ {
                self.gen_castling::<S, true>(r, sink);
            }
        } else if !in_check && self.castle_king[us] != NO_SQ {
            self.gen_castling::<S, false>(r, sink);
        }
        if r.v.cambodian_moves && (self.gate & ours).count() > 0 {
            let in_check = if PSEUDO { self.in_check(r) } else { in_check };
            self.gen_cambodian::<S, PSEUDO>(r, sink, in_check);
        }
        in_check
    }

    /// Counts into a counting sink the moves of a variant whose legal moves
    /// are its pseudo-legal ones and whose pieces are all plain or chess
    /// pawns ([`Rules::pseudo_count`]): none once the game is over, else
    /// each piece type's at once, then en passant and castling.
    fn count_pseudo_legal<S: Sink<B>>(&self, r: &Rules<B>, sink: &mut S) {
        if r.special && self.variant_end(r).is_some() {
            return;
        }
        let us = self.side;
        let ours = self.by_color[us];
        let pawn = r.v.pawn_of(us);
        for t in 0..r.types.len() {
            let mine = self.by_type[t] & ours;
            if mine.is_empty() {
                continue;
            }
            match r.chess_pawn[us].filter(|_| pawn == Some(t)) {
                Some(double) => self.count_chess_pawns(r, sink, t, mine, double),
                None => sink.add_count(self.count_plain(r, t, mine)),
            }
        }
        self.gen_en_passant::<S, false>(r, sink);
        if self.castle_king[us] != NO_SQ {
            self.gen_castling::<S, false>(r, sink);
        }
    }

    /// The number of moves of `movers`, free pieces of the plain type `t`
    /// ([`TypeRules::plain`]): their target sets' sizes, summed.
    ///
    /// [`TypeRules::plain`]: super::rules::TypeRules::plain
    #[inline]
    fn count_plain(&self, r: &Rules<B>, t: usize, movers: B) -> u64 {
        let us = self.side;
        let tr = &r.types[t];
        let occ = self.occ();
        let theirs = self.by_color[us ^ 1];
        let free = !occ | theirs;
        let mut n = 0;
        for from in movers.iter() {
            let mut targets = (tr.leap_quiet[us][from] & !occ) | (tr.leap_cap[us][from] & theirs);
            match tr.lines8[us].and_then(|(o, d)| B::slides_8x8(from, &occ, o, d)) {
                Some(att) => targets |= att & free,
                None => {
                    for rd in &tr.riders[us] {
                        targets |= r.ray_attacks(rd.dir, rd.limit, from, &occ) & free;
                    }
                }
            }
            n += u64::from(targets.count());
        }
        n
    }

    /// Counts into a counting sink the moves of `movers`, pawns of type `t`
    /// that move as chess's ([`Rules::chess_pawn`]) and are free to (not
    /// pinned, not in check, no square near the king's lines): the plain
    /// steps and captures of all of them at once, promotions and (with
    /// `double`) double steps one by one, as [`State::emit`] would give
    /// them.
    fn count_chess_pawns<S: Sink<B>>(
        &self,
        r: &Rules<B>,
        sink: &mut S,
        t: usize,
        movers: B,
        double: bool,
    ) {
        let us = self.side;
        let theirs = self.by_color[us ^ 1];
        let empty = r.board & !self.occ();
        let promo = r.promo_zone[us];
        let single = r.forward(us, movers) & empty;
        let [left, right] = r.forward_diagonals(us, movers);
        let (left, right) = (left & theirs, right & theirs);
        let plain = (single & !promo).count() + (left & !promo).count() + (right & !promo).count();
        sink.add_count(u64::from(plain));
        // The square one rank back from `to`, moved `files` files.
        let back = |to: usize, files: isize| {
            let base = if us == 0 {
                to - r.stride
            } else {
                to + r.stride
            };
            base.wrapping_add_signed(files)
        };
        for (targets, files) in [(single, 0), (left, 1), (right, -1)] {
            for to in (targets & promo).iter() {
                let mv = FairyMove::normal(back(to, files), to);
                self.push_promotions(r, sink, mv, t);
            }
        }
        if double {
            let doubles = r.forward(us, r.forward(us, movers & r.initial_zone[us]) & empty) & empty;
            for to in doubles.iter() {
                let mv = FairyMove {
                    from: back(back(to, 0), 0) as u8,
                    to: to as u8,
                    promotion: NO_SQ,
                    kind: MoveKind::DoubleStep,
                    extra: 0,
                    wall: NO_SQ,
                };
                self.push_promotions(r, sink, mv, t);
            }
        }
    }

    /// En passant captures (on either square a triple step passed).
    fn gen_en_passant<S: Sink<B>, const PSEUDO: bool>(&self, r: &Rules<B>, sink: &mut S) {
        let us = self.side;
        let ours = self.by_color[us];
        let pawn = r.v.pawn_of(us);
        // En passant (on either square a triple step passed).
        for (ep, victim) in [(self.ep, self.ep_victim), (self.ep_second, self.ep_victim)] {
            // After a second pawn's double step the square it reached is
            // listed too: taking it there is a plain capture.
            if ep == NO_SQ || self.board[ep as usize] != 0 {
                continue;
            }
            if let Some(p) = pawn {
                let ep = ep as usize;
                let cands = r.types[p].leap_cap_rev[us][ep] & self.by_type[p] & ours;
                // A pawn that can also step onto the square quietly (one
                // moving as a king) just steps there, as in Fairy-Stockfish.
                for from in cands
                    .iter()
                    .filter(|&from| !r.types[p].leap_quiet[us][from].has(ep))
                {
                    let mv = FairyMove {
                        from: from as u8,
                        to: ep as u8,
                        promotion: NO_SQ,
                        kind: MoveKind::EnPassant,
                        extra: victim,
                        wall: NO_SQ,
                    };
                    if PSEUDO || self.leaves_king_safe(r, mv) {
                        sink.push(mv);
                    }
                }
            }
        }
    }

    /// Cambodian chess's first moves ([`crate::Variant::cambodian_moves`]):
    /// from a square that keeps its right, the king's leap two files aside
    /// and one rank forward (not while in check) and the met's leap two
    /// squares straight forward (over any piece), each onto an empty
    /// square.
    fn gen_cambodian<S: Sink<B>, const PSEUDO: bool>(
        &self,
        r: &Rules<B>,
        sink: &mut S,
        in_check: bool,
    ) {
        let us = self.side;
        let occ = self.occ();
        let forward: i32 = if us == 0 { 1 } else { -1 };
        let stride = r.stride as i32;
        let square = |x: i32, y: i32| {
            ((0..r.w).contains(&x) && (0..r.h).contains(&y)).then(|| (y * stride + x) as usize)
        };
        let mut gates = self.gate & self.by_color[us];
        while let Some(from) = gates.lsb() {
            gates.clear(from);
            let t = (self.board[from] as usize).wrapping_sub(1) & 31;
            let (x, y) = ((from % r.stride) as i32, (from / r.stride) as i32);
            let targets = if r.v.royal == Some(t) && !in_check {
                [square(x - 2, y + forward), square(x + 2, y + forward)]
            } else if r.cambodian_met == Some(t) {
                [square(x, y + 2 * forward), None]
            } else {
                continue;
            };
            for to in targets.into_iter().flatten() {
                if occ.has(to) {
                    continue;
                }
                let mv = FairyMove::normal(from, to);
                if PSEUDO || self.leaves_king_safe(r, mv) {
                    sink.push(mv);
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn gen_special<S: Sink<B>>(
        &self,
        r: &Rules<B>,
        sink: &mut S,
        t: usize,
        from: usize,
        occ: &B,
        restrict: B,
        check_each: bool,
        pseudo: bool,
    ) {
        let us = self.side;
        let theirs = self.by_color[us ^ 1];
        let occf = |x: i32, y: i32| occ.has((y * r.stride as i32 + x) as usize);
        let mut found: Vec<FairyMove> = Vec::new();
        for comp in &r.types[t].special[us] {
            if comp.initial && !(r.v.double_step && r.initial_zone[us].has(from)) {
                continue;
            }
            if comp.kind == PathKind::Leap {
                // Initial-only leaps are generated from the lame tables; this
                // copy only serves the attack test.
                continue;
            }
            let locust = comp.kind == PathKind::Locust;
            let double =
                comp.initial && comp.kind == PathKind::Leap && r.v.pawn_of(self.side) == Some(t);
            comp_targets(
                comp,
                (from % r.stride) as i32,
                (from / r.stride) as i32,
                r.w,
                r.h,
                &occf,
                &mut |x, y, victim| {
                    let to = (y * r.stride as i32 + x) as usize;
                    if let Some((vx, vy)) = victim {
                        let v = (vy * r.stride as i32 + vx) as usize;
                        if comp.mode.capture() && theirs.has(v) {
                            found.push(FairyMove {
                                from: from as u8,
                                to: to as u8,
                                promotion: NO_SQ,
                                kind: MoveKind::Locust,
                                extra: v as u8,
                                wall: NO_SQ,
                            });
                        }
                        return;
                    }
                    let ok = if occ.has(to) {
                        comp.mode.capture() && theirs.has(to)
                    } else {
                        comp.mode.quiet()
                    };
                    if ok && !locust {
                        let kind = if double && !occ.has(to) {
                            MoveKind::DoubleStep
                        } else {
                            MoveKind::Normal
                        };
                        found.push(FairyMove {
                            from: from as u8,
                            to: to as u8,
                            promotion: NO_SQ,
                            kind,
                            extra: 0,
                            wall: NO_SQ,
                        });
                    }
                },
            );
        }
        // A leap and a ride may reach the same square; keep one.
        found.sort_by_key(|m| (m.to, m.extra, m.kind as u8));
        found.dedup_by_key(|m| (m.to, m.extra, m.kind == MoveKind::Locust));
        for mv in found {
            // Skip duplicates of moves the tables already produced.
            let tr = &r.types[t];
            let to = mv.to as usize;
            if tr.overlap && mv.kind != MoveKind::Locust && self.table_reaches(r, tr, from, to, occ)
            {
                continue;
            }
            let needs = !pseudo && (check_each || mv.kind == MoveKind::Locust);
            if !pseudo && !needs && !restrict.has(to) {
                continue;
            }
            self.emit(r, sink, mv, t, needs);
        }
    }

    fn table_reaches(
        &self,
        r: &Rules<B>,
        tr: &super::rules::TypeRules<B>,
        from: usize,
        to: usize,
        occ: &B,
    ) -> bool {
        let us = self.side;
        let theirs = self.by_color[us ^ 1];
        let mut quiet = tr.leap_quiet[us][from] & !*occ;
        let mut caps = tr.leap_cap[us][from] & theirs;
        for rd in &tr.riders[us] {
            let att = r.line_targets(rd, from, occ);
            if rd.quiet {
                quiet |= att & !*occ;
            }
            if rd.capture {
                caps |= att & theirs;
            }
        }
        (quiet | caps).has(to)
    }

    /// Whether piece `g` from the hand may be gated on `sq`: a pawn only
    /// where it could be dropped (Seirawan with drops: not on the back rank).
    fn may_gate(&self, r: &Rules<B>, g: usize, sq: usize) -> bool {
        !(r.v.drops && r.v.pawn_of(self.side) == Some(g) && !r.pawn_drop[self.side].has(sq))
    }

    /// Pushes `mv` with promotion choices for pawns, after a legality check
    /// when `check` is set.
    fn emit<S: Sink<B>>(&self, r: &Rules<B>, sink: &mut S, mv: FairyMove, t: usize, check: bool) {
        if check && !self.leaves_king_safe(r, mv) {
            return;
        }
        self.push_promotions(r, sink, mv, t);
    }

    /// Pushes a legal `mv` with its pawn promotion choices.
    fn push_promotions<S: Sink<B>>(&self, r: &Rules<B>, sink: &mut S, mv: FairyMove, t: usize) {
        let us = self.side;
        let to = mv.to as usize;
        if r.v.promotes_as_pawn(us, t) && r.promo_zone[us].has(to) {
            if let Some(p) = &r.v.promotion {
                let last = r.last_rank[us].has(to);
                if !p.mandatory && !last {
                    sink.push(mv);
                }
                let pieces = match &p.pieces_black {
                    Some(black) if us == 1 => black,
                    _ => &p.pieces,
                };
                for &pt in pieces {
                    if let Some(&(_, lim)) = p.limits.iter().find(|l| l.0 == pt) {
                        if (self.by_type[pt] & self.by_color[us]).count() >= lim as u32 {
                            continue;
                        }
                    }
                    sink.push(FairyMove {
                        promotion: pt as u8,
                        ..mv
                    });
                }
                return;
            }
        }
        sink.push(mv);
    }

    /// A move of a piece with a shogi-style promotion (or one that could
    /// become immobile): the promoted move when it starts or ends in the
    /// zone, the plain move unless the piece could never move again.
    fn emit_piece_promotions<S: Sink<B>>(
        &self,
        r: &Rules<B>,
        sink: &mut S,
        from: usize,
        to: usize,
        t: usize,
        check: bool,
    ) {
        let us = self.side;
        let mv = FairyMove::normal(from, to);
        if check && !self.leaves_king_safe(r, mv) {
            return;
        }
        let in_zone = (r.piece_zone[us].has(from) || r.piece_zone[us].has(to))
            && (!r.v.piece_promotion_on_capture || self.board[to] != 0);
        let mut promotes = false;
        if let Some(p) = r.promoted_of[t] {
            // A marked piece that is already promoted does not promote
            // again, nor past `promotionLimit` (which counts these too, as
            // in Fairy-Stockfish: shogun's one centaur).
            let limit =
                r.v.promotion
                    .as_ref()
                    .and_then(|pr| pr.limits.iter().find(|l| l.0 == p));
            let below_limit = limit.is_none_or(|&(_, lim)| {
                (self.by_type[p] & self.by_color[us]).count() < u32::from(lim)
            });
            if in_zone && below_limit && !(r.v.promotion_marked && self.promoted.has(from)) {
                promotes = true;
                sink.push(FairyMove {
                    promotion: p as u8,
                    ..mv
                });
            }
        }
        if let Some(b) = r.demoted_of[t] {
            // Back to the base this piece was promoted from.
            let b = if r.shared_promotions {
                self.base_at(r, from, t)
            } else {
                b
            };
            if in_zone {
                promotes = true;
                sink.push(FairyMove {
                    promotion: b as u8,
                    ..mv
                });
            }
        }
        let forced = promotes && r.v.mandatory_piece_promotion;
        if !r.immobile[t][us].has(to) && !forced {
            self.push_promotions(r, sink, mv, t);
        }
    }

    /// Drops from the hand: on empty squares where the piece can move again,
    /// not a second unpromoted pawn on a file (nifu), not a pawn drop that
    /// mates (uchifuzume).
    /// `dropOppositeColoredBishop`: the squares where piece `t` may be
    /// dropped among `empty` so that the bishops (type `b`) of the side to
    /// move, on the board and in hand, can still stand on both colours.
    fn bishop_colour_drops(&self, r: &Rules<B>, t: usize, b: usize, empty: B) -> B {
        let us = self.side;
        let room = empty & r.drop_mask[us] & r.types[b].region[us];
        let on_board = self.by_type[b] & self.by_color[us];
        let mut allowed = B::EMPTY;
        for to in (empty & r.drop_mask[us] & r.types[t].region[us]).iter() {
            let light_sq = r.light.has(to);
            let (mut light, mut dark) = (
                on_board.intersects(&r.light),
                on_board.intersects(&!r.light),
            );
            let mut in_hand = self.hand[us][b];
            if t == b {
                // The bishop itself: not beside one of its colour.
                if (light_sq && light) || (!light_sq && dark) {
                    continue;
                }
                light |= light_sq;
                dark |= !light_sq;
                in_hand -= 1;
            }
            let mut left = room;
            left.clear(to);
            let (light_left, dark_left) = ((left & r.light).count(), (left & !r.light).count());
            let ok = match (in_hand, light, dark) {
                (0, _, _) => true,
                (_, true, false) => dark_left >= 1,
                (_, false, true) => light_left >= 1,
                (1, false, false) => light_left + dark_left >= 1,
                (_, false, false) => light_left >= 1 && dark_left >= 1,
                // Both colours taken: any further bishop goes anywhere.
                (_, true, true) => true,
            };
            if ok {
                allowed.set(to);
            }
        }
        allowed
    }

    fn gen_drops<S: Sink<B>>(&self, r: &Rules<B>, sink: &mut S, full: bool, sensitive: &B) {
        let us = self.side;
        let them = us ^ 1;
        let mut empty = r.board & !self.occ();
        match r.v.enclosing_drop {
            // Connect four: onto a piece or the bottom edge.
            Some(EnclosingRule::Top) => empty = self.top_drops(r),
            Some(EnclosingRule::Anyside) => empty = self.anyside_drops(r),
            // Ataxx: clones go next to one of the mover's pieces.
            Some(EnclosingRule::Ataxx) => {
                let mut near_ours = B::EMPTY;
                for s in self.by_color[us].iter() {
                    near_ours |= self.neighbours(r, s);
                }
                empty &= near_ours;
            }
            // Snort: never beside an enemy piece.
            Some(EnclosingRule::Snort) => {
                for s in self.by_color[them].iter() {
                    empty &= !self.orthogonal_neighbours(r, s);
                }
            }
            _ => {}
        }
        let ek = self.royal_sq[them];
        for t in 0..r.v.pieces.len() {
            if self.hand[us][t] == 0 && !r.v.free_drops {
                continue;
            }
            let mut targets = empty & !r.immobile[t][us] & r.drop_mask[us] & r.types[t].region[us];
            if r.v.pawn_of(us) == Some(t) {
                targets &= r.pawn_drop[us];
            }
            if r.sittuyin_rook == Some(t) {
                targets &= r.first_rank[us];
            }
            if r.v.enclosing_drop == Some(EnclosingRule::Reversi) {
                let start = r.drop_start & empty;
                targets = if start.is_empty() {
                    let mut enclosing = B::EMPTY;
                    for sq in targets.iter() {
                        if !self.enclosed(r, sq, us).is_empty() {
                            enclosing.set(sq);
                        }
                    }
                    enclosing
                } else {
                    targets & start
                };
            }
            // A second bishop goes on the other colour of square, and no
            // drop may leave a bishop still in hand without a square of
            // the colour it needs.
            if let Some(b) = r.bishop {
                targets &= self.bishop_colour_drops(r, t, b, empty);
            }
            // A royal piece dropped from the hand (placement) may not land
            // where it stands attacked.
            if r.v.royal == Some(t) {
                let occ = self.occ();
                for to in targets.iter() {
                    let mut occ2 = occ;
                    occ2.set(to);
                    if self.attacked(r, to, them, &occ2, &B::EMPTY) {
                        targets.clear(to);
                    }
                }
            }
            let no_doubled = r.v.drop_no_doubled == Some(t);
            if no_doubled {
                let mine = self.by_type[t] & self.by_color[us];
                let most = u32::from(r.v.drop_no_doubled_count);
                for f in &r.file_masks {
                    if (*f & mine).count() >= most {
                        targets &= !*f;
                    }
                }
            }
            // Drops that check with the mate-restricted piece are tested one
            // by one.
            let mut special = B::EMPTY;
            if no_doubled && r.v.drop_mate_illegal && ek != NO_SQ {
                special = targets & r.types[t].leap_cap_rev[us][ek as usize];
            }
            let (bulk, single) = if full {
                (B::EMPTY, targets)
            } else {
                (
                    targets & !*sensitive & !special,
                    targets & (*sensitive | special),
                )
            };
            sink.drops(t, bulk);
            for to in single.iter() {
                let mv = FairyMove::drop(t, to);
                if (full || sensitive.has(to)) && !self.leaves_king_safe(r, mv) {
                    continue;
                }
                if no_doubled && r.v.drop_mate_illegal && special.has(to) {
                    let mut next = *self;
                    next.play(r, mv);
                    // Mate by the moves alone: a game end the check itself
                    // brings (check shogi) does not make it mate.
                    let mut c = Counter(0);
                    next.generate_moves::<_, false, false>(r, &mut c);
                    if c.0 == 0 {
                        continue;
                    }
                }
                sink.push(mv);
            }
            // The piece dropped promoted (Kyoto shogi's `+P@c3`).
            if let Some(p) = r.promoted_of[t].filter(|_| r.v.drop_promoted) {
                let spots = empty & !r.immobile[p][us] & r.drop_mask[us] & r.types[p].region[us];
                for to in spots.iter() {
                    let mv = FairyMove {
                        promotion: p as u8,
                        ..FairyMove::drop(t, to)
                    };
                    if (full || sensitive.has(to)) && !self.leaves_king_safe(r, mv) {
                        continue;
                    }
                    sink.push(mv);
                }
            }
        }
    }

    /// Castling moves; with `PSEUDO`, without testing the squares the king
    /// crosses or lands on (atomic tests them itself).
    fn gen_castling<S: Sink<B>, const PSEUDO: bool>(&self, r: &Rules<B>, sink: &mut S) {
        let Some(c) = &r.v.castling else { return };
        let us = self.side;
        let them = us ^ 1;
        let k = self.castle_king[us] as usize;
        // A castling king that is not royal (giveaway) may cross attacked
        // squares.
        let royal = self.royal_sq[us] as usize == k;
        let occ = self.occ();
        for side in 0..2 {
            let rsq = self.castle[us][side];
            if rsq == NO_SQ {
                continue;
            }
            let rsq = rsq as usize;
            let rank = k / r.stride;
            let kfile = if side == 0 {
                c.kingside_file
            } else {
                c.queenside_file
            } as usize;
            // Both destinations must be on the board (custom variants may
            // name files a narrow board lacks).
            let rook_file_ok = if rsq > k {
                kfile >= 1
            } else {
                kfile + 1 < r.w as usize
            };
            if kfile >= r.w as usize || !rook_file_ok {
                continue;
            }
            let kdest = rank * r.stride + kfile;
            let rdest = castle_rook_dest(k, kdest, rsq);
            // Squares between two on the same rank, both included (no
            // allocation: this runs at every node with castling rights).
            let span = |a: usize, b: usize| a.min(b)..=a.max(b);
            // The same as a set, from the eastward rays: what lies east of
            // the lower square and not east of the higher.
            let east = r.rank_dirs[0];
            let span_set = |a: usize, b: usize| {
                let (lo, hi) = (a.min(b), a.max(b));
                (r.rays[east][lo] & !r.rays[east][hi]) | B::from_index(lo)
            };
            let mut path = span_set(k, kdest) | span_set(rsq, rdest);
            path.clear(k);
            path.clear(rsq);
            if path.intersects(&occ) {
                continue;
            }
            let mut occ2 = occ;
            occ2.clear(k);
            let safe = PSEUDO
                || !royal
                || span(k, kdest).filter(|&s| s != k && s != kdest).all(|s| {
                    // The king passes over `s`: count it as occupied there.
                    let mut occ3 = occ2;
                    occ3.set(s);
                    !self.attacked(r, s, them, &occ3, &B::EMPTY)
                });
            if !safe {
                continue;
            }
            let mv = FairyMove {
                from: k as u8,
                to: kdest as u8,
                promotion: NO_SQ,
                kind: MoveKind::Castle,
                extra: rsq as u8,
                wall: NO_SQ,
            };
            if PSEUDO || self.leaves_king_safe(r, mv) {
                sink.push(mv);
            }
            if r.v.gating {
                for g in 0..r.v.pieces.len() {
                    if self.hand[us][g] == 0 {
                        continue;
                    }
                    for (kind, square) in [(MoveKind::Castle, k), (MoveKind::CastleGateRook, rsq)] {
                        if !self.gate.has(square) || !self.may_gate(r, g, square) {
                            continue;
                        }
                        let gm = FairyMove {
                            promotion: g as u8,
                            kind,
                            ..mv
                        };
                        if PSEUDO || self.leaves_king_safe(r, gm) {
                            sink.push(gm);
                        }
                    }
                }
            }
        }
    }
}

/// The rook's square after castling: next to the king's destination, on
/// the inside (the king's lower side when the rook came from a higher file).
pub(crate) fn castle_rook_dest(kfrom: usize, kdest: usize, rook: usize) -> usize {
    if rook > kfrom {
        kdest - 1
    } else {
        kdest + 1
    }
}
