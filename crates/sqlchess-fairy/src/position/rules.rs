//! A variant compiled for move generation: per-(piece, colour, square)
//! leaper tables and per-direction ray tables on the fixed 16×16 frame.
//!
//! Riders use the classical ray method: the ray from a square in a direction
//! is precomputed; the first blocker is the lowest (positive directions) or
//! highest (negative) set bit of ray ∩ occupancy, and the attack set is the
//! ray minus the ray from the blocker. This works for any step vector,
//! nightriders included, because every square on a ray has a strictly
//! monotone frame index.

use crate::bitboard::Bb256;
use crate::piece::{Component, PathKind, PieceDef};
use crate::variant::Variant;

pub(crate) const NO_SQ: u8 = 255;

/// One rider direction of a piece.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rider {
    pub dir: usize,
    pub limit: Option<usize>,
    pub quiet: bool,
    pub capture: bool,
}

/// Rider directions grouped for attack detection: a ray from the attacked
/// square in `dir` (the reverse of the attackers' direction), and which
/// piece types attack along it.
#[derive(Clone, Debug)]
pub(crate) struct AttackRay {
    pub dir: usize,
    pub limit: Option<usize>,
    pub types: Vec<usize>,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct TypeRules {
    pub leap_quiet: [Vec<Bb256>; 2],
    pub leap_cap: [Vec<Bb256>; 2],
    /// Squares from which a piece of this type and colour captures by a leap
    /// onto the index square.
    pub leap_cap_rev: [Vec<Bb256>; 2],
    pub riders: [Vec<Rider>; 2],
    /// Components handled square by square (hoppers, lame and initial
    /// leaps, locusts, bent riders), already oriented for the colour.
    pub special: [Vec<Component>; 2],
    pub special_capture: bool,
    /// Whether a special component can reach a square the tables also
    /// reach, so generated moves need de-duplication.
    pub overlap: bool,
}

#[derive(Debug)]
pub(crate) struct Rules {
    pub v: Variant,
    pub w: i32,
    pub h: i32,
    pub types: Vec<TypeRules>,
    pub rays: Vec<Vec<Bb256>>,
    pub dir_pos: Vec<bool>,
    pub limited: Vec<Vec<Bb256>>,
    pub attack_rays: [Vec<AttackRay>; 2],
    /// Whether a colour owns pieces whose captures the pin logic cannot see
    /// (hoppers, lame leapers, …): then every move of the other side is
    /// checked by playing it.
    pub slow_check: [bool; 2],
    pub promo_zone: [Bb256; 2],
    pub last_rank: [Bb256; 2],
    pub initial_zone: [Bb256; 2],
    pub back_rank: [Bb256; 2],
}

impl Rules {
    pub fn new(v: &Variant) -> Rules {
        let (w, h) = (v.width as i32, v.height as i32);
        let on = |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h;
        let rank_bb = |r: i32| {
            let mut b = Bb256::EMPTY;
            for x in 0..w {
                b.set((r * 16 + x) as usize);
            }
            b
        };
        let rel = |c: usize, r: i32| if c == 0 { r } else { h - 1 - r };
        let mut rules = Rules {
            v: v.clone(),
            w,
            h,
            types: Vec::new(),
            rays: Vec::new(),
            dir_pos: Vec::new(),
            limited: Vec::new(),
            attack_rays: [Vec::new(), Vec::new()],
            slow_check: [false; 2],
            promo_zone: [Bb256::EMPTY; 2],
            last_rank: [Bb256::EMPTY; 2],
            initial_zone: [Bb256::EMPTY; 2],
            back_rank: [Bb256::EMPTY; 2],
        };
        for c in 0..2 {
            if let Some(p) = &v.promotion {
                for r in p.zone_start as i32..h {
                    rules.promo_zone[c] |= rank_bb(rel(c, r));
                }
            }
            rules.last_rank[c] = rank_bb(rel(c, h - 1));
            rules.back_rank[c] = rank_bb(rel(c, 0));
            let (lo, hi) = v.double_step_ranks;
            for r in lo as i32..=(hi as i32).min(h - 1) {
                rules.initial_zone[c] |= rank_bb(rel(c, r));
            }
        }
        let mut dirs: Vec<(i8, i8)> = Vec::new();
        let mut limits: Vec<(usize, u8)> = Vec::new();
        let dir_id = |d: (i8, i8), rules: &mut Rules, dirs: &mut Vec<(i8, i8)>| -> usize {
            if let Some(i) = dirs.iter().position(|&e| e == d) {
                return i;
            }
            let mut table = vec![Bb256::EMPTY; 256];
            for y in 0..h {
                for x in 0..w {
                    let mut k = 1;
                    while on(x + k * d.0 as i32, y + k * d.1 as i32) {
                        table[(y * 16 + x) as usize]
                            .set(((y + k * d.1 as i32) * 16 + x + k * d.0 as i32) as usize);
                        k += 1;
                    }
                }
            }
            rules.rays.push(table);
            rules.dir_pos.push(d.1 as i32 * 16 + d.0 as i32 > 0);
            dirs.push(d);
            dirs.len() - 1
        };
        let limit_id = |dir: usize,
                        max: u8,
                        d: (i8, i8),
                        rules: &mut Rules,
                        limits: &mut Vec<(usize, u8)>|
         -> usize {
            if let Some(i) = limits.iter().position(|&e| e == (dir, max)) {
                return i;
            }
            let mut table = vec![Bb256::EMPTY; 256];
            for y in 0..h {
                for x in 0..w {
                    for k in 1..=max as i32 {
                        let (tx, ty) = (x + k * d.0 as i32, y + k * d.1 as i32);
                        if on(tx, ty) {
                            table[(y * 16 + x) as usize].set((ty * 16 + tx) as usize);
                        }
                    }
                }
            }
            rules.limited.push(table);
            limits.push((dir, max));
            limits.len() - 1
        };
        for (t, pt) in v.pieces.iter().enumerate() {
            let mut tr = TypeRules::default();
            for c in 0..2 {
                let flip = |d: (i8, i8)| if c == 0 { d } else { (d.0, -d.1) };
                let mut quiet = vec![Bb256::EMPTY; 256];
                let mut cap = vec![Bb256::EMPTY; 256];
                let mut rev = vec![Bb256::EMPTY; 256];
                for comp in pt.def.components() {
                    let oriented: Vec<(i8, i8)> = comp.dirs.iter().map(|&d| flip(d)).collect();
                    let simple_leap = comp.kind == PathKind::Leap && !comp.lame && !comp.initial;
                    let simple_ride = matches!(comp.kind, PathKind::Ride { .. }) && !comp.initial;
                    if simple_leap {
                        for y in 0..h {
                            for x in 0..w {
                                for d in &oriented {
                                    let (tx, ty) = (x + d.0 as i32, y + d.1 as i32);
                                    if on(tx, ty) {
                                        let (s, to) =
                                            ((y * 16 + x) as usize, (ty * 16 + tx) as usize);
                                        if comp.mode.quiet() {
                                            quiet[s].set(to);
                                        }
                                        if comp.mode.capture() {
                                            cap[s].set(to);
                                            rev[to].set(s);
                                        }
                                    }
                                }
                            }
                        }
                    } else if simple_ride {
                        let max = match comp.kind {
                            PathKind::Ride { max } => max,
                            _ => 0,
                        };
                        for d in &oriented {
                            let dir = dir_id(*d, &mut rules, &mut dirs);
                            let limit =
                                (max > 0).then(|| limit_id(dir, max, *d, &mut rules, &mut limits));
                            tr.riders[c].push(Rider {
                                dir,
                                limit,
                                quiet: comp.mode.quiet(),
                                capture: comp.mode.capture(),
                            });
                            if comp.mode.capture() {
                                let back = dir_id((-d.0, -d.1), &mut rules, &mut dirs);
                                let blimit = (max > 0).then(|| {
                                    limit_id(back, max, (-d.0, -d.1), &mut rules, &mut limits)
                                });
                                let group = &mut rules.attack_rays[c];
                                match group
                                    .iter_mut()
                                    .find(|a| a.dir == back && a.limit == blimit)
                                {
                                    Some(a) => {
                                        if !a.types.contains(&t) {
                                            a.types.push(t)
                                        }
                                    }
                                    None => group.push(AttackRay {
                                        dir: back,
                                        limit: blimit,
                                        types: vec![t],
                                    }),
                                }
                            }
                        }
                    } else {
                        let mut oc = comp.clone();
                        oc.dirs = oriented;
                        if oc.mode.capture() {
                            tr.special_capture = true;
                            rules.slow_check[c] = true;
                        }
                        tr.special[c].push(oc);
                    }
                }
                if c == 0 && !tr.special[0].is_empty() {
                    let (sp, tb): (Vec<_>, Vec<_>) =
                        pt.def.components().iter().cloned().partition(|k| {
                            tr.special[0].iter().any(|s| {
                                s.kind == k.kind
                                    && s.atom == k.atom
                                    && s.initial == k.initial
                                    && s.lame == k.lame
                                    && s.mode == k.mode
                            })
                        });
                    let g1: std::collections::HashSet<_> = PieceDef::from_components("", sp)
                        .geometry(v.width, v.height)
                        .into_iter()
                        .map(|g| (g.from, g.to))
                        .collect();
                    tr.overlap = PieceDef::from_components("", tb)
                        .geometry(v.width, v.height)
                        .iter()
                        .any(|g| g1.contains(&(g.from, g.to)));
                }
                tr.leap_quiet[c] = quiet;
                tr.leap_cap[c] = cap;
                tr.leap_cap_rev[c] = rev;
            }
            rules.types.push(tr);
        }
        rules
    }

    /// Squares a rider reaches from `sq` in direction `dir` given `occ`,
    /// the first blocker included.
    #[inline]
    pub fn ray_attacks(&self, dir: usize, limit: Option<usize>, sq: usize, occ: &Bb256) -> Bb256 {
        let ray = self.rays[dir][sq];
        let blockers = ray & *occ;
        let first = if self.dir_pos[dir] {
            blockers.lsb()
        } else {
            blockers.msb()
        };
        let mut att = match first {
            Some(b) => ray & !self.rays[dir][b],
            None => ray,
        };
        if let Some(l) = limit {
            att &= self.limited[l][sq];
        }
        att
    }
}
