//! A legal, playable position of standard chess or Chess960.

use core::fmt;

use sqlchess_types::{attacks, Bitboard, CastlingSide, Color, Move, Rank, Role, Square};

use crate::fen::{write_castling, ParseFenError};
use crate::{zobrist, Board, Setup};

/// How castling moves are written in UCI and how castling rights are checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingMode {
    /// Kings on e1/e8 and rooks in the corners; UCI castling as `e1g1`.
    #[default]
    Standard,
    /// Kings and rooks on any back-rank squares; UCI castling as king-takes-rook, `e1h1`.
    Chess960,
}

impl CastlingMode {
    /// `true` for Chess960.
    pub fn is_chess960(self) -> bool {
        self == CastlingMode::Chess960
    }

    /// The mode a setup needs: Chess960 unless every castling right is standard.
    pub fn detect(setup: &Setup) -> CastlingMode {
        for color in Color::ALL {
            let rights = setup.castling_rights_of(color);
            if rights.is_empty() {
                continue;
            }
            let king = Square::from_coords(sqlchess_types::File::E, Rank::First.relative_to(color));
            let corners = Bitboard::CORNERS & Bitboard::from_rank(Rank::First.relative_to(color));
            if setup.board.king_of(color) != Some(king) || (rights - corners).any() {
                return CastlingMode::Chess960;
            }
        }
        CastlingMode::Standard
    }
}

/// One reason a [`Setup`] is not a legal position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionErrorKind {
    /// A side has no king.
    MissingKing(Color),
    /// A side has more than one king.
    TooManyKings(Color),
    /// A pawn stands on the first or last rank.
    PawnsOnBackrank,
    /// A side has more pieces than a game can produce (over 16, over 8 pawns,
    /// or more promoted pieces than missing pawns).
    TooManyPieces(Color),
    /// The side that just moved is in check.
    OppositeCheck,
    /// The side to move is checked in a way no legal move can cause.
    ImpossibleCheck,
    /// A castling right names a square without an unmoved rook beside an unmoved king.
    InvalidCastlingRights,
    /// The en-passant square is not just behind a pawn that could have made a double step.
    InvalidEpSquare,
}

impl fmt::Display for PositionErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionErrorKind::MissingKing(c) => write!(f, "no {c} king"),
            PositionErrorKind::TooManyKings(c) => write!(f, "more than one {c} king"),
            PositionErrorKind::PawnsOnBackrank => f.write_str("pawns on the first or last rank"),
            PositionErrorKind::TooManyPieces(c) => write!(f, "more {c} pieces than a game allows"),
            PositionErrorKind::OppositeCheck => f.write_str("the side not to move is in check"),
            PositionErrorKind::ImpossibleCheck => {
                f.write_str("the side to move is in an impossible check")
            }
            PositionErrorKind::InvalidCastlingRights => {
                f.write_str("castling rights without the king and rook on their squares")
            }
            PositionErrorKind::InvalidEpSquare => {
                f.write_str("en-passant square without a pawn that just made a double step")
            }
        }
    }
}

/// A [`Setup`] that breaks the rules, with every reason found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    /// The rejected setup.
    pub setup: Box<Setup>,
    /// Every rule it breaks.
    pub reasons: Vec<PositionErrorKind>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("impossible position: ")?;
        for (i, r) in self.reasons.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

/// Either a FEN that cannot be read or one that describes an impossible position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenError {
    /// The text is not FEN.
    #[error(transparent)]
    Parse(#[from] ParseFenError),
    /// The FEN reads, but the position breaks the rules.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A legal position of standard chess or Chess960: the only way to get one
/// is [`Position::from_setup`] (or FEN), which checks every rule.
///
/// Moves are made by copy: `play` changes the position in place and is cheap
/// enough (about a hundred bytes) that search keeps copies instead of undoing.
///
/// ```
/// use sqlchess_core::Position;
/// let mut pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 20);
/// let mv = pos.parse_san("e4").unwrap();
/// pos.play_unchecked(mv);
/// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) castling_rights: Bitboard,
    /// Only set when an en-passant capture is legal, so that positions with
    /// the same legal moves have the same hash.
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) mode: CastlingMode,
    pub(crate) hash: u64,
    pub(crate) checkers: Bitboard,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

