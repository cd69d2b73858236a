//! What SQL costs: `legal_moves` through SQLite against the native call on
//! the same 100,000 positions, and set-based perft (`sql/set_perft.sql`)
//! against native perft.
//!
//! `cargo bench -p sqlchess-sqlite --bench sql`. Each figure is the best of
//! three wall-clock runs (`SQLCHESS_BENCH_RUNS=N` to change); every SQL
//! answer is asserted equal to the native one.

use std::time::{Duration, Instant};

use sqlchess_core::{perft::perft, zobrist::SplitMix64, Position};
use sqlchess_sqlite::{open_in_memory, rusqlite};

const POSITIONS: usize = 100_000;

/// FENs of every position of seeded random games until `n` are collected.
fn random_positions(n: usize) -> Vec<String> {
    let mut rng = SplitMix64(0x5eed_c4e5);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut pos = Position::new();
        for _ in 0..200 {
            if out.len() == n {
                break;
            }
            out.push(pos.fen());
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.halfmoves() >= 100 {
                break;
            }
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            pos.play_unchecked(mv);
        }
    }
    out
}

fn runs() -> usize {
    std::env::var("SQLCHESS_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3)
}

/// The best time of `runs()` calls of `f`, and its (asserted constant) answer.
fn best<T: PartialEq + std::fmt::Debug>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut answer = None;
    for _ in 0..runs() {
        let t = Instant::now();
        let a = f();
        best = best.min(t.elapsed());
        if let Some(prev) = &answer {
            assert_eq!(prev, &a);
        }
        answer = Some(a);
    }
    (best, answer.expect("at least one run"))
}

fn per_sec(n: u64, d: Duration) -> f64 {
    n as f64 / d.as_secs_f64()
}

fn report(label: &str, rows: u64, sql: Duration, native: Duration) {
    println!(
        "| {label} | {rows} | {:.3} s, {:.2} M rows/s | {:.3} s, {:.2} M rows/s | {:.2}× |",
        sql.as_secs_f64(),
        per_sec(rows, sql) / 1e6,
        native.as_secs_f64(),
        per_sec(rows, native) / 1e6,
        sql.as_secs_f64() / native.as_secs_f64()
    );
}

