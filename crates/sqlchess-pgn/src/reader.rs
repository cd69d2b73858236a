//! Streaming PGN reader with a visitor interface.
//!
//! A [`Reader`] pulls bytes from any [`std::io::BufRead`] through a bounded
//! internal buffer and reports each game to a [`Visitor`] as a sequence of
//! events carrying byte slices, so no allocation happens per move. Memory use
//! is bounded by the configured limits ([`ReaderOptions`]), whatever the size of
//! the input.
//!
//! Syntax errors never abort the stream: the game containing the error is
//! reported with the error in [`GameEnd::error`] and the next call to
//! [`Reader::read_game`] continues with the next game.

use std::io::{self, BufRead};

use crate::error::{quote, SyntaxError, SyntaxErrorKind};

/// Longest movetext token (move, NAG, result) accepted, in bytes.
pub const MAX_TOKEN_LEN: usize = 255;

/// Bytes of lookahead kept in the buffer before lexing a token. Must exceed
/// [`MAX_TOKEN_LEN`].
const LOOKAHEAD: usize = 1024;

/// Initial size of the internal buffer.
const INITIAL_BUF: usize = 64 * 1024;

/// What a visitor wants the reader to do after an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Control {
    /// Keep reporting events.
    #[default]
    Continue,
    /// Skip: the meaning depends on the event that returned it (see the
    /// documentation of each [`Visitor`] method).
    Skip,
}

/// Information about a game, given to [`Visitor::begin_game`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameStart {
    /// 1-based number of the game in the stream.
    pub number: u64,
    /// 1-based line number of the game's first line.
    pub line: u64,
    /// Byte offset of the game's first byte in the stream (a UTF-8 byte order
    /// mark counts).
    pub offset: u64,
}

/// Information about a finished game, given to [`Visitor::end_game`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameEnd {
    /// 1-based number of the game in the stream.
    pub number: u64,
    /// Byte offset just after the game's last byte.
    pub offset: u64,
    /// 1-based line number of the first byte after the game.
    pub line: u64,
    /// The first syntax error found in the game, if any. Once an error is
    /// found, no further events except `end_game` are reported for the game.
    pub error: Option<SyntaxError>,
    /// Whether the game's verbatim bytes were cut at
    /// [`ReaderOptions::max_raw_len`] by [`Reader::read_game_with_raw`].
    pub raw_truncated: bool,
}

/// Receives the events of one game at a time from a [`Reader`].
///
/// All methods except [`end_game`](Visitor::end_game) have default
/// implementations that ignore the event. For every game, `begin_game` is
/// called first and `end_game` last.
pub trait Visitor {
    /// The value produced for each game.
    type Output;

    /// A new game starts. Returning [`Control::Skip`] skips the whole game:
    /// only `end_game` follows (syntax errors are still detected and reported).
    fn begin_game(&mut self, info: &GameStart) -> Control {
        let _ = info;
        Control::Continue
    }

    /// A tag pair. `name` is ASCII (letters, digits, `_`); `value` has its
    /// `\"` and `\\` escapes resolved and is guaranteed to be valid UTF-8.
    fn tag(&mut self, name: &[u8], value: &[u8]) {
        let _ = (name, value);
    }

    /// The tag section is over. Called once per game, even for a game without
    /// movetext. Returning [`Control::Skip`] skips the movetext (only
    /// `result` and `end_game` follow).
    fn begin_movetext(&mut self) -> Control {
        Control::Continue
    }

    /// A move number such as `12.` (`black == false`) or `12...`
    /// (`black == true`, two or more dots). Purely informational.
    fn move_number(&mut self, number: u32, black: bool) {
        let _ = (number, black);
    }

    /// A move token, passed through verbatim except that a trailing `!`/`?`
    /// suffix is reported separately through [`nag`](Visitor::nag). Check and
    /// mate marks (`+`, `#`), promotions (`=Q`), drops (`N@f3`), castling in
    /// any spelling (`O-O`, `0-0-0`), null moves (`--`, `Z0`), long algebraic
    /// and UCI forms stay in the token. Returning [`Control::Skip`] stops the
    /// reporting of the rest of the game's movetext (only `result` and
    /// `end_game` follow), e.g. after an illegal move.
    fn san(&mut self, token: &[u8]) -> Control {
        let _ = token;
        Control::Continue
    }

    /// A numeric annotation glyph: `$n`, or a move suffix `!` (1), `?` (2),
    /// `!!` (3), `??` (4), `!?` (5), `?!` (6).
    fn nag(&mut self, nag: u8) {
        let _ = nag;
    }

    /// A comment: the text between `{` and `}` verbatim (it may span lines and
    /// contain `\r\n`), or the rest of the line after `;` without the line end.
    /// Not validated as UTF-8.
    fn comment(&mut self, text: &[u8]) {
        let _ = text;
    }

    /// A `(` variation starts. Returning [`Control::Skip`] skips it up to and
    /// including its matching `)` (no `end_variation` is then reported).
    fn begin_variation(&mut self) -> Control {
        Control::Continue
    }

    /// A `)` closes the variation opened by the matching `begin_variation`.
    fn end_variation(&mut self) {}

    /// The game termination token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    fn result(&mut self, token: &[u8]) {
        let _ = token;
    }

    /// The game is over; produces the value returned by
    /// [`Reader::read_game`].
    fn end_game(&mut self, info: &GameEnd) -> Self::Output;
}

/// Limits that bound the memory a [`Reader`] uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReaderOptions {
    /// Longest comment reported, in bytes; longer ones are a
    /// [`SyntaxErrorKind::CommentTooLong`] error. The internal buffer grows up
    /// to about this size. Default 1 MiB.
    pub max_comment_len: usize,
    /// Longest tag value, in bytes. Default 1 MiB.
    pub max_tag_len: usize,
    /// Deepest nesting of variations. Default 256.
    pub max_variation_depth: u32,
    /// Most verbatim bytes captured per game by
    /// [`Reader::read_game_with_raw`]. Default 64 MiB.
    pub max_raw_len: usize,
}

impl Default for ReaderOptions {
    fn default() -> Self {
        ReaderOptions {
            max_comment_len: 1 << 20,
            max_tag_len: 1 << 20,
            max_variation_depth: 256,
            max_raw_len: 64 << 20,
        }
    }
}

// Byte classes for the movetext lexer.
const C_OTHER: u8 = 0;
const C_SPACE: u8 = 1;
const C_NEWLINE: u8 = 2;
const C_TOKEN: u8 = 3;

const fn build_classes() -> [u8; 256] {
    let mut t = [C_OTHER; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = if b == b'\n' {
            C_NEWLINE
        } else if b == b' ' || b == b'\t' || b == b'\r' || b == 0x0c || b == 0x0b {
            C_SPACE
        } else if b.is_ascii_alphanumeric() {
            C_TOKEN
        } else {
            match b {
                b'+' | b'#' | b'=' | b'-' | b'@' | b'/' | b':' | b'~' | b'_' | b'.' | b'!'
                | b'?' => C_TOKEN,
                _ => C_OTHER,
            }
        };
        i += 1;
    }
    t
}

