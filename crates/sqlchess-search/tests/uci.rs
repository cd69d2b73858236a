//! UCI sessions as transcripts: feed commands, check the replies' shape and
//! that every `bestmove` is legal.

use std::time::{Duration, Instant};

use sqlchess_core::Position;
use sqlchess_search::fairy::FairyGame;
use sqlchess_search::uci;

fn session(input: &str) -> Vec<String> {
    let out = uci::run(input.as_bytes(), Vec::new()).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

fn bestmoves(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect()
}

/// Checks `info depth … pv …` lines word by word.
fn check_info(line: &str) {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[0], "info", "{line}");
    let mut i = 1;
    let mut seen = Vec::new();
    while i < words.len() {
        let key = words[i];
        seen.push(key);
        match key {
            "depth" | "seldepth" | "multipv" | "nodes" | "nps" | "hashfull" | "time" => {
                words[i + 1]
                    .parse::<u64>()
                    .unwrap_or_else(|_| panic!("{line}"));
                i += 2;
            }
            "score" => {
                assert!(matches!(words[i + 1], "cp" | "mate"), "{line}");
                words[i + 2]
                    .parse::<i64>()
                    .unwrap_or_else(|_| panic!("{line}"));
                i += 3;
            }
            "pv" => {
                assert!(i + 1 < words.len(), "empty pv: {line}");
                break;
            }
            other => panic!("unexpected {other:?} in {line}"),
        }
    }
    for key in ["depth", "seldepth", "score", "nodes", "nps", "time", "pv"] {
        assert!(seen.contains(&key), "{key} missing: {line}");
    }
}

fn legal_in(fen: &str, moves: &[&str], best: &str) -> bool {
    let mut pos = Position::from_fen(fen).unwrap();
    for m in moves {
        let mv = pos.parse_uci(m).unwrap();
        pos.play_unchecked(mv);
    }
    pos.parse_uci(best).is_ok()
}

#[test]
fn handshake() {
    let lines = session("uci\nisready\nquit\n");
    assert_eq!(lines[0], "id name sqlchess");
    assert!(lines[1].starts_with("id author "));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Hash type spin default 16 min 1 max")));
    assert!(lines
        .iter()
        .any(|l| l == "option name Threads type spin default 1 min 1 max 256"));
    assert!(lines
        .iter()
        .any(|l| l == "option name UCI_Chess960 type check default false"));
    let variants = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .unwrap();
    assert!(variants.contains(" var chess "), "{variants}");
    assert!(variants.contains(" var capablanca"), "{variants}");
    let uciok = lines.iter().position(|l| l == "uciok").unwrap();
    assert_eq!(lines[uciok + 1], "readyok");
    assert_eq!(lines.len(), uciok + 2);
}

#[test]
fn search_from_startpos_with_moves() {
    let lines = session(
        "uci\nucinewgame\nisready\nposition startpos moves e2e4 e7e5 g1f3\ngo depth 4\nisready\n",
    );
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 4);
    for (d, l) in infos.iter().enumerate() {
        check_info(l);
        assert!(l.starts_with(&format!("info depth {} ", d + 1)), "{l}");
    }
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1);
    assert!(legal_in(
        sqlchess_core::START_FEN,
        &["e2e4", "e7e5", "g1f3"],
        best[0]
    ));
    // Every pv move is legal in sequence.
    let pv: Vec<&str> = infos[3].split(" pv ").nth(1).unwrap().split(' ').collect();
    let mut played = vec!["e2e4", "e7e5", "g1f3"];
    for m in pv {
        assert!(legal_in(sqlchess_core::START_FEN, &played, m), "{m}");
        played.push(m);
    }
}

#[test]
fn mate_score_and_bestmove() {
    let lines = session("position fen 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\ngo depth 3\n");
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    check_info(last_info);
    assert!(last_info.contains(" score mate 1 "), "{last_info}");
    assert_eq!(lines.last().unwrap(), "bestmove e1e8");
}

#[test]
fn stop_ends_an_infinite_search() {
    let start = Instant::now();
    let lines = session("position startpos\ngo infinite\nisready\nstop\nisready\n");
    assert!(start.elapsed() < Duration::from_secs(5));
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1);
    assert!(legal_in(sqlchess_core::START_FEN, &[], best[0]));
    assert_eq!(lines.iter().filter(|l| *l == "readyok").count(), 2);
    // bestmove comes after the stop, so after the first readyok.
    let first_ready = lines.iter().position(|l| l == "readyok").unwrap();
    let bm = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .unwrap();
    assert!(bm > first_ready);
}

#[test]
fn infinite_search_is_stopped_at_end_of_input() {
    let lines = session("position startpos\ngo infinite\n");
    assert_eq!(bestmoves(&lines).len(), 1);
}

