//! Rules beyond movement, for the variants that have them: the game ends of
//! capture the flag, check counting and extinction, and atomic captures
//! (the explosion and the legality of a move after it). Only positions of
//! variants with such a rule come here (`Rules::special`).

use super::rules::{LineKind, Rules, NO_SQ};
use super::{FairyMove, MoveKind, State};
use crate::bitboard::Bits;
use crate::variant::{Extinction, RelativeOutcome};

impl<B: Bits> State<B> {
    /// The result for the side to move when a rule of the variant has ended
    /// the game: a flag reached, the last check given, some pieces extinct.
    /// `outcome` for the side to move, a draw decided instead by the
    /// variant's material counting (`materialCounting`), if it has one.
    pub(crate) fn counted(&self, r: &Rules<B>, outcome: RelativeOutcome) -> RelativeOutcome {
        use crate::variant::MaterialCounting;
        if outcome != RelativeOutcome::Draw {
            return outcome;
        }
        let white_wins = match r.v.material_counting {
            None => return outcome,
            Some(MaterialCounting::WhiteDrawOdds) => Some(true),
            Some(MaterialCounting::BlackDrawOdds) => Some(false),
            Some(MaterialCounting::Unweighted) => {
                match self.by_color[0].count().cmp(&self.by_color[1].count()) {
                    core::cmp::Ordering::Greater => Some(true),
                    core::cmp::Ordering::Less => Some(false),
                    core::cmp::Ordering::Equal => None,
                }
            }
            Some(MaterialCounting::Janggi) => {
                let points = |c: usize| -> i64 {
                    r.v.pieces
                        .iter()
                        .enumerate()
                        .map(|(t, p)| {
                            i64::from(MaterialCounting::janggi_points(&p.name))
                                * i64::from((self.by_type[t] & self.by_color[c]).count())
                        })
                        .sum()
                };
                // Black's 1.5 points, in whole points: White needs two more.
                Some(points(0) - points(1) >= 2)
            }
        };
        match white_wins {
            None => RelativeOutcome::Draw,
            Some(w) if w == (self.side == 0) => RelativeOutcome::Win,
            Some(_) => RelativeOutcome::Loss,
        }
    }

