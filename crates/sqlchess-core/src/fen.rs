//! Forsyth–Edwards Notation, with X-FEN and Shredder-FEN castling for Chess960.

use core::fmt;
use core::str::FromStr;

use sqlchess_types::{Bitboard, Color, File, Piece, Rank, Role, Square};

use crate::{Board, Setup};

pub use sqlchess_types::FenField;

/// A FEN that cannot be read, with the field at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseFenError {
    /// The text has no fields at all.
    #[error("fen is empty")]
    Empty,
    /// A field is malformed.
    #[error("fen field `{field}` invalid: {token:?}: {reason}")]
    Field {
        /// Which field.
        field: FenField,
        /// The offending text.
        token: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A required field is missing.
    #[error("fen field `{field}` missing")]
    Missing {
        /// The first missing field.
        field: FenField,
    },
    /// Text after the last field.
    #[error("fen has unexpected text after the fullmove number: {token:?}")]
    TrailingText {
        /// The extra text.
        token: String,
    },
}

fn field_err(field: FenField, token: &str, reason: &'static str) -> ParseFenError {
    ParseFenError::Field {
        field,
        token: FenField::token(token),
        reason,
    }
}

/// The piece a FEN letter stands for, by byte: 0 for none, else
/// `1 + 6 × colour + role`. A table, because the placement is most of a
/// FEN and every byte of it is looked up.
const PIECE_BYTES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 6 {
        let role = Role::ALL[c];
        t[role.upper_char() as usize] = 1 + role as u8;
        t[role.char() as usize] = 7 + role as u8;
        c += 1;
    }
    t
};

/// What each byte of a placement does, for [`parse_board`]'s fast pass:
/// the low 4 bits are the files it advances (1 for a piece, the count for a
/// digit, 0 for `/`), the high 4 bits its piece `6 × colour + role`, 12 for
/// none. A byte with no place in a placement advances 15 files, which no
/// rank survives.
const PLACEMENT_BYTES: [u8; 256] = {
    let mut t = [(12 << 4) | 15; 256];
    let mut d = 1;
    while d <= 8 {
        t[b'0' as usize + d] = (12 << 4) | d as u8;
        d += 1;
    }
    t[b'/' as usize] = 12 << 4;
    let mut c = 0;
    while c < 6 {
        let role = Role::ALL[c];
        t[role.upper_char() as usize] = ((role as u8) << 4) | 1;
        t[role.char() as usize] = ((6 + role as u8) << 4) | 1;
        c += 1;
    }
    t
};

/// Parses the placement field.
pub fn parse_board(text: &str) -> Result<Board, ParseFenError> {
    // A placement that reads without a fault (nearly all) is read without a
    // branch per byte; any fault sends it to the exact reader below, which
    // names it.
    match parse_board_fast(text.as_bytes()) {
        Some(board) => Ok(board),
        None => parse_board_exact(text),
    }
}

/// The placement's board, or `None` for anything that is not eight ranks
/// of eight squares of known pieces and counts 1 to 8.
fn parse_board_fast(bytes: &[u8]) -> Option<Board> {
    // The longest placement: eight ranks of eight letters and 7 slashes.
    if bytes.len() > 71 {
        return None;
    }
    // pieces[12] soaks up the writes of digits and slashes.
    let mut pieces = [0u64; 13];
    let (mut rank, mut file, mut bad) = (7u32, 0u32, false);
    for &c in bytes {
        let code = PLACEMENT_BYTES[usize::from(c)];
        let slash = c == b'/';
        // A rank is right when it ends at file 8: a piece past the eighth
        // file, or a byte that advances 15, leaves it past 8 for good.
        // (`&` and `|`, not `&&`: no branch to mispredict.)
        bad |= slash & (file != 8);
        let square = rank.wrapping_mul(8).wrapping_add(file) & 63;
        pieces[usize::from(code >> 4)] |= 1u64 << square;
        file += u32::from(code & 15);
        rank = rank.wrapping_sub(u32::from(slash));
        file *= u32::from(!slash);
    }
    if bad || rank != 0 || file != 8 {
        return None;
    }
    let mut by = [[Bitboard::EMPTY; 6]; 2];
    for (i, bb) in pieces[..12].iter().enumerate() {
        by[i / 6][i % 6] = Bitboard(*bb);
    }
    Some(Board::from_pieces(by))
}

