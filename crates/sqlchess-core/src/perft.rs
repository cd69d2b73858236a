//! Perft: the number of move sequences of a given length, the standard test of a move generator.

use crate::Position;

/// Counts the leaf nodes of the legal move tree to `depth` plies.
///
/// Moves at the last ply are counted, not made (bulk counting).
///
/// ```
/// use sqlchess_core::{perft::perft, Position};
/// assert_eq!(perft(&Position::new(), 3), 8902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut nodes = 0;
            for mv in pos.legal_moves() {
                let mut child = *pos;
                child.play_unchecked(mv);
                nodes += perft(&child, depth - 1);
            }
            nodes
        }
    }
}

/// Like [`perft`] but makes every move, leaves included: slower, and a test
/// of move making as well as generation.
pub fn perft_full(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in pos.legal_moves() {
        let mut child = *pos;
        child.play_unchecked(mv);
        nodes += perft_full(&child, depth - 1);
    }
    nodes
}

/// Perft per root move, in UCI notation, in generation order.
///
/// ```
/// use sqlchess_core::{perft::divide, Position};
/// let rows = divide(&Position::new(), 2);
/// assert_eq!(rows.len(), 20);
/// assert!(rows.iter().all(|(_, n)| *n == 20));
/// ```
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let child = pos.after(mv);
            (pos.uci(mv).to_string(), perft(&child, depth - 1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chessprogramming wiki's "Perft Results" positions, shallow depths.
    const CASES: &[(&str, &[u64])] = &[
        (crate::START_FEN, &[20, 400, 8902, 197281]),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            &[48, 2039, 97862],
        ),
        (
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            &[14, 191, 2812, 43238],
        ),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            &[6, 264, 9467],
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            &[44, 1486, 62379],
        ),
        (
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            &[46, 2079, 89890],
        ),
    ];

    #[test]
    fn published_perft_counts() {
        for (fen, counts) in CASES {
            let pos = Position::from_fen(fen).unwrap();
            for (i, &expected) in counts.iter().enumerate() {
                let depth = i as u32 + 1;
                assert_eq!(perft(&pos, depth), expected, "{fen} depth {depth}");
            }
            assert_eq!(perft_full(&pos, 2), counts[1], "{fen} full perft");
        }
    }

    #[test]
    fn incremental_hash_matches_full_hash() {
        let pos = Position::from_fen(CASES[1].0).unwrap();
        for mv in pos.legal_moves() {
            let child = pos.after(mv);
            assert_eq!(child.zobrist(), child.compute_hash(), "{mv:?}");
            for mv2 in child.legal_moves() {
                let grandchild = child.after(mv2);
                assert_eq!(grandchild.zobrist(), grandchild.compute_hash());
            }
        }
    }
}