/// More than 16 pieces of `color`, more than 8 pawns, or more pieces
/// beyond the first two knights, bishops and rooks and the first queen than
/// missing pawns could have promoted to.
fn too_many_pieces(board: &Board, color: Color) -> bool {
    let ours = board.by_color(color);
    let pawns = (board.pawns() & ours).count();
    // Most positions have no promoted piece: two bit tricks per role
    // instead of a count of each.
    let beyond = |bb: Bitboard, first: usize| match first {
        1 => bb.more_than_one(),
        _ => (bb & Bitboard(bb.0.wrapping_sub(1))).more_than_one(),
    };
    let promoted = [
        (Role::Knight, 2),
        (Role::Bishop, 2),
        (Role::Rook, 2),
        (Role::Queen, 1),
    ];
    let extra = if promoted
        .iter()
        .any(|&(role, first)| beyond(board.by_role(role) & ours, first))
    {
        promoted
            .iter()
            .map(|&(role, first)| (board.by_role(role) & ours).count().saturating_sub(first))
            .sum()
    } else {
        0
    };
    ours.count() > 16 || pawns > 8 || pawns + extra > 8
}

impl Position {
    /// The standard starting position.
    pub fn new() -> Position {
        // Checked once: bindings make start positions by the million.
        static START: std::sync::OnceLock<Position> = std::sync::OnceLock::new();
        *START.get_or_init(|| {
            match Position::from_setup(Setup::initial(), CastlingMode::Standard) {
                Ok(pos) => pos,
                Err(_) => unreachable!("the initial position is legal"),
            }
        })
    }

