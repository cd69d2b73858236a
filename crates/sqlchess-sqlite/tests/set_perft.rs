//! `sql/set_perft.sql` counts the same leaves as native perft, whatever the
//! split between plies grown as sets and plies counted natively.

use sqlchess_sqlite::{open_in_memory, run, Format};

const SCRIPT: &str = include_str!("../../../sql/set_perft.sql");

/// Runs the script for one root with every ply grown in SQL.
fn set_perft(fen: &str, depth: u32, variant: &str) -> u64 {
    set_perft_split(fen, depth, variant, Some(depth))
}

/// Runs the script for one root, `split` plies grown as sets (`None`: the
/// script's default), and returns the `nodes` it prints.
fn set_perft_split(fen: &str, depth: u32, variant: &str, split: Option<u32>) -> u64 {
    let conn = open_in_memory().unwrap();
    conn.execute(
        "CREATE TABLE perft_root AS SELECT ?1 AS fen, ?2 AS depth, ?3 AS variant, ?4 AS split",
        (fen, depth, variant, split),
    )
    .unwrap();
    let mut out = Vec::new();
    run(&conn, SCRIPT, Format::Csv, &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let mut lines = out.lines().rev();
    let value = lines.next().unwrap();
    assert_eq!(lines.next(), Some("nodes"), "{out}");
    value.parse().unwrap()
}

/// Native perft from sqlchess-core, itself tested against published counts.
fn native(fen: &str, depth: u32) -> u64 {
    sqlchess_core::perft::perft(&sqlchess_core::Position::from_fen(fen).unwrap(), depth)
}

#[test]
fn equals_native_perft_at_depth_three() {
    // Chessprogramming wiki perft positions: start, Kiwipete, position 3,
    // position 4, position 5; published depth-3 counts beside them.
    let positions = [
        (sqlchess_core::START_FEN, 8902),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            97862,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 2812),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            9467,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            62379,
        ),
    ];
    for (fen, published) in positions {
        let sql = set_perft(fen, 3, "chess");
        assert_eq!(sql, native(fen, 3), "{fen}");
        assert_eq!(sql, published, "{fen}");
    }
}

#[test]
fn shallow_depths_and_mate() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(set_perft(kiwipete, 0, "chess"), 1);
    assert_eq!(set_perft(kiwipete, 1, "chess"), 48);
    assert_eq!(set_perft(kiwipete, 2, "chess"), 2039);
    // Mated at the root: no leaves below it.
    assert_eq!(set_perft("R6k/6pp/8/8/8/8/8/4K3 b - - 1 1", 2, "chess"), 0);
}

#[test]
fn fairy_variant_through_the_same_script() {
    // Published (SPEC reference figures): capablanca 28 / 784.
    let capa = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    assert_eq!(set_perft(capa, 2, "capablanca"), 784);
    let native = sqlchess_rules::position(capa, "capablanca")
        .unwrap()
        .perft(3)
        .unwrap();
    for split in [Some(1), Some(2), None] {
        assert_eq!(set_perft_split(capa, 3, "capablanca", split), native);
    }
}

#[test]
fn negative_depth_is_refused() {
    let conn = open_in_memory().unwrap();
    conn.execute_batch(&format!(
        "CREATE TABLE perft_root AS SELECT '{}' AS fen, -1 AS depth, 'chess' AS variant, NULL AS split",
        sqlchess_core::START_FEN
    ))
    .unwrap();
    let err = run(&conn, SCRIPT, Format::Csv, &mut Vec::new()).unwrap_err();
    assert!(err.to_string().contains("CHECK constraint failed"), "{err}");
}

#[test]
fn split_above_depth_is_refused() {
    let conn = open_in_memory().unwrap();
    conn.execute_batch(&format!(
        "CREATE TABLE perft_root AS SELECT '{}' AS fen, 2 AS depth, 'chess' AS variant, 3 AS split",
        sqlchess_core::START_FEN
    ))
    .unwrap();
    let err = run(&conn, SCRIPT, Format::Csv, &mut Vec::new()).unwrap_err();
    assert!(err.to_string().contains("CHECK constraint failed"), "{err}");
}

#[test]
fn every_split_counts_the_same_leaves() {
    // Kiwipete has castling, en passant and promotions within four plies,
    // and transpositions from ply 2 on.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let position4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    for fen in [sqlchess_core::START_FEN, kiwipete, position4] {
        let expected = native(fen, 4);
        // Split 4 (every leaf a row) only from the start: Kiwipete's four
        // million leaves take long in a debug build.
        let all_in_sql = (fen == sqlchess_core::START_FEN).then_some(Some(4));
        for split in [None, Some(0), Some(1), Some(2), Some(3)]
            .into_iter()
            .chain(all_in_sql)
        {
            assert_eq!(
                set_perft_split(fen, 4, "chess", split),
                expected,
                "{fen} split {split:?}"
            );
        }
    }
    // Published: perft 5 from the start.
    assert_eq!(
        set_perft_split(sqlchess_core::START_FEN, 5, "chess", None),
        4_865_609
    );
}

#[test]
fn transpositions_are_merged() {
    // From the start, ply 3 is 8,902 paths to 5,362 distinct positions
    // (the Grand Chess Tree's unique-position counts).
    let conn = open_in_memory().unwrap();
    conn.execute(
        "CREATE TABLE perft_root AS SELECT ?1 AS fen, 3 AS depth, 'chess' AS variant, 3 AS split",
        [sqlchess_core::START_FEN],
    )
    .unwrap();
    run(&conn, SCRIPT, Format::Csv, &mut Vec::new()).unwrap();
    let (rows, paths): (i64, i64) = conn
        .query_row(
            "SELECT count(*), sum(n) FROM perft_frontier WHERE ply = 3",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((rows, paths), (5362, 8902));
}

#[test]
fn reruns_on_one_connection() {
    let conn = open_in_memory().unwrap();
    conn.execute(
        "CREATE TABLE perft_root AS SELECT ?1 AS fen, 2 AS depth, 'chess' AS variant, 2 AS split",
        [sqlchess_core::START_FEN],
    )
    .unwrap();
    for _ in 0..2 {
        let mut out = Vec::new();
        run(&conn, SCRIPT, Format::Csv, &mut out).unwrap();
        assert!(String::from_utf8(out).unwrap().ends_with("nodes\n400\n"));
    }
}
