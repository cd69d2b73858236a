//! [`Game`] for any variant of sqlchess-fairy, with an evaluation that
//! values each piece by its mobility on an empty board, so that every
//! variant — including pieces nobody has tuned — gets a sensible one, and
//! adds the position's own mobility, attacks on each king, threats and
//! passed pawns ([`Position::activity`]), tapered by a game phase.

use std::cell::{OnceCell, RefCell};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use sqlchess_fairy::{
    Activity, Color, FairyMove, PerVariant, Position, Variant, PASSED_PAWN_RANKS,
};

use crate::fairy_tuned::TUNED;
use crate::game::{Game, RelativeOutcome};
use crate::net::Network;
use crate::tt::TableMove;

pub use sqlchess_fairy::{value_from_mobility, PAWN_VALUE};

/// A piece in hand is worth its board value plus this fraction (1/8).
const HAND_BONUS_DIVISOR: i32 = 8;
/// Centipawns per enemy piece within two steps of a king.
const KING_ATTACKER: i32 = 14;
/// Centipawns per own piece next to a king.
const KING_SHELTER: i32 = 8;
/// Centipawns per empty square next to a king, per enemy piece in hand
/// (each is a square a dropped piece can check from), up to a cap.
const KING_DROP_HOLE: i32 = 3;
/// The most king safety can swing the score for one side.
const KING_SAFETY_CAP: i32 = 250;

/// King safety, White minus Black, for variants with a royal piece: enemy
/// pieces close to the king count against it, its own neighbours for it,
/// and in drop variants every empty neighbour square is a hole the enemy's
/// hand can fill with a check.
fn king_safety(
    placed: &[(u8, u8, bool)],
    kings: [Option<(u8, u8)>; 2],
    in_hand: [i32; 2],
    t: &Tables,
) -> i32 {
    let mut total = 0;
    for (c, king) in kings.into_iter().enumerate() {
        let Some((kx, ky)) = king else { continue };
        let white = c == 0;
        let (mut attackers, mut shelter) = (0, 0);
        for &(x, y, piece_white) in placed {
            let d = kx.abs_diff(x).max(ky.abs_diff(y));
            if piece_white == white {
                shelter += i32::from(d == 1);
            } else if d <= 2 {
                attackers += 1;
            }
        }
        let mut neighbours = 0;
        for dy in -1i32..=1 {
            for dx in -1i32..=1 {
                let (x, y) = (i32::from(kx) + dx, i32::from(ky) + dy);
                if (dx, dy) != (0, 0)
                    && (0..i32::from(t.width)).contains(&x)
                    && (0..i32::from(t.height)).contains(&y)
                {
                    neighbours += 1;
                }
            }
        }
        let enemy_hand = in_hand[1 - c];
        let holes = (neighbours - shelter).max(0);
        let safety = (KING_SHELTER * shelter
            - KING_ATTACKER * attackers
            - KING_DROP_HOLE * holes * enemy_hand.min(8))
        .clamp(-KING_SAFETY_CAP, KING_SAFETY_CAP);
        total += if white { safety } else { -safety };
    }
    total
}

/// Centipawns per square a piece could move to ([`Activity::mobility`]).
/// Piece values count a piece's average moves already; this is the
/// difference a position makes, and, chosen by match against
/// `fairy-stockfish` (BENCHMARKS.md, "Mobility and king attack in the
/// fairy evaluation"), smaller than a move's share of a value.
const MOBILITY_WEIGHT: i32 = 5;
/// King danger per piece that attacks the king's square or a neighbour.
const KING_DANGER_PER_ATTACKER: i32 = 20;
/// King danger per such attack, counted per piece and square.
const KING_DANGER_PER_ATTACK: i32 = 15;
/// King danger per square a piece can check from safely
/// ([`Activity::safe_checks`]), up to [`SAFE_CHECKS_COUNTED`] of them:
/// engines weigh such a check above any other sign of an attack. Chosen
/// by self-play (BENCHMARKS.md, "Safe checks in the fairy king danger").
const KING_DANGER_PER_SAFE_CHECK: i32 = 80;
/// The most safe-check squares the king danger counts.
const SAFE_CHECKS_COUNTED: u32 = 3;
/// The attack is worth danger² / this, so that it grows faster than the
/// pieces that join it, as engines' king danger does.
const KING_DANGER_DIVISOR: i32 = 150;
/// The most the attack on one king is worth.
const KING_DANGER_CAP: i32 = 600;

/// Centipawns per enemy piece attacked by a cheaper piece
/// ([`Activity::threats`]): it must move or be lost for less.
const THREAT_WEIGHT: i32 = 60;
/// Centipawns more per threat of the side to move, which can take the
/// piece at once, where the other side's threats can still be parried:
/// fitted to Fairy-Stockfish's scores, 100 or more by the side to move
/// against 60 to 70 by the other in capablanca, grand and seirawan
/// (`scripts/fairy_eval_fit.py`); 40 and 40 before, +11 to +39 Elo in
/// six variants at 10 ms a move (BENCHMARKS.md, "Threats of the side to
/// move").
const THREAT_BY_SIDE_TO_MOVE: i32 = 40;
/// Centipawns per enemy piece attacked and not defended
/// ([`Activity::hanging`]).
const HANGING_WEIGHT: i32 = 30;
/// A passed pawn by the ranks it has to go (one first), in the middlegame
/// and the endgame: worth most near promotion and when few pieces are
/// left to stop it.
const PASSED_PAWN: [(i32, i32); PASSED_PAWN_RANKS] = [
    (120, 160),
    (80, 105),
    (35, 60),
    (12, 30),
    (10, 20),
    (6, 15),
    (0, 10),
    (0, 10),
];
/// Pawn structure where pawns move as chess's, `(middlegame, endgame)`
/// centipawns per pawn: isolated and doubled pawns are weak, a pawn
/// defended by a pawn or beside one strong. Set near what the chess
/// evaluation's tuned weights give, and accepted by self-play
/// (BENCHMARKS.md).
const ISOLATED_PAWN: (i32, i32) = (-8, -8);
/// See [`ISOLATED_PAWN`].
const DOUBLED_PAWN: (i32, i32) = (-12, -20);
/// See [`ISOLATED_PAWN`].
const SUPPORTED_PAWN: (i32, i32) = (10, 6);
/// See [`ISOLATED_PAWN`].
const PHALANX_PAWN: (i32, i32) = (8, 4);
/// Centipawns per step of a royal piece towards the centre, in the
/// endgame only: with the enemy's pieces gone it must come out and help.
/// In the middlegame a royal piece's placement is its fitted table's
/// (none without one), which keeps it home; a royal piece confined to a
/// region keeps the fitted table's placement throughout.
const KING_CENTRE_ENDGAME: i32 = 8;
/// The game phase of the start position: 256, falling to 0 as the pieces
/// other than pawns and royal ones leave the board and the hands.
const FULL_PHASE: i32 = 256;

/// Centipawns for the side to move: the move in hand is worth about what
/// Stockfish's classical evaluation gave it (28). Against 10, by
/// self-play (BENCHMARKS.md, "Chess played by the fairy engine"):
/// +59 in capablanca, +41 in crazyhouse, +40 in xiangqi.
const TEMPO: i32 = 30;