    /// Checks `setup` against every rule and makes it a position.
    ///
    /// # Errors
    /// [`PositionError`] listing every broken rule.
    pub fn from_setup(setup: Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        let mut reasons = Vec::new();
        let board = setup.board;
        for color in Color::ALL {
            let kings = board.kings() & board.by_color(color);
            if kings.is_empty() {
                reasons.push(PositionErrorKind::MissingKing(color));
            } else if kings.more_than_one() {
                reasons.push(PositionErrorKind::TooManyKings(color));
            }
            if too_many_pieces(&board, color) {
                reasons.push(PositionErrorKind::TooManyPieces(color));
            }
        }
        if (board.pawns() & Bitboard::BACKRANKS).any() {
            reasons.push(PositionErrorKind::PawnsOnBackrank);
        }
        if !reasons.is_empty() {
            return Err(PositionError {
                setup: Box::new(setup),
                reasons,
            });
        }

        let mut pos = Position {
            board,
            turn: setup.turn,
            castling_rights: setup.castling_rights,
            ep_square: None,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            mode,
            hash: 0,
            checkers: Bitboard::EMPTY,
        };

        // Castling rights: each must name a rook of that colour on its back
        // rank with the king on the same rank; standard chess wants e-file kings.
        for color in Color::ALL {
            let rights = setup.castling_rights_of(color);
            let back = Bitboard::from_rank(Rank::First.relative_to(color));
            let rooks = board.rooks() & board.by_color(color) & back;
            let king = board.king_of(color).filter(|k| back.contains(*k));
            let other_rank = setup.castling_rights & board.by_color(color) & !back;
            let mut bad = (rights - rooks).any() || other_rank.any();
            match king {
                None => bad |= rights.any(),
                Some(k) => {
                    let kingside = rights.into_iter().filter(|r| r.file() > k.file()).count();
                    let queenside = rights.into_iter().filter(|r| r.file() < k.file()).count();
                    bad |= kingside > 1 || queenside > 1;
                    if mode == CastlingMode::Standard && rights.any() {
                        bad |= k.file() != sqlchess_types::File::E
                            || (rights - Bitboard::CORNERS).any();
                    }
                }
            }
            if bad {
                reasons.push(PositionErrorKind::InvalidCastlingRights);
                break;
            }
        }
        if (setup.castling_rights & !Bitboard::BACKRANKS).any()
            && !reasons.contains(&PositionErrorKind::InvalidCastlingRights)
        {
            reasons.push(PositionErrorKind::InvalidCastlingRights);
        }

        if let Some(ep) = setup.ep_square {
            let us = setup.turn;
            let ep_rank = Rank::Sixth.relative_to(us);
            let (pushed, origin) = match us {
                Color::White => (ep.offset(0, -1), ep.offset(0, 1)),
                Color::Black => (ep.offset(0, 1), ep.offset(0, -1)),
            };
            let ok = ep.rank() == ep_rank
                && !board.occupied().contains(ep)
                && origin.is_some_and(|o| !board.occupied().contains(o))
                && pushed.is_some_and(|p| board.by_piece(Role::Pawn.of(!us)).contains(p));
            if !ok {
                reasons.push(PositionErrorKind::InvalidEpSquare);
            } else if (attacks::pawn_attacks(!us, ep) & board.by_piece(Role::Pawn.of(us))).any() {
                pos.ep_square = Some(ep);
            }
        }

        let them = !setup.turn;
        if let Some(their_king) = board.king_of(them) {
            if board
                .attackers_to(their_king, setup.turn, board.occupied())
                .any()
            {
                reasons.push(PositionErrorKind::OppositeCheck);
            }
        }
        pos.update_check_info();
        pos.settle_ep_square();
        if pos.checkers.count() > 2 {
            reasons.push(PositionErrorKind::ImpossibleCheck);
        }
        if !reasons.is_empty() {
            return Err(PositionError {
                setup: Box::new(setup),
                reasons,
            });
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// Parses a FEN (X-FEN and Shredder-FEN castling accepted) and checks the
    /// position. Chess960 castling is detected from the castling rights.
    ///
    /// # Errors
    /// [`FenError::Parse`] for malformed text, naming the field;
    /// [`FenError::Position`] for an impossible position.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let setup: Setup = fen.parse()?;
        let mode = CastlingMode::detect(&setup);
        Ok(Position::from_setup(setup, mode)?)
    }

    /// Like [`Position::from_fen`] with the castling mode given.
    ///
    /// # Errors
    /// As [`Position::from_fen`].
    pub fn from_fen_with_mode(fen: &str, mode: CastlingMode) -> Result<Position, FenError> {
        let setup: Setup = fen.parse()?;
        let mode = if mode == CastlingMode::Standard {
            CastlingMode::detect(&setup)
        } else {
            mode
        };
        Ok(Position::from_setup(setup, mode)?)
    }

    /// Recomputes the Zobrist hash from scratch (moves update it incrementally).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        // Piece by piece from the bitboards: no square asks which piece
        // stands on it.
        for color in Color::ALL {
            let ours = self.board.by_color(color);
            for role in Role::ALL {
                for sq in self.board.by_role(role) & ours {
                    h ^= zobrist::piece_key(color, role, sq);
                }
            }
        }
        h ^= zobrist::castling_key(self.castling_rights);
        if let Some(ep) = self.ep_square {
            h ^= zobrist::ep_key(ep);
        }
        if self.turn == Color::Black {
            h ^= zobrist::turn_key();
        }
        h
    }

    pub(crate) fn update_check_info(&mut self) {
        let us = self.turn;
        let them = !us;
        let Some(king) = self.board.king_of(us) else {
            return;
        };
        let occ = self.board.occupied();
        self.checkers = self.board.attackers_to(king, them, occ);
    }

