//! Static evaluation of standard chess: material, piece-square tables,
//! mobility and pawn structure, tapered between middlegame and endgame.
//!
//! The tables are not copied from any engine: each is a small formula over
//! the file, the rank and the distance to the centre (see the `const fn`s
//! below), so every number here can be traced to one line of reasoning.

use sqlchess_core::{attacks, Bitboard, Color, File, Position, Role, Square};

/// Material values in centipawns, middlegame (pawn … queen, king 0).
pub const MG_VALUE: [i32; 6] = [90, 320, 330, 480, 960, 0];
/// Material values in centipawns, endgame.
pub const EG_VALUE: [i32; 6] = [115, 300, 320, 520, 950, 0];

/// Game phase weights (knight, bishop 1; rook 2; queen 4); 24 is a full board.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const MAX_PHASE: i32 = 24;

/// 0 on the rim to 3 in the centre, per file or rank index.
const fn centrality(i: usize) -> i32 {
    (if i < 4 { i } else { 7 - i }) as i32
}

/// The piece-square bonus of `role` on `sq` (index 0 = a1) for White; `eg`
/// selects the endgame table.
const fn pst_value(role: usize, sq: usize, eg: bool) -> i32 {
    let f = sq % 8;
    let r = sq / 8;
    let centre = centrality(f) + centrality(r); // 0..=6
    match role {
        // Pawns: advance, and occupy the centre early.
        0 => {
            if r == 0 || r == 7 {
                0
            } else if eg {
                [0, 0, 5, 12, 25, 45, 75, 0][r]
            } else {
                let adv = [0, 0, 0, 4, 10, 22, 45, 0][r];
                let centre_file = if f == 3 || f == 4 {
                    [0, -10, 0, 15, 20, 10, 0, 0][r]
                } else if f == 2 || f == 5 {
                    [0, 0, 2, 8, 8, 4, 0, 0][r]
                } else if r == 1 {
                    5 // flank pawns at home shelter the castled king
                } else {
                    0
                };
                adv + centre_file
            }
        }
        // Knights: strongly central, poor on the back rank.
        1 => {
            if eg {
                centre * 6 - 18
            } else {
                centre * 8 - 25 - if r == 0 { 10 } else { 0 }
            }
        }
        // Bishops: mildly central, developed off the back rank.
        2 => {
            if eg {
                centre * 4 - 12
            } else {
                centre * 4 - 10 - if r == 0 { 10 } else { 0 }
            }
        }
        // Rooks: the seventh rank; central files a little in the middlegame.
        3 => {
            if eg {
                if r == 6 {
                    15
                } else {
                    0
                }
            } else {
                (if r == 6 { 20 } else { 0 }) + [0, 0, 3, 6, 6, 3, 0, 0][f]
            }
        }
        // Queens: central in the endgame, patient in the middlegame.
        4 => {
            if eg {
                centre * 5 - 15
            } else {
                centre * 2 - 5
            }
        }
        // King: sheltered on the back rank's wings, central in the endgame.
        _ => {
            if eg {
                centre * 10 - 30
            } else {
                [0, -20, -40, -55, -65, -70, -70, -70][r] + [15, 25, 10, -5, -10, 5, 25, 15][f]
            }
        }
    }
}

const fn build_pst(eg: bool) -> [[i32; 64]; 6] {
    let mut t = [[0; 64]; 6];
    let mut role = 0;
    while role < 6 {
        let mut sq = 0;
        while sq < 64 {
            let value = if eg { EG_VALUE[role] } else { MG_VALUE[role] };
            t[role][sq] = value + pst_value(role, sq, eg);
            sq += 1;
        }
        role += 1;
    }
    t
}

/// Material plus piece-square value, middlegame, for White (mirror for Black).
static PST_MG: [[i32; 64]; 6] = build_pst(false);
/// Material plus piece-square value, endgame, for White.
static PST_EG: [[i32; 64]; 6] = build_pst(true);

/// Passed-pawn bonus by relative rank.
const PASSED_MG: [i32; 8] = [0, 5, 5, 10, 20, 35, 60, 0];
const PASSED_EG: [i32; 8] = [0, 10, 15, 25, 45, 75, 120, 0];

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

