//! Tic-tac-toe, the smallest game on the same [`Game`] framework as chess
//! (pgChess used it the same way).

use core::fmt;
use core::str::FromStr;

use crate::game::{Game, RelativeOutcome};

/// The eight lines of three, as bit masks over squares 0..9 (a1 = 0, rank by rank).
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];
const FULL: u16 = 0b111_111_111;

/// `true` if `marks` hold a complete line.
fn has_line(marks: u16) -> bool {
    LINES.iter().any(|&line| (marks & line).count_ones() == 3)
}

/// A tic-tac-toe position: X moves first.
///
/// Squares are numbered 0..9 from the bottom-left, rank by rank, and named
/// like chess squares `a1`..`c3`. Text form: three rows top to bottom
/// separated by `/`, `x`, `o` or `.` per square, then the side to move:
/// `"x../.o./... x"`.
///
/// ```
/// use sqlchess_search::{tictactoe::TicTacToe, Game, Limits, Searcher};
/// let mut searcher = Searcher::<TicTacToe>::new(1);
/// let result = searcher.search(&TicTacToe::new(), &[], &Limits::depth(9), |_| {});
/// assert_eq!(result.score, 0); // a draw with best play
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TicTacToe {
    /// Squares taken by X and by O.
    marks: [u16; 2],
    /// 0 when X is to move, 1 for O.
    turn: u8,
}

/// A tic-tac-toe move: the square (0..9) to mark.
pub type Cell = u8;

/// Text that is not a tic-tac-toe position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid tic-tac-toe position {text:?}: expected three rows of x, o or . separated by / and the side to move")]
pub struct ParseTicTacToeError {
    /// The rejected text.
    pub text: String,
}

impl TicTacToe {
    /// The empty board, X to move.
    pub fn new() -> TicTacToe {
        TicTacToe::default()
    }

    /// `'x'` or `'o'`: the side to move.
    pub fn turn(&self) -> char {
        if self.turn == 0 {
            'x'
        } else {
            'o'
        }
    }

    /// The mark on a square, if any.
    pub fn at(&self, cell: Cell) -> Option<char> {
        let bit = 1u16 << cell;
        if self.marks[0] & bit != 0 {
            Some('x')
        } else if self.marks[1] & bit != 0 {
            Some('o')
        } else {
            None
        }
    }

    /// The winner, if a side has three in a row.
    pub fn winner(&self) -> Option<char> {
        for (i, side) in ['x', 'o'].into_iter().enumerate() {
            if has_line(self.marks[i]) {
                return Some(side);
            }
        }
        None
    }

    /// The square's name, `a1` … `c3`.
    pub fn cell_name(cell: Cell) -> String {
        format!("{}{}", (b'a' + cell % 3) as char, cell / 3 + 1)
    }

    /// Parses a square name `a1` … `c3`.
    pub fn parse_cell(&self, text: &str) -> Option<Cell> {
        let b = text.as_bytes();
        if b.len() != 2 || !(b'a'..=b'c').contains(&b[0]) || !(b'1'..=b'3').contains(&b[1]) {
            return None;
        }
        let cell = (b[1] - b'1') * 3 + (b[0] - b'a');
        (self.at(cell).is_none() && self.winner().is_none()).then_some(cell)
    }
}

impl FromStr for TicTacToe {
    type Err = ParseTicTacToeError;

    fn from_str(s: &str) -> Result<TicTacToe, ParseTicTacToeError> {
        let err = || ParseTicTacToeError { text: s.to_owned() };
        let (board, turn) = s.trim().split_once(' ').ok_or_else(err)?;
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 3 {
            return Err(err());
        }
        let mut t = TicTacToe::new();
        for (i, row) in rows.iter().enumerate() {
            let rank = 2 - i;
            if row.len() != 3 {
                return Err(err());
            }
            for (file, c) in row.chars().enumerate() {
                let bit = 1u16 << (rank * 3 + file);
                match c {
                    'x' | 'X' => t.marks[0] |= bit,
                    'o' | 'O' => t.marks[1] |= bit,
                    '.' => {}
                    _ => return Err(err()),
                }
            }
        }
        t.turn = match turn.trim() {
            "x" | "X" => 0,
            "o" | "O" => 1,
            _ => return Err(err()),
        };
        Ok(t)
    }
}

