//! The mate suite: every unique mate in N of `tests/data/mates.epd` (from
//! Stockfish's games, verified exhaustively with python-chess by
//! `scripts/gen_mate_suite.py`) is found by a search to depth 2N+1, with
//! the key move and the score "mate N".

use sqlchess_rules::{Position, Variant};
use sqlchess_search::{Engine, Limits, Score};

/// One EPD line: FEN, key move (SAN), N, and where it came from.
struct Mate {
    fen: String,
    key: String,
    n: i32,
    id: String,
}

fn suite() -> Vec<Mate> {
    let text = include_str!("data/mates.epd");
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (fen, ops) = line.split_once(" bm ").expect("EPD line has bm");
            let field = |name: &str| {
                ops.split(';')
                    .map(str::trim)
                    .find_map(|op| op.strip_prefix(name))
                    .map(|v| v.trim().trim_matches('"').to_string())
            };
            let key = ops.split(';').next().unwrap().trim().to_string();
            Mate {
                // EPD's four fields; the clocks are not part of the problem.
                fen: format!(
                    "{} 0 1",
                    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
                ),
                key,
                n: field("dm ").expect("dm").parse().expect("dm is a number"),
                id: field("id ").unwrap_or_default(),
            }
        })
        .collect()
}

#[test]
fn the_suite_is_large_and_varied() {
    let suite = suite();
    assert!(suite.len() >= 100, "only {} positions", suite.len());
    for n in 1..=3 {
        let count = suite.iter().filter(|m| m.n == n).count();
        assert!(count >= 10, "only {count} mates in {n}");
    }
}

#[test]
fn every_mate_in_n_is_found_at_depth_2n_plus_1() {
    check_suite(1, 1);
}

/// The same with two threads (Lazy SMP): the helpers' entries in the shared
/// table never hide a mate from the main thread.
#[test]
fn mates_are_found_with_two_threads() {
    check_suite(2, 1);
}

/// Searches every `every`-th problem with `threads` threads.
fn check_suite(threads: usize, every: usize) {
    let chess = Variant::builtin("chess").expect("chess");
    let mut missed = Vec::new();
    let suite = suite();
    for m in suite.iter().step_by(every) {
        let pos = Position::from_fen(&chess, &m.fen).expect("suite FEN");
        let key = pos.parse_move(&m.key).expect("suite key is legal");
        let depth = 2 * m.n as u32 + 1;
        // A fresh table per problem: no answer leaks into the next.
        let mut engine = Engine::new(4);
        engine.set_threads(threads);
        let best = engine.search(&pos, &[], &Limits::depth(depth), |_| {});
        let found = best.uci.as_deref() == Some(pos.uci(key).as_str());
        if !found || best.score != Score::Mate(m.n) {
            missed.push(format!(
                "{} ({}): mate in {} by {}, depth {depth} gave {:?} {:?}",
                m.fen, m.id, m.n, m.key, best.uci, best.score
            ));
        }
    }
    assert!(
        missed.is_empty(),
        "{} of {} missed with {threads} threads:\n{}",
        missed.len(),
        suite.len().div_ceil(every),
        missed.join("\n")
    );
}
