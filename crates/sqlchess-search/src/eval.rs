//! Static evaluation of standard chess: material, piece-square tables,
//! mobility, pawn structure, king safety and threats, tapered between
//! middlegame and endgame.
//!
//! The evaluation is a sum of features (a piece on a square, a knight with
//! five safe moves, a passed pawn on the sixth rank, …), each counted for
//! White minus Black and weighted by a middlegame and an endgame value from
//! [`WEIGHTS`]. The weights are fitted to the
//! results of self-play games (Texel's method): `examples/texel_data.rs`
//! writes the positions, `examples/texel_tune.rs` fits the weights and
//! writes `src/eval_weights.rs`. The same code computes the evaluation and
//! lists the features for the tuner ([`trace`]), so the two cannot drift.

use sqlchess_core::{attacks, Bitboard, Color, File, Position, Role, Square};

pub use crate::eval_weights::WEIGHTS;

/// Piece values in centipawns (pawn … queen, king 0) for static exchange
/// evaluation and capture ordering; the evaluation's own material values
/// are tuned ([`feature::MATERIAL`]).
pub const EXCHANGE_VALUE: [i32; 6] = [90, 320, 330, 480, 960, 0];

/// Game phase weights (knight, bishop 1; rook 2; queen 4); 24 is a full board.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of a full board.
pub const MAX_PHASE: i32 = 24;

/// The features of the evaluation: each constant is the index of a feature
/// (or of the first of a table of them) in the weights.
pub mod feature {
    /// Material, by role (pawn … king; the king's is unused).
    pub const MATERIAL: usize = 0;
    /// Piece-square tables: `PST + 64 * role + square`, the square seen
    /// from the piece's own side (a1 = 0, Black's squares mirrored) and
    /// from its own king's wing: with the king on files a to d the files
    /// are mirrored too, so that a pawn shielding a king castled long
    /// counts as one shielding a king castled short (a held-out error
    /// 0.9 % lower, BENCHMARKS.md "A king's-wing view of the chess tables").
    pub const PST: usize = MATERIAL + 6;
    /// Knight mobility: `+ n` for `n` safe squares (0..=8).
    pub const KNIGHT_MOBILITY: usize = PST + 6 * 64;
    /// Bishop mobility (0..=13).
    pub const BISHOP_MOBILITY: usize = KNIGHT_MOBILITY + 9;
    /// Rook mobility (0..=14).
    pub const ROOK_MOBILITY: usize = BISHOP_MOBILITY + 14;
    /// Queen mobility (0..=27).
    pub const QUEEN_MOBILITY: usize = ROOK_MOBILITY + 15;
    /// A passed pawn, by its rank seen from its side (0..8).
    pub const PASSED: usize = QUEEN_MOBILITY + 28;
    /// A pawn defended by a pawn, by rank.
    pub const SUPPORTED: usize = PASSED + 8;
    /// A pawn with a pawn of its side beside it, by rank.
    pub const PHALANX: usize = SUPPORTED + 8;
    /// A pawn with no pawn of its side on the adjacent files.
    pub const ISOLATED: usize = PHALANX + 8;
    /// Each pawn beyond the first on a file.
    pub const DOUBLED: usize = ISOLATED + 1;
    /// Two bishops or more.
    pub const BISHOP_PAIR: usize = DOUBLED + 1;
    /// A rook on a file with no pawn.
    pub const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
    /// A rook on a file with only the opponent's pawns.
    pub const ROOK_SEMI_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
    /// A knight on its fourth to sixth rank, defended by a pawn, that no
    /// enemy pawn can ever attack.
    pub const KNIGHT_OUTPOST: usize = ROOK_SEMI_OPEN_FILE + 1;
    /// The same for a bishop.
    pub const BISHOP_OUTPOST: usize = KNIGHT_OUTPOST + 1;
    /// Each own pawn on the three files in front of a king on its first two
    /// ranks, up to two ranks ahead.
    pub const KING_SHELTER: usize = BISHOP_OUTPOST + 1;
    /// The attack on the enemy king by attack units (2 for each square of
    /// the king's zone a minor piece hits, 3 for a rook, 5 for a queen),
    /// when two pieces or more take part.
    pub const KING_ATTACK: usize = KING_SHELTER + 1;
    /// The number of king-attack entries; more units count as the last.
    pub const KING_ATTACK_UNITS: usize = 32;
    /// An enemy piece (not a pawn or king) attacked by a pawn.
    pub const THREAT_BY_PAWN: usize = KING_ATTACK + KING_ATTACK_UNITS;
    /// An enemy rook or queen attacked by a knight or bishop.
    pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 1;
    /// An enemy queen attacked by a rook.
    pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 1;
    /// An enemy piece (not a king) attacked and not defended.
    pub const HANGING: usize = THREAT_BY_ROOK + 1;
    /// A square from which a knight, bishop, rook or queen (`+ role - 1`)
    /// could check the enemy king, attacked by such a piece, neither
    /// occupied by an own piece nor attacked by the enemy.
    pub const SAFE_CHECK: usize = HANGING + 1;
    /// A passed pawn whose square ahead is occupied, by rank.
    pub const PASSED_BLOCKED: usize = SAFE_CHECK + 4;
    /// A passed pawn, by rank, counted once per square of distance (0..=7)
    /// from its own king to the square ahead of it.
    pub const PASSED_OWN_KING_DISTANCE: usize = PASSED_BLOCKED + 8;
    /// The same for the enemy king's distance.
    pub const PASSED_ENEMY_KING_DISTANCE: usize = PASSED_OWN_KING_DISTANCE + 8;
    /// A king on a file without own pawns.
    pub const KING_OPEN_FILE: usize = PASSED_ENEMY_KING_DISTANCE + 8;
    /// The side to move.
    pub const TEMPO: usize = KING_OPEN_FILE + 1;
    /// Pawn shelter, Stockfish's way: on the king's file and the two
    /// beside it (b to g for a king on the rim), `+ 8 * edge + rank` for
    /// the least advanced own pawn not behind the king, by the file's
    /// distance from the edge (0..4) and that pawn's rank (0 for none).
    pub const SHELTER: usize = TEMPO + 1;
    /// Pawn storm on the same files: `+ 8 * edge + rank` for the enemy
    /// pawn nearest the king, not behind it (rank 0 for none), unless it
    /// is blocked by the own pawn in front of it.
    pub const STORM: usize = SHELTER + 32;
    /// A storming pawn blocked by the shelter's pawn, by its rank.
    pub const BLOCKED_STORM: usize = STORM + 32;
    /// The squares around the enemy king attacked and defended by
    /// nothing but the king or queen, `+ n` for `n` (0..=8, more as 8).
    pub const KING_RING_WEAK: usize = BLOCKED_STORM + 8;
    /// A passed pawn whose square ahead is empty and not attacked, by rank.
    pub const PASSED_FREE: usize = KING_RING_WEAK + 9;
    /// An enemy piece (not a pawn) that a pawn would attack after a safe
    /// push of one square.
    pub const PAWN_PUSH_THREAT: usize = PASSED_FREE + 8;
    /// The number of features.
    pub const COUNT: usize = PAWN_PUSH_THREAT + 1;
}

