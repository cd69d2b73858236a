//! Command annotations embedded in comments: `[%clk 0:03:12.5]`,
//! `[%emt 0:00:05]`, `[%eval 0.17]`, `[%eval #-3]`, `[%eval 1.5,22]`.
//!
//! [`parse_comment`] extracts the clock, elapsed move time and evaluation and
//! returns the comment text with those commands removed. Other commands
//! (`[%cal ...]`, `[%csl ...]`, unknown ones) and commands whose argument does
//! not parse stay in the text unchanged.

/// An engine evaluation from `[%eval ...]`, from White's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eval {
    /// Advantage in centipawns (`[%eval 0.17]` → 17, `[%eval -1.5]` → -150).
    Centipawns(i32),
    /// Mate in this many moves; negative when Black mates (`[%eval #-3]`).
    Mate(i32),
}

/// The annotations found in one comment.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CommentAnnotations {
    /// Remaining clock time from `[%clk h:mm:ss(.f)]`, in centiseconds.
    pub clock_centis: Option<u32>,
    /// Elapsed move time from `[%emt h:mm:ss(.f)]`, in centiseconds.
    pub emt_centis: Option<u32>,
    /// Evaluation from `[%eval ...]`.
    pub eval: Option<Eval>,
    /// Search depth from the Lichess form `[%eval 1.5,22]`.
    pub eval_depth: Option<u32>,
    /// The comment with the recognized commands removed; the pieces around
    /// removed commands are trimmed and joined by one space.
    pub text: String,
}

/// Parses the command annotations of a comment (as given by
/// [`Visitor::comment`](crate::Visitor::comment); invalid UTF-8 is replaced).
pub fn parse_comment_bytes(text: &[u8]) -> CommentAnnotations {
    // A clock on every move makes this the reader's most frequent call: it
    // scans bytes for `[%`, reads the commands as bytes, and decodes only
    // the text left around them, so a comment of commands alone is never
    // decoded and allocates nothing.
    let mut ann = CommentAnnotations::default();
    if let Some((eval, clock)) = clock_and_eval(text) {
        ann.eval = eval;
        ann.clock_centis = clock;
        return ann;
    }
    read_in_full(text, ann)
}

/// [`parse_comment_bytes`] without its shortcut: every `[%…]` command
/// found and applied, the text around them kept.
fn read_in_full(text: &[u8], mut ann: CommentAnnotations) -> CommentAnnotations {
    let mut kept_from = 0usize; // start of the piece being kept
    let mut at = 0usize; // where to look for the next command
    while let Some(i) = find_command(&text[at..]) {
        let cmd_start = at + i;
        let Some(close) = text[cmd_start + 2..].iter().position(|&b| b == b']') else {
            break;
        };
        let body = &text[cmd_start + 2..cmd_start + 2 + close];
        let cmd_end = cmd_start + 2 + close + 1;
        if apply_command(body, &mut ann) {
            push_piece(&mut ann.text, &text[kept_from..cmd_start]);
            kept_from = cmd_end;
        }
        at = cmd_end;
    }
    push_piece(&mut ann.text, &text[kept_from..]);
    ann
}

