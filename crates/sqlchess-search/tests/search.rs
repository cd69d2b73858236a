//! Chess search: mates at the matching depth, stalemate and draw scoring.
//!
//! Mate positions are classic problems; each was confirmed with Stockfish 15.1
//! (`go depth 20`), which reports the same mate distance and first move.

use sqlchess_core::{Game as ChessGame, Position};
use sqlchess_search::{Limits, Score, Searcher, Visited, MATE};

fn search(fen: &str, depth: u32) -> (String, Score, i32) {
    search_with_history(fen, &[], depth)
}

fn search_with_history(fen: &str, history: &[Visited], depth: u32) -> (String, Score, i32) {
    let pos = Position::from_fen(fen).unwrap();
    let mut s = Searcher::<Position>::new(8);
    let r = s.search(&pos, history, &Limits::depth(depth), |_| {});
    let mv = r
        .best_move
        .map_or("(none)".to_owned(), |m| pos.uci(m).to_string());
    (mv, r.uci_score(), r.score)
}

#[test]
fn mates_in_one() {
    for (fen, best) in [
        ("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1", "e1e8"),
        (
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "f3f7",
        ),
        ("8/8/8/8/8/6k1/4r3/6K1 b - - 0 1", "e2e1"),
        // Qf7 would stalemate; Qf8 mates.
        ("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1f8"),
    ] {
        let (mv, score, raw) = search(fen, 1);
        assert_eq!(mv, best, "{fen}");
        assert_eq!(score, Score::Mate(1), "{fen}");
        assert_eq!(raw, MATE - 1);
    }
}

#[test]
fn mates_in_two() {
    for (fen, best) in [
        // Legall-style: 1. Nf6+ gxf6 2. Bxf7#.
        (
            "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
            "d5f6",
        ),
        // 1. Qd8+ Bxd8 2. Re8#.
        (
            "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1",
            "d5d8",
        ),
        // Black: 1... Rg1+ 2. Kxg1 (or Nxg1? no: the knight is pinned) Rxg... mate.
        ("6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", "g2g1"),
    ] {
        let (mv, score, _) = search(fen, 3);
        assert_eq!(score, Score::Mate(2), "{fen}");
        assert_eq!(mv, best, "{fen}");
    }
}

#[test]
fn mates_in_three() {
    for (fen, best) in [
        ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "f6a6"),
        (
            "2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1",
            "b1g6",
        ),
    ] {
        let (mv, score, _) = search(fen, 5);
        assert_eq!(score, Score::Mate(3), "{fen}");
        assert_eq!(mv, best, "{fen}");
    }
}

#[test]
fn being_mated_is_a_negative_mate_score() {
    // After 1. Ra6+ the black side is mated in two more White moves.
    let (_, score, _) = search("r5rk/5p1p/R7/4B3/8/8/7P/7K b - - 1 1", 5);
    assert_eq!(score, Score::Mate(-2));
}

