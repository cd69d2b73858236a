//! Janggi's moves that Betza cannot say, as Fairy-Stockfish defines them:
//! the janggi cannon (variants.ini's `janggiCannon`), which hops over
//! exactly one piece that is not itself a janggi cannon and may not take a
//! janggi cannon; the palace diagonals (`diagonalLines`), along which
//! wazirs, rooks, janggi cannons and soldiers also move from a square of
//! the set to squares of the set; and bikjang (`bikjangRule`), the two
//! kings facing each other.
//!
//! The walks use the rules' ray tables; pins do not see these moves, so the
//! moves that touch the squares where they could start or stop an attack
//! on the king are tested by playing them (`State::janggi_sensitive`).

use super::rules::{Rules, NO_SQ};
use super::State;
use crate::bitboard::Bits;
use crate::variant::{PieceType, Variant};

/// What a piece does along the palace diagonals (Fairy-Stockfish decides by
/// the piece's type, so this goes by its variants.ini name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PalaceMoves {
    /// One step diagonally: the wazir, and a king that moves as a wazir.
    Step,
    /// One step diagonally forward: the soldier.
    ForwardStep,
    /// A diagonal slide: the rook.
    Slide,
    /// A diagonal hop: the janggi cannon.
    Hop,
}

impl PalaceMoves {
    fn of(piece: &PieceType) -> Option<PalaceMoves> {
        match piece.name.as_str() {
            "wazir" => Some(PalaceMoves::Step),
            "king" if piece.def.notation() == "W" => Some(PalaceMoves::Step),
            "soldier" => Some(PalaceMoves::ForwardStep),
            "rook" => Some(PalaceMoves::Slide),
            JANGGI_CANNON => Some(PalaceMoves::Hop),
            _ => None,
        }
    }
}

/// The variants.ini name of the janggi cannon.
pub(crate) const JANGGI_CANNON: &str = "janggiCannon";

/// A variant's janggi rules, in the rules' layout.
#[derive(Clone, Debug)]
pub(crate) struct Janggi<B> {
    /// The palace diagonals' squares (empty without `diagonalLines`).
    pub lines: B,
    /// The janggi cannon's piece index, if the variant has one.
    pub cannon: Option<usize>,
    /// Per piece index, its moves along the palace diagonals.
    pub palace: Vec<Option<PalaceMoves>>,
    /// The rules' ray directions along ranks and files.
    pub orth: [usize; 4],
    /// The rules' ray directions along diagonals.
    pub diag: [usize; 4],
}

impl<B: Bits> Janggi<B> {
    /// The janggi rules of `v`, or `None` when it has neither a janggi
    /// cannon nor palace diagonals. `lines` is `diagonalLines` in the
    /// rules' layout, `orth` and `diag` the rules' ray directions.
    pub(crate) fn new(
        v: &Variant,
        lines: B,
        orth: [usize; 4],
        diag: [usize; 4],
    ) -> Option<Janggi<B>> {
        let cannon = v.pieces.iter().position(|p| p.name == JANGGI_CANNON);
        if cannon.is_none() && lines.is_empty() {
            return None;
        }
        let palace = v
            .pieces
            .iter()
            .map(|p| (!lines.is_empty()).then(|| PalaceMoves::of(p)).flatten())
            .collect();
        Some(Janggi {
            lines,
            cannon,
            palace,
            orth,
            diag,
        })
    }
}

/// A janggi cannon's targets from `from` along ray direction `dir`: past
/// exactly one piece that is not a janggi cannon, every empty square and
/// the first piece beyond unless it is a janggi cannon.
#[inline]
fn hop<B: Bits>(r: &Rules<B>, from: usize, dir: usize, occ: &B, cannons: &B) -> B {
    match r.first_blocker(dir, from, occ) {
        Some(screen) if !cannons.has(screen) => r.ray_attacks(dir, None, screen, occ) & !*cannons,
        _ => B::EMPTY,
    }
}

