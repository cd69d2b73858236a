//! Splitting a plain PGN file into byte ranges at game boundaries, so that
//! many readers (Spark tasks, threads) can each read one range and together
//! read every game exactly once.
//!
//! A boundary is the start of the file, its end, or the start of a line that
//! opens a tag (`[` then a letter) right after a blank line: the form every
//! exporter writes between games (the PGN standard's export format, Lichess,
//! pgn-extract, python-chess). A reader given `[start, end)` of
//! [`boundaries`] reads the games that start there; a file without blank
//! lines between games simply yields fewer ranges. The one thing that could
//! mislead the rule is a multi-line comment holding a blank line followed by
//! a line that starts like a tag.
//!
//! Compressed files cannot be entered in the middle and are read whole.
//!
//! ```
//! use std::io::Cursor;
//! use sqlchess_pgn::split::boundaries;
//! let pgn = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
//! let cuts = boundaries(&mut Cursor::new(&pgn[..]), 1).unwrap();
//! assert_eq!(cuts, [0, 22, pgn.len() as u64]);
//! ```

use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};

/// The cuts of `input` into ranges of about `target` bytes each, every cut
/// a game boundary (module documentation): `0`, then increasing offsets,
/// then the length of the input. A `target` of 0 is taken as 1.
///
/// # Errors
/// An I/O error of `input`.
pub fn boundaries<R: Read + Seek>(input: &mut R, target: u64) -> io::Result<Vec<u64>> {
    let len = input.seek(SeekFrom::End(0))?;
    let target = target.max(1);
    let mut cuts = vec![0];
    let mut at = target;
    while at < len {
        let cut = next_boundary(input, at, len)?;
        if cut >= len {
            break;
        }
        cuts.push(cut);
        // A long game may have carried the cut past several targets.
        at = (cut / target + 1) * target;
    }
    if len > 0 {
        cuts.push(len);
    }
    Ok(cuts)
}

/// The first game boundary at or after `offset` (`len` when there is none).
///
/// # Errors
/// An I/O error of `input`.
pub fn next_boundary<R: Read + Seek>(input: &mut R, offset: u64, len: u64) -> io::Result<u64> {
    if offset == 0 {
        return Ok(0);
    }
    // Start one byte early so that a line starting exactly at `offset` is
    // seen whole: the partial line read first ends at `offset` then.
    let mut pos = offset - 1;
    input.seek(SeekFrom::Start(pos))?;
    let mut reader = BufReader::with_capacity(64 * 1024, input);
    let mut line = Vec::new();
    pos += reader.read_until(b'\n', &mut line)? as u64;
    // Whether the line before the current one is blank; unknown (false)
    // for the first whole line.
    let mut previous_blank = false;
    loop {
        line.clear();
        let start = pos;
        let n = reader.read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(len);
        }
        pos += n as u64;
        if previous_blank && opens_tag(&line) {
            return Ok(start);
        }
        previous_blank = line.iter().all(u8::is_ascii_whitespace);
    }
}

/// Whether a line starts a tag pair: `[` and a tag name's first letter.
fn opens_tag(line: &[u8]) -> bool {
    matches!(line, [b'[', c, ..] if c.is_ascii_alphabetic())
}

/// The number of lines that end before `end` in `[start, end)` of `input`:
/// what a range's first line number is offset by.
///
/// # Errors
/// An I/O error of `input`.
pub fn count_lines<R: Read + Seek>(input: &mut R, start: u64, end: u64) -> io::Result<u64> {
    input.seek(SeekFrom::Start(start))?;
    let mut rest = input.take(end.saturating_sub(start));
    let mut buf = vec![0u8; 256 * 1024];
    let mut lines = 0u64;
    loop {
        let n = rest.read(&mut buf)?;
        if n == 0 {
            return Ok(lines);
        }
        lines += buf[..n].iter().filter(|&&b| b == b'\n').count() as u64;
    }
}

/// The number of games in `input`, read for syntax only (moves are not
/// checked): how many game numbers a range takes.
///
/// # Errors
/// An I/O error of `input`.
pub fn count_games(input: impl BufRead) -> io::Result<u64> {
    let mut reader = crate::Reader::new(input);
    let mut counter = crate::Counter::default();
    while reader.read_game(&mut counter)?.is_some() {}
    Ok(counter.games)
}

