//! The documents' SQL examples, executed: every fenced `sql` block of
//! `docs/sets.md`, `docs/sql.md` and `docs/puzzles.md` runs on one
//! connection per document, in order, and its output (as `sqlchess sql`
//! prints it on a terminal, or `error: <message>`) must equal the fenced
//! `text` block right after it.
//!
//! `SQLCHESS_BLESS=1 cargo test -p sqlchess-sqlite --test docs` rewrites the
//! output blocks instead; review the diff before committing it.

use std::path::PathBuf;

use sqlchess_sqlite::{open_in_memory, run, Format};

/// One example: the SQL, the line range of its output block's body, and
/// the output printed there.
struct Example {
    sql: String,
    body: std::ops::Range<usize>,
    expected: String,
}

fn examples(lines: &[&str]) -> Vec<Example> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_end() != "```sql" {
            i += 1;
            continue;
        }
        let start = i + 1;
        let end = (start..lines.len())
            .find(|&j| lines[j].trim_end() == "```")
            .expect("unclosed sql block");
        let sql = lines[start..end].join("\n");
        let mut j = end + 1;
        while j < lines.len() && lines[j].trim().is_empty() {
            j += 1;
        }
        assert_eq!(
            lines.get(j).map(|l| l.trim_end()),
            Some("```text"),
            "sql block ending on line {} has no text block after it",
            end + 1
        );
        let body_start = j + 1;
        let body_end = (body_start..lines.len())
            .find(|&k| lines[k].trim_end() == "```")
            .expect("unclosed text block");
        let expected = lines[body_start..body_end]
            .iter()
            .map(|l| format!("{l}\n"))
            .collect();
        out.push(Example {
            sql,
            body: body_start..body_end,
            expected,
        });
        i = body_end + 1;
    }
    out
}

/// Runs `docs/<doc>`, which must hold at least `at_least` examples.
fn check(doc: &str, at_least: usize) {
    check_on(doc, at_least, open_in_memory().unwrap());
}

/// Runs `docs/<doc>` on `conn`.
fn check_on(doc: &str, at_least: usize, conn: sqlchess_sqlite::rusqlite::Connection) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs")
        .join(doc);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let lines: Vec<&str> = text.lines().collect();
    let examples = examples(&lines);
    assert!(
        examples.len() >= at_least,
        "{doc} has {} SQL examples, expected at least {at_least}",
        examples.len()
    );
    let bless = std::env::var_os("SQLCHESS_BLESS").is_some();
    let mut failures = Vec::new();
    let mut actual_outputs = Vec::new();
    for ex in &examples {
        let mut buf = Vec::new();
        let actual = match run(&conn, &ex.sql, Format::Table, &mut buf) {
            Ok(()) => String::from_utf8(buf).unwrap(),
            Err(err) => format!("error: {err}\n"),
        };
        if actual != ex.expected {
            failures.push(format!(
                "{doc}, output block at line {}:\n--- sql\n{}\n--- expected\n{}--- actual\n{}",
                ex.body.start, ex.sql, ex.expected, actual
            ));
        }
        actual_outputs.push(actual);
    }
    if bless {
        let mut new = Vec::new();
        let mut next = 0;
        for (ex, actual) in examples.iter().zip(&actual_outputs) {
            new.extend(lines[next..ex.body.start].iter().map(|l| l.to_string()));
            new.extend(actual.lines().map(str::to_owned));
            next = ex.body.end;
        }
        new.extend(lines[next..].iter().map(|l| l.to_string()));
        std::fs::write(&path, new.join("\n") + "\n").unwrap();
        return;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn sets_md() {
    check("sets.md", 1);
}

#[test]
fn sql_md() {
    check("sql.md", 1);
}

/// docs/explorer.md runs on the checked-in generated corpus
/// (crates/sqlchess-pgn/tests/data/corpus.pgn) imported as `sqlchess
/// import` imports it.
#[test]
fn explorer_md() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../sqlchess-pgn/tests/data/corpus.pgn");
    let pgn = std::fs::read(&path).unwrap();
    let mut conn = sqlchess_sqlite::rusqlite::Connection::open_in_memory().unwrap();
    let mut importer =
        sqlchess_sqlite::games::Importer::new(&mut conn, "corpus.pgn", pgn.len() as u64, 500)
            .unwrap();
    sqlchess_pgn::read_games(&pgn[..], 2, true, |g| {
        importer.add(g).map_err(std::io::Error::other)?;
        Ok(true)
    })
    .unwrap();
    importer.commit(true).unwrap();
    sqlchess_sqlite::register(&conn).unwrap();
    check_on("explorer.md", 6, conn);
}