/// `(middlegame, endgame)` blended by `phase` (0 ..= [`FULL_PHASE`]).
fn taper((mg, eg): (i32, i32), phase: i32) -> i32 {
    (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE
}

/// Mobility, the attack on each king, threats, passed pawns and pawn
/// structure, White minus Black (`side_to_move` 0 for White, whose
/// threats weigh more): an attack on a king by one piece alone counts
/// for nothing (it rarely mates) unless it can check safely, two or more
/// pieces by the square of their weight (safe checks included), scaled
/// down as the pieces leave the board.
fn activity(a: &Activity, phase: i32, side_to_move: usize) -> i32 {
    let mut score = 0;
    for c in 0..2 {
        let threat = THREAT_WEIGHT
            + if c == side_to_move {
                THREAT_BY_SIDE_TO_MOVE
            } else {
                0
            };
        let mut side = MOBILITY_WEIGHT * a.mobility[c] as i32
            + threat * a.threats[c] as i32
            + HANGING_WEIGHT * a.hanging[c] as i32;
        let safe_checks = a.safe_checks[c].min(SAFE_CHECKS_COUNTED) as i32;
        // A lone attacker that can also check safely is an attack too.
        if a.king_attackers[c] >= 2 || (safe_checks > 0 && a.king_attackers[c] >= 1) {
            let danger = KING_DANGER_PER_ATTACKER * a.king_attackers[c] as i32
                + KING_DANGER_PER_ATTACK * a.king_attacks[c] as i32
                + KING_DANGER_PER_SAFE_CHECK * safe_checks;
            let attack = (danger * danger / KING_DANGER_DIVISOR).min(KING_DANGER_CAP);
            side += attack * phase / FULL_PHASE;
        }
        for (to_go, &n) in a.passed_pawns[c].iter().enumerate() {
            side += n as i32 * taper(PASSED_PAWN[to_go], phase);
        }
        let structure = [
            (a.isolated_pawns[c], ISOLATED_PAWN),
            (a.doubled_pawns[c], DOUBLED_PAWN),
            (a.supported_pawns[c], SUPPORTED_PAWN),
            (a.phalanx_pawns[c], PHALANX_PAWN),
        ];
        for (n, weight) in structure {
            side += n as i32 * taper(weight, phase);
        }
        score += if c == 0 { side } else { -side };
    }
    score
}

/// Steps from the rim of a `w` × `h` board to `(x, y)`, by file plus by
/// rank, each at most 3: 0 in a corner, 6 in the centre of 8 × 8.
fn centrality(x: u8, y: u8, w: u8, h: u8) -> i32 {
    i32::from(x.min(w - 1 - x).min(3)) + i32::from(y.min(h - 1 - y).min(3))
}

/// The material of `pos`'s pieces other than pawns and royal ones, on the
/// board and in hand, both sides: what the game phase measures.
fn phase_material(
    pos: &Position,
    values: &[i32],
    royal: Option<usize>,
    pawn: Option<usize>,
) -> i32 {
    let counts = |piece: usize| Some(piece) != royal && Some(piece) != pawn;
    let value = |piece: usize| values.get(piece).copied().unwrap_or(0);
    let mut material = 0;
    pos.for_each_piece(|_, piece, _| {
        if counts(piece) {
            material += value(piece);
        }
    });
    for piece in (0..values.len()).filter(|&p| counts(p)) {
        for color in [Color::White, Color::Black] {
            material += i32::from(pos.in_hand(color, piece)) * value(piece);
        }
    }
    material
}

/// The parts the fairy evaluation sums, White's view
/// ([`FairyGame::evaluation_parts`]).
#[derive(Clone, Copy, Debug)]
pub struct EvaluationParts {
    /// Material and placement of the pieces on the board and in hand.
    pub placement: i32,
    /// Shelter and attackers near each royal piece, and holes a drop
    /// could fill.
    pub king_safety: i32,
    /// The game phase, from 0 (no pieces but pawns and royal ones) to 256
    /// (the start's material).
    pub phase: i32,
    /// What [`Position::activity`] counts: weighed by `activity`.
    pub activity: Activity,
}

/// What the evaluation knows about a variant, computed once.
#[derive(Debug)]
struct Tables {
    /// Value per piece index (the royal piece 0, the pawn [`PAWN_VALUE`]).
    values: Vec<i32>,
    /// Value of a piece in hand, per piece index: it can be dropped where
    /// it is most needed, so it is worth a little more than on the board
    /// (an eighth), or what a fitted table says.
    hand_values: Vec<i32>,
    royal: Option<usize>,
    pawn: Option<usize>,
    width: u8,
    height: u8,
    /// Whether pieces can be held in hand (drops or gating).
    hands: bool,
    /// Whether pieces in hand can be dropped: then checks are pruned and
    /// reduced like other moves ([`Game::prunes_checks`]).
    drops: bool,
    /// Whether passing is a sound heuristic (not where captures are
    /// compulsory: there zugzwang is the rule).
    null_move: bool,
    /// Whether a capture's static exchange can be judged by who defends
    /// the target square: not where a capture explodes, nor where
    /// captures are compulsory (losing material is the aim there).
    exchanges: bool,
    /// Material and placement of a piece on a square, from its owner's
    /// point of view: `[(piece * 2 + colour) * 256 + frame square]`
    /// (colour 0 White), so that the evaluation is a sum over the pieces.
    placed_value: Vec<i32>,
    /// The material of the pieces other than pawns and royal ones, on
    /// the board and in hand, at the start: the game phase's full scale.
    start_material: i32,
    /// Centralisation of a royal piece per frame square (steps from the
    /// rim), for the endgame.
    king_centre: Vec<i32>,
    /// Whether the royal piece's placement moves with the phase from the
    /// fitted table's to the centre: not where it is confined (xiangqi's
    /// palace), where the fitted table knows its squares in every phase.
    royal_free: bool,
    /// Mixed into a position's hash for [`EVAL_CACHE`]: distinct for
    /// every tables built, even of a variant built again after eviction.
    salt: u64,
    /// How a network sees the variant's positions ([`FairyGame::net_inputs`]).
    layout: InputLayout,
    /// The variant's trained network, if one is built in ([`FAIRY_NETS`]):
    /// its score is added to the rest of the evaluation.
    net: Option<Network>,
    /// [`Game::margin_scale`]: from [`MARGIN_SCALES`], else 100.
    margin_scale: i32,
}

/// Networks trained for fairy variants, by variant name and board size
/// (files and ranks): `nets/README.md` says how each was made. A network
/// whose inputs do not match the variant's layout (a variants.ini section
/// of the same name with other pieces) is not used.
const FAIRY_NETS: &[(&str, u8, u8, &[u8])] = &[
    (
        "capablanca",
        10,
        8,
        include_bytes!("../nets/capablanca-h64.bin"),
    ),
    (
        "crazyhouse",
        8,
        8,
        include_bytes!("../nets/crazyhouse-h64.bin"),
    ),
    ("xiangqi", 9, 10, include_bytes!("../nets/xiangqi-h64.bin")),
    ("seirawan", 8, 8, include_bytes!("../nets/seirawan-h64.bin")),
    ("shogi", 9, 9, include_bytes!("../nets/shogi-h64.bin")),
    ("grand", 10, 10, include_bytes!("../nets/grand-h64.bin")),
];

/// [`Game::margin_scale`] of the variants whose evaluation runs larger
/// than chess's, by name and board size: the search's chess-sized
/// margins pruned their trees narrow (sqlchess reached depth 20 in shogi
/// where `fairy-stockfish` reached 16). Measured by match at 10 ms a
/// move against margins of chess's size: shogi +28 at 200, +46 at 300,
/// +50 at 450 (on three seeds); crazyhouse +69 at 200; xiangqi,
/// capablanca, seirawan and grand, whose evaluations run 1.5 to 1.7 times
/// chess's, showed nothing (BENCHMARKS.md, "Seirawan's network on labels
/// of depth 8; margins in the evaluation's own scale").
const MARGIN_SCALES: &[(&str, u8, u8, i32)] = &[("crazyhouse", 8, 8, 200), ("shogi", 9, 9, 300)];

/// Inputs per piece kind and side for pieces in hand: holding `n` of a
/// kind lights the first `n` (at most this many).
const HAND_INPUTS: usize = 16;

/// The most active inputs of a view the evaluation sums: more than any
/// built-in variant's pieces on the board and in hand.
const MAX_ACTIVE_INPUTS: usize = 256;

/// Where a variant's pieces are among a network's inputs. Each view (the
/// side to move's and the other's) sees the board from its own side: for
/// Black, ranks counted from Black's first (and files from Black's left
/// where the start position is symmetric by a half turn, as shogi's), so
/// that one set of weights serves both views. Board inputs come first,
/// `((relation * kinds + kind) * squares + square)` with relation 0 for
/// the view's own pieces, then in variants with hands
/// `((relation * kinds + kind) * HAND_INPUTS + k)` for the `k`-th piece
/// held of a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InputLayout {
    /// Piece kinds of the variant (its piece indices).
    kinds: usize,
    width: u8,
    height: u8,
    /// Whether Black's view turns the board half round rather than
    /// mirroring its ranks.
    rotated: bool,
    /// Whether pieces in hand are inputs.
    hands: bool,
}

