//! The piece model that Betza and Parlett notation compile into.
//!
//! A piece is a list of [`Component`]s. Each component is one atom
//! `(dx, dy)` taken in a subset of its (up to 8) symmetric images, a path
//! kind (leap, ride, hop, grasshop, locust, bent ride), a mode (move,
//! capture or both) and flags (initial-only, lame). Vectors are stored from
//! White's point of view; Black's are the same with `dy` negated, so "forward"
//! is always towards the opponent.

use crate::geometry::{FairySquare, GeometryMove, MAX_DIM};
use crate::{betza, catalogue, parlett};
use std::collections::HashSet;

/// What a component may do on its target square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveMode {
    /// Move to an empty square or capture there.
    Any,
    /// Only to an empty square (Betza `m`, Parlett `o`).
    MoveOnly,
    /// Only capture (Betza `c`, Parlett `c`).
    CaptureOnly,
}

impl MoveMode {
    /// Whether the mode allows a quiet move.
    pub fn quiet(self) -> bool {
        self != MoveMode::CaptureOnly
    }
    /// Whether the mode allows a capture.
    pub fn capture(self) -> bool {
        self != MoveMode::MoveOnly
    }
}

/// How a component travels from its square to the target.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PathKind {
    /// One jump by the vector; with [`Component::lame`] the squares on the
    /// way must be empty (xiangqi horse `nN`, pawn double step `ifmnD`).
    Leap,
    /// Repeated steps by the vector until blocked; `max` steps at most
    /// (0 = unlimited). `R` is a W rider, `NN` a nightrider, `R4` has max 4.
    Ride {
        /// Most steps, 0 for no limit.
        max: u8,
    },
    /// Cannon (Betza `p`): along the ride line, exactly one piece (the
    /// screen) is jumped, then the piece moves or captures beyond it.
    Hop {
        /// Most steps in total, 0 for no limit.
        max: u8,
    },
    /// Grasshopper (Betza `g`): along the line it lands on the square right
    /// after the first piece met.
    Grasshop,
    /// Locust (Parlett `^`): leaps by the vector over the squares in between,
    /// the last of which must hold an enemy that is removed; the target must
    /// be empty. Checker men capture this way.
    Locust,
    /// Bent rider: one step by the vector (the target if empty, or a capture),
    /// then from there any number of steps (at most `max`, 0 = unlimited) by
    /// the vectors of `second` that point outward (positive dot product with
    /// the first step). The Aanca is a W step then a diagonal ride.
    Bent {
        /// The atom of the second leg, e.g. `(1, 1)` for a diagonal ride.
        second: (u8, u8),
        /// Most steps of the second leg, 0 for no limit.
        max: u8,
    },
}

/// One movement component of a piece.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Component {
    /// The atom, `(dx, dy)` with `0 <= dx <= dy` or as written.
    pub atom: (u8, u8),
    /// The vectors used, from White's side (forward is `+dy`).
    pub dirs: Vec<(i8, i8)>,
    /// Leap, ride, hop, …
    pub kind: PathKind,
    /// Move, capture or both.
    pub mode: MoveMode,
    /// Only from the piece's initial ranks (pawn double step).
    pub initial: bool,
    /// A leap that is blocked by pieces on the way (Betza `n`).
    pub lame: bool,
}

/// All eight symmetric images of an atom, without duplicates, in a fixed
/// order.
pub fn images(atom: (u8, u8)) -> Vec<(i8, i8)> {
    let (a, b) = (atom.0 as i8, atom.1 as i8);
    let mut out: Vec<(i8, i8)> = Vec::with_capacity(8);
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let v = (x * sx, y * sy);
                if !out.contains(&v) && v != (0, 0) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// The squares crossed by a lame leap of vector `(dx, dy)`, as offsets:
/// along the line for orthogonal and diagonal vectors; for oblique ones,
/// first orthogonal steps along the longer axis, then diagonal steps (so
/// the knight is blocked on the orthogonally adjacent square, as the
/// xiangqi horse is).
pub fn lame_path(dx: i8, dy: i8) -> Vec<(i8, i8)> {
    let (ax, ay) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    let mut out = Vec::new();
    if ax == 0 || ay == 0 || ax == ay {
        let n = ax.max(ay);
        for k in 1..n {
            out.push((sx * k, sy * k));
        }
        return out;
    }
    let (mut x, mut y) = (0i8, 0i8);
    let orth = (ax - ay).abs();
    for _ in 0..orth {
        if ax > ay {
            x += sx;
        } else {
            y += sy;
        }
        out.push((x, y));
    }
    for _ in 1..ax.min(ay) {
        x += sx;
        y += sy;
        out.push((x, y));
    }
    out
}

/// A piece described by notation, compiled to components.
///
/// ```
/// use sqlchess_fairy::PieceDef;
/// let knight = PieceDef::parse("N").unwrap();
/// let parlett = PieceDef::parse("~1/2").unwrap();
/// assert_eq!(knight.geometry(8, 8).len(), 336);
/// assert_eq!(parlett.geometry(8, 8).len(), 336);
/// assert_eq!(PieceDef::parse("queen").unwrap().geometry(8, 8).len(), 1456);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDef {
    notation: String,
    components: Vec<Component>,
}