impl fmt::Display for TicTacToe {
    /// The text form, as [`FromStr`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..3).rev() {
            for file in 0..3 {
                write!(f, "{}", self.at(rank * 3 + file).unwrap_or('.'))?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {}", self.turn())
    }
}

impl Game for TicTacToe {
    type Move = Cell;

    fn moves(&self, out: &mut Vec<Cell>) {
        if self.winner().is_some() {
            return;
        }
        let empty = FULL & !(self.marks[0] | self.marks[1]);
        out.extend((0..9).filter(|c| empty & (1 << c) != 0));
    }

    fn apply(&mut self, cell: Cell) {
        self.marks[self.turn as usize] |= 1 << cell;
        self.turn ^= 1;
    }

    fn outcome(&self) -> Option<RelativeOutcome> {
        // Only the side that just moved can have completed a line.
        let last = self.marks[(self.turn ^ 1) as usize];
        if has_line(last) {
            Some(RelativeOutcome::Loss)
        } else {
            None
        }
    }

    fn outcome_without_moves(&self) -> RelativeOutcome {
        RelativeOutcome::Draw
    }

    fn hash(&self) -> u64 {
        let x =
            u64::from(self.marks[0]) | u64::from(self.marks[1]) << 9 | u64::from(self.turn) << 18;
        // splitmix64's finaliser spreads the 19 bits over the word.
        let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn move_text(&self, cell: Cell) -> String {
        TicTacToe::cell_name(cell)
    }

    fn history_index(&self, cell: Cell) -> usize {
        self.turn as usize * 9 + cell as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Limits, Searcher, MATE};

    fn solve(fen: &str) -> (Option<Cell>, i32) {
        let pos: TicTacToe = fen.parse().unwrap();
        let mut s = Searcher::<TicTacToe>::new(1);
        let r = s.search(&pos, &[], &Limits::depth(9), |_| {});
        (r.best_move, r.score)
    }

    #[test]
    fn empty_board_is_a_draw() {
        assert_eq!(solve(".../.../... x").1, 0);
    }

    #[test]
    fn full_depth_value_matches_plain_minimax() {
        fn minimax(t: &TicTacToe) -> i32 {
            if t.outcome().is_some() {
                return -1;
            }
            let mut moves = Vec::new();
            t.moves(&mut moves);
            if moves.is_empty() {
                return 0;
            }
            moves
                .iter()
                .map(|&m| {
                    let mut c = *t;
                    c.apply(m);
                    -minimax(&c)
                })
                .max()
                .unwrap()
        }
        // Every position after two moves: the search's sign agrees with minimax.
        let mut s = Searcher::<TicTacToe>::new(1);
        for a in 0..9u8 {
            for b in 0..9u8 {
                if a == b {
                    continue;
                }
                let mut t = TicTacToe::new();
                t.apply(a);
                t.apply(b);
                let r = s.search(&t, &[], &Limits::depth(9), |_| {});
                assert_eq!(r.score.signum(), minimax(&t), "{t}");
            }
        }
    }

    #[test]
    fn finds_the_win_and_the_block() {
        // X to move wins at once on c3.
        let (mv, score) = solve("xx./oo./... x");
        assert_eq!(mv, Some(8));
        assert_eq!(score, MATE - 1);
        // O must block at c1 (cell 2) or lose.
        let (mv, score) = solve(".../.o./xx. o");
        assert_eq!(mv, Some(2));
        assert_eq!(score, 0);
        // X (a1, b2) forks with a2, threatening a3 and c2: a win in three plies.
        let (mv, score) = solve("..o/.x./xo. x");
        assert_eq!(score, MATE - 3);
        assert!(mv.is_some());
        // Opposite corners against the centre: O must take an edge to draw.
        let (mv, score) = solve("x../.o./..x o");
        assert_eq!(score, 0);
        assert!(
            matches!(mv, Some(1 | 3 | 5 | 7)),
            "O must take an edge, got {mv:?}"
        );
    }

    #[test]
    fn text_round_trip() {
        let t: TicTacToe = "x.o/.x./o.. x".parse().unwrap();
        assert_eq!(t.to_string(), "x.o/.x./o.. x");
        assert!("xxx/...".parse::<TicTacToe>().is_err());
    }
}
