//! The PGN reader on any bytes: syntax only (with the tree builder and the
//! writer, via `fuzz_read_all`), then with every move checked by the rules
//! facade and each good game's value encoded and decoded again. Never a
//! panic, never a hang; a good game's value replays to the same final
//! position; a reader that checks without indexing reads the same moves
//! and errors.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sqlchess_pgn::{GameReader, GameValue, Reader};

fuzz_target!(|data: &[u8]| {
    sqlchess_pgn::fuzz_read_all(data);
    let mut reader = Reader::new(data);
    let mut visitor = GameReader::new().with_position_keys(true);
    let mut unindexed = Reader::new(data);
    let mut checker = GameReader::new().with_move_indices(false);
    while let Ok(Some(game)) = reader.read_game(&mut visitor) {
        let checked = unindexed
            .read_game(&mut checker)
            .expect("bytes in memory")
            .expect("the same games");
        assert_eq!(checked.moves, game.moves);
        assert_eq!(checked.error, game.error);
        if game.error.is_none() {
            if let Ok(bytes) = game.value() {
                let value = GameValue::decode(&bytes).expect("own value decodes");
                assert_eq!(
                    value.positions().last().map(|p| p.fen()),
                    game.final_position().map(|p| p.fen())
                );
                assert_eq!(game.position_keys.len(), game.moves.len() + 1);
            }
        }
    }
});
