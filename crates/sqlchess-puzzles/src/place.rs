//! Non-attacking placements: count them, list them, find the largest.
//!
//! Four algorithms, chosen by the piece:
//! * **row by row** when every two squares of a rank conflict (queens,
//!   rooks, amazons, chancellors): one piece per rank at most, the
//!   forbidden squares carried as a 256-bit mask, sub-results memoised on
//!   the forbidden part of the ranks still to fill while that pays;
//! * **profile dynamic programming** for short-range pieces (kings, knights,
//!   camels, alfils …): squares are taken in order and the state is the
//!   occupancy of the last few squares, as far back as the piece reaches;
//! * **square by square** with 256-bit attack masks otherwise (bishops,
//!   nightriders, archbishops …), after splitting the board into the
//!   connected components of the conflict graph (a bishop's two colours)
//!   and combining their counts;
//! * hoppers, grasshoppers, locusts and lame leapers add occupancy
//!   conditions ([`Constraint`](crate::Constraint)s) that the square-by-square
//!   search checks as soon as every square they look at is decided.

use std::collections::HashMap;
use std::ops::ControlFlow;

use sqlchess_fairy::{Bb256, FairySquare, PieceDef};

use crate::rules::Rules;
use crate::symmetry::Symmetry;
use crate::{BoardSize, PuzzleError};

/// The widest profile (in squares) the dynamic programming keeps.
const DP_WINDOW: usize = 22;

/// The placement puzzle for one piece on one board.
///
/// ```
/// use sqlchess_puzzles::{BoardSize, Placement};
/// let queens = Placement::parse("queen", BoardSize::STANDARD).unwrap();
/// assert_eq!(queens.count(8).unwrap(), 92);
/// let kings = Placement::parse("K", BoardSize::STANDARD).unwrap();
/// assert_eq!(kings.maximum().0, 16);
/// ```
#[derive(Clone, Debug)]
pub struct Placement {
    rules: Rules,
    piece: PieceDef,
}

/// Counts of a placement puzzle with and without symmetry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymmetryCount {
    /// Every solution.
    pub solutions: u128,
    /// Solutions counted once per class of the board symmetries that keep
    /// the piece's attacks (rotations and reflections).
    pub classes: u128,
    /// The symmetries used, identity included.
    pub symmetries: Vec<Symmetry>,
}

fn sq(idx: usize) -> FairySquare {
    FairySquare::from_index(idx)
}

fn add(a: u128, b: u128) -> Result<u128, PuzzleError> {
    a.checked_add(b).ok_or(PuzzleError::Overflow)
}

impl Placement {
    /// The puzzle for `piece` on `board`.
    pub fn new(piece: &PieceDef, board: BoardSize) -> Placement {
        Placement {
            rules: Rules::new(piece, board),
            piece: piece.clone(),
        }
    }

    /// The puzzle for a piece given by catalogue name, Betza or Parlett.
    ///
    /// # Errors
    /// [`PuzzleError::Piece`] if the piece cannot be read.
    pub fn parse(piece: &str, board: BoardSize) -> Result<Placement, PuzzleError> {
        Ok(Placement::new(&PieceDef::parse(piece)?, board))
    }

    /// The compiled attack rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The piece.
    pub fn piece(&self) -> &PieceDef {
        &self.piece
    }

    /// The board.
    pub fn board(&self) -> BoardSize {
        self.rules.board()
    }

    fn check_count(&self, k: usize) -> Result<(), PuzzleError> {
        let squares = self.board().squares();
        if k > squares {
            return Err(PuzzleError::Count { count: k, squares });
        }
        Ok(())
    }

    /// The number of ways to place `k` copies so that none attacks another.
    ///
    /// # Errors
    /// [`PuzzleError::Count`] if `k` exceeds the squares of the board,
    /// [`PuzzleError::Overflow`] past 2¹²⁸.
    pub fn count(&self, k: usize) -> Result<u128, PuzzleError> {
        self.check_count(k)?;
        if k == 0 {
            return Ok(1);
        }
        if !self.rules.is_monotone() {
            let mut n: u128 = 0;
            let _ = self.search(k, &mut |_| {
                n += 1;
                ControlFlow::Continue(())
            });
            return Ok(n);
        }
        if self.rules.ranks_are_cliques() {
            return self.count_rows(k);
        }
        let mut total = vec![0u128; k + 1];
        total[0] = 1;
        for comp in self.components() {
            let counts = self.component_counts(&comp, k)?;
            let mut next = vec![0u128; k + 1];
            for (i, &a) in total.iter().enumerate() {
                if a == 0 {
                    continue;
                }
                for (j, &b) in counts.iter().enumerate().take(k + 1 - i) {
                    let p = a.checked_mul(b).ok_or(PuzzleError::Overflow)?;
                    next[i + j] = add(next[i + j], p)?;
                }
            }
            total = next;
        }
        Ok(total[k])
    }