impl InputLayout {
    fn new(v: &Variant, hands: bool) -> InputLayout {
        // Black's view is White's turned half round where the start
        // position is symmetric so and not by its ranks alone.
        let mut cells = std::collections::HashMap::new();
        Position::start(v).for_each_piece(|sq, piece, white| {
            cells.insert((sq.file(), sq.rank()), (piece, white));
        });
        let symmetric = |turn_files: bool| {
            cells.iter().all(|(&(x, y), &(piece, white))| {
                let x = if turn_files { v.width - 1 - x } else { x };
                cells.get(&(x, v.height - 1 - y)) == Some(&(piece, !white))
            })
        };
        InputLayout {
            kinds: v.pieces.len(),
            width: v.width,
            height: v.height,
            rotated: !symmetric(false) && symmetric(true),
            hands,
        }
    }

    /// Piece kinds of the variant: the board inputs are those of each
    /// kind, the view's own and the other side's, on each square.
    pub fn kinds(&self) -> usize {
        self.kinds
    }

    /// Files of the board.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Ranks of the board.
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Inputs per view.
    pub fn inputs(&self) -> usize {
        let board = 2 * self.kinds * usize::from(self.width) * usize::from(self.height);
        board
            + if self.hands {
                2 * self.kinds * HAND_INPUTS
            } else {
                0
            }
    }
}

/// The evaluation tables built last, shared by every search of a variant
/// as the fairy crate shares its rules: a SQL `next_move` or UCI
/// `position` otherwise paid for them on every call.
static TABLES: PerVariant<Tables> = PerVariant::new(16);

/// Entries of each thread's [`EVAL_CACHE`] (a power of two): 384 KB,
/// each entry holding the pawn key too. From 128 KB to 1 MB the search
/// was as fast.
const EVAL_CACHE_ENTRIES: usize = 1 << 14;

thread_local! {
    /// Evaluations by position, per thread, as (key, White's score, the
    /// pawns' key of [`FairyGame::pawn_key`]): a
    /// search evaluates the same position many times over (captures
    /// transposed in quiescence, a node's static evaluation at every
    /// depth), and a lookup costs less than a pass over the pieces. The
    /// key is the Zobrist hash mixed with the variant's tables'
    /// [`Tables::salt`], so that variants never share an entry.
    static EVAL_CACHE: RefCell<Vec<(u64, i32, u32)>> =
        RefCell::new(vec![(0, 0, 0); EVAL_CACHE_ENTRIES]);
}

/// The number of evaluation tables built so far, which makes each one's
/// [`Tables::salt`] its own.
static TABLES_BUILT: AtomicU64 = AtomicU64::new(0);

impl Tables {
    fn new(v: &Variant) -> Tables {
        let values = v.piece_values();
        let (w, h) = (v.width, v.height);
        let mut placed_value = vec![0; values.len() * 2 * 256];
        for (piece, &value) in values.iter().enumerate() {
            for white in [true, false] {
                for y in 0..h {
                    for x in 0..w {
                        let rel_rank = if white { y } else { h - 1 - y };
                        let placement = if Some(piece) == v.royal {
                            0
                        } else if Some(piece) == v.pawn {
                            5 * i32::from(rel_rank)
                        } else {
                            // 0 on the rim, rising by 4 per step towards the centre.
                            4 * centrality(x, y, w, h)
                        };
                        let slot = (piece * 2 + usize::from(!white)) * 256 + usize::from(y) * 16;
                        placed_value[slot + usize::from(x)] = value + placement;
                    }
                }
            }
        }
        // Tables fitted to Fairy-Stockfish's scores (scripts/fairy_texel.py)
        // replace material and placement for the pieces they cover.
        let mut hand_values: Vec<i32> = values
            .iter()
            .map(|&value| value + value / HAND_BONUS_DIVISOR)
            .collect();
        let mut tuned = vec![false; values.len()];
        let fitted = TUNED
            .iter()
            .find(|t| t.variant == v.name && t.width == w && t.height == h);
        let squares = usize::from(w) * usize::from(h);
        let rotated = fitted.is_some_and(|t| t.rotated);
        for (letter, table) in fitted.map_or(&[][..], |t| t.pieces) {
            let Some(piece) = v
                .pieces
                .iter()
                .position(|p| p.letter.to_ascii_lowercase() == *letter)
            else {
                continue;
            };
            if table.len() < squares {
                continue;
            }
            tuned[piece] = true;
            if let Some(&in_hand) = table.get(squares) {
                hand_values[piece] = in_hand;
            }
            for y in 0..h {
                for x in 0..w {
                    let sq = usize::from(y) * 16 + usize::from(x);
                    let white_view = |file: u8, rank: u8| {
                        table[usize::from(rank) * usize::from(w) + usize::from(file)]
                    };
                    placed_value[piece * 2 * 256 + sq] = white_view(x, y);
                    let black_file = if rotated { w - 1 - x } else { x };
                    placed_value[(piece * 2 + 1) * 256 + sq] = white_view(black_file, h - 1 - y);
                }
            }
        }
        // Moves a piece gains in a zone (xiangqi's soldier across the
        // river) are worth what a move adds to any piece's value; fitted
        // tables have counted them already.
        let per_move = value_from_mobility(1.0) - value_from_mobility(0.0);
        for zone in v.zone_moves.iter().filter(|z| !tuned[z.piece]) {
            let mut moves_from = [0i32; 256];
            for m in zone.def.geometry(w, h) {
                moves_from[m.from.index()] += 1;
            }
            for y in 0..h {
                for x in 0..w {
                    let sq = usize::from(y) * 16 + usize::from(x);
                    // The geometry is White's: Black's piece on (x, y)
                    // moves as White's on (x, h - 1 - y).
                    let mirrored = usize::from(h - 1 - y) * 16 + usize::from(x);
                    if zone.white.contains(x, y) {
                        placed_value[zone.piece * 2 * 256 + sq] += per_move * moves_from[sq];
                    }
                    if zone.black.contains(x, y) {
                        placed_value[(zone.piece * 2 + 1) * 256 + sq] +=
                            per_move * moves_from[mirrored];
                    }
                }
            }
        }
        let mut king_centre = vec![0; 256];
        for y in 0..h {
            for x in 0..w {
                king_centre[usize::from(y) * 16 + usize::from(x)] =
                    KING_CENTRE_ENDGAME * centrality(x, y, w, h);
            }
        }
        let royal_free = !v.regions.iter().any(|r| Some(r.piece) == v.royal);
        let start = Position::start(v);
        let start_material = phase_material(&start, &values, v.royal, v.pawn).max(1);
        let hands = v.drops || v.captures_to_hand || v.gating;
        let layout = InputLayout::new(v, hands);
        let net = FAIRY_NETS
            .iter()
            .filter(|&&(name, width, height, _)| name == v.name && (width, height) == (w, h))
            .filter_map(|(_, _, _, bytes)| Network::from_bytes(bytes).ok())
            .find(|net| net.inputs() == layout.inputs());
        Tables {
            values,
            hand_values,
            start_material,
            king_centre,
            royal_free,
            royal: v.royal,
            pawn: v.pawn,
            width: w,
            height: h,
            hands,
            drops: v.drops,
            null_move: !v.must_capture,
            exchanges: !v.blast_on_capture && !v.must_capture,
            placed_value,
            salt: (TABLES_BUILT.fetch_add(1, Ordering::Relaxed) + 1)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15),
            layout,
            net,
            margin_scale: MARGIN_SCALES
                .iter()
                .find(|&&(name, width, height, _)| name == v.name && (width, height) == (w, h))
                .map_or(100, |&(_, _, _, scale)| scale),
        }
    }
}

