//! Attack detection: whether a square is attacked (leapers by reverse
//! tables, sliders by rays, hoppers and grasshoppers by their screens, lame
//! leapers by their legs, the flying general by the file), and the
//! play-and-test legality check built on it.

use super::movegen::castle_rook_dest;
use super::rules::{AttackRay, LineKind, Rider, Rules, NO_SQ};
use super::{file_rank, FairyMove, MoveKind, State};
use crate::bitboard::Bits;
use crate::piece::comp_targets;

/// The most enemy attack rays [`NearKing`] holds (sixteen: eight
/// directions, sliding and hopping).
const MAX_NEAR_RAYS: usize = 16;

/// A node's enemy attackers of our royal piece, by attack ray, the legs of
/// its lame attackers, and the squares between facing generals
/// ([`State::near_king`]).
pub(crate) struct NearKing<B> {
    attackers: [B; MAX_NEAR_RAYS],
    lame_legs: B,
    /// With flying generals on one line, the squares between them.
    between_generals: Option<B>,
}

impl<B: Bits> State<B> {
    /// Xiangqi's flying general: `by`'s royal piece sees `sq` along a file
    /// or a rank with nothing between.
    #[inline]
    fn general_faces(&self, r: &Rules<B>, sq: usize, by: usize, occ: &B, removed: &B) -> bool {
        if !r.v.flying_general {
            return false;
        }
        let ek = self.royal_sq[by];
        if ek == NO_SQ || removed.has(ek as usize) || ek as usize == sq {
            return false;
        }
        let ((ek_file, ek_rank), (file, rank)) =
            (file_rank(ek as usize, r.stride), file_rank(sq, r.stride));
        let dirs = if ek_file == file {
            r.file_dirs
        } else if ek_rank == rank {
            r.rank_dirs
        } else {
            return false;
        };
        let dir = if ek as usize > sq { dirs[0] } else { dirs[1] };
        r.first_blocker(dir, sq, occ) == Some(ek as usize)
    }

    /// Whether `sq` is attacked by colour `by`, with occupancy `occ` and the
    /// pieces on `removed` taken off the board (captured).
    pub(crate) fn attacked(
        &self,
        r: &Rules<B>,
        sq: usize,
        by: usize,
        occ: &B,
        removed: &B,
    ) -> bool {
        self.attacked_with_rays(r, sq, by, occ, removed, None)
    }

    /// Each attack ray's pieces of colour `by`, for a variant whose ray
    /// pieces may attack anywhere ([`Rules::rays_anywhere`]): what
    /// [`State::attacked_with_rays`] reads for every square of a node
    /// instead of finding them again; `None` elsewhere.
    pub(crate) fn ray_pieces(&self, r: &Rules<B>, by: usize) -> Option<[B; MAX_NEAR_RAYS]> {
        let rays = &r.attack_rays[by];
        if !r.rays_anywhere[by] || rays.len() > MAX_NEAR_RAYS {
            return None;
        }
        let mut out = [B::EMPTY; MAX_NEAR_RAYS];
        for (ar, pieces) in rays.iter().zip(out.iter_mut()) {
            for &t in &ar.types {
                *pieces |= self.by_type[t];
            }
            *pieces &= self.by_color[by];
        }
        Some(out)
    }

    /// [`State::attacked`], with the attack rays' pieces of colour `by`
    /// given when [`State::ray_pieces`] computed them for the node.
    pub(crate) fn attacked_with_rays(
        &self,
        r: &Rules<B>,
        sq: usize,
        by: usize,
        occ: &B,
        removed: &B,
        ray_pieces: Option<&[B; MAX_NEAR_RAYS]>,
    ) -> bool {
        if self.general_faces(r, sq, by, occ, removed) {
            return true;
        }
        if let Some(j) = &r.janggi {
            if self.janggi_attacked(r, j, sq, by, occ, removed, &B::FULL) {
                return true;
            }
        }
        let theirs = self.by_color[by] & !*removed;
        for (t, tr) in r.types.iter().enumerate() {
            let atk = self.by_type[t] & theirs;
            if atk.is_empty() {
                continue;
            }
            if tr.leap_cap_rev[by][sq].intersects(&atk) {
                return true;
            }
            if tr.lame_rev_from[by][sq].intersects(&atk) {
                for &(s, legs) in &tr.lame_rev[by][sq] {
                    if atk.has(s as usize) && !legs.intersects(occ) {
                        return true;
                    }
                }
            }
            if tr.special_capture
                && tr.region[by].has(sq)
                && self.special_attack(r, t, by, sq, atk, occ)
            {
                return true;
            }
        }
        match ray_pieces {
            Some(pieces) => r.attack_rays[by].iter().zip(pieces).any(|(ar, p)| {
                let atk = *p & !*removed & r.rays[ar.dir][sq];
                !atk.is_empty() && Self::ray_hits(r, ar, sq, &atk, occ)
            }),
            None => r.attack_rays[by]
                .iter()
                .any(|ar| self.ray_attacks_from(r, ar, sq, by, &theirs, occ)),
        }
    }

