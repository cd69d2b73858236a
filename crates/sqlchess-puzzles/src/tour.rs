//! Tours of a leaper: visit every square of the board (less its holes)
//! exactly once, optionally returning to the start.
//!
//! The search is depth-first with Warnsdorff's ordering (fewest onward
//! moves first, ties to the square farther from the centre) and the usual
//! forced-move pruning: a square that no unvisited square leads to any more
//! must be entered now; two squares that cannot be left are a dead end; a
//! closed tour must keep a way back to its start. It is exhaustive, so
//! when it finds nothing, no tour exists. Cheap proofs come first: a
//! disconnected board, or colour classes of a bipartite move graph that
//! differ too much in size.

use core::fmt;

use sqlchess_fairy::{FairySquare, PathKind, PieceDef};

use crate::{BoardSize, PuzzleError};

/// A tour problem: piece, board, holes, open or closed, start.
#[derive(Clone, Debug)]
pub struct TourProblem {
    board: BoardSize,
    squares: Vec<FairySquare>,
    out: Vec<Vec<u16>>,
    inn: Vec<Vec<u16>>,
    closed: bool,
    from: Option<u16>,
}

/// Why no tour exists.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoTour {
    /// The board has no square left.
    NoSquares,
    /// Some squares cannot be reached from others at all.
    Disconnected,
    /// The piece's move graph is two-coloured and a tour would alternate
    /// colours, which the numbers of squares of each colour forbid.
    Colours {
        /// Squares of the first colour (the class of the first square).
        first: usize,
        /// Squares of the other colour.
        second: usize,
    },
    /// A square no move leads into, or none leads out of, where a tour needs one.
    DeadSquare(FairySquare),
    /// The search tried every possibility.
    Exhausted,
}

impl fmt::Display for NoTour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoTour::NoSquares => write!(f, "the board has no squares left"),
            NoTour::Disconnected => {
                write!(f, "the piece cannot reach every square from every other")
            }
            NoTour::Colours { first, second } => write!(
                f,
                "every move changes colour and the colours have {first} and {second} squares"
            ),
            NoTour::DeadSquare(s) => write!(f, "no move leads into or out of {s} as a tour needs"),
            NoTour::Exhausted => write!(f, "the search was exhausted"),
        }
    }
}

/// What a tour search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TourOutcome {
    /// The tour, in order of visit, or why none exists.
    pub result: Result<Vec<FairySquare>, NoTour>,
    /// Search nodes (squares entered).
    pub nodes: u64,
}

