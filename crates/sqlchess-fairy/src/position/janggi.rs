//! Janggi's moves that Betza cannot say, as Fairy-Stockfish defines them:
//! the janggi cannon (variants.ini's `janggiCannon`), which hops over
//! exactly one piece that is not itself a janggi cannon and may not take a
//! janggi cannon; the palace diagonals (`diagonalLines`), along which
//! wazirs, rooks, janggi cannons and soldiers also move from a square of
//! the set to squares of the set; and bikjang (`bikjangRule`), the two
//! kings facing each other.
//!
//! Janggi variants generate every move from these and the tables, then test
//! each by playing it (see `Rules::janggi`): its pieces are few and its
//! special moves are short walks, so the walks here go square by square.

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

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// A variant's janggi rules, in the rules' layout.
#[derive(Clone, Debug)]
pub(crate) struct Janggi<B> {
    /// The palace diagonals' squares (empty without `diagonalLines`).
    pub lines: B,
    /// The janggi cannon's piece index, if the variant has one.
    pub cannon: Option<usize>,
    /// Per piece index, its moves along the palace diagonals.
    pub palace: Vec<Option<PalaceMoves>>,
}

impl<B: Bits> Janggi<B> {
    /// The janggi rules of `v`, or `None` when it has neither a janggi
    /// cannon nor palace diagonals. `lines` is `diagonalLines` in the
    /// rules' layout.
    pub(crate) fn new(v: &Variant, lines: B) -> Option<Janggi<B>> {
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
        })
    }
}

/// The square one step from `s` by `(dx, dy)`, if on the board.
#[inline]
fn step<B>(r: &Rules<B>, s: usize, (dx, dy): (i32, i32)) -> Option<usize> {
    let (x, y) = ((s % r.stride) as i32 + dx, (s / r.stride) as i32 + dy);
    ((0..r.w).contains(&x) && (0..r.h).contains(&y)).then(|| y as usize * r.stride + x as usize)
}

/// A janggi cannon's targets from `from` along `d`: past exactly one piece
/// that is not a janggi cannon, every empty square and the first piece
/// beyond unless it is a janggi cannon.
fn hop<B: Bits>(r: &Rules<B>, from: usize, d: (i32, i32), occ: &B, cannons: &B) -> B {
    let mut out = B::EMPTY;
    let mut s = from;
    let mut screened = false;
    while let Some(n) = step(r, s, d) {
        s = n;
        if !occ.has(n) {
            if screened {
                out.set(n);
            }
            continue;
        }
        if screened {
            if !cannons.has(n) {
                out.set(n);
            }
            break;
        }
        if cannons.has(n) {
            break;
        }
        screened = true;
    }
    out
}

/// The second piece met from `from` along `d`, when the first is not a
/// janggi cannon: where a cannon that hops to `from` along that line
/// stands.
fn beyond_screen<B: Bits>(
    r: &Rules<B>,
    from: usize,
    d: (i32, i32),
    occ: &B,
    cannons: &B,
) -> Option<usize> {
    let mut s = from;
    let mut screened = false;
    while let Some(n) = step(r, s, d) {
        s = n;
        if !occ.has(n) {
            continue;
        }
        if screened {
            return Some(n);
        }
        if cannons.has(n) {
            return None;
        }
        screened = true;
    }
    None
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
        let cannons = self.janggi_cannons(j, occ, &B::EMPTY);
        let mut out = B::EMPTY;
        if j.cannon == Some(t) {
            for d in ORTHOGONAL {
                out |= hop(r, from, d, occ, &cannons);
            }
        }
        if j.lines.has(from) {
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
                for d in DIAGONAL {
                    if let Some(n) = step(r, from, d) {
                        out.set(n);
                    }
                }
            }
            Some(PalaceMoves::ForwardStep) => {
                let forward = if c == 0 { 1 } else { -1 };
                for d in DIAGONAL.into_iter().filter(|d| d.1 == forward) {
                    if let Some(n) = step(r, from, d) {
                        out.set(n);
                    }
                }
            }
            Some(PalaceMoves::Slide) => {
                for d in DIAGONAL {
                    let mut s = from;
                    while let Some(n) = step(r, s, d) {
                        out.set(n);
                        if occ.has(n) {
                            break;
                        }
                        s = n;
                    }
                }
            }
            Some(PalaceMoves::Hop) => {
                for d in DIAGONAL {
                    out |= hop(r, from, d, occ, cannons);
                }
            }
        }
        out & j.lines
    }

    /// Whether colour `by` attacks `sq` by janggi's own moves, with
    /// occupancy `occ` and the pieces on `removed` taken off the board.
    pub(crate) fn janggi_attacked(
        &self,
        r: &Rules<B>,
        j: &Janggi<B>,
        sq: usize,
        by: usize,
        occ: &B,
        removed: &B,
    ) -> bool {
        let theirs = self.by_color[by] & !*removed & *occ;
        let cannons = self.janggi_cannons(j, occ, removed);
        let their_cannons = cannons & theirs;
        // A janggi cannon never takes a janggi cannon.
        if !their_cannons.is_empty() && !cannons.has(sq) {
            for d in ORTHOGONAL {
                if beyond_screen(r, sq, d, occ, &cannons).is_some_and(|s| their_cannons.has(s)) {
                    return true;
                }
            }
        }
        if !j.lines.has(sq) {
            return false;
        }
        for (t, kind) in j.palace.iter().enumerate() {
            let Some(kind) = kind else { continue };
            if !r.types[t].region[by].has(sq) {
                continue;
            }
            let pieces = self.by_type[t] & theirs & j.lines;
            if pieces.is_empty() {
                continue;
            }
            if *kind == PalaceMoves::Hop {
                if cannons.has(sq) {
                    continue;
                }
                for d in DIAGONAL {
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
    /// screen's kind); and the diagonals from the king when it stands on
    /// the palace lines.
    pub(crate) fn janggi_sensitive(&self, r: &Rules<B>, j: &Janggi<B>, k: usize, occ: &B) -> B {
        let them = self.side ^ 1;
        let mut out = B::EMPTY;
        if let Some(c) = j.cannon {
            let their_cannons = self.by_type[c] & self.by_color[them];
            if !their_cannons.is_empty() {
                for d in ORTHOGONAL {
                    let mut line = B::EMPTY;
                    let (mut s, mut pieces, mut near) = (k, 0, false);
                    while let Some(n) = step(r, s, d) {
                        s = n;
                        line.set(n);
                        if occ.has(n) {
                            near |= their_cannons.has(n);
                            pieces += 1;
                            if pieces == 3 {
                                break;
                            }
                        }
                    }
                    if near {
                        out |= line;
                    }
                }
            }
        }
        if j.lines.has(k) {
            for d in DIAGONAL {
                let mut s = k;
                while let Some(n) = step(r, s, d) {
                    out.set(n);
                    s = n;
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
