//! Fairy FEN for the built-in variants: never a panic, and accepted FEN
//! prints back. Each variant's rules are compiled once per process (a start
//! position the others are read against, `Position::with_fen`), not per
//! input.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use sqlchess_fairy::{Position, Variant};

fn templates() -> &'static [Position] {
    static TEMPLATES: OnceLock<Vec<Position>> = OnceLock::new();
    TEMPLATES.get_or_init(|| {
        sqlchess_fairy::variant_names()
            .filter_map(|name| Variant::builtin(name).ok())
            .filter_map(|v| Position::from_fen(&v, &v.start_fen).ok())
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
        let _ = templates();
    },
    |data: &[u8]| {
        let Ok(text) = std::str::from_utf8(data) else {
            return;
        };
        for template in templates() {
            if let Ok(pos) = template.with_fen(text) {
                let again = template.with_fen(&pos.fen()).expect("printed FEN parses");
                assert_eq!(again.fen(), pos.fen());
                let _ = sqlchess_fairy::perft(&pos, 1);
            }
        }
    }
);