/// Where the evaluation's features go: summed with their weights for a
/// score, or listed for the tuner.
pub trait Features {
    /// Counts `feature` `count` times (negative for Black).
    fn add(&mut self, feature: usize, count: i32);
}

/// The middlegame and endgame sums of the weighted features.
#[derive(Debug, Default, Clone, Copy)]
struct Tapered {
    mg: i32,
    eg: i32,
}

impl Features for Tapered {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        let [mg, eg] = WEIGHTS[feature];
        self.mg += mg as i32 * count;
        self.eg += eg as i32 * count;
    }
}

/// The features of a position, for tuning: what [`trace`] returns.
#[derive(Debug, Clone, Default)]
pub struct Trace {
    /// `(feature, count)` pairs, White's counts minus Black's; a feature may
    /// appear more than once (its counts add up).
    pub counts: Vec<(u16, i16)>,
    /// The game phase, 0 (kings and pawns) to [`MAX_PHASE`].
    pub phase: i32,
    /// Whether a side has a lone king: the evaluation then adds a mop-up
    /// term that is not a feature, and the tuner leaves the position out.
    pub lone_king: bool,
}

impl Features for Trace {
    fn add(&mut self, feature: usize, count: i32) {
        if count != 0 {
            self.counts.push((feature as u16, count as i16));
        }
    }
}

/// 0 on the rim to 3 in the centre, per file or rank index.
const fn centrality(i: usize) -> i32 {
    (if i < 4 { i } else { 7 - i }) as i32
}

