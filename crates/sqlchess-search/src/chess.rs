//! [`Game`] for standard chess and Chess960: on sqlchess-core's
//! [`Position`] with the built-in evaluation alone (the evaluation's tuning
//! data and tests), and as [`ChessGame`], the engine's, whose evaluation
//! adds an embedded network's.

use std::sync::LazyLock;

use sqlchess_core::attacks::{attacks, line};
use sqlchess_core::zobrist::splitmix;
use sqlchess_core::{Bitboard, Move, Position, Role, Square};

use crate::eval::{self, EXCHANGE_VALUE};
use crate::game::{Game, RelativeOutcome};
use crate::net::{Accumulator, Network};
use crate::tt::TableMove;

/// The hidden layer of the embedded network.
const NET_HIDDEN: usize = 128;

/// The network the engine adds to the built-in evaluation: trained by
/// `scripts/nnue_train.py --residual` on positions labelled by Stockfish,
/// to correct what [`eval::evaluate`] gets wrong (BENCHMARKS.md, "The
/// network in the engine").
static NETWORK: LazyLock<Network> = LazyLock::new(|| {
    // A file of this repository, checked by the tests: it always reads.
    Network::from_bytes(include_bytes!("../nets/chess-h128.bin"))
        .expect("the embedded network file is valid")
});

/// The engine's static evaluation of `pos` from White's side, without the
/// side to move's tempo (so that the start position scores 0): the
/// built-in evaluation's ([`eval::evaluate_white`]) plus the network's
/// correction, which scores for the side to move, tempo included; the
/// mean of its score with White to move and minus its score with Black to
/// move leaves the tempo out.
pub(crate) fn evaluate_white(pos: &Position) -> i32 {
    let sums = NETWORK.accumulate::<NET_HIDDEN>(pos.board());
    let white = NETWORK.evaluate_accumulated(&sums, sqlchess_core::Color::White, pos.board());
    let black = NETWORK.evaluate_accumulated(&sums, sqlchess_core::Color::Black, pos.board());
    eval::evaluate_white(pos) + (white - black) / 2
}

/// Standard chess or Chess960 as the engine searches it: the position and
/// the network's hidden sums, updated move by move rather than summed
/// afresh at every node.
#[derive(Clone, Debug)]
pub struct ChessGame {
    pos: Position,
    sums: Accumulator<NET_HIDDEN>,
}

impl ChessGame {
    /// The game at `pos`.
    pub fn new(pos: Position) -> ChessGame {
        let sums = NETWORK.accumulate(pos.board());
        ChessGame { pos, sums }
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The game after a pass to `passed`: the board, and so the sums, stay.
    fn passed(&self, passed: Option<Position>) -> Option<ChessGame> {
        passed.map(|pos| ChessGame {
            pos,
            sums: self.sums,
        })
    }
}

impl Game for ChessGame {
    type Move = Move;

    const SELECTIVE: bool = true;

    #[inline]
    fn moves(&self, out: &mut Vec<Move>) {
        Game::moves(&self.pos, out);
    }

    fn untested_moves(&self, out: &mut Vec<Move>) {
        Game::untested_moves(&self.pos, out);
    }

    fn is_untested_move_legal(&self, mv: Move) -> bool {
        Game::is_untested_move_legal(&self.pos, mv)
    }

    fn has_moves(&self, scratch: &mut Vec<Move>) -> bool {
        Game::has_moves(&self.pos, scratch)
    }

    #[inline]
    fn apply(&mut self, mv: Move) {
        let before = *self.pos.board();
        Game::apply(&mut self.pos, mv);
        NETWORK.update(&mut self.sums, &before, self.pos.board());
    }

    #[inline]
    fn outcome(&self) -> Option<RelativeOutcome> {
        Game::outcome(&self.pos)
    }

    fn outcome_without_moves(&self) -> RelativeOutcome {
        Game::outcome_without_moves(&self.pos)
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.pos.zobrist()
    }

    fn move_text(&self, mv: Move) -> String {
        Game::move_text(&self.pos, mv)
    }

    #[inline]
    fn evaluate(&self) -> i32 {
        eval::evaluate(&self.pos)
            + NETWORK.evaluate_accumulated(&self.sums, self.pos.turn(), self.pos.board())
    }

    #[inline]
    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    #[inline]
    fn is_noisy(&self, mv: Move) -> bool {
        Game::is_noisy(&self.pos, mv)
    }