    /// Calls `visit` with each placement of `k` pieces (squares in
    /// increasing rank, then file) until it breaks; returns whether it broke.
    ///
    /// # Errors
    /// [`PuzzleError::Count`] if `k` exceeds the squares of the board.
    pub fn for_each(
        &self,
        k: usize,
        mut visit: impl FnMut(&[FairySquare]) -> ControlFlow<()>,
    ) -> Result<bool, PuzzleError> {
        self.check_count(k)?;
        let mut buf = Vec::with_capacity(k);
        let flow = self.search(k, &mut |placed: &[usize]| {
            buf.clear();
            buf.extend(placed.iter().map(|&i| sq(i)));
            visit(&buf)
        });
        Ok(flow.is_break())
    }

    /// The first placement of `k` pieces in search order, if any.
    ///
    /// # Errors
    /// As [`Placement::for_each`].
    pub fn first(&self, k: usize) -> Result<Option<Vec<FairySquare>>, PuzzleError> {
        let mut found = None;
        self.for_each(k, |s| {
            found = Some(s.to_vec());
            ControlFlow::Break(())
        })?;
        Ok(found)
    }

    /// The largest number of pieces that fit without attacking each other,
    /// with one such placement.
    ///
    /// Exact for pieces whose attacks only shrink when pieces are removed
    /// ([`Rules::is_monotone`]). For hoppers and other pieces that need
    /// screens, it is the largest `k` before the first count with no
    /// placement, which need not be the maximum.
    pub fn maximum(&self) -> (usize, Vec<FairySquare>) {
        if self.rules.is_monotone() {
            let mut witness = Vec::new();
            for comp in self.components() {
                let found = match self.profile_order(&comp) {
                    Some(order) => {
                        let m = profile_max(&order.0, &order.1);
                        self.first_within(&comp, m)
                    }
                    None => self.max_component(&comp),
                };
                witness.extend(found);
            }
            witness.sort_unstable();
            return (witness.len(), witness.into_iter().map(sq).collect());
        }
        // Hoppers and friends: the first k + 1 without a solution, found by
        // exhausting it. Their attacks depend on screens, so a larger count
        // may still fit; callers say so (see `Rules::is_monotone`).
        let mut best = (0, Vec::new());
        for k in 1..=self.board().squares() {
            match self.first(k) {
                Ok(Some(s)) => best = (k, s),
                _ => break,
            }
        }
        best
    }

    /// The board symmetries (identity first) under which the piece's
    /// attack rules are unchanged.
    pub fn symmetries(&self) -> Vec<Symmetry> {
        Symmetry::all(self.board())
            .into_iter()
            .filter(|g| g.preserves(&self.rules))
            .collect()
    }

    /// Counts the placements of `k` pieces and their classes under
    /// [`Placement::symmetries`] (by enumerating every solution).
    ///
    /// # Errors
    /// As [`Placement::count`].
    pub fn count_up_to_symmetry(&self, k: usize) -> Result<SymmetryCount, PuzzleError> {
        self.check_count(k)?;
        let symmetries = self.symmetries();
        let maps: Vec<Vec<usize>> = symmetries.iter().map(|g| g.table(self.board())).collect();
        let mut solutions: u128 = 0;
        let mut stabilisers: u128 = 0;
        if k == 0 {
            return Ok(SymmetryCount {
                solutions: 1,
                classes: 1,
                symmetries,
            });
        }
        let _ = self.search(k, &mut |placed: &[usize]| {
            let mut set = Bb256::EMPTY;
            for &i in placed {
                set.set(i);
            }
            solutions += 1;
            stabilisers += maps
                .iter()
                .filter(|m| placed.iter().all(|&i| set.has(m[i])))
                .count() as u128;
            ControlFlow::Continue(())
        });
        Ok(SymmetryCount {
            solutions,
            classes: stabilisers / symmetries.len() as u128,
            symmetries,
        })
    }