/// Squares in front of a pawn of `color` on `sq` on its own and both adjacent files.
const fn build_front_spans() -> [[u64; 64]; 2] {
    let mut t = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let f = (sq % 8) as i32;
        let r = (sq / 8) as i32;
        let mut c = 0;
        while c < 2 {
            let mut bb = 0u64;
            let mut rr = if c == 0 { r + 1 } else { r - 1 };
            while rr >= 0 && rr < 8 {
                let mut ff = f - 1;
                while ff <= f + 1 {
                    if ff >= 0 && ff < 8 {
                        bb |= 1u64 << (rr * 8 + ff);
                    }
                    ff += 1;
                }
                rr = if c == 0 { rr + 1 } else { rr - 1 };
            }
            t[c][sq] = bb;
            c += 1;
        }
        sq += 1;
    }
    t
}

static FRONT_SPAN: [[u64; 64]; 2] = build_front_spans();

const fn build_adjacent_files() -> [u64; 8] {
    let mut t = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        let file = 0x0101_0101_0101_0101u64 << f;
        t[f] = (if f > 0 { file >> 1 } else { 0 }) | (if f < 7 { file << 1 } else { 0 });
        f += 1;
    }
    t
}

static ADJACENT_FILES: [u64; 8] = build_adjacent_files();

#[inline]
fn relative(sq: Square, color: Color) -> usize {
    match color {
        Color::White => sq as usize,
        Color::Black => sq as usize ^ 56,
    }
}

#[inline]
fn pawn_attacks_bb(pawns: Bitboard, color: Color) -> Bitboard {
    let not_a = !Bitboard::from_file(File::A).0;
    let not_h = !Bitboard::from_file(File::H).0;
    let p = pawns.0;
    Bitboard(match color {
        Color::White => ((p & not_a) << 7) | ((p & not_h) << 9),
        Color::Black => ((p & not_a) >> 9) | ((p & not_h) >> 7),
    })
}
/// What one side's pass leaves for the terms that compare both sides.
#[derive(Clone, Copy)]
struct SideAttacks {
    /// The side's share of the game phase.
    phase: i32,
    /// Every square the side attacks.
    all: Bitboard,
    /// The squares its knights, bishops, rooks and queens attack.
    by_role: [Bitboard; 4],
    /// The squares its pawns attack.
    pawns: Bitboard,
    /// Its passed pawns.
    passed: Bitboard,
}

/// Adds the features of side `us` that need only its own attacks to `out`,
/// counted `sign` times (1 for White, -1 for Black).
/// How many times the side to move's threats count (pieces attacked by
/// cheaper ones, and pieces left hanging): it can take at once, where the
/// other side's can still be parried. Counted twice, +16 Elo over 1,317
/// games of self-play at 10 ms a move against counting them once
/// (BENCHMARKS.md, "Threats of the side to move"), on the weights fitted
/// with once.
const SIDE_TO_MOVE_THREATS: i32 = 2;

/// `sign`, times [`SIDE_TO_MOVE_THREATS`] if `us` is to move.
#[inline(always)]
fn threat_sign(pos: &Position, us: Color, sign: i32) -> i32 {
    if pos.turn() == us {
        sign * SIDE_TO_MOVE_THREATS
    } else {
        sign
    }
}

