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

/// An evaluation as `game_moves` reports it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum EvalValue {
    /// Pawns from White's side (`[%eval 0.17]` is 0.17).
    Pawns(f64),
    /// Mate in N, negative when Black mates (`[%eval #-3]`).
    Mate(i32),
}

impl std::fmt::Display for EvalValue {
    /// `0.17`, `-1.5`, `#-3`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalValue::Pawns(p) => write!(f, "{p}"),
            EvalValue::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// One row of the `game_moves` relation, the same in every binding.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveRow {
    /// 1-based.
    pub ply: usize,
    /// The move in UCI (`0000` for a null move).
    pub uci: String,
    /// The move in SAN (`--` for a null move).
    pub san: String,
    /// The position before it.
    pub fen_before: String,
    /// The position after it.
    pub fen_after: String,
    /// The comment after the move, if any.
    pub comment: Option<String>,
    /// NAGs as PGN writes them: `$1 $14`.
    pub nags: Option<String>,
    /// The mover's clock after the move, in seconds (`[%clk]`).
    pub clock: Option<f64>,
    /// The evaluation (`[%eval]`).
    pub eval: Option<EvalValue>,
}

impl GameValue {
    /// Every move with its positions and annotations: the rows of
    /// `game_moves`.
    pub fn move_rows(&self) -> Vec<MoveRow> {
        let sans = self.sans();
        let positions = self.positions();
        let mut out = Vec::with_capacity(self.ply_count());
        for (i, mv) in self.moves.iter().enumerate() {
            let ply = i + 1;
            let (Some(before), Some(after)) = (positions.get(i), positions.get(ply)) else {
                break;
            };
            let here = || self.annotations.iter().filter(move |(p, _)| *p == ply);
            let comment: Vec<&str> = here()
                .filter_map(|(_, a)| match a {
                    Annotation::Comment(c) => Some(c.as_str()),
                    _ => None,
                })
                .collect();
            let nags: Vec<String> = here()
                .filter_map(|(_, a)| match a {
                    Annotation::Nags(n) => {
                        Some(n.iter().map(|x| format!("${x}")).collect::<Vec<_>>())
                    }
                    _ => None,
                })
                .flatten()
                .collect();
            out.push(MoveRow {
                ply,
                uci: mv.map_or_else(|| "0000".to_owned(), |m| before.uci(m)),
                san: sans.get(i).cloned().unwrap_or_default(),
                fen_before: before.fen(),
                fen_after: after.fen(),
                comment: (!comment.is_empty()).then(|| comment.join(" ")),
                nags: (!nags.is_empty()).then(|| nags.join(" ")),
                clock: here().find_map(|(_, a)| match a {
                    Annotation::Clock(c) => Some(f64::from(*c) / 100.0),
                    _ => None,
                }),
                eval: here().find_map(|(_, a)| match a {
                    Annotation::Centipawns(cp) => Some(EvalValue::Pawns(f64::from(*cp) / 100.0)),
                    Annotation::Mate(n) => Some(EvalValue::Mate(*n)),
                    _ => None,
                }),
            });
        }
        out
    }

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
