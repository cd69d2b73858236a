//! Position search and the opening explorer over imported games, checked
//! against a brute-force scan: every game replayed with the rules facade.

use std::collections::BTreeMap;

use sqlchess_pgn::{read_games, GameValue};
use sqlchess_rules::Position;
use sqlchess_sqlite::explorer::rebuild;
use sqlchess_sqlite::games::Importer;
use sqlchess_sqlite::rusqlite::Connection;

/// A seeded corpus with transpositions: openings from a small book, then
/// random legal moves; ratings, dates and time controls vary.
fn corpus() -> String {
    let book = [
        "e4 e5 Nf3 Nc6 Bb5",
        "e4 e5 Nf3 Nc6 Bc4",
        "Nf3 Nc6 e4 e5 Bb5",
        "d4 d5 c4 e6 Nc3",
        "d4 Nf6 c4 e6 Nc3",
        "c4 e6 d4 d5 Nc3",
        "e4 c5 Nf3 d6 d4",
    ];
    let mut rng = sqlchess_types::XorShift64::new(77);
    let mut out = String::new();
    for i in 0..120 {
        let line = book[rng.below(book.len())];
        let mut pos = Position::start(&sqlchess_rules::Variant::chess());
        let mut sans = Vec::new();
        for m in line.split(' ') {
            sans.push(m.to_owned());
            pos = pos.play_text(m).unwrap();
        }
        for _ in 0..rng.below(40) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            sans.push(pos.san(mv));
            pos = pos.play_unchecked(mv);
        }
        let result = ["1-0", "0-1", "1/2-1/2"][rng.below(3)];
        let tc = ["60+0", "180+2", "600+5"][rng.below(3)];
        let (we, be) = (1200 + rng.below(1200), 1200 + rng.below(1200));
        out.push_str(&format!(
            "[Event \"t{i}\"]\n[White \"p{}\"]\n[Black \"p{}\"]\n[Result \"{result}\"]\n[WhiteElo \"{we}\"]\n[BlackElo \"{be}\"]\n[TimeControl \"{tc}\"]\n[Date \"2024.01.{:02}\"]\n\n{} {result}\n\n",
            i % 7,
            i % 5,
            1 + i % 28,
            sans.join(" ")
        ));
    }
    out
}

fn import(pgn: &str) -> Connection {
    let mut c = Connection::open_in_memory().unwrap();
    let mut importer = Importer::new(&mut c, "corpus", pgn.len() as u64, 50).unwrap();
    read_games(pgn.as_bytes(), 2, true, |g| {
        importer.add(g).map_err(std::io::Error::other)?;
        Ok(true)
    })
    .unwrap();
    importer.commit(true).unwrap();
    sqlchess_sqlite::register(&c).unwrap();
    c
}