/// The evaluation and clock of a comment made of `[%clk …]` and `[%eval …]`
/// commands alone, separated by whitespace (`[%clk 0:01:00]`,
/// `[%eval 0.17] [%clk 0:01:00]`, wrapped across a line or not): the form
/// of nearly every comment of an online game, read directly. `None` for
/// anything else, which [`parse_comment_bytes`] reads in full; whenever
/// this gives an answer, that reading gives the same one, because each
/// command accepted here is one that [`apply_command`] reads alike.
#[inline]
pub(crate) fn clock_and_eval(text: &[u8]) -> Option<(Option<Eval>, Option<u32>)> {
    // The commonest comment of all, ` [%clk 0:01:00] `, at a glance: an
    // argument `duration` takes holds neither `]` nor a blank, so it is
    // the comment's one command.
    let inner = text.strip_prefix(b" ").unwrap_or(text);
    let inner = inner.strip_suffix(b" ").unwrap_or(inner);
    if let Some(arg) = inner
        .strip_prefix(b"[%clk ")
        .and_then(|rest| rest.strip_suffix(b"]"))
    {
        if let Some(clock) = duration(arg) {
            return Some((None, Some(clock)));
        }
    }
    let (mut eval, mut clock) = (None, None);
    let mut rest = text;
    loop {
        while let [b' ' | b'\n' | b'\r' | b'\t', tail @ ..] = rest {
            rest = tail;
        }
        if rest.is_empty() {
            return Some((eval, clock));
        }
        let close = rest.iter().position(|&b| b == b']')?;
        let command = &rest[..close];
        rest = &rest[close + 1..];
        // The name, one whitespace byte, and an argument that must read
        // whole: extra spaces, a depth or anything unusual falls back.
        let argument = |name: &[u8]| match command.strip_prefix(name)? {
            [b' ' | b'\n' | b'\r' | b'\t', arg @ ..] => Some(arg),
            _ => None,
        };
        if let Some(arg) = argument(b"[%clk") {
            clock = Some(duration(arg)?);
        } else if let Some(arg) = argument(b"[%eval") {
            if arg.contains(&b',') {
                return None;
            }
            eval = Some(parse_eval(std::str::from_utf8(arg).ok()?)?);
        } else {
            return None;
        }
    }
}

/// `text.trim()`, without decoding characters when both ends are visible
/// ASCII (commands and the spaces between them nearly always).
#[inline]
fn trim(text: &str) -> &str {
    let b = text.as_bytes();
    match (b.first(), b.last()) {
        (Some(f), Some(l)) if f.is_ascii_graphic() && l.is_ascii_graphic() => text,
        _ if b.iter().all(|&c| c == b' ') => "",
        _ => text.trim(),
    }
}

/// `str::trim` of ASCII bytes: the ASCII characters Unicode calls white
/// space, vertical tab included (which `<[u8]>::trim_ascii` keeps).
fn trim_ascii(mut b: &[u8]) -> &[u8] {
    let space = |c: &u8| matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
    while let [first, rest @ ..] = b {
        if !space(first) {
            break;
        }
        b = rest;
    }
    while let [rest @ .., last] = b {
        if !space(last) {
            break;
        }
        b = rest;
    }
    b
}

/// Parses the command annotations of a comment. See the [module
/// documentation](self).
pub fn parse_comment(text: &str) -> CommentAnnotations {
    parse_comment_bytes(text.as_bytes())
}

/// The offset of the first `[%` in `bytes`. (A plain loop: comments are a
/// few dozen bytes, too short for a vectorised search to pay off.)
#[inline]
fn find_command(bytes: &[u8]) -> Option<usize> {
    bytes.windows(2).position(|w| w == b"[%")
}

/// Appends a kept piece of a comment, decoded (invalid UTF-8 replaced) and
/// trimmed, one space after the last.
fn push_piece(out: &mut String, piece: &[u8]) {
    if piece.iter().all(|&c| c == b' ') {
        return;
    }
    let decoded = match std::str::from_utf8(piece) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(piece),
    };
    let piece = trim(&decoded);
    if piece.is_empty() {
        return;
    }
    if !out.is_empty() {
        out.push(' ');
    }
    out.push_str(piece);
}

