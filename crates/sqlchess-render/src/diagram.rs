//! What a picture shows: the board, its pieces and the marks on it.

use sqlchess_core::{Color, FenField, Role};
use sqlchess_fairy::{FairySquare, MAX_DIM};

/// Why a board could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// The FEN's board field cannot be read.
    #[error("fen field `board` invalid: {token:?} ({reason})")]
    Fen {
        /// The offending part of the field.
        token: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A board side outside 1..=16.
    #[error("board {width}x{height} invalid: sides must be from 1 to 16")]
    Size {
        /// Width asked for.
        width: usize,
        /// Height asked for.
        height: usize,
    },
    /// A square that is not on the board.
    #[error("square `{square}` is off the {width}x{height} board")]
    OffBoard {
        /// The square.
        square: String,
        /// Board width.
        width: u8,
        /// Board height.
        height: u8,
    },
}

/// How a piece is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceGlyph {
    /// The standard king.
    King,
    /// The standard queen.
    Queen,
    /// The standard rook.
    Rook,
    /// The standard bishop.
    Bishop,
    /// The standard knight.
    Knight,
    /// The standard pawn.
    Pawn,
    /// Any other piece: a disc with this letter (upper case).
    Letter(char),
}

impl PieceGlyph {
    /// The glyph of a piece by its name (`knight`, `cannon`, …) and FEN
    /// letter: the standard six by name, a lettered disc for the rest.
    pub fn from_name(name: &str, letter: char) -> PieceGlyph {
        match name.to_ascii_lowercase().as_str() {
            "king" => PieceGlyph::King,
            "queen" => PieceGlyph::Queen,
            "rook" => PieceGlyph::Rook,
            "bishop" => PieceGlyph::Bishop,
            "knight" => PieceGlyph::Knight,
            "pawn" => PieceGlyph::Pawn,
            _ => PieceGlyph::Letter(letter.to_ascii_uppercase()),
        }
    }

    /// The glyph of a FEN letter when the variant is unknown: `k q r b n p`
    /// are the standard six, other letters lettered discs.
    pub fn from_letter(letter: char) -> PieceGlyph {
        match letter.to_ascii_lowercase() {
            'k' => PieceGlyph::King,
            'q' => PieceGlyph::Queen,
            'r' => PieceGlyph::Rook,
            'b' => PieceGlyph::Bishop,
            'n' => PieceGlyph::Knight,
            'p' => PieceGlyph::Pawn,
            c => PieceGlyph::Letter(c.to_ascii_uppercase()),
        }
    }

    fn from_role(role: Role) -> PieceGlyph {
        match role {
            Role::King => PieceGlyph::King,
            Role::Queen => PieceGlyph::Queen,
            Role::Rook => PieceGlyph::Rook,
            Role::Bishop => PieceGlyph::Bishop,
            Role::Knight => PieceGlyph::Knight,
            Role::Pawn => PieceGlyph::Pawn,
        }
    }
}

/// A piece on a diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DiagramPiece {
    /// How it is drawn.
    pub glyph: PieceGlyph,
    /// White (true) or Black.
    pub white: bool,
    /// Promoted (shogi `+`): drawn with a mark.
    pub promoted: bool,
}

impl DiagramPiece {
    /// A White or Black piece drawn as `glyph`.
    pub fn new(glyph: PieceGlyph, white: bool) -> DiagramPiece {
        DiagramPiece {
            glyph,
            white,
            promoted: false,
        }
    }
}

/// A board to draw: size, pieces, highlighted squares, arrows, labels on
/// squares (tour numbers), a path, holes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    pub(crate) width: u8,
    pub(crate) height: u8,
    pub(crate) cells: Vec<Option<DiagramPiece>>,
    pub(crate) highlights: Vec<FairySquare>,
    pub(crate) arrows: Vec<(FairySquare, FairySquare)>,
    pub(crate) labels: Vec<(FairySquare, String)>,
    pub(crate) path: Vec<FairySquare>,
    pub(crate) closed_path: bool,
    pub(crate) holes: Vec<FairySquare>,
}

impl Diagram {
    /// An empty `width`×`height` board.
    ///
    /// # Errors
    /// [`RenderError::Size`] unless both sides are in 1..=16.
    pub fn empty(width: usize, height: usize) -> Result<Diagram, RenderError> {
        if !(1..=MAX_DIM as usize).contains(&width) || !(1..=MAX_DIM as usize).contains(&height) {
            return Err(RenderError::Size { width, height });
        }
        Ok(Diagram {
            width: width as u8,
            height: height as u8,
            cells: vec![None; width * height],
            highlights: Vec::new(),
            arrows: Vec::new(),
            labels: Vec::new(),
            path: Vec::new(),
            closed_path: false,
            holes: Vec::new(),
        })
    }

