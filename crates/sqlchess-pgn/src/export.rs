//! From a stored game back to PGN: the game value's moves in SAN with its
//! comments, NAGs, clocks and evaluations, under the game's tags, through
//! the [`writer`](crate::writer).

use crate::tree::{Node, PgnGame};
use crate::value::{Annotation, GameValue};

/// `h:mm:ss` with tenths when the centiseconds have any, as Lichess writes
/// `[%clk]`.
pub fn format_clock(centis: u32) -> String {
    let (secs, rest) = (centis / 100, centis % 100);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if rest == 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if rest % 10 == 0 {
        format!("{h}:{m:02}:{s:02}.{}", rest / 10)
    } else {
        format!("{h}:{m:02}:{s:02}.{rest:02}")
    }
}

/// The comment text for annotations of one ply: the text, then
/// `[%eval …]` and `[%clk …]`.
fn comment(parts: &[&Annotation]) -> Option<String> {
    let mut words = Vec::new();
    for a in parts {
        match a {
            Annotation::Comment(t) => words.push(t.clone()),
            Annotation::Centipawns(cp) => {
                let sign = if *cp < 0 { "-" } else { "" };
                let v = cp.unsigned_abs();
                words.push(format!("[%eval {sign}{}.{:02}]", v / 100, v % 100));
            }
            Annotation::Mate(n) => words.push(format!("[%eval #{n}]")),
            Annotation::Clock(c) => words.push(format!("[%clk {}]", format_clock(*c))),
            Annotation::Nags(_) => {}
        }
    }
    (!words.is_empty()).then(|| words.join(" "))
}

impl GameValue {
    /// The game as a PGN tree under `tags` (the Seven Tag Roster is
    /// completed by the writer; `Result`, and `Variant`, `SetUp` and `FEN`
    /// for a game that needs them, are set from the value).
    pub fn to_pgn_game(&self, tags: &[(String, String)]) -> PgnGame {
        let mut tags: Vec<(String, String)> = tags
            .iter()
            .filter(|(n, _)| !matches!(n.as_str(), "Result" | "Variant" | "SetUp" | "FEN"))
            .cloned()
            .collect();
        let result = self.result.to_owned();
        tags.push(("Result".to_owned(), result.clone()));
        let variant = self.start.variant_name();
        if variant != "chess" {
            tags.push(("Variant".to_owned(), variant.to_owned()));
        }
        let standard = sqlchess_rules::Position::start(&self.start.variant());
        if self.start.fen() != standard.fen() {
            tags.push(("SetUp".to_owned(), "1".to_owned()));
            tags.push(("FEN".to_owned(), self.start.fen()));
        }
        let at = |ply: usize| -> Vec<&Annotation> {
            self.annotations
                .iter()
                .filter(|(p, _)| *p == ply)
                .map(|(_, a)| a)
                .collect()
        };
        let moves = self
            .sans()
            .into_iter()
            .enumerate()
            .map(|(i, san)| {
                let here = at(i + 1);
                Node {
                    san,
                    nags: here
                        .iter()
                        .filter_map(|a| match a {
                            Annotation::Nags(n) => Some(n.clone()),
                            _ => None,
                        })
                        .flatten()
                        .collect(),
                    comment: comment(&here),
                    variations: Vec::new(),
                }
            })
            .collect();
        PgnGame {
            tags,
            start_comment: comment(&at(0)),
            moves,
            result,
            start_move_number: self.start.fullmoves(),
            start_black: !self.start.white_to_move(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameReader, Reader};

    #[test]
    fn clocks_print_as_lichess_writes_them() {
        assert_eq!(format_clock(30_000), "0:05:00");
        assert_eq!(format_clock(30_050), "0:05:00.5");
        assert_eq!(format_clock(360_001), "1:00:00.01");
    }

    #[test]
    fn pgn_to_value_to_pgn_keeps_moves_and_annotations() {
        let pgn = "[Event \"Rated Blitz game\"]\n[Site \"?\"]\n[Date \"2024.01.02\"]\n[Round \"-\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"0-1\"]\n\n\
                   {opening} 1. e4 $1 {[%eval 0.17] [%clk 0:05:00]} 1... e5 {[%eval #-3]} 2. Nf3 Nc6 0-1\n";
        let mut reader = Reader::new(pgn.as_bytes());
        let g = reader.read_game(&mut GameReader::new()).unwrap().unwrap();
        assert!(g.error.is_none(), "{:?}", g.error);
        let value = GameValue::decode(&g.value().unwrap()).unwrap();
        let text = value.to_pgn_game(&g.tags).to_pgn().unwrap();
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains("{opening} 1. e4 $1 {[%eval 0.17] [%clk 0:05:00]} 1... e5 {[%eval #-3]} 2. Nf3 Nc6 0-1"),
            "{text}"
        );
        // And back again: the same value.
        let mut reader = Reader::new(text.as_bytes());
        let again = reader.read_game(&mut GameReader::new()).unwrap().unwrap();
        assert_eq!(again.value().unwrap(), g.value().unwrap());
    }
}
