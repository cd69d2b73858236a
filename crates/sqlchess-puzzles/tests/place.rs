//! Placement counts against known figures and against brute force checked
//! by sqlchess-fairy's own attack generation.

use std::ops::ControlFlow;

use sqlchess_fairy::{catalogue, FairySquare, PieceDef};
use sqlchess_puzzles::check::check_placement;
use sqlchess_puzzles::{BoardSize, Placement, PuzzleError};

fn board(w: u8, h: u8) -> BoardSize {
    BoardSize::new(w, h).unwrap()
}

/// OEIS A000170.
#[test]
fn queens_1_to_10() {
    let known: [u128; 10] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for n in 1..=10u8 {
        let p = Placement::parse("queen", board(n, n)).unwrap();
        assert_eq!(
            p.count(n as usize).unwrap(),
            known[n as usize - 1],
            "n = {n}"
        );
    }
}

#[test]
fn queens_11_and_12() {
    for (n, c) in [(11u8, 2680u128), (12, 14200)] {
        let p = Placement::parse("Q", board(n, n)).unwrap();
        assert_eq!(p.count(n as usize).unwrap(), c, "n = {n}");
    }
}

#[test]
fn maxima_on_8x8() {
    for (piece, max) in [
        ("king", 16),
        ("knight", 32),
        ("bishop", 14),
        ("rook", 8),
        ("queen", 8),
    ] {
        let p = Placement::parse(piece, BoardSize::STANDARD).unwrap();
        let (k, witness) = p.maximum();
        assert_eq!(k, max, "{piece}");
        assert_eq!(witness.len(), max, "{piece}");
        check_placement(p.piece(), BoardSize::STANDARD, &witness).unwrap();
        // Nothing fits with one more.
        assert_eq!(p.count(max + 1).unwrap(), 0, "{piece}");
    }
}

/// Known counts: 16 kings 281,571; 32 knights 2 ways; 14 bishops 256 ways;
/// 8 rooks 8! ways.
#[test]
fn counts_at_the_maximum() {
    for (piece, k, n) in [
        ("king", 16, 281_571u128),
        ("knight", 32, 2),
        ("bishop", 14, 256),
        ("rook", 8, 40_320),
    ] {
        let p = Placement::parse(piece, BoardSize::STANDARD).unwrap();
        assert_eq!(p.count(k).unwrap(), n, "{piece}");
    }
}

#[test]
fn symmetry_classes() {
    let p = Placement::parse("queen", BoardSize::STANDARD).unwrap();
    let s = p.count_up_to_symmetry(8).unwrap();
    assert_eq!((s.solutions, s.classes, s.symmetries.len()), (92, 12, 8));
    // Attacks count in either direction, so a forward ferz is a ferz, but a
    // piece attacking straight ahead only is no longer symmetric under
    // transposition.
    let p = Placement::parse("fF", BoardSize::STANDARD).unwrap();
    assert_eq!(p.symmetries().len(), 8);
    let p = Placement::parse("fW", board(2, 2)).unwrap();
    let s = p.count_up_to_symmetry(2).unwrap();
    assert_eq!((s.solutions, s.classes, s.symmetries.len()), (4, 2, 4));
    let p = Placement::parse("frF", BoardSize::STANDARD).unwrap();
    assert_eq!(p.symmetries().len(), 4);
    let p = Placement::parse("fN", board(6, 6)).unwrap();
    assert_eq!(
        p.count_up_to_symmetry(3).unwrap().solutions,
        p.count(3).unwrap()
    );
}

