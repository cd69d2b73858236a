//! [`Position`]: a legal position of any variant, and every operation the
//! bindings call on one. Each method is a `match` over the two engines — the
//! only such dispatch in sqlchess.

use sqlchess_core::CastlingMode;
use sqlchess_fairy::FairyMove;
use sqlchess_types::{Color, GameStatus, Outcome};

use crate::error::{DepthError, FenError, MoveError, Quoted};
use crate::moves::{IndexedMove, Move, MoveInfo};
use crate::variant::{Engine, Variant};

/// The deepest [`Position::perft`] accepted: the same bound in every
/// binding. Depth 12 from a quiet middlegame is already beyond any machine.
pub const MAX_PERFT_DEPTH: u32 = 12;

/// The number of codes [`Position::legal_uci_codes`] uses: every code is
/// below it.
pub const UCI_CODES: usize = 5 * 4096;

/// A legal position of a variant.
///
/// ```
/// use sqlchess_rules::{Position, Variant};
/// let pos = Position::from_fen(&Variant::chess(), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
/// assert_eq!(pos.perft(2).unwrap(), 2039);
/// let castled = pos.play_text("O-O").unwrap();
/// assert_eq!(castled.fen(), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1");
/// ```
#[derive(Debug)]
pub struct Position {
    inner: Inner,
}

impl Clone for Position {
    fn clone(&self) -> Self {
        Position {
            inner: self.inner.clone(),
        }
    }

    /// Copies in place: a chess position straight across, a fairy one into
    /// the box already there (a reader that keeps the position before each
    /// move calls this at every ply).
    fn clone_from(&mut self, source: &Self) {
        match (&mut self.inner, &source.inner) {
            (Inner::Chess(to), Inner::Chess(from)) => *to = *from,
            (Inner::Fairy(to, to_variant), Inner::Fairy(from, from_variant)) => {
                to.clone_from(from);
                to_variant.clone_from(from_variant);
            }
            (to, from) => *to = from.clone(),
        }
    }
}

// One short-lived value per call in the bindings; boxing the fairy state
// keeps the enum at the size of the chess position.
#[derive(Clone, Debug)]
enum Inner {
    Chess(sqlchess_core::Position),
    Fairy(Box<sqlchess_fairy::Position>, Variant),
}

impl Eq for Position {}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        match (&self.inner, &other.inner) {
            (Inner::Chess(a), Inner::Chess(b)) => a == b,
            (Inner::Fairy(a, _), Inner::Fairy(b, _)) => a == b,
            _ => false,
        }
    }
}

impl Position {
    /// The variant's start position (`chess960` starts from the standard
    /// array, with rights in Chess960 terms).
    pub fn start(variant: &Variant) -> Position {
        match variant.engine() {
            Engine::Chess(CastlingMode::Standard) => {
                Position::chess(sqlchess_core::Position::new())
            }
            Engine::Chess(mode) => {
                let mut setup = sqlchess_core::Position::new().to_setup();
                setup.fullmoves = 1;
                // The standard array is a valid Chess960 setup.
                let pos = sqlchess_core::Position::from_setup(setup, *mode)
                    .unwrap_or_else(|_| sqlchess_core::Position::new());
                Position::chess(pos)
            }
            Engine::Fairy(start) => Position::fairy((**start).clone(), variant.clone()),
        }
    }

    /// Reads `fen` as a position of `variant`. For `chess`, Chess960
    /// castling rights in the FEN (X-FEN rights of a rook off the corner,
    /// Shredder-FEN letters) make it a Chess960 position, as the FEN says.
    ///
    /// # Errors
    /// The engine's [`FenError`], naming the field and quoting the token.
    pub fn from_fen(variant: &Variant, fen: &str) -> Result<Position, FenError> {
        match variant.engine() {
            Engine::Chess(CastlingMode::Standard) => {
                Ok(Position::chess(sqlchess_core::Position::from_fen(fen)?))
            }
            Engine::Chess(mode) => Ok(Position::chess(
                sqlchess_core::Position::from_fen_with_mode(fen, *mode)?,
            )),
            Engine::Fairy(start) => Ok(Position::fairy(start.with_fen(fen)?, variant.clone())),
        }
    }

