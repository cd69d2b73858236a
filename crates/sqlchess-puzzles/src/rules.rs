//! A piece compiled for placement puzzles: which pairs of squares may not
//! both hold a piece.
//!
//! Leapers, riders and bent riders attack *monotonically*: whether A attacks
//! B never depends on other pieces in a placement where nobody is attacked,
//! because the first piece on a rider's line is attacked itself. Their
//! empty-board attack sets, symmetrised (A attacks B or B attacks A), are
//! exact. Hoppers, grasshoppers, locusts and lame leapers are not: their
//! attack depends on screens and blocks. Each of their possible attacks
//! becomes a [`Constraint`] on the occupancy of a few squares, evaluated
//! exactly once those squares are decided.

use std::collections::HashSet;

use sqlchess_fairy::{lame_path, Bb256, PathKind, PieceDef};

use crate::BoardSize;

/// One occupancy-dependent attack: it happens (and so the placement is
/// invalid) when every square of `occupied` holds a piece, every square of
/// `empty` is empty and, if `one_of` is not empty, exactly one of its
/// squares holds a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Constraint {
    /// Squares that must hold pieces (attacker and victim, screen).
    pub occupied: Bb256,
    /// Squares that must be empty (a lame leap's path, a locust's landing).
    pub empty: Bb256,
    /// Exactly one of these must be occupied (a cannon's screen); empty for
    /// no such condition.
    pub one_of: Bb256,
}

impl Constraint {
    /// Whether the attack happens given `occ`.
    #[inline]
    pub fn attacks(&self, occ: &Bb256) -> bool {
        (*occ & self.occupied) == self.occupied
            && !occ.intersects(&self.empty)
            && (self.one_of.is_empty() || (*occ & self.one_of).count() == 1)
    }

    /// Every square the constraint looks at.
    pub fn support(&self) -> Bb256 {
        self.occupied | self.empty | self.one_of
    }

    /// The constraint with every square moved by `map` (a frame index to a
    /// frame index).
    pub fn mapped(&self, map: &dyn Fn(usize) -> usize) -> Constraint {
        let m = |b: Bb256| {
            let mut out = Bb256::EMPTY;
            for i in b.iter() {
                out.set(map(i));
            }
            out
        };
        Constraint {
            occupied: m(self.occupied),
            empty: m(self.empty),
            one_of: m(self.one_of),
        }
    }
}

/// A piece's non-attacking rules on one board.
#[derive(Clone, Debug)]
pub struct Rules {
    board: BoardSize,
    mask: Bb256,
    conflict: Vec<Bb256>,
    constraints: Vec<Constraint>,
}

fn on(board: BoardSize, x: i32, y: i32) -> bool {
    x >= 0 && y >= 0 && x < board.width() as i32 && y < board.height() as i32
}

fn idx(x: i32, y: i32) -> usize {
    (y * 16 + x) as usize
}

fn set_of(squares: &[(i32, i32)]) -> Bb256 {
    let mut b = Bb256::EMPTY;
    for &(x, y) in squares {
        b.set(idx(x, y));
    }
    b
}

