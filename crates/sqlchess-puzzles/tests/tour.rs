//! Tours, each checked step by step by sqlchess-puzzles' independent checker.

use sqlchess_fairy::{FairySquare, PieceDef};
use sqlchess_puzzles::check::check_tour;
use sqlchess_puzzles::{BoardSize, NoTour, PuzzleError, TourProblem};

fn board(w: u8, h: u8) -> BoardSize {
    BoardSize::new(w, h).unwrap()
}

fn sq(s: &str) -> FairySquare {
    s.parse().unwrap()
}

fn solve(
    piece: &str,
    b: BoardSize,
    holes: &[FairySquare],
    closed: bool,
    from: Option<FairySquare>,
) -> Result<Vec<FairySquare>, NoTour> {
    let def = PieceDef::parse(piece).unwrap();
    let outcome = TourProblem::new(&def, b, holes, closed, from)
        .unwrap()
        .solve();
    if let Ok(tour) = &outcome.result {
        check_tour(&def, b, holes, closed, tour)
            .unwrap_or_else(|e| panic!("{piece} {b}: bad tour: {e}"));
        if let Some(f) = from {
            assert_eq!(tour[0], f);
        }
    }
    outcome.result
}

#[test]
fn knight_tours_8_to_16() {
    for n in [5u8, 6, 7, 8, 10, 12, 16] {
        solve("knight", board(n, n), &[], false, None).unwrap();
    }
    for n in [6u8, 8, 10, 12, 16] {
        solve("knight", board(n, n), &[], true, None).unwrap();
    }
    solve("knight", board(8, 8), &[], true, Some(sq("d4"))).unwrap();
    solve("knight", board(8, 8), &[], false, Some(sq("e5"))).unwrap();
}

#[test]
fn no_4x4_knight_tour() {
    // Proven by exhausting the search (the graph is connected and its
    // colour classes are equal, so no cheap proof applies).
    assert_eq!(
        solve("knight", board(4, 4), &[], false, None),
        Err(NoTour::Exhausted)
    );
    assert_eq!(
        solve("knight", board(4, 4), &[], true, None),
        Err(NoTour::Exhausted)
    );
}

#[test]
fn cheap_proofs() {
    // 5x5 closed: 13 and 12 squares of the two colours.
    assert!(matches!(
        solve("knight", board(5, 5), &[], true, None),
        Err(NoTour::Colours { .. })
    ));
    // 3x3: the centre is unreachable.
    assert_eq!(
        solve("knight", board(3, 3), &[], false, None),
        Err(NoTour::Disconnected)
    );
    // Open 5x5 tours start on the larger colour.
    assert!(matches!(
        solve("knight", board(5, 5), &[], false, Some(sq("b1"))),
        Err(NoTour::Colours { .. })
    ));
    assert!(solve("knight", board(5, 5), &[], false, Some(sq("a1"))).is_ok());
    // Exhaustive 5x5 closed after a hole makes the colours equal.
    let r = solve("knight", board(5, 5), &[sq("c3")], true, None);
    assert!(r.is_ok() || r == Err(NoTour::Exhausted));
}

#[test]
fn other_leapers() {
    solve("zebra", board(16, 16), &[], false, None).unwrap();
    solve("giraffe", board(10, 10), &[], false, None).unwrap();
    solve("king", board(7, 5), &[], true, None).unwrap();
    solve("W", board(6, 6), &[], true, None).unwrap();
    solve("NC", board(8, 8), &[], true, None).unwrap();
    // The camel never changes square colour: disconnected.
    assert_eq!(
        solve("camel", board(8, 8), &[], false, None),
        Err(NoTour::Disconnected)
    );
}

#[test]
fn holes() {
    let holes = [sq("a1"), sq("h1"), sq("d4"), sq("e4")];
    let tour = solve("knight", board(8, 8), &holes, false, None).unwrap();
    assert_eq!(tour.len(), 60);
    let holes = [sq("a1"), sq("h1")];
    solve("knight", board(8, 8), &holes, true, None).unwrap();
}

#[test]
fn checker_catches_bad_tours() {
    let n = PieceDef::parse("N").unwrap();
    let b = board(8, 8);
    let good = solve("N", b, &[], true, None).unwrap();
    assert!(check_tour(&n, b, &[], true, &good).is_ok());
    let mut swapped = good.clone();
    swapped.swap(3, 4);
    assert!(check_tour(&n, b, &[], true, &swapped).is_err());
    assert!(check_tour(&n, b, &[], true, &good[..63]).is_err());
    assert!(check_tour(&n, b, &[good[10]], true, &good).is_err());
    let open = solve("N", b, &[], false, Some(sq("a1"))).unwrap();
    let closes = n
        .geometry(8, 8)
        .iter()
        .any(|m| m.from == open[63] && m.to == open[0]);
    assert_eq!(check_tour(&n, b, &[], true, &open).is_ok(), closes);
}

#[test]
fn errors() {
    let rook = PieceDef::parse("R").unwrap();
    assert!(matches!(
        TourProblem::new(&rook, board(8, 8), &[], false, None),
        Err(PuzzleError::NotALeaper { .. })
    ));
    let n = PieceDef::parse("N").unwrap();
    assert!(matches!(
        TourProblem::new(&n, board(8, 8), &[sq("a1")], false, Some(sq("a1"))),
        Err(PuzzleError::StartIsHole { .. })
    ));
    assert!(matches!(
        TourProblem::new(&n, board(8, 8), &[sq("j1")], false, None),
        Err(PuzzleError::OffBoard { .. })
    ));
}
