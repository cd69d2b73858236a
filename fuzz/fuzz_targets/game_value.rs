//! Game values from any bytes: decoding gives a typed error or a game that
//! encodes back to the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sqlchess_pgn::GameValue;

fuzz_target!(|data: &[u8]| {
    if let Ok(game) = GameValue::decode(data) {
        let again = GameValue::encode(&game.start, &game.moves, &game.annotations, game.result)
            .expect("a decoded game encodes");
        let back = GameValue::decode(&again).expect("re-encoded game decodes");
        assert_eq!(back, game);
        let _ = game.sans();
    }
});