    /// Enumerates placements: row by row when ranks are cliques, square by
    /// square otherwise. `visit` gets frame indices in increasing order.
    fn search(
        &self,
        k: usize,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut placed = Vec::with_capacity(k);
        if self.rules.is_monotone() && self.rules.ranks_are_cliques() {
            return self.rows_enum(0, k, Bb256::EMPTY, &mut placed, visit);
        }
        let mut s = SquareSearch::new(&self.rules, k);
        s.run(self.rules.mask(), visit)
    }

    // ---- row by row ----

    fn row_bits(&self, free: Bb256, y: usize) -> u64 {
        let w = self.board().width() as usize;
        (free.0[y / 4] >> ((y % 4) * 16)) & ((1u64 << w) - 1)
    }

    fn rows_enum(
        &self,
        y: usize,
        remaining: usize,
        forbidden: Bb256,
        placed: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if remaining == 0 {
            return visit(placed);
        }
        let h = self.board().height() as usize;
        if h - y < remaining {
            return ControlFlow::Continue(());
        }
        let mut avail = self.row_bits(!forbidden, y);
        while avail != 0 {
            let x = avail.trailing_zeros() as usize;
            avail &= avail - 1;
            let f = y * 16 + x;
            placed.push(f);
            let flow = self.rows_enum(
                y + 1,
                remaining - 1,
                forbidden | self.rules.conflicts(f),
                placed,
                visit,
            );
            placed.pop();
            flow?;
        }
        if h - y > remaining {
            self.rows_enum(y + 1, remaining, forbidden, placed, visit)?;
        }
        ControlFlow::Continue(())
    }

    fn count_rows(&self, k: usize) -> Result<u128, PuzzleError> {
        let h = self.board().height() as usize;
        let mut below = vec![Bb256::EMPTY; h + 1];
        for y in (0..h).rev() {
            let mut m = below[y + 1];
            for x in 0..self.board().width() as usize {
                m.set(y * 16 + x);
            }
            below[y] = m;
        }
        // Memoise only when the forbidden squares a piece leaves on later
        // ranks are the same files on every rank (rooks): then the state is
        // the set of files used and the table stays small. For queens the
        // diagonals make nearly every state new and hashing costs 8x.
        let memo = self.column_like();
        let mut memo = RowMemo {
            levels: (0..h)
                .map(|_| MemoLevel {
                    enabled: memo,
                    ..MemoLevel::default()
                })
                .collect(),
            below,
        };
        self.rows_count(0, k, Bb256::EMPTY, &mut memo)
    }

    fn column_like(&self) -> bool {
        let b = self.board();
        let (w, h) = (b.width() as usize, b.height() as usize);
        (0..h).all(|y| {
            (0..w).all(|x| {
                let c = self.rules.conflicts(y * 16 + x);
                let mut first: Option<u64> = None;
                (0..h).filter(|&y2| y2 != y).all(|y2| {
                    let row = self.row_bits(c, y2);
                    *first.get_or_insert(row) == row
                })
            })
        })
    }

    fn rows_count(
        &self,
        y: usize,
        remaining: usize,
        forbidden: Bb256,
        memo: &mut RowMemo,
    ) -> Result<u128, PuzzleError> {
        let h = self.board().height() as usize;
        if remaining == 0 {
            return Ok(1);
        }
        if h - y < remaining {
            return Ok(0);
        }
        if remaining == 1 {
            return Ok((!forbidden & memo.below[y]).count() as u128);
        }
        let key = (forbidden & memo.below[y], remaining);
        let level = &mut memo.levels[y];
        if level.enabled {
            level.lookups += 1;
            if let Some(&n) = level.map.get(&key) {
                level.hits += 1;
                return Ok(n);
            }
            if level.lookups > 50_000 && level.hits * 32 < level.lookups {
                level.enabled = false;
                level.map = HashMap::new();
            }
        }
        let mut total: u128 = 0;
        let mut avail = self.row_bits(!forbidden, y);
        while avail != 0 {
            let x = avail.trailing_zeros() as usize;
            avail &= avail - 1;
            let f = y * 16 + x;
            let n = self.rows_count(
                y + 1,
                remaining - 1,
                forbidden | self.rules.conflicts(f),
                memo,
            )?;
            total = add(total, n)?;
        }
        if h - y > remaining {
            total = add(total, self.rows_count(y + 1, remaining, forbidden, memo)?)?;
        }
        let level = &mut memo.levels[y];
        if level.enabled && level.map.len() < 1 << 21 {
            level.map.insert(key, total);
        }
        Ok(total)
    }

