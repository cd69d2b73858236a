//! Files, ranks and squares of the 8×8 board.

use core::fmt;
use core::str::FromStr;

use crate::Color;

/// An error for text or a number that names no square, file or rank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid square: expected a file a-h and a rank 1-8")
    }
}

impl std::error::Error for ParseSquareError {}

/// A file (column) of the 8×8 board, `a` to `h`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

impl File {
    /// All files, `a` first.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with index 0..8.
    ///
    /// # Panics
    /// If `index >= 8`.
    #[inline]
    pub const fn new(index: u32) -> File {
        assert!(index < 8, "file index out of range");
        File::ALL[index as usize]
    }

    /// The file with index 0..8, or `None`.
    #[inline]
    pub const fn try_new(index: u32) -> Option<File> {
        if index < 8 {
            Some(File::ALL[index as usize])
        } else {
            None
        }
    }

    /// The letter `a`..`h`.
    #[inline]
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Parses a letter `a`..`h`.
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File::ALL[(c as u8 - b'a') as usize]),
            _ => None,
        }
    }

    /// Zero-based index.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A rank (row) of the 8×8 board, `1` to `8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl Rank {
    /// All ranks, the first first.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index 0..8.
    ///
    /// # Panics
    /// If `index >= 8`.
    #[inline]
    pub const fn new(index: u32) -> Rank {
        assert!(index < 8, "rank index out of range");
        Rank::ALL[index as usize]
    }

    /// The rank with index 0..8, or `None`.
    #[inline]
    pub const fn try_new(index: u32) -> Option<Rank> {
        if index < 8 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }

    /// The digit `1`..`8`.
    #[inline]
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// Parses a digit `1`..`8`.
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank::ALL[(c as u8 - b'1') as usize]),
            _ => None,
        }
    }

    /// Zero-based index.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The same rank seen from `color`'s side: `Rank::First.relative_to(Black)` is the eighth.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::ALL[7 - self as usize],
        }
    }
}

macro_rules! squares {
    ($($sq:ident),* $(,)?) => {
        /// A square of the 8×8 board, numbered 0 (a1) to 63 (h8), rank by rank.
        ///
        /// ```
        /// use sqlchess_types::{File, Rank, Square};
        /// let e4: Square = "e4".parse().unwrap();
        /// assert_eq!(e4, Square::E4);
        /// assert_eq!(e4, Square::from_coords(File::E, Rank::Fourth));
        /// assert_eq!(e4 as u8, 28);
        /// ```
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Square {
            $($sq),*
        }

        impl Square {
            /// All 64 squares, a1 first, then b1, …, h8.
            pub const ALL: [Square; 64] = [$(Square::$sq),*];
        }
    };
}

squares! {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// The square with index 0..64.
    ///
    /// # Panics
    /// If `index >= 64`.
    #[inline]
    pub const fn new(index: u32) -> Square {
        assert!(index < 64, "square index out of range");
        Square::ALL[index as usize]
    }

    /// The square with index 0..64, or `None`.
    #[inline]
    pub const fn try_new(index: u32) -> Option<Square> {
        if index < 64 {
            Some(Square::ALL[index as usize])
        } else {
            None
        }
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::ALL[(rank as usize) * 8 + file as usize]
    }

    /// Zero-based index, a1 = 0, h8 = 63.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file.
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[(self as usize) & 7]
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self as usize) >> 3]
    }

    /// The square `dx` files and `dy` ranks away, or `None` off the board.
    ///
    /// Unlike adding to the index, this never wraps from the h-file to the a-file.
    #[inline]
    pub const fn offset(self, dx: i32, dy: i32) -> Option<Square> {
        let x = (self as i32 & 7) + dx;
        let y = (self as i32 >> 3) + dy;
        if x >= 0 && x < 8 && y >= 0 && y < 8 {
            Some(Square::ALL[(y * 8 + x) as usize])
        } else {
            None
        }
    }

    /// The square mirrored vertically (a1 ↔ a8).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::ALL[(self as usize) ^ 56]
    }

    /// The same square seen from `color`'s side (mirrored for Black).
    #[inline]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_vertical(),
        }
    }

    /// `true` for the dark squares (a1 is dark).
    #[inline]
    pub const fn is_dark(self) -> bool {
        ((self as u8 & 7) + (self as u8 >> 3)) % 2 == 0
    }

    /// Parses a square from its two-byte name.
    pub const fn from_ascii(s: &[u8]) -> Result<Square, ParseSquareError> {
        if s.len() != 2 {
            return Err(ParseSquareError);
        }
        match (File::from_char(s[0] as char), Rank::from_char(s[1] as char)) {
            (Some(f), Some(r)) => Ok(Square::from_coords(f, r)),
            _ => Err(ParseSquareError),
        }
    }
}

impl TryFrom<u8> for Square {
    type Error = ParseSquareError;
    fn try_from(index: u8) -> Result<Square, ParseSquareError> {
        Square::try_new(index as u32).ok_or(ParseSquareError)
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::ALL {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert!("i1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("a10".parse::<Square>().is_err());
    }

    #[test]
    fn offsets_do_not_wrap() {
        assert_eq!(Square::H1.offset(1, 0), None);
        assert_eq!(Square::A1.offset(-1, 1), None);
        assert_eq!(Square::G1.offset(2, 1), None);
        assert_eq!(Square::B1.offset(-1, 2), Some(Square::A3));
    }
}
