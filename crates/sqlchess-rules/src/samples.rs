//! A fixed, seeded set of positions of every built-in variant: the start,
//! positions along random games (drops, castling, captures and promotions
//! come up on their own), and hand-picked positions for en passant,
//! promotion and drops. The bindings' cross-checks run every SQL function
//! on these and compare with the facade's own answers, so that SQLite,
//! PostgreSQL and Python cannot drift apart.

use sqlchess_types::XorShift64;

use crate::{variant_names, Position, Variant};

/// Hand-picked positions: (variant, FEN).
pub const SPECIAL: &[(&str, &str)] = &[
    ("chess", "8/4k3/8/3pP3/8/8/8/4K3 w - d6 0 2"),
    ("chess", "8/P6k/8/8/8/8/1p6/K7 w - - 0 1"),
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "chess960",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ),
    ("chess", "R6k/6pp/8/8/8/8/8/4K3 b - - 1 1"),
    ("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
    (
        "crazyhouse",
        "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[Nn] w KQkq - 0 3",
    ),
    (
        "shogi",
        "lnsgkgsnl/1r7/pp1pppbpp/2p6/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Pb] b - - 0 3",
    ),
    ("capablanca", "6k3/5ppp2/10/10/10/10/p9/R5K3 b - - 0 1"),
];

/// Every sample: for each built-in variant its start position and the
/// positions of `games` random games of at most `plies` plies, then
/// [`SPECIAL`].
///
/// ```
/// let all = sqlchess_rules::samples::positions(1, 4);
/// assert!(all.iter().any(|p| p.variant_name() == "shogi"));
/// ```
pub fn positions(games: usize, plies: usize) -> Vec<Position> {
    let mut rng = XorShift64::new(0x5a3c_1e2d_77aa_0b19);
    let mut out = Vec::new();
    for name in variant_names() {
        let Ok(variant) = Variant::builtin(name) else {
            continue;
        };
        let start = Position::start(&variant);
        out.push(start.clone());
        for _ in 0..games {
            let mut pos = start.clone();
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play_unchecked(moves[rng.below(moves.len())]);
                out.push(pos.clone());
            }
        }
    }
    for (name, fen) in SPECIAL {
        if let Ok(p) = crate::position(fen, name) {
            out.push(p);
        }
    }
    out
}

/// The facade's answer for every SQL function on `pos`, one line each, in
/// the form the bindings' tests print their own: `legal_moves` rows sorted by
/// UCI (`uci san from to piece captured promotion check fen_after`), then
/// `fen`, `is_check`, `is_checkmate`, `is_stalemate`, `game_status`,
/// `perft 2`, `zobrist` (signed), `without_clocks`, `white_to_move` and
/// the packed bytes in hex. NULL is written `NULL`, truth values `0`/`1`.
pub fn expected_answers(pos: &Position) -> Vec<String> {
    let opt = |s: Option<&str>| s.unwrap_or("NULL").to_owned();
    let mut rows: Vec<String> = pos
        .describe_moves()
        .into_iter()
        .map(|m| {
            format!(
                "{} {} {} {} {} {} {} {} {}",
                m.uci,
                m.san,
                m.from_square,
                m.to_square,
                m.piece,
                opt(m.captured.as_deref()),
                opt(m.promotion.as_deref()),
                u8::from(m.gives_check),
                m.after.fen()
            )
        })
        .collect();
    rows.sort();
    let hex: String = pos
        .pack()
        .map(|b| b.iter().map(|x| format!("{x:02x}")).collect())
        .unwrap_or_else(|e| e.to_string());
    rows.extend([
        format!("fen {}", pos.fen()),
        format!("is_check {}", u8::from(pos.is_check())),
        format!("is_checkmate {}", u8::from(pos.is_checkmate())),
        format!("is_stalemate {}", u8::from(pos.is_stalemate())),
        format!("game_status {}", pos.status().name()),
        format!("perft2 {}", pos.perft(2).unwrap_or(0)),
        format!("zobrist {}", pos.zobrist() as i64),
        format!("without_clocks {}", pos.without_clocks().fen()),
        format!("white_to_move {}", u8::from(pos.white_to_move())),
        format!("packed {hex}"),
    ]);
    rows
}