#[test]
fn movetime_nodes_and_clock() {
    let start = Instant::now();
    let lines = session("position startpos\ngo movetime 150\n");
    assert!(start.elapsed() < Duration::from_millis(1500));
    assert_eq!(bestmoves(&lines).len(), 1);

    let lines = session("position startpos\ngo nodes 3000\n");
    assert_eq!(bestmoves(&lines).len(), 1);

    let start = Instant::now();
    let lines = session(
        "position startpos moves d2d4\ngo wtime 2000 btime 2000 winc 10 binc 10 movestogo 20\n",
    );
    assert!(start.elapsed() < Duration::from_millis(1500));
    let best = bestmoves(&lines);
    assert!(legal_in(sqlchess_core::START_FEN, &["d2d4"], best[0]));
}

#[test]
fn errors_are_reported_and_skipped() {
    let lines = session(
        "position fen not a fen\nposition startpos moves e2e5\nfoo\n\
         position startpos moves e2e4\ngo depth 2\n",
    );
    let strings: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert_eq!(strings.len(), 3, "{lines:?}");
    let best = bestmoves(&lines);
    assert!(legal_in(sqlchess_core::START_FEN, &["e2e4"], best[0]));
}

#[test]
fn quit_ends_the_session() {
    let lines = session("isready\nquit\nisready\n");
    assert_eq!(lines, vec!["readyok"]);
}

#[test]
fn no_legal_move() {
    let lines = session("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\n");
    assert_eq!(lines.last().unwrap(), "bestmove 0000");
}

#[test]
fn options() {
    let lines = session(
        "setoption name Hash value 1\nsetoption name Nonsense value 3\n\
         position startpos\ngo depth 2\n",
    );
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .count(),
        1
    );
    assert_eq!(bestmoves(&lines).len(), 1);
}

/// Lazy SMP over UCI: two threads search, `stop` ends them, a fairy
/// variant searches with them too, and an out-of-range value is refused.
#[test]
fn threads_option() {
    let start = Instant::now();
    let lines = session(
        "setoption name Threads value 2\nposition startpos moves e2e4\ngo depth 5\n\
         go infinite\nisready\nstop\n\
         setoption name Threads value 0\nsetoption name Threads value 257\n\
         setoption name Threads value two\n\
         position fen 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\ngo depth 3\n\
         setoption name UCI_Variant value capablanca\ngo depth 3\n",
    );
    assert!(start.elapsed() < Duration::from_secs(20));
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 4, "{lines:?}");
    assert!(legal_in(sqlchess_core::START_FEN, &["e2e4"], best[0]));
    assert!(legal_in(sqlchess_core::START_FEN, &["e2e4"], best[1]));
    assert_eq!(best[2], "e1e8");
    let refused = lines
        .iter()
        .filter(|l| l.starts_with("info string invalid Threads value"))
        .count();
    assert_eq!(refused, 3, "{lines:?}");
}

#[test]
fn chess960_castling_notation() {
    // White may castle either way; with UCI_Chess960 castling is king-takes-rook.
    let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let lines = session(&format!(
        "setoption name UCI_Chess960 value true\nposition fen {fen} moves e1h1\ngo depth 1\n"
    ));
    assert!(
        lines.iter().all(|l| !l.starts_with("info string")),
        "{lines:?}"
    );
    assert_eq!(bestmoves(&lines).len(), 1);
}

#[test]
fn fairy_variant() {
    let lines = session(
        "setoption name UCI_Variant value capablanca\nposition startpos moves e2e4\ngo depth 2\n",
    );
    assert!(
        lines.iter().all(|l| !l.starts_with("info string")),
        "{lines:?}"
    );
    let best = bestmoves(&lines)[0].to_owned();
    let v = sqlchess_fairy::Variant::builtin("capablanca").unwrap();
    let mut pos = FairyGame::start(&v);
    let e4 = pos.parse_move("e2e4").unwrap();
    sqlchess_search::Game::apply(&mut pos, e4);
    assert!(pos.parse_move(&best).is_some(), "{best}");

    let lines = session("setoption name UCI_Variant value nonsense\n");
    assert!(lines[0].starts_with("info string unknown variant"));
}

