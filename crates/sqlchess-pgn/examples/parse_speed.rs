//! Syntax-only parsing speed: counts games and moves in a PGN file (plain or
//! compressed) and prints the throughput of the decompressed bytes.
//!
//! Usage: `cargo run --release --example parse_speed -- FILE`

use std::io::{self, BufRead, Read};
use std::time::Instant;

use sqlchess_pgn::{open_pgn, Counter, Reader};

/// Counts the bytes that pass through.
struct Metered<R> {
    inner: R,
    bytes: u64,
}

impl<R: Read> Read for Metered<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Metered<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }
    fn consume(&mut self, n: usize) {
        self.bytes += n as u64;
        self.inner.consume(n);
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: parse_speed FILE");
        std::process::exit(2);
    };
    let input = Metered {
        inner: open_pgn(&path)?,
        bytes: 0,
    };
    let start = Instant::now();
    let mut reader = Reader::new(input);
    let mut counter = Counter::default();
    while reader.read_game(&mut counter)?.is_some() {}
    let secs = start.elapsed().as_secs_f64();
    let bytes = reader.into_inner().bytes;
    let mb = bytes as f64 / 1e6;
    println!("games: {}", counter.games);
    println!("moves: {}", counter.moves);
    println!("games with syntax errors: {}", counter.errors);
    println!("bytes: {bytes} ({mb:.1} MB) in {secs:.3} s");
    println!("throughput: {:.0} MB/s", mb / secs);
    Ok(())
}