#[inline(always)]
fn side_features<F: Features>(pos: &Position, us: Color, sign: i32, out: &mut F) -> SideAttacks {
    use feature::*;
    let b = pos.board();
    let them = !us;
    let ours = b.by_color(us);
    let theirs = b.by_color(them);
    let occ = b.occupied();
    let our_pawns = b.pawns() & ours;
    let their_pawns = b.pawns() & theirs;
    let our_pawn_attacks = pawn_attacks_bb(our_pawns, us);
    let their_pawn_attacks = pawn_attacks_bb(their_pawns, them);
    let safe = !(ours | their_pawn_attacks);
    let our_king = b.king_of(us);
    let their_king = b.king_of(them);
    let mut phase = 0;
    // King attack: pieces hitting the squares around the enemy king.
    let their_king_zone = their_king.map_or(Bitboard::EMPTY, |k| {
        attacks::king_attacks(k) | Bitboard::from_square(k)
    });
    let (mut king_attackers, mut attack_units) = (0, 0usize);
    let mut king_hits = |att: Bitboard, units: usize| {
        let hits = (att & their_king_zone).count();
        if hits > 0 {
            king_attackers += 1;
            attack_units += units * hits;
        }
    };
    let mut by_role = [Bitboard::EMPTY; 4];
    let mut passed = Bitboard::EMPTY;
    // Files mirrored for a king on the queen's wing (feature::PST).
    let mirror = if our_king.is_some_and(|k| k.file().index() < 4) {
        7
    } else {
        0
    };

    for sq in ours {
        let Some(role) = b.role_at(sq) else { continue };
        let ri = role as usize;
        let rel = relative(sq, us) ^ mirror;
        let rank = rel / 8;
        out.add(MATERIAL + ri, sign);
        out.add(PST + 64 * ri + rel, sign);
        phase += PHASE[ri];
        match role {
            Role::Pawn => {
                let file = sq.file().index();
                if (Bitboard(FRONT_SPAN[us as usize][sq as usize]) & their_pawns).is_empty() {
                    out.add(PASSED + rank, sign);
                    passed |= Bitboard::from_square(sq);
                    let ahead = match us {
                        Color::White => Square::new(sq as u32 + 8),
                        Color::Black => Square::new(sq as u32 - 8),
                    };
                    if occ.contains(ahead) {
                        out.add(PASSED_BLOCKED + rank, sign);
                    }
                    if let (Some(own), Some(enemy)) = (our_king, their_king) {
                        out.add(PASSED_OWN_KING_DISTANCE + rank, sign * distance(own, ahead));
                        out.add(
                            PASSED_ENEMY_KING_DISTANCE + rank,
                            sign * distance(enemy, ahead),
                        );
                    }
                }
                if (Bitboard(ADJACENT_FILES[file]) & our_pawns).is_empty() {
                    out.add(ISOLATED, sign);
                }
                if our_pawn_attacks.contains(sq) {
                    out.add(SUPPORTED + rank, sign);
                }
                let same_rank = 0xff_u64 << (8 * (sq as u32 / 8));
                if (Bitboard(ADJACENT_FILES[file] & same_rank) & our_pawns).any() {
                    out.add(PHALANX + rank, sign);
                }
            }
            Role::Knight => {
                let att = attacks::knight_attacks(sq);
                out.add(KNIGHT_MOBILITY + (att & safe).count() as usize, sign);
                king_hits(att, 2);
                by_role[0] |= att;
                if is_outpost(sq, rank, us, our_pawn_attacks, their_pawns) {
                    out.add(KNIGHT_OUTPOST, sign);
                }
            }
            Role::Bishop => {
                let att = attacks::bishop_attacks(sq, occ);
                out.add(BISHOP_MOBILITY + (att & safe).count() as usize, sign);
                king_hits(att, 2);
                by_role[1] |= att;
                if is_outpost(sq, rank, us, our_pawn_attacks, their_pawns) {
                    out.add(BISHOP_OUTPOST, sign);
                }
            }
            Role::Rook => {
                let att = attacks::rook_attacks(sq, occ);
                out.add(ROOK_MOBILITY + (att & safe).count() as usize, sign);
                king_hits(att, 3);
                by_role[2] |= att;
                let file = Bitboard::from_file(sq.file());
                if (file & our_pawns).is_empty() {
                    if (file & their_pawns).is_empty() {
                        out.add(ROOK_OPEN_FILE, sign);
                    } else {
                        out.add(ROOK_SEMI_OPEN_FILE, sign);
                    }
                }
            }
            Role::Queen => {
                let att = attacks::queen_attacks(sq, occ);
                out.add(QUEEN_MOBILITY + (att & safe).count() as usize, sign);
                king_hits(att, 5);
                by_role[3] |= att;
            }
            Role::King => {
                // Pawn shelter: our pawns on the three files in front, two ranks deep.
                if rank <= 1 {
                    let span = Bitboard(FRONT_SPAN[us as usize][sq as usize]);
                    let near = match us {
                        Color::White => span.0 & (0xffff_u64 << ((sq as u32 / 8 + 1) * 8)),
                        Color::Black => {
                            let r = sq as u32 / 8;
                            span.0 & (0xffff_u64 << ((r.saturating_sub(2)) * 8))
                        }
                    };
                    out.add(
                        KING_SHELTER,
                        sign * (Bitboard(near) & our_pawns).count() as i32,
                    );
                }
                if (Bitboard::from_file(sq.file()) & our_pawns).is_empty() {
                    out.add(KING_OPEN_FILE, sign);
                }
                shelter_and_storm(sq, rank, us, our_pawns, their_pawns, sign, out);
            }
        }
    }
    if king_attackers >= 2 {
        out.add(KING_ATTACK + attack_units.min(KING_ATTACK_UNITS - 1), sign);
    }
    for f in 0..8 {
        let n = (our_pawns & Bitboard::from_file(File::new(f))).count() as i32;
        if n > 1 {
            out.add(DOUBLED, sign * (n - 1));
        }
    }
    if (b.bishops() & ours).more_than_one() {
        out.add(BISHOP_PAIR, sign);
    }
    let their_pieces = theirs & !(b.pawns() | b.kings());
    out.add(
        THREAT_BY_PAWN,
        threat_sign(pos, us, sign) * (our_pawn_attacks & their_pieces).count() as i32,
    );
    let their_heavies = theirs & (b.rooks() | b.queens());
    let minor_attacks = by_role[0] | by_role[1];
    out.add(
        THREAT_BY_MINOR,
        threat_sign(pos, us, sign) * (minor_attacks & their_heavies).count() as i32,
    );
    out.add(
        THREAT_BY_ROOK,
        threat_sign(pos, us, sign) * (by_role[2] & theirs & b.queens()).count() as i32,
    );
    let king_attacks = our_king.map_or(Bitboard::EMPTY, attacks::king_attacks);
    SideAttacks {
        phase,
        all: our_pawn_attacks | minor_attacks | by_role[2] | by_role[3] | king_attacks,
        by_role,
        pawns: our_pawn_attacks,
        passed,
    }
}

