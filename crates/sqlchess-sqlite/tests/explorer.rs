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
