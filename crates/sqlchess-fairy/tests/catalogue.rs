//! Empty-board move counts of every catalogue piece on 8×8. The standard
//! figures come from the SQL tutorials (SPEC.md); the rest are computed here
//! by brute force over offsets, independently of the crate's geometry code.

use sqlchess_fairy::{catalogue, FairySquare, PieceDef};
use std::collections::HashSet;

const N: i32 = 8;

fn on(x: i32, y: i32) -> bool {
    (0..N).contains(&x) && (0..N).contains(&y)
}

fn leaps(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut v = HashSet::new();
    for (p, q) in [(a, b), (b, a)] {
        for sx in [-1, 1] {
            for sy in [-1, 1] {
                v.insert((p * sx, q * sy));
            }
        }
    }
    v.into_iter().collect()
}

/// Pairs reached by jumping with `offsets`, optionally repeated (riders).
fn brute(offsets: &[(i32, i32)], ride: bool, min_steps: i32) -> HashSet<(i32, i32, i32, i32)> {
    let mut out = HashSet::new();
    for x in 0..N {
        for y in 0..N {
            for &(dx, dy) in offsets {
                let mut k = 1;
                while on(x + k * dx, y + k * dy) {
                    if k >= min_steps {
                        out.insert((x, y, x + k * dx, y + k * dy));
                    }
                    if !ride {
                        break;
                    }
                    k += 1;
                }
            }
        }
    }
    out
}

fn union(sets: &[HashSet<(i32, i32, i32, i32)>]) -> usize {
    sets.iter().flatten().collect::<HashSet<_>>().len()
}

fn geometry(name: &str) -> usize {
    PieceDef::parse(name)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .geometry(8, 8)
        .len()
}

const ORTH: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

#[test]
fn published_counts() {
    for (name, n) in [
        ("rook", 896),
        ("bishop", 560),
        ("knight", 336),
        ("queen", 1456),
        ("king", 420),
        ("zebra", 240),
        ("camel", 280),
    ] {
        assert_eq!(geometry(name), n, "{name}");
    }
}

#[test]
fn brute_force_counts() {
    let knight = leaps(1, 2);
    let rook = brute(&ORTH, true, 1);
    let bishop = brute(&DIAG, true, 1);
    let dd = brute(&leaps(0, 2), true, 1);
    let cases: Vec<(&str, usize)> = vec![
        ("advisor", union(&[brute(&DIAG, false, 1)])),
        ("alfil", union(&[brute(&leaps(2, 2), false, 1)])),
        ("alfilrider", union(&[brute(&leaps(2, 2), true, 1)])),
        (
            "alibaba",
            union(&[brute(&leaps(2, 2), false, 1), brute(&leaps(0, 2), false, 1)]),
        ),
        (
            "amazon",
            union(&[rook.clone(), bishop.clone(), brute(&knight, false, 1)]),
        ),
        ("antelope", union(&[brute(&leaps(3, 4), false, 1)])),
        (
            "archbishop",
            union(&[bishop.clone(), brute(&knight, false, 1)]),
        ),
        (
            "chancellor",
            union(&[rook.clone(), brute(&knight, false, 1)]),
        ),
        ("giraffe", union(&[brute(&leaps(1, 4), false, 1)])),
        ("nightrider", union(&[brute(&knight, true, 1)])),
        ("banshee", union(&[bishop.clone(), brute(&knight, true, 1)])),
        ("bede", union(&[bishop.clone(), dd.clone()])),
        ("adjutant", union(&[bishop.clone(), dd.clone()])),
        (
            "grasshopper",
            union(&[brute(&ORTH, true, 2), brute(&DIAG, true, 2)]),
        ),
        ("cannon", union(std::slice::from_ref(&rook))),
        (
            "arrow_pawn",
            union(&[brute(&ORTH, false, 1), brute(&DIAG, false, 1)]),
        ),
        (
            "backslider",
            union(&[brute(&[(0, -1), (1, -1), (-1, -1)], false, 1)]),
        ),
        (
            "pawn",
            union(&[brute(&[(0, 1), (1, 1), (-1, 1), (0, 2)], false, 1)]),
        ),
        (
            "berolina_pawn",
            union(&[brute(&[(0, 1), (1, 1), (-1, 1), (2, 2), (-2, 2)], false, 1)]),
        ),
        (
            "checker_man",
            union(&[brute(&[(1, 1), (-1, 1), (2, 2), (-2, 2)], false, 1)]),
        ),
    ];
    for (name, n) in cases {
        assert_eq!(geometry(name), n, "{name}");
    }
    // Aanca: a W step (it may stop there), then any number of diagonal steps
    // outward, i.e. away from the start along the step's axis.
    let mut aanca = HashSet::new();
    for x in 0..N {
        for y in 0..N {
            for (dx, dy) in ORTH {
                let (fx, fy) = (x + dx, y + dy);
                if !on(fx, fy) {
                    continue;
                }
                aanca.insert((x, y, fx, fy));
                for (ex, ey) in DIAG {
                    if ex * dx + ey * dy <= 0 {
                        continue;
                    }
                    let mut k = 1;
                    while on(fx + k * ex, fy + k * ey) {
                        aanca.insert((x, y, fx + k * ex, fy + k * ey));
                        k += 1;
                    }
                }
            }
        }
    }
    assert_eq!(geometry("aanca"), aanca.len(), "aanca");
}

#[test]
fn every_catalogue_piece_is_counted() {
    let names: Vec<&str> = catalogue().map(|(n, _)| n).collect();
    assert_eq!(names.len(), 28);
    for n in names {
        assert!(geometry(n) > 0, "{n}");
    }
}

#[test]
fn crossed_squares_in_order() {
    let rook = PieceDef::parse("R").unwrap().geometry(8, 8);
    let a1 = FairySquare::new(0, 0).unwrap();
    let a8 = FairySquare::new(0, 7).unwrap();
    let m = rook.iter().find(|m| m.from == a1 && m.to == a8).unwrap();
    let names: Vec<String> = m.crossed.iter().map(|s| s.to_string()).collect();
    assert_eq!(names, ["a2", "a3", "a4", "a5", "a6", "a7"]);
    // A 16×16 board works too, and a 1×1 board has no moves.
    assert_eq!(
        PieceDef::parse("R").unwrap().geometry(16, 16).len(),
        256 * 30
    );
    assert!(PieceDef::parse("Q").unwrap().geometry(1, 1).is_empty());
}

#[test]
fn betza_and_parlett_agree() {
    for (b, p) in [
        ("N", "~1/2"),
        ("K", "1*"),
        ("R", "n+"),
        ("B", "nX"),
        ("Q", "n*"),
        ("NN", "n(1/2)"),
        ("fmWfceFifmnD", "o1>, c1X>, oi2>"),
        ("R4", "1-4+"),
    ] {
        let pairs = |t: &str| -> HashSet<(FairySquare, FairySquare)> {
            PieceDef::parse(t)
                .unwrap()
                .geometry(8, 8)
                .into_iter()
                .map(|m| (m.from, m.to))
                .collect()
        };
        assert_eq!(pairs(b), pairs(p), "{b} vs {p}");
    }
}