/// Every stored game replayed: (id, value, result, white elo, black elo).
fn games(c: &Connection) -> Vec<(i64, GameValue, String, i64, i64)> {
    c.prepare("SELECT id, game, result, white_elo, black_elo FROM games ORDER BY id")
        .unwrap()
        .query_map([], |r| {
            let bytes: Vec<u8> = r.get(1)?;
            Ok((
                r.get(0)?,
                GameValue::decode(&bytes).unwrap(),
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
            ))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn games_at_equals_a_brute_force_scan() {
    let c = import(&corpus());
    let all = games(&c);
    // Positions to look up: every position of the first games.
    let mut probes = Vec::new();
    for (_, g, ..) in all.iter().take(6) {
        probes.extend(g.positions().into_iter().step_by(3));
    }
    for probe in probes {
        let key = probe.without_clocks();
        let mut want = Vec::new();
        for (id, g, ..) in &all {
            for (ply, p) in g.positions().iter().enumerate() {
                if p.without_clocks() == key {
                    want.push((*id, ply as i64));
                }
            }
        }
        let got: Vec<(i64, i64)> = c
            .prepare("SELECT game_id, ply FROM games_at(?1) ORDER BY game_id, ply")
            .unwrap()
            .query_map([probe.fen()], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(got, want, "{}", probe.fen());
        assert!(!got.is_empty());
    }
}

#[test]
fn opening_tree_equals_a_brute_force_count() {
    let c = import(&corpus());
    let all = games(&c);
    let root = Position::start(&sqlchess_rules::Variant::chess())
        .play_text("e4")
        .unwrap()
        .play_text("e5")
        .unwrap();
    let key = root.without_clocks();
    // uci -> (games, white, draws, black)
    let mut want: BTreeMap<String, (i64, i64, i64, i64)> = BTreeMap::new();
    for (_, g, result, ..) in &all {
        let positions = g.positions();
        for (ply, p) in positions.iter().enumerate() {
            if p.without_clocks() == key {
                if let Some(Some(mv)) = g.moves.get(ply) {
                    let e = want.entry(p.uci(*mv)).or_default();
                    e.0 += 1;
                    match result.as_str() {
                        "1-0" => e.1 += 1,
                        "1/2-1/2" => e.2 += 1,
                        _ => e.3 += 1,
                    }
                }
            }
        }
    }
    let tree = |c: &Connection, sql: &str| -> BTreeMap<String, (i64, i64, i64, i64)> {
        c.prepare(sql)
            .unwrap()
            .query_map([root.fen()], |r| {
                Ok((r.get(0)?, (r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
            })
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let sql = "SELECT uci, games, white_wins, draws, black_wins FROM opening_tree(?1)";
    assert_eq!(tree(&c, sql), want);
    assert!(!want.is_empty());
    // The exact path (a date filter that keeps everything) agrees.
    let exact = "SELECT uci, games, white_wins, draws, black_wins \
                 FROM opening_tree(?1, 'chess', NULL, NULL, NULL, '2000.01.01')";
    assert_eq!(tree(&c, exact), want);
    // Rebuilding the aggregate from the games gives the same tree.
    let mut c = c;
    rebuild(&mut c).unwrap();
    assert_eq!(tree(&c, sql), want);
    // Most played first.
    let first: i64 = c
        .query_row(
            "SELECT games FROM opening_tree(?1) LIMIT 1",
            [root.fen()],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(first, want.values().map(|v| v.0).max().unwrap());
}

#[test]
fn material_search_and_opening_names() {
    let c = import(&corpus());
    let all = games(&c);
    // Games that ever had exactly this material: indexed by game_materials.
    let target = "KQRRBBNNPPPPPPPPkqrrbbnnppppppp"; // Black has lost a pawn.
    let mut want: Vec<i64> = all
        .iter()
        .filter(|(_, g, ..)| g.positions().iter().any(|p| p.material() == target))
        .map(|(id, ..)| *id)
        .collect();
    want.dedup();
    let got: Vec<i64> = c
        .prepare("SELECT DISTINCT game_id FROM game_materials WHERE material = ?1 ORDER BY 1")
        .unwrap()
        .query_map([target], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(got, want);
    let (eco, name): (String, String) = c
        .query_row(
            "SELECT eco, name FROM opening('r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3')",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(eco, "C60");
    assert!(name.starts_with("Ruy Lopez"), "{name}");
    // Import filled the missing ECO tags by the deepest named position.
    let named: i64 = c
        .query_row(
            "SELECT count(*) FROM games WHERE eco IS NOT NULL",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(named as usize, all.len());
    let m: String = c
        .query_row(
            "SELECT material('8/5k2/8/3r4/8/8/2R2PK1/8 w - - 0 40')",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(m, "KRPkr");
    let p: i64 = c
        .query_row(
            "SELECT matches_pattern('r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3', '8/8/8/1B6/4P3/8/8/8')",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(p, 1);
    let err = c
        .query_row(
            "SELECT count(*) FROM games_at('8/8/8/8/8/8/8/K6k w - - 0 1')",
            [],
            |r| r.get::<_, i64>(0),
        )
        .map(|_| ())
        .err();
    assert!(err.is_none());
    let empty = sqlchess_sqlite::open_in_memory().unwrap();
    let err = empty
        .query_row(
            "SELECT count(*) FROM games_at('8/8/8/8/8/8/8/K6k w - - 0 1')",
            [],
            |r| r.get::<_, i64>(0),
        )
        .unwrap_err()
        .to_string();
    assert!(err.contains("no games in this database"), "{err}");
}

/// The per-signature counts a material search filters on, computed here
/// from the signature's letters (independently of the SQL that fills
/// `material_signatures`).
#[derive(Debug, Default)]
struct Counts {
    pieces: String,
    white: [i64; 5],
    black: [i64; 5],
    white_total: i64,
    black_total: i64,
}

impl Counts {
    fn of(material: &str) -> Counts {
        let mut c = Counts::default();
        for ch in material.chars() {
            let side = if ch.is_ascii_uppercase() {
                c.white_total += 1;
                &mut c.white
            } else {
                c.black_total += 1;
                &mut c.black
            };
            if let Some(i) = "PQRBN".find(ch.to_ascii_uppercase()) {
                side[i] += 1;
            }
            if !ch.eq_ignore_ascii_case(&'P') {
                c.pieces.push(ch);
            }
        }
        c
    }
}

/// Material searches with ranges (`material_signatures` filtered, then
/// `game_materials` searched by its key) against a brute-force scan: every
/// game of the checked-in corpus (fairy variants included) replayed, every
/// position's signature counted; each game's first matching ply compared.
#[test]
fn material_ranges_equal_a_brute_force_scan() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../sqlchess-pgn/tests/data/corpus.pgn");
    let c = import(&std::fs::read_to_string(path).unwrap());
    let all = games(&c);
    type Test = fn(&Counts) -> bool;
    let searches: [(&str, Test, bool); 7] = [
        (
            "s.pieces = 'KRkr' AND s.white_pawns = 3 AND s.black_pawns = 2",
            |c| c.pieces == "KRkr" && c.white[0] == 3 && c.black[0] == 2,
            false,
        ),
        (
            "s.pieces = 'KRkr' AND s.white_pawns BETWEEN 1 AND 3 AND s.black_pawns <= 2",
            |c| c.pieces == "KRkr" && (1..=3).contains(&c.white[0]) && c.black[0] <= 2,
            true,
        ),
        (
            "s.pieces >= 'KR' AND s.pieces < 'KS' AND s.white_pawns > s.black_pawns",
            |c| c.pieces.as_str() >= "KR" && c.pieces.as_str() < "KS" && c.white[0] > c.black[0],
            true,
        ),
        (
            "s.white_queens >= 1 AND s.black_queens = 0",
            |c| c.white[1] >= 1 && c.black[1] == 0,
            true,
        ),
        (
            "s.white_bishops = 2 AND s.black_bishops < 2 AND s.white_knights + s.black_knights = 0",
            |c| c.white[3] == 2 && c.black[3] < 2 && c.white[4] + c.black[4] == 0,
            true,
        ),
        (
            "s.white_total + s.black_total <= 6",
            |c| c.white_total + c.black_total <= 6,
            true,
        ),
        (
            // Pieces other than K, Q, R, B, N and P: the fairy variants'.
            "s.white_total - s.white_pawns - s.white_queens - s.white_rooks - s.white_bishops
               - s.white_knights > 1",
            |c| c.white_total - c.white.iter().sum::<i64>() > 1,
            true,
        ),
    ];
    for (condition, test, nonempty) in searches {
        let mut want: Vec<(i64, i64)> = Vec::new();
        for (id, g, ..) in &all {
            if let Some(ply) = g
                .positions()
                .iter()
                .position(|p| test(&Counts::of(&p.material())))
            {
                want.push((*id, ply as i64));
            }
        }
        let sql = format!(
            "SELECT game_id, min(ply) FROM game_materials
             WHERE material IN (SELECT material FROM material_signatures s WHERE {condition})
             GROUP BY game_id ORDER BY game_id"
        );
        let got: Vec<(i64, i64)> = c
            .prepare(&sql)
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(got, want, "{condition}");
        assert_eq!(
            !got.is_empty(),
            nonempty,
            "{condition}: {} games",
            got.len()
        );
        // game_materials is searched by its key, never scanned.
        let plan: Vec<String> = c
            .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
            .unwrap()
            .query_map([], |r| r.get(3))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert!(
            plan.iter()
                .any(|d| d.starts_with("SEARCH game_materials USING PRIMARY KEY (material=?)")),
            "{condition}: {plan:?}"
        );
    }
    // Every stored signature has its row, with the counts computed here.
    let rows: Vec<(String, String, [i64; 12])> = c
        .prepare(
            "SELECT material, pieces, white_pawns, white_queens, white_rooks, white_bishops,
                    white_knights, black_pawns, black_queens, black_rooks, black_bishops,
                    black_knights, white_total, black_total
             FROM material_signatures ORDER BY material",
        )
        .unwrap()
        .query_map([], |r| {
            let mut n = [0i64; 12];
            for (i, v) in n.iter_mut().enumerate() {
                *v = r.get(i + 2)?;
            }
            Ok((r.get(0)?, r.get(1)?, n))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let distinct: i64 = c
        .query_row(
            "SELECT count(DISTINCT material) FROM game_materials",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(rows.len() as i64, distinct);
    for (material, pieces, n) in &rows {
        let k = Counts::of(material);
        let mut want = [0i64; 12];
        want[..5].copy_from_slice(&k.white);
        want[5..10].copy_from_slice(&k.black);
        want[10] = k.white_total;
        want[11] = k.black_total;
        assert_eq!((pieces, n), (&k.pieces, &want), "{material}");
    }
}

/// A database imported before `material_signatures` existed is upgraded in
/// place: by the next import (even of nothing new) and by `upgrade`.
#[test]
fn an_older_database_gets_material_signatures() {
    let mut c = import(&corpus());
    let before: i64 = c
        .query_row("SELECT count(*) FROM material_signatures", [], |r| r.get(0))
        .unwrap();
    assert!(before > 0);
    c.execute_batch("DROP TABLE material_signatures").unwrap();
    let err = c
        .query_row("SELECT count(*) FROM material_signatures", [], |r| {
            r.get::<_, i64>(0)
        })
        .unwrap_err()
        .to_string();
    assert!(err.contains("no such table: material_signatures"), "{err}");
    assert!(sqlchess_sqlite::explorer::upgrade(&c).unwrap());
    assert!(!sqlchess_sqlite::explorer::upgrade(&c).unwrap());
    let count = |c: &Connection| -> i64 {
        c.query_row("SELECT count(*) FROM material_signatures", [], |r| r.get(0))
            .unwrap()
    };
    assert_eq!(count(&c), before);
    // An empty table (left by an import of an older version) is filled too.
    c.execute_batch("DELETE FROM material_signatures").unwrap();
    drop(Importer::new(&mut c, "nothing", 0, 50).unwrap());
    assert_eq!(count(&c), before);
    // A database without games is left alone.
    let empty = Connection::open_in_memory().unwrap();
    assert!(!sqlchess_sqlite::explorer::upgrade(&empty).unwrap());
}

/// Every row of the relations import builds, in key order.
fn index_dump(c: &Connection) -> Vec<String> {
    let mut out = Vec::new();
    for sql in [
        "SELECT position || ' ' || game_id || ' ' || ply FROM game_positions",
        "SELECT material || ' ' || game_id || ' ' || ply FROM game_materials",
        "SELECT material || ' ' || pieces || ' ' || white_total || ' ' || black_total \
         FROM material_signatures",
        "SELECT concat_ws(' ', position, speed, band, uci, games, white_wins, draws, \
         black_wins, elo_sum, opponent_elo_sum, elo_count, last_played) FROM opening_moves",
    ] {
        let mut stmt = c.prepare(sql).unwrap();
        let rows = stmt.query_map([], |r| r.get::<_, String>(0)).unwrap();
        out.extend(rows.map(Result::unwrap));
        out.push("--".to_owned());
    }
    out
}

/// Sorting in a tiny budget (every relation spilled in many runs) and
/// resuming an import cut off after its first commit give the same rows as
/// one import in memory; the database here is a file, whose explorer
/// relations are built in a scratch database beside it and copied in.
#[test]
fn spilled_and_resumed_imports_index_the_same_rows() {
    let pgn = corpus();
    let want = index_dump(&import(&pgn));
    assert!(want.len() > 5000, "{}", want.len());

    let dir = std::env::temp_dir().join(format!("sqlchess-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.db");
    let _ = std::fs::remove_file(&file);
    // Left by an import killed while it indexed (no process has this id:
    // Linux's ids stay below 2^22): removed by the next import.
    let stale = dir.join(".sqlchess-import-4294967295-explorer.db");
    std::fs::write(&stale, b"").unwrap();
    let mut c = Connection::open(&file).unwrap();
    // Cut off: 50 games committed, 20 more read but lost, none indexed.
    {
        let mut importer = Importer::with_sort_memory(&mut c, "corpus", 1, 50, 1).unwrap();
        let mut n = 0;
        read_games(pgn.as_bytes(), 2, true, |g| {
            importer.add(g).map_err(std::io::Error::other)?;
            n += 1;
            Ok(n < 70)
        })
        .unwrap();
    }
    let (games, positions): (i64, i64) = c
        .query_row(
            "SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM game_positions)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((games, positions), (50, 0));
    // The next run skips the 50, indexes them with the rest.
    let mut importer = Importer::with_sort_memory(&mut c, "corpus", 1, 50, 1).unwrap();
    assert_eq!(importer.already_read(), 50);
    read_games(pgn.as_bytes(), 2, true, |g| {
        importer.add(g).map_err(std::io::Error::other)?;
        Ok(true)
    })
    .unwrap();
    importer.commit(true).unwrap();
    assert!(importer.is_complete());
    drop(importer);
    assert_eq!(index_dump(&c), want);
    // Rebuilding the explorer's relations of a file (in a scratch database
    // beside it, then copied in) gives them again.
    rebuild(&mut c).unwrap();
    assert_eq!(index_dump(&c), want);
    drop(c);
    // Nothing left beside the database: no sorted run, no scratch file.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with("games.db"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A database from before `import_state`, whose last games were still in
/// the staging tables, gets their rows from the next import (even of
/// nothing new), and loses the staging tables.
#[test]
fn an_older_database_with_staged_rows_is_indexed() {
    let pgn = corpus();
    let want = index_dump(&import(&pgn));
    // The first 100 games imported and indexed; the other 20 stored by an
    // import cut off before its end.
    let cut = pgn.match_indices("[Event ").nth(100).unwrap().0;
    let mut c = import(&pgn[..cut]);
    {
        let rest = &pgn[cut..];
        let mut importer = Importer::new(&mut c, "rest", rest.len() as u64, 5).unwrap();
        read_games(rest.as_bytes(), 2, true, |g| {
            importer.add(g).map_err(std::io::Error::other)?;
            Ok(true)
        })
        .unwrap();
        importer.commit(false).unwrap();
    }
    // As an older version left it: staging tables instead of import_state.
    c.execute_batch(
        "DROP TABLE import_state;
         CREATE TABLE staged_positions(position INTEGER, game_id INTEGER, ply INTEGER);
         INSERT INTO staged_positions VALUES (0, 101, 0);
         CREATE TABLE staged_materials(material TEXT, game_id INTEGER, ply INTEGER);
         CREATE TABLE staged_moves(position INTEGER);",
    )
    .unwrap();
    let mut importer = Importer::new(&mut c, "nothing", 0, 50).unwrap();
    importer.commit(true).unwrap();
    drop(importer);
    let staged: i64 = c
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE name LIKE 'staged%'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(staged, 0);
    assert_eq!(index_dump(&c), want);
}

/// An importer that goes on after completing a file indexes what comes
/// after too, at its next completion.
#[test]
fn games_offered_after_a_completed_file_are_indexed_too() {
    let pgn = corpus();
    let want = index_dump(&import(&pgn));
    let mut games = Vec::new();
    read_games(pgn.as_bytes(), 2, true, |g| {
        games.push(g);
        Ok(true)
    })
    .unwrap();
    let mut c = Connection::open_in_memory().unwrap();
    let mut importer = Importer::new(&mut c, "corpus", pgn.len() as u64, 50).unwrap();
    let later = games.split_off(60);
    for g in games {
        importer.add(g).unwrap();
    }
    importer.commit(true).unwrap();
    for g in later {
        importer.add(g).unwrap();
    }
    importer.commit(true).unwrap();
    drop(importer);
    assert_eq!(index_dump(&c), want);
}
