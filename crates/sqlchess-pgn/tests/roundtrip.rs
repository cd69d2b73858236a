//! Round trips between the writer and the reader.

use proptest::prelude::*;
use sqlchess_pgn::writer::{is_writable_san, SEVEN_TAG_ROSTER};
use sqlchess_pgn::{MovetextBuilder, Node, PgnGame, Reader, Variation};

fn read_games(text: &[u8]) -> Vec<PgnGame> {
    let mut reader = Reader::new(text);
    let mut builder = MovetextBuilder::new();
    let mut out = Vec::new();
    while let Some(game) = reader.read_game(&mut builder).expect("in-memory read") {
        out.push(game.expect("game reads back without error"));
    }
    out
}

fn san() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-hNBRQK][a-h1-8x]{0,3}[1-8][+#]?",
        1 => Just("O-O".to_string()),
        1 => Just("0-0-0".to_string()),
        1 => Just("--".to_string()),
        1 => Just("Z0".to_string()),
        1 => Just("e7e8q".to_string()),
        1 => Just("N@f3".to_string()),
        1 => Just("a10".to_string()),
        1 => Just("Bb2+".to_string()),
        1 => Just("e8=Q+".to_string()),
        1 => "[a-zA-Z0-9+#=@/:~_.-]{1,12}",
    ]
    .prop_filter("writable", |s| is_writable_san(s))
}

fn comment() -> impl Strategy<Value = Option<String>> {
    let word = prop_oneof![
        4 => "[a-zA-Z0-9;()\"'.,!?{-]{1,8}",
        1 => Just("[%clk".to_string()),
        1 => Just("0:01:02]".to_string()),
        1 => Just("[Event".to_string()),
        1 => Just("%escape".to_string()),
        1 => Just("ünïcødé".to_string()),
    ];
    proptest::option::of(proptest::collection::vec(word, 0..12).prop_map(|w| w.join(" ")))
}

fn nags() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..3)
}

fn line() -> impl Strategy<Value = Vec<Node>> {
    let leaf = proptest::collection::vec(
        (san(), nags(), comment()).prop_map(|(san, nags, comment)| Node {
            san,
            nags,
            comment,
            variations: Vec::new(),
        }),
        0..6,
    );
    leaf.prop_recursive(4, 64, 6, |inner| {
        proptest::collection::vec(
            (
                san(),
                nags(),
                comment(),
                proptest::collection::vec((comment(), inner), 0..3),
            )
                .prop_map(|(san, nags, comment, vars)| Node {
                    san,
                    nags,
                    comment,
                    variations: vars
                        .into_iter()
                        .map(|(comment, moves)| Variation { comment, moves })
                        .collect(),
                }),
            0..6,
        )
    })
}

fn tag_value() -> impl Strategy<Value = String> {
    "[ -~\täöü€♞]{0,24}"
}

fn game() -> impl Strategy<Value = PgnGame> {
    (
        proptest::collection::vec(tag_value(), 7),
        proptest::collection::vec(("[A-Za-z][A-Za-z0-9_]{0,10}", tag_value()), 0..5),
        comment(),
        line(),
        prop_oneof![Just("1-0"), Just("0-1"), Just("1/2-1/2"), Just("*")],
        1u32..400,
        any::<bool>(),
    )
        .prop_map(
            |(str_values, extra, start_comment, moves, result, number, black)| {
                let mut tags: Vec<(String, String)> = SEVEN_TAG_ROSTER
                    .iter()
                    .map(|s| s.to_string())
                    .zip(str_values)
                    .collect();
                tags.extend(
                    extra
                        .into_iter()
                        .filter(|(n, _)| n != "FEN" && !SEVEN_TAG_ROSTER.contains(&n.as_str())),
                );
                let (start_move_number, start_black) = if moves.is_empty() {
                    (1, false)
                } else {
                    (number, black)
                };
                PgnGame {
                    tags,
                    start_comment,
                    moves,
                    result: result.to_string(),
                    start_move_number,
                    start_black,
                }
            },
        )
}