/// A buffered reader of the bytes `[start, end)` of `input`.
///
/// # Errors
/// An I/O error of `input` while seeking.
pub fn range_reader<R: Read + Seek>(
    mut input: R,
    start: u64,
    end: u64,
) -> io::Result<impl BufRead> {
    input.seek(SeekFrom::Start(start))?;
    Ok(BufReader::with_capacity(
        crate::open::BUFFER_SIZE,
        input.take(end.saturating_sub(start)),
    ))
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use super::*;
    use crate::{GameReader, Reader};

    fn corpus() -> Vec<u8> {
        let mut pgn = Vec::new();
        for i in 0..40 {
            pgn.extend_from_slice(
                format!(
                    "[Event \"g{i}\"]\n[Site \"?\"]\n\n1. e4 {{ a comment\n\n[%clk 0:03:00] }} e5 2. Nf3 *\n\n"
                )
                .as_bytes(),
            );
        }
        pgn
    }

    /// Every game's Event tag, reading the ranges one after the other.
    fn events(pgn: &[u8], cuts: &[u64]) -> Vec<String> {
        let mut out = Vec::new();
        for w in cuts.windows(2) {
            let input = range_reader(Cursor::new(pgn), w[0], w[1]).unwrap();
            let mut reader = Reader::new(input);
            let mut visitor = GameReader::new();
            while let Some(game) = reader.read_game(&mut visitor).unwrap() {
                assert!(game.error.is_none(), "{:?}", game.error);
                out.push(game.tag("Event").unwrap().to_owned());
            }
        }
        out
    }

    #[test]
    fn every_target_reads_every_game_once() {
        let pgn = corpus();
        let whole = events(&pgn, &[0, pgn.len() as u64]);
        assert_eq!(whole.len(), 40);
        for target in [1, 7, 50, 61, 62, 63, 100, 1000, 100_000] {
            let cuts = boundaries(&mut Cursor::new(&pgn[..]), target).unwrap();
            assert!(cuts.windows(2).all(|w| w[0] < w[1]), "{cuts:?}");
            assert_eq!(events(&pgn, &cuts), whole, "target {target}");
            let lines: u64 = cuts
                .windows(2)
                .map(|w| count_lines(&mut Cursor::new(&pgn[..]), w[0], w[1]).unwrap())
                .sum();
            assert_eq!(lines, 40 * 7);
        }
    }

    #[test]
    fn ranges_numbered_from_their_counts_equal_the_whole_read() {
        let mut pgn = corpus();
        // A rejected game (illegal move) and a syntax error in the middle.
        pgn.extend_from_slice(b"[Event \"bad\"]\n\n1. e5 *\n\n[Event \"worse\"]\n\n1. e4 ) *\n\n");
        pgn.extend_from_slice(&corpus());
        let read = |input: &mut (dyn BufRead + Send), first| {
            let mut rows = Vec::new();
            crate::read_games_from(input, 2, true, first, |g| {
                rows.push((g.record, g.raw));
                Ok(true)
            })
            .unwrap();
            rows
        };
        let whole = read(&mut &pgn[..], (1, 1));
        assert_eq!(whole.len(), 82);
        assert_eq!(whole.iter().filter(|(r, _)| r.error.is_some()).count(), 2);
        for target in [1, 500, 4096] {
            let cuts = boundaries(&mut Cursor::new(&pgn[..]), target).unwrap();
            let mut first = (1, 1);
            let mut rows = Vec::new();
            for w in cuts.windows(2) {
                let mut input = range_reader(Cursor::new(&pgn[..]), w[0], w[1]).unwrap();
                rows.extend(read(&mut input, first));
                let games =
                    count_games(range_reader(Cursor::new(&pgn[..]), w[0], w[1]).unwrap()).unwrap();
                let lines = count_lines(&mut Cursor::new(&pgn[..]), w[0], w[1]).unwrap();
                first = (first.0 + games, first.1 + lines);
            }
            assert_eq!(rows, whole, "target {target}");
        }
    }

    #[test]
    fn cuts_fall_on_tag_lines_after_blank_lines() {
        let pgn = corpus();
        let cuts = boundaries(&mut Cursor::new(&pgn[..]), 1).unwrap();
        assert_eq!(cuts.len(), 41);
        for &c in &cuts[1..40] {
            let c = c as usize;
            assert!(pgn[c..].starts_with(b"[Event"), "{c}");
        }
    }

    #[test]
    fn empty_and_unsplittable_inputs() {
        assert_eq!(
            boundaries(&mut Cursor::new(&b""[..]), 10).unwrap(),
            [0u64; 1]
        );
        let one = b"[Event \"x\"]\n1. e4 *\n[Event \"y\"]\n1. d4 *\n";
        assert_eq!(
            boundaries(&mut Cursor::new(&one[..]), 1).unwrap(),
            [0, one.len() as u64]
        );
    }
}