    /// Whether a piece of colour `by` among `theirs` attacks `sq` along
    /// the attack ray `ar` (a slide, a hop over a screen, or a
    /// grasshopper's leap past the piece next to `sq`), with occupancy
    /// `occ`.
    #[inline]
    fn ray_attacks_from(
        &self,
        r: &Rules<B>,
        ar: &AttackRay,
        sq: usize,
        by: usize,
        theirs: &B,
        occ: &B,
    ) -> bool {
        // Only a piece on the ray can attack along it: most rays hold none.
        let on_ray = *theirs & r.rays[ar.dir][sq];
        if on_ray.is_empty() {
            return false;
        }
        let atk = self.ray_attackers(r, ar, sq, by) & on_ray;
        !atk.is_empty() && Self::ray_hits(r, ar, sq, &atk, occ)
    }

    /// The pieces of the types that attack along `ar` and may attack `sq`
    /// (their region holds it), of either colour: the caller keeps `by`'s.
    #[inline]
    pub(super) fn ray_attackers(&self, r: &Rules<B>, ar: &AttackRay, sq: usize, by: usize) -> B {
        let mut atk = B::EMPTY;
        for &t in &ar.types {
            if r.types[t].region[by].has(sq) {
                atk |= self.by_type[t];
            }
        }
        atk
    }

    /// Whether one of `atk` attacks `sq` along `ar` with occupancy `occ`.
    #[inline]
    fn ray_hits(r: &Rules<B>, ar: &AttackRay, sq: usize, atk: &B, occ: &B) -> bool {
        !Self::ray_hitters(r, ar, sq, atk, occ).is_empty()
    }

    /// Those of `atk` that attack `sq` along `ar` with occupancy `occ`.
    #[inline]
    fn ray_hitters(r: &Rules<B>, ar: &AttackRay, sq: usize, atk: &B, occ: &B) -> B {
        match ar.kind {
            LineKind::Slide => r.ray_attacks(ar.dir, ar.limit, sq, occ) & *atk,
            LineKind::Hop => match r.first_blocker(ar.dir, sq, occ) {
                Some(screen) => {
                    let mut beyond = r.ray_attacks(ar.dir, None, screen, occ) & *atk;
                    if let Some(l) = ar.limit {
                        beyond &= r.limited[l][sq];
                    }
                    beyond
                }
                None => B::EMPTY,
            },
            LineKind::Grass => {
                let h = r.step[ar.dir][sq];
                if h != NO_SQ && occ.has(h as usize) {
                    r.ray_attacks(ar.dir, None, h as usize, occ) & *atk
                } else {
                    B::EMPTY
                }
            }
        }
    }

    /// The square and type of the cheapest piece of colour `by` still on
    /// `occ` that attacks `sq` (the royal piece last), as the tables see
    /// attacks: the exchange's next capture. Not for variants whose
    /// captures the tables miss (see [`Rules::exchange_values`]).
    fn cheapest_attacker(
        &self,
        r: &Rules<B>,
        sq: usize,
        by: usize,
        occ: &B,
    ) -> Option<(usize, usize)> {
        let royal = r.v.royal.filter(|&k| k < r.types.len());
        let types = r.by_value.iter().map(|&(t, _)| t).chain(royal);
        for t in types {
            let atk = self.by_type[t] & self.by_color[by] & *occ;
            if atk.is_empty() {
                continue;
            }
            let tr = &r.types[t];
            if let Some(from) = (tr.leap_cap_rev[by][sq] & atk).lsb() {
                return Some((from, t));
            }
            if tr.lame_rev_from[by][sq].intersects(&atk) {
                for &(from, legs) in &tr.lame_rev[by][sq] {
                    if atk.has(usize::from(from)) && !legs.intersects(occ) {
                        return Some((usize::from(from), t));
                    }
                }
            }
            if !tr.region[by].has(sq) {
                continue;
            }
            for ar in r.attack_rays[by].iter().filter(|ar| ar.types.contains(&t)) {
                let on_ray = atk & r.rays[ar.dir][sq];
                if on_ray.is_empty() {
                    continue;
                }
                if let Some(from) = Self::ray_hitters(r, ar, sq, &on_ray, occ).lsb() {
                    return Some((from, t));
                }
            }
        }
        None
    }

