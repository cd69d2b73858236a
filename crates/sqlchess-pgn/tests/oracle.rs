//! Differential tests against python-chess: every game of the checked-in PGN
//! files (tests/data/) read with [`GameReader`] and compared with what
//! python-chess read from the same file (the `*.oracle.jsonl` files that
//! `scripts/pgn_oracle.py all` writes; the format is in the script's
//! documentation): the same rejection decision, the same main line in SAN,
//! the same start and final FEN, the same tags, comments (with clock, eval
//! and emt commands removed), NAGs, clocks and evaluations.
//!
//! The files:
//! - `corpus.pgn`: `gen_corpus 80 86` (Lichess-style games with clocks and
//!   evals, Chess960, crazyhouse, capablanca, shogi, seirawan, broken games);
//! - `pychess.pgn`: 120 random games written by python-chess itself (comments,
//!   NAGs, nested variations, null moves, Chess960, From-position, and the
//!   variants python-chess plays), then hand-made edge cases;
//! - pgn-extract's `eco.pgn` (`/usr/share/pgn-extract/eco.pgn`, from the
//!   Debian package `pgn-extract`), compared on moves and final FEN.
//!
//! Games the oracle marks `excluded` (variants python-chess lacks, and
//! python-chess quirks, each with its reason) are not compared.

use std::collections::BTreeMap;
use std::path::PathBuf;

use sqlchess_pgn::{
    open_pgn, parse_comment, Annotation, GameReader, GameValue, ParsedGame, Reader,
};

/// A minimal JSON reader: enough for the oracle files.
mod json {
    #[derive(Debug, Clone, PartialEq)]
    pub enum Json {
        Null,
        Bool(bool),
        Num(f64),
        Str(String),
        Arr(Vec<Json>),
        Obj(Vec<(String, Json)>),
    }

    impl Json {
        pub fn get(&self, key: &str) -> Option<&Json> {
            match self {
                Json::Obj(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
                _ => None,
            }
        }
        pub fn str(&self) -> Option<&str> {
            match self {
                Json::Str(s) => Some(s),
                _ => None,
            }
        }
        pub fn num(&self) -> Option<f64> {
            match self {
                Json::Num(n) => Some(*n),
                _ => None,
            }
        }
        pub fn arr(&self) -> &[Json] {
            match self {
                Json::Arr(a) => a,
                _ => &[],
            }
        }
    }

    pub fn parse(text: &str) -> Json {
        let mut p = Parser {
            s: text.as_bytes(),
            at: 0,
        };
        let v = p.value();
        p.ws();
        assert_eq!(p.at, p.s.len(), "trailing text in JSON: {text}");
        v
    }

    struct Parser<'a> {
        s: &'a [u8],
        at: usize,
    }

    impl Parser<'_> {
        fn ws(&mut self) {
            while self.at < self.s.len() && self.s[self.at].is_ascii_whitespace() {
                self.at += 1;
            }
        }
        fn eat(&mut self, b: u8) {
            self.ws();
            assert_eq!(
                self.s[self.at], b,
                "JSON: expected {:?} at {}",
                b as char, self.at
            );
            self.at += 1;
        }
        fn value(&mut self) -> Json {
            self.ws();
            match self.s[self.at] {
                b'{' => {
                    self.at += 1;
                    let mut fields = Vec::new();
                    self.ws();
                    if self.s[self.at] == b'}' {
                        self.at += 1;
                        return Json::Obj(fields);
                    }
                    loop {
                        self.ws();
                        let Json::Str(k) = self.value() else {
                            panic!("JSON: key")
                        };
                        self.eat(b':');
                        let v = self.value();
                        fields.push((k, v));
                        self.ws();
                        self.at += 1;
                        if self.s[self.at - 1] == b'}' {
                            return Json::Obj(fields);
                        }
                    }
                }
                b'[' => {
                    self.at += 1;
                    let mut items = Vec::new();
                    self.ws();
                    if self.s[self.at] == b']' {
                        self.at += 1;
                        return Json::Arr(items);
                    }
                    loop {
                        items.push(self.value());
                        self.ws();
                        self.at += 1;
                        if self.s[self.at - 1] == b']' {
                            return Json::Arr(items);
                        }
                    }
                }
                b'"' => {
                    self.at += 1;
                    let mut out = String::new();
                    loop {
                        let start = self.at;
                        while self.s[self.at] != b'"' && self.s[self.at] != b'\\' {
                            self.at += 1;
                        }
                        out.push_str(std::str::from_utf8(&self.s[start..self.at]).unwrap());
                        let b = self.s[self.at];
                        self.at += 1;
                        if b == b'"' {
                            return Json::Str(out);
                        }
                        let e = self.s[self.at];
                        self.at += 1;
                        match e {
                            b'n' => out.push('\n'),
                            b'r' => out.push('\r'),
                            b't' => out.push('\t'),
                            b'b' => out.push('\u{8}'),
                            b'f' => out.push('\u{c}'),
                            b'u' => {
                                let hex = |p: &mut Self| {
                                    let h = std::str::from_utf8(&p.s[p.at..p.at + 4]).unwrap();
                                    p.at += 4;
                                    u32::from_str_radix(h, 16).unwrap()
                                };
                                let mut c = hex(self);
                                if (0xD800..0xDC00).contains(&c) {
                                    self.at += 2; // \u
                                    let lo = hex(self);
                                    c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
                                }
                                out.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
                            }
                            c => out.push(c as char),
                        }
                    }
                }
                b'n' => {
                    self.at += 4;
                    Json::Null
                }
                b't' => {
                    self.at += 4;
                    Json::Bool(true)
                }
                b'f' => {
                    self.at += 5;
                    Json::Bool(false)
                }
                _ => {
                    let start = self.at;
                    while self.at < self.s.len()
                        && matches!(
                            self.s[self.at],
                            b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'
                        )
                    {
                        self.at += 1;
                    }
                    let t = std::str::from_utf8(&self.s[start..self.at]).unwrap();
                    Json::Num(t.parse().unwrap_or_else(|_| panic!("JSON number {t:?}")))
                }
            }
        }
    }
}