    fn noisy_moves(&self, out: &mut Vec<Move>) {
        Game::noisy_moves(&self.pos, out);
    }

    #[inline]
    fn noisy_order(&self, mv: Move) -> i32 {
        Game::noisy_order(&self.pos, mv)
    }

    #[inline]
    fn gain(&self, mv: Move) -> i32 {
        Game::gain(&self.pos, mv)
    }

    #[inline]
    fn see(&self, mv: Move) -> i32 {
        see(&self.pos, mv)
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        Game::history_index(&self.pos, mv)
    }

    fn piece_to_slots(&self) -> usize {
        Game::piece_to_slots(&self.pos)
    }

    #[inline]
    fn piece_to_index(&self, mv: Move) -> usize {
        Game::piece_to_index(&self.pos, mv)
    }

    fn correction_key(&self) -> Option<u64> {
        Game::correction_key(&self.pos)
    }

    fn drops(&self) -> bool {
        Game::drops(&self.pos)
    }

    fn prunes_checks(&self) -> bool {
        Game::prunes_checks(&self.pos)
    }

    #[inline]
    fn reversible_plies(&self) -> u32 {
        Game::reversible_plies(&self.pos)
    }

    fn perpetual_check_loses(&self) -> bool {
        Game::perpetual_check_loses(&self.pos)
    }

    fn null_move(&self) -> Option<ChessGame> {
        self.passed(Game::null_move(&self.pos))
    }

    #[inline]
    fn may_give_check(&self, mv: Move) -> bool {
        Game::may_give_check(&self.pos, mv)
    }

    fn pass(&self) -> Option<ChessGame> {
        self.passed(Game::pass(&self.pos))
    }
}

/// A chess move in 23 bits: its kind (2), then the squares (6 each) and,
/// for a normal move, the roles (3 each: the mover, the captured piece
/// and the promotion, the last two 0 for none).
impl TableMove for Move {
    fn to_bits(self) -> u64 {
        let square = |s: Square, shift: u32| (s.index() as u64) << shift;
        let role = |r: Option<Role>, shift: u32| r.map_or(0, |r| r.index() as u64 + 1) << shift;
        match self {
            Move::Normal {
                role: mover,
                from,
                capture,
                to,
                promotion,
            } => {
                square(from, 2)
                    | square(to, 8)
                    | role(Some(mover), 14)
                    | role(capture, 17)
                    | role(promotion, 20)
            }
            Move::EnPassant { from, to } => 1 | square(from, 2) | square(to, 8),
            Move::Castle { king, rook } => 2 | square(king, 2) | square(rook, 8),
        }
    }

    fn from_bits(bits: u64) -> Option<Move> {
        let square = |shift: u32| Square::try_new((bits >> shift) as u32 & 63);
        let role = |shift: u32| match (bits >> shift) as usize & 7 {
            0 => Ok(None),
            n => Role::ALL.get(n - 1).copied().map(Some).ok_or(()),
        };
        if bits >> 23 != 0 {
            return None;
        }
        match bits & 3 {
            0 => Some(Move::Normal {
                role: role(14).ok()??,
                from: square(2)?,
                capture: role(17).ok()?,
                to: square(8)?,
                promotion: role(20).ok()?,
            }),
            1 => Some(Move::EnPassant {
                from: square(2)?,
                to: square(8)?,
            }),
            2 => Some(Move::Castle {
                king: square(2)?,
                rook: square(8)?,
            }),
            _ => None,
        }
    }
}

impl Game for Position {
    type Move = Move;

    const SELECTIVE: bool = true;

    /// A hash of both sides' pawns and the side to move. With the network
    /// in the evaluation, correction history gained about 18 Elo at 10 ms
    /// a move; on the tuned evaluation alone it had lost (BENCHMARKS.md,
    /// "A deeper teacher, and correction history for chess").
    fn correction_key(&self) -> Option<u64> {
        let board = self.board();
        let pawns = board.by_role(Role::Pawn);
        let white = pawns & board.by_color(sqlchess_core::Color::White);
        let (_, black_key) = splitmix((pawns & !white).0);
        let (_, key) = splitmix(white.0 ^ black_key);
        Some(key << 1 | u64::from(self.turn() == sqlchess_core::Color::Black))
    }

    #[inline]
    fn moves(&self, out: &mut Vec<Move>) {
        out.extend_from_slice(&self.legal_moves());
    }

    #[inline]
    fn apply(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }

    #[inline]
    fn outcome(&self) -> Option<RelativeOutcome> {
        if self.halfmoves() >= 100 {
            // Mate on the hundredth half-move still counts as mate.
            if self.is_check() && !self.has_legal_moves() {
                return Some(RelativeOutcome::Loss);
            }
            return Some(RelativeOutcome::Draw);
        }
        if self.is_insufficient_material() {
            return Some(RelativeOutcome::Draw);
        }
        None
    }

    #[inline]
    fn outcome_without_moves(&self) -> RelativeOutcome {
        if self.is_check() {
            RelativeOutcome::Loss
        } else {
            RelativeOutcome::Draw
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.zobrist()
    }

    fn move_text(&self, mv: Move) -> String {
        self.uci(mv).to_string()
    }

    #[inline]
    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }

    #[inline]
    fn is_check(&self) -> bool {
        Position::is_check(self)
    }

    #[inline]
    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture() || mv.promotion().is_some()
    }

    #[inline]
    fn noisy_order(&self, mv: Move) -> i32 {
        let victim = mv.capture().map_or(0, |r| EXCHANGE_VALUE[r as usize]);
        let promo = mv.promotion().map_or(0, |r| EXCHANGE_VALUE[r as usize]);
        (victim + promo) * 8 - mv.role() as i32
    }

    #[inline]
    fn gain(&self, mv: Move) -> i32 {
        let victim = mv.capture().map_or(0, |r| EXCHANGE_VALUE[r as usize]);
        let promo = mv.promotion().map_or(0, |r| {
            EXCHANGE_VALUE[r as usize] - EXCHANGE_VALUE[Role::Pawn as usize]
        });
        victim + promo
    }

    #[inline]
    fn see(&self, mv: Move) -> i32 {
        see(self, mv)
    }

    #[inline]
    fn may_give_check(&self, mv: Move) -> bool {
        let Some(king) = self.board().king_of(!self.turn()) else {
            return true;
        };
        let (from, to) = (mv.from(), mv.to());
        // Castling and en passant move a second piece: always played out.
        let en_passant =
            mv.role() == Role::Pawn && mv.is_capture() && self.board().piece_at(to).is_none();
        if mv.is_castle() || en_passant {
            return true;
        }
        // A direct check from the destination, with the origin vacated.
        let mut occupied = self.board().occupied();
        occupied.discard(from);
        occupied.add(to);
        let role = mv.promotion().unwrap_or(mv.role());
        if attacks(role, self.turn(), to, occupied).contains(king) {
            return true;
        }
        // A discovered check needs the origin on a line through the king
        // that the piece leaves.
        let through = line(king, from);
        through.any() && !through.contains(to)
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        (self.turn() as usize) << 12 | (mv.from() as usize) << 6 | mv.to() as usize
    }

    fn piece_to_slots(&self) -> usize {
        2 * 6 * 64
    }

    #[inline]
    fn piece_to_index(&self, mv: Move) -> usize {
        ((self.turn() as usize) * 6 + mv.role() as usize) << 6 | mv.to() as usize
    }

    #[inline]
    fn reversible_plies(&self) -> u32 {
        self.halfmoves()
    }

    fn null_move(&self) -> Option<Position> {
        let b = self.board();
        // Only with a piece besides pawns: pawn endings are full of zugzwang.
        if (b.by_color(self.turn()) & !(b.pawns() | b.kings())).is_empty() {
            return None;
        }
        self.pass()
    }

    fn pass(&self) -> Option<Position> {
        Position::pass(self)
    }
}