    /// Wraps a position of the standard-chess engine.
    pub fn chess(pos: sqlchess_core::Position) -> Position {
        Position {
            inner: Inner::Chess(pos),
        }
    }

    pub(crate) fn fairy(pos: sqlchess_fairy::Position, variant: Variant) -> Position {
        Position {
            inner: Inner::Fairy(Box::new(pos), variant),
        }
    }

    /// The standard-chess engine's position, for standard chess and Chess960
    /// (the search's fast path).
    pub fn as_chess(&self) -> Option<&sqlchess_core::Position> {
        match &self.inner {
            Inner::Chess(p) => Some(p),
            Inner::Fairy(..) => None,
        }
    }

    /// The generic engine's position, for every other variant.
    pub fn as_fairy(&self) -> Option<&sqlchess_fairy::Position> {
        match &self.inner {
            Inner::Chess(_) => None,
            Inner::Fairy(p, _) => Some(p),
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        match &self.inner {
            Inner::Chess(p) => Variant::chess_with(p.castling_mode()),
            Inner::Fairy(_, v) => v.clone(),
        }
    }

    /// The variant's lower-case name: `chess`, `chess960` or a fairy name.
    pub fn variant_name(&self) -> &str {
        match &self.inner {
            Inner::Chess(p) if p.castling_mode().is_chess960() => "chess960",
            Inner::Chess(_) => "chess",
            Inner::Fairy(_, v) => v.name(),
        }
    }

    /// The position as FEN (X-FEN for Chess960, pockets in brackets).
    pub fn fen(&self) -> String {
        match &self.inner {
            Inner::Chess(p) => p.fen(),
            Inner::Fairy(p, _) => p.fen(),
        }
    }

    /// Writes [`Position::fen`] to `out`; for chess and Chess960 without
    /// allocating (a binding that prints into a buffer it keeps).
    ///
    /// # Errors
    /// Only `out`'s own.
    pub fn write_fen(&self, out: &mut impl std::fmt::Write) -> std::fmt::Result {
        match &self.inner {
            Inner::Chess(p) => p.write_fen(out),
            Inner::Fairy(p, _) => out.write_str(&p.fen()),
        }
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        match &self.inner {
            Inner::Chess(p) => p.turn(),
            Inner::Fairy(p, _) => p.turn(),
        }
    }

    /// `true` if White is to move.
    pub fn white_to_move(&self) -> bool {
        self.turn() == Color::White
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        match &self.inner {
            Inner::Chess(p) => p.halfmoves(),
            Inner::Fairy(p, _) => p.halfmoves(),
        }
    }

    /// The move number.
    pub fn fullmoves(&self) -> u32 {
        match &self.inner {
            Inner::Chess(p) => p.fullmoves(),
            Inner::Fairy(p, _) => p.fullmoves(),
        }
    }

    /// The same position with the half-move clock at 0 and the move number
    /// at 1: the key under which set-based search merges transpositions.
    pub fn without_clocks(&self) -> Position {
        match &self.inner {
            Inner::Chess(p) => Position::chess(p.with_clocks(0, 1)),
            Inner::Fairy(p, v) => Position::fairy(p.with_clocks(0, 1), v.clone()),
        }
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        match &self.inner {
            Inner::Chess(p) => p.is_check(),
            Inner::Fairy(p, _) => p.is_check(),
        }
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        match &self.inner {
            Inner::Chess(p) => p.is_checkmate(),
            Inner::Fairy(p, _) => p.is_checkmate(),
        }
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        match &self.inner {
            Inner::Chess(p) => p.is_stalemate(),
            Inner::Fairy(p, _) => p.is_stalemate(),
        }
    }

    /// The state of play judged from this position alone: for chess also
    /// insufficient material and the fifty-move rule; repetition needs a
    /// game's history.
    pub fn status(&self) -> GameStatus {
        match &self.inner {
            Inner::Chess(p) => p.status(),
            Inner::Fairy(p, _) => p.status(),
        }
    }

    /// The result, if [`Position::status`] says the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.status().outcome()
    }

