//! UCI and SAN parsing of arbitrary text in a few positions: never a panic,
//! every accepted move is legal and prints back to itself, and SAN resolved
//! from its target square answers as resolving it against the move list.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sqlchess_core::Position;

const FENS: &[&str] = &[
    sqlchess_core::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for fen in FENS {
        let pos = Position::from_fen(fen).expect("fixed FEN");
        let legal = pos.legal_moves();
        assert_eq!(
            pos.parse_san(text),
            pos.parse_san_among(text, &legal).map(|i| legal[i])
        );
        if let Ok(mv) = pos.parse_move(text) {
            assert!(pos.is_legal(mv));
            assert_eq!(pos.parse_san(&pos.san(mv)), Ok(mv));
            assert_eq!(pos.parse_uci(&pos.uci(mv).to_string()), Ok(mv));
        }
    }
});