/// Piece values for exchanges: pawn … queen, and a king worth more than
/// everything so that it never captures into a defended square.
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Static exchange evaluation by the swap algorithm (chessprogramming wiki,
/// "SEE - The Swap Algorithm"): both sides recapture on the target square
/// with their least valuable attacker, sliders behind others join in, and
/// either side may stop when continuing loses. Pins are ignored.
/// En passant and castling count as even.
pub(crate) fn see(pos: &Position, mv: Move) -> i32 {
    let Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    } = mv
    else {
        return 0;
    };
    let b = pos.board();
    let mut gain = [0i32; 34];
    let mut d = 0;
    gain[0] = capture.map_or(0, |r| SEE_VALUE[r as usize]);
    let mut on_square = SEE_VALUE[promotion.unwrap_or(role) as usize];
    if let Some(p) = promotion {
        gain[0] += SEE_VALUE[p as usize] - SEE_VALUE[Role::Pawn as usize];
    }
    let mut occ = b.occupied() ^ Bitboard::from_square(from);
    let mut side = !pos.turn();
    loop {
        d += 1;
        gain[d] = on_square - gain[d - 1];
        if (-gain[d - 1]).max(gain[d]) < 0 || d >= 32 {
            break;
        }
        let attackers = b.attackers_to(to, side, occ) & occ;
        if attackers.is_empty() {
            break;
        }
        let Some((next_role, sq)) = Role::ALL
            .iter()
            .find_map(|&r| (attackers & b.by_role(r)).first().map(|sq| (r, sq)))
        else {
            break;
        };
        occ ^= Bitboard::from_square(sq);
        on_square = SEE_VALUE[next_role as usize];
        side = !side;
    }
    while d > 1 {
        d -= 1;
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, uci: &str) -> i32 {
        let pos = Position::from_fen(fen).unwrap();
        see(&pos, pos.parse_uci(uci).unwrap())
    }

    /// Every kind of move (promotions with and without a capture, en
    /// passant, castling both ways) comes back from the table's word.
    #[test]
    fn moves_round_trip_through_table_words() {
        for fen in [
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            for mv in pos.legal_moves() {
                assert_eq!(Move::from_bits(mv.to_bits()), Some(mv), "{fen}");
            }
        }
        assert_eq!(Move::from_bits(3), None);
        assert_eq!(Move::from_bits(1 << 23), None);
    }

    #[test]
    fn the_embedded_network_reads_with_the_size_the_engine_expects() {
        assert_eq!(NETWORK.hidden(), NET_HIDDEN);
    }

    /// Plays `plies` random legal moves from `fen`, checking after each that
    /// the sums updated move by move are those summed afresh, and that the
    /// evaluation is the built-in one plus the network's.
    fn check_random_game(fen: &str, chess960: bool, seed: u64, plies: usize) {
        let mode = if chess960 {
            sqlchess_core::CastlingMode::Chess960
        } else {
            sqlchess_core::CastlingMode::Standard
        };
        let pos = Position::from_fen_with_mode(fen, mode).unwrap();
        let mut game = ChessGame::new(pos);
        let mut rng = sqlchess_core::zobrist::SplitMix64(seed);
        let mut moves = Vec::new();
        for _ in 0..plies {
            assert_eq!(game.sums, NETWORK.accumulate(game.pos.board()), "{fen}");
            assert_eq!(
                game.evaluate(),
                eval::evaluate(&game.pos) + NETWORK.evaluate(&game.pos)
            );
            if let Some(passed) = game.null_move() {
                assert_eq!(passed.sums, NETWORK.accumulate(passed.pos.board()));
            }
            moves.clear();
            game.moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            // Prefer the moves that change most: castling, en passant,
            // promotions and captures, one time in two.
            let special: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.is_castle() || m.is_capture() || m.promotion().is_some())
                .collect();
            let pick = if !special.is_empty() && rng.next_u64() % 2 == 0 {
                special[(rng.next_u64() % special.len() as u64) as usize]
            } else {
                moves[(rng.next_u64() % moves.len() as u64) as usize]
            };
            game.apply(pick);
        }
    }

    #[test]
    fn sums_updated_move_by_move_are_the_sums_of_the_position() {
        for (fen, chess960) in [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                false,
            ),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                false,
            ),
            (
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                false,
            ),
            ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", false),
            (
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                true,
            ),
        ] {
            for seed in 0..8 {
                check_random_game(fen, chess960, seed, 120);
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]
        /// Any random game from the start keeps the sums exact.
        #[test]
        fn random_games_keep_the_sums_exact(seed in proptest::num::u64::ANY) {
            check_random_game(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                false,
                seed,
                200,
            );
        }
    }

    #[test]
    fn static_exchange() {
        // An undefended pawn.
        assert_eq!(see_of("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), 100);
        // A pawn defended by a pawn: the rook is lost for it.
        assert_eq!(see_of("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), -400);
        // Doubled rooks against one defender: pawn and rook for a rook.
        assert_eq!(see_of("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
        // The chessprogramming wiki's example: Rxe5 wins a pawn.
        assert_eq!(
            see_of("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"),
            100
        );
        // And its x-ray example: Nxe5 loses the knight for a pawn.
        assert_eq!(
            see_of(
                "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
                "d3e5"
            ),
            -220
        );
    }
}