/// Middlegame and endgame terms of one side.
#[inline]
fn side_terms(pos: &Position, us: Color) -> (i32, i32, i32) {
    let b = pos.board();
    let them = !us;
    let ours = b.by_color(us);
    let occ = b.occupied();
    let our_pawns = b.pawns() & ours;
    let their_pawns = b.pawns() & b.by_color(them);
    let their_pawn_attacks = pawn_attacks_bb(their_pawns, them);
    let safe = !(ours | their_pawn_attacks);
    let (mut mg, mut eg, mut phase) = (0, 0, 0);
    // King attack: pieces hitting the squares around the enemy king.
    let their_king_zone = b.king_of(them).map_or(Bitboard::EMPTY, |k| {
        attacks::king_attacks(k) | Bitboard::from_square(k)
    });
    let (mut king_attackers, mut attack_units) = (0, 0);

    for sq in ours {
        let Some(role) = b.role_at(sq) else { continue };
        let ri = role as usize;
        let rel = relative(sq, us);
        mg += PST_MG[ri][rel];
        eg += PST_EG[ri][rel];
        phase += PHASE[ri];
        match role {
            Role::Pawn => {
                let file = sq.file().index();
                if (Bitboard(FRONT_SPAN[us as usize][sq as usize]) & their_pawns).is_empty() {
                    let rank = rel / 8;
                    mg += PASSED_MG[rank];
                    eg += PASSED_EG[rank];
                }
                if (Bitboard(ADJACENT_FILES[file]) & our_pawns).is_empty() {
                    mg -= 10;
                    eg -= 12;
                }
            }
            Role::Knight => {
                let att = attacks::knight_attacks(sq);
                let n = (att & safe).count() as i32;
                let hits = (att & their_king_zone).count() as i32;
                if hits > 0 {
                    king_attackers += 1;
                    attack_units += 2 * hits;
                }
                mg += 4 * (n - 4);
                eg += 4 * (n - 4);
            }
            Role::Bishop => {
                let att = attacks::bishop_attacks(sq, occ);
                let n = (att & safe).count() as i32;
                let hits = (att & their_king_zone).count() as i32;
                if hits > 0 {
                    king_attackers += 1;
                    attack_units += 2 * hits;
                }
                mg += 5 * (n - 6);
                eg += 5 * (n - 6);
            }
            Role::Rook => {
                let att = attacks::rook_attacks(sq, occ);
                let n = (att & safe).count() as i32;
                let hits = (att & their_king_zone).count() as i32;
                if hits > 0 {
                    king_attackers += 1;
                    attack_units += 3 * hits;
                }
                mg += 2 * (n - 7);
                eg += 4 * (n - 7);
                let file = Bitboard::from_file(sq.file());
                if (file & our_pawns).is_empty() {
                    if (file & their_pawns).is_empty() {
                        mg += 25;
                        eg += 10;
                    } else {
                        mg += 12;
                        eg += 5;
                    }
                }
            }
            Role::Queen => {
                let att = attacks::queen_attacks(sq, occ);
                let n = (att & safe).count() as i32;
                let hits = (att & their_king_zone).count() as i32;
                if hits > 0 {
                    king_attackers += 1;
                    attack_units += 5 * hits;
                }
                mg += n - 13;
                eg += 2 * (n - 13);
            }
            Role::King => {
                // Pawn shelter: our pawns on the three files in front, two ranks deep.
                if rel / 8 <= 1 {
                    let span = Bitboard(FRONT_SPAN[us as usize][sq as usize]);
                    let near = match us {
                        Color::White => span.0 & (0xffff_u64 << ((sq as u32 / 8 + 1) * 8)),
                        Color::Black => {
                            let r = sq as u32 / 8;
                            span.0 & (0xffff_u64 << ((r.saturating_sub(2)) * 8))
                        }
                    };
                    mg += 12 * (Bitboard(near) & our_pawns).count() as i32;
                }
            }
        }
    }
    if king_attackers >= 2 {
        mg += (attack_units * attack_units / 2).min(500);
    }
    // Doubled pawns.
    for f in 0..8 {
        let n = (our_pawns & Bitboard::from_file(File::new(f))).count() as i32;
        if n > 1 {
            mg -= 10 * (n - 1);
            eg -= 20 * (n - 1);
        }
    }
    if (b.bishops() & ours).more_than_one() {
        mg += 30;
        eg += 50;
    }
    (mg, eg, phase)
}

/// Chebyshev distance from the nearest of the four centre squares, 0..=3.
#[inline]
fn centre_distance(sq: Square) -> i32 {
    3 - centrality(sq.file().index()).min(centrality(sq.rank().index()))
}

/// The evaluation from White's point of view, in centipawns.
///
/// ```
/// use sqlchess_core::Position;
/// use sqlchess_search::eval::evaluate_white;
/// assert_eq!(evaluate_white(&Position::new()), 0);
/// let up_a_queen = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
/// assert!(evaluate_white(&up_a_queen) > 800);
/// ```
pub fn evaluate_white(pos: &Position) -> i32 {
    let (wmg, weg, wph) = side_terms(pos, Color::White);
    let (bmg, beg, bph) = side_terms(pos, Color::Black);
    let phase = (wph + bph).min(MAX_PHASE);
    let mg = wmg - bmg;
    let mut eg = weg - beg;

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

/// The tempo bonus for the side to move.
const TEMPO: i32 = 10;

/// The evaluation from the side to move's point of view, in centipawns.
///
/// ```
/// use sqlchess_core::Position;
/// use sqlchess_search::eval::evaluate;
/// let pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
/// assert!(evaluate(&pos) < -800);
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    let white = evaluate_white(pos);
    match pos.turn() {
        Color::White => white + TEMPO,
        Color::Black => -white + TEMPO,
    }
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
        assert!(PST_MG[1][Square::E4 as usize] > PST_MG[1][Square::A1 as usize]);
        assert!(PST_EG[5][Square::E4 as usize] > PST_EG[5][Square::H1 as usize]);
        assert!(PST_MG[5][Square::G1 as usize] > PST_MG[5][Square::E4 as usize]);
    }
}
