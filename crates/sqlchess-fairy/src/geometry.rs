//! Squares of boards up to 16×16 and the empty-board geometry of pieces.

use core::fmt;
use core::str::FromStr;

/// The largest supported width or height.
pub const MAX_DIM: u8 = 16;

/// A square of a board up to 16×16: file `a..p`, rank `1..16`, `a1` at
/// White's bottom left.
///
/// ```
/// use sqlchess_fairy::FairySquare;
/// let sq: FairySquare = "p16".parse().unwrap();
/// assert_eq!((sq.file(), sq.rank()), (15, 15));
/// assert_eq!(sq.to_string(), "p16");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct FairySquare {
    file: u8,
    rank: u8,
}

impl FairySquare {
    /// The square at 0-based `file` and `rank`, or `None` past 16.
    pub const fn new(file: u8, rank: u8) -> Option<FairySquare> {
        if file < MAX_DIM && rank < MAX_DIM {
            Some(FairySquare { file, rank })
        } else {
            None
        }
    }

    /// 0-based file (`a` is 0).
    pub const fn file(self) -> u8 {
        self.file
    }

    /// 0-based rank (`1` is 0).
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// Index in the fixed 16×16 frame: `rank * 16 + file`.
    pub const fn index(self) -> usize {
        self.rank as usize * 16 + self.file as usize
    }

    /// The square of frame index `idx` (taken modulo 256).
    pub const fn from_index(idx: usize) -> FairySquare {
        FairySquare {
            file: (idx & 15) as u8,
            rank: ((idx >> 4) & 15) as u8,
        }
    }

    /// 1-based (x, y) as the SQL relations use them.
    pub const fn xy(self) -> (u8, u8) {
        (self.file + 1, self.rank + 1)
    }
}

impl fmt::Display for FairySquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

/// A square name that is not `a1`..`p16`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid square name: {0:?}")]
pub struct ParseSquareError(pub String);

impl FromStr for FairySquare {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<FairySquare, ParseSquareError> {
        parse_square_prefix(s)
            .filter(|(_, used)| *used == s.len())
            .map(|(sq, _)| sq)
            .ok_or_else(|| ParseSquareError(s.to_string()))
    }
}

/// Parses a square at the start of `s`; returns it and the bytes used.
/// Ranks take one or two digits (`a1`, `a10`), never a leading zero.
pub(crate) fn parse_square_prefix(s: &str) -> Option<(FairySquare, usize)> {
    let b = s.as_bytes();
    let file = *b.first()?;
    if !(b'a'..=b'p').contains(&file) {
        return None;
    }
    let d1 = *b.get(1)?;
    if !(b'1'..=b'9').contains(&d1) {
        return None;
    }
    let mut rank = (d1 - b'0') as u32;
    let mut used = 2;
    if let Some(d2) = b.get(2).filter(|d| d.is_ascii_digit()) {
        rank = rank * 10 + (d2 - b'0') as u32;
        used = 3;
    }
    if rank == 0 || rank > MAX_DIM as u32 {
        return None;
    }
    Some((
        FairySquare {
            file: file - b'a',
            rank: (rank - 1) as u8,
        },
        used,
    ))
}

/// One move of a piece on an empty board: where from, where to, and the
/// squares passed over in order (for a leaper, none; for a hopper or a
/// locust, the screen or the victim is among them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeometryMove {
    /// Departure square.
    pub from: FairySquare,
    /// Arrival square.
    pub to: FairySquare,
    /// Squares crossed between `from` and `to`, in order of travel.
    pub crossed: Vec<FairySquare>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_parse_and_print() {
        for name in ["a1", "h8", "a10", "p16", "j9"] {
            let sq: FairySquare = name.parse().unwrap();
            assert_eq!(sq.to_string(), name);
        }
        for bad in ["", "a", "a0", "q1", "a17", "a01", "a1x"] {
            assert!(bad.parse::<FairySquare>().is_err(), "{bad}");
        }
    }
}