/// Adds the shelter and storm features ([`feature::SHELTER`]) of `us`'s
/// king on `king`, on relative rank `king_rank`.
#[inline(always)]
fn shelter_and_storm<F: Features>(
    king: Square,
    king_rank: usize,
    us: Color,
    our_pawns: Bitboard,
    their_pawns: Bitboard,
    sign: i32,
    out: &mut F,
) {
    use feature::*;
    // The ranks from the king's forward, from `us`'s side.
    let not_behind = match us {
        Color::White => Bitboard(!0u64 << (8 * king_rank)),
        Color::Black => Bitboard(!0u64 >> (8 * king_rank)),
    };
    let centre = king.file().index().clamp(1, 6);
    for f in centre - 1..=centre + 1 {
        let file = Bitboard::from_file(File::new(f as u32)) & not_behind;
        let nearest = |pawns: Bitboard| {
            pawns
                .into_iter()
                .map(|sq| relative(sq, us) / 8)
                .min()
                .unwrap_or(0)
        };
        let ours = nearest(our_pawns & file);
        let theirs = nearest(their_pawns & file);
        let edge = f.min(7 - f);
        out.add(SHELTER + 8 * edge + ours, sign);
        if ours > 0 && ours + 1 == theirs {
            out.add(BLOCKED_STORM + theirs, sign);
        } else {
            out.add(STORM + 8 * edge + theirs, sign);
        }
    }
}

/// Adds the features of side `us` that weigh its attacks against the
/// enemy's: pieces left hanging and safe checks.
#[inline(always)]
fn threat_features<F: Features>(
    pos: &Position,
    us: Color,
    sign: i32,
    ours: &SideAttacks,
    theirs: &SideAttacks,
    out: &mut F,
) {
    use feature::*;
    let b = pos.board();
    let their_pieces = b.by_color(!us) & !b.kings();
    out.add(
        HANGING,
        threat_sign(pos, us, sign) * (their_pieces & ours.all & !theirs.all).count() as i32,
    );
    let occ = b.occupied();
    for sq in ours.passed {
        let ahead = match us {
            Color::White => sq as u32 + 8,
            Color::Black => sq as u32 - 8,
        };
        if ahead < 64 {
            let ahead = Square::new(ahead);
            if !occ.contains(ahead) && !theirs.all.contains(ahead) {
                out.add(PASSED_FREE + relative(sq, us) / 8, sign);
            }
        }
    }
    // Pawn pushes to a square the enemy does not attack or we defend,
    // from which the pawn would attack a piece.
    let our_pawns = b.pawns() & b.by_color(us);
    let pushed = Bitboard(match us {
        Color::White => our_pawns.0 << 8,
        Color::Black => our_pawns.0 >> 8,
    }) & !occ
        & (!theirs.all | ours.all);
    let their_pieces_only = b.by_color(!us) & !(b.pawns() | b.kings());
    out.add(
        PAWN_PUSH_THREAT,
        sign * (pawn_attacks_bb(pushed, us) & their_pieces_only).count() as i32,
    );
    let Some(king) = b.king_of(!us) else { return };
    let zone = attacks::king_attacks(king);
    let defended = theirs.pawns | theirs.by_role[0] | theirs.by_role[1] | theirs.by_role[2];
    let weak = (zone & ours.all & !defended).count() as usize;
    out.add(KING_RING_WEAK + weak.min(8), sign);
    let safe = !(b.by_color(us) | theirs.all);
    let rook_lines = attacks::rook_attacks(king, occ);
    let bishop_lines = attacks::bishop_attacks(king, occ);
    let checks = [
        attacks::knight_attacks(king),
        bishop_lines,
        rook_lines,
        rook_lines | bishop_lines,
    ];
    for (i, (check, attacked)) in checks.iter().zip(ours.by_role).enumerate() {
        if (*check & attacked & safe).any() {
            out.add(SAFE_CHECK + i, sign);
        }
    }
}