fn main() -> rusqlite::Result<()> {
    let fens = random_positions(POSITIONS);
    let conn = open_in_memory()?;
    conn.execute_batch("CREATE TABLE positions (id INTEGER PRIMARY KEY, fen TEXT NOT NULL)")?;
    {
        let tx = conn.unchecked_transaction()?;
        let mut insert = tx.prepare("INSERT INTO positions (fen) VALUES (?1)")?;
        for fen in &fens {
            insert.execute([fen])?;
        }
        drop(insert);
        tx.commit()?;
    }

    println!(
        "## legal_moves over {POSITIONS} stored positions (best of {})",
        runs()
    );
    println!();
    println!("| query | rows | SQL | native | SQL / native |");
    println!("| --- | --- | --- | --- | --- |");

    // Counting: FEN parsing and move generation, no move text.
    let (sql, rows) = best(|| -> u64 {
        conn.query_row(
            "SELECT count(*) FROM positions p, legal_moves(p.fen) m",
            [],
            |r| r.get::<_, i64>(0),
        )
        .map(|n| n as u64)
        .unwrap_or(0)
    });
    let (native, native_rows) = best(|| -> u64 {
        fens.iter()
            .filter_map(|f| Position::from_fen(f).ok())
            .map(|p| p.legal_moves().len() as u64)
            .sum()
    });
    assert_eq!(rows, native_rows);
    report("`count(*)`", rows, sql, native);

    // Every move's UCI text, read row by row into Rust.
    let (sql, (rows, bytes)) = best(|| -> (u64, usize) {
        let mut stmt = conn
            .prepare_cached("SELECT m.uci FROM positions p, legal_moves(p.fen) m")
            .unwrap();
        let mut rows = stmt.query([]).unwrap();
        let (mut n, mut bytes) = (0, 0);
        while let Some(row) = rows.next().unwrap() {
            n += 1;
            bytes += row.get_ref(0).unwrap().as_str().unwrap().len();
        }
        (n, bytes)
    });
    let (native, native_answer) = best(|| -> (u64, usize) {
        let (mut n, mut bytes) = (0, 0);
        for f in &fens {
            let Ok(pos) = Position::from_fen(f) else {
                continue;
            };
            for &mv in pos.legal_moves().iter() {
                n += 1;
                bytes += pos.uci(mv).to_string().len();
            }
        }
        (n, bytes)
    });
    assert_eq!((rows, bytes), native_answer);
    report("`uci`", rows, sql, native);

    // The costlier columns: SAN and check.
    let (sql, (rows, checks)) = best(|| -> (u64, i64) {
        let mut stmt = conn
            .prepare_cached(
                "SELECT m.uci, m.san, m.gives_check FROM positions p, legal_moves(p.fen) m",
            )
            .unwrap();
        let mut rows = stmt.query([]).unwrap();
        let (mut n, mut checks) = (0, 0);
        while let Some(row) = rows.next().unwrap() {
            n += 1;
            let _ = row.get_ref(0).unwrap().as_str().unwrap();
            let _ = row.get_ref(1).unwrap().as_str().unwrap();
            checks += row.get::<_, i64>(2).unwrap();
        }
        (n, checks)
    });
    let (native, native_answer) = best(|| -> (u64, i64) {
        let (mut n, mut checks) = (0, 0);
        for f in &fens {
            let Ok(pos) = Position::from_fen(f) else {
                continue;
            };
            for &mv in pos.legal_moves().iter() {
                n += 1;
                let _ = pos.uci(mv).to_string();
                let _ = pos.san(mv);
                checks += i64::from(pos.after(mv).is_check());
            }
        }
        (n, checks)
    });
    assert_eq!((rows, checks), native_answer);
    report("`uci, san, gives_check`", rows, sql, native);

    println!();
    println!(
        "## Set-based perft 6 from the start, transpositions merged (best of {})",
        runs()
    );
    println!();
    let script = include_str!("../../../sql/set_perft.sql");
    // The same statements with merging off: every path its own row, as the
    // script was before it grouped children by position.
    let unmerged = script
        .replace("GROUP BY 2;", "GROUP BY f.rowid, m.uci;")
        .replace("PRIMARY KEY (ply, position)", "CHECK (n > 0)");
    assert_ne!(unmerged, script);
    let set_perft = |conn: &rusqlite::Connection, script: &str, split: u32| -> u64 {
        conn.execute_batch("DROP TABLE IF EXISTS perft_root")
            .unwrap();
        conn.execute(
            "CREATE TABLE perft_root AS SELECT ?1 AS fen, 6 AS depth, 'chess' AS variant, ?2 AS split",
            (sqlchess_core::START_FEN, split),
        )
        .unwrap();
        let mut out = Vec::new();
        sqlchess_sqlite::run(conn, script, sqlchess_sqlite::Format::Csv, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        out.lines().last().and_then(|l| l.parse().ok()).unwrap_or(0)
    };
    let start = Position::new();
    let (native, native_nodes) = best(|| perft(&start, 6));
    assert_eq!(native_nodes, 119_060_324);
    println!("| method | split ply | rows at the split | time | vs native bulk perft 6 |");
    println!("| --- | --- | --- | --- | --- |");
    for (label, text, split) in [
        ("sql/set_perft.sql, merged", script, 3),
        ("sql/set_perft.sql, merged", script, 4),
        ("same statements, not merged", unmerged.as_str(), 3),
    ] {
        let (time, nodes) = best(|| set_perft(&conn, text, split));
        assert_eq!(nodes, native_nodes, "{label} split {split}");
        let rows: i64 = conn.query_row(
            "SELECT count(*) FROM perft_frontier WHERE ply = ?1",
            [split],
            |r| r.get(0),
        )?;
        println!(
            "| {label} | {split} | {rows} | {:.3} s | {:.2}× |",
            time.as_secs_f64(),
            time.as_secs_f64() / native.as_secs_f64()
        );
    }
    println!(
        "| native bulk perft 6 | | | {:.3} s | 1.00× |",
        native.as_secs_f64()
    );
    Ok(())
}