/// The placement read byte by byte, naming the first fault.
fn parse_board_exact(text: &str) -> Result<Board, ParseFenError> {
    // One pass over the bytes, not chars: a byte outside ASCII is no digit
    // and no piece letter, so the errors are the same as a split into ranks
    // would give, in the same order.
    let err = |reason| field_err(FenField::Placement, text, reason);
    let bytes = text.as_bytes();
    if bytes.iter().filter(|&&b| b == b'/').count() != 7 {
        return Err(err("expected 8 ranks separated by '/'"));
    }
    let mut board = Board::empty();
    let mut rank = 7u32;
    let mut file = 0u32;
    for &c in bytes {
        if c == b'/' {
            if file != 8 {
                return Err(err("a rank has fewer than 8 squares"));
            }
            rank -= 1;
            file = 0;
            continue;
        }
        if c.is_ascii_digit() {
            if c == b'0' {
                return Err(err("empty-square count 0"));
            }
            file += u32::from(c - b'0');
        } else {
            let code = PIECE_BYTES[usize::from(c)];
            if code == 0 {
                return Err(err("unknown piece letter"));
            }
            if file >= 8 {
                return Err(err("a rank has more than 8 squares"));
            }
            let color = if code <= 6 {
                Color::White
            } else {
                Color::Black
            };
            let role = Role::ALL[usize::from((code - 1) % 6)];
            // Each square is reached once: nothing to remove first.
            board.put(Square::new(rank * 8 + file), color, role);
            file += 1;
        }
        if file > 8 {
            return Err(err("a rank has more than 8 squares"));
        }
    }
    if file != 8 {
        return Err(err("a rank has fewer than 8 squares"));
    }
    Ok(board)
}

fn parse_castling(text: &str, board: &Board) -> Result<Bitboard, ParseFenError> {
    let mut rights = Bitboard::EMPTY;
    if text == "-" {
        return Ok(rights);
    }
    if text.is_empty() || text.len() > 4 {
        return Err(field_err(
            FenField::Castling,
            text,
            "expected '-' or up to four of KQkq or rook files",
        ));
    }
    for c in text.chars() {
        let color = Color::from_white(c.is_ascii_uppercase());
        let back = Rank::First.relative_to(color);
        let our_rooks = board.rooks() & board.by_color(color) & Bitboard::from_rank(back);
        let king = (board.kings() & board.by_color(color) & Bitboard::from_rank(back)).first();
        let rook = match c.to_ascii_lowercase() {
            'k' => {
                // X-FEN: the outermost rook on the king's h-side.
                let king = king.ok_or_else(|| {
                    field_err(
                        FenField::Castling,
                        text,
                        "castling right without a king on the back rank",
                    )
                })?;
                our_rooks.into_iter().rfind(|r| r.file() > king.file())
            }
            'q' => {
                let king = king.ok_or_else(|| {
                    field_err(
                        FenField::Castling,
                        text,
                        "castling right without a king on the back rank",
                    )
                })?;
                our_rooks.into_iter().find(|r| r.file() < king.file())
            }
            f @ 'a'..='h' => {
                let file = File::from_char(f).unwrap_or(File::A);
                Some(Square::from_coords(file, back))
            }
            _ => {
                return Err(field_err(
                    FenField::Castling,
                    text,
                    "unknown castling letter",
                ))
            }
        };
        match rook {
            Some(sq) if !rights.contains(sq) => rights.add(sq),
            Some(_) => {
                return Err(field_err(
                    FenField::Castling,
                    text,
                    "a castling right is repeated",
                ))
            }
            None => {
                return Err(field_err(
                    FenField::Castling,
                    text,
                    "no rook for this castling right",
                ))
            }
        }
    }
    Ok(rights)
}

impl FromStr for Setup {
    type Err = ParseFenError;