/// The second piece met from `from` along ray direction `dir`, when the
/// first is not a janggi cannon: where a cannon that hops to `from` along
/// that line stands.
#[inline]
fn beyond_screen<B: Bits>(
    r: &Rules<B>,
    from: usize,
    dir: usize,
    occ: &B,
    cannons: &B,
) -> Option<usize> {
    match r.first_blocker(dir, from, occ) {
        Some(screen) if !cannons.has(screen) => r.first_blocker(dir, screen, occ),
        _ => None,
    }
}

impl<B: Bits> State<B> {
    /// The janggi cannons on the board with occupancy `occ`, the pieces on
    /// `removed` taken off.
    #[inline]
    fn janggi_cannons(&self, j: &Janggi<B>, occ: &B, removed: &B) -> B {
        j.cannon
            .map_or(B::EMPTY, |c| self.by_type[c] & !*removed & *occ)
    }

    /// The squares a piece of type `t` and colour `c` on `from` reaches by
    /// janggi's own moves (a janggi cannon's hops, the palace diagonals),
    /// occupied or not; the caller keeps the empty ones and the enemies,
    /// within the piece's region.
    pub(crate) fn janggi_targets(
        &self,
        r: &Rules<B>,
        j: &Janggi<B>,
        t: usize,
        c: usize,
        from: usize,
        occ: &B,
    ) -> B {
        let on_lines = j.lines.has(from) && j.palace[t].is_some();
        if j.cannon != Some(t) && !on_lines {
            return B::EMPTY;
        }
        let cannons = self.janggi_cannons(j, occ, &B::EMPTY);
        let mut out = B::EMPTY;
        if j.cannon == Some(t) {
            for d in j.orth {
                out |= hop(r, from, d, occ, &cannons);
            }
        }
        if on_lines {
            out |= self.palace_targets(r, j, t, c, from, occ, &cannons);
        }
        out
    }

    /// The palace-diagonal targets of a piece of type `t` and colour `c`
    /// on `from` (a square of the lines): its diagonal moves with the
    /// board as it is, kept to the lines.
    #[allow(clippy::too_many_arguments)]
    fn palace_targets(
        &self,
        r: &Rules<B>,
        j: &Janggi<B>,
        t: usize,
        c: usize,
        from: usize,
        occ: &B,
        cannons: &B,
    ) -> B {
        let mut out = B::EMPTY;
        match j.palace[t] {
            None => return out,
            Some(PalaceMoves::Step) => {
                for d in j.diag {
                    let n = r.step[d][from];
                    if n != NO_SQ {
                        out.set(n as usize);
                    }
                }
            }
            Some(PalaceMoves::ForwardStep) => {
                // The first two diagonals lead up the board, the others down.
                let forward = if c == 0 { &j.diag[..2] } else { &j.diag[2..] };
                for &d in forward {
                    let n = r.step[d][from];
                    if n != NO_SQ {
                        out.set(n as usize);
                    }
                }
            }
            Some(PalaceMoves::Slide) => {
                for d in j.diag {
                    out |= r.ray_attacks(d, None, from, occ);
                }
            }
            Some(PalaceMoves::Hop) => {
                for d in j.diag {
                    out |= hop(r, from, d, occ, cannons);
                }
            }
        }
        out & j.lines
    }