use json::Json;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join(name)
}

fn read_games(path: &std::path::Path) -> Vec<ParsedGame> {
    let input = open_pgn(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = Reader::new(input);
    let mut visitor = GameReader::new();
    let mut out = Vec::new();
    while let Some(g) = reader.read_game(&mut visitor).expect("read") {
        out.push(g);
    }
    out
}

fn read_oracle(name: &str) -> Vec<Json> {
    let path = data(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(json::parse)
        .collect()
}

/// A FEN with the crazyhouse pocket (`[...]`) sorted: python-chess writes
/// it in the order K Q R B N P, sqlchess in another; the pieces are what
/// counts. Its move clock is left out too: python-chess resets it on pawn
/// drops only, sqlchess on every drop as Fairy-Stockfish does, whose
/// crazyhouse has the fifty-move rule that clock serves (python-chess's
/// has none, so there it decides nothing).
fn pocket_sorted(fen: &str) -> String {
    match (fen.find('['), fen.find(']')) {
        (Some(a), Some(b)) if a < b => {
            let mut pocket: Vec<char> = fen[a + 1..b].chars().collect();
            pocket.sort_unstable();
            let mut rest: Vec<&str> = fen[b + 1..].split(' ').collect();
            if rest.len() == 6 {
                // "", side, castling, en passant, clock, move number.
                rest.remove(4);
            }
            format!(
                "{}[{}]{}",
                &fen[..a],
                pocket.into_iter().collect::<String>(),
                rest.join(" ")
            )
        }
        _ => fen.to_owned(),
    }
}

fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What was compared, and every difference.
#[derive(Default, Debug)]
struct Tally {
    games: usize,
    compared: usize,
    rejected: usize,
    excluded: usize,
    differences: Vec<String>,
}

/// Compares one game with its oracle entry; `brief`: moves and final FEN
/// only.
fn compare(file: &str, want: &Json, got: &ParsedGame, brief: bool, tally: &mut Tally) {
    tally.games += 1;
    let n = got.number;
    let status = want.get("status").and_then(Json::str).unwrap_or("?");
    let event = got.tag("Event").unwrap_or("").to_owned();
    let mut diff = |what: String| {
        tally.differences.push(format!(
            "{file} game {n} ({event}, line {}): {what}",
            got.line
        ))
    };
    match status {
        "excluded" => {
            tally.excluded += 1;
            return;
        }
        "rejected" => {
            tally.rejected += 1;
            if got.error.is_none() {
                diff(format!(
                    "python-chess rejects it ({:?}), sqlchess reads it",
                    want.get("errors")
                ));
            }
            return;
        }
        "ok" => {}
        other => panic!("{file} game {n}: status {other:?}"),
    }
    tally.compared += 1;
    if let Some(e) = &got.error {
        diff(format!("python-chess reads it, sqlchess rejects it: {e}"));
        return;
    }
    let value = match got.value().and_then(|v| GameValue::decode(&v)) {
        Ok(v) => v,
        Err(e) => {
            diff(format!("no game value: {e}"));
            return;
        }
    };
    let sans = value.sans().join(" ");
    // python-chess writes a pawn drop without its letter (`@b4`), sqlchess
    // as Lichess and Fairy-Stockfish do (`P@b4`).
    let want_sans = want
        .get("sans")
        .and_then(Json::str)
        .unwrap_or("")
        .split(' ')
        .map(|s| {
            if s.starts_with('@') {
                format!("P{s}")
            } else {
                s.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    let want_sans = want_sans.as_str();
    if sans != want_sans {
        let a: Vec<&str> = sans.split(' ').collect();
        let b: Vec<&str> = want_sans.split(' ').collect();
        let at = a
            .iter()
            .zip(&b)
            .position(|(x, y)| x != y)
            .unwrap_or(a.len().min(b.len()));
        diff(format!(
            "SAN differs from ply {}: sqlchess {:?}, python-chess {:?}",
            at + 1,
            &a[at..a.len().min(at + 3)],
            &b[at..b.len().min(at + 3)]
        ));
    }
    let fen = value
        .position_at(value.ply_count())
        .map(|p| p.fen())
        .unwrap_or_default();
    let want_fen = want.get("fen").and_then(Json::str).unwrap_or("");
    if pocket_sorted(&fen) != pocket_sorted(want_fen) {
        diff(format!(
            "final FEN: sqlchess {fen:?}, python-chess {want_fen:?}"
        ));
    }
    if brief {
        return;
    }
    if let Some(start) = want.get("start").and_then(Json::str) {
        let got_start = value.start.fen();
        if got_start != start {
            diff(format!(
                "start FEN: sqlchess {got_start:?}, python-chess {start:?}"
            ));
        }
    }
    // Tags, as they stand in the file.
    let want_tags: Vec<(String, String)> = want
        .get("tags")
        .map(Json::arr)
        .unwrap_or(&[])
        .iter()
        .map(|p| {
            let p = p.arr();
            (
                p[0].str().unwrap_or("").to_owned(),
                p[1].str().unwrap_or("").to_owned(),
            )
        })
        .collect();
    if got.tags != want_tags {
        diff(format!(
            "tags: sqlchess {:?}, python-chess {want_tags:?}",
            got.tags
        ));
    }
    // Annotations by ply.
    let mut comments: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    let mut nags: BTreeMap<usize, Vec<u8>> = BTreeMap::new();
    let mut clocks: BTreeMap<usize, u32> = BTreeMap::new();
    let mut evals: BTreeMap<usize, String> = BTreeMap::new();
    for (ply, a) in &value.annotations {
        match a {
            Annotation::Comment(c) => comments.entry(*ply).or_default().push(c),
            Annotation::Nags(v) => nags.entry(*ply).or_default().extend(v),
            Annotation::Clock(c) => {
                clocks.insert(*ply, *c);
            }
            Annotation::Centipawns(cp) => {
                evals.insert(*ply, cp.to_string());
            }
            Annotation::Mate(m) => {
                evals.insert(*ply, format!("#{m}"));
            }
        }
    }
    let got_comments: BTreeMap<usize, String> = comments
        .into_iter()
        .map(|(p, c)| (p, squash(&c.join(" "))))
        .filter(|(_, c)| !c.is_empty())
        .collect();
    let want_comments: BTreeMap<usize, String> = want
        .get("comments")
        .map(Json::arr)
        .unwrap_or(&[])
        .iter()
        .map(|p| {
            let p = p.arr();
            (
                p[0].num().unwrap_or(-1.0) as usize,
                squash(p[1].str().unwrap_or("")),
            )
        })
        .filter(|(_, c)| !c.is_empty())
        .collect();
    if got_comments != want_comments {
        diff(format!(
            "comments: sqlchess {got_comments:?}, python-chess {want_comments:?}"
        ));
    }
    for v in nags.values_mut() {
        v.sort_unstable();
        v.dedup();
    }
    nags.retain(|_, v| !v.is_empty());
    let want_nags: BTreeMap<usize, Vec<u8>> = want
        .get("nags")
        .map(Json::arr)
        .unwrap_or(&[])
        .iter()
        .map(|p| {
            let p = p.arr();
            (
                p[0].num().unwrap_or(-1.0) as usize,
                p[1].arr()
                    .iter()
                    .map(|x| x.num().unwrap_or(-1.0) as u8)
                    .collect(),
            )
        })
        .collect();
    if nags != want_nags {
        diff(format!(
            "NAGs: sqlchess {nags:?}, python-chess {want_nags:?}"
        ));
    }
    let want_clocks: BTreeMap<usize, u32> = want
        .get("clocks")
        .map(Json::arr)
        .unwrap_or(&[])
        .iter()
        .enumerate()
        .filter_map(|(ply, c)| c.num().map(|c| (ply, c as u32)))
        .collect();
    if clocks != want_clocks {
        diff(format!(
            "clocks: sqlchess {clocks:?}, python-chess {want_clocks:?}"
        ));
    }
    let want_evals: BTreeMap<usize, String> = want
        .get("evals")
        .map(Json::arr)
        .unwrap_or(&[])
        .iter()
        .map(|p| {
            let p = p.arr();
            let v = match &p[1] {
                Json::Str(s) => s.clone(),
                Json::Num(n) => format!("{}", *n as i64),
                other => format!("{other:?}"),
            };
            (p[0].num().unwrap_or(-1.0) as usize, v)
        })
        .collect();
    if evals != want_evals {
        diff(format!(
            "evals: sqlchess {evals:?}, python-chess {want_evals:?}"
        ));
    }
}

fn check_file(pgn: &std::path::Path, oracle: &str, brief: bool) -> Tally {
    let games = read_games(pgn);
    let want = read_oracle(oracle);
    let file = pgn.file_name().unwrap().to_string_lossy().into_owned();
    let mut tally = Tally::default();
    if games.len() != want.len() {
        tally.differences.push(format!(
            "{file}: sqlchess reads {} games, python-chess {}",
            games.len(),
            want.len()
        ));
    }
    for (got, want) in games.iter().zip(&want) {
        compare(&file, want, got, brief, &mut tally);
    }
    eprintln!(
        "{file}: {} games, {} compared in full, {} rejected by both, {} excluded",
        tally.games,
        tally.compared,
        tally.rejected
            - tally
                .differences
                .iter()
                .filter(|d| d.contains("sqlchess reads it"))
                .count(),
        tally.excluded
    );
    tally
}

fn assert_same(tally: &Tally) {
    assert!(
        tally.differences.is_empty(),
        "{} differences from python-chess:\n{}",
        tally.differences.len(),
        tally.differences.join("\n")
    );
}

#[test]
fn generated_corpus_reads_as_python_chess_reads_it() {
    let t = check_file(&data("corpus.pgn"), "corpus.oracle.jsonl", false);
    assert_same(&t);
    assert!(t.compared >= 70 && t.rejected >= 2, "{t:?}");
}

#[test]
fn games_written_by_python_chess_read_as_python_chess_reads_them() {
    let t = check_file(&data("pychess.pgn"), "pychess.oracle.jsonl", false);
    assert_same(&t);
    assert!(t.compared >= 110 && t.rejected >= 5, "{t:?}");
}

/// pgn-extract's ECO file: installed by the Debian package, never checked
/// in. Missing is a failure, not a skip: CI installs it (`.ci/run`).
#[test]
fn pgn_extract_eco_file_reads_as_python_chess_reads_it() {
    let eco = PathBuf::from("/usr/share/pgn-extract/eco.pgn");
    assert!(
        eco.exists(),
        "{} is missing: install it with `apt-get install pgn-extract` (Debian package pgn-extract)",
        eco.display()
    );
    let t = check_file(&eco, "eco.oracle.jsonl", true);
    assert_same(&t);
    assert!(t.compared >= 2000, "{t:?}");
}

/// The oracle strips comment commands with python-chess's regular
/// expressions; sqlchess's own parser must agree on what is left for the
/// comments python-chess wrote.
#[test]
fn comment_commands_are_removed_as_python_chess_removes_them() {
    let a = parse_comment("good move [%eval 0.17] [%clk 0:03:12.5] [%emt 0:00:05]");
    assert_eq!(a.text, "good move");
}

/// python-chess writes a pawn drop without its letter; sqlchess reads it.
#[test]
fn a_pawn_drop_may_omit_its_letter() {
    let pgn = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. @d4 *\n";
    let mut reader = Reader::new(pgn.as_bytes());
    let g = reader.read_game(&mut GameReader::new()).unwrap().unwrap();
    assert!(g.error.is_none(), "{:?}", g.error);
    let value = GameValue::decode(&g.value().unwrap()).unwrap();
    assert_eq!(value.sans().last().map(String::as_str), Some("P@d4"));
}

/// The game value the reader builds from the indices it finds while
/// reading (one pass of the move generator per move, no list) is byte for
/// byte the one a replay builds from the full legal-move lists
/// (`GameValue::encode`), for every good game of every file here: the
/// stored format does not depend on how the reader finds the indices.
#[test]
fn indices_found_while_reading_give_the_replayed_bytes() {
    let mut files = vec![data("corpus.pgn"), data("pychess.pgn")];
    let eco = PathBuf::from("/usr/share/pgn-extract/eco.pgn");
    if eco.exists() {
        files.push(eco);
    }
    let mut checked = 0;
    for file in files {
        for g in read_games(&file) {
            let (Some(start), None) = (&g.start, &g.error) else {
                continue;
            };
            let replayed = GameValue::encode(start, &g.moves, &g.annotations, &g.result)
                .unwrap_or_else(|e| panic!("{} game {}: {e}", file.display(), g.number));
            assert_eq!(g.indices.len(), g.moves.len(), "game {}", g.number);
            assert_eq!(
                g.value().unwrap(),
                replayed,
                "{} game {}",
                file.display(),
                g.number
            );
            checked += 1;
        }
    }
    assert!(checked >= 2000, "{checked}");
}