    /// Parses a FEN. The two clock fields may be left out (they default to `0 1`).
    fn from_str(fen: &str) -> Result<Setup, ParseFenError> {
        let mut fields = fen.split_ascii_whitespace();
        let placement = fields.next().ok_or(ParseFenError::Empty)?;
        let board = parse_board(placement)?;
        let turn_text = fields.next().ok_or(ParseFenError::Missing {
            field: FenField::Turn,
        })?;
        let turn = match turn_text {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(field_err(FenField::Turn, turn_text, "expected 'w' or 'b'")),
        };
        let castling_text = fields.next().ok_or(ParseFenError::Missing {
            field: FenField::Castling,
        })?;
        let castling_rights = parse_castling(castling_text, &board)?;
        let ep_text = fields.next().ok_or(ParseFenError::Missing {
            field: FenField::EnPassant,
        })?;
        let ep_square = match ep_text {
            "-" => None,
            _ => Some(ep_text.parse::<Square>().map_err(|_| {
                field_err(FenField::EnPassant, ep_text, "expected '-' or a square")
            })?),
        };
        let parse_num = |field, text: Option<&str>, default: u32| match text {
            None => Ok(default),
            Some(t) => t
                .parse::<u32>()
                .map_err(|_| field_err(field, t, "expected a non-negative number")),
        };
        let halfmoves = parse_num(FenField::Halfmoves, fields.next(), 0)?;
        let fullmoves_text = fields.next();
        let fullmoves = parse_num(FenField::Fullmoves, fullmoves_text, 1)?;
        if fullmoves == 0 {
            return Err(field_err(
                FenField::Fullmoves,
                fullmoves_text.unwrap_or("0"),
                "the move number starts at 1",
            ));
        }
        if let Some(extra) = fields.next() {
            return Err(ParseFenError::TrailingText {
                token: FenField::token(extra),
            });
        }
        Ok(Setup {
            board,
            turn,
            castling_rights,
            ep_square,
            halfmoves,
            fullmoves,
        })
    }
}

/// Writes the placement field.
pub fn write_board(board: &Board, f: &mut impl fmt::Write) -> fmt::Result {
    let mut buf = [0u8; 72];
    let len = placement(board, &mut buf);
    // Only ASCII letters, digits and slashes were written.
    f.write_str(std::str::from_utf8(&buf[..len]).map_err(|_| fmt::Error)?)
}

/// The placement field into `out` (at most 71 bytes: eight ranks of eight
/// letters and seven slashes, and a byte of scratch); returns its length.
/// Bytes past the length are scratch.
pub(crate) fn placement(board: &Board, out: &mut [u8; 72]) -> usize {
    // Each piece's letter is `LETTERS[4-bit code]`: its role's three bits
    // and its colour. The codes of a rank's eight squares are gathered from
    // four bitboards at once (a byte a square), so no square asks the board
    // which piece stands on it and no loop runs once per piece.
    const LETTERS: [u8; 16] = *b"PNBRQK??pnbrqk??";
    // The squares whose role has bit k set (roles: pawn 0 to king 5).
    let [bit0, bit1, bit2] = [0, 1, 2].map(|k| {
        Role::ALL
            .iter()
            .filter(|&&role| (role as u8 >> k) & 1 == 1)
            .fold(0, |acc, &role| acc | board.by_role(role).0)
    });
    let black = board.by_color(Color::Black).0;
    let occupied = board.occupied().0;
    let mut len = 0;
    for rank in (0..8).rev() {
        let byte = |bits: u64| SPREAD[((bits >> (rank * 8)) & 0xff) as usize];
        let codes = byte(bit0) | (byte(bit1) << 1) | (byte(bit2) << 2) | (byte(black) << 3);
        let shape = &RANK_SHAPES[((occupied >> (rank * 8)) & 0xff) as usize];
        // The shape (digits in place) first, then a letter per file at its
        // place in the text; an empty file's letter lands on the byte past
        // the longest text, which what follows writes over.
        out[len..len + 8].copy_from_slice(&shape.bytes);
        for file in 0..8 {
            let code = (codes >> (file * 8)) & 15;
            out[len + usize::from(shape.places[file])] = LETTERS[code as usize];
        }
        len += usize::from(shape.len);
        if rank > 0 {
            out[len] = b'/';
            len += 1;
        }
    }
    len
}

/// The eight bits of a byte spread to the low bits of eight bytes: bit `f`
/// of the index becomes bit `8 f` of the value.
const SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut f = 0;
        while f < 8 {
            t[b] |= ((b as u64 >> f) & 1) << (8 * f);
            f += 1;
        }
        b += 1;
    }
    t
};

/// One rank's placement text for an occupancy: the digits of its empty
/// runs, with a place for each piece's letter.
#[derive(Clone, Copy)]
struct RankShape {
    /// The text with the letters' bytes still to fill in.
    bytes: [u8; 8],
    len: u8,
    /// Where file `f`'s letter goes in the text; 8 (past it) for an empty
    /// file.
    places: [u8; 8],
}