    /// The 64-bit Zobrist hash of everything but the clocks: sqlchess-core's
    /// keys for chess, sqlchess-fairy's for the other variants.
    pub fn zobrist(&self) -> u64 {
        match &self.inner {
            Inner::Chess(p) => p.zobrist(),
            Inner::Fairy(p, _) => p.zobrist(),
        }
    }

    /// Leaf nodes of the legal move tree `depth` plies deep.
    ///
    /// # Errors
    /// [`DepthError`] past [`MAX_PERFT_DEPTH`].
    pub fn perft(&self, depth: u32) -> Result<u64, DepthError> {
        check_depth(depth)?;
        Ok(match &self.inner {
            Inner::Chess(p) => sqlchess_core::perft::perft(p, depth),
            Inner::Fairy(p, _) => sqlchess_fairy::perft(p, depth),
        })
    }

    /// [`Position::perft`] that asks `stop` before each subtree of at most
    /// a few plies (4 for chess, 3 for other variants: well under a second
    /// each) and gives up with `None` as soon as it says yes: the form for
    /// callers that must honour a cancel request (an SQL statement's
    /// interrupt, a timeout).
    ///
    /// ```
    /// use sqlchess_rules::{Position, Variant};
    /// let pos = Position::start(&Variant::chess());
    /// assert_eq!(pos.perft_until(5, || false).unwrap(), Some(4_865_609));
    /// assert_eq!(pos.perft_until(5, || true).unwrap(), None);
    /// ```
    ///
    /// # Errors
    /// [`DepthError`] past [`MAX_PERFT_DEPTH`].
    pub fn perft_until(
        &self,
        depth: u32,
        mut stop: impl FnMut() -> bool,
    ) -> Result<Option<u64>, DepthError> {
        check_depth(depth)?;
        Ok(self.perft_split(depth, &mut stop))
    }

    fn perft_split(&self, depth: u32, stop: &mut dyn FnMut() -> bool) -> Option<u64> {
        let leaf = match &self.inner {
            Inner::Chess(_) => 4,
            Inner::Fairy(..) => 3,
        };
        if depth <= leaf {
            if stop() {
                return None;
            }
            return Some(match &self.inner {
                Inner::Chess(p) => sqlchess_core::perft::perft(p, depth),
                Inner::Fairy(p, _) => sqlchess_fairy::perft(p, depth),
            });
        }
        let mut total = 0u64;
        for mv in self.legal_moves() {
            total = total.saturating_add(self.play_unchecked(mv).perft_split(depth - 1, stop)?);
        }
        Some(total)
    }

    /// Perft split by first move: (UCI move, leaf count) in generation order.
    ///
    /// # Errors
    /// [`DepthError`] past [`MAX_PERFT_DEPTH`].
    pub fn divide(&self, depth: u32) -> Result<Vec<(String, u64)>, DepthError> {
        check_depth(depth)?;
        if depth == 0 {
            return Ok(Vec::new());
        }
        Ok(match &self.inner {
            Inner::Chess(p) => p
                .legal_moves()
                .iter()
                .map(|&m| {
                    let n = sqlchess_core::perft::perft(&p.after(m), depth - 1);
                    (p.uci(m).to_string(), n)
                })
                .collect(),
            Inner::Fairy(p, _) => sqlchess_fairy::divide(p, depth),
        })
    }