    // ---- components ----

    /// The connected components of the conflict graph, as frame indices in
    /// increasing order.
    fn components(&self) -> Vec<Vec<usize>> {
        let mask = self.rules.mask();
        let mut seen = Bb256::EMPTY;
        let mut out = Vec::new();
        for s in mask.iter() {
            if seen.has(s) {
                continue;
            }
            let mut comp = Bb256::EMPTY;
            comp.set(s);
            let mut frontier = comp;
            while let Some(a) = frontier.pop_lsb() {
                let new = self.rules.conflicts(a) & mask & !comp;
                comp |= new;
                frontier |= new;
            }
            seen |= comp;
            out.push(comp.iter().collect());
        }
        out
    }

    /// Counts of 0..=kmax pieces within one component.
    fn component_counts(&self, comp: &[usize], kmax: usize) -> Result<Vec<u128>, PuzzleError> {
        let kmax = kmax.min(comp.len());
        if let Some((order, back)) = self.profile_order(comp) {
            return profile_counts(&order, &back, kmax);
        }
        let mut counts = vec![0u128; kmax + 1];
        let mut mask = Bb256::EMPTY;
        for &s in comp {
            mask.set(s);
        }
        self.all_sizes(mask, 0, kmax, &mut counts)?;
        Ok(counts)
    }

    /// Adds to `counts[j]` the independent sets of size `j` that extend the
    /// current one (of size `placed`) with squares of `avail`.
    fn all_sizes(
        &self,
        avail: Bb256,
        placed: usize,
        kmax: usize,
        counts: &mut [u128],
    ) -> Result<(), PuzzleError> {
        counts[placed] = add(counts[placed], 1)?;
        if placed == kmax {
            return Ok(());
        }
        if placed + 1 == kmax {
            counts[kmax] = add(counts[kmax], avail.count() as u128)?;
            return Ok(());
        }
        let mut a = avail;
        while let Some(s) = a.pop_lsb() {
            self.all_sizes(a & !self.rules.conflicts(s), placed + 1, kmax, counts)?;
        }
        Ok(())
    }

    /// The component's squares in the order (by rank or by file) whose
    /// conflicts reach back least far, with each square's backward conflicts
    /// as a bit mask (bit t: the square t + 1 places earlier); `None` if the
    /// reach exceeds the profile limit.
    fn profile_order(&self, comp: &[usize]) -> Option<(Vec<usize>, Vec<u64>)> {
        let mut best: Option<(usize, Vec<usize>)> = None;
        for transpose in [false, true] {
            let mut order = comp.to_vec();
            if transpose {
                order.sort_by_key(|&i| (i % 16, i / 16));
            }
            let mut pos = [usize::MAX; 256];
            for (p, &s) in order.iter().enumerate() {
                pos[s] = p;
            }
            let mut reach = 0;
            for (p, &s) in order.iter().enumerate() {
                for t in self.rules.conflicts(s).iter() {
                    if pos[t] != usize::MAX && pos[t] < p {
                        reach = reach.max(p - pos[t]);
                    }
                }
            }
            if best.as_ref().is_none_or(|b| reach < b.0) {
                best = Some((reach, order));
            }
        }
        let (reach, order) = best?;
        if reach > DP_WINDOW {
            return None;
        }
        let mut pos = [usize::MAX; 256];
        for (p, &s) in order.iter().enumerate() {
            pos[s] = p;
        }
        let back = order
            .iter()
            .enumerate()
            .map(|(p, &s)| {
                let mut m = 0u64;
                for t in self.rules.conflicts(s).iter() {
                    if pos[t] != usize::MAX && pos[t] < p {
                        m |= 1 << (p - pos[t] - 1);
                    }
                }
                m
            })
            .collect();
        Some((order, back))
    }