static CLASSES: [u8; 256] = build_classes();

/// Whether `b` may appear in a movetext token (move, move number, result,
/// suffix).
#[inline]
pub fn is_token_byte(b: u8) -> bool {
    CLASSES[b as usize] == C_TOKEN
}

#[inline]
fn is_tag_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Tags,
    Movetext,
}

/// Per-game lexer state.
struct GameState {
    phase: Phase,
    /// No more events except `end_game` (error, or `begin_game` skipped).
    dead: bool,
    /// Movetext skipped by the visitor (`result` still reported).
    movetext_skipped: bool,
    /// Depth of the variation being skipped, if any.
    skip_var: Option<u32>,
    depth: u32,
    error: Option<SyntaxError>,
    saw_tag: bool,
    /// An empty line was seen since the last tag or movetext token.
    saw_blank: bool,
}

impl GameState {
    #[inline]
    fn active(&self) -> bool {
        !self.dead && !self.movetext_skipped && self.skip_var.is_none()
    }
}

/// What the movetext token scanner decided.
enum Flow {
    Continue,
    /// The game ends here (result token consumed, or boundary reached).
    EndGame,
}

/// A streaming PGN reader over any [`BufRead`]. See the [module
/// documentation](self).
pub struct Reader<R> {
    inner: R,
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    eof: bool,
    /// Absolute stream offset of `buf[0]`.
    base: u64,
    /// 1-based line number at `pos`.
    line: u64,
    /// `pos` is at the first column of a line.
    col0: bool,
    /// Only whitespace seen so far on the current line.
    line_blank: bool,
    bom_checked: bool,
    games: u64,
    scratch: Vec<u8>,
    opts: ReaderOptions,
    max_buf: usize,
    capturing: bool,
    raw: Vec<u8>,
    raw_mark: usize,
    raw_truncated: bool,
}

impl<R: BufRead> Reader<R> {
    /// Creates a reader with default [`ReaderOptions`].
    pub fn new(inner: R) -> Self {
        Self::with_options(inner, ReaderOptions::default())
    }

    /// Creates a reader with the given limits.
    pub fn with_options(inner: R, opts: ReaderOptions) -> Self {
        Self::with_buffer(inner, opts, Vec::new())
    }

    /// A reader that takes `buf` (its contents are irrelevant) as its
    /// buffer: a worker that reads one game's text after another keeps one
    /// buffer instead of allocating and zeroing a new one for every game.
    /// [`Reader::into_buffer`] gives it back.
    pub(crate) fn with_buffer(inner: R, opts: ReaderOptions, mut buf: Vec<u8>) -> Self {
        let max_buf = opts
            .max_comment_len
            .saturating_add(4 * LOOKAHEAD)
            .max(INITIAL_BUF);
        if buf.len() < INITIAL_BUF {
            buf.resize(INITIAL_BUF, 0);
        }
        Reader {
            inner,
            buf,
            pos: 0,
            end: 0,
            eof: false,
            base: 0,
            line: 1,
            col0: true,
            line_blank: true,
            bom_checked: false,
            games: 0,
            scratch: Vec::new(),
            opts,
            max_buf,
            capturing: false,
            raw: Vec::new(),
            raw_mark: 0,
            raw_truncated: false,
        }
    }

    /// Number of games started so far.
    pub fn games_read(&self) -> u64 {
        self.games
    }

    /// Byte offset of the next unread byte in the stream.
    pub fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    /// 1-based line number of the next unread byte.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// The buffer, for the next [`Reader::with_buffer`].
    pub(crate) fn into_buffer(self) -> Vec<u8> {
        self.buf
    }

    /// Returns the wrapped reader. Bytes buffered but not yet consumed are lost.
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Reads the next game, reporting it to `visitor`. Returns `Ok(None)` at
    /// the end of input. Errors are only I/O errors (including corrupt
    /// compressed input); syntax errors are reported in [`GameEnd::error`].
    /// After an I/O error the game in progress is abandoned without
    /// `end_game`; reading on continues from wherever the input resumes.
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Option<V::Output>> {
        self.capturing = false;
        self.read_game_inner(visitor)
    }

    /// Like [`read_game`](Self::read_game), and also replaces the contents of
    /// `raw` with the game's verbatim bytes (from its first token up to
    /// [`GameEnd::offset`], including `%` lines and comments inside it), at
    /// most [`ReaderOptions::max_raw_len`] bytes.
    pub fn read_game_with_raw<V: Visitor>(
        &mut self,
        visitor: &mut V,
        raw: &mut Vec<u8>,
    ) -> io::Result<Option<V::Output>> {
        raw.clear();
        std::mem::swap(raw, &mut self.raw);
        self.capturing = true;
        let result = self.read_game_inner(visitor);
        self.capturing = false;
        std::mem::swap(raw, &mut self.raw);
        result
    }

    /// Reads all remaining games, discarding their output, and returns how
    /// many there were.
    pub fn count_games<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<u64> {
        let mut n = 0;
        while self.read_game(visitor)?.is_some() {
            n += 1;
        }
        Ok(n)
    }

    // ----- buffer management -------------------------------------------------

    fn flush_raw(&mut self, upto: usize) {
        if !self.capturing || upto <= self.raw_mark {
            return;
        }
        let room = self.opts.max_raw_len.saturating_sub(self.raw.len());
        let len = upto - self.raw_mark;
        if len > room {
            self.raw_truncated = true;
        }
        let take = len.min(room);
        self.raw
            .extend_from_slice(&self.buf[self.raw_mark..self.raw_mark + take]);
        self.raw_mark = upto;
    }