/// Every subset of `k` squares, checked with sqlchess-fairy's attacks.
fn brute_force(piece: &PieceDef, b: BoardSize, k: usize) -> u128 {
    let squares: Vec<FairySquare> = (0..b.height())
        .flat_map(|y| (0..b.width()).map(move |x| FairySquare::new(x, y).unwrap()))
        .collect();
    let mut count = 0;
    let mut idx: Vec<usize> = (0..k).collect();
    let n = squares.len();
    if k > n {
        return 0;
    }
    loop {
        let chosen: Vec<FairySquare> = idx.iter().map(|&i| squares[i]).collect();
        if check_placement(piece, b, &chosen).is_ok() {
            count += 1;
        }
        // Next combination.
        let mut i = k;
        loop {
            if i == 0 {
                return count;
            }
            i -= 1;
            if idx[i] != i + n - k {
                break;
            }
            if i == 0 && idx[0] == n - k {
                return count;
            }
        }
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

#[test]
fn every_catalogue_piece_agrees_with_brute_force() {
    let extra = [
        "nN",
        "fN",
        "pQ",
        "gR",
        "fmWfcF",
        "mRcpR",
        "R2",
        "o1X>, ^2X>",
    ];
    let pieces: Vec<&str> = catalogue().map(|(n, _)| n).chain(extra).collect();
    for name in pieces {
        let piece = PieceDef::parse(name).unwrap();
        for (w, h, k) in [(4, 4, 3), (5, 4, 4), (3, 5, 5)] {
            let b = board(w, h);
            let p = Placement::new(&piece, b);
            let want = brute_force(&piece, b, k);
            assert_eq!(p.count(k).unwrap(), want, "{name} {w}x{h} k={k}");
            let mut listed = 0u128;
            p.for_each(k, |s| {
                check_placement(&piece, b, s).unwrap_or_else(|e| panic!("{name}: {e}"));
                listed += 1;
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(listed, want, "{name} {w}x{h} k={k} listed");
        }
    }
}

#[test]
fn every_catalogue_piece_on_8x8() {
    for (name, _) in catalogue() {
        let p = Placement::parse(name, BoardSize::STANDARD).unwrap();
        if let Some(s) = p.first(8).unwrap() {
            check_placement(p.piece(), BoardSize::STANDARD, &s).unwrap();
        }
    }
}

#[test]
fn big_boards() {
    let p = Placement::parse("rook", board(16, 16)).unwrap();
    assert_eq!(p.count(16).unwrap(), (1..=16u128).product::<u128>());
    let p = Placement::parse("king", board(16, 16)).unwrap();
    assert_eq!(p.maximum().0, 64);
    let p = Placement::parse("queen", board(16, 16)).unwrap();
    let s = p.first(16).unwrap().unwrap();
    check_placement(p.piece(), board(16, 16), &s).unwrap();
}

#[test]
fn errors() {
    assert!(matches!(
        Placement::parse("dragon", BoardSize::STANDARD),
        Err(PuzzleError::Piece(_))
    ));
    assert!("17x8".parse::<BoardSize>().is_err());
    assert!("0x8".parse::<BoardSize>().is_err());
    assert!("8".parse::<BoardSize>().is_err());
    let p = Placement::parse("Q", board(2, 2)).unwrap();
    assert!(matches!(
        p.count(5),
        Err(PuzzleError::Count {
            count: 5,
            squares: 4
        })
    ));
}

#[test]
fn hoppers_are_exact() {
    // Two cannons on a line with nothing between do not attack each other;
    // with a screen between, they do.
    let cannon = PieceDef::parse("cannon").unwrap();
    let b = board(3, 1);
    let p = Placement::new(&cannon, b);
    assert_eq!(p.count(2).unwrap(), 3);
    assert_eq!(p.count(3).unwrap(), 0);
    // Grasshoppers: three in a row, the outer two attack over the middle.
    let g = Placement::parse("grasshopper", b).unwrap();
    assert_eq!(g.count(3).unwrap(), 0);
    assert_eq!(g.count(2).unwrap(), 3);
}

/// Every catalogue piece on the largest board: a placement of 16 is found
/// (or proven impossible) and checked, and for pieces whose attacks do not
/// depend on occupancy the maximum comes with a checked witness. Left out:
/// archbishops and nightriders, whose 16x16 maximum the branch and bound
/// does not settle in reasonable time, and banshees (seconds in release).
#[test]
fn every_catalogue_piece_on_16x16() {
    let b = board(16, 16);
    let known = [
        ("king", 64),
        ("knight", 128),
        ("bishop", 30),
        ("rook", 16),
        ("queen", 16),
    ];
    for (name, _) in catalogue() {
        let p = Placement::parse(name, b).unwrap();
        let first = p.first(16).unwrap();
        if let Some(s) = &first {
            check_placement(p.piece(), b, s).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        if p.rules().is_monotone() && !["archbishop", "nightrider", "banshee"].contains(&name) {
            let (m, witness) = p.maximum();
            assert_eq!(witness.len(), m, "{name}");
            check_placement(p.piece(), b, &witness).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(first.is_some(), m >= 16, "{name}");
            if let Some(&(_, want)) = known.iter().find(|(n, _)| *n == name) {
                assert_eq!(m, want, "{name}");
            }
        }
    }
}