    /// The first placement of `k` pieces within one component (which has
    /// one: `k` is its maximum).
    fn first_within(&self, comp: &[usize], k: usize) -> Vec<usize> {
        let mut mask = Bb256::EMPTY;
        for &s in comp {
            mask.set(s);
        }
        let mut found = Vec::new();
        let _ = SquareSearch::new(&self.rules, k).run(mask, &mut |placed: &[usize]| {
            found = placed.to_vec();
            ControlFlow::Break(())
        });
        found
    }

    /// The largest independent set of one component: by König's theorem
    /// (squares less a maximum matching) when the conflict graph is
    /// bipartite, as for knights, zebras, giraffes and antelopes; by branch
    /// and bound otherwise.
    fn max_component(&self, comp: &[usize]) -> Vec<usize> {
        let mut mask = Bb256::EMPTY;
        for &s in comp {
            mask.set(s);
        }
        if let Some(side) = self.two_colouring(comp, mask) {
            return self.max_bipartite(comp, mask, side);
        }
        let mut best = Vec::new();
        self.bb(mask, &mut Vec::new(), &mut best);
        best
    }

    /// One side of a 2-colouring of the component's conflict graph, if it
    /// has one.
    fn two_colouring(&self, comp: &[usize], mask: Bb256) -> Option<Bb256> {
        let (mut side, mut seen) = (Bb256::EMPTY, Bb256::EMPTY);
        let mut stack = vec![*comp.first()?];
        seen.set(stack[0]);
        side.set(stack[0]);
        while let Some(a) = stack.pop() {
            let a_side = side.has(a);
            for b in (self.rules.conflicts(a) & mask).iter() {
                if seen.has(b) {
                    if side.has(b) == a_side {
                        return None;
                    }
                    continue;
                }
                seen.set(b);
                if !a_side {
                    side.set(b);
                }
                stack.push(b);
            }
        }
        Some(side)
    }

    /// König: a maximum matching between `left` and the rest of the
    /// component by augmenting paths; the squares of `left` reachable from
    /// unmatched ones by alternating paths, with the other side's squares
    /// not reachable, are a largest independent set.
    fn max_bipartite(&self, comp: &[usize], mask: Bb256, left: Bb256) -> Vec<usize> {
        let right = mask & !left;
        let mut mate = [usize::MAX; 256];
        for u in left.iter() {
            let mut visited = Bb256::EMPTY;
            self.augment(u, right, &mut mate, &mut visited);
        }
        // Alternating reachability from the unmatched squares of `left`.
        let mut reached = Bb256::EMPTY;
        let mut stack: Vec<usize> = left.iter().filter(|&u| mate[u] == usize::MAX).collect();
        for &u in &stack {
            reached.set(u);
        }
        while let Some(u) = stack.pop() {
            for v in (self.rules.conflicts(u) & right & !reached).iter() {
                reached.set(v);
                let w = mate[v];
                if w != usize::MAX && !reached.has(w) {
                    reached.set(w);
                    stack.push(w);
                }
            }
        }
        comp.iter()
            .copied()
            .filter(|&s| left.has(s) == reached.has(s))
            .collect()
    }

    /// Kuhn's augmenting path from `u`; `mate[v]` is the left square matched
    /// to the right square `v`, and `mate[u]` the right square matched to a
    /// left square `u`.
    fn augment(
        &self,
        u: usize,
        right: Bb256,
        mate: &mut [usize; 256],
        visited: &mut Bb256,
    ) -> bool {
        for v in (self.rules.conflicts(u) & right & !*visited).iter() {
            visited.set(v);
            if mate[v] == usize::MAX || self.augment(mate[v], right, mate, visited) {
                mate[v] = u;
                mate[u] = v;
                return true;
            }
        }
        false
    }

