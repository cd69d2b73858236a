//! The [`Game`] abstraction that the search is generic over.

use core::fmt::Debug;

pub use sqlchess_rules::RelativeOutcome;

/// The size of history tables: [`Game::history_index`] must stay below it.
pub const HISTORY_SIZE: usize = 1 << 18;

/// A position the game went through, as repetitions need it: its hash, and
/// whether its side to move was in check (where giving check at every move
/// of a repetition loses, [`Game::perpetual_check_loses`]). The game's
/// earlier positions are handed to the search in this form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Visited {
    /// [`Game::hash`] of the position (for sqlchess's games, its Zobrist hash).
    pub hash: u64,
    /// Whether the side to move was in check there.
    pub in_check: bool,
}

impl Visited {
    /// The record of `pos`.
    pub fn of<G: Game>(pos: &G) -> Visited {
        Visited {
            hash: pos.hash(),
            in_check: pos.is_check(),
        }
    }

    /// The record of a rules-facade position: its Zobrist hash, which is
    /// the hash of the engine that searches it.
    pub fn of_position(pos: &sqlchess_rules::Position) -> Visited {
        Visited {
            hash: pos.zobrist(),
            in_check: pos.is_check(),
        }
    }
}

/// A two-player, zero-sum game of perfect information, as the search sees it.
///
/// States are values: [`Game::apply`] changes one in place and the search
/// keeps a copy per ply (copy-make). Scores are always from the point of
/// view of the side to move (negamax).
///
/// Only the first group of methods is needed for a correct search; the rest
/// have defaults and make it faster or stronger.
pub trait Game: Clone + Send + 'static {
    /// A move of the game.
    type Move: Copy + Eq + Debug + Send + crate::tt::TableMove + 'static;

    /// `true` if [`Game::evaluate`] is a real heuristic, so that the search
    /// may prune (null move, futility, late-move reductions). Games without
    /// one are searched full-width, so that the search proves their value.
    const SELECTIVE: bool = false;

    /// Appends every legal move to `out` (which the caller has cleared).
    fn moves(&self, out: &mut Vec<Self::Move>);

    /// Appends to `out` (which the caller has cleared) every legal move
    /// and perhaps some illegal ones, which [`Game::is_untested_move_legal`]
    /// rejects: for a search that reaches few of a node's moves, where
    /// testing legality only for the moves played is cheaper. The default
    /// is [`Game::moves`].
    fn untested_moves(&self, out: &mut Vec<Self::Move>) {
        self.moves(out);
    }

    /// Whether `mv`, one of [`Game::untested_moves`]'s, is legal.
    fn is_untested_move_legal(&self, _mv: Self::Move) -> bool {
        true
    }

    /// Whether the side to move has a legal move. The default lists them
    /// into `scratch` (cleared first); games that can stop at the first
    /// move override it, as the mate-threat test asks it after every
    /// checking move.
    fn has_moves(&self, scratch: &mut Vec<Self::Move>) -> bool {
        scratch.clear();
        self.moves(scratch);
        !scratch.is_empty()
    }

    /// Makes a legal move.
    fn apply(&mut self, mv: Self::Move);

    /// The outcome if the game is over whatever moves remain (a completed
    /// line, a draw by rule), judged from this state alone; `None` otherwise.
    /// Called at every interior node, so it should be cheap.
    fn outcome(&self) -> Option<RelativeOutcome>;

    /// The outcome when the side to move has no legal move (checkmate is a
    /// [`RelativeOutcome::Loss`], stalemate a [`RelativeOutcome::Draw`] in chess).
    fn outcome_without_moves(&self) -> RelativeOutcome;

    /// A hash of the state for the transposition table and repetitions.
    fn hash(&self) -> u64;

    /// The move in the notation of the game's protocol (UCI for chess).
    fn move_text(&self, mv: Self::Move) -> String;

    /// A static evaluation for the side to move, in centipawns or the
    /// game's equivalent (`0` when the game has no heuristic).
    fn evaluate(&self) -> i32 {
        0
    }

    /// `true` if the side to move is in check (the search extends checks and
    /// never stands pat in check).
    fn is_check(&self) -> bool {
        false
    }

    /// `true` for moves quiescence search follows: captures and promotions.
    fn is_noisy(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Appends the noisy moves to `out` (by default: filters the legal moves).
    fn noisy_moves(&self, out: &mut Vec<Self::Move>) {
        self.moves(out);
        out.retain(|&m| self.is_noisy(m));
    }

    /// An ordering score for a noisy move (most valuable victim, least
    /// valuable attacker); larger is tried first. Only called on noisy moves.
    fn noisy_order(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// The value the move wins at most (the captured piece plus any
    /// promotion gain), for delta pruning in quiescence search.
    fn gain(&self, _mv: Self::Move) -> i32 {
        i32::MAX / 4
    }

    /// The static exchange evaluation of a move: what the mover expects
    /// to win on its target square if both sides keep recapturing with
    /// their least valuable piece (negative: it loses material; for a
    /// quiet move, at most 0). Quiescence search skips losing captures;
    /// move ordering tries them after the killers; near the leaves, moves
    /// that lose too much are pruned. Callers only compare it with zero or
    /// a negative margin, so where the exchange does not lose, any value
    /// from 0 up to it will do (a cheaper bound). By default every move is
    /// assumed to break even.
    fn see(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// A slot in `0..HISTORY_SIZE` for history and killer heuristics
    /// (for instance from-square × board size + to-square).
    fn history_index(&self, _mv: Self::Move) -> usize {
        0
    }

    /// How many values [`Game::piece_to_index`] takes in this game (the
    /// same for every position of it): the moving piece's colour and kind
    /// times the board's squares. `0`, the default, turns off the
    /// heuristics keyed by the previous moves (continuation history and
    /// counter-moves).
    fn piece_to_slots(&self) -> usize {
        0
    }

    /// The moving piece (its colour and kind; for a drop, the kind dropped)
    /// and the target square of `mv`, as one number below
    /// [`Game::piece_to_slots`]. It names a move by what it does rather
    /// than where it starts, so that the reply to it can be remembered:
    /// the key of continuation history and counter-moves.
    fn piece_to_index(&self, _mv: Self::Move) -> usize {
        0
    }

    /// A hash of the part of the position whose evaluation errs the same
    /// way from position to position (the pawn structure), and of the side
    /// to move: the key of correction history, which learns those errors
    /// from the search's scores and adds them to the static evaluation.
    /// `None`, the default, turns it off (games without a heuristic
    /// evaluation, fairy variants without a chess pawn).
    fn correction_key(&self) -> Option<u64> {
        None
    }

    /// Whether pieces in hand can be dropped on the board (crazyhouse,
    /// shogi): the search prunes differently where any piece in hand can
    /// reach any square in one move.
    fn drops(&self) -> bool {
        false
    }

    /// How large this game's evaluation runs against the chess
    /// evaluation's, in hundredths: the search's margins in centipawns
    /// (reverse futility, futility, razoring, the null move's, static
    /// exchange pruning, quiescence's delta and the aspiration window)
    /// were set for chess and are scaled by it. Where an evaluation
    /// counts a won position in more centipawns (shogi's: the sigmoid that
    /// turns it into expected scores has a third of capablanca's scale),
    /// margins of chess's size prune moves that are not futile there.
    /// `100`, the default.
    fn margin_scale(&self) -> i32 {
        100
    }

    /// Whether quiet moves that give check are pruned and reduced like
    /// any other quiet move. Where pieces cannot be dropped they are
    /// neither: a quiet check can start a mating attack the static
    /// evaluation cannot see. Where pieces in hand can be dropped, nearly
    /// every position has many checking drops and board moves, and
    /// sparing them all grows the tree more than it finds (BENCHMARKS.md,
    /// "Where the fairy trees grow, and checks in drop variants").
    /// Searches without a clock spare checks whatever this says, so that
    /// a mate in N is still found at depth 2N + 1.
    fn prunes_checks(&self) -> bool {
        self.drops()
    }

    /// Half-moves since the last irreversible move: repetitions are only
    /// looked for this far back; `0` for games that cannot repeat,
    /// `u32::MAX` where no move is irreversible for certain.
    fn reversible_plies(&self) -> u32 {
        0
    }

    /// Whether a repetition is lost by the side that gave check at every
    /// one of its moves in the cycle (and won by the other; a draw if both
    /// did), as xiangqi's rule against perpetual check has it
    /// (variants.ini's `perpetualCheckIllegal`), instead of drawn.
    fn perpetual_check_loses(&self) -> bool {
        false
    }

    /// The state after passing, for null-move pruning; `None` where a pass
    /// is unsound (in check, zugzwang-prone material) or not supported.
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// `false` only when `mv` certainly does not give check: a cheap filter
    /// before playing a move to see whether it checks (the mate-in-one
    /// test). By default every move may.
    fn may_give_check(&self, _mv: Self::Move) -> bool {
        true
    }

    /// The state after passing, whatever the material (the mate-threat test
    /// asks what the opponent could do); `None` in check or where passing
    /// is not supported. By default the same as [`Game::null_move`].
    fn pass(&self) -> Option<Self> {
        self.null_move()
    }
}