    /// Our pieces pinned to our king (computed when moves are generated).
    #[inline]
    pub(crate) fn compute_pinned(&self) -> Bitboard {
        let us = self.turn;
        let them = !us;
        let king = self.our_king();
        let occ = self.board.occupied();
        // The lines through the king, without the slider tables (a pin
        // test at every node should not cost a cache miss).
        let snipers = ((attacks::rook_lines(king) & self.board.rooks_and_queens())
            | (attacks::bishop_lines(king) & self.board.bishops_and_queens()))
            & self.board.by_color(them);
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let blockers = attacks::between(king, s) & occ;
            if !blockers.more_than_one() {
                pinned |= blockers & self.board.by_color(us);
            }
        }
        pinned
    }

    /// The piece placement.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The rooks that may still castle.
    #[inline]
    pub fn castling_rights(&self) -> Bitboard {
        self.castling_rights
    }

    /// Standard or Chess960 castling.
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// The en-passant square, if an en-passant capture is legal (the same as
    /// [`Position::legal_ep_square`]: positions never keep a useless one).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The en-passant square only if an en-passant capture is legal.
    pub fn legal_ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Half-moves since the last capture or pawn move.
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The full-move number.
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The same position with other clocks (a full-move number of 0 is
    /// taken as 1). Clocks take no part in legality nor in the hash, so
    /// nothing else changes: cheaper than a round trip through [`Setup`].
    pub fn with_clocks(&self, halfmoves: u32, fullmoves: u32) -> Position {
        let mut pos = *self;
        pos.halfmoves = halfmoves;
        pos.fullmoves = fullmoves.max(1);
        pos
    }

    /// The Zobrist hash.
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The position with the turn passed to the other side (a null move:
    /// no en passant, clocks advanced as for a quiet move), or `None` when
    /// the side to move is in check (passing would leave its king attacked).
    /// Cheap: no validation, as passing keeps a legal position legal.
    ///
    /// ```
    /// use sqlchess_core::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").unwrap();
    /// let passed = pos.pass().unwrap();
    /// assert_eq!(passed.fen(), "4k3/8/8/8/4P3/8/8/4K3 w - - 1 2");
    /// assert_eq!(passed.pass().unwrap().zobrist(), Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - - 2 2").unwrap().zobrist());
    /// ```
    pub fn pass(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut pos = *self;
        pos.hash ^= zobrist::turn_key();
        if let Some(ep) = pos.ep_square.take() {
            pos.hash ^= zobrist::ep_key(ep);
        }
        pos.halfmoves = pos.halfmoves.saturating_add(1);
        if pos.turn == Color::Black {
            pos.fullmoves = pos.fullmoves.saturating_add(1);
        }
        pos.turn = !pos.turn;
        pos.update_check_info();
        Some(pos)
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// `true` if the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// The king of the side to move.
    #[inline]
    pub fn our_king(&self) -> Square {
        // A Position always has one king of each colour.
        self.board.king_of(self.turn).unwrap_or(Square::A1)
    }

    /// The position as a [`Setup`] (with the en-passant square only if a
    /// capture there is legal).
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            castling_rights: self.castling_rights,
            ep_square: self.legal_ep_square(),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The FEN. Castling is written `KQkq` where that is unambiguous and by
    /// rook file (X-FEN) otherwise; the en-passant square only when an
    /// en-passant capture is legal.
    pub fn fen(&self) -> String {
        let mut out = String::with_capacity(96);
        // Writing to a String cannot fail.
        let _ = self.write_fen(&mut out);
        out
    }

    /// Writes [`Position::fen`] to `out` in one `write_str`, without
    /// allocating: for callers that print many positions into a buffer of
    /// their own.
    ///
    /// # Errors
    /// Only `out`'s own.
    pub fn write_fen(&self, out: &mut impl fmt::Write) -> fmt::Result {
        // Built byte by byte in a stack buffer rather than through `fmt`:
        // printing positions is what FEN-returning SQL and Python calls do
        // all day.
        let mut buf = crate::fen::FenBuf::new();
        buf.placement(&self.board);
        buf.push(b' ');
        buf.push(self.turn.char() as u8);
        buf.push(b' ');
        write_castling(&self.board, self.castling_rights, &mut buf)?;
        match self.legal_ep_square() {
            Some(sq) => {
                buf.push(b' ');
                buf.push(sq.file().char() as u8);
                buf.push(sq.rank().char() as u8);
            }
            None => {
                buf.push(b' ');
                buf.push(b'-');
            }
        }
        buf.push(b' ');
        buf.decimal(self.halfmoves);
        buf.push(b' ');
        buf.decimal(self.fullmoves);
        out.write_str(buf.as_str())
    }

    /// Makes a move without checking that it is legal.
    ///
    /// Use it for moves that came from [`Position::legal_moves`]; anything
    /// else may leave the position inconsistent. See [`Position::play`].
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.turn;
        let them = !us;
        let mut hash = self.hash ^ zobrist::turn_key();
        if let Some(ep) = self.ep_square.take() {
            hash ^= zobrist::ep_key(ep);
        }
        let old_rights = self.castling_rights;
        self.halfmoves = self.halfmoves.saturating_add(1);
        match mv {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if let Some(cap) = capture {
                    self.board.take(to, them, cap);
                    hash ^= zobrist::piece_key(them, cap, to);
                    self.halfmoves = 0;
                }
                match promotion {
                    Some(promo) => {
                        self.board.take(from, us, Role::Pawn);
                        self.board.put(to, us, promo);
                        hash ^= zobrist::piece_key(us, Role::Pawn, from)
                            ^ zobrist::piece_key(us, promo, to);
                    }
                    None => {
                        self.board.shift(from, to, us, role);
                        hash ^=
                            zobrist::piece_key(us, role, from) ^ zobrist::piece_key(us, role, to);
                    }
                }
                if role == Role::Pawn {
                    self.halfmoves = 0;
                    if (from as u8 ^ to as u8) == 16 {
                        let ep = Square::new((from as u32 + to as u32) / 2);
                        if (attacks::pawn_attacks(us, ep)
                            & self.board.by_piece(Role::Pawn.of(them)))
                        .any()
                        {
                            // Kept only if a capture there is legal: settled below.
                            self.ep_square = Some(ep);
                        }
                    }
                } else if role == Role::King {
                    self.castling_rights &= !Bitboard::from_rank(Rank::First.relative_to(us));
                }
                self.castling_rights &= !(Bitboard::from_square(from) | Bitboard::from_square(to));
            }
            Move::EnPassant { from, to } => {
                let captured = Square::from_coords(to.file(), from.rank());
                self.board.take(captured, them, Role::Pawn);
                self.board.shift(from, to, us, Role::Pawn);
                hash ^= zobrist::piece_key(them, Role::Pawn, captured)
                    ^ zobrist::piece_key(us, Role::Pawn, from)
                    ^ zobrist::piece_key(us, Role::Pawn, to);
                self.halfmoves = 0;
            }
            Move::Castle { king, rook } => {
                let side = if rook > king {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                let king_to = side.king_to(us);
                let rook_to = side.rook_to(us);
                self.board.take(king, us, Role::King);
                self.board.take(rook, us, Role::Rook);
                self.board.put(king_to, us, Role::King);
                self.board.put(rook_to, us, Role::Rook);
                hash ^= zobrist::piece_key(us, Role::King, king)
                    ^ zobrist::piece_key(us, Role::Rook, rook)
                    ^ zobrist::piece_key(us, Role::King, king_to)
                    ^ zobrist::piece_key(us, Role::Rook, rook_to);
                self.castling_rights &= !Bitboard::from_rank(Rank::First.relative_to(us));
            }
        }
        hash ^= zobrist::castling_key(old_rights ^ self.castling_rights);
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
        match mv {
            Move::Normal {
                role,
                from,
                to,
                promotion,
                ..
            } => {
                // New checks come from the piece that moved, or from one of
                // ours behind the square it left. Sliders are tested through
                // the small line tables: the slider tables are large, and a
                // PGN reader that replays moves between its other work finds
                // them out of cache.
                let k = self.our_king();
                let occ = self.board.occupied();
                let ours = self.board.by_color(us);
                let placed = promotion.unwrap_or(role);
                let direct = match placed {
                    Role::Bishop | Role::Rook | Role::Queen => slider_sees(placed, to, k, occ),
                    _ => attacks::attacks(placed, us, to, occ).contains(k),
                };
                let mut checkers = if direct {
                    Bitboard::from_square(to)
                } else {
                    Bitboard::EMPTY
                };
                let opened = attacks::line(k, from);
                if opened.any() {
                    let straight = k.file() == from.file() || k.rank() == from.rank();
                    let sliders = if straight {
                        self.board.rooks_and_queens()
                    } else {
                        self.board.bishops_and_queens()
                    };
                    for s in opened & sliders & ours {
                        if (attacks::between(k, s) & occ).is_empty() {
                            checkers.add(s);
                        }
                    }
                }
                self.checkers = checkers;
            }
            _ => self.update_check_info(),
        }
        self.settle_ep_square();
        if let Some(ep) = self.ep_square {
            hash ^= zobrist::ep_key(ep);
        }
        self.hash = hash;
    }

    /// Drops the en-passant square unless a capture there is legal, so that
    /// positions with the same legal moves have the same FEN and hash.
    fn settle_ep_square(&mut self) {
        if self.ep_square.is_some() {
            let mut any = crate::movegen::AnySink(false);
            self.gen_ep_only(&mut any);
            if !any.0 {
                self.ep_square = None;
            }
        }
    }

    /// Makes `mv` if it is legal here.
    ///
    /// # Errors
    /// [`IllegalMoveError`] if `mv` is not among the legal moves.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMoveError {
                uci: mv.to_uci(self.mode.is_chess960()).to_string(),
                fen: self.fen(),
                reason: IllegalReason::NotLegal,
            })
        }
    }

    /// `true` if `mv` is a legal move here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// The position after `mv`, leaving `self` as it is.
    pub fn after(&self, mv: Move) -> Position {
        let mut next = *self;
        next.play_unchecked(mv);
        next
    }

    /// `true` if the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// `true` if the side to move has no legal move and is not in check.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// `true` if `color` cannot checkmate by any sequence of legal moves with
    /// this material (the usual dead-position cases).
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let b = &self.board;
        let ours = b.by_color(color);
        if (ours & (b.pawns() | b.rooks() | b.queens())).any() {
            return false;
        }
        if (ours & b.knights()).any() {
            // A lone knight mates only if the other side has something to block with.
            return ours.count() <= 2 && (b.by_color(!color) & !b.kings() & !b.queens()).is_empty();
        }
        if (ours & b.bishops()).any() {
            // Bishops all on one colour cannot mate unless the other side has
            // pieces that can be trapped on the other colour.
            let same_colour = (b.bishops() & Bitboard::DARK_SQUARES).is_empty()
                || (b.bishops() & Bitboard::LIGHT_SQUARES).is_empty();
            return same_colour && b.pawns().is_empty() && b.knights().is_empty();
        }
        true
    }

    /// `true` if neither side can ever checkmate.
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(Color::White) && self.has_insufficient_material(Color::Black)
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalReason {
    /// The move is well formed but not legal in the position.
    NotLegal,
    /// A SAN move matches several legal moves.
    Ambiguous,
}

