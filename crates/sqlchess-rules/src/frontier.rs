//! Set-based perft over packed positions: one ply of a frontier whose
//! transpositions are merged, and perft of each distinct position. What the
//! Spark job (python/sqlchess/spark.py) runs batch by batch, and what
//! `sql/set_perft.sql` does with FEN text in SQLite.
//!
//! A frontier is a set of distinct positions, each with `n`, the number of
//! paths from the root that reach it. Children are keyed by their packed
//! bytes with the clocks at `0 1` ([`Position::without_clocks`]): clocks
//! take no part in legality, so positions that differ only there have the
//! same subtree. Counts saturate at `u64::MAX` rather than wrap.
//!
//! ```
//! use sqlchess_rules::{frontier, Position, Variant, Variants};
//! let start = Position::start(&Variant::chess()).pack().unwrap();
//! let variants = Variants::builtin();
//! let mut ply = vec![(start, 1)];
//! for _ in 0..3 {
//!     ply = frontier::expand(&variants, ply.iter().map(|(p, n)| (&p[..], *n))).unwrap();
//! }
//! // 8,902 paths to 5,362 distinct positions after three plies.
//! assert_eq!(ply.len(), 5362);
//! assert_eq!(ply.iter().map(|(_, n)| n).sum::<u64>(), 8902);
//! ```

use std::collections::HashMap;

use crate::error::Error;
use crate::{Position, Variants};

/// The distinct children of `positions` (packed, with path counts), packed
/// without clocks, each with the sum of its parents' counts; in the order
/// first reached.
///
/// # Errors
/// [`Error::Unpack`] for bytes that are not a packed position of
/// `variants`, [`Error::Pack`] for a child that cannot be packed.
pub fn expand<'a>(
    variants: &Variants,
    positions: impl IntoIterator<Item = (&'a [u8], u64)>,
) -> Result<Vec<(Vec<u8>, u64)>, Error> {
    let mut index: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut out: Vec<(Vec<u8>, u64)> = Vec::new();
    let mut moves = Vec::new();
    for (packed, n) in positions {
        let pos = variants.unpack(packed)?;
        pos.legal_moves_into(&mut moves);
        for &mv in &moves {
            let child = pos.play_unchecked(mv).without_clocks().pack()?;
            match index.get(&child) {
                Some(&i) => out[i].1 = out[i].1.saturating_add(n),
                None => {
                    index.insert(child.clone(), out.len());
                    out.push((child, n));
                }
            }
        }
    }
    Ok(out)
}

/// Perft `depth` of each packed position, in order.
///
/// # Errors
/// [`Error::Unpack`] for bytes that are not a packed position of
/// `variants`, [`Error::Depth`] for a depth over the limit.
pub fn perft<'a>(
    variants: &Variants,
    positions: impl IntoIterator<Item = &'a [u8]>,
    depth: u32,
) -> Result<Vec<u64>, Error> {
    positions
        .into_iter()
        .map(|packed| Ok(variants.unpack(packed)?.perft(depth)?))
        .collect()
}

/// Set-based perft natively: `split` plies of merged frontiers, then
/// [`perft`] of each distinct position weighted by its paths. Equal to
/// [`Position::perft`]; the reference the SQL and Spark forms are tested
/// against.
///
/// # Errors
/// As [`expand`] and [`perft`]; [`Error::Depth`] when `split > depth`.
pub fn merged_perft(
    variants: &Variants,
    root: &Position,
    depth: u32,
    split: u32,
) -> Result<u64, Error> {
    if split > depth {
        return Err(crate::DepthError {
            depth: i64::from(split),
            max: depth,
        }
        .into());
    }
    let mut ply = vec![(root.without_clocks().pack()?, 1u64)];
    for _ in 0..split {
        ply = expand(variants, ply.iter().map(|(p, n)| (&p[..], *n)))?;
    }
    let counts = perft(variants, ply.iter().map(|(p, _)| &p[..]), depth - split)?;
    Ok(ply.iter().zip(counts).fold(0u64, |sum, ((_, n), c)| {
        sum.saturating_add(n.saturating_mul(c))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn merged_perft_equals_perft_at_every_split() {
        let variants = Variants::builtin();
        for (fen, variant) in [
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "chess",
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "chess"),
            (
                "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
                "capablanca",
            ),
            (
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                "chess960",
            ),
        ] {
            let pos = Position::from_fen(&Variant::builtin(variant).unwrap(), fen).unwrap();
            let expected = pos.perft(3).unwrap();
            for split in 0..=3 {
                assert_eq!(
                    merged_perft(&variants, &pos, 3, split).unwrap(),
                    expected,
                    "{fen} split {split}"
                );
            }
        }
    }

    #[test]
    fn clocks_do_not_split_positions() {
        let variants = Variants::builtin();
        // Nf3 Nf6 Ng1 Ng8 returns to the start with other clocks.
        let start = Position::start(&Variant::chess());
        let mut ply = vec![(start.pack().unwrap(), 1)];
        for _ in 0..4 {
            ply = expand(&variants, ply.iter().map(|(p, n)| (&p[..], *n))).unwrap();
        }
        let key = start.without_clocks().pack().unwrap();
        let back = ply.iter().find(|(p, _)| *p == key).unwrap();
        // Each side takes a knight out to one of four squares and back:
        // 4 × 4 paths.
        assert_eq!(back.1, 16);
        assert_eq!(ply.iter().map(|(_, n)| n).sum::<u64>(), 197_281);
        assert_eq!(ply.len(), 72_078);
    }

    #[test]
    fn bad_bytes_and_split_are_typed_errors() {
        let variants = Variants::builtin();
        assert!(matches!(
            expand(&variants, [(&b"\x05junk"[..], 1)]),
            Err(Error::Unpack(_))
        ));
        let start = Position::start(&Variant::chess());
        assert!(matches!(
            merged_perft(&variants, &start, 2, 3),
            Err(Error::Depth(_))
        ));
    }
}