    /// The static exchange on a capture's target square: what the side
    /// to move wins (in [`Rules::exchange_values`]) if both sides go on
    /// taking there with their cheapest piece while it pays. Pins,
    /// promotions in the exchange and hands are not looked at. `None`
    /// where the variant's captures are not all in the tables, or for a
    /// move that takes elsewhere than its target or moves two pieces.
    pub(crate) fn static_exchange(&self, r: &Rules<B>, mv: FairyMove) -> Option<i32> {
        let values = r.exchange_values.as_ref()?;
        if !matches!(mv.kind, MoveKind::Normal | MoveKind::DoubleStep) || mv.wall != NO_SQ {
            return None;
        }
        let (from, to) = (usize::from(mv.from), usize::from(mv.to));
        let type_at = |sq: usize| match self.board[sq] {
            0 => None,
            p => Some((usize::from(p) - 1) & 31),
        };
        let value = |t: Option<usize>| t.and_then(|t| values.get(t)).copied().unwrap_or(0);
        let mover = type_at(from);
        let promotion = (mv.promotion != NO_SQ).then_some(usize::from(mv.promotion));
        // The exchange's running balances: `gains[d]` is what the side
        // making capture `d` has won if the exchange stops after it.
        let mut gains = [0i32; 64];
        gains[0] = value(type_at(to)) + promotion.map_or(0, |p| value(Some(p)) - value(mover));
        let mut on_target = value(promotion.or(mover));
        let mut occ = self.occ();
        occ.clear(from);
        let mut side = self.side ^ 1;
        let mut d = 0;
        while d + 1 < gains.len() {
            let Some((sq, t)) = self.cheapest_attacker(r, to, side, &occ) else {
                break;
            };
            d += 1;
            gains[d] = on_target - gains[d - 1];
            on_target = value(Some(t));
            occ.clear(sq);
            side ^= 1;
        }
        // Each side takes only where taking beats stopping.
        while d > 0 {
            gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
            d -= 1;
        }
        Some(gains[0])
    }

    /// The part of [`State::attacked`] that pins cannot see: lame leaps,
    /// hoppers, grasshoppers and generic components (sliders and plain
    /// leapers are checked by the caller).
    pub(crate) fn attacked_by_hops_and_lame(
        &self,
        r: &Rules<B>,
        sq: usize,
        by: usize,
        occ: &B,
    ) -> bool {
        if self.general_faces(r, sq, by, occ, &B::EMPTY) {
            return true;
        }
        if let Some(j) = &r.janggi {
            if self.janggi_attacked(r, j, sq, by, occ, &B::EMPTY, &B::FULL) {
                return true;
            }
        }
        let theirs = self.by_color[by];
        for (t, tr) in r.types.iter().enumerate() {
            let atk = self.by_type[t] & theirs;
            if atk.is_empty() {
                continue;
            }
            if tr.lame_rev_from[by][sq].intersects(&atk) {
                for &(s, legs) in &tr.lame_rev[by][sq] {
                    if atk.has(s as usize) && !legs.intersects(occ) {
                        return true;
                    }
                }
            }
            if tr.special_capture
                && tr.region[by].has(sq)
                && self.special_attack(r, t, by, sq, atk, occ)
            {
                return true;
            }
        }
        r.attack_rays[by]
            .iter()
            .filter(|a| a.kind != LineKind::Slide)
            .any(|ar| self.ray_attacks_from(r, ar, sq, by, &theirs, occ))
    }