    pub(crate) fn variant_end(&self, r: &Rules<B>) -> Option<RelativeOutcome> {
        if r.extinction_only {
            return self.extinction_end(r);
        }
        let us = self.side;
        let them = us ^ 1;
        // Castling that wins, then rights lost that lose.
        if self.castled_to_win {
            return Some(RelativeOutcome::Loss);
        }
        for c in [us, them] {
            let lost = (0..2).any(|w| r.v.castling_wins[c][w] && self.castle[c][w] == NO_SQ);
            if lost {
                return Some(if c == us {
                    RelativeOutcome::Loss
                } else {
                    RelativeOutcome::Win
                });
            }
        }
        // Two passes in a row, or a pass that kept the kings facing
        // (bikjang), end the game drawn, unless material counting decides.
        if self.passes >= 2 || (r.v.bikjang && self.bikjang_before && self.kings_face(r)) {
            return Some(RelativeOutcome::Draw);
        }
        if r.v.adjudicate_full_board && (r.board & !self.occ()).is_empty() {
            let (ours, theirs) = (self.by_color[us].count(), self.by_color[them].count());
            return Some(match ours.cmp(&theirs) {
                core::cmp::Ordering::Greater => RelativeOutcome::Win,
                core::cmp::Ordering::Less => RelativeOutcome::Loss,
                core::cmp::Ordering::Equal => RelativeOutcome::Draw,
            });
        }
        if let Some(f) = r.v.flag.as_ref().filter(|f| f.safe && f.flag_move) {
            // Safe flag pieces with the extra move (alapo): a safe arrival
            // wins at once; only an unsafe one gives the other side its
            // move, and wins if it is still there after it.
            if self.flag_held_safely(r, them) {
                return Some(RelativeOutcome::Loss);
            }
            let pieces = f.piece.map_or(B::FULL, |p| self.by_type[p]);
            if (pieces & self.by_color[us] & r.flag_region[us]).count() >= f.count {
                return Some(RelativeOutcome::Win);
            }
        } else if r.v.flag.as_ref().is_some_and(|f| f.safe) {
            // Flag pieces that must be safe (never with the extra move):
            // either side's safe arrival ends the game, both a draw.
            match (self.flag_held_safely(r, us), self.flag_held_safely(r, them)) {
                (true, true) => return Some(RelativeOutcome::Draw),
                (true, false) => return Some(RelativeOutcome::Win),
                (false, true) => return Some(RelativeOutcome::Loss),
                (false, false) => {}
            }
        } else if let Some(f) = &r.v.flag {
            let on_flag = |c: usize| {
                let pieces = f.piece.map_or(B::FULL, |p| self.by_type[p]);
                let there = (pieces & self.by_color[c] & r.flag_region[c]).count();
                there >= f.count
                    || (f.blocked_win && there >= 1 && (r.flag_region[c] & !self.occ()).is_empty())
            };
            // With an extra move, White's arrival is answered by Black; Black
            // getting there too draws.
            if f.flag_move && on_flag(us) {
                return Some(if us == 0 && on_flag(them) {
                    RelativeOutcome::Draw
                } else {
                    RelativeOutcome::Win
                });
            }
            // Black's answer must bring its own flag piece there. With an
            // extra move and a flag piece other than the royal one (Jeson
            // Mor's knights), arriving wins only at the next turn, above.
            let royal_flag = f.piece.is_some() && f.piece == r.v.royal;
            if on_flag(them)
                && (!f.flag_move || (royal_flag && (us == 0 || !self.can_reach_flag(r, f.piece))))
            {
                return Some(RelativeOutcome::Loss);
            }
        }
        if r.v.check_counting && self.checks[them] == 0 {
            return Some(RelativeOutcome::Loss);
        }
        if let Some(end) = self.extinction_end(r) {
            return Some(end);
        }
        if let Some(c) = &r.v.connect {
            // The side that just moved connected.
            let mut mine = B::EMPTY;
            match &c.pieces {
                None => mine = self.by_color[them],
                Some(list) => {
                    for &t in list {
                        mine |= self.by_type[t];
                    }
                    mine &= self.by_color[them];
                }
            }
            let collinear = u32::from(c.collinear);
            if r.connect_lines.iter().any(|&l| (l & mine) == l)
                || r.collinear_lines
                    .iter()
                    .any(|&l| (l & mine).count() >= collinear)
                || self.joins_regions(r, mine, them)
            {
                return Some(c.value.flip());
            }
        }
        None
    }

    /// The end by extinction, if the variant has one and a side's pieces
    /// of an extinction type are gone (the side that just moved first).
    /// Pseudo-royal pieces end the game by checkmate instead, unless
    /// explosions can take them.
    #[inline]
    fn extinction_end(&self, r: &Rules<B>) -> Option<RelativeOutcome> {
        let e =
            r.v.extinction
                .as_ref()
                .filter(|_| !r.v.pseudo_royal || r.v.blast_on_capture)?;
        let us = self.side;
        for c in [us ^ 1, us] {
            if self.extinct(e, r.v.extinction_together, c, us) {
                return Some(if c == us { e.value } else { e.value.flip() });
            }
        }
        None
    }

    /// Whether a chain of `mine` joins `colour`'s two connect regions.
    fn joins_regions(&self, r: &Rules<B>, mine: B, colour: usize) -> bool {
        let [from, to] = r.connect_regions[colour];
        if from.is_empty() || to.is_empty() {
            return false;
        }
        // Grow the chain from the first region, one step at a time.
        let mut reached = mine & from;
        let mut frontier = reached;
        while !frontier.is_empty() {
            if !(reached & to).is_empty() {
                return true;
            }
            let mut next = B::EMPTY;
            for sq in frontier.iter() {
                next |= r.connect_steps[sq];
            }
            frontier = next & mine & !reached;
            reached |= frontier;
        }
        !(reached & to).is_empty()
    }

    /// Removes the moves that give check (racing kings). Per node, the
    /// squares from which each piece type would check the enemy royal
    /// piece; a plain move from a square off every line through that piece
    /// checks exactly when it lands on one of them. Other moves, and every
    /// move when we own hoppers, lame leapers or generic pieces, are tested
    /// one by one.
    pub(crate) fn drop_checks(&self, r: &Rules<B>, moves: &mut Vec<FairyMove>) {
        let ek = self.royal_sq[self.side ^ 1];
        if ek == NO_SQ {
            return;
        }
        match self.no_check_filter(r, ek as usize) {
            Some(filter) => moves.retain(|&m| filter.keeps(self, r, m)),
            None => moves.retain(|&m| !self.gives_check(r, m)),
        }
    }