    /// Every legal move, in generation order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Replaces the contents of `out` with every legal move, in generation
    /// order: [`Position::legal_moves`] without an allocation when `out` is
    /// reused (a table-valued function's cursor, a replay loop).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        match &self.inner {
            Inner::Chess(p) => out.extend(p.legal_moves().iter().map(|&m| Move::Chess(m))),
            Inner::Fairy(p, _) => out.extend(p.legal_moves().into_iter().map(Move::Fairy)),
        }
    }

    /// Every legal move's UCI as a number, in generation order, for
    /// standard chess and Chess960: `from + 64 × to + 4096 × promotion`
    /// (squares numbered 0 to 63 from a1 rank by rank; promotion 0 for none,
    /// else 1 knight, 2 bishop, 3 rook, 4 queen), so below
    /// [`UCI_CODES`]. A caller that turns many moves into UCI text (a
    /// binding's list of strings) keeps one string per code
    /// ([`Position::uci_of_code`]) instead of writing each. Replaces the
    /// contents of `out`; `false`, with `out` empty, for other variants.
    ///
    /// ```
    /// use sqlchess_rules::{Position, Variant};
    /// let pos = Position::start(&Variant::chess());
    /// let mut codes = Vec::new();
    /// assert!(pos.legal_uci_codes(&mut codes));
    /// let texts: Vec<String> = codes.iter().map(|&c| Position::uci_of_code(c)).collect();
    /// let expected: Vec<String> = pos.legal_moves().into_iter().map(|m| pos.uci(m)).collect();
    /// assert_eq!(texts, expected);
    /// ```
    pub fn legal_uci_codes(&self, out: &mut Vec<u16>) -> bool {
        out.clear();
        let Inner::Chess(p) = &self.inner else {
            return false;
        };
        p.legal_uci_codes(out);
        true
    }

    /// The UCI text of a code of [`Position::legal_uci_codes`] (empty for
    /// a number that is no such code).
    pub fn uci_of_code(code: u16) -> String {
        use sqlchess_types::Role;
        let promotion = match code / 4096 {
            0 => None,
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            _ => return String::new(),
        };
        let square = |n: u16| sqlchess_core::Square::new(u32::from(n % 64));
        sqlchess_core::UciMove {
            from: square(code),
            to: square(code / 64),
            promotion,
        }
        .to_string()
    }

    /// The number of legal moves, without building the list.
    pub fn count_legal(&self) -> u64 {
        match &self.inner {
            Inner::Chess(p) => p.count_legal_moves(),
            Inner::Fairy(p, _) => p.count_legal(),
        }
    }

    /// The positions after each legal move, in generation order.
    pub fn successors(&self) -> Vec<Position> {
        self.legal_moves()
            .into_iter()
            .map(|m| self.play_unchecked(m))
            .collect()
    }

    /// The position after `mv`, a move of [`Position::legal_moves`] of this
    /// position (not checked again: for loops over legal moves). A move of
    /// the other engine leaves the position as it is.
    pub fn play_unchecked(&self, mv: Move) -> Position {
        match (&self.inner, mv) {
            (Inner::Chess(p), Move::Chess(m)) => Position::chess(p.after(m)),
            (Inner::Fairy(p, v), Move::Fairy(m)) => Position::fairy(p.play(m), v.clone()),
            _ => self.clone(),
        }
    }

    /// [`Position::play_unchecked`] in place: this position becomes the one
    /// after `mv`, without a copy of the position (for readers that replay
    /// a game move by move).
    pub fn play_unchecked_in_place(&mut self, mv: Move) {
        match (&mut self.inner, mv) {
            (Inner::Chess(p), Move::Chess(m)) => p.play_unchecked(m),
            (Inner::Fairy(p, _), Move::Fairy(m)) => **p = p.play(m),
            _ => {}
        }
    }

    /// The position after a null move (PGN's `--`): the turn passes, no en
    /// passant, clocks advance. `None` when the side to move is in check,
    /// where passing would leave the king attacked.
    pub fn null_move(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        match &self.inner {
            Inner::Chess(p) => {
                let mut setup = p.to_setup();
                setup.turn = !setup.turn;
                setup.ep_square = None;
                setup.halfmoves = setup.halfmoves.saturating_add(1);
                if setup.turn == Color::White {
                    setup.fullmoves = setup.fullmoves.saturating_add(1);
                }
                sqlchess_core::Position::from_setup(setup, p.castling_mode())
                    .ok()
                    .map(Position::chess)
            }
            Inner::Fairy(p, v) => Some(Position::fairy(p.pass(), v.clone())),
        }
    }

    /// The position after `mv`, checked to be legal here.
    ///
    /// # Errors
    /// [`MoveError::Illegal`] if it is not one of the legal moves.
    pub fn play(&self, mv: Move) -> Result<Position, MoveError> {
        if self.legal_moves().contains(&mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(MoveError::Illegal {
                text: Quoted::new(&self.uci(mv)),
            })
        }
    }

    /// Reads a move in UCI or SAN — parsed as syntax first, then resolved
    /// against the legal moves, so non-canonical SAN such as `Nbc3`, `0-0`
    /// or `exd6e.p.`-free pawn captures work in every variant.
    ///
    /// # Errors
    /// [`MoveError`]: syntax, illegal or ambiguous.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = trim_move_text(text);
        match &self.inner {
            Inner::Chess(p) => p.parse_move(text).map(Move::Chess).map_err(|e| match e {
                sqlchess_core::MoveError::Syntax { .. } => MoveError::Syntax {
                    text: Quoted::new(text),
                },
                sqlchess_core::MoveError::Illegal(e)
                    if e.reason == sqlchess_core::IllegalReason::Ambiguous =>
                {
                    MoveError::Ambiguous {
                        text: Quoted::new(text),
                    }
                }
                _ => MoveError::Illegal {
                    text: Quoted::new(text),
                },
            }),
            Inner::Fairy(p, _) => parse_fairy_move(p, text, &p.legal_moves()).map(Move::Fairy),
        }
    }

    /// [`Position::parse_move`] that also gives the move's index among
    /// [`Position::legal_moves`], and their number where it was counted:
    /// what a reader that stores moves by index (a game value, a PGN import)
    /// needs at every ply. For chess and Chess960 one pass of the move
    /// generator finds the move and its index without building the list,
    /// and stops at the move when nothing after it can match.
    ///
    /// ```
    /// use sqlchess_rules::{Position, Variant};
    /// let pos = Position::start(&Variant::chess());
    /// let found = pos.parse_move_indexed("Nf3").unwrap();
    /// assert_eq!(pos.legal_moves()[found.index], found.mv);
    /// assert!(found.count.is_none_or(|n| n == 20));
    /// let fairy = Position::start(&Variant::builtin("capablanca").unwrap());
    /// assert_eq!(fairy.parse_move_indexed("Nc3").unwrap().count, Some(28));
    /// ```
    ///
    /// # Errors
    /// As [`Position::parse_move`].
    pub fn parse_move_indexed(&self, text: &str) -> Result<IndexedMove, MoveError> {
        let text = trim_move_text(text);
        match &self.inner {
            Inner::Chess(p) => match p.parse_move_indexed(text) {
                Ok(found) => Ok(IndexedMove {
                    mv: Move::Chess(found.mv),
                    index: found.index,
                    count: found.count,
                }),
                // The error as parse_move words it (it reads the same text
                // the same way, so it fails the same way).
                Err(_) => Err(self.parse_move(text).err().unwrap_or(MoveError::Illegal {
                    text: Quoted::new(text),
                })),
            },
            Inner::Fairy(p, _) => {
                // One generation serves the reading and the index.
                let legal = p.legal_moves();
                let mv = parse_fairy_move(p, text, &legal)?;
                let index = legal
                    .iter()
                    .position(|&m| m == mv)
                    .ok_or(MoveError::Illegal {
                        text: Quoted::new(text),
                    })?;
                Ok(IndexedMove {
                    mv: Move::Fairy(mv),
                    index,
                    count: Some(legal.len()),
                })
            }
        }
    }

    /// The position after a move given in UCI or SAN.
    ///
    /// # Errors
    /// As [`Position::parse_move`].
    pub fn play_text(&self, text: &str) -> Result<Position, MoveError> {
        Ok(self.play_unchecked(self.parse_move(text)?))
    }

    /// `mv` in UCI, in the position's conventions (the variant's promotion
    /// letters, king-takes-rook castling in Chess960, `P@e4` drops).
    pub fn uci(&self, mv: Move) -> String {
        match (&self.inner, mv) {
            (Inner::Chess(p), Move::Chess(m)) => {
                let (bytes, n) = p.uci(m).ascii();
                bytes[..n].iter().map(|&b| char::from(b)).collect()
            }
            (Inner::Fairy(p, _), Move::Fairy(m)) => m.to_uci(p),
            _ => String::new(),
        }
    }

    /// Writes `mv` in UCI to `out`, as [`Position::uci`] but without a
    /// `String` (a relation's column written row after row).
    ///
    /// # Errors
    /// Only `out`'s own.
    pub fn write_uci(&self, mv: Move, out: &mut impl std::fmt::Write) -> std::fmt::Result {
        match (&self.inner, mv) {
            (Inner::Chess(p), Move::Chess(m)) => {
                // Character by character: no formatting machinery for a
                // relation's column written row after row.
                let uci = p.uci(m);
                out.write_char(uci.from.file().char())?;
                out.write_char(uci.from.rank().char())?;
                out.write_char(uci.to.file().char())?;
                out.write_char(uci.to.rank().char())?;
                match uci.promotion {
                    Some(r) => out.write_char(r.char()),
                    None => Ok(()),
                }
            }
            (Inner::Fairy(p, _), Move::Fairy(m)) => out.write_str(&m.to_uci(p)),
            _ => Ok(()),
        }
    }

    /// `mv` in Standard Algebraic Notation (generalised for fairy pieces:
    /// `Ad3`, `P@e5`, `a10=Q`, `Nf3/H`), with `+` or `#`.
    pub fn san(&self, mv: Move) -> String {
        match (&self.inner, mv) {
            (Inner::Chess(p), Move::Chess(m)) => p.san(m),
            (Inner::Fairy(p, _), Move::Fairy(m)) => p.san(m),
            _ => String::new(),
        }
    }

    /// The departure square's name (for a drop, the target square).
    pub fn move_from(&self, mv: Move) -> String {
        match mv {
            Move::Chess(m) => m.from().to_string(),
            Move::Fairy(m) => m.from().to_string(),
        }
    }

    /// Where the moving piece lands (for castling, the king's square).
    pub fn move_to(&self, mv: Move) -> String {
        match mv {
            Move::Chess(m) => m.uci_to(false).to_string(),
            Move::Fairy(m) => m.to().to_string(),
        }
    }

    /// The moving piece's lower-case name (the dropped piece for a drop).
    pub fn moved_piece(&self, mv: Move) -> Option<&str> {
        match (&self.inner, mv) {
            (Inner::Chess(_), Move::Chess(m)) => Some(m.role().name()),
            (Inner::Fairy(p, _), Move::Fairy(m)) => fairy_name(p, p.moved_piece(m)),
            _ => None,
        }
    }

    /// The captured piece's name (en passant and locust victims included;
    /// castling captures nothing).
    pub fn captured_piece(&self, mv: Move) -> Option<&str> {
        match (&self.inner, mv) {
            (Inner::Chess(_), Move::Chess(m)) => m.capture().map(|r| r.name()),
            (Inner::Fairy(p, _), Move::Fairy(m)) => fairy_name(p, p.captured_piece(m)),
            _ => None,
        }
    }

    /// The name of the piece promoted to, if any.
    pub fn promotion(&self, mv: Move) -> Option<&str> {
        match (&self.inner, mv) {
            (Inner::Chess(_), Move::Chess(m)) => m.promotion().map(|r| r.name()),
            (Inner::Fairy(p, _), Move::Fairy(m)) => fairy_name(p, m.promotion().map(|i| (i, true))),
            _ => None,
        }
    }

    /// Whether `mv` gives check.
    pub fn gives_check(&self, mv: Move) -> bool {
        self.play_unchecked(mv).is_check()
    }

    /// Everything about a legal move, for the `legal_moves` relation.
    pub fn describe(&self, mv: Move) -> MoveInfo {
        let after = self.play_unchecked(mv);
        MoveInfo {
            uci: self.uci(mv),
            san: self.san(mv),
            from_square: self.move_from(mv),
            to_square: self.move_to(mv),
            piece: self.moved_piece(mv).unwrap_or_default().to_owned(),
            captured: self.captured_piece(mv).map(str::to_owned),
            promotion: self.promotion(mv).map(str::to_owned),
            gives_check: after.is_check(),
            after,
            mv,
        }
    }

    /// [`Position::describe`] for every legal move.
    pub fn describe_moves(&self) -> Vec<MoveInfo> {
        self.legal_moves()
            .into_iter()
            .map(|m| self.describe(m))
            .collect()
    }
}