/// Applies one command body (`clk 0:01:00`); returns whether it was
/// recognized and parsed.
fn apply_command(body: &[u8], ann: &mut CommentAnnotations) -> bool {
    // A command is ASCII once trimmed; a body with other characters is read
    // as text, so that Unicode spaces around it are trimmed as `str::trim`
    // trims them.
    let body = if body.is_ascii() {
        trim_ascii(body)
    } else {
        match std::str::from_utf8(body) {
            Ok(text) => text.trim().as_bytes(),
            Err(_) => return false,
        }
    };
    if !body.is_ascii() {
        return false;
    }
    let (name, arg) = match body.iter().position(|c| c.is_ascii_whitespace()) {
        Some(i) => (&body[..i], trim_ascii(&body[i..])),
        None => (body, &b""[..]),
    };
    match name {
        b"clk" => match duration(arg) {
            Some(c) => {
                ann.clock_centis = Some(c);
                true
            }
            None => false,
        },
        b"emt" => match duration(arg) {
            Some(c) => {
                ann.emt_centis = Some(c);
                true
            }
            None => false,
        },
        b"eval" => {
            // ASCII, checked above.
            let Ok(arg) = std::str::from_utf8(arg) else {
                return false;
            };
            let (value, depth) = match arg.split_once(',') {
                Some((v, d)) => match d.trim().parse::<u32>() {
                    Ok(d) => (v.trim(), Some(d)),
                    Err(_) => return false,
                },
                None => (arg, None),
            };
            match parse_eval(value) {
                Some(e) => {
                    ann.eval = Some(e);
                    ann.eval_depth = depth;
                    true
                }
                None => false,
            }
        }
        _ => false,
    }
}

/// Parses `h:mm:ss`, `mm:ss` or `ss`, each with optional decimal fraction of a
/// second, into centiseconds (fraction digits after the second are dropped).
pub fn parse_duration(s: &str) -> Option<u32> {
    duration(s.as_bytes())
}

/// [`parse_duration`] of bytes.
fn duration(b: &[u8]) -> Option<u32> {
    // `h:mm:ss`, the clock of nearly every online game, read at once.
    if let [h, b':', m1, m2, b':', s1, s2] = *b {
        let digits = [h, m1, m2, s1, s2];
        if digits.iter().all(u8::is_ascii_digit) {
            let [h, m1, m2, s1, s2] = digits.map(|d| u32::from(d - b'0'));
            return Some(((h * 60 + m1 * 10 + m2) * 60 + s1 * 10 + s2) * 100);
        }
    }
    let (whole, frac) = match b.iter().position(|&c| c == b'.') {
        Some(i) => (&b[..i], Some(&b[i + 1..])),
        None => (b, None),
    };
    // One pass: up to three parts of 1 to 9 digits separated by colons.
    let (mut seconds, mut part, mut digits, mut parts) = (0u64, 0u64, 0usize, 1usize);
    for &c in whole {
        if c == b':' {
            if digits == 0 || digits > 9 || parts == 3 {
                return None;
            }
            seconds = seconds.checked_mul(60)?.checked_add(part)?;
            (part, digits, parts) = (0, 0, parts + 1);
        } else if c.is_ascii_digit() {
            part = part * 10 + u64::from(c - b'0');
            digits += 1;
            if digits > 9 {
                return None;
            }
        } else {
            return None;
        }
    }
    if digits == 0 {
        return None;
    }
    seconds = seconds.checked_mul(60)?.checked_add(part)?;
    let mut centis = seconds.checked_mul(100)?;
    if let Some(f) = frac {
        if f.is_empty() || !f.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let tenths = u64::from(f[0] - b'0') * 10;
        let hundredths = f.get(1).map_or(0, |&d| u64::from(d - b'0'));
        centis += tenths + hundredths;
    }
    u32::try_from(centis).ok()
}

