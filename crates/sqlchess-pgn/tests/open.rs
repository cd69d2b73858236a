//! Compressed input: gzip, zstd and bzip2 round trips, multi-member streams,
//! extension and magic-byte detection.

use std::io::Write;
use std::path::PathBuf;

use sqlchess_pgn::open::{open_pgn, Compression};
use sqlchess_pgn::{Counter, Reader};

const GAME: &str = "[Event \"E\"]\n[White \"A\"]\n\n1. e4 e5 2. Nf3 {c} Nc6 (2... d6) 1-0\n\n";

fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sqlchess-pgn-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn count(path: &PathBuf) -> Counter {
    let input = open_pgn(path).unwrap();
    let mut reader = Reader::new(input);
    let mut counter = Counter::default();
    while reader.read_game(&mut counter).unwrap().is_some() {}
    counter
}

/// Two separately compressed halves, concatenated.
fn two_members(c: Compression) -> Vec<u8> {
    let part = GAME.repeat(500);
    let mut out = Vec::new();
    for _ in 0..2 {
        let bytes = match c {
            Compression::Gzip => {
                let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                e.write_all(part.as_bytes()).unwrap();
                e.finish().unwrap()
            }
            Compression::Zstd => zstd::encode_all(part.as_bytes(), 3).unwrap(),
            Compression::Bzip2 => {
                let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
                e.write_all(part.as_bytes()).unwrap();
                e.finish().unwrap()
            }
            Compression::None => part.clone().into_bytes(),
        };
        out.extend_from_slice(&bytes);
    }
    out
}

fn check(c: Compression, ext: &str) {
    let path = temp_path(&format!("games-{c:?}.{ext}"));
    std::fs::write(&path, two_members(c)).unwrap();
    let counter = count(&path);
    assert_eq!(counter.games, 1000, "{c:?} .{ext}");
    assert_eq!(counter.moves, 1000 * 5, "{c:?} .{ext}");
    assert_eq!(counter.errors, 0);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn plain() {
    check(Compression::None, "pgn");
    check(Compression::None, "txt");
}

#[test]
fn gzip_multi_member() {
    check(Compression::Gzip, "gz");
    check(Compression::Gzip, "bin");
}

#[test]
fn zstd_multi_frame() {
    check(Compression::Zstd, "zst");
    check(Compression::Zstd, "zstd");
    check(Compression::Zstd, "dat");
}

#[test]
fn bzip2_multi_stream() {
    check(Compression::Bzip2, "bz2");
    check(Compression::Bzip2, "data");
}

#[test]
fn missing_file_is_an_error() {
    assert!(open_pgn(temp_path("does-not-exist.pgn")).is_err());
}

#[test]
fn corrupt_compressed_data_is_an_io_error() {
    let path = temp_path("corrupt.gz");
    let mut bytes = two_members(Compression::Gzip);
    bytes.truncate(bytes.len() / 3);
    std::fs::write(&path, bytes).unwrap();
    let mut reader = Reader::new(open_pgn(&path).unwrap());
    let mut counter = Counter::default();
    let mut failed = false;
    for _ in 0..10_000 {
        match reader.read_game(&mut counter) {
            Ok(Some(())) => {}
            Ok(None) => break,
            Err(_) => {
                failed = true;
                break;
            }
        }
    }
    assert!(failed);
    std::fs::remove_file(&path).unwrap();
}
