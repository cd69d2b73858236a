//! Perft against Fairy-Stockfish (pyffish) oracle data: start positions and
//! positions reached by seeded random play. The data files and the custom
//! variants are made by `scripts/fairy_oracle.py`.

use sqlchess_fairy::{perft, Position, VariantSet};

const INI: &str = include_str!("data/variants.ini");

fn run(file: &str, text: &str) {
    let set = VariantSet::from_ini(INI).expect("tests/data/variants.ini loads");
    let mut failures = Vec::new();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut parts = line.split('|');
        let (Some(variant), Some(fen), Some(counts)) = (parts.next(), parts.next(), parts.next())
        else {
            panic!("{file}: malformed line {line:?}");
        };
        let v = set.get(variant).unwrap_or_else(|e| panic!("{file}: {e}"));
        let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{file}: {fen}: {e}"));
        // The same position on the 256-bit frame (used for boards over 128
        // squares) must agree too.
        let wide =
            Position::from_fen_frame256(&v, fen).unwrap_or_else(|e| panic!("{file}: {fen}: {e}"));
        assert_eq!(
            pos.fen(),
            wide.fen(),
            "{file}: layouts print different FENs"
        );
        for item in counts.split_whitespace() {
            let (d, n) = item.split_once(':').expect("depth:nodes");
            let (d, n): (u32, u64) = (d.parse().expect("depth"), n.parse().expect("nodes"));
            let got = perft(&pos, d);
            let got_wide = perft(&wide, d);
            if got != got_wide {
                failures.push(format!(
                    "{variant} {fen} depth {d}: u128 layout {got}, 256-bit frame {got_wide}"
                ));
            }
            checked += 1;
            if got != n {
                failures.push(format!(
                    "{variant} {fen} depth {d}: expected {n}, got {got}"
                ));
                break;
            }
        }
    }
    assert!(checked > 0, "{file}: no data");
    assert!(
        failures.is_empty(),
        "{file}: {} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

macro_rules! oracle {
    ($($name:ident),*) => { $(
        #[test]
        fn $name() {
            run(stringify!($name), include_str!(concat!("data/", stringify!($name), ".perft")));
        }
    )* };
}

oracle!(
    chess960,
    capablanca,
    caparandom,
    grand,
    makruk,
    xiangqi,
    shogi,
    crazyhouse,
    seirawan,
    gothic,
    embassy,
    janus,
    modern,
    chancellor,
    centaur,
    almost,
    amazon,
    knightmate,
    shako,
    nightriders,
    cannonhorse,
    hoppers,
    leapers,
    chess960_deep,
    capablanca_deep,
    grand_deep,
    xiangqi_deep,
    cannonhorse_deep,
    hoppers_deep,
    shogi_deep,
    crazyhouse_deep,
    seirawan_deep
);