proptest! {

    #[test]
    fn read_write_round_trip(g in game()) {
        let text = g.to_pgn().expect("writable");
        if std::env::var("SHOW_PGN").is_ok() { eprintln!("{text}"); }
        for line in text.lines().filter(|l| !l.starts_with('[')) {
            prop_assert!(line.chars().count() <= 79 || !line.contains(' ') || line.contains(" [Event") || line.contains(" %escape"),
                "long line {:?}", line);
        }
        let back = read_games(text.as_bytes());
        prop_assert_eq!(back.len(), 1);
        prop_assert_eq!(&back[0], &g);

        // The raw bytes are the written text without its final blank line.
        let mut reader = Reader::new(text.as_bytes());
        let mut raw = Vec::new();
        reader.read_game_with_raw(&mut MovetextBuilder::new(), &mut raw).unwrap();
        prop_assert_eq!(&raw[..], &text.as_bytes()[..text.len() - 1]);
    }

    #[test]
    fn many_games_round_trip(games in proptest::collection::vec(game(), 1..5), crlf in any::<bool>()) {
        let mut text = String::new();
        for g in &games {
            text.push_str(&g.to_pgn().unwrap());
        }
        if crlf {
            text = text.replace('\n', "\r\n");
        }
        let back = read_games(text.as_bytes());
        prop_assert_eq!(back, games);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        sqlchess_pgn::fuzz_read_all(&bytes);
    }

    #[test]
    fn mutated_pgn_never_panics(g in game(), cuts in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8)) {
        let mut bytes = g.to_pgn().unwrap().into_bytes();
        bytes.extend_from_slice(b"\n[Event \"Tail\"]\n\n1. e4 *\n");
        for (i, b) in cuts {
            let at = i.index(bytes.len());
            bytes[at] = b;
        }
        let n = sqlchess_pgn::fuzz_read_all(&bytes);
        prop_assert!(n >= 1);
    }
}

/// Hand-written PGNs in untidy formatting: read, write, read again.
#[test]
fn hand_written_round_trips() {
    let inputs = [
        "[Event \"Casual\"]\n[Site \"Here\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"A \\\"Ace\\\"\"]\n[Black \"B\\\\C\"]\n[Result \"1-0\"]\n[ECO \"C50\"]\n\n\
         {Opening comment} 1.e4 e5 2.Nf3 $1 Nc6 {the knight\n   comes out} 3.Bc4!? (3.Bb5 a6 (3...Nf6 4.O-O) 4.Ba4) 3...Bc5?! 4.c3 ; rest of line\nNf6 5.d4 1-0\n",
        "1. d4 d5 2. c4 (2. Nf3 Nf6 (2... c5)) e6 *",
        "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... e5 2. Nf3 0-1",
        "[Variant \"crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. N@f3 P@e4 4. O-O-O 0-0 5. -- Z0 6. e7e8q a10 1/2-1/2",
        "[Event \"Clock\"]\n\n1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%clk 0:02:59.5] } *",
        "[Event \"Only tags\"]\n[Site \"x\"]\n\n*",
    ];
    for input in inputs {
        let first = read_games(input.as_bytes());
        assert_eq!(first.len(), 1, "{input}");
        let written = first[0].to_pgn().unwrap();
        let second = read_games(written.as_bytes());
        // The first read may lack Seven Tag Roster tags that the writer adds.
        let rewritten = second[0].to_pgn().unwrap();
        assert_eq!(written, rewritten, "{input}");
        assert_eq!(second[0].moves, first[0].moves);
        assert_eq!(second[0].start_comment, first[0].start_comment);
        assert_eq!(second[0].result, first[0].result);
        assert_eq!(
            (second[0].start_move_number, second[0].start_black),
            (first[0].start_move_number, first[0].start_black)
        );
    }
}

#[test]
fn hand_written_output_format() {
    let g = &read_games(b"[Event \"E\"]\n\n1.e4 e5 2.Nf3 {c} Nc6 (2...d6 3.d4) 3.Bb5 a6 1-0")[0];
    let text = g.to_pgn().unwrap();
    assert_eq!(
        text,
        "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n\
         1. e4 e5 2. Nf3 {c} 2... Nc6 (2... d6 3. d4) 3. Bb5 a6 1-0\n\n"
    );
}

/// Records where each game starts and ends.
struct Spans(u64);

impl sqlchess_pgn::Visitor for Spans {
    type Output = (u64, u64);
    fn begin_game(&mut self, info: &sqlchess_pgn::GameStart) -> sqlchess_pgn::Control {
        self.0 = info.offset;
        sqlchess_pgn::Control::Continue
    }
    fn end_game(&mut self, info: &sqlchess_pgn::GameEnd) -> Self::Output {
        (self.0, info.offset)
    }
}

