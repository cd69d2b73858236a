//! `sqlchess sql` end to end: output formats, several statements, errors.

use std::process::{Command, Output};

fn sqlchess(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sqlchess"))
        .args(args)
        .output()
        .expect("run sqlchess")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn csv_has_a_header_and_quotes() {
    let out = sqlchess(&[
        "sql",
        "--csv",
        "SELECT 'a,b' AS label, count(*) AS pairs FROM all_moves",
    ]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "label,pairs\n\"a,b\",4032\n");
}

#[test]
fn every_result_set_of_a_batch_prints() {
    let out = sqlchess(&[
        "sql",
        "--csv",
        "CREATE TABLE p(fen TEXT); \
         INSERT INTO p VALUES ('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'); \
         SELECT count(*) AS moves FROM p, legal_moves(p.fen); \
         SELECT perft(fen, 3) AS nodes FROM p",
    ]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "moves\n20\n\nnodes\n8902\n");
}

#[test]
fn errors_go_to_stderr_and_nothing_to_stdout() {
    let out = sqlchess(&[
        "sql",
        "SELECT 1 AS one; SELECT apply_move('nonsense', 'e4')",
    ]);
    assert!(!out.status.success());
    assert_eq!(stdout(&out), "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("sqlchess: fen field"), "{err}");
}

#[test]
fn a_database_file_keeps_user_tables_only() {
    let dir = std::env::temp_dir().join(format!("sqlchess-sql-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let db = db.to_str().unwrap();
    let _ = std::fs::remove_file(db);
    assert!(
        sqlchess(&["sql", "--db", db, "CREATE TABLE games(fen TEXT)"])
            .status
            .success()
    );
    let out = sqlchess(&[
        "sql",
        "--db",
        db,
        "--csv",
        "SELECT name FROM sqlite_master ORDER BY name",
    ]);
    assert_eq!(stdout(&out), "name\ngames\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_shell_reads_statements_from_standard_input() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sqlchess"))
        .args(["sql", "--csv"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"SELECT count(*) AS n\nFROM board;\nSELECT nope;\n.quit\n")
        .unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(stdout(&out), "n\n64\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("no such column: nope"));
}

/// `import` then `export`: every good game in, rejects kept verbatim, a
/// re-run imports nothing twice, exit codes as the README says.
#[test]
fn import_and_export_round_trip() {
    let dir = std::env::temp_dir().join(format!("sqlchess-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    let good = "[Event \"a\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
    let bad = "[Event \"b\"]\n\n1. e4 e4 *\n\n";
    std::fs::write(&pgn, format!("{good}{bad}{good}")).unwrap();
    let db = dir.join("g.db");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_sqlchess"))
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&[
        "import",
        "--db",
        db.to_str().unwrap(),
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("3 games read, 2 imported, 1 rejected"),
        "{err}"
    );
    let rejects = std::fs::read_to_string(dir.join("g.db.rejects.pgn")).unwrap();
    assert_eq!(rejects.trim(), bad.trim());
    let again = run(&[
        "import",
        "--db",
        db.to_str().unwrap(),
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(again.status.code(), Some(0));
    let out = run(&[
        "export",
        "--db",
        db.to_str().unwrap(),
        "--where",
        "game_no = 3",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.trim(), good.trim(), "{text}");
    let out = run(&["sql", "--db", "/nonexistent/dir/x.db", "SELECT 1"]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["import", "--db", db.to_str().unwrap(), "/nonexistent.pgn"]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn import_postgres_usage_and_connection_errors_exit_2() {
    // `--db` and `--postgres` are exclusive; a server that does not answer
    // (127.0.0.1 port 1) is an I/O error. Imports into a real server are
    // tested by scripts/ci-pg.sh against SQLite's answers.
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_sqlchess"))
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&[
        "import",
        "--db",
        "x.db",
        "--postgres",
        "host=127.0.0.1 port=1",
        "a.pgn",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be used with"));
    let out = run(&[
        "import",
        "--postgres",
        "host=127.0.0.1 port=1 user=nobody connect_timeout=5",
        "a.pgn",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cannot connect to PostgreSQL"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Ctrl-C (SIGINT) in the shell cancels the running statement — a perft of
/// hours — with an `interrupted` error, and the shell answers the next one.
#[cfg(unix)]
#[test]
fn ctrl_c_cancels_the_running_statement_and_the_shell_goes_on() {
    use std::io::Write;
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sqlchess"))
        .args(["sql", "--csv"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Depth 9 from the start: 2,439,530,234,167 leaves.
    stdin
        .write_all(
            b"SELECT perft('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 9) AS n;\n",
        )
        .unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let sent = Instant::now();
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    stdin.write_all(b"SELECT 6 * 7 AS answer;\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let took = sent.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?} {stderr}", out.status);
    assert!(stderr.contains("perft interrupted"), "{stderr}");
    // The interrupted statement's header, then the next statement's rows.
    assert_eq!(stdout(&out), "n\nanswer\n42\n");
    assert!(took < Duration::from_secs(10), "took {took:?} after SIGINT");
}