/// [`RankShape`] for every occupancy of a rank (bit `f` set: file `f`
/// occupied), computed at compile time.
const RANK_SHAPES: [RankShape; 256] = {
    let empty = RankShape {
        bytes: [0; 8],
        len: 0,
        places: [8; 8],
    };
    let mut t = [empty; 256];
    let mut occ = 0;
    while occ < 256 {
        let (mut bytes, mut places) = ([0u8; 8], [8u8; 8]);
        let (mut len, mut run) = (0usize, 0u8);
        let mut file = 0;
        while file < 8 {
            if occ & (1 << file) != 0 {
                if run > 0 {
                    bytes[len] = b'0' + run;
                    len += 1;
                    run = 0;
                }
                places[file] = len as u8;
                len += 1;
            } else {
                run += 1;
            }
            file += 1;
        }
        if run > 0 {
            bytes[len] = b'0' + run;
            len += 1;
        }
        t[occ] = RankShape {
            bytes,
            len: len as u8,
            places,
        };
        occ += 1;
    }
    t
};

/// A FEN being written into a stack buffer: the longest standard-chess
/// FEN (71 bytes of placement, the side, four castling letters, a square
/// and two ten-digit clocks) fits, so printing allocates only the result.
pub(crate) struct FenBuf {
    bytes: [u8; 128],
    len: usize,
}

