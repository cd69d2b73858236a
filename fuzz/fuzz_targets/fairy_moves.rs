//! UCI and SAN moves of any variant through the rules facade: the first
//! byte picks a built-in variant and how many plies into a fixed line of its
//! game the position is; the rest is the move text. A typed error, or a
//! legal move whose SAN and UCI parse back to it. Never a panic.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use sqlchess_rules::{Position, Variant};

/// For every built-in variant, its start and the positions after each of
/// its first 12 plies (always the middle legal move): built once per
/// process.
fn positions() -> &'static [Vec<Position>] {
    static POSITIONS: OnceLock<Vec<Vec<Position>>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        sqlchess_rules::variant_names()
            .into_iter()
            .filter_map(|name| Variant::builtin(name).ok())
            .map(|v| {
                let mut line = vec![Position::start(&v)];
                for _ in 0..12 {
                    let last = line.last().expect("the start");
                    let moves = last.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let next = last.play_unchecked(moves[moves.len() / 2]);
                    line.push(next);
                }
                line
            })
            .collect()
    })
}

// Built before the first input (libFuzzer's initialisation), so that the
// one-time set-up, about 10 s under AddressSanitizer, never counts toward an
// input's timeout: on a loaded machine it once took more than the 20 s
// `scripts/fuzz.sh` allows, and the empty first input was reported as a
// timeout.
fuzz_target!(
    init: {
        let _ = positions();
    },
    |data: &[u8]| {
        let Some((&pick, rest)) = data.split_first() else {
            return;
        };
        let Ok(text) = std::str::from_utf8(rest) else {
            return;
        };
        let all = positions();
        let line = &all[usize::from(pick) % all.len()];
        let pos = &line[usize::from(pick / 16) % line.len()];
        if let Ok(mv) = pos.parse_move(text) {
            assert!(
                pos.legal_moves().contains(&mv),
                "{text:?} parsed to an illegal move"
            );
            assert_eq!(pos.parse_move(&pos.san(mv)), Ok(mv), "SAN of {text:?}");
            assert_eq!(pos.parse_move(&pos.uci(mv)), Ok(mv), "UCI of {text:?}");
        }
    }
);