impl TourProblem {
    /// Sets up a tour of `piece` on `board` without the `holes`; `from` fixes
    /// the first square.
    ///
    /// ```
    /// use sqlchess_puzzles::{BoardSize, TourProblem};
    /// use sqlchess_fairy::PieceDef;
    /// let knight = PieceDef::parse("knight").unwrap();
    /// let t = TourProblem::new(&knight, BoardSize::STANDARD, &[], true, None).unwrap();
    /// let tour = t.solve().result.unwrap();
    /// assert_eq!(tour.len(), 64);
    /// ```
    ///
    /// # Errors
    /// [`PuzzleError::NotALeaper`] unless every component of the piece is a
    /// leap, [`PuzzleError::OffBoard`] for holes or a start off the board,
    /// [`PuzzleError::StartIsHole`].
    pub fn new(
        piece: &PieceDef,
        board: BoardSize,
        holes: &[FairySquare],
        closed: bool,
        from: Option<FairySquare>,
    ) -> Result<TourProblem, PuzzleError> {
        let mut vectors: Vec<(i32, i32)> = Vec::new();
        for c in piece.components() {
            let kind = match c.kind {
                PathKind::Leap => None,
                PathKind::Ride { .. } => Some("rider"),
                PathKind::Hop { .. } => Some("hopper"),
                PathKind::Grasshop => Some("grasshopper"),
                PathKind::Locust => Some("locust"),
                PathKind::Bent { .. } => Some("bent rider"),
            };
            if let Some(kind) = kind {
                return Err(PuzzleError::NotALeaper {
                    piece: piece.notation().to_string(),
                    kind,
                });
            }
            if c.mode.quiet() {
                for &(dx, dy) in &c.dirs {
                    if !vectors.contains(&(dx as i32, dy as i32)) {
                        vectors.push((dx as i32, dy as i32));
                    }
                }
            }
        }
        if vectors.is_empty() {
            return Err(PuzzleError::NotALeaper {
                piece: piece.notation().to_string(),
                kind: "capture-only",
            });
        }
        for &h in holes {
            board.check(h)?;
        }
        let mut id = [u16::MAX; 256];
        let mut squares = Vec::new();
        for y in 0..board.height() {
            for x in 0..board.width() {
                let s = FairySquare::new(x, y).ok_or(PuzzleError::Board {
                    text: board.to_string(),
                })?;
                if !holes.contains(&s) {
                    id[s.index()] = squares.len() as u16;
                    squares.push(s);
                }
            }
        }
        let from = match from {
            None => None,
            Some(f) => {
                board.check(f)?;
                match id[f.index()] {
                    u16::MAX => {
                        return Err(PuzzleError::StartIsHole {
                            square: f.to_string(),
                        })
                    }
                    i => Some(i),
                }
            }
        };
        let mut out = vec![Vec::new(); squares.len()];
        let mut inn = vec![Vec::new(); squares.len()];
        for (i, s) in squares.iter().enumerate() {
            for &(dx, dy) in &vectors {
                let (x, y) = (s.file() as i32 + dx, s.rank() as i32 + dy);
                if x < 0 || y < 0 || x >= board.width() as i32 || y >= board.height() as i32 {
                    continue;
                }
                let j = id[(y * 16 + x) as usize];
                if j != u16::MAX {
                    out[i].push(j);
                    inn[j as usize].push(i as u16);
                }
            }
        }
        Ok(TourProblem {
            board,
            squares,
            out,
            inn,
            closed,
            from,
        })
    }

    /// The board.
    pub fn board(&self) -> BoardSize {
        self.board
    }

    /// The squares to visit.
    pub fn squares(&self) -> &[FairySquare] {
        &self.squares
    }

    /// Whether a closed tour is asked for.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// Finds a tour, or proves that none exists.
    pub fn solve(&self) -> TourOutcome {
        let n = self.squares.len();
        let none = |r| TourOutcome {
            result: Err(r),
            nodes: 0,
        };
        if n == 0 {
            return none(NoTour::NoSquares);
        }
        if n == 1 {
            return if self.closed {
                none(NoTour::Exhausted)
            } else {
                TourOutcome {
                    result: Ok(vec![self.squares[0]]),
                    nodes: 1,
                }
            };
        }
        if let Some(r) = self.cheap_proof() {
            return none(r);
        }
        let mut order: Vec<u16> = (0..n as u16).collect();
        order.sort_by_key(|&i| (self.out[i as usize].len(), i));
        let sources: Vec<u16> = order
            .iter()
            .copied()
            .filter(|&i| self.inn[i as usize].is_empty())
            .collect();
        // Where to start: a closed tour can start anywhere (it is rotated
        // to `from` afterwards); an open one at `from`, at the only square
        // nothing leads into, or anywhere.
        let starts: Vec<u16> = match self.from {
            Some(f) if !self.closed => vec![f],
            _ if !self.closed && !sources.is_empty() => sources,
            _ => order,
        };
        let mut nodes = 0;
        // First a few quick tries with a node budget each, from different
        // squares or with different tie-breaks; then the exhaustive search.
        let budget = 40 * n as u64 + 1000;
        let tries: Vec<(u16, u64)> = (0..4u64)
            .flat_map(|salt| starts.iter().take(64).map(move |&s| (s, salt)))
            .take(128)
            .collect();
        for (s, salt) in tries {
            let mut st = State::new(self, s, salt, Some(budget));
            let found = st.run(s);
            nodes += st.nodes;
            if found {
                return TourOutcome {
                    result: Ok(self.finish(&st.path)),
                    nodes,
                };
            }
        }
        let exhaustive: Vec<u16> = if self.closed {
            starts[..1].to_vec()
        } else {
            starts
        };
        for s in exhaustive {
            let mut st = State::new(self, s, 0, None);
            let found = st.run(s);
            nodes += st.nodes;
            if found {
                return TourOutcome {
                    result: Ok(self.finish(&st.path)),
                    nodes,
                };
            }
        }
        TourOutcome {
            result: Err(NoTour::Exhausted),
            nodes,
        }
    }

