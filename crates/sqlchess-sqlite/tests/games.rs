//! Games as relations in SQLite: read_pgn, pgn_games, game_moves, the game
//! functions, and the importer's tables (resumable, rejects kept).
#![allow(clippy::type_complexity)] // row tuples read straight from SQL

use sqlchess_pgn::read_games;
use sqlchess_sqlite::games::{Imported, Importer};
use sqlchess_sqlite::rusqlite::Connection;

const PGN: &str = r#"[Event "Casual"]
[Site "https://example.org/1"]
[Date "2024.03.01"]
[Round "-"]
[White "Alice"]
[Black "Bob"]
[Result "1-0"]
[WhiteElo "1850"]
[BlackElo "1790"]
[TimeControl "300+0"]

1. e4 {[%eval 0.2] [%clk 0:05:00]} 1... e5 {[%clk 0:04:58.5]} 2. Nf3 $1 Nc6 (2... d6 3. d4) 3. Bb5 a6 4. Ba4 1-0

[Event "Broken"]
[White "Carol"]
[Black "Dave"]
[Result "*"]

1. e4 e5 2. Ke3 *

[Event "Capa"]
[Variant "Capablanca"]
[Result "*"]

1. e4 e5 2. Nbc3 Ad6 *
"#;

fn conn() -> Connection {
    sqlchess_sqlite::open_in_memory().unwrap()
}

#[test]
fn pgn_games_rows_with_errors() {
    let c = conn();
    let mut stmt = c
        .prepare(
            "SELECT game_no, white, black, white_elo, variant, ply_count, result, error IS NULL, \
             json_extract(tags, '$.TimeControl') FROM pgn_games(?1) ORDER BY game_no",
        )
        .unwrap();
    let rows: Vec<(
        i64,
        Option<String>,
        Option<String>,
        Option<i64>,
        String,
        i64,
        String,
        bool,
        Option<String>,
    )> = stmt
        .query_map([PGN], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
                r.get(7)?,
                r.get(8)?,
            ))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0].1.as_deref(), Some("Alice"));
    assert_eq!(rows[0].3, Some(1850));
    assert_eq!((rows[0].5, rows[0].7), (7, true));
    assert_eq!(rows[0].8.as_deref(), Some("300+0"));
    assert!(!rows[1].7);
    assert_eq!(rows[2].4, "capablanca");
    assert_eq!(rows[2].5, 4);
    let err: String = c
        .query_row(
            "SELECT error FROM pgn_games(?1) WHERE game_no = 2",
            [PGN],
            |r| r.get(0),
        )
        .unwrap();
    assert!(
        err.starts_with("game 2 (line 14): move 2. illegal move \"Ke3\""),
        "{err}"
    );
}

#[test]
fn read_pgn_reads_files_and_says_when_it_cannot() {
    let dir = std::env::temp_dir().join(format!("sqlchess-games-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t.pgn");
    std::fs::write(&path, PGN).unwrap();
    let c = conn();
    let n: i64 = c
        .query_row(
            "SELECT count(*) FROM read_pgn(?1)",
            [path.to_str().unwrap()],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(n, 3);
    let err = c
        .query_row(
            "SELECT count(*) FROM read_pgn('/nonexistent/x.pgn')",
            [],
            |r| r.get::<_, i64>(0),
        )
        .unwrap_err()
        .to_string();
    assert!(err.contains("cannot read \"/nonexistent/x.pgn\""), "{err}");
    let none: i64 = c
        .query_row("SELECT count(*) FROM read_pgn(NULL)", [], |r| r.get(0))
        .unwrap();
    assert_eq!(none, 0);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn game_functions() {
    let c = conn();
    let (ply7, fen): (String, String) = c
        .query_row(
            "SELECT position_at(game, 7), final_fen FROM pgn_games(?1) WHERE game_no = 1",
            [PGN],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(ply7, fen);
    let moves: Vec<(
        i64,
        String,
        String,
        Option<String>,
        Option<f64>,
        Option<f64>,
    )> = c
        .prepare(
            "SELECT m.ply, m.uci, m.san, m.nags, m.clock, m.eval \
             FROM pgn_games(?1) g, game_moves(g.game) m WHERE g.game_no = 1 ORDER BY m.ply",
        )
        .unwrap()
        .query_map([PGN], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(moves.len(), 7);
    assert_eq!(moves[0].1, "e2e4");
    assert_eq!(moves[0].4, Some(300.0));
    assert_eq!(moves[0].5, Some(0.2));
    assert_eq!(moves[1].4, Some(298.5));
    assert_eq!(moves[2].2, "Nf3");
    assert_eq!(moves[2].3.as_deref(), Some("$1"));
    let pgn: String = c
        .query_row(
            "SELECT to_pgn(game, tags) FROM pgn_games(?1) WHERE game_no = 1",
            [PGN],
            |r| r.get(0),
        )
        .unwrap();
    assert!(
        pgn.contains("[White \"Alice\"]") && pgn.contains("[TimeControl \"300+0\"]"),
        "{pgn}"
    );
    assert!(
        pgn.contains("1. e4 {[%eval 0.20] [%clk 0:05:00]} 1... e5"),
        "{pgn}"
    );
    let same: i64 = c
        .query_row(
            "SELECT game_from_moves('e4 e5 Nf3 Nc6 Bb5 a6 Ba4') = \
             game_from_moves('e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4')",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(same, 1);
    let err = c
        .query_row("SELECT game_from_moves('e4 e4')", [], |r| {
            r.get::<_, Vec<u8>>(0)
        })
        .unwrap_err()
        .to_string();
    assert!(err.contains("illegal move \"e4\""), "{err}");
    let key: i64 = c
        .query_row(
            "SELECT position_key('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5 9') \
             = position_key('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(key, 1);
}

#[test]
fn import_is_resumable_and_keeps_rejects() {
    let mut c = Connection::open_in_memory().unwrap();
    let run = |c: &mut Connection| {
        let mut importer = Importer::new(c, "/data/t.pgn", PGN.len() as u64, 2).unwrap();
        let mut outcomes = Vec::new();
        read_games(PGN.as_bytes(), 2, true, |g| {
            outcomes.push(importer.add(g).map_err(std::io::Error::other)?);
            Ok(true)
        })
        .unwrap();
        importer.commit(true).unwrap();
        outcomes
    };
    assert_eq!(
        run(&mut c),
        [Imported::Stored, Imported::Rejected, Imported::Stored]
    );
    assert_eq!(run(&mut c), [Imported::AlreadyIn; 3]);
    let (games, positions): (i64, i64) = c
        .query_row(
            "SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM game_positions)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((games, positions), (2, 8 + 5));
    sqlchess_sqlite::register(&c).unwrap();
    // The games that reached the position after 1. e4 e5: both, at ply 2.
    let at: Vec<(i64, i64)> = c
        .prepare(
            "SELECT game_id, ply FROM game_positions \
             WHERE position = position_key('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2') \
             ORDER BY game_id",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(at, [(1, 2)]);
}
