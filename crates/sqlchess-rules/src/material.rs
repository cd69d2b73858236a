//! Position search vocabulary: the canonical material signature
//! ([`Position::material`]) and sub-FEN patterns
//! ([`Position::matches_pattern`]), the same for every variant.

use sqlchess_types::{File, Rank, Role, Square};

use crate::error::Quoted;
use crate::Position;

/// A pattern that is not one [`Position::matches_pattern`] reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid pattern {pattern}: {reason}")]
pub struct PatternError {
    /// The pattern.
    pub pattern: Quoted,
    /// What is wrong.
    pub reason: &'static str,
}

/// One square of a pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Cell {
    Any,
    Empty,
    Occupied,
    /// One of these FEN letters (`.` for empty).
    OneOf(Vec<char>),
}

impl Position {
    /// The board as FEN letters, rank 1 first, `width × height` squares.
    fn letters(&self) -> (usize, usize, Vec<Option<char>>) {
        if let Some(p) = self.as_chess() {
            let board = p.board();
            let mut out = Vec::with_capacity(64);
            for r in 0..8 {
                for f in 0..8 {
                    let sq = Square::from_coords(File::new(f), Rank::new(r));
                    out.push(board.piece_at(sq).map(|pc| pc.char()));
                }
            }
            return (8, 8, out);
        }
        let Some(p) = self.as_fairy() else {
            return (0, 0, Vec::new());
        };
        let v = p.variant();
        let (w, h) = (usize::from(v.width), usize::from(v.height));
        let mut out = Vec::with_capacity(w * h);
        for r in 0..h {
            for f in 0..w {
                let piece = sqlchess_fairy::FairySquare::new(f as u8, r as u8)
                    .and_then(|sq| p.piece_at(sq))
                    .and_then(|(i, white)| {
                        v.pieces.get(i).map(|t| {
                            if white {
                                t.letter.to_ascii_uppercase()
                            } else {
                                t.letter.to_ascii_lowercase()
                            }
                        })
                    });
                out.push(piece);
            }
        }
        (w, h, out)
    }

    /// The canonical material signature: White's pieces in upper case, then
    /// Black's in lower case, each side's royal piece first, then by
    /// descending value ([`sqlchess_fairy::Variant::mobility_values`]; bishop
    /// before knight), pawns last; pieces in hand count (drop variants).
    ///
    /// ```
    /// use sqlchess_rules::position;
    /// let start = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "chess").unwrap();
    /// assert_eq!(start.material(), "KQRRBBNNPPPPPPPPkqrrbbnnpppppppp");
    /// let ending = position("8/5k2/8/3r4/8/8/2R2PK1/8 w - - 0 40", "chess").unwrap();
    /// assert_eq!(ending.material(), "KRPkr");
    /// ```
    pub fn material(&self) -> String {
        if let Some(p) = self.as_chess() {
            let m = p.board().material();
            let mut out = String::with_capacity(32);
            let order = [
                Role::King,
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Pawn,
            ];
            for (counts, upper) in [(m.white, true), (m.black, false)] {
                for role in order {
                    let c = if upper {
                        role.upper_char()
                    } else {
                        role.char()
                    };
                    for _ in 0..counts[role.index()] {
                        out.push(c);
                    }
                }
            }
            return out;
        }
        let Some(p) = self.as_fairy() else {
            return String::new();
        };
        let v = p.variant();
        let handle = self.variant();
        let order = handle.material_order();
        let (_, _, letters) = self.letters();
        let mut out = String::new();
        for white in [true, false] {
            let color = if white {
                sqlchess_types::Color::White
            } else {
                sqlchess_types::Color::Black
            };
            for &i in order {
                let letter = v.pieces[i].letter;
                let c = if white {
                    letter.to_ascii_uppercase()
                } else {
                    letter.to_ascii_lowercase()
                };
                let on_board = letters.iter().filter(|&&l| l == Some(c)).count();
                let in_hand = usize::from(p.in_hand(color, i));
                for _ in 0..on_board + in_hand {
                    out.push(c);
                }
            }
        }
        out
    }

