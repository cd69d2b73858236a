//! PGN → SQLite → PGN on the generated corpus that the python-chess
//! differential test uses (crates/sqlchess-pgn/tests/data/corpus.pgn): every
//! game imported with the [`Importer`] (as `sqlchess import` does), exported
//! with `to_pgn(game, tags)`, and read again: the same tags, start, moves,
//! comments, NAGs, clocks, evaluations and result as the original, and one
//! `game_positions` row per position.

use std::path::PathBuf;

use sqlchess_pgn::{open_pgn, read_games, GameReader, GameValue, ParsedGame, Reader};
use sqlchess_sqlite::games::{Imported, Importer};

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../sqlchess-pgn/tests/data/corpus.pgn")
}

fn read_all(text: &[u8]) -> Vec<ParsedGame> {
    let mut reader = Reader::new(text);
    let mut visitor = GameReader::new();
    let mut out = Vec::new();
    while let Some(g) = reader.read_game(&mut visitor).unwrap() {
        out.push(g);
    }
    out
}

#[test]
fn corpus_round_trips_through_sqlite() {
    let path = corpus();
    let text = std::fs::read(&path).unwrap();
    let originals: Vec<ParsedGame> = read_all(&text)
        .into_iter()
        .filter(|g| g.error.is_none())
        .collect();
    assert!(originals.len() >= 70);

    let mut conn = sqlchess_sqlite::open_in_memory().unwrap();
    let mut stored = 0;
    let mut rejected = 0;
    {
        let mut importer = Importer::new(&mut conn, "corpus.pgn", text.len() as u64, 16).unwrap();
        read_games(open_pgn(&path).unwrap(), 2, true, |g| {
            match importer.add(g).map_err(std::io::Error::other)? {
                Imported::Stored => stored += 1,
                Imported::Rejected => rejected += 1,
                Imported::AlreadyIn => panic!("a fresh database has nothing in"),
            }
            Ok(true)
        })
        .unwrap();
        importer.commit(true).unwrap();
    }
    assert_eq!(stored, originals.len());
    assert!(rejected >= 2, "the corpus has broken games");

    // One position row per position of every game.
    let (positions, plies): (i64, i64) = conn
        .query_row(
            "SELECT (SELECT count(*) FROM game_positions), (SELECT sum(ply_count + 1) FROM games)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(positions, plies);

    let mut stmt = conn
        .prepare("SELECT game, to_pgn(game, tags) FROM games ORDER BY id")
        .unwrap();
    let rows: Vec<(Vec<u8>, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(rows.len(), originals.len());
    for (orig, (value, pgn)) in originals.iter().zip(&rows) {
        let again = read_all(pgn.as_bytes());
        assert_eq!(again.len(), 1, "{pgn}");
        let again = &again[0];
        assert!(again.error.is_none(), "{:?}\n{pgn}", again.error);
        let n = orig.number;
        assert_eq!(&orig.value().unwrap(), value, "game {n}: stored value");
        assert_eq!(
            again.value().unwrap(),
            *value,
            "game {n}: value after export\n{pgn}"
        );
        let (a, b) = (
            GameValue::decode(value).unwrap(),
            GameValue::decode(&again.value().unwrap()).unwrap(),
        );
        assert_eq!(a.sans(), b.sans(), "game {n}");
        assert_eq!(
            a.annotations, b.annotations,
            "game {n}: comments, NAGs, clocks, evals"
        );
        assert_eq!(orig.start, again.start, "game {n}: start");
        assert_eq!(orig.result, again.result, "game {n}: result");
        // Every tag comes back (the writer may add the roster's defaults).
        for (name, v) in &orig.tags {
            assert_eq!(
                again.tag(name),
                Some(v.as_str()),
                "game {n}: tag {name}\n{pgn}"
            );
        }
    }
}
