//! The variants.ini loader on any text, through the rules facade's registry:
//! never a panic, never a hang. Every variant it accepts has a start
//! position that prints back to itself, whose moves generate, and that packs
//! and unpacks to the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sqlchess_rules::{Position, Variants};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut variants = Variants::builtin();
    let Ok(names) = variants.load_ini(text) else {
        return;
    };
    for name in names {
        let variant = variants.get(&name).expect("a loaded variant is found");
        let start = Position::start(&variant);
        let again = Position::from_fen(&variant, &start.fen()).expect("start FEN parses");
        assert_eq!(again.fen(), start.fen());
        let _ = start.perft(1);
        if let Ok(bytes) = start.pack() {
            let back = variants.unpack(&bytes).expect("own bytes unpack");
            assert_eq!(back.fen(), start.fen());
        }
    }
});