/// A fairy-chess position as a [`Game`]: the position, its hash,
/// evaluation and check (computed once per move, the evaluation by a pass
/// over the pieces), and the count of half-moves since a capture or pawn
/// move.
///
/// The hash is the fairy engine's Zobrist hash (pieces, side, hands,
/// castling and en-passant rights); the transposition table's moves are
/// checked against the legal moves, so a collision can cost accuracy but
/// never legality.
///
/// ```
/// use sqlchess_search::{fairy::FairyGame, Game, Limits, Searcher};
/// let v = sqlchess_fairy::Variant::builtin("capablanca").unwrap();
/// let pos = FairyGame::start(&v);
/// let mut searcher = Searcher::<FairyGame>::new(8);
/// let r = searcher.search(&pos, &[], &Limits::depth(2), |_| {});
/// assert!(r.best_move.is_some());
/// ```
#[derive(Debug, Clone)]
pub struct FairyGame {
    pos: Position,
    tables: Arc<Tables>,
    /// Computed when first asked: many positions the search makes are
    /// pruned before it needs their hash or evaluation.
    hash: OnceCell<u64>,
    /// Material, placement, hands, king safety, mobility, king attack,
    /// threats, passed pawns and the king's endgame centralisation, White
    /// minus Black;
    /// computed when first asked, with [`FairyGame::pawn_key`].
    score: OnceCell<(i32, u32)>,
    /// Pieces other than royal ones, both sides.
    non_royal: u32,
    /// Whether the side to move is in check: asked by the parent (does
    /// the move check?) and again by the node itself, so kept.
    check: bool,
}

impl FairyGame {
    /// The variant's start position.
    pub fn start(v: &Variant) -> FairyGame {
        FairyGame::from_position(Position::start(v))
    }

    /// A position of `v` from FEN.
    ///
    /// # Errors
    /// The fairy crate's FEN error.
    pub fn from_fen(v: &Variant, fen: &str) -> Result<FairyGame, sqlchess_fairy::FenError> {
        Ok(FairyGame::from_position(Position::from_fen(v, fen)?))
    }

    /// Wraps a fairy position; its half-move clock counts toward the
    /// variant's n-move rule.
    pub fn from_position(pos: Position) -> FairyGame {
        let tables = TABLES.get(pos.variant(), Tables::new);
        let mut g = FairyGame {
            pos,
            tables,
            hash: OnceCell::new(),
            score: OnceCell::new(),
            non_royal: 0,
            check: false,
        };
        g.refresh();
        g
    }

    /// The fairy position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// `true` if White is to move.
    pub fn white_to_move(&self) -> bool {
        self.pos.white_to_move()
    }

    /// The legal move written in UCI, if there is one.
    pub fn parse_move(&self, text: &str) -> Option<FairyMove> {
        self.pos.parse_uci(text).ok()
    }

    /// The piece values this variant's evaluation uses, by piece index.
    pub fn piece_values(&self) -> &[i32] {
        &self.tables.values
    }

    /// What the evaluation counts for a White piece of index `piece` on
    /// each square (material and placement, in centipawns), rank by rank
    /// from White's first: the tables `scripts/fairy_texel.py` starts its
    /// fit from.
    pub fn square_values(&self, piece: usize) -> Vec<i32> {
        let t = &*self.tables;
        let mut out = Vec::with_capacity(usize::from(t.width) * usize::from(t.height));
        for y in 0..usize::from(t.height) {
            for x in 0..usize::from(t.width) {
                out.push(
                    t.placed_value
                        .get(piece * 2 * 256 + y * 16 + x)
                        .copied()
                        .unwrap_or(0),
                );
            }
        }
        out
    }

    /// The evaluation from White's point of view, in centipawns, without
    /// the side to move's tempo (its threats weigh more than the other
    /// side's, so the same pieces score a little differently with the
    /// other side to move).
    pub fn evaluate_white(&self) -> i32 {
        self.scanned().0
    }

    /// A hash of where the pawns stand (the variant's pawn, by colour and
    /// square), for correction history; 0 in a variant without pawns.
    pub fn pawn_key(&self) -> u32 {
        self.scanned().1
    }

    /// The evaluation and the pawn key, from the cache or a scan.
    fn scanned(&self) -> (i32, u32) {
        *self.score.get_or_init(|| {
            let key = self.hash() ^ self.tables.salt;
            EVAL_CACHE.with(|cache| {
                let mut cache = cache.borrow_mut();
                let slot = &mut cache[key as usize & (EVAL_CACHE_ENTRIES - 1)];
                if slot.0 != key {
                    let (score, pawns) = self.scan();
                    *slot = (key, score, pawns);
                }
                (slot.1, slot.2)
            })
        })
    }

    /// Forgets the hash and evaluation of the position before, and
    /// finds what every node asks for: check and bare royal pieces.
    fn refresh(&mut self) {
        self.hash = OnceCell::new();
        self.score = OnceCell::new();
        self.non_royal = self.pos.non_royal_count();
        self.check = self.pos.is_check();
    }

    /// The evaluation, White minus Black, and the pawn key, from one pass
    /// over the pieces.
    fn scan(&self) -> (i32, u32) {
        let (parts, pawns) = self.parts();
        let mut score = self.built_in_white(&parts);
        if let Some(net) = &self.tables.net {
            let own = self.net_score(net);
            score += if self.pos.white_to_move() { own } else { -own };
        }
        (score, pawns)
    }

    /// The evaluation's parts summed, White minus Black, without the
    /// variant's network or the tempo.
    fn built_in_white(&self, parts: &EvaluationParts) -> i32 {
        let side_to_move = usize::from(!self.pos.white_to_move());
        parts.placement + parts.king_safety + activity(&parts.activity, parts.phase, side_to_move)
    }

    /// The evaluation for the side to move without the variant's network
    /// (the tempo included), what the network is trained to add to
    /// (`examples/fairy_net_data.rs`).
    pub fn built_in_evaluation(&self) -> i32 {
        let white = self.built_in_white(&self.parts().0);
        TEMPO
            + if self.pos.white_to_move() {
                white
            } else {
                -white
            }
    }

    /// How a network sees this variant's positions.
    pub fn input_layout(&self) -> InputLayout {
        self.tables.layout
    }

    /// A network's active inputs ([`InputLayout`]) for the side to move's
    /// view and the other side's.
    pub fn net_inputs(&self) -> (Vec<u32>, Vec<u32>) {
        let (mut mine, mut theirs) = (Vec::new(), Vec::new());
        self.for_each_net_input(|m, t| {
            mine.push(m);
            theirs.push(t);
        });
        (mine, theirs)
    }

    /// Calls `f` with each active input of the side to move's view and
    /// the same piece's of the other side's.
    fn for_each_net_input(&self, mut f: impl FnMut(u32, u32)) {
        let l = &self.tables.layout;
        let (w, h) = (usize::from(l.width), usize::from(l.height));
        let squares = w * h;
        let white_to_move = self.pos.white_to_move();
        self.pos.for_each_piece(|sq, piece, white| {
            let (x, y) = (usize::from(sq.file()), usize::from(sq.rank()));
            let white_square = y * w + x;
            let black_square = (h - 1 - y) * w + if l.rotated { w - 1 - x } else { x };
            // The piece as White sees it and as Black does.
            let by_white = (usize::from(!white) * l.kinds + piece) * squares + white_square;
            let by_black = (usize::from(white) * l.kinds + piece) * squares + black_square;
            if white_to_move {
                f(by_white as u32, by_black as u32);
            } else {
                f(by_black as u32, by_white as u32);
            }
        });
        if l.hands {
            let base = 2 * l.kinds * squares;
            for piece in 0..l.kinds {
                for color in [Color::White, Color::Black] {
                    let held = usize::from(self.pos.in_hand(color, piece)).min(HAND_INPUTS);
                    let movers = (color == Color::White) == white_to_move;
                    let at = |own: bool, k: usize| {
                        (base + (usize::from(!own) * l.kinds + piece) * HAND_INPUTS + k) as u32
                    };
                    for k in 0..held {
                        f(at(movers, k), at(!movers, k));
                    }
                }
            }
        }
    }