impl Rules {
    /// Compiles `piece` (all copies White, so a pawn attacks up the board)
    /// for `board`.
    pub fn new(piece: &PieceDef, board: BoardSize) -> Rules {
        let mut conflict = vec![Bb256::EMPTY; 256];
        let mut constraints = HashSet::new();
        fn add_pair(a: usize, b: usize, conflict: &mut [Bb256]) {
            conflict[a].set(b);
            conflict[b].set(a);
        }
        for y in 0..board.height() as i32 {
            for x in 0..board.width() as i32 {
                let a = idx(x, y);
                for comp in piece.components() {
                    if !comp.mode.capture() {
                        continue;
                    }
                    for &(dx, dy) in &comp.dirs {
                        let (dx, dy) = (dx as i32, dy as i32);
                        match &comp.kind {
                            PathKind::Leap => {
                                let (tx, ty) = (x + dx, y + dy);
                                if !on(board, tx, ty) {
                                    continue;
                                }
                                let path: Vec<(i32, i32)> = if comp.lame {
                                    lame_path(dx as i8, dy as i8)
                                        .into_iter()
                                        .map(|(a, b)| (x + a as i32, y + b as i32))
                                        .collect()
                                } else {
                                    Vec::new()
                                };
                                if path.is_empty() {
                                    add_pair(a, idx(tx, ty), &mut conflict);
                                } else {
                                    constraints.insert(Constraint {
                                        occupied: set_of(&[(x, y), (tx, ty)]),
                                        empty: set_of(&path),
                                        one_of: Bb256::EMPTY,
                                    });
                                }
                            }
                            PathKind::Ride { max } => {
                                let mut k = 1;
                                while on(board, x + k * dx, y + k * dy)
                                    && (*max == 0 || k <= *max as i32)
                                {
                                    add_pair(a, idx(x + k * dx, y + k * dy), &mut conflict);
                                    k += 1;
                                }
                            }
                            PathKind::Bent { second, max } => {
                                let (fx, fy) = (x + dx, y + dy);
                                if !on(board, fx, fy) {
                                    continue;
                                }
                                add_pair(a, idx(fx, fy), &mut conflict);
                                for (ex, ey) in outward(*second, (dx, dy)) {
                                    let mut k = 1;
                                    while on(board, fx + k * ex, fy + k * ey)
                                        && (*max == 0 || k <= *max as i32)
                                    {
                                        add_pair(a, idx(fx + k * ex, fy + k * ey), &mut conflict);
                                        k += 1;
                                    }
                                }
                            }
                            PathKind::Hop { max } => {
                                let mut between = Vec::new();
                                let mut k = 1;
                                while on(board, x + k * dx, y + k * dy)
                                    && (*max == 0 || k <= *max as i32)
                                {
                                    let t = (x + k * dx, y + k * dy);
                                    if !between.is_empty() {
                                        constraints.insert(Constraint {
                                            occupied: set_of(&[(x, y), t]),
                                            empty: Bb256::EMPTY,
                                            one_of: set_of(&between),
                                        });
                                    }
                                    between.push(t);
                                    k += 1;
                                }
                            }
                            PathKind::Grasshop => {
                                let mut k = 2;
                                while on(board, x + k * dx, y + k * dy) {
                                    let t = (x + k * dx, y + k * dy);
                                    let hurdle = (x + (k - 1) * dx, y + (k - 1) * dy);
                                    let before: Vec<(i32, i32)> =
                                        (1..k - 1).map(|j| (x + j * dx, y + j * dy)).collect();
                                    constraints.insert(Constraint {
                                        occupied: set_of(&[(x, y), hurdle, t]),
                                        empty: set_of(&before),
                                        one_of: Bb256::EMPTY,
                                    });
                                    k += 1;
                                }
                            }
                            PathKind::Locust => {
                                let (tx, ty) = (x + dx, y + dy);
                                if !on(board, tx, ty) {
                                    continue;
                                }
                                let path: Vec<(i32, i32)> = lame_path(dx as i8, dy as i8)
                                    .into_iter()
                                    .map(|(a, b)| (x + a as i32, y + b as i32))
                                    .collect();
                                if let Some((&victim, rest)) = path.split_last() {
                                    let mut empty = rest.to_vec();
                                    empty.push((tx, ty));
                                    constraints.insert(Constraint {
                                        occupied: set_of(&[(x, y), victim]),
                                        empty: set_of(&empty),
                                        one_of: Bb256::EMPTY,
                                    });
                                }
                            }
                        }
                    }
                }
            }
        }
        let mut constraints: Vec<Constraint> = constraints.into_iter().collect();
        constraints.sort_by_key(|c| (c.support().msb(), c.occupied.0, c.empty.0, c.one_of.0));
        Rules {
            board,
            mask: board.mask(),
            conflict,
            constraints,
        }
    }

    /// The board.
    pub fn board(&self) -> BoardSize {
        self.board
    }

    /// Every square of the board (frame indices).
    pub fn mask(&self) -> Bb256 {
        self.mask
    }

    /// The squares that may not hold a piece when frame index `sq` does,
    /// whatever else is on the board.
    pub fn conflicts(&self, sq: usize) -> Bb256 {
        self.conflict[sq]
    }

    /// The occupancy-dependent attacks (empty for leapers and riders).
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// Whether every attack is monotone (no constraints).
    pub fn is_monotone(&self) -> bool {
        self.constraints.is_empty()
    }

    /// Whether the set of occupied squares `occ` is a valid placement.
    pub fn is_valid(&self, occ: &Bb256) -> bool {
        occ.iter().all(|s| !occ.intersects(&self.conflict[s]))
            && !self.constraints.iter().any(|c| c.attacks(occ))
    }

    /// Whether every two squares of each rank conflict (queens, rooks): then
    /// a rank holds at most one piece and a row-by-row search applies.
    pub fn ranks_are_cliques(&self) -> bool {
        let w = self.board.width() as usize;
        (0..self.board.height() as usize).all(|y| {
            (0..w).all(|x| (0..w).all(|x2| x == x2 || self.conflict[y * 16 + x].has(y * 16 + x2)))
        })
    }
}

/// The second-leg directions of a bent rider that point outward from the
/// first step (as sqlchess-fairy defines them: positive dot product).
fn outward(second: (u8, u8), first: (i32, i32)) -> Vec<(i32, i32)> {
    sqlchess_fairy::images(second)
        .into_iter()
        .map(|(a, b)| (a as i32, b as i32))
        .filter(|&(a, b)| a * first.0 + b * first.1 > 0)
        .collect()
}