/// Chebyshev distance between two squares, 0..=7.
#[inline]
fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file().index() as i32 - b.file().index() as i32).abs();
    let ranks = (a.rank().index() as i32 - b.rank().index() as i32).abs();
    files.max(ranks)
}

/// `true` for a minor piece on its fourth to sixth rank, defended by a pawn,
/// where no enemy pawn can ever attack it (none ahead on the adjacent files).
#[inline]
fn is_outpost(
    sq: Square,
    rank: usize,
    us: Color,
    our_pawn_attacks: Bitboard,
    their_pawns: Bitboard,
) -> bool {
    let ahead_beside = FRONT_SPAN[us as usize][sq as usize] & ADJACENT_FILES[sq.file().index()];
    (3..=5).contains(&rank)
        && our_pawn_attacks.contains(sq)
        && (Bitboard(ahead_beside) & their_pawns).is_empty()
}

/// Adds the features of both sides to `out`; returns the game phase.
#[inline(always)]
fn features<F: Features>(pos: &Position, out: &mut F) -> i32 {
    let white = side_features(pos, Color::White, 1, out);
    let black = side_features(pos, Color::Black, -1, out);
    threat_features(pos, Color::White, 1, &white, &black, out);
    threat_features(pos, Color::Black, -1, &black, &white, out);
    (white.phase + black.phase).min(MAX_PHASE)
}

/// The features of `pos`, for tuning the weights.
///
/// ```
/// use sqlchess_core::Position;
/// use sqlchess_search::eval::{feature, trace};
/// let t = trace(&Position::new());
/// assert_eq!(t.phase, 24);
/// // White's and Black's pawns cancel out.
/// let pawns: i32 = t
///     .counts
///     .iter()
///     .filter(|c| c.0 as usize == feature::MATERIAL)
///     .map(|c| c.1 as i32)
///     .sum();
/// assert_eq!(pawns, 0);
/// ```
pub fn trace(pos: &Position) -> Trace {
    let mut t = Trace::default();
    t.phase = features(pos, &mut t);
    t.add(feature::TEMPO, tempo_sign(pos));
    let b = pos.board();
    t.lone_king = b.by_color(Color::White).count() == 1 || b.by_color(Color::Black).count() == 1;
    t
}

/// Chebyshev distance from the nearest of the four centre squares, 0..=3.
#[inline]
fn centre_distance(sq: Square) -> i32 {
    3 - centrality(sq.file().index()).min(centrality(sq.rank().index()))
}