fn fairy_name(p: &sqlchess_fairy::Position, piece: Option<(usize, bool)>) -> Option<&str> {
    piece.and_then(|(i, _)| p.variant().pieces.get(i).map(|t| t.name.as_str()))
}

fn check_depth(depth: u32) -> Result<(), DepthError> {
    if depth > MAX_PERFT_DEPTH {
        return Err(DepthError {
            depth: i64::from(depth),
            max: MAX_PERFT_DEPTH,
        });
    }
    Ok(())
}

/// A [`FairyMove`] of the generic engine, for tests that build one.
impl From<FairyMove> for Move {
    fn from(m: FairyMove) -> Move {
        Move::Fairy(m)
    }
}

impl std::fmt::Display for Position {
    /// The FEN.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.fen())
    }
}

/// A fairy move in UCI or SAN among `legal` (the position's legal moves),
/// with the facade's errors: a well-formed UCI move that is illegal stays
/// illegal even if SAN cannot read it.
fn parse_fairy_move(
    p: &sqlchess_fairy::Position,
    text: &str,
    legal: &[sqlchess_fairy::FairyMove],
) -> Result<sqlchess_fairy::FairyMove, MoveError> {
    let found = match p.parse_uci_among(text, legal) {
        Ok(m) => Ok(m),
        // Not UCI: SAN.
        Err(uci_err) => {
            p.parse_san_among(text, legal)
                .map_err(|san_err| match (uci_err, san_err) {
                    (_, sqlchess_fairy::MoveError::Ambiguous(_)) => {
                        sqlchess_fairy::MoveError::Ambiguous(String::new())
                    }
                    (sqlchess_fairy::MoveError::Illegal(_), _)
                    | (_, sqlchess_fairy::MoveError::Illegal(_)) => {
                        sqlchess_fairy::MoveError::Illegal(String::new())
                    }
                    _ => sqlchess_fairy::MoveError::Syntax(String::new()),
                })
        }
    };
    found.map_err(|e| {
        let text = Quoted::new(text);
        match e {
            sqlchess_fairy::MoveError::Ambiguous(_) => MoveError::Ambiguous { text },
            sqlchess_fairy::MoveError::Illegal(_) => MoveError::Illegal { text },
            _ => MoveError::Syntax { text },
        }
    })
}

/// `text` without surrounding white space. A PGN token has none: the
/// Unicode-aware trim is skipped when both ends are visible ASCII.
#[inline]
fn trim_move_text(text: &str) -> &str {
    let visible = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_graphic());
    if visible(text.as_bytes().first()) && visible(text.as_bytes().last()) {
        text
    } else {
        text.trim()
    }
}