/// `VariantPath` loads a variants.ini file, as Fairy-Stockfish's option
/// does: its variants join `UCI_Variant`'s list and are played; a refused
/// section and a file that cannot be read are reported by name.
#[test]
fn variant_path_loads_variants() {
    let ini = "[tiny:chess]\nmaxRank = 6\npromotionRank = 6\n\
               startFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
               [odd:chess]\nnoSuchRule = 1\n";
    let path = std::env::temp_dir().join(format!("sqlchess-uci-{}.ini", std::process::id()));
    std::fs::write(&path, ini).unwrap();
    let lines = session(&format!(
        "setoption name VariantPath value {}\nuci\nsetoption name UCI_Variant value tiny\n\
         position startpos moves e2e3\ngo depth 3\n\
         setoption name VariantPath value /no/such/file.ini\n\
         setoption name VariantPath value /dev/null\n",
        path.display()
    ));
    std::fs::remove_file(&path).unwrap();
    let said = |needle: &str| {
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains(needle))
    };
    assert!(said("1 variants loaded"), "{lines:?}");
    assert!(said("odd") && said("noSuchRule"), "{lines:?}");
    assert!(said("/no/such/file.ini"), "{lines:?}");
    // A device (or a pipe) could block the loop: only regular files.
    assert!(said("\"/dev/null\": not a regular file"), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant") && l.ends_with(" var tiny")),
        "{lines:?}"
    );
    // The best move is legal on the six-rank board, after e2e3.
    let v = &sqlchess_fairy::load_variants_ini(ini.split("[odd").next().unwrap()).unwrap()[0];
    let mut pos = FairyGame::start(v);
    let e3 = pos.parse_move("e2e3").unwrap();
    sqlchess_search::Game::apply(&mut pos, e3);
    let best = bestmoves(&lines)[0];
    assert!(pos.parse_move(best).is_some(), "{best}");
}

/// Xiangqi forbids perpetual check: a repetition is lost by the side that
/// gave check at every move of it. A game sqlchess lost to Fairy-Stockfish
/// that way (`scripts/match.py --variant xiangqi --seed xq-perp-1129`,
/// 50 ms a move): its chariot checked from g9 and g10 while the king went
/// between f9 and f10, and at the last move Rg10+ repeated the position a
/// third time, which pyffish adjudicated as a loss. The search counted the
/// repetition a draw (score 0); it must see the loss and play another move.
#[test]
fn xiangqi_perpetual_check_loses() {
    const GAME: &str = "a1a3 i7i6 h3e3 b8b5 b1c3 b10c8 h1g3 g10e8 i1h1 h10f9 h1h5 b5b6 \
        h5f5 a10a9 a4a5 c7c6 f5f8 i10i9 a3a4 g7g6 d1e2 d10e9 f8g8 h8h7 a4b4 b6b3 b4b3 h7g7 \
        g1i3 g7g4 i3g5 c8d6 b3b10 a7a6 c4c5 c6c5 a5a6 c5c4 c3d1 a9a6 e4e5 a6a5 e3b3 a5e5 \
        d1e3 e5g5 e3g4 g5g4 g3h1 i9h9 b3b9 h9h1 b9f9 c4c3 f9i9 e9d10 b10b9 c3d3 e2d3 g4e4 \
        d3e2 f10e9 i9i10 e10f10 g8g10 f10f9 g10g9 f9f10 g9g10 f10f9 g10g9 f9f10";
    let moves = GAME.split_whitespace().collect::<Vec<_>>().join(" ");
    let lines = session(&format!(
        "setoption name UCI_Variant value xiangqi\nposition startpos moves {moves}\ngo depth 4\n"
    ));
    let best = bestmoves(&lines)[0];
    assert_ne!(best, "g9g10", "the third repetition by checks loses");
    let last = lines.iter().rfind(|l| l.starts_with("info depth")).unwrap();
    assert!(!last.contains(" score cp 0 "), "{last}");
    // Chess has no such rule: there the same kind of repetition draws
    // (`search.rs`, `losing_side_takes_the_repetition`).
}

/// Bytes that are not UTF-8 are answered and skipped; the search that
/// follows still answers.
#[test]
fn invalid_utf8_is_answered_not_fatal() {
    let mut input = b"uci\n\xff\xfe garbage\n".to_vec();
    input.extend_from_slice(b"position startpos\ngo depth 2\n");
    let output = uci::run(&input[..], Vec::new()).unwrap();
    let text = String::from_utf8(output).unwrap();
    assert!(
        text.contains("info string input line is not UTF-8"),
        "{text}"
    );
    assert!(
        text.lines().last().unwrap().starts_with("bestmove "),
        "{text}"
    );
}

/// A deep finite search does not outlive the end of its input by more than
/// the grace period (a GUI that closed the pipe).
#[test]
fn a_finite_search_stops_after_the_input_ends() {
    let started = Instant::now();
    let output = uci::run(&b"position startpos\ngo depth 60\n"[..], Vec::new()).unwrap();
    let text = String::from_utf8(output).unwrap();
    assert!(
        text.lines().last().unwrap().starts_with("bestmove "),
        "{text}"
    );
    assert!(started.elapsed() < uci::END_OF_INPUT_GRACE + Duration::from_secs(5));
}