    /// The per-node test of [`Self::drop_checks`]'s fast case, for the enemy
    /// royal piece on `ek`; `None` where moves must be tested one by one
    /// (hoppers, lame leapers or generic pieces of ours, explosions, more
    /// than 32 piece types or 16 slider lines).
    pub(crate) fn no_check_filter(&self, r: &Rules<B>, ek: usize) -> Option<NoCheckFilter<B>> {
        let us = self.side;
        if r.slow_check[us] || r.generic_capture[us] || r.v.blast_on_capture || r.types.len() > 32 {
            return None;
        }
        let occ = self.occ();
        let mut f = NoCheckFilter {
            ek,
            occ,
            checks: [B::EMPTY; 32],
            lines: B::EMPTY,
            check_lines: [CheckLine::default(); MAX_CHECK_LINES],
            count: 0,
        };
        for (t, tr) in r.types.iter().enumerate() {
            if tr.region[us].has(ek) {
                f.checks[t] = tr.leap_cap_rev[us][ek];
            }
        }
        // Each slider line through the royal piece, with our sliders that
        // would check along it, for the moves from a square on a line.
        for ar in r.attack_rays[us]
            .iter()
            .filter(|a| a.kind == LineKind::Slide)
        {
            if f.count == MAX_CHECK_LINES {
                return None;
            }
            f.lines |= r.rays[ar.dir][ek];
            let reach = r.ray_attacks(ar.dir, ar.limit, ek, &occ);
            let mut line = CheckLine {
                dir: ar.dir,
                limit: ar.limit,
                ray: r.rays[ar.dir][ek],
                sliders: B::EMPTY,
                types: 0,
            };
            for &t in ar.types.iter().filter(|&&t| t < 32) {
                if r.types[t].region[us].has(ek) {
                    f.checks[t] |= reach;
                    line.sliders |= self.by_type[t] & self.by_color[us];
                    line.types |= 1 << t;
                }
            }
            f.check_lines[f.count] = line;
            f.count += 1;
        }
        Some(f)
    }

    /// Whether `mv` (legal) gives check, without playing it: the moved
    /// piece from its new square, or another piece through the square it
    /// left. Moves other than plain ones (castling, en passant, drops,
    /// gating, locusts, a moving flying general) are played and tested.
    pub(crate) fn gives_check(&self, r: &Rules<B>, mv: FairyMove) -> bool {
        let us = self.side;
        let them = us ^ 1;
        let ek = self.royal_sq[them];
        if ek == NO_SQ {
            return false;
        }
        let ek = ek as usize;
        let (from, to) = (mv.from as usize, mv.to as usize);
        let t = (self.board[from] as usize).wrapping_sub(1) & 31;
        let plain = matches!(mv.kind, MoveKind::Normal | MoveKind::DoubleStep)
            && !(r.v.flying_general && r.v.royal == Some(t))
            && !r.v.blast_on_capture;
        if !plain {
            let mut next = *self;
            next.play(r, mv);
            return next.in_check(r);
        }
        let t = mv.promotion().unwrap_or(t);
        let mut occ = self.occ();
        occ.clear(from);
        occ.set(to);
        // Every other piece of ours, with the new occupancy.
        if self.attacked(r, ek, us, &occ, &B::from_index(from)) {
            return true;
        }
        // The moved piece on its new square.
        let tr = &r.types[t];
        if !tr.region[us].has(ek) {
            return false;
        }
        if tr.leap_cap_rev[us][ek].has(to) {
            return true;
        }
        if tr.lame_rev[us][ek]
            .iter()
            .any(|&(s, legs)| s as usize == to && !legs.intersects(&occ))
        {
            return true;
        }
        let at = B::from_index(to);
        if tr.special_capture && self.special_attack(r, t, us, ek, at, &occ) {
            return true;
        }
        r.attack_rays[us]
            .iter()
            .filter(|ar| ar.types.contains(&t))
            .any(|ar| match ar.kind {
                LineKind::Slide => r.ray_attacks(ar.dir, ar.limit, ek, &occ).has(to),
                LineKind::Hop => r.first_blocker(ar.dir, ek, &occ).is_some_and(|screen| {
                    let mut beyond = r.ray_attacks(ar.dir, None, screen, &occ);
                    if let Some(l) = ar.limit {
                        beyond &= r.limited[l][ek];
                    }
                    beyond.has(to)
                }),
                LineKind::Grass => {
                    let h = r.step[ar.dir][ek];
                    h != NO_SQ
                        && occ.has(h as usize)
                        && r.ray_attacks(ar.dir, None, h as usize, &occ).has(to)
                }
            })
    }