/// Why a piece description was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePieceError {
    /// Not a catalogue name, and invalid as Betza and as Parlett.
    #[error("piece {text:?} is not a catalogue name; as betza: {betza}; as parlett: {parlett}")]
    Invalid {
        /// The rejected text.
        text: String,
        /// Why Betza rejected it.
        betza: Box<betza::ParseBetzaError>,
        /// Why Parlett rejected it.
        parlett: Box<parlett::ParseParlettError>,
    },
}

impl PieceDef {
    /// A piece from its components; `notation` is kept for display.
    pub fn from_components(notation: impl Into<String>, components: Vec<Component>) -> PieceDef {
        PieceDef {
            notation: notation.into(),
            components,
        }
    }

    /// Parses a catalogue name (`knight`, `arrow_pawn`, `Arrow pawn`), Betza
    /// (`fmWfceF`, `BN`, `mRcpR`) or Parlett (`~1/2`, `o1>, c1X>`).
    ///
    /// # Errors
    /// [`ParsePieceError::Invalid`] with both parsers' reasons.
    pub fn parse(text: &str) -> Result<PieceDef, ParsePieceError> {
        if let Some(notation) = catalogue::lookup(text) {
            if let Ok(def) = PieceDef::parse_notation(notation) {
                return Ok(def);
            }
        }
        PieceDef::parse_notation(text.trim())
    }

    fn parse_notation(text: &str) -> Result<PieceDef, ParsePieceError> {
        let betza_err = match betza::parse(text) {
            Ok(c) => return Ok(PieceDef::from_components(text, c)),
            Err(e) => e,
        };
        match parlett::parse(text) {
            Ok(c) => Ok(PieceDef::from_components(text, c)),
            Err(parlett) => Err(ParsePieceError::Invalid {
                text: sqlchess_types::quoted(text),
                betza: Box::new(betza_err),
                parlett: Box::new(parlett),
            }),
        }
    }

    /// The notation this piece was parsed from.
    pub fn notation(&self) -> &str {
        &self.notation
    }

    /// The movement components.
    pub fn components(&self) -> &[Component] {
        &self.components
    }

    /// Whether every component is a plain leap or an unblocked-line ride
    /// with no initial-only, lame, hopping, locust or bent part.
    pub fn is_simple(&self) -> bool {
        self.components.iter().all(|c| {
            !c.initial && !c.lame && matches!(c.kind, PathKind::Leap | PathKind::Ride { .. })
        })
    }

    /// Every move of a White piece of this kind on an empty `width`×`height`
    /// board (each at most 16): one entry per ordered (from, to) pair, with
    /// the squares crossed in order. Hoppers and locusts are included with
    /// their screen or victim among the crossed squares; capture-only and
    /// initial-only moves are included.
    pub fn geometry(&self, width: u8, height: u8) -> Vec<GeometryMove> {
        let (w, h) = (width.min(MAX_DIM) as i32, height.min(MAX_DIM) as i32);
        let mut out = Vec::new();
        // Each (from, to) pair once: a table over the 16×16 frame squared
        // (64 KB) rather than a hash set, which made this most of the time
        // a fairy position took to set up.
        let frame = usize::from(MAX_DIM) * usize::from(MAX_DIM);
        let mut seen = vec![false; frame * frame];
        for y in 0..h {
            for x in 0..w {
                for comp in &self.components {
                    comp_geometry(comp, x, y, w, h, &mut |tx, ty, crossed: &[(i32, i32)]| {
                        let pair = sq(x, y).index() * frame + sq(tx, ty).index();
                        if !std::mem::replace(&mut seen[pair], true) {
                            out.push(GeometryMove {
                                from: sq(x, y),
                                to: sq(tx, ty),
                                crossed: crossed.iter().map(|&(a, b)| sq(a, b)).collect(),
                            });
                        }
                    });
                }
            }
        }
        out
    }