    /// Compacts the buffer and reads more input (one successful read at most).
    fn refill(&mut self) -> io::Result<()> {
        if self.eof {
            return Ok(());
        }
        if self.pos > 0 {
            self.flush_raw(self.pos);
            self.buf.copy_within(self.pos..self.end, 0);
            self.base += self.pos as u64;
            self.end -= self.pos;
            self.raw_mark = self.raw_mark.saturating_sub(self.pos);
            self.pos = 0;
        }
        if self.end == self.buf.len() {
            if self.buf.len() >= self.max_buf {
                return Ok(());
            }
            let new_len = (self.buf.len() * 2).min(self.max_buf);
            self.buf.resize(new_len, 0);
        }
        loop {
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(());
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(());
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// Makes at least `n` bytes available after `pos` unless at end of input.
    #[inline]
    fn ensure(&mut self, n: usize) -> io::Result<()> {
        while self.end - self.pos < n && !self.eof {
            let before = self.end - self.pos;
            self.refill()?;
            if self.end - self.pos == before && !self.eof && self.buf.len() >= self.max_buf {
                break;
            }
        }
        Ok(())
    }

    #[inline]
    fn peek(&mut self) -> io::Result<Option<u8>> {
        if self.pos < self.end {
            return Ok(Some(self.buf[self.pos]));
        }
        self.ensure(1)?;
        Ok(if self.pos < self.end {
            Some(self.buf[self.pos])
        } else {
            None
        })
    }

    /// Consumes one byte that is known not to be a newline.
    #[inline]
    fn bump(&mut self) {
        self.pos += 1;
        self.col0 = false;
    }

    fn newline(&mut self, st: Option<&mut GameState>) {
        self.pos += 1;
        self.line += 1;
        if self.line_blank {
            if let Some(st) = st {
                st.saw_blank = true;
            }
        }
        self.col0 = true;
        self.line_blank = true;
    }

    /// Skips the rest of the current line, leaving the newline unconsumed.
    fn skip_to_eol(&mut self) -> io::Result<()> {
        loop {
            if let Some(i) = memchr::memchr(b'\n', &self.buf[self.pos..self.end]) {
                self.pos += i;
                self.col0 = false;
                return Ok(());
            }
            self.pos = self.end;
            self.col0 = false;
            if self.eof {
                return Ok(());
            }
            self.refill()?;
            if self.pos == self.end && self.eof {
                return Ok(());
            }
        }
    }

    // ----- game loop ---------------------------------------------------------

    fn fail(&self, st: &mut GameState, kind: SyntaxErrorKind) {
        fail_at(st, self.line, kind);
    }

    fn read_game_inner<V: Visitor>(&mut self, v: &mut V) -> io::Result<Option<V::Output>> {
        if !self.bom_checked {
            self.ensure(3)?;
            if self.buf[self.pos..self.end].starts_with(b"\xEF\xBB\xBF") {
                self.pos += 3;
            }
            self.bom_checked = true;
        }
        // Skip whitespace and escape lines between games.
        loop {
            self.ensure(LOOKAHEAD)?;
            if self.pos >= self.end {
                return Ok(None);
            }
            let b = self.buf[self.pos];
            match CLASSES[b as usize] {
                C_NEWLINE => self.newline(None),
                C_SPACE => self.bump(),
                _ if b == b'%' && self.col0 => self.skip_to_eol()?,
                _ => break,
            }
        }

        self.games += 1;
        let start = GameStart {
            number: self.games,
            line: self.line,
            offset: self.offset(),
        };
        self.raw.clear();
        self.raw_mark = self.pos;
        self.raw_truncated = false;
        self.line_blank = true;
        let mut st = GameState {
            phase: Phase::Tags,
            dead: false,
            movetext_skipped: false,
            skip_var: None,
            depth: 0,
            error: None,
            saw_tag: false,
            saw_blank: false,
        };
        if v.begin_game(&start) == Control::Skip {
            st.dead = true;
        }

        loop {
            if self.end - self.pos < LOOKAHEAD {
                self.ensure(LOOKAHEAD)?;
                if self.pos >= self.end {
                    break;
                }
            }
            let b = self.buf[self.pos];
            match CLASSES[b as usize] {
                C_NEWLINE => {
                    self.newline(Some(&mut st));
                    continue;
                }
                C_SPACE => {
                    self.pos += 1;
                    while self.pos < self.end && CLASSES[self.buf[self.pos] as usize] == C_SPACE {
                        self.pos += 1;
                    }
                    self.col0 = false;
                    continue;
                }
                _ => {}
            }
            if b == b'%' && self.col0 {
                // An escape line is not an empty line.
                self.line_blank = false;
                self.skip_to_eol()?;
                continue;
            }
            if b == b'[' {
                if st.phase == Phase::Movetext {
                    if !st.saw_blank {
                        let line_end = memchr::memchr(b'\n', &self.buf[self.pos..self.end])
                            .map_or(self.end, |i| self.pos + i);
                        let tag = quote(&self.buf[self.pos..line_end]);
                        self.fail(&mut st, SyntaxErrorKind::TagInMovetext(tag));
                    }
                    break;
                }
                if st.saw_tag && st.saw_blank {
                    // A game with tags but no movetext.
                    break;
                }
                self.line_blank = false;
                self.read_tag(v, &mut st)?;
                st.saw_tag = true;
                st.saw_blank = false;
                continue;
            }
            self.line_blank = false;
            st.saw_blank = false;
            if st.phase == Phase::Tags {
                st.phase = Phase::Movetext;
                if !st.dead && v.begin_movetext() == Control::Skip {
                    st.movetext_skipped = true;
                }
            }
            let flow = match b {
                b'{' => {
                    self.read_brace_comment(v, &mut st)?;
                    Flow::Continue
                }
                b';' => {
                    self.read_line_comment(v, &mut st)?;
                    Flow::Continue
                }
                b'(' => {
                    self.bump();
                    st.depth = st.depth.saturating_add(1);
                    if st.depth > self.opts.max_variation_depth {
                        let max = self.opts.max_variation_depth;
                        self.fail(&mut st, SyntaxErrorKind::VariationTooDeep(max));
                    } else if st.active() && v.begin_variation() == Control::Skip {
                        st.skip_var = Some(st.depth);
                    }
                    Flow::Continue
                }
                b')' => {
                    self.bump();
                    if st.depth == 0 {
                        self.fail(&mut st, SyntaxErrorKind::UnbalancedParen);
                    } else {
                        if st.skip_var == Some(st.depth) {
                            st.skip_var = None;
                        } else if st.active() {
                            v.end_variation();
                        }
                        st.depth -= 1;
                    }
                    Flow::Continue
                }
                b'$' => {
                    self.read_nag(v, &mut st);
                    Flow::Continue
                }
                b'*' => {
                    self.bump();
                    self.result(v, &mut st, b"*")?
                }
                _ if CLASSES[b as usize] == C_TOKEN => self.read_token(v, &mut st)?,
                _ => {
                    self.read_garbage(&mut st);
                    Flow::Continue
                }
            };
            if let Flow::EndGame = flow {
                break;
            }
        }

        // End of game.
        if st.phase == Phase::Tags && !st.dead {
            v.begin_movetext();
        }
        if st.depth > 0 {
            let depth = st.depth;
            self.fail(&mut st, SyntaxErrorKind::UnclosedVariation(depth));
        }
        self.flush_raw(self.pos);
        let end = GameEnd {
            number: start.number,
            offset: self.offset(),
            line: self.line,
            error: st.error.take(),
            raw_truncated: self.raw_truncated,
        };
        Ok(Some(v.end_game(&end)))
    }

    /// Handles a result token that has already been consumed.
    fn result<V: Visitor>(
        &mut self,
        v: &mut V,
        st: &mut GameState,
        token: &[u8],
    ) -> io::Result<Flow> {
        if st.depth > 0 {
            let depth = st.depth;
            self.fail(st, SyntaxErrorKind::UnclosedVariation(depth));
        }
        if !st.dead {
            v.result(token);
        }
        // Consume the rest of the line if it is only whitespace.
        loop {
            match self.peek()? {
                Some(b' ' | b'\t' | b'\r') => self.bump(),
                Some(b'\n') => {
                    self.newline(None);
                    break;
                }
                _ => break,
            }
        }
        Ok(Flow::EndGame)
    }

    /// Lexes a run of token bytes at `pos` (lookahead is ensured).
    #[inline(always)]
    fn read_token<V: Visitor>(&mut self, v: &mut V, st: &mut GameState) -> io::Result<Flow> {
        let start = self.pos;
        let limit = self.end.min(start + MAX_TOKEN_LEN + 1);
        let mut j = start;
        while j < limit && CLASSES[self.buf[j] as usize] == C_TOKEN {
            j += 1;
        }
        if j - start > MAX_TOKEN_LEN {
            let q = quote(&self.buf[start..j]);
            self.fail(st, SyntaxErrorKind::TokenTooLong(q));
            // Skip the rest of the run.
            self.pos = j;
            loop {
                while self.pos < self.end && CLASSES[self.buf[self.pos] as usize] == C_TOKEN {
                    self.pos += 1;
                }
                if self.pos < self.end || self.eof {
                    break;
                }
                self.refill()?;
                if self.pos >= self.end {
                    break;
                }
            }
            self.col0 = false;
            return Ok(Flow::Continue);
        }
        self.pos = j;
        self.col0 = false;
        let mut a = start;
        let b = j;
        // Index loops over the run: this is the reader's hottest path (two
        // tokens a ply), and slicing iterators cost more than the lexing.
        while a < b {
            let first = self.buf[a];
            if first.is_ascii_digit() {
                // Move number: digits followed by dots.
                let mut k = a;
                let mut n: u32 = 0;
                while k < b && self.buf[k].is_ascii_digit() {
                    n = n
                        .saturating_mul(10)
                        .saturating_add(u32::from(self.buf[k] - b'0'));
                    k += 1;
                }
                if k < b && self.buf[k] == b'.' {
                    let mut d = k + 1;
                    while d < b && self.buf[d] == b'.' {
                        d += 1;
                    }
                    if st.active() {
                        v.move_number(n, d - k >= 2);
                    }
                    a = d;
                    continue;
                }
                let tok = &self.buf[a..b];
                if tok == b"1-0" || tok == b"0-1" || tok == b"1/2-1/2" {
                    return self.result_slice(v, st, a, b);
                }
            } else if first == b'.' {
                // Stray dots ("1 ... e5"): ignore them.
                while a < b && self.buf[a] == b'.' {
                    a += 1;
                }
                continue;
            }
            let mut suffix_at = a;
            while suffix_at < b && !matches!(self.buf[suffix_at], b'!' | b'?') {
                suffix_at += 1;
            }
            let nag = if suffix_at < b {
                match suffix_nag(&self.buf[suffix_at..b]) {
                    Some(n) => Some(n),
                    None => {
                        let q = quote(&self.buf[a..b]);
                        self.fail(st, SyntaxErrorKind::InvalidSuffix(q));
                        return Ok(Flow::Continue);
                    }
                }
            } else {
                None
            };
            if st.active() && suffix_at > a && v.san(&self.buf[a..suffix_at]) == Control::Skip {
                st.movetext_skipped = true;
            }
            if let Some(n) = nag {
                if st.active() {
                    v.nag(n);
                }
            }
            break;
        }
        Ok(Flow::Continue)
    }

    fn result_slice<V: Visitor>(
        &mut self,
        v: &mut V,
        st: &mut GameState,
        a: usize,
        b: usize,
    ) -> io::Result<Flow> {
        // Copy the (at most 7 byte) token so the buffer may be refilled.
        let mut tmp = [0u8; 8];
        let len = b - a;
        tmp[..len].copy_from_slice(&self.buf[a..b]);
        self.result(v, st, &tmp[..len])
    }

    fn read_nag<V: Visitor>(&mut self, v: &mut V, st: &mut GameState) {
        let start = self.pos;
        let mut j = start + 1;
        let limit = self.end.min(start + 12);
        while j < limit && self.buf[j].is_ascii_digit() {
            j += 1;
        }
        self.pos = j;
        self.col0 = false;
        let digits = &self.buf[start + 1..j];
        let mut value: u32 = 0;
        for &d in digits {
            value = value.saturating_mul(10).saturating_add(u32::from(d - b'0'));
        }
        if digits.is_empty() || value > 255 {
            let q = quote(&self.buf[start..j]);
            self.fail(st, SyntaxErrorKind::InvalidNag(q));
            return;
        }
        if st.active() {
            v.nag(value as u8);
        }
    }

    fn read_garbage(&mut self, st: &mut GameState) {
        let start = self.pos;
        let mut j = start + 1;
        let limit = self.end.min(start + 64);
        while j < limit && CLASSES[self.buf[j] as usize] == C_OTHER && !is_delimiter(self.buf[j]) {
            j += 1;
        }
        let q = quote(&self.buf[start..j]);
        self.pos = j;
        self.col0 = false;
        self.fail(st, SyntaxErrorKind::UnexpectedBytes(q));
    }

    /// Reads a `{ ... }` comment starting at `pos`.
    fn read_brace_comment<V: Visitor>(&mut self, v: &mut V, st: &mut GameState) -> io::Result<()> {
        let mut keep = st.active();
        let first_line = self.line;
        // The start of the comment for an error message, kept without
        // allocating; copied only when the comment does not close on the
        // bytes at hand (before anything can move them), since nearly
        // every comment does.
        let mut head = [0u8; 64];
        let mut head_len = None;
        let opened = self.pos;
        let opened_at = self.offset();
        self.bump();
        // Offset from `pos` of the next byte to scan; `pos` stays at the start
        // of the comment text while `keep` is set.
        let mut rel = 0usize;
        loop {
            let hay = &self.buf[self.pos + rel..self.end];
            match memchr::memchr2(b'}', b'\n', hay) {
                Some(i) if hay[i] == b'}' => {
                    let close = self.pos + rel + i;
                    if keep {
                        v.comment(&self.buf[self.pos..close]);
                    }
                    self.pos = close + 1;
                    self.col0 = false;
                    return Ok(());
                }
                Some(i) => {
                    let mut head_len = *head_len
                        .get_or_insert_with(|| copy_head(&mut head, &self.buf[opened..self.end]));
                    let nl = self.pos + rel + i;
                    self.line += 1;
                    rel = nl + 1 - self.pos;
                    if keep && rel > self.opts.max_comment_len {
                        let max = self.opts.max_comment_len;
                        self.fail(st, SyntaxErrorKind::CommentTooLong(max));
                        keep = false;
                    }
                    if !keep {
                        self.pos += rel;
                        rel = 0;
                    }
                    if self.end - (self.pos + rel) < LOOKAHEAD && !self.eof {
                        self.ensure(rel + LOOKAHEAD)?;
                    }
                    if looks_like_tag_line(&self.buf[self.pos + rel..self.end]) {
                        // The quote ends with the game: the next game's tags
                        // are not part of the comment.
                        let tag_at = self.base + (self.pos + rel) as u64;
                        head_len = head_len.min((tag_at - opened_at) as usize);
                        self.pos += rel;
                        self.col0 = true;
                        self.line_blank = true;
                        fail_at(
                            st,
                            first_line,
                            SyntaxErrorKind::UnterminatedComment(quote(&head[..head_len])),
                        );
                        // Let the game loop see the tag and end the game.
                        st.saw_blank = true;
                        return Ok(());
                    }
                }
                None => {
                    let head_len = *head_len
                        .get_or_insert_with(|| copy_head(&mut head, &self.buf[opened..self.end]));
                    rel = self.end - self.pos;
                    if keep && rel > self.opts.max_comment_len {
                        let max = self.opts.max_comment_len;
                        self.fail(st, SyntaxErrorKind::CommentTooLong(max));
                        keep = false;
                    }
                    if !keep {
                        self.pos = self.end;
                        rel = 0;
                    }
                    if self.eof {
                        self.pos = self.end;
                        self.col0 = false;
                        fail_at(
                            st,
                            first_line,
                            SyntaxErrorKind::UnterminatedComment(quote(&head[..head_len])),
                        );
                        return Ok(());
                    }
                    self.refill()?;
                }
            }
        }
    }

    /// Reads a `;` comment up to (not including) the end of the line.
    fn read_line_comment<V: Visitor>(&mut self, v: &mut V, st: &mut GameState) -> io::Result<()> {
        let mut keep = st.active();
        self.bump();
        let mut rel = 0usize;
        loop {
            let hay = &self.buf[self.pos + rel..self.end];
            if let Some(i) = memchr::memchr(b'\n', hay) {
                let nl = self.pos + rel + i;
                if keep {
                    let mut text = &self.buf[self.pos..nl];
                    if let [rest @ .., b'\r'] = text {
                        text = rest;
                    }
                    v.comment(text);
                }
                self.pos = nl;
                return Ok(());
            }
            rel = self.end - self.pos;
            if keep && rel > self.opts.max_comment_len {
                let max = self.opts.max_comment_len;
                self.fail(st, SyntaxErrorKind::CommentTooLong(max));
                keep = false;
            }
            if !keep {
                self.pos = self.end;
                rel = 0;
            }
            if self.eof {
                if keep {
                    v.comment(&self.buf[self.pos..self.end]);
                }
                self.pos = self.end;
                return Ok(());
            }
            self.refill()?;
        }
    }

    /// Reads a tag pair starting at `[`.
    fn read_tag<V: Visitor>(&mut self, v: &mut V, st: &mut GameState) -> io::Result<()> {
        self.bump();
        self.scratch.clear();
        self.skip_blanks()?;
        while let Some(b) = self.peek()? {
            if !is_tag_name_byte(b) || self.scratch.len() >= MAX_TOKEN_LEN {
                break;
            }
            self.scratch.push(b);
            self.bump();
        }
        let name_len = self.scratch.len();
        self.skip_blanks()?;
        if name_len == 0 || self.peek()? != Some(b'"') {
            return self.malformed_tag(st);
        }
        self.bump();
        loop {
            let Some(b) = self.peek()? else {
                let q = quote(&self.scratch[..name_len]);
                self.fail(st, SyntaxErrorKind::UnterminatedTag(q));
                return Ok(());
            };
            match b {
                b'\n' => {
                    let q = quote(&self.scratch[..name_len]);
                    self.fail(st, SyntaxErrorKind::UnterminatedTag(q));
                    return Ok(());
                }
                b'"' if self.closes_tag_value() => {
                    self.bump();
                    break;
                }
                b'"' => {
                    // An unescaped quote inside the value, as python-chess
                    // writes `[White "O'Neil "Hammer""]`: kept as text.
                    self.scratch.push(b'"');
                    self.bump();
                }
                b'\\' => {
                    self.bump();
                    match self.peek()? {
                        Some(c @ (b'"' | b'\\')) => {
                            self.scratch.push(c);
                            self.bump();
                        }
                        _ => self.scratch.push(b'\\'),
                    }
                }
                _ => {
                    // Copy the run of ordinary bytes at once.
                    let hay = &self.buf[self.pos..self.end];
                    let run = memchr::memchr3(b'"', b'\\', b'\n', hay).unwrap_or(hay.len());
                    let used = (self.scratch.len() - name_len).min(self.opts.max_tag_len);
                    let room = self.opts.max_tag_len.saturating_add(1) - used;
                    let run = run.min(room).max(1);
                    self.scratch.extend_from_slice(&hay[..run]);
                    self.pos += run;
                    self.col0 = false;
                }
            }
            if self.scratch.len() - name_len > self.opts.max_tag_len {
                let name = quote(&self.scratch[..name_len]);
                let limit = self.opts.max_tag_len;
                self.fail(st, SyntaxErrorKind::TagTooLong { name, limit });
                return self.skip_to_eol();
            }
        }
        self.skip_blanks()?;
        if self.peek()? != Some(b']') {
            return self.malformed_tag(st);
        }
        self.bump();
        if std::str::from_utf8(&self.scratch[name_len..]).is_err() {
            let q = quote(&self.scratch[..name_len]);
            self.fail(st, SyntaxErrorKind::InvalidUtf8InTag(q));
            return Ok(());
        }
        if !st.dead {
            v.tag(&self.scratch[..name_len], &self.scratch[name_len..]);
        }
        Ok(())
    }

    /// Whether the quote at the current position ends the tag's value: it
    /// does when `]` follows (blanks aside) and after it the line ends or
    /// another tag begins. A quote followed by anything else is taken as part
    /// of the value. When the rest of the line is not in the buffer, the quote
    /// closes, as the standard says.
    fn closes_tag_value(&self) -> bool {
        let rest = &self.buf[self.pos + 1..self.end];
        let Some(eol) = memchr::memchr(b'\n', rest) else {
            return true;
        };
        let line = &rest[..eol];
        let mut i = 0;
        let blank = |b: u8| matches!(b, b' ' | b'\t' | b'\r');
        while i < line.len() && blank(line[i]) {
            i += 1;
        }
        if line.get(i) != Some(&b']') {
            return false;
        }
        i += 1;
        while i < line.len() && blank(line[i]) {
            i += 1;
        }
        i == line.len() || line[i] == b'['
    }

    fn malformed_tag(&mut self, st: &mut GameState) -> io::Result<()> {
        let mut text = b"[".to_vec();
        text.extend_from_slice(&self.scratch[..self.scratch.len().min(64)]);
        let rest_end =
            memchr::memchr(b'\n', &self.buf[self.pos..self.end]).map_or(self.end, |i| self.pos + i);
        text.extend_from_slice(&self.buf[self.pos..rest_end.min(self.pos + 64)]);
        let q = quote(&text);
        self.fail(st, SyntaxErrorKind::MalformedTag(q));
        self.skip_to_eol()
    }

    fn skip_blanks(&mut self) -> io::Result<()> {
        while let Some(b' ' | b'\t' | b'\r') = self.peek()? {
            self.bump();
        }
        Ok(())
    }
}

/// Records `kind` as the game's error unless one is already recorded, and
/// stops event delivery for the game.
/// Copies the start of `text` into `head`; returns how many bytes.
fn copy_head(head: &mut [u8; 64], text: &[u8]) -> usize {
    let n = text.len().min(head.len());
    head[..n].copy_from_slice(&text[..n]);
    n
}

fn fail_at(st: &mut GameState, line: u64, kind: SyntaxErrorKind) {
    if st.error.is_none() {
        st.error = Some(SyntaxError { line, kind });
    }
    st.dead = true;
}

#[inline]
fn is_delimiter(b: u8) -> bool {
    matches!(
        b,
        b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$' | b'*' | b'%' | b'"'
    )
}

/// Maps a move suffix to its NAG.
fn suffix_nag(s: &[u8]) -> Option<u8> {
    match s {
        b"!" => Some(1),
        b"?" => Some(2),
        b"!!" => Some(3),
        b"??" => Some(4),
        b"!?" => Some(5),
        b"?!" => Some(6),
        _ => None,
    }
}

/// Whether `s` starts with a line of the form `[Name "..."]`, used to end an
/// unterminated comment at the next game's tags.
fn looks_like_tag_line(s: &[u8]) -> bool {
    let line = match memchr::memchr(b'\n', s) {
        Some(i) => &s[..i],
        None => s,
    };
    let Some(rest) = line.strip_prefix(b"[") else {
        return false;
    };
    let name = rest.iter().take_while(|&&b| is_tag_name_byte(b)).count();
    if name == 0 || !rest[0].is_ascii_alphabetic() {
        return false;
    }
    let rest = &rest[name..];
    let rest = trim_start(rest);
    if !rest.starts_with(b"\"") {
        return false;
    }
    let rest = trim_end(rest);
    rest.len() >= 3 && rest.ends_with(b"\"]")
}

fn trim_start(s: &[u8]) -> &[u8] {
    let n = s.iter().take_while(|b| matches!(b, b' ' | b'\t')).count();
    &s[n..]
}

fn trim_end(s: &[u8]) -> &[u8] {
    let n = s
        .iter()
        .rev()
        .take_while(|b| matches!(b, b' ' | b'\t' | b'\r'))
        .count();
    &s[..s.len() - n]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records every event as a line of text.
    #[derive(Default)]
    struct Log {
        events: Vec<String>,
        skip_after: Option<usize>,
        skip_variations: bool,
        moves: usize,
    }

    impl Visitor for Log {
        type Output = (Vec<String>, GameEnd);
        fn begin_game(&mut self, info: &GameStart) -> Control {
            self.events.clear();
            self.moves = 0;
            self.events.push(format!(
                "game {} line {} @{}",
                info.number, info.line, info.offset
            ));
            Control::Continue
        }
        fn tag(&mut self, name: &[u8], value: &[u8]) {
            self.events.push(format!(
                "tag {}={}",
                String::from_utf8_lossy(name),
                String::from_utf8_lossy(value)
            ));
        }
        fn begin_movetext(&mut self) -> Control {
            self.events.push("movetext".into());
            Control::Continue
        }
        fn move_number(&mut self, number: u32, black: bool) {
            self.events
                .push(format!("num {number}{}", if black { "..." } else { "." }));
        }
        fn san(&mut self, token: &[u8]) -> Control {
            self.events
                .push(format!("san {}", String::from_utf8_lossy(token)));
            self.moves += 1;
            if Some(self.moves) == self.skip_after {
                Control::Skip
            } else {
                Control::Continue
            }
        }
        fn nag(&mut self, nag: u8) {
            self.events.push(format!("nag {nag}"));
        }
        fn comment(&mut self, text: &[u8]) {
            self.events
                .push(format!("comment {}", String::from_utf8_lossy(text)));
        }
        fn begin_variation(&mut self) -> Control {
            self.events.push("(".into());
            if self.skip_variations {
                Control::Skip
            } else {
                Control::Continue
            }
        }
        fn end_variation(&mut self) {
            self.events.push(")".into());
        }
        fn result(&mut self, token: &[u8]) {
            self.events
                .push(format!("result {}", String::from_utf8_lossy(token)));
        }
        fn end_game(&mut self, info: &GameEnd) -> Self::Output {
            (std::mem::take(&mut self.events), info.clone())
        }
    }

    fn read_all_with(input: &[u8], log: &mut Log) -> Vec<(Vec<String>, GameEnd)> {
        let mut reader = Reader::new(input);
        let mut out = Vec::new();
        while let Some(g) = reader.read_game(log).unwrap() {
            out.push(g);
            assert!(out.len() < 10_000, "runaway");
        }
        out
    }

    fn read_all(input: &[u8]) -> Vec<(Vec<String>, GameEnd)> {
        read_all_with(input, &mut Log::default())
    }

    fn sans(events: &[String]) -> Vec<&str> {
        events
            .iter()
            .filter_map(|e| e.strip_prefix("san "))
            .collect()
    }

    #[test]
    fn simple_game() {
        let games = read_all(b"[Event \"Test\"]\n[White \"A\"]\n\n1. e4 e5 2. Nf3 1-0\n");
        assert_eq!(games.len(), 1);
        let (ev, end) = &games[0];
        assert_eq!(
            ev,
            &[
                "game 1 line 1 @0",
                "tag Event=Test",
                "tag White=A",
                "movetext",
                "num 1.",
                "san e4",
                "san e5",
                "num 2.",
                "san Nf3",
                "result 1-0"
            ]
        );
        assert_eq!(end.error, None);
        assert_eq!(end.offset, 48);
    }

    #[test]
    fn escaped_tag_values() {
        let games = read_all(b"[Event \"a \\\"quoted\\\" back\\\\slash \\x\"]\n\n*\n");
        assert_eq!(games[0].0[1], "tag Event=a \"quoted\" back\\slash \\x");
        assert_eq!(games[0].1.error, None);
    }

    /// python-chess writes quotes inside a value unescaped; they are read
    /// as part of it. Two tags on one line still work.
    #[test]
    fn unescaped_quotes_inside_a_tag_value() {
        let games = read_all(b"[White \"O'Neil \"Hammer\"\"]\n[Black \"B\"] [Round \"1\"]\n\n*\n");
        assert_eq!(games[0].0[1], "tag White=O'Neil \"Hammer\"");
        assert_eq!(games[0].0[2], "tag Black=B");
        assert_eq!(games[0].0[3], "tag Round=1");
        assert_eq!(games[0].1.error, None);
    }

    #[test]
    fn comments_nags_suffixes() {
        let games = read_all(
            b"1. e4! {best\nby test} e5?? 2. Nf3!? $14 Nc6?! ; rest of line\r\n3. Bb5!! Nf6? *",
        );
        let ev = &games[0].0;
        let want = [
            "san e4",
            "nag 1",
            "comment best\nby test",
            "san e5",
            "nag 4",
            "san Nf3",
            "nag 5",
            "nag 14",
            "san Nc6",
            "nag 6",
            "comment  rest of line",
            "san Bb5",
            "nag 3",
            "san Nf6",
            "nag 2",
            "result *",
        ];
        let got: Vec<&str> = ev
            .iter()
            .map(String::as_str)
            .filter(|e| !e.starts_with("num") && !e.starts_with("game") && *e != "movetext")
            .collect();
        assert_eq!(got, want);
        assert_eq!(games[0].1.error, None);
    }

    #[test]
    fn nested_variations_and_skipping() {
        let pgn = b"1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) e5 *";
        let games = read_all(pgn);
        assert_eq!(
            sans(&games[0].0),
            ["e4", "d4", "d5", "Nf6", "c4", "c4", "c4", "e5"]
        );
        assert_eq!(games[0].0.iter().filter(|e| *e == "(").count(), 3);
        assert_eq!(games[0].0.iter().filter(|e| *e == ")").count(), 3);
        let mut log = Log {
            skip_variations: true,
            ..Log::default()
        };
        let games = read_all_with(pgn, &mut log);
        assert_eq!(sans(&games[0].0), ["e4", "e5"]);
        assert_eq!(games[0].1.error, None);
    }

    #[test]
    fn skip_rest_of_movetext() {
        let mut log = Log {
            skip_after: Some(2),
            ..Log::default()
        };
        let games = read_all_with(b"1. e4 e5 2. Nf3 {x} Nc6 1-0\n\n1. d4 *", &mut log);
        assert_eq!(sans(&games[0].0), ["e4", "e5"]);
        assert!(games[0].0.contains(&"result 1-0".to_string()));
        assert_eq!(games.len(), 2);
    }

    #[test]
    fn token_forms_pass_through() {
        let pgn = b"1. O-O 0-0 2. O-O-O 0-0-0 3. -- Z0 4. e2e4 e7e8q 5. Ng1-f3 N@f3 \
                    6. P@e4 a10 7. Bb2+ Qxf7# 8. e8=Q+ 12... Kh1 1.e4 1...e5 *";
        let games = read_all(pgn);
        assert_eq!(
            sans(&games[0].0),
            [
                "O-O", "0-0", "O-O-O", "0-0-0", "--", "Z0", "e2e4", "e7e8q", "Ng1-f3", "N@f3",
                "P@e4", "a10", "Bb2+", "Qxf7#", "e8=Q+", "Kh1", "e4", "e5"
            ]
        );
        assert!(games[0].0.contains(&"num 12...".to_string()));
        assert_eq!(games[0].1.error, None);
    }

    #[test]
    fn results_split_games() {
        let games = read_all(b"1. e4 1-0 1. d4 0-1\n1. c4 1/2-1/2 1. Nf3 *");
        let results: Vec<_> = games
            .iter()
            .map(|g| g.0.last().cloned().unwrap_or_default())
            .collect();
        assert_eq!(
            results,
            ["result 1-0", "result 0-1", "result 1/2-1/2", "result *"]
        );
    }

    #[test]
    fn bom_crlf_escape_lines() {
        let pgn = b"\xEF\xBB\xBF% header comment\r\n[Event \"E\"]\r\n%escaped\r\n\r\n1. e4 {a\r\nb} e5 1-0\r\n\r\n[Event \"F\"]\r\n\r\n*\r\n";
        let games = read_all(pgn);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].0[0], "game 1 line 2 @21");
        assert_eq!(games[0].0[1], "tag Event=E");
        assert!(games[0].0.contains(&"comment a\r\nb".to_string()));
        assert_eq!(games[1].0[0], "game 2 line 8 @69");
        assert!(games.iter().all(|g| g.1.error.is_none()));
    }

