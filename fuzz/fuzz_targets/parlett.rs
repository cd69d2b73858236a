//! Parlett's notation on any text: a typed error or components whose piece
//! has a geometry on every board size. Never a panic, never a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sqlchess_fairy::PieceDef;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(components) = sqlchess_fairy::parlett::parse(text) {
        let piece = PieceDef::from_components(text, components);
        let _ = piece.geometry(8, 8);
        let _ = piece.geometry(16, 16);
        let _ = piece.geometry(1, 3);
    }
});
