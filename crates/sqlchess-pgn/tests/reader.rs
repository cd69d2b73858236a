//! The reader through the public API on a mixed file: many formats, errors
//! and recovery, offsets and raw bytes.

use sqlchess_pgn::{
    parse_comment, Control, Eval, GameEnd, GameStart, MovetextBuilder, Reader, SyntaxErrorKind,
    Visitor,
};

#[derive(Default)]
struct Summary {
    start: Option<GameStart>,
    event: String,
    moves: Vec<String>,
    clocks: Vec<u32>,
    evals: Vec<Eval>,
    result: String,
}

impl Visitor for Summary {
    type Output = (Summary, GameEnd);

    fn begin_game(&mut self, info: &GameStart) -> Control {
        *self = Summary {
            start: Some(*info),
            ..Summary::default()
        };
        Control::Continue
    }
    fn tag(&mut self, name: &[u8], value: &[u8]) {
        if name == b"Event" {
            self.event = String::from_utf8(value.to_vec()).unwrap();
        }
    }
    fn san(&mut self, token: &[u8]) -> Control {
        self.moves.push(String::from_utf8_lossy(token).into_owned());
        Control::Continue
    }
    fn comment(&mut self, text: &[u8]) {
        let ann = parse_comment(&String::from_utf8_lossy(text));
        self.clocks.extend(ann.clock_centis);
        self.evals.extend(ann.eval);
    }
    fn begin_variation(&mut self) -> Control {
        Control::Skip
    }
    fn result(&mut self, token: &[u8]) {
        self.result = String::from_utf8_lossy(token).into_owned();
    }
    fn end_game(&mut self, info: &GameEnd) -> Self::Output {
        (std::mem::take(self), info.clone())
    }
}

const FILE: &str = "\u{feff}% exported by a test\r\n\
[Event \"Lichess\"]\r\n[Site \"x\"]\r\n\r\n\
1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... c5 { [%eval 0.19] [%clk 0:02:58.5] } \
2. Nf3 { [%eval #-3] [%clk 0:02:55] } (2. c3 d5) 2... d6 1-0\r\n\r\n\
[Event \"Broken\"]\r\n\r\n1. d4 d5 2. c4 ) e6 1/2-1/2\r\n\r\n\
1. Nf3 Nf6 *\r\n\r\n\
[Event \"Shogi-like\"]\r\n\r\n1. P-7f P-3d 2. Bb2+ N@f3 3. a10 Z0 *\r\n";

#[test]
fn mixed_file() {
    let mut reader = Reader::new(FILE.as_bytes());
    let mut v = Summary::default();
    let mut raw = Vec::new();
    let mut games = Vec::new();
    while let Some((s, end)) = reader.read_game_with_raw(&mut v, &mut raw).unwrap() {
        let start = s.start.unwrap();
        assert_eq!(end.offset - start.offset, raw.len() as u64);
        assert_eq!(
            &FILE.as_bytes()[start.offset as usize..end.offset as usize],
            &raw[..]
        );
        games.push((s, end));
    }
    assert_eq!(games.len(), 4);

    let (g, end) = &games[0];
    assert_eq!(g.start.unwrap().line, 2);
    assert_eq!(g.event, "Lichess");
    assert_eq!(g.moves, ["e4", "c5", "Nf3", "d6"]);
    assert_eq!(g.clocks, [18_000, 17_850, 17_500]);
    assert_eq!(
        g.evals,
        [Eval::Centipawns(17), Eval::Centipawns(19), Eval::Mate(-3)]
    );
    assert_eq!(g.result, "1-0");
    assert!(end.error.is_none());

    let (g, end) = &games[1];
    assert_eq!(g.event, "Broken");
    let err = end.error.as_ref().unwrap();
    assert_eq!(err.kind, SyntaxErrorKind::UnbalancedParen);
    assert_eq!(err.line, 9);
    assert_eq!(err.to_string(), "line 9: unbalanced closing parenthesis");
    assert_eq!(g.moves, ["d4", "d5", "c4"]);
    assert_eq!(g.result, "");

    let (g, end) = &games[2];
    assert_eq!(g.start.unwrap().line, 11);
    assert_eq!(g.event, "");
    assert_eq!(g.moves, ["Nf3", "Nf6"]);
    assert!(end.error.is_none());

    let (g, _) = &games[3];
    assert_eq!(g.moves, ["P-7f", "P-3d", "Bb2+", "N@f3", "a10", "Z0"]);
    assert_eq!(reader.games_read(), 4);
}

#[test]
fn builder_over_mixed_file() {
    let mut reader = Reader::new(FILE.as_bytes());
    let mut b = MovetextBuilder::new();
    let mut results = Vec::new();
    while let Some(g) = reader.read_game(&mut b).unwrap() {
        results.push(g.is_ok());
    }
    assert_eq!(results, [true, false, true, true]);
}
