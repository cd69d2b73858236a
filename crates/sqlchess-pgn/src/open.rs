//! Opening possibly compressed PGN files.
//!
//! [`open_pgn`] picks the decompressor from the file extension (`.pgn`,
//! `.gz`, `.zst`/`.zstd`, `.bz2`) and, for any other extension, from the
//! file's magic bytes. Concatenated gzip members, zstd frames and bzip2
//! streams are all read.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

/// Buffer size used for files and decompressed streams (256 KiB).
pub const BUFFER_SIZE: usize = 256 * 1024;

/// A compression format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    /// Plain text.
    None,
    /// gzip (possibly several members).
    Gzip,
    /// Zstandard (possibly several frames).
    Zstd,
    /// bzip2 (possibly several streams).
    Bzip2,
}

impl Compression {
    /// The format named by a file extension (case-insensitive, without the
    /// dot), if known: `pgn` → None, `gz`/`gzip` → Gzip, `zst`/`zstd` → Zstd,
    /// `bz2`/`bzip2` → Bzip2.
    pub fn from_extension(ext: &str) -> Option<Compression> {
        match ext.to_ascii_lowercase().as_str() {
            "pgn" => Some(Compression::None),
            "gz" | "gzip" => Some(Compression::Gzip),
            "zst" | "zstd" => Some(Compression::Zstd),
            "bz2" | "bzip2" => Some(Compression::Bzip2),
            _ => None,
        }
    }

    /// The format whose magic bytes start `head`; plain text otherwise.
    pub fn sniff(head: &[u8]) -> Compression {
        if head.starts_with(&[0x1f, 0x8b]) {
            Compression::Gzip
        } else if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Compression::Zstd
        } else if head.starts_with(b"BZh") {
            Compression::Bzip2
        } else {
            Compression::None
        }
    }
}

/// Opens a PGN file, decompressing it according to its extension or, when
/// the extension is not one of `pgn`, `gz`, `zst`, `zstd`, `bz2`, its magic
/// bytes.
pub fn open_pgn(path: impl AsRef<Path>) -> io::Result<Box<dyn BufRead + Send>> {
    let path = path.as_ref();
    let file = BufReader::with_capacity(BUFFER_SIZE, File::open(path)?);
    let by_ext = path
        .extension()
        .and_then(|e| e.to_str())
        .and_then(Compression::from_extension);
    match by_ext {
        Some(c) => decompress(file, c),
        None => sniff_and_decompress(file),
    }
}

/// Wraps an already buffered stream with the decompressor chosen by its
/// magic bytes.
pub fn sniff_and_decompress<R: BufRead + Send + 'static>(
    mut input: R,
) -> io::Result<Box<dyn BufRead + Send>> {
    let head = loop {
        match input.fill_buf() {
            Ok(h) => break h,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    };
    let c = Compression::sniff(head);
    decompress(input, c)
}

/// Wraps `input` with the decompressor for `compression`, buffered with
/// [`BUFFER_SIZE`].
pub fn decompress<R: BufRead + Send + 'static>(
    input: R,
    compression: Compression,
) -> io::Result<Box<dyn BufRead + Send>> {
    Ok(match compression {
        Compression::None => Box::new(input),
        Compression::Gzip => buffered(flate2::bufread::MultiGzDecoder::new(input)),
        Compression::Zstd => buffered(zstd::stream::read::Decoder::with_buffer(input)?),
        Compression::Bzip2 => buffered(bzip2::bufread::MultiBzDecoder::new(input)),
    })
}

fn buffered<R: Read + Send + 'static>(r: R) -> Box<dyn BufRead + Send> {
    Box::new(BufReader::with_capacity(BUFFER_SIZE, r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_and_magic() {
        assert_eq!(Compression::from_extension("GZ"), Some(Compression::Gzip));
        assert_eq!(Compression::from_extension("zstd"), Some(Compression::Zstd));
        assert_eq!(Compression::from_extension("txt"), None);
        assert_eq!(Compression::sniff(b"BZh91AY"), Compression::Bzip2);
        assert_eq!(
            Compression::sniff(&[0x28, 0xb5, 0x2f, 0xfd, 0]),
            Compression::Zstd
        );
        assert_eq!(Compression::sniff(&[0x1f, 0x8b, 8]), Compression::Gzip);
        assert_eq!(Compression::sniff(b"[Event"), Compression::None);
    }
}
