//! Rotations and reflections of a board.

use core::fmt;
use std::collections::HashSet;

use crate::rules::{Constraint, Rules};
use crate::BoardSize;

/// One of the eight symmetries of a square (four of a rectangle).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves every square in place.
    Identity,
    /// Mirrors files (a ↔ h).
    FlipFiles,
    /// Mirrors ranks (1 ↔ 8).
    FlipRanks,
    /// Half turn.
    Rotate180,
    /// Reflection in the a1–h8 diagonal (square boards).
    Transpose,
    /// Reflection in the a8–h1 diagonal (square boards).
    AntiTranspose,
    /// Quarter turn clockwise (square boards).
    Rotate90,
    /// Quarter turn anticlockwise (square boards).
    Rotate270,
}

impl Symmetry {
    /// The symmetries of `board`, identity first: eight for a square board,
    /// four otherwise.
    pub fn all(board: BoardSize) -> Vec<Symmetry> {
        let mut v = vec![
            Symmetry::Identity,
            Symmetry::FlipFiles,
            Symmetry::FlipRanks,
            Symmetry::Rotate180,
        ];
        if board.width() == board.height() {
            v.extend([
                Symmetry::Transpose,
                Symmetry::AntiTranspose,
                Symmetry::Rotate90,
                Symmetry::Rotate270,
            ]);
        }
        v
    }

    /// Where the square at 0-based `(x, y)` goes.
    pub fn apply(self, board: BoardSize, x: usize, y: usize) -> (usize, usize) {
        let (w, h) = (board.width() as usize, board.height() as usize);
        match self {
            Symmetry::Identity => (x, y),
            Symmetry::FlipFiles => (w - 1 - x, y),
            Symmetry::FlipRanks => (x, h - 1 - y),
            Symmetry::Rotate180 => (w - 1 - x, h - 1 - y),
            Symmetry::Transpose => (y, x),
            Symmetry::AntiTranspose => (w - 1 - y, h - 1 - x),
            Symmetry::Rotate90 => (y, w - 1 - x),
            Symmetry::Rotate270 => (h - 1 - y, x),
        }
    }

    /// The map of frame indices (squares off the board map to themselves).
    pub fn table(self, board: BoardSize) -> Vec<usize> {
        let mut t: Vec<usize> = (0..256).collect();
        for y in 0..board.height() as usize {
            for x in 0..board.width() as usize {
                let (a, b) = self.apply(board, x, y);
                t[y * 16 + x] = b * 16 + a;
            }
        }
        t
    }

    /// Whether the attack rules look the same after this symmetry: every
    /// conflicting pair maps to a conflicting pair and every occupancy
    /// constraint to a constraint.
    pub fn preserves(self, rules: &Rules) -> bool {
        let t = self.table(rules.board());
        for a in rules.mask().iter() {
            let mut mapped = sqlchess_fairy::Bb256::EMPTY;
            for b in rules.conflicts(a).iter() {
                mapped.set(t[b]);
            }
            if mapped != rules.conflicts(t[a]) {
                return false;
            }
        }
        if rules.constraints().is_empty() {
            return true;
        }
        let set: HashSet<Constraint> = rules.constraints().iter().copied().collect();
        rules
            .constraints()
            .iter()
            .all(|c| set.contains(&c.mapped(&|i| t[i])))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symmetry::Identity => "identity",
            Symmetry::FlipFiles => "flip files",
            Symmetry::FlipRanks => "flip ranks",
            Symmetry::Rotate180 => "rotate 180",
            Symmetry::Transpose => "transpose",
            Symmetry::AntiTranspose => "anti-transpose",
            Symmetry::Rotate90 => "rotate 90",
            Symmetry::Rotate270 => "rotate 270",
        })
    }
}