    /// The variant's network's score for the side to move, summed afresh.
    fn net_score(&self, net: &Network) -> i32 {
        // On the stack: this runs at every evaluation. Inputs past the
        // buffer (no variant has so many pieces) are left out.
        let (mut mine, mut theirs) = ([0u32; MAX_ACTIVE_INPUTS], [0u32; MAX_ACTIVE_INPUTS]);
        let mut n = 0;
        self.for_each_net_input(|m, t| {
            if n < MAX_ACTIVE_INPUTS {
                (mine[n], theirs[n]) = (m, t);
                n += 1;
            }
        });
        net.evaluate_inputs(&mine[..n], &theirs[..n], n)
    }

    /// The evaluation's parts, White's view, as [`FairyGame::scan`] sums
    /// them: for `examples/fairy_features.rs`, which lists them for a fit
    /// of the weights to Fairy-Stockfish's scores.
    pub fn evaluation_parts(&self) -> EvaluationParts {
        self.parts().0
    }

    /// The evaluation's parts and the pawn key, from one pass over the
    /// pieces.
    fn parts(&self) -> (EvaluationParts, u32) {
        let t = &*self.tables;
        let mut score = 0;
        // Where the pieces stand, for the king-safety pass: (x, y, white).
        let mut placed = [(0u8, 0u8, false); 256];
        let mut n_placed = 0;
        let mut kings: [Option<(u8, u8)>; 2] = [None, None];
        // Pieces other than pawns and royal ones, for the game phase.
        let mut material = 0;
        let mut royal_placement = [0; 2];
        let mut pawns = 0u64;
        self.pos.for_each_piece(|sq, piece, white| {
            // 0-based, as the king-safety pass's board bounds are.
            let (x, y) = (sq.file(), sq.rank());
            let value = t
                .placed_value
                .get((piece * 2 + usize::from(!white)) * 256 + sq.index())
                .copied()
                .unwrap_or(0);
            if Some(piece) == t.royal {
                // Added once the phase is known: a fitted table's king
                // placement is the middlegame's.
                kings[usize::from(!white)] = Some((x, y));
                royal_placement[usize::from(!white)] += value;
                return;
            }
            score += if white { value } else { -value };
            if Some(piece) != t.pawn {
                material += t.values.get(piece).copied().unwrap_or(0);
            } else {
                // A sum of a multiplicative hash per square and colour.
                let code = (sq.index() as u64) << 1 | u64::from(white);
                pawns = pawns.wrapping_add(
                    (code + 1)
                        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                        .rotate_left(23),
                );
            }
            if n_placed < placed.len() {
                placed[n_placed] = (x, y, white);
                n_placed += 1;
            }
        });
        // Pieces in hand are material too: each can be dropped where it is
        // most needed, so it is worth a little more than the same piece on
        // the board. Without this a drop would look like winning a piece and
        // a capture in a drop variant like winning only half the swing.
        let mut in_hand = [0i32; 2];
        if t.hands {
            for (piece, &value) in t.hand_values.iter().enumerate() {
                for (c, color) in [Color::White, Color::Black].into_iter().enumerate() {
                    let n = i32::from(self.pos.in_hand(color, piece));
                    if n > 0 {
                        in_hand[c] += n;
                        if Some(piece) != t.royal && Some(piece) != t.pawn {
                            material += n * t.values.get(piece).copied().unwrap_or(0);
                        }
                        let hand_value = n * value;
                        score += if c == 0 { hand_value } else { -hand_value };
                    }
                }
            }
        }
        let phase = (material * FULL_PHASE / t.start_material).min(FULL_PHASE);
        for (c, king) in kings.into_iter().enumerate() {
            if let Some((x, y)) = king {
                let centre = t.king_centre[usize::from(y) * 16 + usize::from(x)];
                let placement = if t.royal_free {
                    taper((royal_placement[c], centre), phase)
                } else {
                    royal_placement[c]
                };
                score += if c == 0 { placement } else { -placement };
            }
        }
        let parts = EvaluationParts {
            placement: score,
            king_safety: king_safety(&placed[..n_placed], kings, in_hand, t),
            phase,
            activity: self.pos.activity(),
        };
        (parts, (pawns >> 32) as u32 ^ pawns as u32)
    }

    /// Whether neither side holds a piece in hand.
    fn hands_empty(&self) -> bool {
        !self.tables.hands
            || (0..self.tables.values.len()).all(|piece| {
                self.pos.in_hand(Color::White, piece) == 0
                    && self.pos.in_hand(Color::Black, piece) == 0
            })
    }

    fn victim(&self, mv: FairyMove) -> Option<usize> {
        if let Some(sq) = mv.side_capture() {
            return self.pos.piece_at(sq).map(|(p, _)| p);
        }
        match self.pos.piece_at(mv.to()) {
            Some((p, white)) if white != self.pos.white_to_move() => Some(p),
            _ => None,
        }
    }

    fn value(&self, piece: usize) -> i32 {
        self.tables.values.get(piece).copied().unwrap_or(0)
    }
}

impl TableMove for FairyMove {
    fn to_bits(self) -> u64 {
        FairyMove::to_bits(self)
    }
    fn from_bits(bits: u64) -> Option<FairyMove> {
        FairyMove::from_bits(bits)
    }
}

impl Game for FairyGame {
    type Move = FairyMove;

    const SELECTIVE: bool = true;

    fn moves(&self, out: &mut Vec<FairyMove>) {
        self.pos.legal_moves_into(out);
    }

    fn untested_moves(&self, out: &mut Vec<FairyMove>) {
        self.pos.untested_moves_into(out);
    }

    fn is_untested_move_legal(&self, mv: FairyMove) -> bool {
        self.pos.is_untested_move_legal(mv)
    }

    fn has_moves(&self, _scratch: &mut Vec<FairyMove>) -> bool {
        self.pos.has_legal_move()
    }

    fn apply(&mut self, mv: FairyMove) {
        self.pos.play_in_place(mv);
        self.refresh();
    }

    fn outcome(&self) -> Option<RelativeOutcome> {
        // A variant's own end (flag, last check, extinction) first; bare
        // royal pieces only draw where no such rule can still decide and
        // no piece waits in hand.
        if let Some(o) = self.pos.variant_end() {
            return Some(o);
        }
        let v = self.pos.variant();
        let bare =
            self.non_royal == 0 && v.flag.is_none() && v.extinction.is_none() && self.hands_empty();
        // The variant's n-move rule on the fairy crate's clock, which
        // counts as the rules do (drops and each variant's pawns reset
        // it; shogi has none); a mate on the last move is still a mate.
        let n = u32::from(v.n_move_rule);
        let clock_out =
            n > 0 && self.pos.halfmoves() >= 2 * n && (!self.check || self.pos.has_legal_move());
        (clock_out || bare).then_some(RelativeOutcome::Draw)
    }

    fn outcome_without_moves(&self) -> RelativeOutcome {
        if self.check {
            self.pos.checkmate_result()
        } else {
            self.pos.stalemate_outcome()
        }
    }

    fn hash(&self) -> u64 {
        *self.hash.get_or_init(|| self.pos.zobrist())
    }

    fn move_text(&self, mv: FairyMove) -> String {
        mv.to_uci(&self.pos)
    }

    /// The pawns' key where the variant has a pawn (variants without one,
    /// such as shogi and xiangqi, go without correction).
    fn correction_key(&self) -> Option<u64> {
        self.tables.pawn?;
        Some(u64::from(self.pawn_key()) << 1 | u64::from(!self.pos.white_to_move()))
    }

    fn evaluate(&self) -> i32 {
        if self.pos.white_to_move() {
            self.evaluate_white() + TEMPO
        } else {
            -self.evaluate_white() + TEMPO
        }
    }

    fn is_check(&self) -> bool {
        self.check
    }

    fn is_noisy(&self, mv: FairyMove) -> bool {
        // A drop takes nothing, even one that puts a piece down promoted
        // (Kyoto shogi's).
        !mv.is_drop() && (mv.promotion().is_some() || self.victim(mv).is_some())
    }