    /// The board of a FEN of any variant: only the board field is read
    /// (ranks from the top, `/` between them, empty runs of one or two
    /// digits, `+` before a promoted piece, `~` after one, `*` a hole,
    /// holdings in `[...]` ignored). Letters `KQRBNP` are the standard
    /// pieces, any other letter a lettered disc.
    ///
    /// # Errors
    /// [`RenderError::Fen`] for a malformed field, [`RenderError::Size`].
    pub fn from_fen(fen: &str) -> Result<Diagram, RenderError> {
        let field = fen.split_whitespace().next().unwrap_or("");
        let field = field.split('[').next().unwrap_or("");
        if field.is_empty() {
            return Err(RenderError::Fen {
                token: FenField::token(fen),
                reason: "empty",
            });
        }
        let ranks: Vec<&str> = field.split('/').collect();
        let mut rows: Vec<Vec<Option<(DiagramPiece, bool)>>> = Vec::new();
        for rank in &ranks {
            let bad = |reason| RenderError::Fen {
                token: FenField::token(rank),
                reason,
            };
            let mut row: Vec<Option<(DiagramPiece, bool)>> = Vec::new();
            let mut chars = rank.chars().peekable();
            let mut promoted = false;
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    let mut n = d as usize;
                    if let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                        chars.next();
                        n = n * 10 + d2 as usize;
                    }
                    if n == 0 || promoted {
                        return Err(bad("empty run of zero squares or after `+`"));
                    }
                    row.extend(std::iter::repeat_n(None, n));
                } else if c == '+' {
                    promoted = true;
                } else if c == '~' {
                    // Crazyhouse marks promoted pieces after the letter.
                    match row.last_mut() {
                        Some(Some((p, _))) => p.promoted = true,
                        _ => return Err(bad("`~` not after a piece")),
                    }
                } else if c == '*' {
                    row.push(Some((
                        DiagramPiece::new(PieceGlyph::Letter('*'), true),
                        true,
                    )));
                } else if c.is_ascii_alphabetic() {
                    let mut p =
                        DiagramPiece::new(PieceGlyph::from_letter(c), c.is_ascii_uppercase());
                    p.promoted = promoted;
                    promoted = false;
                    row.push(Some((p, false)));
                } else {
                    return Err(bad("unexpected character"));
                }
                if row.len() > MAX_DIM as usize {
                    return Err(bad("more than 16 squares"));
                }
            }
            if promoted {
                return Err(bad("`+` at the end of a rank"));
            }
            rows.push(row);
        }
        let width = rows[0].len();
        if rows.iter().any(|r| r.len() != width) {
            return Err(RenderError::Fen {
                token: FenField::token(field),
                reason: "ranks of different lengths",
            });
        }
        let height = rows.len();
        let mut d = Diagram::empty(width, height)?;
        for (i, row) in rows.into_iter().enumerate() {
            let y = height - 1 - i;
            for (x, cell) in row.into_iter().enumerate() {
                match cell {
                    Some((_, true)) => d.holes.push(d.square(x, y)),
                    Some((p, false)) => d.cells[y * width + x] = Some(p),
                    None => {}
                }
            }
        }
        Ok(d)
    }

    /// The board of a position of any variant.
    pub fn from_position(pos: &sqlchess_rules::Position) -> Diagram {
        match (pos.as_chess(), pos.as_fairy()) {
            (Some(p), _) => Diagram::from_chess(p),
            (None, Some(p)) => Diagram::from_fairy(p),
            (None, None) => Diagram::from_chess(&sqlchess_core::Position::new()),
        }
    }

    /// The board of a standard chess position.
    pub fn from_chess(pos: &sqlchess_core::Position) -> Diagram {
        let mut d = Diagram {
            width: 8,
            height: 8,
            cells: vec![None; 64],
            highlights: Vec::new(),
            arrows: Vec::new(),
            labels: Vec::new(),
            path: Vec::new(),
            closed_path: false,
            holes: Vec::new(),
        };
        for (sq, piece) in pos.board().pieces() {
            let i = sq as usize;
            let (x, y) = (i % 8, i / 8);
            d.cells[y * 8 + x] = Some(DiagramPiece::new(
                PieceGlyph::from_role(piece.role),
                piece.color == Color::White,
            ));
        }
        d
    }

    /// The board of a position of any sqlchess-fairy variant, pieces drawn
    /// by their names (the standard six) or letters.
    pub fn from_fairy(pos: &sqlchess_fairy::Position) -> Diagram {
        let v = pos.variant();
        let (w, h) = (v.width as usize, v.height as usize);
        let mut d = Diagram {
            width: v.width,
            height: v.height,
            cells: vec![None; w * h],
            highlights: Vec::new(),
            arrows: Vec::new(),
            labels: Vec::new(),
            path: Vec::new(),
            closed_path: false,
            holes: Vec::new(),
        };
        for y in 0..h {
            for x in 0..w {
                let sq = d.square(x, y);
                if let Some((i, white)) = pos.piece_at(sq) {
                    if let Some(t) = v.pieces.get(i) {
                        d.cells[y * w + x] = Some(DiagramPiece::new(
                            PieceGlyph::from_name(&t.name, t.letter),
                            white,
                        ));
                    }
                }
            }
        }
        d
    }

    fn square(&self, x: usize, y: usize) -> FairySquare {
        FairySquare::from_index(y * 16 + x)
    }

    fn check(&self, sq: FairySquare) -> Result<usize, RenderError> {
        if sq.file() < self.width && sq.rank() < self.height {
            Ok(sq.rank() as usize * self.width as usize + sq.file() as usize)
        } else {
            Err(RenderError::OffBoard {
                square: sq.to_string(),
                width: self.width,
                height: self.height,
            })
        }
    }

    /// Board width.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Board height.
    pub fn height(&self) -> u8 {
        self.height
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: FairySquare) -> Option<DiagramPiece> {
        self.check(sq).ok().and_then(|i| self.cells[i])
    }

    /// Puts `piece` on `sq` (or clears it).
    ///
    /// # Errors
    /// [`RenderError::OffBoard`].
    pub fn set_piece(
        &mut self,
        sq: FairySquare,
        piece: Option<DiagramPiece>,
    ) -> Result<&mut Diagram, RenderError> {
        let i = self.check(sq)?;
        self.cells[i] = piece;
        Ok(self)
    }

    /// Highlights `sq`.
    ///
    /// # Errors
    /// [`RenderError::OffBoard`].
    pub fn highlight(&mut self, sq: FairySquare) -> Result<&mut Diagram, RenderError> {
        self.check(sq)?;
        self.highlights.push(sq);
        Ok(self)
    }

    /// Draws an arrow from `from` to `to` (a move).
    ///
    /// # Errors
    /// [`RenderError::OffBoard`].
    pub fn arrow(
        &mut self,
        from: FairySquare,
        to: FairySquare,
    ) -> Result<&mut Diagram, RenderError> {
        self.check(from)?;
        self.check(to)?;
        self.arrows.push((from, to));
        Ok(self)
    }

    /// Writes `text` (a tour's step number) on `sq`.
    ///
    /// # Errors
    /// [`RenderError::OffBoard`].
    pub fn label(
        &mut self,
        sq: FairySquare,
        text: impl Into<String>,
    ) -> Result<&mut Diagram, RenderError> {
        self.check(sq)?;
        self.labels.push((sq, text.into()));
        Ok(self)
    }

    /// Draws a path through `squares`, back to the first if `closed`.
    ///
    /// # Errors
    /// [`RenderError::OffBoard`].
    pub fn path(
        &mut self,
        squares: &[FairySquare],
        closed: bool,
    ) -> Result<&mut Diagram, RenderError> {
        for &s in squares {
            self.check(s)?;
        }
        self.path = squares.to_vec();
        self.closed_path = closed;
        Ok(self)
    }

    /// Numbers the squares of a tour 1, 2, … and draws its path.
    ///
    /// # Errors
    /// [`RenderError::OffBoard`].
    pub fn tour(
        &mut self,
        squares: &[FairySquare],
        closed: bool,
    ) -> Result<&mut Diagram, RenderError> {
        self.path(squares, closed)?;
        for (i, &s) in squares.iter().enumerate() {
            self.label(s, (i + 1).to_string())?;
        }
        Ok(self)
    }

    /// Removes `sq` from the board (a hole).
    ///
    /// # Errors
    /// [`RenderError::OffBoard`].
    pub fn hole(&mut self, sq: FairySquare) -> Result<&mut Diagram, RenderError> {
        let i = self.check(sq)?;
        self.cells[i] = None;
        self.holes.push(sq);
        Ok(self)
    }

    /// The picture as an SVG document.
    pub fn svg(&self) -> String {
        crate::svg::render(self)
    }

    /// The board as Unicode text, rank numbers on the left and file letters
    /// below.
    pub fn text(&self) -> String {
        crate::text::render(self)
    }
}