/// The side to move's tempo, counted for White.
#[inline]
fn tempo_sign(pos: &Position) -> i32 {
    match pos.turn() {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// The evaluation from White's point of view, in centipawns, without the
/// side to move's tempo (so that the start position scores 0).
///
/// ```
/// use sqlchess_core::Position;
/// use sqlchess_search::eval::evaluate_white;
/// assert_eq!(evaluate_white(&Position::new()), 0);
/// let up_a_queen = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
/// assert!(evaluate_white(&up_a_queen) > 800);
/// ```
pub fn evaluate_white(pos: &Position) -> i32 {
    white_view(pos, false)
}

/// The evaluation from White's point of view, with the tempo if `tempo`.
#[inline(always)]
fn white_view(pos: &Position, tempo: bool) -> i32 {
    let mut sum = Tapered::default();
    let phase = features(pos, &mut sum);
    if tempo {
        sum.add(feature::TEMPO, tempo_sign(pos));
    }
    let mg = sum.mg;
    let mut eg = sum.eg;

    // Mop-up: with a lone enemy king, drive it to the edge and come closer.
    let b = pos.board();
    for (strong, sign) in [(Color::White, 1), (Color::Black, -1)] {
        let weak = !strong;
        if b.by_color(weak).count() == 1 && sign * eg > 300 {
            if let (Some(wk), Some(sk)) = (b.king_of(weak), b.king_of(strong)) {
                let dist = (wk.file().index() as i32 - sk.file().index() as i32).abs()
                    + (wk.rank().index() as i32 - sk.rank().index() as i32).abs();
                eg += sign * (20 * centre_distance(wk) + 6 * (14 - dist));
            }
        }
    }
    (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE
}

/// The evaluation from the side to move's point of view, in centipawns.
///
/// ```
/// use sqlchess_core::Position;
/// use sqlchess_search::eval::evaluate;
/// let pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
/// assert!(evaluate(&pos) < -800);
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    white_view(pos, true) * tempo_sign(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric() {
        for fen in [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let setup = pos.to_setup();
            let mut flipped = setup.clone();
            flipped.board = setup.board.flip_colors();
            flipped.turn = !setup.turn;
            flipped.castling_rights = Bitboard(setup.castling_rights.0.swap_bytes());
            flipped.ep_square = None;
            let mirror =
                Position::from_setup(flipped, sqlchess_core::CastlingMode::Standard).unwrap();
            assert_eq!(evaluate_white(&pos), -evaluate_white(&mirror), "{fen}");
            assert_eq!(evaluate(&pos), evaluate(&mirror), "{fen}");
        }
    }

    #[test]
    fn centre_beats_rim() {
        let pst = |role: Role, sq: Square, phase: usize| {
            WEIGHTS[feature::PST + 64 * role as usize + sq as usize][phase]
        };
        assert!(pst(Role::Knight, Square::E4, 0) > pst(Role::Knight, Square::A1, 0));
        assert!(pst(Role::King, Square::E4, 1) > pst(Role::King, Square::H1, 1));
        assert!(pst(Role::King, Square::G1, 0) > pst(Role::King, Square::E4, 0));
    }

    #[test]
    fn trace_gives_the_evaluation() {
        for fen in [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "2r3k1/1q3ppp/p2p4/1p1Nn3/4P3/1P3Q1P/P4PP1/3R2K1 b - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let t = trace(&pos);
            let (mut mg, mut eg) = (0, 0);
            for &(f, n) in &t.counts {
                mg += WEIGHTS[f as usize][0] as i32 * n as i32;
                eg += WEIGHTS[f as usize][1] as i32 * n as i32;
            }
            let tapered = (mg * t.phase + eg * (MAX_PHASE - t.phase)) / MAX_PHASE;
            assert!(!t.lone_king);
            assert_eq!(tapered, white_view(&pos, true), "{fen}");
        }
    }

    #[test]
    fn shelter_and_storm_count_the_nearest_pawns() {
        use feature::*;
        // White's king on g1 behind f2, g3 and h2, a black pawn on h4
        // storming; Black's king on b8 with a pawn on a7 only.
        let pos = Position::from_fen("1k6/p7/8/8/7p/6P1/5P1P/6K1 w - - 0 1").unwrap();
        let mut t = Trace::default();
        side_features(&pos, Color::White, 1, &mut t);
        let has = |f: usize| t.counts.contains(&(f as u16, 1));
        // Files f, g, h lie 2, 1 and 0 files from the edge.
        assert!(has(SHELTER + 8 * 2 + 1) && has(SHELTER + 8 + 2) && has(SHELTER + 1));
        assert!(has(STORM + 8 * 2) && has(STORM + 8) && has(STORM + 3));
        let mut t = Trace::default();
        side_features(&pos, Color::Black, -1, &mut t);
        let has = |f: usize| t.counts.contains(&(f as u16, -1));
        // The king on the b-file counts files a to c; a7 is on rank 1 of seven.
        assert!(has(SHELTER + 1) && has(SHELTER + 8) && has(SHELTER + 16));
        assert!(has(STORM) && has(STORM + 8) && has(STORM + 16));
    }
}