    fn noisy_order(&self, mv: FairyMove) -> i32 {
        let victim = self.victim(mv).map_or(0, |p| self.value(p));
        let promo = mv.promotion().map_or(0, |p| self.value(p));
        let attacker = self
            .pos
            .piece_at(mv.from())
            .map_or(0, |(p, _)| self.value(p));
        (victim + promo) * 8 - attacker / 16
    }

    fn gain(&self, mv: FairyMove) -> i32 {
        let victim = self.victim(mv).map_or(0, |p| self.value(p));
        let promo = mv.promotion().map_or(0, |p| self.value(p) - PAWN_VALUE);
        victim + promo
    }

    /// The static exchange on the target ([`Position::static_exchange`]);
    /// where the variant's captures escape it, one step: what the move
    /// takes (and gains by promoting), less the piece it puts on the
    /// target if that piece is worth more and the opponent attacks the
    /// square.
    fn see(&self, mv: FairyMove) -> i32 {
        if !self.tables.exchanges {
            return 0;
        }
        // Taking a piece worth at least the taker wins at least the
        // difference, whatever follows: the bound [`Game::see`] allows,
        // without the exchange's attacker scans (most captures searched).
        // Not for the royal piece, whose exchange value is its safety.
        if mv.promotion().is_none() && mv.side_capture().is_none() && !mv.is_drop() {
            if let (Some(victim), Some((mover, _))) =
                (self.victim(mv), self.pos.piece_at(mv.from()))
            {
                let (won, risked) = (self.value(victim), self.value(mover));
                if won >= risked && Some(mover) != self.tables.royal {
                    return won - risked;
                }
            }
        }
        if let Some(exchange) = self.pos.static_exchange(mv) {
            return exchange;
        }
        let gain = self.gain(mv);
        let mover = match mv.promotion() {
            Some(p) => Some(p),
            None => self.pos.piece_at(mv.from()).map(|(p, _)| p),
        };
        // The royal piece's value is 0: it only takes undefended pieces.
        let at_risk = mover.map_or(0, |p| self.value(p));
        if gain >= at_risk || !self.pos.is_target_defended(mv) {
            gain
        } else {
            gain - at_risk
        }
    }

    fn drops(&self) -> bool {
        self.tables.drops
    }

    fn margin_scale(&self) -> i32 {
        self.tables.margin_scale
    }

    fn noisy_moves(&self, out: &mut Vec<FairyMove>) {
        self.pos.noisy_candidates_into(out);
        out.retain(|&m| self.is_noisy(m));
    }

    fn history_index(&self, mv: FairyMove) -> usize {
        // Squares are below 256 on the 16-file frame. A drop starts
        // nowhere: its slot is the kind dropped, in a half of its own.
        let colour = usize::from(!self.pos.white_to_move());
        let (drop, from) = match mv.dropped_piece() {
            Some(kind) => (1, kind),
            None => (0, mv.from().index()),
        };
        drop << 17 | colour << 16 | from << 8 | mv.to().index()
    }

    fn piece_to_slots(&self) -> usize {
        let v = self.pos.variant();
        2 * v.pieces.len() * usize::from(v.width) * usize::from(v.height)
    }

    fn piece_to_index(&self, mv: FairyMove) -> usize {
        let v = self.pos.variant();
        let kind = mv
            .dropped_piece()
            .or_else(|| self.pos.piece_at(mv.from()).map(|(p, _)| p))
            .unwrap_or(0);
        let colour = usize::from(!self.pos.white_to_move());
        let (width, height) = (usize::from(v.width), usize::from(v.height));
        let to = mv.to();
        let square = usize::from(to.rank()) * width + usize::from(to.file());
        (colour * v.pieces.len() + kind) * width * height + square
    }

    fn reversible_plies(&self) -> u32 {
        // Where captured pieces go to hand, a position can come back
        // after a capture or a drop (the piece taken is dropped again and
        // taken back), so the whole path counts, as in Fairy-Stockfish.
        if self.pos.variant().captures_to_hand {
            u32::MAX
        } else {
            self.pos.halfmoves()
        }
    }

    fn perpetual_check_loses(&self) -> bool {
        self.pos.variant().perpetual_check_illegal
    }

    fn may_give_check(&self, mv: FairyMove) -> bool {
        self.pos.may_give_check(mv)
    }

    fn null_move(&self) -> Option<FairyGame> {
        if !self.tables.null_move || self.check {
            return None;
        }
        let mut child = self.clone();
        child.pos = self.pos.pass();
        // The same pieces and hands: the evaluation stands.
        child.hash = OnceCell::new();
        child.check = child.pos.is_check();
        Some(child)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Limits, Score, Searcher, HISTORY_SIZE};

    /// The evaluation without the variant's network or the tempo, from
    /// White's point of view: what the built-in terms' tests look at (a
    /// network's score is the side to move's, so a start position with
    /// White to move need not be level by it).
    fn built_in_white(g: &FairyGame) -> i32 {
        g.built_in_white(&g.parts().0)
    }

