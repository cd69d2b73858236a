//! Fairy FEN for the built-in variants: never a panic, and accepted FEN prints back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sqlchess_fairy::{Position, Variant};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for name in sqlchess_fairy::variant_names() {
        let Ok(variant) = Variant::builtin(name) else { continue };
        if let Ok(pos) = Position::from_fen(&variant, text) {
            let again = Position::from_fen(&variant, &pos.fen()).expect("printed FEN parses");
            assert_eq!(again.fen(), pos.fen());
            let _ = sqlchess_fairy::perft(&pos, 1);
        }
    }
});
