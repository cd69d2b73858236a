//! Readers for the oracle files in `tests/data/` (format: docs/test-data.md)
//! and a tiny seeded random number generator, shared by the integration tests.

#![allow(dead_code)]

/// One position of a `*.perft` file with its published or oracle counts.
#[derive(Debug, Clone)]
pub struct PerftCase {
    /// The FEN as written in the file.
    pub fen: String,
    /// `(depth, nodes)` pairs, depths ascending.
    pub counts: Vec<(u32, u64)>,
    /// `file:line`, for messages.
    pub origin: String,
}

/// Parses a `*.perft` file: `#` comments, blank lines, and `FEN; D1 n; D2 n; …`.
pub fn parse_perft_file(name: &str, text: &str) -> Vec<PerftCase> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let origin = format!("{name}:{}", i + 1);
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_owned();
        let mut counts = Vec::new();
        for part in parts {
            let part = part.trim();
            let (depth, nodes) = part
                .strip_prefix('D')
                .and_then(|rest| rest.split_once(' '))
                .unwrap_or_else(|| panic!("{origin}: bad count {part:?}"));
            let depth: u32 = depth
                .parse()
                .unwrap_or_else(|_| panic!("{origin}: depth {depth:?}"));
            let nodes: u64 = nodes
                .trim()
                .parse()
                .unwrap_or_else(|_| panic!("{origin}: nodes {nodes:?}"));
            assert_eq!(
                depth as usize,
                counts.len() + 1,
                "{origin}: depths must count up from 1"
            );
            counts.push((depth, nodes));
        }
        assert!(!counts.is_empty(), "{origin}: no counts");
        cases.push(PerftCase {
            fen,
            counts,
            origin,
        });
    }
    assert!(!cases.is_empty(), "{name}: no positions");
    cases
}

/// Parses `random.csv`: `#` comments, a header `fen,depth,nodes,tag`, then rows.
pub fn parse_random_csv(text: &str) -> Vec<PerftCase> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty());
    let (_, header) = lines.next().expect("random.csv: no header");
    assert_eq!(header.trim(), "fen,depth,nodes,tag", "random.csv header");
    lines
        .map(|(i, line)| {
            let origin = format!("random.csv:{}", i + 1);
            let cols: Vec<&str> = line.trim().split(',').collect();
            assert_eq!(cols.len(), 4, "{origin}: expected 4 columns");
            let depth = cols[1]
                .parse()
                .unwrap_or_else(|_| panic!("{origin}: depth"));
            let nodes = cols[2]
                .parse()
                .unwrap_or_else(|_| panic!("{origin}: nodes"));
            PerftCase {
                fen: cols[0].to_owned(),
                counts: vec![(depth, nodes)],
                origin,
            }
        })
        .collect()
}

pub const STANDARD: &str = include_str!("../data/standard.perft");
pub const TRICKY: &str = include_str!("../data/tricky.perft");
pub const CHESS960: &str = include_str!("../data/chess960.perft");
pub const RANDOM: &str = include_str!("../data/random.csv");

/// xorshift64* (Vigna): enough randomness to pick moves, reproducible by seed.
#[derive(Debug, Clone)]
pub struct XorShift(u64);

impl XorShift {
    pub fn new(seed: u64) -> XorShift {
        XorShift(seed.max(1))
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A uniform-enough index below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