    /// Whether a legal move brings a flag piece of the side to move into
    /// its region.
    /// Whether `c`'s flag pieces hold its flag region safely
    /// (`flagPieceSafe`, as Fairy-Stockfish counts them): with more than the
    /// count needed there, always; with exactly that many, when none of them
    /// can be taken: by a legal move of the side to move when `c` just
    /// moved, by any attack of the other side when `c` is to move.
    fn flag_held_safely(&self, r: &Rules<B>, c: usize) -> bool {
        let Some(f) = &r.v.flag else {
            return false;
        };
        let pieces = f.piece.map_or(B::FULL, |p| self.by_type[p]);
        let there = pieces & self.by_color[c] & r.flag_region[c];
        if there.count() != f.count {
            return there.count() > f.count;
        }
        if c == self.side {
            let occ = self.occ();
            !there
                .iter()
                .any(|sq| self.attacked(r, sq, c ^ 1, &occ, &B::EMPTY))
        } else {
            !self
                .special_moves(r)
                .into_iter()
                .any(|m| m.dropped_piece().is_none() && there.has(m.to as usize))
        }
    }

    fn can_reach_flag(&self, r: &Rules<B>, piece: Option<usize>) -> bool {
        let us = self.side;
        self.special_moves(r).into_iter().any(|m| {
            let to = m.to as usize;
            let t = match m.dropped_piece() {
                Some(t) => t,
                None => (self.board[m.from as usize] as usize).wrapping_sub(1) & 31,
            };
            let t = m.promotion().unwrap_or(t);
            piece.is_none_or(|p| p == t) && r.flag_region[us].has(to)
        })
    }