#[test]
fn puzzles_md() {
    check("puzzles.md", 4);
}

/// The figures the document states, asserted here independently of its
/// output blocks: 92 solutions for eight queens, 4 for six, 5! rooks on 5x5.
#[test]
fn queens_in_sql() {
    let conn = open_in_memory().unwrap();
    let count = |piece: &str, n: u32| -> i64 {
        conn.execute_batch(&format!(
            "DROP TABLE IF EXISTS temp.g; DROP TABLE IF EXISTS temp.c;
             CREATE TEMP TABLE g AS SELECT * FROM piece_geometry('{piece}', {n}, {n});
             CREATE TEMP TABLE c AS SELECT from_square AS a, to_square AS b FROM g
               UNION SELECT to_square, from_square FROM g;
             CREATE INDEX c_b ON c(b, a);"
        ))
        .unwrap();
        conn.query_row(
            &format!(
                "WITH RECURSIVE s AS (SELECT DISTINCT from_square AS square, y FROM g),
                 place(rank, squares) AS (
                   SELECT 0, ' ' UNION ALL
                   SELECT p.rank + 1, p.squares || s.square || ' '
                   FROM place p JOIN s ON s.y = p.rank + 1
                   WHERE NOT EXISTS (SELECT 1 FROM c WHERE c.b = s.square
                     AND instr(p.squares, ' ' || c.a || ' ') > 0))
                 SELECT count(*) FROM place WHERE rank = {n}"
            ),
            [],
            |r| r.get(0),
        )
        .unwrap()
    };
    assert_eq!(count("queen", 8), 92);
    assert_eq!(count("queen", 6), 4);
    assert_eq!(count("rook", 5), 120);
}

/// The tutorials' figures, written here independently of the document.
#[test]
fn tutorial_counts() {
    let conn = open_in_memory().unwrap();
    let count = |sql: &str| -> i64 { conn.query_row(sql, [], |r| r.get(0)).unwrap() };
    assert_eq!(count("SELECT count(*) FROM all_moves"), 4032);
    let derived = [
        ("rook", "x = xi OR y = yi", 896),
        ("bishop", "abs(x - xi) = abs(y - yi)", 560),
        ("knight", "abs(x - xi) * abs(y - yi) = 2", 336),
        (
            "queen",
            "x = xi OR y = yi OR abs(x - xi) = abs(y - yi)",
            1456,
        ),
        ("king", "max(abs(x - xi), abs(y - yi)) = 1", 420),
    ];
    for (piece, rule, n) in derived {
        assert_eq!(
            count(&format!("SELECT count(*) FROM all_moves WHERE {rule}")),
            n,
            "{piece}"
        );
        assert_eq!(
            count(&format!(
                "SELECT count(*) FROM piece_moves WHERE piece = '{piece}'"
            )),
            n,
            "{piece}"
        );
    }
    let crossed = [
        ("bishop", 784),
        ("rook", 1792),
        ("queen", 2576),
        ("king", 0),
        ("zebra", 0),
    ];
    for (piece, n) in crossed {
        assert_eq!(
            count(&format!(
                "SELECT sum(crossed) FROM piece_moves WHERE piece = '{piece}'"
            )),
            n,
            "{piece}"
        );
    }
    assert_eq!(
        count("SELECT count(*) FROM piece_moves WHERE piece = 'zebra'"),
        240
    );
    assert_eq!(
        count(
            "SELECT count(*) FROM (SELECT from_square, to_square FROM piece_moves \
             WHERE piece IN ('rook', 'bishop', 'knight') GROUP BY 1, 2)"
        ),
        1792
    );
}
