//! FEN parsing must never panic, and every position it accepts must print
//! back to a FEN that parses to the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sqlchess_core::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = Position::from_fen(text) {
        let again = Position::from_fen(&pos.fen()).expect("printed FEN parses");
        assert_eq!(again.fen(), pos.fen());
        assert_eq!(again.zobrist(), pos.zobrist());
        let _ = sqlchess_core::perft::perft(&pos, 2);
    }
});