    #[test]
    fn game_without_tags_and_tags_without_movetext() {
        let games =
            read_all(b"[Event \"A\"]\n\n[Event \"B\"]\n[Site \"S\"]\n\n1. e4 *\n\n1. d4 *\n");
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].0, ["game 1 line 1 @0", "tag Event=A", "movetext"]);
        assert_eq!(sans(&games[1].0), ["e4"]);
        assert_eq!(games[2].0[0], "game 3 line 8 @46");
        assert_eq!(games[2].0[1], "movetext");
        assert!(games.iter().all(|g| g.1.error.is_none()));
    }

    #[test]
    fn missing_result_with_blank_line_is_not_an_error() {
        let games = read_all(b"1. e4 e5\n\n[Event \"B\"]\n\n1. d4 *");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].1.error, None);
        assert_eq!(games[1].0[1], "tag Event=B");
    }

    fn assert_error(pgn: &[u8], check: impl Fn(&SyntaxErrorKind) -> bool, line: u64) {
        let games = read_all(pgn);
        assert!(games.len() >= 2, "{games:?}");
        let err = games[0].1.error.clone().expect("an error");
        assert!(check(&err.kind), "{err:?}");
        assert_eq!(err.line, line, "{err:?}");
        // The next game is read cleanly.
        let (ev, end) = games.last().unwrap();
        assert_eq!(end.error, None, "{ev:?}");
        assert!(ev.contains(&"tag Event=Next".to_string()), "{ev:?}");
        assert_eq!(sans(ev), ["d4", "d5"]);
    }

    const NEXT: &[u8] = b"\n\n[Event \"Next\"]\n\n1. d4 d5 *\n";

    fn with_next(bad: &[u8]) -> Vec<u8> {
        let mut v = bad.to_vec();
        v.extend_from_slice(NEXT);
        v
    }

    #[test]
    fn error_unterminated_comment() {
        assert_error(
            &with_next(b"[Event \"Bad\"]\n\n1. e4 {never closed\nmore text e5"),
            |k| matches!(k, SyntaxErrorKind::UnterminatedComment(q) if q.starts_with("{never")),
            3,
        );
        // At end of input.
        let games = read_all(b"1. e4 {open");
        assert!(matches!(
            games[0].1.error.as_ref().unwrap().kind,
            SyntaxErrorKind::UnterminatedComment(_)
        ));
    }

    #[test]
    fn error_unterminated_tag() {
        assert_error(
            &with_next(b"[Event \"Bad\"]\n[White \"never closed\n\n1. e4 e5 1-0"),
            |k| matches!(k, SyntaxErrorKind::UnterminatedTag(q) if q == "White"),
            2,
        );
    }

    #[test]
    fn error_malformed_tag() {
        assert_error(
            &with_next(b"[Event \"Bad\"]\n[White unquoted]\n\n1. e4 e5 1-0"),
            |k| matches!(k, SyntaxErrorKind::MalformedTag(q) if q.contains("unquoted")),
            2,
        );
    }

    #[test]
    fn error_unbalanced_paren() {
        assert_error(
            &with_next(b"[Event \"Bad\"]\n\n1. e4 e5) 2. Nf3 1-0"),
            |k| matches!(k, SyntaxErrorKind::UnbalancedParen),
            3,
        );
    }

    #[test]
    fn error_unclosed_variation() {
        assert_error(
            &with_next(b"[Event \"Bad\"]\n\n1. e4 (1. d4 d5 1-0"),
            |k| matches!(k, SyntaxErrorKind::UnclosedVariation(1)),
            3,
        );
    }

    #[test]
    fn error_tag_in_movetext() {
        let games = read_all(b"[Event \"Bad\"]\n\n1. e4 e5\n[Event \"Next\"]\n\n1. d4 d5 *\n");
        assert_eq!(games.len(), 2);
        assert!(matches!(
            &games[0].1.error.as_ref().unwrap().kind,
            SyntaxErrorKind::TagInMovetext(q) if q.starts_with("[Event")
        ));
        assert_eq!(games[0].1.error.as_ref().unwrap().line, 4);
        assert_eq!(games[1].1.error, None);
        assert_eq!(sans(&games[1].0), ["d4", "d5"]);
    }

    #[test]
    fn error_garbage_bytes() {
        assert_error(
            &with_next(b"[Event \"Bad\"]\n\n1. e4 \x01\x02 e5 1-0"),
            |k| matches!(k, SyntaxErrorKind::UnexpectedBytes(q) if q == "\u{1}\u{2}"),
            3,
        );
        assert_error(
            &with_next("[Event \"Bad\"]\n\n1. e4 e5 ½-½".as_bytes()),
            |k| matches!(k, SyntaxErrorKind::UnexpectedBytes(q) if q == "½"),
            3,
        );
    }

    #[test]
    fn error_token_too_long() {
        let mut bad = b"[Event \"Bad\"]\n\n1. e4 ".to_vec();
        bad.extend(std::iter::repeat_n(b'a', 5000));
        bad.extend_from_slice(b" e5 1-0");
        assert_error(
            &with_next(&bad),
            |k| matches!(k, SyntaxErrorKind::TokenTooLong(q) if q.ends_with('…')),
            3,
        );
        // 255 bytes is still fine.
        let mut ok = b"1. ".to_vec();
        ok.extend(std::iter::repeat_n(b'a', 255));
        ok.extend_from_slice(b" *");
        let games = read_all(&ok);
        assert_eq!(games[0].1.error, None);
        assert_eq!(sans(&games[0].0)[0].len(), 255);
    }

    #[test]
    fn error_invalid_utf8_in_tag() {
        assert_error(
            &with_next(b"[Event \"Bad\"]\n[White \"M\xFCller\"]\n\n1. e4 1-0"),
            |k| matches!(k, SyntaxErrorKind::InvalidUtf8InTag(q) if q == "White"),
            2,
        );
    }

    #[test]
    fn error_invalid_nag_and_suffix() {
        assert_error(
            &with_next(b"[Event \"Bad\"]\n\n1. e4 $256 1-0"),
            |k| matches!(k, SyntaxErrorKind::InvalidNag(q) if q == "$256"),
            3,
        );
        assert_error(
            &with_next(b"[Event \"Bad\"]\n\n1. e4 $ 1-0"),
            |k| matches!(k, SyntaxErrorKind::InvalidNag(q) if q == "$"),
            3,
        );
        assert_error(
            &with_next(b"[Event \"Bad\"]\n\n1. e4!!! 1-0"),
            |k| matches!(k, SyntaxErrorKind::InvalidSuffix(q) if q == "e4!!!"),
            3,
        );
    }

    #[test]
    fn limits_are_enforced() {
        let opts = ReaderOptions {
            max_comment_len: 100,
            max_tag_len: 10,
            max_variation_depth: 3,
            max_raw_len: 20,
        };
        let mut pgn = b"[Event \"0123456789abc\"]\n\n1. e4 *\n\n1. e4 {".to_vec();
        pgn.extend(std::iter::repeat_n(b'x', 100_000));
        pgn.extend_from_slice(b"} e5 *\n\n1. e4 ((((e5)))) *\n\n1. e4 e5 2. Nf3 Nc6 *\n");
        let mut reader = Reader::with_options(&pgn[..], opts);
        let mut log = Log::default();
        let mut raw = Vec::new();
        let mut kinds = Vec::new();
        while let Some((_, end)) = reader.read_game_with_raw(&mut log, &mut raw).unwrap() {
            assert!(raw.len() <= 20);
            kinds.push((end.error.map(|e| e.kind), end.raw_truncated));
        }
        assert_eq!(kinds.len(), 4);
        assert!(matches!(
            kinds[0].0,
            Some(SyntaxErrorKind::TagTooLong { limit: 10, .. })
        ));
        assert_eq!(kinds[1].0, Some(SyntaxErrorKind::CommentTooLong(100)));
        assert_eq!(kinds[2].0, Some(SyntaxErrorKind::VariationTooDeep(3)));
        assert_eq!(kinds[3], (None, true));
        assert!(reader.buf.len() <= reader.max_buf);
    }

    #[test]
    fn raw_bytes_are_verbatim() {
        let g1 = b"[Event \"A\"]\r\n\r\n1. e4 {c}\r\n% esc\r\ne5 1-0\r\n";
        let g2 = b"1. d4 $1 (1. c4) *";
        let mut pgn = b"\n\n".to_vec();
        pgn.extend_from_slice(g1);
        pgn.extend_from_slice(b"\r\n\r\n");
        pgn.extend_from_slice(g2);
        let mut reader = Reader::new(&pgn[..]);
        let mut raw = Vec::new();
        let mut log = Log::default();
        reader
            .read_game_with_raw(&mut log, &mut raw)
            .unwrap()
            .unwrap();
        assert_eq!(raw, g1);
        let (_, end) = reader
            .read_game_with_raw(&mut log, &mut raw)
            .unwrap()
            .unwrap();
        assert_eq!(raw, g2);
        assert_eq!(end.offset as usize, pgn.len());
        assert!(reader
            .read_game_with_raw(&mut log, &mut raw)
            .unwrap()
            .is_none());
    }

    #[test]
    fn empty_and_whitespace_inputs() {
        assert!(read_all(b"").is_empty());
        assert!(read_all(b"\n\n  \r\n% only escape\n").is_empty());
        assert!(read_all(b"\xEF\xBB\xBF").is_empty());
    }

    #[test]
    fn tiny_reads_give_same_events() {
        /// A reader that returns one byte per call.
        struct OneByte<'a>(&'a [u8]);
        impl io::Read for OneByte<'_> {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                if self.0.is_empty() || out.is_empty() {
                    return Ok(0);
                }
                out[0] = self.0[0];
                self.0 = &self.0[1..];
                Ok(1)
            }
        }
        impl io::BufRead for OneByte<'_> {
            fn fill_buf(&mut self) -> io::Result<&[u8]> {
                Ok(&self.0[..self.0.len().min(1)])
            }
            fn consume(&mut self, n: usize) {
                self.0 = &self.0[n..];
            }
        }
        let pgn: &[u8] = b"\xEF\xBB\xBF[Event \"a\\\"b\"]\n\n1. e4 {multi\nline} e5!? (1... c5 $3) ; x\n2. Nf3 1-0\n\n{open\n[Event \"n\"]\n\n*";
        let expected = read_all(pgn);
        let mut reader = Reader::new(OneByte(pgn));
        let mut log = Log::default();
        let mut got = Vec::new();
        while let Some(g) = reader.read_game(&mut log).unwrap() {
            got.push(g);
        }
        assert_eq!(got, expected);
        assert_eq!(got.len(), 3);
    }

    #[test]
    fn looks_like_tag_line_heuristic() {
        assert!(looks_like_tag_line(b"[Event \"x\"]\r\nmore"));
        assert!(!looks_like_tag_line(b"[%clk 0:01:00]"));
        assert!(!looks_like_tag_line(b"[Event x]"));
        assert!(!looks_like_tag_line(b"see [Event \"x\"]"));
    }
}