    /// The path as squares, a closed tour rotated to start at `from`.
    fn finish(&self, path: &[u16]) -> Vec<FairySquare> {
        let mut path = path.to_vec();
        if let (true, Some(f)) = (self.closed, self.from) {
            if let Some(i) = path.iter().position(|&p| p == f) {
                path.rotate_left(i);
            }
        }
        path.iter().map(|&i| self.squares[i as usize]).collect()
    }

    fn cheap_proof(&self) -> Option<NoTour> {
        let n = self.squares.len();
        // Connectivity, ignoring direction.
        let mut seen = vec![false; n];
        let mut stack = vec![0usize];
        seen[0] = true;
        let mut colour = vec![u8::MAX; n];
        colour[0] = 0;
        let mut bipartite = true;
        while let Some(v) = stack.pop() {
            for &u in self.out[v].iter().chain(&self.inn[v]) {
                let u = u as usize;
                if colour[u] == u8::MAX {
                    colour[u] = 1 - colour[v];
                } else if colour[u] == colour[v] {
                    bipartite = false;
                }
                if !seen[u] {
                    seen[u] = true;
                    stack.push(u);
                }
            }
        }
        if seen.iter().any(|s| !s) {
            return Some(NoTour::Disconnected);
        }
        if bipartite {
            let first = colour.iter().filter(|&&c| c == 0).count();
            let second = n - first;
            let bad = if self.closed {
                first != second
            } else {
                first.abs_diff(second) > 1
                    || self.from.is_some_and(|f| {
                        let c = colour[f as usize];
                        let (mine, other) = if c == 0 {
                            (first, second)
                        } else {
                            (second, first)
                        };
                        mine < other
                    })
            };
            if bad {
                return Some(NoTour::Colours { first, second });
            }
        }
        let sources: Vec<usize> = (0..n).filter(|&i| self.inn[i].is_empty()).collect();
        let sinks: Vec<usize> = (0..n).filter(|&i| self.out[i].is_empty()).collect();
        let dead = if self.closed {
            sources.first().or(sinks.first()).copied()
        } else {
            let from_bad = |v: &usize| self.from.is_some_and(|f| f as usize != *v);
            sources
                .iter()
                .find(|v| from_bad(v))
                .or(sources.get(1))
                .or(sinks.get(1))
                .copied()
        };
        dead.map(|i| NoTour::DeadSquare(self.squares[i]))
    }
}

struct State<'a> {
    p: &'a TourProblem,
    visited: Vec<bool>,
    path: Vec<u16>,
    out_cnt: Vec<u16>,
    in_cnt: Vec<u16>,
    /// Unvisited squares with no unvisited successor.
    zeros: usize,
    /// For closed tours: unvisited squares with a move to the start.
    closers: usize,
    to_start: Vec<bool>,
    centre2: Vec<i32>,
    nodes: u64,
    salt: u64,
    budget: Option<u64>,
}

