//! The UCI command loop on any bytes (each line a command, invalid UTF-8
//! included): never a panic, never an error, never a hang. The loop runs
//! with bounds of its own (every `go` within a thousand nodes, no grace
//! after the end of input, a small `Hash`) so that no input keeps it busy;
//! whatever it searched ends with a `bestmove`.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use sqlchess_search::uci::{run_with, Config};

fuzz_target!(|data: &[u8]| {
    let config = Config {
        end_of_input_grace: Duration::ZERO,
        max_nodes: Some(1_000),
        max_hash_mb: 1,
        read_files: false,
    };
    let out = run_with(data, Vec::new(), &config).expect("the loop survives any input");
    let text = String::from_utf8(out).expect("the engine writes UTF-8");
    // A `go` read before any `quit` (as the loop reads lines) must answer.
    let mut searched = false;
    for line in data.split(|&b| b == b'\n') {
        let Ok(line) = std::str::from_utf8(line) else {
            continue;
        };
        match line.split_whitespace().next() {
            Some("quit") => break,
            Some("go") => searched = true,
            _ => {}
        }
    }
    if searched {
        assert!(text.contains("bestmove "), "a go without bestmove:\n{text}");
    }
});