    /// Branch and bound for a largest independent set within `avail`
    /// extending `placed`: the squares are covered greedily by cliques of
    /// the conflict graph (at most one piece in each), and tried from the
    /// last clique back, so that the number of cliques up to a square
    /// bounds what it can still add (the maximum-clique algorithm of Tomita
    /// and Seki, on the complement).
    fn bb(&self, avail: Bb256, placed: &mut Vec<usize>, best: &mut Vec<usize>) {
        let mut order: Vec<(usize, usize)> = Vec::with_capacity(avail.count() as usize);
        let mut rest = avail;
        let mut cliques = 0;
        while !rest.is_empty() {
            cliques += 1;
            let mut candidates = rest;
            while let Some(s) = candidates.pop_lsb() {
                order.push((s, cliques));
                rest.clear(s);
                candidates &= self.rules.conflicts(s);
            }
        }
        let mut avail = avail;
        for &(s, bound) in order.iter().rev() {
            if placed.len() + bound <= best.len() {
                return;
            }
            avail.clear(s);
            placed.push(s);
            let next = avail & !self.rules.conflicts(s);
            if next.is_empty() {
                if placed.len() > best.len() {
                    best.clone_from(placed);
                }
            } else {
                self.bb(next, placed, best);
            }
            placed.pop();
        }
    }
}

#[derive(Default)]
struct MemoLevel {
    map: HashMap<(Bb256, usize), u128>,
    lookups: u64,
    hits: u64,
    enabled: bool,
}

struct RowMemo {
    levels: Vec<MemoLevel>,
    below: Vec<Bb256>,
}

/// Counts independent sets of 0..=kmax squares by profile dynamic
/// programming over `order` (see [`Placement::profile_order`]).
fn profile_counts(order: &[usize], back: &[u64], kmax: usize) -> Result<Vec<u128>, PuzzleError> {
    let reach = back
        .iter()
        .map(|m| 64 - m.leading_zeros() as usize)
        .max()
        .unwrap_or(0);
    let window: u64 = if reach == 0 { 0 } else { (1u64 << reach) - 1 };
    let mut cur: HashMap<u64, Vec<u128>> = HashMap::new();
    let mut init = vec![0u128; kmax + 1];
    init[0] = 1;
    cur.insert(0, init);
    for &b in back.iter().take(order.len()) {
        let mut next: HashMap<u64, Vec<u128>> = HashMap::with_capacity(cur.len() * 2);
        for (st, counts) in cur {
            let skip = (st << 1) & window;
            let e = next.entry(skip).or_insert_with(|| vec![0; kmax + 1]);
            for (j, &c) in counts.iter().enumerate() {
                e[j] = add(e[j], c)?;
            }
            if st & b == 0 {
                let put = ((st << 1) | 1) & window;
                let e = next.entry(put).or_insert_with(|| vec![0; kmax + 1]);
                for j in 0..kmax {
                    e[j + 1] = add(e[j + 1], counts[j])?;
                }
            }
        }
        cur = next;
    }
    let mut total = vec![0u128; kmax + 1];
    for counts in cur.values() {
        for (j, &c) in counts.iter().enumerate() {
            total[j] = add(total[j], c)?;
        }
    }
    Ok(total)
}

/// The largest independent set by profile dynamic programming.
fn profile_max(order: &[usize], back: &[u64]) -> usize {
    let reach = back
        .iter()
        .map(|m| 64 - m.leading_zeros() as usize)
        .max()
        .unwrap_or(0);
    let window: u64 = if reach == 0 { 0 } else { (1u64 << reach) - 1 };
    let mut cur: HashMap<u64, usize> = HashMap::new();
    cur.insert(0, 0);
    for &b in back.iter().take(order.len()) {
        let mut next: HashMap<u64, usize> = HashMap::with_capacity(cur.len() * 2);
        for (st, n) in cur {
            let e = next.entry((st << 1) & window).or_insert(0);
            *e = (*e).max(n);
            if st & b == 0 {
                let e = next.entry(((st << 1) | 1) & window).or_insert(0);
                *e = (*e).max(n + 1);
            }
        }
        cur = next;
    }
    cur.values().copied().max().unwrap_or(0)
}

/// Square-by-square enumeration with conflict masks and deferred
/// occupancy constraints.
struct SquareSearch<'a> {
    rules: &'a Rules,
    k: usize,
    placed: Vec<usize>,
    occ: Bb256,
    /// Constraint ids by the highest square they need occupied.
    by_occ_max: Vec<Vec<u32>>,
    /// The highest square each constraint looks at.
    support_max: Vec<usize>,
    /// Constraints not yet decided, as a stack of segments.
    pending: Vec<u32>,
}