/// Parses an evaluation: pawns with optional sign and decimals (`0.17`,
/// `-1.5`, `+3`), rounded to centipawns, or mate `#3` / `#-3`.
pub fn parse_eval(s: &str) -> Option<Eval> {
    if let Some(m) = s.strip_prefix('#') {
        return m.parse::<i32>().ok().map(Eval::Mate);
    }
    let (neg, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let (int, frac) = match digits.split_once('.') {
        Some((i, f)) => (i, f),
        None => (digits, ""),
    };
    if (int.is_empty() && frac.is_empty())
        || !int.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || int.len() > 9
    {
        return None;
    }
    // At most nine digits, checked above: no overflow.
    let int = int.bytes().fold(0i64, |n, d| n * 10 + i64::from(d - b'0'));
    let f = frac.as_bytes();
    let digit = |i: usize| f.get(i).map_or(0, |&d| i64::from(d - b'0'));
    let mut centis = int * 100 + digit(0) * 10 + digit(1);
    if digit(2) >= 5 {
        centis += 1;
    }
    let centis = if neg { -centis } else { centis };
    i32::try_from(centis).ok().map(Eval::Centipawns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_and_eval() {
        let a = parse_comment("[%eval 0.17] [%clk 0:03:12.5]");
        assert_eq!(a.eval, Some(Eval::Centipawns(17)));
        assert_eq!(a.clock_centis, Some(19_250));
        assert_eq!(a.text, "");
        let a = parse_comment(" Good move [%emt 0:00:05] [%eval #-3] really ");
        assert_eq!(a.emt_centis, Some(500));
        assert_eq!(a.eval, Some(Eval::Mate(-3)));
        assert_eq!(a.text, "Good move really");
    }

    /// The shortcut for comments of commands alone answers as the full
    /// reading does, on the usual forms and on near misses of them.
    #[test]
    fn the_shortcut_agrees_with_the_full_reading() {
        let pieces: &[&str] = &[
            "[%clk 0:00:59]",
            "[%clk\n0:00:59]",
            "[%clk 1:02:03.4]",
            "[%clk  0:00:59]",
            "[%clk 0:00:59 ]",
            "[%clk]",
            "[%clk x]",
            "[%clkx 1]",
            "[%eval 0.17]",
            "[%eval -1.5]",
            "[%eval +3]",
            "[%eval #-3]",
            "[%eval #4]",
            "[%eval 1.5,22]",
            "[%eval\t-0.005]",
            "[%eval .5]",
            "[%eval 1234567890]",
            "[%eval]",
            "[%emt 0:00:05]",
            "[%cal Ra1a8]",
            "text",
            " ",
            "\n",
            "\r\n",
            "\t",
            "\u{a0}",
            "]",
            "[%",
            "[%clk 0:0",
        ];
        let mut checked = 0;
        for a in pieces {
            for b in pieces {
                for sep in ["", " ", "\n"] {
                    let text = format!("{a}{sep}{b}");
                    let full = read_in_full(text.as_bytes(), CommentAnnotations::default());
                    if let Some((eval, clock)) = super::clock_and_eval(text.as_bytes()) {
                        checked += 1;
                        let fast = CommentAnnotations {
                            eval,
                            clock_centis: clock,
                            ..CommentAnnotations::default()
                        };
                        assert_eq!(fast, full, "{text:?}");
                    }
                    assert_eq!(parse_comment(&text), full, "{text:?}");
                }
            }
        }
        // The shortcut did answer for the usual forms.
        assert!(checked > 100, "{checked}");
        assert_eq!(
            super::clock_and_eval(b"[%eval 0.17] [%clk\n0:01:00]"),
            Some((Some(Eval::Centipawns(17)), Some(6000)))
        );
    }

    #[test]
    fn lichess_depth_form() {
        let a = parse_comment("[%eval 1.5,22]");
        assert_eq!(a.eval, Some(Eval::Centipawns(150)));
        assert_eq!(a.eval_depth, Some(22));
        let a = parse_comment("[%eval -0.005]");
        assert_eq!(a.eval, Some(Eval::Centipawns(-1)));
    }

    #[test]
    fn other_commands_and_bad_arguments_stay() {
        let a = parse_comment("x [%cal Ra1a8,Gb1b8] [%clk nonsense] [%eval] y [%clk 1:00:00]");
        assert_eq!(a.text, "x [%cal Ra1a8,Gb1b8] [%clk nonsense] [%eval] y");
        assert_eq!(a.clock_centis, Some(360_000));
        assert_eq!(a.eval, None);
        let a = parse_comment("unclosed [%clk 0:01:00");
        assert_eq!(a.text, "unclosed [%clk 0:01:00");
        assert_eq!(a.clock_centis, None);
    }

    /// The reading of durations before it became one pass, kept as the
    /// reference.
    fn reference_duration(s: &str) -> Option<u32> {
        let (whole, frac) = match s.split_once('.') {
            Some((w, f)) => (w, Some(f)),
            None => (s, None),
        };
        let mut seconds: u64 = 0;
        for (i, part) in whole.split(':').enumerate() {
            if i >= 3
                || part.is_empty()
                || part.len() > 9
                || !part.bytes().all(|b| b.is_ascii_digit())
            {
                return None;
            }
            seconds = seconds.checked_mul(60)?.checked_add(part.parse().ok()?)?;
        }
        let mut centis = seconds.checked_mul(100)?;
        if let Some(f) = frac {
            if f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let b = f.as_bytes();
            centis += u64::from(b[0] - b'0') * 10 + b.get(1).map_or(0, |&d| u64::from(d - b'0'));
        }
        u32::try_from(centis).ok()
    }

    #[test]
    fn durations_read_as_the_reference_reads_them() {
        let mut rng = sqlchess_types::XorShift64::new(9);
        let alphabet = b"0123456789::..x 9";
        for _ in 0..200_000 {
            let len = rng.below(16);
            let text: String = (0..len)
                .map(|_| char::from(alphabet[rng.below(alphabet.len())]))
                .collect();
            assert_eq!(parse_duration(&text), reference_duration(&text), "{text:?}");
        }
        // The `h:mm:ss` shape the fast path reads, with any digits.
        for _ in 0..20_000 {
            let d = |rng: &mut sqlchess_types::XorShift64| rng.below(10);
            let text = format!(
                "{}:{}{}:{}{}",
                d(&mut rng),
                d(&mut rng),
                d(&mut rng),
                d(&mut rng),
                d(&mut rng)
            );
            assert_eq!(parse_duration(&text), reference_duration(&text), "{text:?}");
        }
    }

    /// Reading a comment's bytes, which decodes only the text around the
    /// commands, gives what reading its lossy decoding does, for comments
    /// built from commands, text, Unicode spaces and invalid bytes.
    #[test]
    fn bytes_read_as_their_lossy_text() {
        let pieces: [&[u8]; 14] = [
            b"[%clk 0:00:59]",
            b"[%eval -1.5,22]",
            b"[%emt 0:00:05]",
            b"[%cal Ra1a8]",
            b"[% clk 1:00]",
            b"[%clk\x0b1:00 ]",
            b"[%eval #-3]",
            b"[%clk 0:00:01\xff]",
            b" ",
            b"good move",
            "\u{a0}".as_bytes(),
            b"\xe2\x82",
            b"\xff",
            b"[%",
        ];
        let mut rng = sqlchess_types::XorShift64::new(17);
        for _ in 0..50_000 {
            let mut text = Vec::new();
            for _ in 0..rng.below(6) {
                text.extend_from_slice(pieces[rng.below(pieces.len())]);
            }
            let lossy = String::from_utf8_lossy(&text);
            assert_eq!(
                parse_comment_bytes(&text),
                parse_comment(&lossy),
                "{lossy:?}"
            );
        }
        let a = parse_comment("\u{a0}[%\u{a0}clk 0:00:02\u{2003}]");
        assert_eq!((a.clock_centis, a.text.as_str()), (Some(200), ""));
    }

    #[test]
    fn durations_and_evals() {
        assert_eq!(parse_duration("1:02:03"), Some(372_300));
        assert_eq!(parse_duration("02:03.45"), Some(12_345));
        assert_eq!(parse_duration("7"), Some(700));
        assert_eq!(parse_duration("1:2:3:4"), None);
        assert_eq!(parse_duration("999999999:00:00"), None);
        assert_eq!(parse_duration(""), None);
        assert_eq!(parse_eval("+3"), Some(Eval::Centipawns(300)));
        assert_eq!(parse_eval(".5"), Some(Eval::Centipawns(50)));
        assert_eq!(parse_eval("#0"), Some(Eval::Mate(0)));
        assert_eq!(parse_eval("abc"), None);
        assert_eq!(parse_eval("-"), None);
        assert_eq!(parse_eval("99999999999"), None);
        assert_eq!(parse_comment_bytes(b"[%clk 0:00:01] \xFF").text, "\u{FFFD}");
    }
}