    /// The squares a White piece on `from` attacks (could capture on) on a
    /// `width`×`height` board whose occupied squares are `occupied`, every
    /// occupant counted as a potential victim (for a locust, the square it
    /// jumps); for puzzles such as non-attacking placements. Empty squares a
    /// rider or leaper reaches count as attacked; initial-only moves are
    /// included.
    pub fn attacks(
        &self,
        from: FairySquare,
        width: u8,
        height: u8,
        occupied: &[FairySquare],
    ) -> Vec<FairySquare> {
        let (w, h) = (width.min(MAX_DIM) as i32, height.min(MAX_DIM) as i32);
        let occ: HashSet<(i32, i32)> = occupied
            .iter()
            .map(|s| (s.file() as i32, s.rank() as i32))
            .collect();
        let mut out = Vec::new();
        let (fx, fy) = (from.file() as i32, from.rank() as i32);
        for comp in &self.components {
            if !comp.mode.capture() {
                continue;
            }
            comp_targets(
                comp,
                fx,
                fy,
                w,
                h,
                &|x, y| occ.contains(&(x, y)),
                &mut |tx, ty, victim| {
                    // A locust attacks the square it jumps, not where it lands.
                    let (ax, ay) = victim.unwrap_or((tx, ty));
                    let s = sq(ax, ay);
                    if !out.contains(&s) {
                        out.push(s);
                    }
                },
            );
        }
        out
    }
}

fn sq(x: i32, y: i32) -> FairySquare {
    FairySquare::from_index((y * 16 + x) as usize)
}

fn on(x: i32, y: i32, w: i32, h: i32) -> bool {
    x >= 0 && y >= 0 && x < w && y < h
}

/// Outward vectors of the second leg of a bent rider after first step `d`.
pub(crate) fn outward(second: (u8, u8), d: (i8, i8)) -> Vec<(i8, i8)> {
    images(second)
        .into_iter()
        .filter(|e| (e.0 as i32 * d.0 as i32 + e.1 as i32 * d.1 as i32) > 0)
        .collect()
}

/// Receives (to x, to y, crossed squares) during geometry enumeration.
type GeometryEmit<'a> = dyn FnMut(i32, i32, &[(i32, i32)]) + 'a;

/// Enumerates the empty-board geometry of one component from (x, y).
fn comp_geometry(comp: &Component, x: i32, y: i32, w: i32, h: i32, emit: &mut GeometryEmit<'_>) {
    for &(dx, dy) in &comp.dirs {
        let (dx, dy) = (dx as i32, dy as i32);
        match &comp.kind {
            PathKind::Leap | PathKind::Locust => {
                let (tx, ty) = (x + dx, y + dy);
                if on(tx, ty, w, h) {
                    let crossed: Vec<(i32, i32)> = if comp.lame || comp.kind == PathKind::Locust {
                        lame_path(dx as i8, dy as i8)
                            .into_iter()
                            .map(|(a, b)| (x + a as i32, y + b as i32))
                            .collect()
                    } else {
                        Vec::new()
                    };
                    emit(tx, ty, &crossed);
                }
            }
            PathKind::Ride { max } | PathKind::Hop { max } => {
                let min = if matches!(comp.kind, PathKind::Hop { .. }) {
                    2
                } else {
                    1
                };
                let mut crossed = Vec::new();
                let mut k = 1;
                while on(x + k * dx, y + k * dy, w, h) && (*max == 0 || k <= *max as i32) {
                    if k >= min {
                        emit(x + k * dx, y + k * dy, &crossed);
                    }
                    crossed.push((x + k * dx, y + k * dy));
                    k += 1;
                }
            }
            PathKind::Grasshop => {
                let mut crossed = Vec::new();
                let mut k = 1;
                while on(x + k * dx, y + k * dy, w, h) {
                    if k >= 2 {
                        emit(x + k * dx, y + k * dy, &crossed);
                    }
                    crossed.push((x + k * dx, y + k * dy));
                    k += 1;
                }
            }
            PathKind::Bent { second, max } => {
                let (fx, fy) = (x + dx, y + dy);
                if !on(fx, fy, w, h) {
                    continue;
                }
                emit(fx, fy, &[]);
                for (ex, ey) in outward(*second, (dx as i8, dy as i8)) {
                    let mut crossed = vec![(fx, fy)];
                    let mut k = 1;
                    while on(fx + k * ex as i32, fy + k * ey as i32, w, h)
                        && (*max == 0 || k <= *max as i32)
                    {
                        let (tx, ty) = (fx + k * ex as i32, fy + k * ey as i32);
                        emit(tx, ty, &crossed);
                        crossed.push((tx, ty));
                        k += 1;
                    }
                }
            }
        }
    }
}