impl<'a> SquareSearch<'a> {
    fn new(rules: &'a Rules, k: usize) -> SquareSearch<'a> {
        let mut by_occ_max = vec![Vec::new(); 256];
        let mut support_max = Vec::with_capacity(rules.constraints().len());
        for (i, c) in rules.constraints().iter().enumerate() {
            by_occ_max[c.occupied.msb().unwrap_or(0)].push(i as u32);
            support_max.push(c.support().msb().unwrap_or(0));
        }
        SquareSearch {
            rules,
            k,
            placed: Vec::with_capacity(k),
            occ: Bb256::EMPTY,
            by_occ_max,
            support_max,
            pending: Vec::new(),
        }
    }

    fn run(
        &mut self,
        avail: Bb256,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.rec(avail, 0, visit)
    }

    fn rec(
        &mut self,
        avail: Bb256,
        seg_start: usize,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let need = self.k - self.placed.len();
        if need == 0 {
            let cs = self.rules.constraints();
            if self.pending[seg_start..]
                .iter()
                .any(|&c| cs[c as usize].attacks(&self.occ))
            {
                return ControlFlow::Continue(());
            }
            return visit(&self.placed);
        }
        let mut a = avail;
        while let Some(s) = a.pop_lsb() {
            if (a.count() as usize) + 1 < need {
                break;
            }
            self.occ.set(s);
            self.placed.push(s);
            let seg_end = self.pending.len();
            let ok = self.advance(seg_start, seg_end, s);
            let flow = if ok {
                self.rec(a & !self.rules.conflicts(s), seg_end, visit)
            } else {
                ControlFlow::Continue(())
            };
            self.pending.truncate(seg_end);
            self.placed.pop();
            self.occ.clear(s);
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// After placing `s`: evaluates the constraints decided now, copies the
    /// others into a new segment; false if an attack happens.
    fn advance(&mut self, seg_start: usize, seg_end: usize, s: usize) -> bool {
        let cs = self.rules.constraints();
        for i in seg_start..seg_end {
            let c = self.pending[i];
            if self.support_max[c as usize] <= s {
                if cs[c as usize].attacks(&self.occ) {
                    return false;
                }
            } else {
                self.pending.push(c);
            }
        }
        for j in 0..self.by_occ_max[s].len() {
            let c = self.by_occ_max[s][j];
            if self.support_max[c as usize] <= s {
                if cs[c as usize].attacks(&self.occ) {
                    return false;
                }
            } else {
                self.pending.push(c);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_queens() {
        let counts: Vec<u128> = (1..=6)
            .map(|n| {
                let b = BoardSize::new(n, n).unwrap();
                Placement::parse("Q", b).unwrap().count(n as usize).unwrap()
            })
            .collect();
        assert_eq!(counts, [1, 0, 0, 2, 10, 4]);
    }

    #[test]
    fn count_too_big_is_an_error() {
        let p = Placement::parse("K", BoardSize::new(2, 2).unwrap()).unwrap();
        assert!(matches!(p.count(5), Err(PuzzleError::Count { .. })));
        assert_eq!(p.count(0).unwrap(), 1);
    }

    /// The three ways to a component's maximum agree: König's matching,
    /// branch and bound, and the profile dynamic programming.
    #[test]
    fn maxima_agree() {
        for piece in [
            "N", "zebra", "giraffe", "antelope", "K", "camel", "fD", "NC",
        ] {
            for (w, h) in [(3, 3), (4, 4), (5, 4), (6, 6), (7, 5), (8, 8)] {
                let p = Placement::parse(piece, BoardSize::new(w, h).unwrap()).unwrap();
                for comp in p.components() {
                    let mut mask = Bb256::EMPTY;
                    for &s in &comp {
                        mask.set(s);
                    }
                    let mut by_bb = Vec::new();
                    p.bb(mask, &mut Vec::new(), &mut by_bb);
                    let found = p.max_component(&comp);
                    assert_eq!(found.len(), by_bb.len(), "{piece} {w}x{h}");
                    let mut set = Bb256::EMPTY;
                    for &s in &found {
                        assert!(!p.rules.conflicts(s).intersects(&set), "{piece}");
                        set.set(s);
                    }
                    if let Some((order, back)) = p.profile_order(&comp) {
                        assert_eq!(profile_max(&order, &back), found.len(), "{piece}");
                    }
                }
            }
        }
    }
}
