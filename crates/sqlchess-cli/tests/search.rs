//! `sqlchess bestmove`, `selfplay` and `uci` end to end.

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

fn last_line(out: &Output) -> String {
    stdout(out).lines().last().unwrap_or_default().to_owned()
}

#[test]
fn bestmove_finds_the_mate() {
    let out = sqlchess(&[
        "bestmove",
        "--fen",
        "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1",
        "--depth",
        "3",
    ]);
    assert!(out.status.success());
    assert_eq!(last_line(&out), "bestmove e1e8");
}

#[test]
fn bestmove_by_time_and_in_a_fairy_variant() {
    let out = sqlchess(&["bestmove", "--movetime", "100"]);
    assert!(out.status.success());
    assert!(last_line(&out).starts_with("bestmove "));
    let out = sqlchess(&["bestmove", "--variant", "capablanca", "--depth", "2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(last_line(&out).starts_with("bestmove "));
}

/// `--threads`: Lazy SMP finds the same mate; out of range is a usage error.
#[test]
fn bestmove_with_threads() {
    let out = sqlchess(&[
        "bestmove",
        "--fen",
        "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1",
        "--depth",
        "4",
        "--threads",
        "2",
    ]);
    assert!(out.status.success());
    assert_eq!(last_line(&out), "bestmove e1e8");
    for bad in ["0", "257", "two"] {
        let out = sqlchess(&["bestmove", "--depth", "1", "--threads", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--threads"));
    }
}

#[test]
fn bestmove_errors() {
    // Game over: an error, nothing on standard output.
    let out = sqlchess(&[
        "bestmove",
        "--fen",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "--depth",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("sqlchess: "));
    // A limit is required.
    let out = sqlchess(&["bestmove"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn selfplay_chess_prints_pgn_and_the_result() {
    let out = sqlchess(&[
        "selfplay",
        "--fen",
        "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1",
        "--depth",
        "2",
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("[FEN \"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\"]"));
    assert!(text.contains("1. Re8# 1-0"), "{text}");
    assert_eq!(last_line(&out), "1-0");
}

#[test]
fn selfplay_tictactoe_is_a_draw() {
    let out = sqlchess(&["selfplay", "--game", "tictactoe"]);
    assert!(out.status.success());
    assert_eq!(last_line(&out), "1/2-1/2");
}

#[test]
fn uci_session() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sqlchess"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run sqlchess uci");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"uci\nisready\nposition startpos moves e2e4\ngo depth 4\n")
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.lines().any(|l| l == "uciok"));
    assert!(text.lines().any(|l| l == "readyok"));
    assert!(text.lines().any(|l| l.starts_with("info depth 4 ")));
    assert!(last_line(&out).starts_with("bestmove "), "{text}");
}

/// The half-move clock of a fairy position counts in the CLI as in SQL (the
/// CLI used to reset it): with 99 reversible plies behind, every queen move
/// draws by the fifty-move rule.
#[test]
fn bestmove_keeps_a_fairy_positions_clock() {
    let run = |clock: &str| {
        let fen = format!("6k3/10/10/10/10/10/10/Q3K5 w - - {clock} 80");
        let out = sqlchess(&[
            "bestmove",
            "--variant",
            "capablanca",
            "--fen",
            &fen,
            "--depth",
            "2",
            "--verbose",
        ]);
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let drawn = run("99");
    assert!(drawn.contains("depth 2 score cp 0 "), "{drawn}");
    let winning = run("0");
    assert!(!winning.contains("depth 2 score cp 0 "), "{winning}");
}

/// `sqlchess variants` lists every variant `--variant` accepts.
#[test]
fn variants_lists_every_accepted_name() {
    let out = sqlchess(&["variants"]);
    let names = stdout(&out);
    for name in [
        "chess",
        "chess960",
        "capablanca",
        "xiangqi",
        "makruk",
        "shogi",
    ] {
        assert!(names.lines().any(|l| l == name), "{name} missing: {names}");
        let out = sqlchess(&["perft", "--variant", name, "1"]);
        assert!(out.status.success(), "{name}");
    }
}