    /// Whether colour `by` attacks `sq` by janggi's own moves, with
    /// occupancy `occ` and the pieces on `removed` taken off the board.
    /// With `through` other than every square, only the attacks a move
    /// from or to those squares could have uncovered are looked for: along
    /// lines through them (the palace steps are leaps, never uncovered).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn janggi_attacked(
        &self,
        r: &Rules<B>,
        j: &Janggi<B>,
        sq: usize,
        by: usize,
        occ: &B,
        removed: &B,
        through: &B,
    ) -> bool {
        let theirs = self.by_color[by] & !*removed & *occ;
        let cannons = self.janggi_cannons(j, occ, removed);
        let their_cannons = cannons & theirs;
        // A janggi cannon never takes a janggi cannon.
        if !their_cannons.is_empty() && !cannons.has(sq) {
            for d in j.orth {
                if !r.rays[d][sq].intersects(&their_cannons) || !r.rays[d][sq].intersects(through) {
                    continue;
                }
                if beyond_screen(r, sq, d, occ, &cannons).is_some_and(|s| their_cannons.has(s)) {
                    return true;
                }
            }
        }
        if !j.lines.has(sq) {
            return false;
        }
        let every = *through == B::FULL;
        if !every && !j.diag.iter().any(|&d| r.rays[d][sq].intersects(through)) {
            return false;
        }
        // Palace moves are diagonal: only pieces on a diagonal from `sq`
        // can make one onto it.
        let diagonals = j.diag.iter().fold(B::EMPTY, |acc, &d| acc | r.rays[d][sq]);
        // Mostly no enemy piece stands on the palace lines there.
        if !(theirs & j.lines).intersects(&diagonals) {
            return false;
        }
        for (t, kind) in j.palace.iter().enumerate() {
            let Some(kind) = kind else { continue };
            if !every && matches!(kind, PalaceMoves::Step | PalaceMoves::ForwardStep) {
                continue;
            }
            if !r.types[t].region[by].has(sq) {
                continue;
            }
            let pieces = self.by_type[t] & theirs & j.lines & diagonals;
            if pieces.is_empty() {
                continue;
            }
            if *kind == PalaceMoves::Hop {
                if cannons.has(sq) {
                    continue;
                }
                for d in j.diag {
                    if beyond_screen(r, sq, d, occ, &cannons).is_some_and(|s| pieces.has(s)) {
                        return true;
                    }
                }
                continue;
            }
            for from in pieces.iter() {
                if self
                    .palace_targets(r, j, t, by, from, occ, &cannons)
                    .has(sq)
                {
                    return true;
                }
            }
        }
        false
    }

    /// The squares a move must leave or enter to let the enemy's janggi
    /// moves reach our king on `k`: along each line from the king, up to
    /// its third piece, when an enemy janggi cannon is among those three
    /// (one move changes the count of pieces between by one at most, or a
    /// screen's kind); and the diagonals from the king, as far as the
    /// palace lines go, when it stands on them.
    pub(crate) fn janggi_sensitive(&self, r: &Rules<B>, j: &Janggi<B>, k: usize, occ: &B) -> B {
        let them = self.side ^ 1;
        let mut out = B::EMPTY;
        if let Some(c) = j.cannon {
            let their_cannons = self.by_type[c] & self.by_color[them];
            for d in j.orth {
                if !r.rays[d][k].intersects(&their_cannons) {
                    continue;
                }
                let (mut s, mut near) = (k, false);
                for _ in 0..3 {
                    match r.first_blocker(d, s, occ) {
                        Some(b) => {
                            near |= their_cannons.has(b);
                            s = b;
                        }
                        None => break,
                    }
                }
                if near {
                    // Up to the third piece (or the last one), included.
                    out |= r.rays[d][k] & !r.rays[d][s];
                }
            }
        }
        if j.lines.has(k) {
            // Along each diagonal, up to its farthest square of the lines:
            // no palace move comes from beyond.
            for d in j.diag {
                let ray = r.rays[d][k];
                let on_lines = ray & j.lines;
                let farthest = if r.dir_pos[d] {
                    on_lines.msb()
                } else {
                    on_lines.lsb()
                };
                if let Some(f) = farthest {
                    out |= ray & !r.rays[d][f];
                }
            }
        }
        out
    }

    /// Bikjang: both kings on the board, on one file, nothing between.
    pub(crate) fn kings_face(&self, r: &Rules<B>) -> bool {
        let (a, b) = (self.royal_sq[0], self.royal_sq[1]);
        if a == NO_SQ || b == NO_SQ {
            return false;
        }
        let (a, b) = (a as usize, b as usize);
        if a % r.stride != b % r.stride {
            return false;
        }
        let occ = self.occ();
        let (lo, hi) = (a.min(b), a.max(b));
        let mut s = lo + r.stride;
        while s < hi {
            if occ.has(s) {
                return false;
            }
            s += r.stride;
        }
        true
    }
}