    /// The squares next to `sq` (a king's step away).
    pub(crate) fn neighbours(&self, r: &Rules<B>, sq: usize) -> B {
        let (x0, y0) = ((sq % r.stride) as i32, (sq / r.stride) as i32);
        let mut near = B::EMPTY;
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (x, y) = (x0 + dx, y0 + dy);
                if (dx, dy) != (0, 0) && x >= 0 && y >= 0 && x < r.w && y < r.h {
                    near.set(y as usize * r.stride + x as usize);
                }
            }
        }
        near
    }

    /// The squares a wazir step away from `sq`.
    pub(crate) fn orthogonal_neighbours(&self, r: &Rules<B>, sq: usize) -> B {
        let (x0, y0) = ((sq % r.stride) as i32, (sq / r.stride) as i32);
        let mut near = B::EMPTY;
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (x, y) = (x0 + dx, y0 + dy);
            if x >= 0 && y >= 0 && x < r.w && y < r.h {
                near.set(y as usize * r.stride + x as usize);
            }
        }
        near
    }

    /// Connect four's drops: empty squares with a piece (or the edge of
    /// the board) under them.
    pub(crate) fn top_drops(&self, r: &Rules<B>) -> B {
        let occ = self.occ() | !r.board;
        let mut out = B::EMPTY;
        for sq in (r.board & !occ).iter() {
            if sq < r.stride || occ.has(sq - r.stride) {
                out.set(sq);
            }
        }
        out
    }

    /// Drops pushed in from an edge (`enclosingDrop = anyside`), as
    /// Fairy-Stockfish plays them: pushed in from the bottom or the left
    /// edge, a piece slides until a piece or the opposite edge stops it;
    /// pushed in from the top or the right (onto an empty edge square), it
    /// lands on the first empty square from the bottom or the left edge,
    /// past the pieces that stand there. (Checked against pyffish on a
    /// thousand random boards; on boards without gaps, the two agree.)
    pub(crate) fn anyside_drops(&self, r: &Rules<B>) -> B {
        let occ = self.occ() | !r.board;
        let at = |x: i32, y: i32| y as usize * r.stride + x as usize;
        let mut out = B::EMPTY;
        // Lines as (start on the bottom or left edge, step along the line).
        let files = (0..r.w).map(|x| ((x, 0), (0, 1), r.h));
        let ranks = (0..r.h).map(|y| ((0, y), (1, 0), r.w));
        for ((x0, y0), (dx, dy), len) in files.chain(ranks) {
            let sq = |i: i32| at(x0 + dx * i, y0 + dy * i);
            // From the near edge: slide until blocked.
            if !occ.has(sq(0)) {
                let stop = (1..len).find(|&i| occ.has(sq(i))).unwrap_or(len) - 1;
                out.set(sq(stop));
            }
            // From the far edge: onto the first empty square from the near
            // edge.
            if !occ.has(sq(len - 1)) {
                if let Some(first) = (0..len).find(|&i| !occ.has(sq(i))) {
                    out.set(sq(first));
                }
            }
        }
        out
    }

    /// Ataxx: every enemy piece next to `to` turns to `c`'s colour.
    pub(crate) fn convert_neighbours(&mut self, r: &Rules<B>, to: usize, c: usize) {
        for s in (self.neighbours(r, to) & self.by_color[c ^ 1]).iter() {
            let t = (self.board[s] as usize - 1) & 31;
            self.take(s);
            self.put(s, t, c);
        }
    }

    /// Reversi: the enemy pieces that a piece of `c` on `sq` encloses, in
    /// the eight directions, against another piece of `c`.
    pub(crate) fn enclosed(&self, r: &Rules<B>, sq: usize, c: usize) -> B {
        let (x0, y0) = ((sq % r.stride) as i32, (sq / r.stride) as i32);
        let mut all = B::EMPTY;
        for (dx, dy) in sqlchess_types::attacks::DIRECTIONS {
            let mut line = B::EMPTY;
            let (mut x, mut y) = (x0 + dx, y0 + dy);
            while x >= 0 && y >= 0 && x < r.w && y < r.h {
                let s = y as usize * r.stride + x as usize;
                if self.by_color[c ^ 1].has(s) {
                    line.set(s);
                } else {
                    if self.by_color[c].has(s) {
                        all |= line;
                    }
                    break;
                }
                x += dx;
                y += dy;
            }
        }
        all
    }

    /// Whether `c` has none left (on the board or in hand) of one of the
    /// extinction pieces, or of any piece when all count, while the other
    /// side has enough of them (`us` is the side to move, for the claim).
    fn extinct(&self, e: &Extinction, together: bool, c: usize, us: usize) -> bool {
        let need = e.opponent_count + u32::from(e.claim && c == us);
        let count = |c: usize, t: Option<usize>| -> u32 {
            match t {
                None => {
                    self.by_color[c].count()
                        + self.hand[c].iter().map(|&n| u32::from(n)).sum::<u32>()
                }
                Some(t) => {
                    (self.by_type[t] & self.by_color[c]).count() + u32::from(self.hand[c][t])
                }
            }
        };
        // Most variants end at none left and ask nothing of the other
        // side: an emptiness test then, no count.
        let none_left = |c: usize, t: Option<usize>| match t {
            None => self.by_color[c].is_empty() && self.hand[c].iter().all(|&n| n == 0),
            Some(t) => (self.by_type[t] & self.by_color[c]).is_empty() && self.hand[c][t] == 0,
        };
        let hit = |t: Option<usize>| {
            let few = if e.count == 0 {
                none_left(c, t)
            } else {
                count(c, t) <= e.count
            };
            few && (need == 0 || count(c ^ 1, t) >= need)
        };
        match &e.pieces {
            None => hit(None),
            Some(list) if together => {
                let sum = |c: usize| list.iter().map(|&t| count(c, Some(t))).sum::<u32>();
                sum(c) <= e.count && sum(c ^ 1) >= need
            }
            Some(list) => list.iter().any(|&t| hit(Some(t))),
        }
    }

    /// `c`'s pseudo-royal pieces: those of each extinction type of which
    /// `c` has at most the extinction count + 1 on the board.
    pub(crate) fn pseudo_royals(&self, r: &Rules<B>, c: usize) -> B {
        let mut set = B::EMPTY;
        if let Some(Extinction {
            pieces: Some(list),
            count,
            ..
        }) = &r.v.extinction
        {
            if r.v.extinction_together {
                for &t in list {
                    set |= self.by_type[t] & self.by_color[c];
                }
                if set.count() > count + 1 {
                    set = B::EMPTY;
                }
                return set;
            }
            for &t in list {
                let b = self.by_type[t] & self.by_color[c];
                if b.count() <= count + 1 {
                    set |= b;
                }
            }
        }
        set
    }

    /// `c`'s pieces of the extinction types under [`Variant::duple_check`]
    /// when there are more of them than pseudo-royal ones may be (Spartan
    /// chess's two kings), else none.
    fn duple_candidates(&self, r: &Rules<B>, c: usize) -> B {
        let mut set = B::EMPTY;
        if let (
            true,
            Some(Extinction {
                pieces: Some(list),
                count,
                ..
            }),
        ) = (r.v.duple_check, &r.v.extinction)
        {
            for &t in list {
                set |= self.by_type[t] & self.by_color[c];
            }
            if set.count() <= count + 1 {
                set = B::EMPTY;
            }
        }
        set
    }

    /// Whether some pseudo-royal piece of `c` is attacked (in blast
    /// variants, not by a capture that would blow up a pseudo-royal piece
    /// of the attacker's), or under duple check every one of its
    /// candidates.
    pub(crate) fn pseudo_royal_attacked(&self, r: &Rules<B>, c: usize) -> bool {
        let theirs = self.pseudo_royals(r, c ^ 1);
        let occ = self.occ();
        let duple = self.duple_candidates(r, c);
        (!duple.is_empty()
            && duple
                .iter()
                .all(|sq| self.attacked(r, sq, c ^ 1, &occ, &B::EMPTY)))
            || self.pseudo_royals(r, c).iter().any(|sq| {
                (!r.v.blast_on_capture || (r.blast[sq] & theirs).is_empty())
                    && self.attacked(r, sq, c ^ 1, &occ, &B::EMPTY)
            })
    }

    /// Whether `mv` keeps the mover's pseudo-royal pieces (those before the
    /// move, moved along, and a piece promoted to an extinction type) on
    /// the board and unattacked; a move that takes or blows up a
    /// pseudo-royal piece of the opponent needs only the first.
    pub(crate) fn pseudo_royal_legal(&self, r: &Rules<B>, mv: FairyMove) -> bool {
        let us = self.side;
        let them = us ^ 1;
        let mut ours = self.pseudo_royals(r, us);
        let theirs = self.pseudo_royals(r, them);
        let (from, to) = (mv.from as usize, mv.to as usize);
        if !mv.is_drop() && ours.has(from) {
            ours.clear(from);
            ours.set(to);
        }
        if let (
            Some(p),
            Some(Extinction {
                pieces: Some(list), ..
            }),
        ) = (mv.promotion(), &r.v.extinction)
        {
            // Counted together (Sho shogi), the promoted piece makes a
            // second of the kind, which leaves none pseudo-royal: only the
            // pieces that were stay guarded through the move. So does a
            // shogi-style promotion, as in Fairy-Stockfish, where only a
            // pawn's promotion adds a pseudo-royal piece (Backrank's queen
            // may become a second king beside the enemy's).
            let moving = (self.board[from] as usize).wrapping_sub(1) & 31;
            let piece_promotion = !mv.is_drop() && r.promoted_of[moving] == Some(p);
            if list.contains(&p) && !r.v.extinction_together && !piece_promotion {
                ours.set(to);
            }
        }
        if ours.is_empty() && theirs.is_empty() && self.duple_candidates(r, us).is_empty() {
            return true;
        }
        let mut next = *self;
        next.play(r, mv);
        if !(ours & !next.by_color[us]).is_empty() {
            return false;
        }
        if !(theirs & !next.by_color[them]).is_empty() {
            return true;
        }
        // Duple check: with more candidates after the move than may be
        // pseudo-royal (a second king just promoted to included), at least
        // one must be left unattacked, and that is all.
        let duple = next.duple_candidates(r, us);
        if !duple.is_empty() {
            let occ = next.occ();
            return !duple
                .iter()
                .all(|sq| next.attacked(r, sq, them, &occ, &B::EMPTY));
        }
        let enemy = next.pseudo_royals(r, them);
        let occ = next.occ();
        ours.iter().all(|sq| {
            (r.v.blast_on_capture && !(r.blast[sq] & enemy).is_empty())
                || !next.attacked(r, sq, them, &occ, &B::EMPTY)
        })
    }

    /// Atomic: removes the piece on `to` (the capturer) and every piece but
    /// pawns next to it.
    pub(crate) fn explode(&mut self, r: &Rules<B>, to: usize) {
        let mut immune = B::EMPTY;
        for &t in &r.v.blast_immune {
            immune |= self.by_type[t];
        }
        let mut proof = B::EMPTY;
        for &t in &r.v.blast_proof {
            proof |= self.by_type[t];
        }
        let mut victims = r.blast[to] & self.occ() & !immune;
        victims.set(to);
        victims &= !proof;
        for sq in victims.iter() {
            let p = self.board[sq];
            if p == 0 {
                continue;
            }
            let (t, c) = ((p as usize - 1) & 31, (p as usize - 1) >> 5);
            if r.v.royal == Some(t) && self.royal_sq[c] as usize == sq {
                self.royal_sq[c] = NO_SQ;
                self.castle[c] = [NO_SQ; 2];
            }
            if self.castle_king[c] as usize == sq {
                self.castle_king[c] = NO_SQ;
                self.castle[c] = [NO_SQ; 2];
            }
            for rights in self.castle.iter_mut() {
                for rs in rights.iter_mut() {
                    if *rs as usize == sq {
                        *rs = NO_SQ;
                    }
                }
            }
            self.gate.clear(sq);
            // Every piece blown away is captured: with captures to hand
            // (atomic crazyhouse), it goes to its owner's opponent.
            self.take_to_hand(r, sq, c ^ 1);
        }
    }

    /// Atomic: whether `c`'s royal piece is attacked, two royal pieces side
    /// by side never checking each other.
    pub(crate) fn atomic_royal_attacked(&self, r: &Rules<B>, c: usize) -> bool {
        let k = self.royal_sq[c];
        if k == NO_SQ {
            return false;
        }
        let ek = self.royal_sq[c ^ 1];
        if ek != NO_SQ && r.blast[k as usize].has(ek as usize) {
            return false;
        }
        self.attacked(r, k as usize, c ^ 1, &self.occ(), &B::EMPTY)
    }

    /// Atomic legality of a pseudo-legal move: a royal piece may not
    /// capture; castling neither out of check nor across an attacked square
    /// (one next to the enemy royal piece is safe); after the explosion the
    /// mover keeps its royal piece, and either the opponent lost its own or
    /// the mover's is not attacked.
    pub(crate) fn atomic_legal(&self, r: &Rules<B>, mv: FairyMove) -> bool {
        let us = self.side;
        let them = us ^ 1;
        let from = mv.from as usize;
        let k = self.royal_sq[us];
        if k != NO_SQ && k as usize == from && !mv.is_drop() {
            if self.is_capture(mv) {
                return false;
            }
            if mv.is_castle() {
                // A wall put down with the move counts (duck variants).
                let mut walled = *self;
                if mv.wall != NO_SQ {
                    if r.v.walling == Some(crate::variant::WallingRule::Duck) {
                        walled.walls = B::EMPTY;
                    }
                    walled.walls.set(mv.wall as usize);
                }
                if walled.atomic_royal_attacked(r, us) {
                    return false;
                }
                let (a, b) = (from.min(mv.to as usize), from.max(mv.to as usize));
                let ek = self.royal_sq[them];
                let mut occ = walled.occ();
                occ.clear(from);
                for s in (a + 1)..b {
                    let near_enemy_king = ek != NO_SQ && r.blast[s].has(ek as usize);
                    let mut occ2 = occ;
                    occ2.set(s);
                    if !near_enemy_king && self.attacked(r, s, them, &occ2, &B::EMPTY) {
                        return false;
                    }
                }
            }
        }
        let mut next = *self;
        next.play(r, mv);
        if r.v.royal.is_none() || k == NO_SQ {
            return true;
        }
        if next.royal_sq[us] == NO_SQ {
            return false;
        }
        next.royal_sq[them] == NO_SQ || !next.atomic_royal_attacked(r, us)
    }
}

