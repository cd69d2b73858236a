//! Evaluation network files (`sqlchess_search::net`): any bytes read as
//! a network or give a typed error, never a panic; a network read
//! evaluates any position without overflowing, and any list of inputs
//! (a fairy network's), in range or not.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sqlchess_core::Position;
use sqlchess_search::net::Network;

fuzz_target!(|input: &[u8]| {
    if let Ok(net) = Network::from_bytes(input) {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k3/8/8/8/8/8/8/3QK3 b - - 0 1",
        ] {
            let _ = net.evaluate(&Position::from_fen(fen).expect("valid FEN"));
        }
        let inputs: Vec<u32> = input.iter().map(|&b| u32::from(b) * 7).collect();
        let _ = net.evaluate_inputs(&inputs, &inputs[inputs.len() / 2..], inputs.len());
        let _ = net.evaluate_inputs(&[u32::MAX, 0], &[], 40);
    }
});