/// Enumerates the targets of one component from (x, y) given which squares
/// are occupied; `emit(tx, ty, victim)` gets the target and, for locusts,
/// the square of the piece removed. Used for puzzles and as the reference
/// the fast tables are checked against. Initial-only components are included.
pub(crate) fn comp_targets(
    comp: &Component,
    x: i32,
    y: i32,
    w: i32,
    h: i32,
    occ: &dyn Fn(i32, i32) -> bool,
    emit: &mut dyn FnMut(i32, i32, Option<(i32, i32)>),
) {
    for &(dx, dy) in &comp.dirs {
        let (dx, dy) = (dx as i32, dy as i32);
        match &comp.kind {
            PathKind::Leap => {
                let (tx, ty) = (x + dx, y + dy);
                if !on(tx, ty, w, h) {
                    continue;
                }
                if comp.lame
                    && lame_path(dx as i8, dy as i8)
                        .iter()
                        .any(|&(a, b)| occ(x + a as i32, y + b as i32))
                {
                    continue;
                }
                emit(tx, ty, None);
            }
            PathKind::Locust => {
                let (tx, ty) = (x + dx, y + dy);
                if !on(tx, ty, w, h) || occ(tx, ty) {
                    continue;
                }
                let path = lame_path(dx as i8, dy as i8);
                if let Some((&(vx, vy), rest)) = path.split_last() {
                    let (vx, vy) = (x + vx as i32, y + vy as i32);
                    if occ(vx, vy) && !rest.iter().any(|&(a, b)| occ(x + a as i32, y + b as i32)) {
                        emit(tx, ty, Some((vx, vy)));
                    }
                }
            }
            PathKind::Ride { max } => {
                let mut k = 1;
                while on(x + k * dx, y + k * dy, w, h) && (*max == 0 || k <= *max as i32) {
                    let (tx, ty) = (x + k * dx, y + k * dy);
                    emit(tx, ty, None);
                    if occ(tx, ty) {
                        break;
                    }
                    k += 1;
                }
            }
            PathKind::Hop { max } => {
                let mut k = 1;
                let mut screened = false;
                while on(x + k * dx, y + k * dy, w, h) && (*max == 0 || k <= *max as i32) {
                    let (tx, ty) = (x + k * dx, y + k * dy);
                    if screened {
                        emit(tx, ty, None);
                        if occ(tx, ty) {
                            break;
                        }
                    } else if occ(tx, ty) {
                        screened = true;
                    }
                    k += 1;
                }
            }
            PathKind::Grasshop => {
                let mut k = 1;
                while on(x + k * dx, y + k * dy, w, h) {
                    if occ(x + k * dx, y + k * dy) {
                        let (tx, ty) = (x + (k + 1) * dx, y + (k + 1) * dy);
                        if on(tx, ty, w, h) {
                            emit(tx, ty, None);
                        }
                        break;
                    }
                    k += 1;
                }
            }
            PathKind::Bent { second, max } => {
                let (fx, fy) = (x + dx, y + dy);
                if !on(fx, fy, w, h) {
                    continue;
                }
                emit(fx, fy, None);
                if occ(fx, fy) {
                    continue;
                }
                for (ex, ey) in outward(*second, (dx as i8, dy as i8)) {
                    let mut k = 1;
                    while on(fx + k * ex as i32, fy + k * ey as i32, w, h)
                        && (*max == 0 || k <= *max as i32)
                    {
                        let (tx, ty) = (fx + k * ex as i32, fy + k * ey as i32);
                        emit(tx, ty, None);
                        if occ(tx, ty) {
                            break;
                        }
                        k += 1;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_count() {
        assert_eq!(images((0, 1)).len(), 4);
        assert_eq!(images((1, 1)).len(), 4);
        assert_eq!(images((1, 2)).len(), 8);
    }

    #[test]
    fn lame_paths() {
        assert_eq!(lame_path(1, 2), vec![(0, 1)]);
        assert_eq!(lame_path(-2, 1), vec![(-1, 0)]);
        assert_eq!(lame_path(0, 2), vec![(0, 1)]);
        assert_eq!(lame_path(2, 2), vec![(1, 1)]);
        assert_eq!(lame_path(2, 3), vec![(0, 1), (1, 2)]);
    }
}