fn soup() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(&b"["[..]),
        Just(&b"]"[..]),
        Just(&b"{"[..]),
        Just(&b"}"[..]),
        Just(&b"("[..]),
        Just(&b")"[..]),
        Just(&b"\""[..]),
        Just(&b"\\"[..]),
        Just(&b";"[..]),
        Just(&b"%"[..]),
        Just(&b"$"[..]),
        Just(&b"$300"[..]),
        Just(&b"!?"[..]),
        Just(&b"*"[..]),
        Just(&b"1-0"[..]),
        Just(&b"1/2-1/2"[..]),
        Just(&b"12."[..]),
        Just(&b"..."[..]),
        Just(&b"e4"[..]),
        Just(&b"Nf3+"[..]),
        Just(&b"O-O"[..]),
        Just(&b"Event"[..]),
        Just(&b" "[..]),
        Just(&b"\n"[..]),
        Just(&b"\r\n"[..]),
        Just(&b"\n\n"[..]),
        Just(&b"\xEF\xBB\xBF"[..]),
        Just(&b"\xff"[..]),
        Just(&b"[Event \"x\"]\n"[..]),
    ];
    proptest::collection::vec(piece, 0..200).prop_map(|v| v.concat())
}

proptest! {
    #[test]
    fn soup_games_partition_input(bytes in soup()) {
        let mut reader = Reader::new(&bytes[..]);
        let mut raw = Vec::new();
        let mut last_end = 0u64;
        let mut games = 0;
        while let Some((start, end)) = reader.read_game_with_raw(&mut Spans(0), &mut raw).unwrap() {
            prop_assert!(start >= last_end && end >= start);
            prop_assert!(end > start, "empty game at {}", start);
            prop_assert_eq!(&raw[..], &bytes[start as usize..end as usize]);
            last_end = end;
            games += 1;
            prop_assert!(games <= bytes.len());
        }
        prop_assert!(last_end as usize <= bytes.len());
        sqlchess_pgn::fuzz_read_all(&bytes);
    }
}

/// Hands out the input in chunks of the given sizes (cycled), to exercise
/// every buffer boundary.
struct Chunky<'a> {
    data: &'a [u8],
    sizes: Vec<usize>,
    next: usize,
}

impl std::io::Read for Chunky<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let want = self.sizes[self.next % self.sizes.len()];
        self.next += 1;
        let n = want.min(out.len()).min(self.data.len());
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

impl std::io::BufRead for Chunky<'_> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        Ok(self.data)
    }
    fn consume(&mut self, n: usize) {
        self.data = &self.data[n..];
    }
}

fn all_events<R: std::io::BufRead>(reader: &mut Reader<R>) -> Vec<Result<PgnGame, String>> {
    let mut b = MovetextBuilder::new();
    let mut out = Vec::new();
    while let Some(g) = reader.read_game(&mut b).unwrap() {
        out.push(g.map_err(|e| e.to_string()));
    }
    out
}

proptest! {
    #[test]
    fn chunking_does_not_change_results(
        bytes in prop_oneof![soup(), game().prop_map(|g| g.to_pgn().unwrap().into_bytes())],
        sizes in proptest::collection::vec(1usize..300, 1..8),
    ) {
        let whole = all_events(&mut Reader::new(&bytes[..]));
        let chunked = all_events(&mut Reader::new(Chunky { data: &bytes, sizes, next: 0 }));
        prop_assert_eq!(whole, chunked);
    }

    #[test]
    fn chunking_with_long_comments(
        len in 0usize..200_000,
        sizes in proptest::collection::vec(1usize..70_000, 1..4),
    ) {
        let mut bytes = b"1. e4 {".to_vec();
        bytes.extend((0..len).map(|i| if i % 97 == 0 { b'\n' } else { b'x' }));
        bytes.extend_from_slice(b"} e5 *\n\n[Event \"n\"]\n\n1. d4 *\n");
        let whole = all_events(&mut Reader::new(&bytes[..]));
        let chunked = all_events(&mut Reader::new(Chunky { data: &bytes, sizes, next: 0 }));
        prop_assert_eq!(whole.len(), 2);
        prop_assert_eq!(whole, chunked);
    }
}
