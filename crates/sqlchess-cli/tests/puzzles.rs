//! `sqlchess puzzle`, `render` and `play` end to end.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn sqlchess(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sqlchess"))
        .args(args)
        .output()
        .expect("run sqlchess")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn last_line(out: &Output) -> String {
    stdout(out).lines().last().unwrap_or_default().to_owned()
}

#[test]
fn place_counts_and_maxima() {
    let out = sqlchess(&["puzzle", "place", "--piece", "queen"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "92\n");
    let out = sqlchess(&["puzzle", "place", "--piece", "Q", "--board", "6x6"]);
    assert_eq!(last_line(&out), "4");
    let out = sqlchess(&["puzzle", "place", "--piece", "queen", "--symmetry"]);
    assert_eq!(last_line(&out), "12");
    for (piece, max) in [
        ("king", "16"),
        ("knight", "32"),
        ("bishop", "14"),
        ("rook", "8"),
    ] {
        let out = sqlchess(&["puzzle", "place", "--piece", piece, "--max"]);
        assert!(out.status.success(), "{piece}");
        assert_eq!(last_line(&out), max, "{piece}");
    }
    // Parlett notation of the knight.
    let out = sqlchess(&["puzzle", "place", "--piece", "~1/2", "--count", "32"]);
    assert_eq!(last_line(&out), "2");
}

#[test]
fn place_lists_boards() {
    let out = sqlchess(&[
        "puzzle", "place", "--piece", "queen", "--board", "4x4", "--all",
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert_eq!(last_line(&out), "2");
    assert_eq!(text.matches("    a b c d").count(), 2, "{text}");
    assert_eq!(text.matches('♕').count(), 8, "{text}");
    let out = sqlchess(&[
        "puzzle", "place", "--piece", "Q", "--board", "3x3", "--first",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).is_empty());
    assert!(stderr(&out).contains("no placement"));
}

#[test]
fn pictures_of_puzzles_and_the_largest_board() {
    let dir = std::env::temp_dir().join(format!("sqlchess-puzzle-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // 128 knights fit on 16x16 (one colour); the board is drawn.
    let file = dir.join("knights.svg");
    let out = sqlchess(&[
        "puzzle",
        "place",
        "--piece",
        "knight",
        "--board",
        "16x16",
        "--max",
        "--first",
        "--svg",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(last_line(&out), "128");
    assert_eq!(stdout(&out).matches('♘').count(), 128);
    let svg = std::fs::read_to_string(&file).unwrap();
    assert_eq!(svg.matches("class=\"piece\"").count(), 128);
    // A tour as numbered squares and a path.
    let file = dir.join("tour.svg");
    let out = sqlchess(&[
        "puzzle",
        "tour",
        "--piece",
        "zebra",
        "--board",
        "16x16",
        "--svg",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(last_line(&out).split(' ').count(), 256);
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.contains("class=\"path\"") && svg.contains(">256</text>"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn place_errors() {
    let out = sqlchess(&["puzzle", "place", "--piece", "dragon"]);
    assert!(!out.status.success());
    assert!(stdout(&out).is_empty());
    assert!(
        stderr(&out).starts_with("sqlchess: piece \"dragon\""),
        "{}",
        stderr(&out)
    );
    let out = sqlchess(&["puzzle", "place", "--piece", "Q", "--board", "17x8"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("17x8"));
    let out = sqlchess(&[
        "puzzle", "place", "--piece", "Q", "--board", "2x2", "--count", "5",
    ]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("count 5"));
}

#[test]
fn tours() {
    let out = sqlchess(&["puzzle", "tour", "--piece", "knight", "--board", "4x4"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).is_empty());
    assert!(stderr(&out).contains("no tour"), "{}", stderr(&out));
    let out = sqlchess(&[
        "puzzle", "tour", "--piece", "N", "--board", "8x8", "--closed", "--from", "d4", "--holes",
        "",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let squares: Vec<String> = last_line(&out).split(' ').map(str::to_owned).collect();
    assert_eq!(squares.len(), 64);
    assert_eq!(squares[0], "d4");
    assert!(stdout(&out).contains("64"));
    let out = sqlchess(&[
        "puzzle", "tour", "--piece", "knight", "--board", "5x5", "--holes", "a1,e5", "--from", "c3",
    ]);
    let line = last_line(&out);
    if out.status.success() {
        assert_eq!(line.split(' ').count(), 23);
        assert!(!line.contains("a1") && !line.contains("e5"));
    }
    let out = sqlchess(&["puzzle", "tour", "--piece", "rook"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("not a leaper"));
}

#[test]
fn render_text_and_svg() {
    let out = sqlchess(&["render"]);
    assert!(out.status.success());
    assert!(stdout(&out).starts_with(" 8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"));
    let dir = std::env::temp_dir().join(format!("sqlchess-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("board.svg");
    let out = sqlchess(&[
        "render",
        "--variant",
        "capablanca",
        "--svg",
        file.to_str().unwrap(),
        "--move",
        "e2e4",
        "--highlight",
        "j8",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("class=\"arrow\"") && svg.contains(">A</text>")
    );
    let out = sqlchess(&["render", "--move", "e2e5"]);
    assert!(!out.status.success());
    assert!(stdout(&out).is_empty());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn play_a_short_game_with_an_illegal_move() {
    let dir = std::env::temp_dir().join(format!("sqlchess-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("game.pgn");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sqlchess"))
        .args(["play", "--depth", "1", "--pgn", pgn.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"e2e4\ne2e5\nKe3\nmoves\nNf3\nresign\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("illegal move \"e2e5\""), "{text}");
    assert!(text.contains("illegal move \"Ke3\""), "{text}");
    assert!(text.contains("legal moves: "), "{text}");
    assert_eq!(text.matches("sqlchess plays ").count(), 2, "{text}");
    // Board drawn at the start and after each of the four moves.
    assert_eq!(text.matches("    a b c d e f g h").count(), 5, "{text}");
    let saved = std::fs::read_to_string(&pgn).unwrap();
    assert!(saved.contains("[Result \"0-1\"]"));
    assert!(
        saved.contains("1. e4 ") && saved.contains(" 2. Nf3 "),
        "{saved}"
    );
    assert!(saved.trim_end().ends_with("0-1"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn play_as_black_in_a_fairy_variant_until_input_ends() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sqlchess"))
        .args([
            "play",
            "--variant",
            "capablanca",
            "--depth",
            "1",
            "--color",
            "black",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"zz9\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("sqlchess plays "), "{text}");
    assert!(text.contains("illegal move \"zz9\""), "{text}");
    assert!(
        text.contains("[Variant \"capablanca\"]") && text.contains("[Result \"*\"]"),
        "{text}"
    );
}