/// A move that cannot be played in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} move {uci:?} in position {fen:?}", match reason { IllegalReason::NotLegal => "illegal", IllegalReason::Ambiguous => "ambiguous" })]
pub struct IllegalMoveError {
    /// The move as given.
    pub uci: String,
    /// The position's FEN.
    pub fen: String,
    /// What is wrong.
    pub reason: IllegalReason,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_fen(f)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

/// Whether a `role` slider on `from` attacks `target` across `occupied`:
/// on one of its lines with nothing between.
#[inline]
fn slider_sees(role: Role, from: Square, target: Square, occupied: Bitboard) -> bool {
    let line = attacks::line(from, target);
    if line.is_empty() {
        return false;
    }
    let straight = from.file() == target.file() || from.rank() == target.rank();
    let moves_so = match role {
        Role::Rook => straight,
        Role::Bishop => !straight,
        _ => true,
    };
    moves_so && (attacks::between(from, target) & occupied).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_many_pieces_agrees_with_counting_every_role() {
        // Random boards of up to 40 pieces, each square's piece drawn from
        // all twelve: the bit-trick check against the count of each role.
        let mut rng = sqlchess_types::XorShift64::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 {
            let mut board = Board::empty();
            let pieces = rng.below(40);
            for _ in 0..pieces {
                let sq = Square::new(rng.below(64) as u32);
                if board.occupied().contains(sq) {
                    continue;
                }
                let color = Color::ALL[rng.below(2)];
                let role = Role::ALL[rng.below(6)];
                board.put(sq, color, role);
            }
            for color in Color::ALL {
                let m = board.material()[color];
                let pawns = i32::from(m[0]);
                let extra = (i32::from(m[1]) - 2).max(0)
                    + (i32::from(m[2]) - 2).max(0)
                    + (i32::from(m[3]) - 2).max(0)
                    + (i32::from(m[4]) - 1).max(0);
                let counted = board.by_color(color).count() > 16 || pawns > 8 || pawns + extra > 8;
                assert_eq!(
                    too_many_pieces(&board, color),
                    counted,
                    "{board:?} {color:?}"
                );
            }
        }
    }
}
