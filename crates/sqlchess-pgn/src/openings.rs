//! Opening names: the Lichess project's openly licensed (CC0) list of ECO
//! codes, names and move sequences (`data/chess-openings/`, shipped with
//! the crate), keyed by the position each line reaches, so that a game or a
//! position is classified by the deepest known line it reached — by any
//! move order.

use std::collections::HashMap;
use std::sync::OnceLock;

use sqlchess_rules::{Position, Variant};

/// One named line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// The ECO code, `A00` to `E99`.
    pub eco: &'static str,
    /// The name, `Sicilian Defense: Najdorf Variation`.
    pub name: &'static str,
    /// The line's length in plies.
    pub plies: usize,
}

const TSV: [&str; 5] = [
    include_str!("../data/chess-openings/a.tsv"),
    include_str!("../data/chess-openings/b.tsv"),
    include_str!("../data/chess-openings/c.tsv"),
    include_str!("../data/chess-openings/d.tsv"),
    include_str!("../data/chess-openings/e.tsv"),
];

/// The openings by the Zobrist key of the position their line reaches
/// (standard chess); a position reached by several lines keeps the longest,
/// then the first in the list.
fn table() -> &'static HashMap<u64, Opening> {
    static TABLE: OnceLock<HashMap<u64, Opening>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut map: HashMap<u64, Opening> = HashMap::new();
        let start = Position::start(&Variant::chess());
        for file in TSV {
            for line in file.lines().skip(1) {
                let mut cols = line.split('\t');
                let (Some(eco), Some(name), Some(pgn)) = (cols.next(), cols.next(), cols.next())
                else {
                    continue;
                };
                let mut pos = start.clone();
                let mut plies = 0;
                let mut ok = true;
                for token in pgn.split_whitespace() {
                    if token.ends_with('.') {
                        continue;
                    }
                    match pos.play_text(token) {
                        Ok(next) => {
                            pos = next;
                            plies += 1;
                        }
                        Err(_) => {
                            ok = false;
                            break;
                        }
                    }
                }
                if !ok {
                    continue;
                }
                let entry = Opening { eco, name, plies };
                match map.get(&pos.zobrist()) {
                    Some(old) if old.plies >= plies => {}
                    _ => {
                        map.insert(pos.zobrist(), entry);
                    }
                }
            }
        }
        map
    })
}

/// The opening whose line reaches exactly `pos` (standard chess only).
///
/// ```
/// use sqlchess_pgn::openings::opening_of;
/// let pos = sqlchess_rules::position("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2", "chess").unwrap();
/// let o = opening_of(&pos).unwrap();
/// assert_eq!((o.eco, o.name), ("B20", "Sicilian Defense"));
/// ```
pub fn opening_of(pos: &Position) -> Option<Opening> {
    if pos.variant_name() != "chess" {
        return None;
    }
    table().get(&pos.zobrist()).cloned()
}

/// The deepest named position among `keys` (a game's position keys, start
/// first): the game's opening, transpositions included.
pub fn classify(keys: &[u64]) -> Option<Opening> {
    let t = table();
    keys.iter().rev().find_map(|k| t.get(k).cloned())
}

/// The number of named lines (for tests and statistics).
pub fn count() -> usize {
    table().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_loads_and_classifies_transpositions() {
        assert!(count() > 3000, "{}", count());
        // 1. Nf3 d5 2. d4 and 1. d4 d5 2. Nf3 reach one position.
        let a = ["Nf3", "d5", "d4"];
        let b = ["d4", "d5", "Nf3"];
        let keys = |moves: &[&str]| {
            let mut pos = Position::start(&Variant::chess());
            let mut keys = vec![pos.zobrist()];
            for m in moves {
                pos = pos.play_text(m).unwrap();
                keys.push(pos.zobrist());
            }
            keys
        };
        let (oa, ob) = (classify(&keys(&a)).unwrap(), classify(&keys(&b)).unwrap());
        assert_eq!(oa, ob);
        assert!(oa.eco.starts_with('D') || oa.eco.starts_with('A'), "{oa:?}");
    }
}