    /// Whether the board matches a sub-FEN pattern: ranks from the top
    /// separated by `/` as in FEN, each square one of
    /// - a digit run `n`: `n` squares that may hold anything;
    /// - a FEN letter: that piece;
    /// - `.`: an empty square; `?`: any piece;
    /// - `[…]`: one of the letters inside (and `.` for empty), e.g. `[RQ]`.
    ///
    /// ```
    /// use sqlchess_rules::position;
    /// let pos = position("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "chess").unwrap();
    /// // A white pawn on e4 facing a black one on e5, a knight on f3 or g1.
    /// assert!(pos.matches_pattern("8/8/8/4p3/4P3/5[N.]2/8/6[N.]1").unwrap());
    /// assert!(!pos.matches_pattern("8/8/8/8/8/8/8/4.3").unwrap()); // e1 is not empty
    /// ```
    ///
    /// # Errors
    /// [`PatternError`] for a pattern of the wrong shape for the board.
    pub fn matches_pattern(&self, pattern: &str) -> Result<bool, PatternError> {
        let (w, h, letters) = self.letters();
        let err = |reason| PatternError {
            pattern: Quoted::new(pattern),
            reason,
        };
        let ranks: Vec<&str> = pattern.trim().split('/').collect();
        if ranks.len() != h {
            return Err(err("wrong number of ranks for the board"));
        }
        let mut matched = true;
        for (i, rank) in ranks.iter().enumerate() {
            let y = h - 1 - i;
            let cells = parse_rank(rank).ok_or_else(|| err("unreadable rank"))?;
            let width: usize = cells.iter().map(|(_, n)| n).sum();
            if width != w {
                return Err(err("rank width differs from the board's"));
            }
            let mut x = 0;
            for (cell, n) in cells {
                for _ in 0..n {
                    let here = letters[y * w + x];
                    matched &= match &cell {
                        Cell::Any => true,
                        Cell::Empty => here.is_none(),
                        Cell::Occupied => here.is_some(),
                        Cell::OneOf(set) => set.contains(&here.unwrap_or('.')),
                    };
                    x += 1;
                }
            }
        }
        Ok(matched)
    }
}

/// The cells of one rank with their repeat counts.
fn parse_rank(rank: &str) -> Option<Vec<(Cell, usize)>> {
    let mut out = Vec::new();
    let mut chars = rank.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '0'..='9' => {
                let mut n = c.to_digit(10)? as usize;
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n * 10 + d as usize;
                    chars.next();
                    if n > 16 {
                        return None;
                    }
                }
                if n == 0 {
                    return None;
                }
                out.push((Cell::Any, n));
            }
            '.' => out.push((Cell::Empty, 1)),
            '?' => out.push((Cell::Occupied, 1)),
            '[' => {
                let mut set = Vec::new();
                loop {
                    match chars.next()? {
                        ']' => break,
                        c if c.is_ascii_alphabetic() || c == '.' => set.push(c),
                        _ => return None,
                    }
                }
                if set.is_empty() {
                    return None;
                }
                out.push((Cell::OneOf(set), 1));
            }
            c if c.is_ascii_alphabetic() => out.push((Cell::OneOf(vec![c]), 1)),
            _ => return None,
        }
        if out.len() > 16 {
            return None;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use crate::position;

    #[test]
    fn fairy_material_orders_by_value() {
        let capa = position(
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
            "capablanca",
        )
        .unwrap();
        let m = capa.material();
        assert!(m.starts_with("KQ"), "{m}");
        assert_eq!(m.len(), 40);
        assert!(m.find('C').unwrap() < m.find('R').unwrap(), "{m}");
        let zh = position(
            "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[Nn] w KQkq - 0 3",
            "crazyhouse",
        )
        .unwrap();
        assert_eq!(zh.material(), "KQRRBBNNPPPPPPPPkqrrbbnnpppppppp");
    }

    #[test]
    fn bad_patterns_are_errors() {
        let pos = position("8/8/8/8/8/8/8/K6k w - - 0 1", "chess").unwrap();
        assert!(pos.matches_pattern("8/8/8").is_err());
        assert!(pos.matches_pattern("9/8/8/8/8/8/8/8").is_err());
        assert!(pos.matches_pattern("8/8/8/8/8/8/8/[K6k").is_err());
        assert!(pos.matches_pattern("8/8/8/8/8/8/8/K6k").unwrap());
        assert!(pos.matches_pattern("8/8/8/8/8/8/8/?6?").unwrap());
        assert!(!pos.matches_pattern("8/8/8/8/8/8/8/.7").unwrap());
    }
}