#[test]
fn stalemate_root_has_no_move_and_scores_zero() {
    let (mv, score, _) = search("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3);
    assert_eq!(mv, "(none)");
    assert_eq!(score, Score::Cp(0));
}

#[test]
fn checkmated_root() {
    let (mv, score, raw) = search("6k1/5ppp/8/8/8/8/8/4R1K1 b - - 0 1", 3);
    // Not mate: it's Black to move with the rook on e1.
    assert_ne!(mv, "(none)");
    assert!(matches!(score, Score::Cp(_)), "{raw}");
    let (mv, score, _) = search("4R1k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", 3);
    assert_eq!(mv, "(none)");
    assert_eq!(score, Score::Mate(0));
}

#[test]
fn losing_side_takes_the_repetition() {
    // Black has a queen against a knight; White shuffles Nf3/Ng1 and Black Kd8/Ke8.
    let start = Position::from_fen("q3k3/8/8/8/8/8/8/4K1N1 w - - 0 1").unwrap();
    let mut game = ChessGame::new(start);
    let mut hashes = vec![Visited::of(&start)];
    for san in ["Nf3", "Kd8", "Ng1", "Ke8", "Nf3", "Kd8"] {
        let mv = game.position().parse_san(san).unwrap();
        game.play(mv).unwrap();
        hashes.push(Visited::of(game.position()));
    }
    let root = *game.position();
    hashes.pop(); // the root itself is not part of the history
    let (mv, score, _) = search_with_history(&root.fen(), &hashes, 4);
    assert_eq!(mv, "f3g1", "Ng1 repeats the position");
    assert_eq!(score, Score::Cp(0));
    // Without the history the same position is simply lost.
    let (_, score, _) = search(&root.fen(), 4);
    assert!(matches!(score, Score::Cp(cp) if cp < -300), "{score:?}");
}

#[test]
fn fifty_move_rule() {
    // Down a queen, but every move but a capture or pawn move ends the game drawn.
    let (_, score, _) = search("q3k3/8/8/8/8/8/8/4K1N1 w - - 99 80", 3);
    assert_eq!(score, Score::Cp(0));
    // Mate on the hundredth half-move is still mate.
    let (mv, score, _) = search("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 99 80", 2);
    assert_eq!((mv.as_str(), score), ("e1e8", Score::Mate(1)));
}

#[test]
fn insufficient_material_is_a_draw() {
    // Taking the rook leaves king and knight against king: a dead draw,
    // better than playing on a rook down.
    let (mv, score, _) = search("4k3/8/8/8/8/8/3r4/4KN2 w - - 0 1", 3);
    assert!(mv.ends_with("d2"), "{mv}");
    assert_eq!(score, Score::Cp(0));
    // Already dead: still a move, scored as a draw.
    let (mv, score, _) = search("8/8/8/4k3/8/8/8/4KB2 w - - 0 1", 3);
    assert_ne!(mv, "(none)");
    assert_eq!(score, Score::Cp(0));
}

#[test]
fn wins_material() {
    // A hanging queen.
    let (mv, _, raw) = search("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 3);
    assert_eq!(mv, "d2d5");
    // King and rook against a bare king: more than a minor piece up, as
    // the static exchange counts one (the fitted endgame values of the
    // pieces are lower, their tables carry the rest).
    assert!(raw > sqlchess_search::eval::EXCHANGE_VALUE[1], "{raw}");
}

#[test]
fn limits_stop_the_search() {
    let pos = Position::new();
    let mut s = Searcher::<Position>::new(8);
    let r = s.search(
        &pos,
        &[],
        &Limits {
            nodes: Some(5_000),
            ..Limits::default()
        },
        |_| {},
    );
    assert!(r.best_move.is_some());
    assert!(r.nodes < 5_000 + 2_048, "{}", r.nodes);
    let t = std::time::Instant::now();
    let r = s.search(
        &pos,
        &[],
        &Limits::movetime(std::time::Duration::from_millis(50)),
        |_| {},
    );
    assert!(r.best_move.is_some());
    assert!(t.elapsed() < std::time::Duration::from_millis(500));
}

#[test]
fn iterations_are_reported() {
    let pos = Position::new();
    let mut s = Searcher::<Position>::new(8);
    let mut depths = Vec::new();
    let r = s.search(&pos, &[], &Limits::depth(4), |info| {
        assert!(!info.pv.is_empty());
        depths.push(info.depth);
    });
    assert_eq!(depths, vec![1, 2, 3, 4]);
    assert_eq!(r.depth, 4);
    assert!(pos.is_legal(r.best_move.unwrap()));
    // The principal variation is a legal line.
    let mut p = pos;
    for &m in &r.pv {
        assert!(p.is_legal(m));
        p.play_unchecked(m);
    }
}

#[test]
fn next_move_is_deterministic_at_a_fixed_depth() {
    let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8";
    let pos = sqlchess_rules::position(fen, "chess").unwrap();
    let a = sqlchess_search::next_move(&pos, &Limits::depth(5));
    let b = sqlchess_search::next_move(&pos, &Limits::depth(5));
    assert_eq!(a, b);
    assert!(a.uci.is_some());
    assert_eq!(a.pv.first(), a.uci.as_ref());
}

/// `Game::may_give_check` is a filter the mate-in-one test trusts: it may
/// say yes to a quiet move, never no to a checking one (direct, discovered,
/// promotion, castling and en passant checks included), on the positions of
/// seeded random games.
#[test]
fn may_give_check_never_misses_a_check() {
    use sqlchess_search::Game;
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut checks, mut filtered) = (0, 0);
    for _ in 0..200 {
        let mut pos = Position::from_fen(sqlchess_core::START_FEN).unwrap();
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &mv in moves.iter() {
                let mut child = pos;
                child.play_unchecked(mv);
                if child.is_check() {
                    checks += 1;
                    assert!(pos.may_give_check(mv), "{} {}", pos.fen(), pos.uci(mv));
                } else if !pos.may_give_check(mv) {
                    filtered += 1;
                }
            }
            let mv = moves[(next() % moves.len() as u64) as usize];
            pos.play_unchecked(mv);
        }
    }
    assert!(checks > 1000, "only {checks} checking moves tried");
    assert!(
        filtered > 100_000,
        "the filter let almost everything through ({filtered})"
    );
}

/// The quiet mate in two of issue 17 (1. Qg4, threatening Qxg7#), which a
/// null move or reverse futility used to prune until depth 9: found at
/// depth 2N+1 = 5 since both ask for a mate threat first.
#[test]
fn a_quiet_mate_in_two_is_found_at_depth_five() {
    let (mv, score, _) = search("1r3rk1/pR1Q1pb1/8/4p2P/7P/P3B3/2P5/5KR1 w - - 0 30", 5);
    assert_eq!(mv, "d7g4");
    assert_eq!(score, Score::Mate(2));
}

/// Lazy SMP: with helper threads sharing the table, the main thread still
/// finds each mate in one at depth 1 (the mate suite does deeper mates with
/// threads), and answers a legal move from the start with every thread's
/// nodes counted.
#[test]
fn threads_find_mates_and_legal_moves() {
    for threads in [2, 3] {
        for (fen, best) in [
            ("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1", "e1e8"),
            ("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1f8"),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let mut s = Searcher::<Position>::new(8);
            s.set_threads(threads);
            let r = s.search(&pos, &[], &Limits::depth(3), |_| {});
            assert_eq!(pos.uci(r.best_move.unwrap()).to_string(), best, "{fen}");
            assert_eq!(r.uci_score(), Score::Mate(1), "{fen}");
        }
        let pos = Position::new();
        let mut s = Searcher::<Position>::new(8);
        s.set_threads(threads);
        assert_eq!(s.threads(), threads);
        let mut reported = 0;
        let r = s.search(&pos, &[], &Limits::depth(6), |info| reported = info.nodes);
        assert!(pos.legal_moves().contains(&r.best_move.unwrap()));
        // The last report counts the helpers' nodes too, at most the total.
        assert!(
            reported > 0 && reported <= r.nodes,
            "{reported} {}",
            r.nodes
        );
        // Threads are clamped, never zero.
        s.set_threads(0);
        assert_eq!(s.threads(), 1);
    }
}
