//! Cutting PGN at game boundaries (`sqlchess_pgn::split`) on any bytes and
//! any part size: the cuts increase from 0 to the length, the lines counted
//! part by part add up to the whole input's, and counting each part's games
//! never panics. (Game counts may differ where a multi-line comment holds a
//! blank line and a tag-like line: the documented limit of the rule.)
#![no_main]

use std::io::Cursor;

use libfuzzer_sys::fuzz_target;
use sqlchess_pgn::split::{boundaries, count_games, count_lines, range_reader};

fuzz_target!(|input: (u16, &[u8])| {
    let (target, data) = input;
    let cuts = boundaries(&mut Cursor::new(data), u64::from(target)).expect("in memory");
    assert_eq!(cuts.first(), Some(&0));
    if !data.is_empty() {
        assert_eq!(cuts.last(), Some(&(data.len() as u64)));
    }
    assert!(cuts.windows(2).all(|w| w[0] < w[1]));
    let whole_lines = count_lines(&mut Cursor::new(data), 0, data.len() as u64).unwrap();
    let mut lines = 0;
    for w in cuts.windows(2) {
        lines += count_lines(&mut Cursor::new(data), w[0], w[1]).unwrap();
        count_games(range_reader(Cursor::new(data), w[0], w[1]).unwrap()).unwrap();
    }
    assert_eq!(lines, whole_lines);
});
