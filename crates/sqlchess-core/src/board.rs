//! Piece placement: which piece stands on which square.

use core::fmt;

use sqlchess_types::{attacks, Bitboard, ByColor, Color, Piece, Role, Square};

/// The placement of pieces on the 8×8 board, as one bitboard per role and per colour.
///
/// A `Board` is only placement: it says nothing about whose turn it is or
/// whether the position is legal.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    occupied: Bitboard,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// The standard starting placement.
    pub const fn new() -> Board {
        Board {
            by_role: [
                Bitboard(0x00ff_0000_0000_ff00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ],
            by_color: [Bitboard(0xffff), Bitboard(0xffff_0000_0000_0000)],
            occupied: Bitboard(0xffff_0000_0000_ffff),
        }
    }

    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
        }
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The squares of pieces of `role`, of either colour.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role as usize]
    }

    /// The squares of `piece`.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role(piece.role) & self.by_color(piece.color)
    }

    /// Pawns of either colour.
    #[inline]
    pub fn pawns(&self) -> Bitboard {
        self.by_role[Role::Pawn as usize]
    }

    /// Knights of either colour.
    #[inline]
    pub fn knights(&self) -> Bitboard {
        self.by_role[Role::Knight as usize]
    }

    /// Bishops of either colour.
    #[inline]
    pub fn bishops(&self) -> Bitboard {
        self.by_role[Role::Bishop as usize]
    }

    /// Rooks of either colour.
    #[inline]
    pub fn rooks(&self) -> Bitboard {
        self.by_role[Role::Rook as usize]
    }

    /// Queens of either colour.
    #[inline]
    pub fn queens(&self) -> Bitboard {
        self.by_role[Role::Queen as usize]
    }

    /// Kings of either colour.
    #[inline]
    pub fn kings(&self) -> Bitboard {
        self.by_role[Role::King as usize]
    }

    /// Rooks and queens: pieces that attack along ranks and files.
    #[inline]
    pub fn rooks_and_queens(&self) -> Bitboard {
        self.rooks() | self.queens()
    }

    /// Bishops and queens: pieces that attack along diagonals.
    #[inline]
    pub fn bishops_and_queens(&self) -> Bitboard {
        self.bishops() | self.queens()
    }

    /// The king of `color`, if there is exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.kings() & self.by_color(color)).single_square()
    }

    /// The colour of the piece on `sq`, if any.
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied.contains(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|&role| self.by_role[role as usize].contains(sq))
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = self.color_at(sq)?;
        Some(Piece { color, role })
    }

    /// Puts `piece` on `sq`, replacing whatever stood there.
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) {
        self.remove_piece_at(sq);
        self.put(sq, piece.color, piece.role);
    }

    /// Removes and returns the piece on `sq`.
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.take(sq, piece.color, piece.role);
        Some(piece)
    }

    /// The board whose `pieces[color][role]` bitboards are given, which
    /// must not overlap (a FEN reader that has checked them).
    #[inline]
    pub(crate) fn from_pieces(pieces: [[Bitboard; 6]; 2]) -> Board {
        let mut board = Board::empty();
        for role in Role::ALL {
            board.by_role[role as usize] = pieces[0][role as usize] | pieces[1][role as usize];
        }
        for color in Color::ALL {
            board.by_color[color as usize] = pieces[color as usize]
                .iter()
                .fold(Bitboard::EMPTY, |acc, &bb| acc | bb);
        }
        board.occupied = board.by_color[0] | board.by_color[1];
        board
    }

    /// Adds a piece to an empty square (no checks: for move making).
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, color: Color, role: Role) {
        let bb = Bitboard::from_square(sq);
        self.by_role[role as usize] |= bb;
        self.by_color[color as usize] |= bb;
        self.occupied |= bb;
    }

    /// Removes a known piece from a square (no checks: for move making).
    #[inline]
    pub(crate) fn take(&mut self, sq: Square, color: Color, role: Role) {
        let bb = Bitboard::from_square(sq);
        self.by_role[role as usize] ^= bb;
        self.by_color[color as usize] ^= bb;
        self.occupied ^= bb;
    }

    /// Moves a known piece between squares, the target being empty.
    #[inline]
    pub(crate) fn shift(&mut self, from: Square, to: Square, color: Color, role: Role) {
        let bb = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.by_role[role as usize] ^= bb;
        self.by_color[color as usize] ^= bb;
        self.occupied ^= bb;
    }

    /// Pieces of `attacker` that attack `sq`, given the `occupied` squares.
    #[inline]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(attacker);
        ((attacks::rook_attacks(sq, occupied) & self.rooks_and_queens())
            | (attacks::bishop_attacks(sq, occupied) & self.bishops_and_queens())
            | (attacks::knight_attacks(sq) & self.knights())
            | (attacks::king_attacks(sq) & self.kings())
            | (attacks::pawn_attacks(!attacker, sq) & self.pawns()))
            & them
    }

    /// Piece counts per colour and role.
    pub fn material(&self) -> ByColor<[u8; 6]> {
        ByColor::new_with(|c| {
            let mut counts = [0u8; 6];
            for role in Role::ALL {
                counts[role as usize] = (self.by_role(role) & self.by_color(c)).count() as u8;
            }
            counts
        })
    }

    /// Iterates over (square, piece), a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied
            .into_iter()
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The board mirrored vertically with colours swapped.
    pub fn flip_colors(&self) -> Board {
        let mut b = Board::empty();
        for (sq, p) in self.pieces() {
            b.put(sq.flip_vertical(), !p.color, p.role);
        }
        b
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::new(rank * 8 + file);
                match self.piece_at(sq) {
                    Some(p) => write!(f, "{}", p.char())?,
                    None => f.write_str(".")?,
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