impl<'a> State<'a> {
    fn new(p: &'a TourProblem, start: u16, salt: u64, budget: Option<u64>) -> State<'a> {
        let n = p.squares.len();
        let mut to_start = vec![false; n];
        if p.closed {
            for &q in &p.inn[start as usize] {
                to_start[q as usize] = true;
            }
        }
        let (w, h) = (p.board.width() as i32, p.board.height() as i32);
        let centre2 = p
            .squares
            .iter()
            .map(|s| {
                let (dx, dy) = (2 * s.file() as i32 + 1 - w, 2 * s.rank() as i32 + 1 - h);
                dx * dx + dy * dy
            })
            .collect();
        let out_cnt: Vec<u16> = p.out.iter().map(|o| o.len() as u16).collect();
        State {
            p,
            visited: vec![false; n],
            path: Vec::with_capacity(n),
            zeros: out_cnt.iter().filter(|&&c| c == 0).count(),
            out_cnt,
            in_cnt: p.inn.iter().map(|o| o.len() as u16).collect(),
            closers: to_start.iter().filter(|&&b| b).count(),
            to_start,
            centre2,
            nodes: 0,
            salt,
            budget,
        }
    }

    fn visit(&mut self, v: u16) {
        let vi = v as usize;
        self.nodes += 1;
        self.visited[vi] = true;
        self.path.push(v);
        if self.out_cnt[vi] == 0 {
            self.zeros -= 1;
        }
        if self.to_start[vi] {
            self.closers -= 1;
        }
        for &q in &self.p.inn[vi] {
            let q = q as usize;
            self.out_cnt[q] -= 1;
            if !self.visited[q] && self.out_cnt[q] == 0 {
                self.zeros += 1;
            }
        }
        for &u in &self.p.out[vi] {
            self.in_cnt[u as usize] -= 1;
        }
    }

    fn unvisit(&mut self, v: u16) {
        let vi = v as usize;
        for &u in &self.p.out[vi] {
            self.in_cnt[u as usize] += 1;
        }
        for &q in &self.p.inn[vi] {
            let q = q as usize;
            if !self.visited[q] && self.out_cnt[q] == 0 {
                self.zeros -= 1;
            }
            self.out_cnt[q] += 1;
        }
        if self.to_start[vi] {
            self.closers += 1;
        }
        if self.out_cnt[vi] == 0 {
            self.zeros += 1;
        }
        self.visited[vi] = false;
        self.path.pop();
    }

    fn run(&mut self, start: u16) -> bool {
        self.visit(start);
        if self.search(start) {
            return true;
        }
        self.unvisit(start);
        false
    }

    fn search(&mut self, cur: u16) -> bool {
        let n = self.p.squares.len();
        let remaining = n - self.path.len();
        if self.budget.is_some_and(|b| self.nodes > b) {
            return false;
        }
        if remaining == 0 {
            return !self.p.closed || self.p.out[cur as usize].contains(&self.path[0]);
        }
        if self.zeros >= 2 {
            return false;
        }
        if self.p.closed {
            if self.closers == 0 {
                return false;
            }
            if self.zeros == 1 && remaining > 1 {
                // The square that cannot be left must be the last and lead home.
                let ok =
                    (0..n).any(|i| !self.visited[i] && self.out_cnt[i] == 0 && self.to_start[i]);
                if !ok {
                    return false;
                }
            }
        }
        let mut cands: Vec<u16> = self.p.out[cur as usize]
            .iter()
            .copied()
            .filter(|&u| !self.visited[u as usize])
            .collect();
        if remaining > 1 {
            let forced: Vec<u16> = cands
                .iter()
                .copied()
                .filter(|&u| self.in_cnt[u as usize] == 0)
                .collect();
            match forced.len() {
                0 => {}
                1 => cands = forced,
                _ => return false,
            }
            if self.p.closed && self.closers == 1 {
                cands.retain(|&u| !self.to_start[u as usize]);
            }
            if self.zeros == 1 {
                // A square that cannot be left is entered only last.
                cands.retain(|&u| self.out_cnt[u as usize] != 0);
            }
        }
        // Warnsdorff: fewest onward moves first; for a closed tour the
        // start counts as a square still to visit, so that the squares
        // leading home are not used up early.
        cands.sort_by_key(|&u| {
            let u = u as usize;
            let tie = if self.salt == 0 {
                -self.centre2[u] as i64
            } else {
                // Another fixed order of ties for the quick retries.
                ((u as u64 ^ self.salt).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as i64
            };
            (self.out_cnt[u] + u16::from(self.to_start[u]), tie, u)
        });
        for u in cands {
            self.visit(u);
            if self.search(u) {
                return true;
            }
            self.unvisit(u);
        }
        false
    }
}