    pub(crate) fn special_attack(
        &self,
        r: &Rules<B>,
        t: usize,
        by: usize,
        sq: usize,
        atk: B,
        occ: &B,
    ) -> bool {
        let st = r.stride;
        let (tx, ty) = ((sq % st) as i32, (sq / st) as i32);
        let occf = |x: i32, y: i32| occ.has((y * r.stride as i32 + x) as usize);
        for from in atk.iter() {
            for comp in &r.types[t].special[by] {
                if !comp.mode.capture()
                    || (comp.initial && !(r.v.double_step && r.initial_zone[by].has(from)))
                {
                    continue;
                }
                let (file, rank) = file_rank(from, r.stride);
                let mut hit = false;
                comp_targets(
                    comp,
                    file as i32,
                    rank as i32,
                    r.w,
                    r.h,
                    &occf,
                    &mut |x, y, victim| {
                        let target = victim.unwrap_or((x, y));
                        if target == (tx, ty) {
                            hit = true;
                        }
                    },
                );
                if hit {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the side to move's royal piece is attacked by an enemy
    /// piece of one of `types` (the other enemy pieces still block).
    pub(crate) fn checked_by(&self, r: &Rules<B>, types: &[usize]) -> bool {
        let us = self.side;
        let k = self.royal_sq[us];
        if k == NO_SQ {
            return false;
        }
        let mut others = self.by_color[us ^ 1];
        for &t in types {
            others &= !self.by_type[t];
        }
        self.attacked(r, k as usize, us ^ 1, &self.occ(), &others)
    }

    /// `false` only where `mv` (legal, of the side to move) certainly
    /// does not check the enemy royal piece: it neither starts nor ends in
    /// [`Rules::check_zone`] and moves no second piece.
    pub(crate) fn may_give_check(&self, r: &Rules<B>, mv: FairyMove) -> bool {
        let Some(zones) = r.check_zone() else {
            return true;
        };
        let k = self.royal_sq[self.side ^ 1];
        if k == NO_SQ || mv.wall != NO_SQ {
            return true;
        }
        let zone = &zones[self.side][usize::from(k)];
        match mv.kind {
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Gate | MoveKind::Drop => {
                zone.has(usize::from(mv.from)) || zone.has(usize::from(mv.to))
            }
            // Castling moves a second piece, en passant and locusts take
            // one elsewhere, a pass changes nothing: rare enough to play.
            MoveKind::EnPassant
            | MoveKind::Castle
            | MoveKind::CastleGateRook
            | MoveKind::Locust
            | MoveKind::Pass => true,
        }
    }

    /// Whether the side to move is in check.
    pub(crate) fn in_check(&self, r: &Rules<B>) -> bool {
        if r.v.blast_on_capture {
            return self.atomic_royal_attacked(r, self.side);
        }
        let us = self.side;
        let k = self.royal_sq[us];
        k != NO_SQ && self.attacked(r, k as usize, us ^ 1, &self.occ(), &B::EMPTY)
    }

    /// What [`State::leaves_king_safe_near`] asks of every move of a node,
    /// computed once for the node: each enemy hop and grasshopper ray's
    /// attackers of our royal piece's square, and the legs of the enemy's lame leapers
    /// that stand where they would attack it. `None` for a variant with
    /// more attack rays than the fixed table holds.
    pub(crate) fn near_king(&self, r: &Rules<B>, k: usize) -> Option<NearKing<B>> {
        let them = self.side ^ 1;
        let rays = &r.attack_rays[them];
        if rays.len() > MAX_NEAR_RAYS {
            return None;
        }
        let theirs = self.by_color[them];
        let mut near = NearKing {
            attackers: [B::EMPTY; MAX_NEAR_RAYS],
            lame_legs: B::EMPTY,
            between_generals: None,
        };
        // Flying generals on one file or rank: the squares between them.
        let ek = self.royal_sq[them];
        if r.v.flying_general && ek != NO_SQ {
            let ek = ek as usize;
            let ((ek_file, ek_rank), (k_file, k_rank)) =
                (file_rank(ek, r.stride), file_rank(k, r.stride));
            let dirs = if ek_file == k_file {
                Some(r.file_dirs)
            } else if ek_rank == k_rank {
                Some(r.rank_dirs)
            } else {
                None
            };
            if let Some(dirs) = dirs {
                let dir = if ek > k { dirs[0] } else { dirs[1] };
                let mut between = r.rays[dir][k] & !r.rays[dir][ek];
                between.clear(ek);
                near.between_generals = Some(between);
            }
        }
        // Slides are left out: a move can only uncover a slide onto the
        // king from a piece that stood alone in its way, which the pins
        // already confine to the line.
        for (i, ar) in rays.iter().enumerate() {
            if ar.kind != LineKind::Slide {
                near.attackers[i] = self.ray_attackers(r, ar, k, them) & theirs & r.rays[ar.dir][k];
            }
        }
        for tr in &r.types {
            if tr.lame_rev_from[them][k].is_empty() {
                continue;
            }
            for &(s, legs) in &tr.lame_rev[them][k] {
                if theirs.has(s as usize) {
                    near.lame_legs |= legs;
                }
            }
        }
        Some(near)
    }

    /// [`State::leaves_king_safe`] for a plain move of a piece that is not
    /// royal, when the side to move is not in check and every enemy attack
    /// is one the tables describe: only an attack the move uncovers or lets
    /// through can reach the king then (along a line through its squares,
    /// past a lame leaper's leg it leaves, down the generals' file, or by
    /// janggi's moves), so only those are tested.
    ///
    /// `near` is [`State::near_king`] of this node.
    pub(crate) fn leaves_king_safe_near(
        &self,
        r: &Rules<B>,
        mv: FairyMove,
        near: &NearKing<B>,
    ) -> bool {
        let us = self.side;
        let them = us ^ 1;
        let k = self.royal_sq[us];
        let (from, to) = (mv.from as usize, mv.to as usize);
        let cannon_moves = r
            .janggi
            .as_ref()
            .and_then(|j| j.cannon)
            .is_some_and(|c| self.by_type[c].has(from));
        if k == NO_SQ || mv.kind != MoveKind::Normal || from == k as usize || cannon_moves {
            return self.leaves_king_safe(r, mv);
        }
        let k = k as usize;
        let mut occ = self.occ();
        occ.clear(from);
        occ.set(to);
        let mut removed = B::EMPTY;
        if self.board[to] != 0 {
            removed.set(to);
        }
        let theirs = self.by_color[them] & !removed;
        for (ar, attackers) in r.attack_rays[them].iter().zip(&near.attackers) {
            let ray = r.rays[ar.dir][k];
            if !(ray.has(from) || ray.has(to)) {
                continue;
            }
            let atk = *attackers & !removed;
            if !atk.is_empty() && Self::ray_hits(r, ar, k, &atk, &occ) {
                return false;
            }
        }
        // Only a move off a lame attacker's leg can let it through.
        if near.lame_legs.has(from) {
            for (t, tr) in r.types.iter().enumerate() {
                let atk = self.by_type[t] & theirs;
                if !tr.lame_rev_from[them][k].intersects(&atk) {
                    continue;
                }
                for &(s, legs) in &tr.lame_rev[them][k] {
                    if legs.has(from) && atk.has(s as usize) && !legs.intersects(&occ) {
                        return false;
                    }
                }
            }
        }
        // The generals face once nothing stands between them (unless the
        // move takes the enemy's).
        if let Some(between) = near.between_generals {
            let ek = self.royal_sq[them] as usize;
            if !removed.has(ek) && !between.intersects(&occ) {
                return false;
            }
        }
        if let Some(j) = &r.janggi {
            let mut through = B::from_index(from);
            through.set(to);
            if self.janggi_attacked(r, j, k, them, &occ, &removed, &through) {
                return false;
            }
        }
        true
    }

    /// Plays `mv` on the occupancy only and asks whether our king is then
    /// attacked.
    pub(crate) fn leaves_king_safe(&self, r: &Rules<B>, mv: FairyMove) -> bool {
        let us = self.side;
        let k = self.royal_sq[us];
        if k == NO_SQ {
            return true;
        }
        let (from, to) = (mv.from as usize, mv.to as usize);
        if let Some(c) = r.janggi.as_ref().and_then(|j| j.cannon) {
            // A janggi cannon that moves or is dropped is a screen no
            // cannon may use where it lands, which occupancy alone does
            // not say.
            let cannon_moves = if mv.kind == MoveKind::Drop {
                usize::from(mv.extra) == c
            } else {
                self.by_type[c].has(from)
            };
            if cannon_moves {
                let mut next = *self;
                next.play(r, mv);
                let k = next.royal_sq[us];
                return k == NO_SQ || !next.attacked(r, k as usize, us ^ 1, &next.occ(), &B::EMPTY);
            }
        }
        let mut occ = self.occ();
        let mut removed = B::EMPTY;
        let mut king = k as usize;
        match mv.kind {
            MoveKind::Drop => {
                occ.set(to);
            }
            MoveKind::Castle | MoveKind::CastleGateRook => {
                let rook = mv.extra as usize;
                occ.clear(from);
                occ.clear(rook);
                occ.set(to);
                occ.set(castle_rook_dest(from, to, rook));
                if mv.promotion != NO_SQ {
                    occ.set(if mv.kind == MoveKind::CastleGateRook {
                        rook
                    } else {
                        from
                    });
                }
                king = to;
            }
            _ => {
                occ.clear(from);
                if self.board[to] != 0 {
                    removed.set(to);
                }
                occ.set(to);
                if matches!(mv.kind, MoveKind::EnPassant | MoveKind::Locust) {
                    occ.clear(mv.extra as usize);
                    removed.set(mv.extra as usize);
                }
                if mv.kind == MoveKind::Gate {
                    occ.set(from);
                }
                if from == king {
                    king = to;
                }
            }
        }
        !self.attacked(r, king, us ^ 1, &occ, &removed)
    }
}

/// The slides from one square that [`State::activity`] has found, by
/// direction (the first [`KING_LINES`] directions: the eight of the
/// board's lines come first), so that the types that check along a line
/// share it.
struct KingLines<B> {
    lines: [B; KING_LINES],
    /// Which of `lines` are filled, one bit a direction.
    found: u32,
}

/// The directions [`KingLines`] keeps.
const KING_LINES: usize = 16;

impl<B: Bits> KingLines<B> {
    fn new() -> Self {
        KingLines {
            lines: [B::EMPTY; KING_LINES],
            found: 0,
        }
    }

    /// The squares a piece of type `t` and colour `c` on `from` attacks
    /// (the captures of [`State::piece_targets`]), its unlimited slides
    /// taken from those found before.
    fn attacks(&mut self, r: &Rules<B>, t: usize, c: usize, from: usize, occ: &B) -> B {
        targets_with::<B, true>(r, t, c, from, occ, |rd| {
            if rd.kind == LineKind::Slide && rd.limit.is_none() && rd.dir < KING_LINES {
                if self.found & (1 << rd.dir) == 0 {
                    self.lines[rd.dir] = r.ray_attacks(rd.dir, None, from, occ);
                    self.found |= 1 << rd.dir;
                }
                self.lines[rd.dir]
            } else {
                r.line_targets(rd, from, occ)
            }
        })
        .0
    }
}

/// A piece's captures (the squares it attacks, whatever stands there)
/// and, unless `CAPTURES_ONLY`, its quiet moves from `from`, as on the
/// board now, before the region it is confined to: leaps, lines and lame
/// leaps, not the components taken square by square. `line` finds one
/// rider's line: [`Rules::line_targets`], or a line shared by the types
/// that move along it ([`KingLines`]).
#[inline(always)]
fn targets_with<B: Bits, const CAPTURES_ONLY: bool>(
    r: &Rules<B>,
    t: usize,
    c: usize,
    from: usize,
    occ: &B,
    mut line: impl FnMut(&Rider) -> B,
) -> (B, B) {
    let tr = &r.types[t];
    let mut attacks = tr.leap_cap[c][from];
    let mut quiet = if CAPTURES_ONLY {
        B::EMPTY
    } else {
        tr.leap_quiet[c][from]
    };
    for rd in tr.riders[c]
        .iter()
        .filter(|rd| rd.capture || !CAPTURES_ONLY)
    {
        let targets = line(rd);
        if rd.capture {
            attacks |= targets;
        }
        if rd.quiet && !CAPTURES_ONLY {
            quiet |= targets;
        }
    }
    let wanted = |capture: bool, quiet: bool| capture || (quiet && !CAPTURES_ONLY);
    for lame in tr.lame[c]
        .iter()
        .filter(|l| !l.initial && wanted(l.capture, l.quiet))
    {
        for &(to, path) in &lame.table[from] {
            if !path.intersects(occ) {
                if lame.capture {
                    attacks.set(usize::from(to));
                }
                if lame.quiet && !CAPTURES_ONLY {
                    quiet.set(usize::from(to));
                }
            }
        }
    }
    (attacks & tr.region[c], quiet)
}

/// How much cheaper an attacker must be than its target for the attack to
/// count as a threat: half a pawn, so that a knight on a bishop counts in
/// chess and a bishop on a knight does not.
const THREAT_MARGIN: i32 = crate::PAWN_VALUE / 2;

impl<B: Bits> State<B> {
    /// Mobility, attacks on the enemy royal piece's surroundings, threats
    /// and passed pawns, per colour ([`crate::Activity`]).
    pub(crate) fn activity(&self, r: &Rules<B>) -> crate::Activity {
        let occ = self.occ();
        let mut out = crate::Activity::default();
        // Every square each side attacks, for the hanging pieces.
        let mut attacked = [B::EMPTY; 2];
        // The squares each side's pieces can move to and check from.
        let mut checks_from = [B::EMPTY; 2];
        for (c, side_attacks) in attacked.iter_mut().enumerate() {
            let own = self.by_color[c];
            let theirs = self.by_color[c ^ 1];
            let pawn = r.v.pawn_of(c);
            // Squares a piece may go to: not its own side's, and not where
            // an enemy chess pawn takes it.
            let mut area = r.board & !own;
            if let (Some(p), true) = (r.v.pawn_of(c ^ 1), r.evaluated_as_chess_pawn[c ^ 1]) {
                let enemy_pawns = self.by_type[p] & self.by_color[c ^ 1];
                let [left, right] = r.forward_diagonals(c ^ 1, enemy_pawns);
                area &= !(left | right);
            }
            let enemy_king = self.royal_sq[c ^ 1];
            let zone = if enemy_king == NO_SQ {
                B::EMPTY
            } else {
                let k = usize::from(enemy_king);
                let mut z = self.neighbours(r, k);
                z.set(k);
                z
            };
            // The types go cheapest first, so that before a type's attacks
            // join `cheaper`, every enemy type it is not cheaper than by the
            // margin is tested against the attacks gathered so far.
            let mut cheaper = B::EMPTY;
            let mut next_target = 0;
            // The types that check along the same line from the king
            // share it.
            let mut king_lines = KingLines::new();
            for &(t, value) in &r.by_value {
                while let Some(&(u, target_value)) = r.by_value.get(next_target) {
                    if target_value - THREAT_MARGIN >= value {
                        break;
                    }
                    out.threats[c] += (self.by_type[u] & theirs & cheaper).count();
                    next_target += 1;
                }
                let movers = self.by_type[t] & own;
                // A piece in hand checks from the empty squares it may be
                // dropped on (pawns aside, as on the board).
                let dropped =
                    r.v.drops && self.hand[c][t] > 0 && Some(t) != pawn && Some(t) != r.v.royal;
                if movers.is_empty() && !dropped {
                    continue;
                }
                if Some(t) == pawn {
                    cheaper |= self.pawn_attacks(r, c, movers, &occ);
                    continue;
                }
                // The squares a piece of this type checks from: its moves
                // from the royal square as the other side's piece (the
                // other side's moves run the other way).
                let check_squares = if enemy_king == NO_SQ {
                    B::EMPTY
                } else {
                    king_lines.attacks(r, t, c ^ 1, usize::from(enemy_king), &occ)
                        & r.types[t].region[c]
                };
                if dropped {
                    let spots = r.board & !occ & !r.immobile[t][c] & r.drop_mask[c];
                    checks_from[c] |= spots & check_squares;
                }
                for from in movers.iter() {
                    let (attacks, quiet) = self.piece_targets(r, t, c, from, &occ);
                    cheaper |= attacks;
                    let moves = ((quiet & !occ) | (attacks & theirs)) & r.types[t].region[c];
                    let mobility = (moves & area).count();
                    out.mobility[c] += mobility;
                    if let Some(n) = out.mobility_by_piece[c].get_mut(t) {
                        // At most the board's 256 squares a piece.
                        *n = n.saturating_add(mobility as u16);
                    }
                    checks_from[c] |= moves & check_squares;
                    let near_king = (attacks & r.types[t].region[c] & zone).count();
                    if near_king > 0 {
                        out.king_attackers[c] += 1;
                        out.king_attacks[c] += near_king;
                    }
                }
            }
            for &(u, _) in r.by_value.get(next_target..).unwrap_or_default() {
                out.threats[c] += (self.by_type[u] & theirs & cheaper).count();
            }
            *side_attacks = cheaper;
            if let Some(royal) = r.v.royal {
                for from in (self.by_type[royal] & own).iter() {
                    *side_attacks |= self.piece_targets(r, royal, c, from, &occ).0;
                }
            }
            if r.evaluated_as_chess_pawn[c] {
                self.pawn_structure(r, c, &mut out);
            }
        }
        for c in 0..2 {
            let pawn = r.v.pawn_of(c ^ 1).map_or(B::EMPTY, |p| self.by_type[p]);
            let royal = r.v.royal.map_or(B::EMPTY, |k| self.by_type[k]);
            let targets = self.by_color[c ^ 1] & !pawn & !royal;
            out.hanging[c] = (targets & attacked[c] & !attacked[c ^ 1]).count();
            out.safe_checks[c] = (checks_from[c] & !attacked[c ^ 1]).count();
        }
        out
    }

    /// The squares `c`'s pawns `pawns` attack: both diagonals at once for
    /// chess pawns, piece by piece for others.
    fn pawn_attacks(&self, r: &Rules<B>, c: usize, pawns: B, occ: &B) -> B {
        let Some(t) = r.v.pawn_of(c) else {
            return B::EMPTY;
        };
        if r.evaluated_as_chess_pawn[c] {
            let [left, right] = r.forward_diagonals(c, pawns);
            return left | right;
        }
        let mut attacks = B::EMPTY;
        for from in pawns.iter() {
            attacks |= self.piece_targets(r, t, c, from, occ).0;
        }
        attacks
    }

    /// A piece's captures and quiet moves from `from` ([`targets_with`]),
    /// every line found anew.
    fn piece_targets(&self, r: &Rules<B>, t: usize, c: usize, from: usize, occ: &B) -> (B, B) {
        targets_with::<B, false>(r, t, c, from, occ, |rd| r.line_targets(rd, from, occ))
    }

    /// `c`'s chess pawns: the passed ones (no enemy pawn ahead on their
    /// own or a neighbouring file), counted by the ranks each has still to
    /// go to the first rank where it may promote (index 0 for one or none,
    /// the last index for that many or more), and the isolated, doubled,
    /// supported and side-by-side ones.
    fn pawn_structure(&self, r: &Rules<B>, c: usize, out: &mut crate::Activity) {
        let (Some(own), enemy) = (r.v.pawn_of(c), r.v.pawn_of(c ^ 1)) else {
            return;
        };
        let pawns = self.by_type[own] & self.by_color[c];
        // Per file, the rank of the enemy pawn furthest from `c`'s first
        // rank: a pawn is passed if none on its file or a neighbour's is
        // ahead of it.
        let mut furthest = [None::<usize>; 32];
        if let Some(p) = enemy {
            for e in (self.by_type[p] & self.by_color[c ^ 1]).iter() {
                let (ex, ey) = file_rank(e, r.stride);
                if let Some(slot) = furthest.get_mut(ex) {
                    *slot = Some(match *slot {
                        None => ey,
                        Some(old) if c == 0 => old.max(ey),
                        Some(old) => old.min(ey),
                    });
                }
            }
        }
        let mut on_file = [0u32; 34];
        for sq in pawns.iter() {
            if let Some(n) = on_file.get_mut(file_rank(sq, r.stride).0 + 1) {
                *n += 1;
            }
        }
        out.doubled_pawns[c] = on_file.iter().map(|&n| n.saturating_sub(1)).sum();
        let [left, right] = r.forward_diagonals(c, pawns);
        out.supported_pawns[c] = ((left | right) & pawns).count();
        // A pawn beside another is one square off a forward diagonal of it.
        let beside = r.forward(c ^ 1, left | right);
        out.phalanx_pawns[c] = (beside & pawns).count();
        let last = usize::from(r.v.height).saturating_sub(1);
        // The first rank where a pawn may promote, from `c`'s side: the
        // last in chess, Grand chess's eighth of ten, makruk's sixth.
        // Promotion squares that are not whole ranks count the last.
        let zone =
            r.v.promotion
                .as_ref()
                .filter(|p| p.region.is_none())
                .map_or(last, |p| {
                    let start = if c == 0 {
                        p.zone_start
                    } else {
                        p.zone_start_black.unwrap_or(p.zone_start)
                    };
                    usize::from(start).min(last)
                });
        for sq in pawns.iter() {
            let (x, y) = file_rank(sq, r.stride);
            // `on_file` is offset by one: the files beside are x and x + 2.
            if on_file.get(x).copied().unwrap_or(0) == 0
                && on_file.get(x + 2).copied().unwrap_or(0) == 0
            {
                out.isolated_pawns[c] += 1;
            }
            let blocked = (x.saturating_sub(1)..=x + 1).any(|f| {
                furthest
                    .get(f)
                    .copied()
                    .flatten()
                    .is_some_and(|ey| if c == 0 { ey > y } else { ey < y })
            });
            if !blocked {
                let rank = if c == 0 { y } else { last - y };
                let to_go = zone.saturating_sub(rank);
                out.passed_pawns[c][to_go.clamp(1, crate::PASSED_PAWN_RANKS) - 1] += 1;
            }
        }
    }
}