    /// The FEN of `fen`'s position with the colours exchanged: ranks in
    /// reverse order (and each rank's cells too when `turn`, a half turn),
    /// letters' case swapped, hands exchanged, the other side to move; no
    /// castling or en passant.
    fn colours_exchanged(fen: &str, turn: bool) -> String {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().unwrap();
        let side = fields.next().unwrap();
        let (board, hand) = match placement.split_once('[') {
            Some((b, h)) => (b, Some(h.trim_end_matches(']'))),
            None => (placement, None),
        };
        let swap = |c: char| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        };
        let ranks: Vec<String> = board
            .split('/')
            .rev()
            .map(|rank| {
                // Cells: a run of digits, or a piece with its `+` prefix.
                let mut cells: Vec<String> = Vec::new();
                let mut prefix = String::new();
                for c in rank.chars() {
                    if c == '+' {
                        prefix.push(c);
                    } else if c.is_ascii_digit()
                        && cells
                            .last()
                            .is_some_and(|l| l.starts_with(|d: char| d.is_ascii_digit()))
                    {
                        cells.last_mut().unwrap().push(c);
                    } else {
                        cells.push(format!("{prefix}{}", swap(c)));
                        prefix.clear();
                    }
                }
                if turn {
                    cells.reverse();
                }
                cells.concat()
            })
            .collect();
        let hand = hand.map_or(String::new(), |h| {
            format!("[{}]", h.chars().map(swap).collect::<String>())
        });
        let side = if side == "w" { "b" } else { "w" };
        format!("{}{hand} {side} - - 0 1", ranks.join("/"))
    }

    #[test]
    fn every_built_in_network_is_taken_up_by_its_variant() {
        // A network of another board size or piece set is left out
        // silently in play (a variants.ini section may reuse a name), so
        // a mistyped entry of the table must fail here.
        for &(name, ..) in FAIRY_NETS {
            let v = Variant::builtin(name).unwrap();
            let game = FairyGame::start(&v);
            assert!(game.tables.net.is_some(), "{name}: network not used");
        }
    }

    #[test]
    fn a_network_sees_a_position_and_its_colours_exchanged_alike() {
        for (name, rotated, fen) in [
            (
                "capablanca",
                false,
                "r1abqk1c1r/p5pppp/2p4n2/2P1p5/4Pp4/3A1P2P1/PP1N2PP1P/R2BQKBC2 w - - 0 12",
            ),
            (
                "xiangqi",
                false,
                "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKABR1 b - - 0 3",
            ),
            (
                "shogi",
                true,
                "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p7/2P6/PP1PPPPPP/1SG4R1/LN2KGSNL[Bb] w - - 0 8",
            ),
            (
                "crazyhouse",
                false,
                "r1bqkb1r/pppp1ppp/2n5/4p3/4P1n1/5N2/PPPP1PPP/RNBQKB1R[Pp] w - - 0 5",
            ),
        ] {
            let v = Variant::builtin(name).unwrap();
            let game = FairyGame::from_fen(&v, fen).unwrap();
            let layout = game.input_layout();
            assert_eq!(layout.rotated, rotated, "{name}");
            let other = colours_exchanged(fen, rotated);
            let exchanged = FairyGame::from_fen(&v, &other).unwrap();
            let sorted = |(mut a, mut b): (Vec<u32>, Vec<u32>)| {
                a.sort_unstable();
                b.sort_unstable();
                (a, b)
            };
            let (mine, theirs) = sorted(game.net_inputs());
            assert_eq!(mine.len(), theirs.len(), "{name}");
            assert!(mine
                .iter()
                .chain(&theirs)
                .all(|&i| (i as usize) < layout.inputs()));
            assert_ne!(mine, theirs, "{name}: the views differ");
            assert_eq!(
                sorted(exchanged.net_inputs()),
                (mine, theirs),
                "{name}: {other}"
            );
        }
    }

    #[test]
    fn correction_keys_follow_the_pawns_and_the_side_to_move() {
        let v = Variant::builtin("capablanca").unwrap();
        let start = FairyGame::start(&v);
        let key = |g: &FairyGame| g.correction_key().unwrap();
        let after = |g: &FairyGame, uci: &str| {
            let mut g = g.clone();
            g.apply(g.parse_move(uci).unwrap());
            g
        };
        // A knight move changes the side to move, not the pawns.
        let knight = after(&start, "b1c3");
        assert_eq!(key(&knight) >> 1, key(&start) >> 1);
        assert_ne!(key(&knight) & 1, key(&start) & 1);
        // Knights out and back: the same key; a pawn move: another.
        let back = after(&after(&after(&knight, "b8c6"), "c3b1"), "c6b8");
        assert_eq!(key(&back), key(&start));
        let pawn = after(&start, "e2e4");
        assert_ne!(key(&pawn) >> 1, key(&start) >> 1);
        // Two pawn structures that differ by one pawn's colour differ.
        let white = FairyGame::from_fen(&v, "4k5/10/10/4P5/10/10/10/4K5 w - - 0 1").unwrap();
        let black = FairyGame::from_fen(&v, "4k5/10/10/4p5/10/10/10/4K5 w - - 0 1").unwrap();
        assert_ne!(key(&white), key(&black));
        // Shogi has no chess pawn: no correction.
        let shogi = FairyGame::start(&Variant::builtin("shogi").unwrap());
        assert_eq!(shogi.correction_key(), None);
    }

    #[test]
    fn fitted_tables_fit_their_variants() {
        for t in TUNED {
            let v = Variant::builtin(t.variant).unwrap();
            assert_eq!((v.width, v.height), (t.width, t.height), "{}", t.variant);
            let squares = usize::from(t.width) * usize::from(t.height);
            let hands = v.drops || v.captures_to_hand || v.gating;
            for (letter, table) in t.pieces {
                assert!(
                    v.pieces
                        .iter()
                        .any(|p| p.letter.to_ascii_lowercase() == *letter),
                    "{}: no piece {letter}",
                    t.variant
                );
                assert_eq!(
                    table.len(),
                    squares + usize::from(hands),
                    "{} {letter}",
                    t.variant
                );
            }
            // Mirrored tables: the start position is level but for the tempo.
            assert_eq!(built_in_white(&FairyGame::start(&v)), 0, "{}", t.variant);
        }
    }

    #[test]
    fn move_keys_are_in_range_and_tell_moves_apart() {
        // Random games of every built-in: each legal move's history slot
        // stays below HISTORY_SIZE and its piece-to slot below the game's
        // count (the search indexes its tables with them unchecked), and
        // moves that differ in what the keys name get different keys.
        let mut moves = Vec::new();
        for pos in random_positions(60).into_iter().flatten() {
            let name = pos.variant().name.clone();
            let g = FairyGame::from_position(pos);
            let slots = g.piece_to_slots();
            moves.clear();
            g.moves(&mut moves);
            let mut by_history = std::collections::HashMap::new();
            let mut by_piece_to = std::collections::HashMap::new();
            for &mv in &moves {
                let h = g.history_index(mv);
                let pt = g.piece_to_index(mv);
                assert!(h < HISTORY_SIZE, "{name}: history slot {h}");
                assert!(pt < slots, "{name}: piece-to slot {pt} of {slots}");
                let mover = mv
                    .dropped_piece()
                    .or_else(|| g.pos.piece_at(mv.from()).map(|(p, _)| p));
                let start = if mv.is_drop() { None } else { Some(mv.from()) };
                let what = (start, mv.dropped_piece(), mv.to());
                assert_eq!(*by_history.entry(h).or_insert(what), what, "{name}: {mv:?}");
                let what = (mover, mv.to());
                assert_eq!(
                    *by_piece_to.entry(pt).or_insert(what),
                    what,
                    "{name}: {mv:?}"
                );
            }
        }
    }

    /// Random games of every built-in variant, `plies` long from the
    /// same seed: the positions, by variant.
    fn random_positions(plies: usize) -> Vec<Vec<Position>> {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut moves = Vec::new();
        let mut games = Vec::new();
        for name in sqlchess_rules::variant_names() {
            let Ok(v) = Variant::builtin(name) else {
                continue;
            };
            let mut g = FairyGame::start(&v);
            let mut positions = vec![g.pos.clone()];
            for _ in 0..plies {
                moves.clear();
                g.moves(&mut moves);
                if moves.is_empty() || g.outcome().is_some() {
                    break;
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                g.apply(moves[(seed >> 33) as usize % moves.len()]);
                positions.push(g.pos.clone());
            }
            games.push(positions);
        }
        games
    }

    #[test]
    fn cached_evaluations_are_the_positions_own() {
        // Every variant's games evaluated twice over, the second time
        // from the cache, which all variants share: each answer must be
        // what a pass over that position's pieces gives.
        let games = random_positions(80);
        for _ in 0..2 {
            for pos in games.iter().flatten() {
                let g = FairyGame::from_position(pos.clone());
                let name = &pos.variant().name;
                assert_eq!(g.evaluate_white(), g.scan().0, "{name}: {}", pos.fen());
            }
        }
    }

    #[test]
    fn exchanges_that_lose_are_exact_and_others_bounded() {
        // Game::see's contract: exact where the exchange loses, between 0
        // and the exchange otherwise.
        let mut moves = Vec::new();
        for pos in random_positions(80).iter().flatten() {
            let g = FairyGame::from_position(pos.clone());
            moves.clear();
            g.moves(&mut moves);
            for &mv in moves.iter().filter(|&&m| g.is_noisy(m)) {
                let Some(exact) = pos.static_exchange(mv) else {
                    continue;
                };
                if !g.tables.exchanges {
                    continue;
                }
                let see = g.see(mv);
                let name = &pos.variant().name;
                if exact < 0 {
                    assert_eq!(see, exact, "{name}: {}", g.move_text(mv));
                } else {
                    assert!(
                        (0..=exact).contains(&see),
                        "{name}: {} {see} {exact}",
                        g.move_text(mv)
                    );
                }
            }
        }
    }

    #[test]
    fn game_ends_come_by_each_variants_rules() {
        let draw = Some(RelativeOutcome::Draw);
        // Fifty moves in capablanca, on the position's own clock.
        let capa = Variant::builtin("capablanca").unwrap();
        let fifty = "4k5/10/10/10/10/10/10/R3K5 w - - 100 80";
        assert_eq!(FairyGame::from_fen(&capa, fifty).unwrap().outcome(), draw);
        let under = "4k5/10/10/10/10/10/10/R3K5 w - - 99 80";
        assert_eq!(FairyGame::from_fen(&capa, under).unwrap().outcome(), None);
        // Shogi has no n-move rule.
        let shogi = Variant::builtin("shogi").unwrap();
        let long = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 150 90";
        assert_eq!(FairyGame::from_fen(&shogi, long).unwrap().outcome(), None);
        // Bare kings play on while a piece waits in hand, and a drop
        // resets the clock, as in Fairy-Stockfish.
        let zh = Variant::builtin("crazyhouse").unwrap();
        let g = FairyGame::from_fen(&zh, "4k3/8/8/8/8/8/8/4K3[Q] w - - 99 80").unwrap();
        assert_eq!(g.outcome(), None);
        let mut dropped = g.clone();
        dropped.apply(g.parse_move("Q@d2").unwrap());
        assert_eq!(dropped.position().halfmoves(), 0);
        assert_eq!(dropped.outcome(), None);
        let bare = FairyGame::from_fen(&zh, "4k3/8/8/8/8/8/8/4K3[] w - - 0 80").unwrap();
        assert_eq!(bare.outcome(), draw);
        // Where captures go to hand a position can come back after one.
        assert_eq!(g.reversible_plies(), u32::MAX);
        let capa_game = FairyGame::from_fen(&capa, under).unwrap();
        assert_eq!(capa_game.reversible_plies(), 99);
        // Suicide chess: blocked with more pieces than the opponent, the
        // side to move loses (antichess's stalemate would win).
        let suicide = Variant::builtin("suicide").unwrap();
        let blocked = FairyGame::from_fen(&suicide, "8/8/8/8/p7/p7/P7/8 b - - 0 1").unwrap();
        let mut moves = Vec::new();
        blocked.moves(&mut moves);
        assert!(moves.is_empty() && !blocked.is_check());
        assert_eq!(blocked.outcome_without_moves(), RelativeOutcome::Loss);
    }

    #[test]
    fn start_positions_are_level() {
        // Every start position here is its own mirror image (shogi's its
        // own half turn), hands included: the evaluation must see no side
        // ahead. King safety once read 1-based squares against 0-based
        // bounds and counted White's king short of a hole.
        for name in [
            "chess",
            "crazyhouse",
            "seirawan",
            "capablanca",
            "grand",
            "xiangqi",
            "shogi",
            "janggi",
            "makruk",
        ] {
            let v = Variant::builtin(name).unwrap();
            assert_eq!(built_in_white(&FairyGame::start(&v)), 0, "{name}");
        }
    }

    #[test]
    fn mobility_values_order_the_chess_pieces() {
        let g = FairyGame::start(&Variant::builtin("chess").unwrap());
        let v = g.piece_values();
        // pawn, knight, bishop, rook, queen, king
        assert_eq!(v[0], PAWN_VALUE);
        assert!(v[1] < v[2] && v[2] < v[3] && v[3] < v[4], "{v:?}");
        assert_eq!(v[5], 0);
        assert_eq!(g.evaluate_white(), 0);
    }

    #[test]
    fn capablanca_compounds_are_valued_between_rook_and_queen() {
        let v = Variant::builtin("capablanca").unwrap();
        let g = FairyGame::start(&v);
        let value = |name: &str| {
            let i = v.pieces.iter().position(|p| p.name == name).unwrap();
            g.piece_values()[i]
        };
        assert!(value("archbishop") > value("bishop"));
        assert!(value("chancellor") > value("rook"));
        assert!(value("queen") > value("chancellor"));
    }

    #[test]
    fn finds_a_mate_in_one_in_capablanca() {
        let v = Variant::builtin("capablanca").unwrap();
        // Back-rank mate with the rook: a1 to a8.
        let pos = FairyGame::from_fen(&v, "6k3/5ppp2/10/10/10/10/10/R5K3 w - - 0 1").unwrap();
        let mut s = Searcher::<FairyGame>::new(4);
        let r = s.search(&pos, &[], &Limits::depth(2), |_| {});
        assert_eq!(r.uci_score(), Score::Mate(1));
        assert_eq!(pos.move_text(r.best_move.unwrap()), "a1a8");
    }

    #[test]
    fn a_chariot_for_a_guarded_soldier_loses_the_exchange() {
        let v = Variant::builtin("xiangqi").unwrap();
        let free = FairyGame::from_fen(&v, "4k4/9/4c4/9/4p4/9/9/9/4R4/3K5 w - - 0 1").unwrap();
        let take = free.parse_move("e2e6").unwrap();
        assert_eq!(free.see(take), free.gain(take));
        assert!(free.gain(take) > 0);
        let guarded = FairyGame::from_fen(&v, "4k4/9/4c4/4p4/4p4/9/9/9/4R4/3K5 w - - 0 1").unwrap();
        assert!(guarded.see(guarded.parse_move("e2e6").unwrap()) < 0);
        // Where captures explode, nothing is judged by defenders.
        let atomic = Variant::builtin("atomic").unwrap();
        let pos = FairyGame::from_fen(&atomic, "4k3/8/8/3p4/4p3/8/8/3QK3 w - - 0 1").unwrap();
        assert_eq!(pos.see(pos.parse_move("d1d5").unwrap()), 0);
    }

    #[test]
    fn a_soldier_across_the_river_is_worth_more() {
        // The built-in terms: xiangqi's network sees more than soldiers.
        let soldier = |variant: &str, fen: &str| {
            let v = Variant::builtin(variant).unwrap();
            built_in_white(&FairyGame::from_fen(&v, fen).unwrap())
        };
        let home = "4k4/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1";
        let across = "4k4/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1";
        let black = "4k4/9/9/9/9/4p4/9/9/9/4K4 w - - 0 1";
        // Manchu's soldiers are xiangqi's, with no fitted table: two
        // sideways steps more, 35 each, and two steps nearer the centre.
        assert!(soldier("manchu", across) - soldier("manchu", home) >= 70);
        assert_eq!(soldier("manchu", black), -soldier("manchu", across));
        // Xiangqi's fitted table says the same, by its own amount.
        assert!(soldier("xiangqi", across) > soldier("xiangqi", home));
        assert_eq!(soldier("xiangqi", black), -soldier("xiangqi", across));
    }

    #[test]
    fn passed_pawns_and_the_king_count_most_in_the_endgame() {
        let v = Variant::builtin("capablanca").unwrap();
        let eval = |fen: &str| built_in_white(&FairyGame::from_fen(&v, fen).unwrap());
        // Kings and a pawn: the pawn one step from promotion is worth far
        // more than on its third rank, and a central king more than one
        // in the corner.
        let near = eval("k9/4P5/10/10/10/10/10/9K w - - 0 1");
        let far = eval("k9/10/10/10/10/4P5/10/9K w - - 0 1");
        assert!(near - far >= 150, "{near} {far}");
        let centre = eval("k9/10/10/10/4K5/4P5/10/10 w - - 0 1");
        let corner = eval("k9/10/10/10/10/4P5/10/9K w - - 0 1");
        assert!(centre > corner, "{centre} {corner}");
        // With the kings alone the fitted table's corner preference has
        // gone: bare kings on mirrored squares are level, a central one
        // is better than one in the corner.
        assert!(eval("k9/10/10/10/4K5/10/10/10 w - - 0 1") > 0);
        assert_eq!(eval("k9/10/10/10/10/10/10/9K w - - 0 1"), 0);
    }

    #[test]
    fn checks_are_pruned_only_where_pieces_are_dropped() {
        let prunes =
            |name: &str| FairyGame::start(&Variant::builtin(name).unwrap()).prunes_checks();
        assert!(prunes("crazyhouse") && prunes("shogi"));
        assert!(!prunes("capablanca") && !prunes("seirawan") && !prunes("xiangqi"));
    }

    #[test]
    fn margin_scales_reach_their_variants_only() {
        let scale = |name: &str| FairyGame::start(&Variant::builtin(name).unwrap()).margin_scale();
        // Every entry names a built-in variant of its board's size: a
        // renamed variant or a resized board would silently lose its scale.
        for &(name, _, _, expected) in MARGIN_SCALES {
            assert_eq!(scale(name), expected, "{name}");
        }
        for name in ["chess", "capablanca", "seirawan", "xiangqi", "minishogi"] {
            assert_eq!(scale(name), 100, "{name}");
        }
    }

    #[test]
    fn takes_a_hanging_piece() {
        let v = Variant::builtin("chess").unwrap();
        let pos = FairyGame::from_fen(&v, "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").unwrap();
        let mut s = Searcher::<FairyGame>::new(4);
        let r = s.search(&pos, &[], &Limits::depth(3), |_| {});
        assert_eq!(pos.move_text(r.best_move.unwrap()), "d2d5");
    }
}