/// The most slider lines through a royal piece that
/// [`State::drop_checks`] keeps per node (chess has eight); past it, moves
/// on a line are tested one by one.
const MAX_CHECK_LINES: usize = 16;

/// A slider line through the enemy royal piece at one node: its direction
/// and range, the squares on it, our sliders that would check along it and
/// their types (a bit per type).
#[derive(Clone, Copy, Default)]
struct CheckLine<B> {
    dir: usize,
    limit: Option<usize>,
    ray: B,
    sliders: B,
    types: u32,
}

/// Which moves give check, for one node of a variant where no move may
/// ([`State::no_check_filter`]): where each piece type would check from
/// with the board as it stands, and the slider lines through the enemy
/// royal piece, for the moves that change them.
pub(crate) struct NoCheckFilter<B> {
    ek: usize,
    occ: B,
    checks: [B; 32],
    lines: B,
    check_lines: [CheckLine<B>; MAX_CHECK_LINES],
    count: usize,
}

impl<B: Bits> NoCheckFilter<B> {
    /// Whether `m`, a legal move of `st`, gives no check.
    #[inline]
    pub(crate) fn keeps(&self, st: &State<B>, r: &Rules<B>, m: FairyMove) -> bool {
        let from = m.from as usize;
        let t = (st.board[from] as usize).wrapping_sub(1) & 31;
        let plain = matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep)
            && !(r.v.flying_general && r.v.royal == Some(t));
        if !plain {
            return !st.gives_check(r, m);
        }
        self.keeps_plain(st, r, from, m.to as usize, m.promotion().unwrap_or(t))
    }

    /// The squares of `targets` a plain, non-promoting move of the piece on
    /// `from` may go to without giving check.
    #[inline]
    pub(crate) fn keeps_targets(&self, st: &State<B>, r: &Rules<B>, from: usize, targets: B) -> B {
        let t = (st.board[from] as usize).wrapping_sub(1) & 31;
        if r.v.flying_general && r.v.royal == Some(t) {
            let mut kept = B::EMPTY;
            for to in targets.iter() {
                if !st.gives_check(r, FairyMove::normal(from, to)) {
                    kept.set(to);
                }
            }
            return kept;
        }
        if !self.lines.has(from) {
            return targets & !self.checks[t];
        }
        let mut kept = B::EMPTY;
        for to in targets.iter() {
            if self.keeps_plain(st, r, from, to, t) {
                kept.set(to);
            }
        }
        kept
    }

    /// Whether a plain move of a `t` (after promotion) from `from` to `to`
    /// gives no check. From a square off every line through the royal
    /// piece, the board's lines are unchanged but for `to`, which only
    /// blocks: the piece checks exactly when it lands where a `t` would
    /// check from. From a square on a line: a leap from `to`, or a slider
    /// of ours along a line through `from` or `to` (the moved piece
    /// included) with the new occupancy; the other lines are as before,
    /// where no piece of ours gives check (the opponent is not in check on
    /// our move).
    #[inline]
    fn keeps_plain(&self, st: &State<B>, r: &Rules<B>, from: usize, to: usize, t: usize) -> bool {
        if !self.lines.has(from) {
            return !self.checks[t].has(to);
        }
        let (us, ek) = (st.side, self.ek);
        if r.types[t].region[us].has(ek) && r.types[t].leap_cap_rev[us][ek].has(to) {
            return false;
        }
        let mut after = self.occ;
        after.clear(from);
        after.set(to);
        !self.check_lines[..self.count].iter().any(|line| {
            if !line.ray.has(from) && !line.ray.has(to) {
                return false;
            }
            let mut sliders = line.sliders;
            sliders.clear(from);
            if line.types & (1 << t) != 0 {
                sliders.set(to);
            }
            !sliders.is_empty()
                && r.ray_attacks(line.dir, line.limit, ek, &after)
                    .intersects(&sliders)
        })
    }
}
