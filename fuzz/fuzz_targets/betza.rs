//! Piece notation (catalogue name, Betza or Parlett): never a panic, and an
//! accepted piece has a geometry on every board size.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sqlchess_fairy::PieceDef;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(piece) = PieceDef::parse(text) {
        let _ = piece.geometry(8, 8);
        let _ = piece.geometry(1, 16);
    }
});