impl FenBuf {
    pub(crate) fn new() -> FenBuf {
        FenBuf {
            bytes: [0; 128],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, b: u8) {
        self.bytes[self.len] = b;
        self.len += 1;
    }

    /// Appends the placement field.
    pub(crate) fn placement(&mut self, board: &Board) {
        let mut field = [0u8; 72];
        let len = placement(board, &mut field);
        self.bytes[self.len..self.len + len].copy_from_slice(&field[..len]);
        self.len += len;
    }

    /// Appends `n` in decimal.
    pub(crate) fn decimal(&mut self, mut n: u32) {
        let mut digits = [0u8; 10];
        let mut at = digits.len();
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in &digits[at..] {
            self.push(d);
        }
    }

    /// The text written (ASCII only, so always valid UTF-8).
    pub(crate) fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

impl fmt::Write for FenBuf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        self.bytes
            .get_mut(self.len..end)
            .ok_or(fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Writes the castling field: `KQkq` letters where the rook is the
/// outermost on its side (X-FEN), the rook's file letter otherwise.
pub fn write_castling(board: &Board, rights: Bitboard, f: &mut impl fmt::Write) -> fmt::Result {
    if rights.is_empty() {
        return f.write_char('-');
    }
    for color in Color::ALL {
        let back = Bitboard::from_rank(Rank::First.relative_to(color));
        let king = (board.kings() & board.by_color(color) & back).first();
        let rooks = board.rooks() & board.by_color(color) & back;
        let mine = rights & back;
        // King side first, then queen side, as FEN orders them.
        for sq in mine.into_iter().rev() {
            let outermost = match king {
                Some(k) if sq.file() > k.file() => {
                    rooks.into_iter().rfind(|r| r.file() > k.file()) == Some(sq)
                }
                Some(k) => rooks.into_iter().find(|r| r.file() < k.file()) == Some(sq),
                None => false,
            };
            let c = if outermost {
                match king {
                    Some(k) if sq.file() > k.file() => 'k',
                    _ => 'q',
                }
            } else {
                sq.file().char()
            };
            f.write_char(if color.is_white() {
                c.to_ascii_uppercase()
            } else {
                c
            })?;
        }
    }
    Ok(())
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(&self.board, f)?;
        write!(f, " {} ", self.turn.char())?;
        write_castling(&self.board, self.castling_rights, f)?;
        match self.ep_square {
            Some(sq) => write!(f, " {sq}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", self.halfmoves, self.fullmoves)
    }
}

/// Role letters used in FEN for a role of a colour (re-exported for convenience).
pub fn piece_char(color: Color, role: Role) -> char {
    Piece { color, role }.char()
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn start_round_trip() {
        let setup: Setup = START.parse().unwrap();
        assert_eq!(setup, Setup::initial());
        assert_eq!(setup.to_string(), START);
    }

    /// The placement written square by square, the plain way.
    fn placement_by_squares(board: &Board) -> String {
        let mut text = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match board.piece_at(Square::new(rank * 8 + file)) {
                    Some(piece) => {
                        if empty > 0 {
                            text.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        text.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                text.push('/');
            }
        }
        text
    }

    #[test]
    fn placement_writes_every_rank_shape_and_piece() {
        // Every occupancy of a rank, on every rank, each square's piece
        // drawn from all twelve: the table-driven writer against the plain
        // one, and read back.
        let pieces: Vec<(Color, Role)> = Color::ALL
            .into_iter()
            .flat_map(|c| Role::ALL.map(|r| (c, r)))
            .collect();
        let mut next = 0usize;
        for occupancy in 0..256u32 {
            for rank in 0..8 {
                let mut board = Board::empty();
                for file in 0..8 {
                    if occupancy >> file & 1 == 1 {
                        let (color, role) = pieces[next % pieces.len()];
                        next += 7;
                        board.put(Square::new(rank * 8 + file), color, role);
                    }
                }
                let mut text = String::new();
                write_board(&board, &mut text).unwrap();
                assert_eq!(text, placement_by_squares(&board));
                assert_eq!(parse_board(&text).unwrap(), board);
            }
        }
    }

    #[test]
    fn shredder_and_xfen() {
        let setup: Setup = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
            .parse()
            .unwrap();
        assert_eq!(setup.castling_rights, Bitboard::CORNERS);
        assert_eq!(setup.to_string(), START);
        let inner: Setup = "1r2k1r1/8/8/8/8/8/8/RR2K2R w BHg - 0 1".parse().unwrap();
        assert_eq!(inner.to_string(), "1r2k1r1/8/8/8/8/8/8/RR2K2R w KBk - 0 1");
    }

    #[test]
    fn each_field_error_names_its_field() {
        let field_of = |fen: &str| match fen.parse::<Setup>() {
            Err(ParseFenError::Field { field, .. }) => Some(field),
            Err(ParseFenError::Missing { field }) => Some(field),
            _ => None,
        };
        assert_eq!(
            field_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"),
            Some(FenField::Placement)
        );
        assert_eq!(
            field_of("rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            Some(FenField::Placement)
        );
        assert_eq!(
            field_of("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            Some(FenField::Placement)
        );
        assert_eq!(
            field_of("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            Some(FenField::Placement)
        );
        assert_eq!(field_of(&START.replace(" w ", " x ")), Some(FenField::Turn));
        assert_eq!(
            field_of(&START.replace("KQkq", "KQkx")),
            Some(FenField::Castling)
        );
        assert_eq!(
            field_of(&START.replace(" - ", " e9 ")),
            Some(FenField::EnPassant)
        );
        assert_eq!(
            field_of(&START.replace(" 0 1", " -1 1")),
            Some(FenField::Halfmoves)
        );
        assert_eq!(
            field_of(&START.replace(" 0 1", " 0 0")),
            Some(FenField::Fullmoves)
        );
        assert_eq!(
            field_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
            Some(FenField::Turn)
        );
        assert!(matches!(
            format!("{START} extra").parse::<Setup>(),
            Err(ParseFenError::TrailingText { .. })
        ));
        assert_eq!("".parse::<Setup>(), Err(ParseFenError::Empty));
    }

    /// The branch-free reader accepts exactly what the exact reader
    /// accepts, with the same board: placements of random games, each
    /// also with one byte changed, dropped or doubled.
    #[test]
    fn fast_placement_reader_agrees_with_the_exact_one() {
        let mut rng = sqlchess_types::XorShift64::new(7);
        let alphabet = b"pnbrqkPNBRQK0123456789/x ";
        let mut checked = 0;
        for _ in 0..300 {
            let mut pos = crate::Position::new();
            for _ in 0..rng.below(120) {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                pos.play_unchecked(legal[rng.below(legal.len())]);
            }
            let fen = pos.fen();
            let placement = fen
                .split(' ')
                .next()
                .unwrap_or_default()
                .as_bytes()
                .to_vec();
            let mut variants = vec![placement.clone()];
            for _ in 0..20 {
                let mut v = placement.clone();
                let at = rng.below(v.len());
                match rng.below(3) {
                    0 => v[at] = alphabet[rng.below(alphabet.len())],
                    1 => {
                        v.remove(at);
                    }
                    _ => v.insert(at, v[at]),
                }
                variants.push(v);
            }
            for v in variants {
                let text = String::from_utf8(v).unwrap_or_default();
                let exact = parse_board_exact(&text);
                match parse_board_fast(text.as_bytes()) {
                    Some(board) => assert_eq!(exact, Ok(board), "{text}"),
                    None => assert!(exact.is_err(), "{text}"),
                }
                checked += 1;
            }
        }
        assert!(checked > 6000);
    }

    #[test]
    fn error_message_names_field_and_token() {
        let err = START.replace(" w ", " x ").parse::<Setup>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "fen field `side to move` invalid: \"x\": expected 'w' or 'b'"
        );
    }
}
