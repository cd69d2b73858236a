//! Self-consistency on random games, for variants no oracle covers: the move
//! list with pins and shortcuts equals the list where every move is verified
//! by playing it; FEN printing and the packed form round-trip; UCI and SAN
//! text parse back to the same move; perft(1) equals the move count, and
//! the generation that stops at the first move finds one where there is one.

use sqlchess_fairy::{load_variants_ini, FairySquare, Position, Variant};
use sqlchess_types::XorShift64;

mod common;
use common::sorted_uci;

const INI: &str = "
[bigfairy:chess]
maxFile = 16
maxRank = 12
castling = false
promotionRank = 12
customPiece1 = s:NN
customPiece2 = g:gQ
customPiece3 = a:t[WB]
customPiece4 = z:Z
customPiece5 = l:nN
customPiece6 = d:R4
cannon = o
promotionPieceTypes = qsgaozld
startFen = rsgaqkozldbnrsgo/pppppppppppppppp/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RSGAQKOZLDBNRSGO w - - 0 1

[checkers:chess]
customPiece1 = m:o1X>, ^2X>
castling = false
promotionPieceTypes = q
startFen = 4k3/1m1m1m1m/m1m1m1m1/8/8/1M1M1M1M/M1M1M1M1/4K3 w - - 0 1
";

/// A small deterministic generator (xorshift), so the games are reproducible.
/// The shared generator, with the draw these tests take modulo a length.
struct Rng(XorShift64);

impl Rng {
    fn next(&mut self) -> usize {
        (self.0.next_u64() >> 11) as usize
    }
}

/// Whether the side to move is in check, by the generic piece walker of
/// `PieceDef::attacks` (Black's pieces on a mirrored board), independent of
/// the bitboard tables.
fn check_by_walking(pos: &Position) -> bool {
    let v = pos.variant();
    let (w, h) = (v.width, v.height);
    let mut occupied = Vec::new();
    let mut pieces = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let sq = FairySquare::new(x, y).unwrap();
            if let Some(p) = pos.piece_at(sq) {
                occupied.push(sq);
                pieces.push((sq, p));
            }
        }
    }
    let white = pos.white_to_move();
    let Some(royal) = v.royal else { return false };
    let Some(&(king, _)) = pieces.iter().find(|(_, (t, c))| *t == royal && *c == white) else {
        return false;
    };
    let mirror = |s: FairySquare| FairySquare::new(s.file(), h - 1 - s.rank()).unwrap();
    pieces
        .iter()
        .filter(|(_, (_, c))| *c != white)
        .any(|&(sq, (t, c))| {
            let def = &v.pieces[t].def;
            if c {
                def.attacks(sq, w, h, &occupied).contains(&king)
            } else {
                let occ: Vec<FairySquare> = occupied.iter().map(|&s| mirror(s)).collect();
                def.attacks(mirror(sq), w, h, &occ).contains(&mirror(king))
            }
        })
}

fn games(v: &Variant, games: usize, plies: usize, seed: u64) {
    games_checked(v, games, plies, seed, true);
}

/// [`games`], with the check test against the piece walker or not (the
/// walker knows one royal piece type for both sides and nothing of
/// pseudo-royal pieces, extinction or explosions).
fn games_checked(v: &Variant, games: usize, plies: usize, seed: u64, walk: bool) {
    let mut rng = Rng(XorShift64::new(seed));
    for _ in 0..games {
        let mut pos = Position::start(v);
        for ply in 0..plies {
            let moves = pos.legal_moves();
            // The walker knows pieces, not variant rules (regions, flying
            // general), so it is only a reference for unconfined variants.
            if walk && v.regions.is_empty() && !v.flying_general {
                assert_eq!(
                    pos.is_check(),
                    check_by_walking(&pos),
                    "{} {}",
                    v.name,
                    pos.fen()
                );
            }
            let checked = pos.with_full_legality_check();
            assert_eq!(
                sorted_uci(&pos),
                sorted_uci(&checked),
                "{} {}",
                v.name,
                pos.fen()
            );
            assert_eq!(
                pos.count_legal(),
                moves.len() as u64,
                "{} {}",
                v.name,
                pos.fen()
            );
            // The generation that stops at the first move agrees, here and
            // (every fourth ply, for time) after every check, where the
            // mates are.
            assert_eq!(pos.has_legal_move(), !moves.is_empty(), "{}", pos.fen());
            let checks = moves
                .iter()
                .filter(|&&m| ply % 4 == 3 && pos.may_give_check(m));
            for &m in checks {
                let child = pos.play(m);
                if child.is_check() {
                    assert_eq!(
                        child.has_legal_move(),
                        child.count_legal() > 0,
                        "{} {}",
                        v.name,
                        child.fen()
                    );
                }
            }
            // The appending form gives the same list after what was there.
            let mut appended = moves.clone();
            pos.legal_moves_into(&mut appended);
            assert_eq!(appended[..moves.len()], moves[..]);
            assert_eq!(
                appended[moves.len()..],
                moves[..],
                "{} {}",
                v.name,
                pos.fen()
            );
            // The noisy candidates: legal moves, and among them every
            // capture and promotion.
            let mut noisy = Vec::new();
            pos.noisy_candidates_into(&mut noisy);
            assert!(
                noisy.iter().all(|m| moves.contains(m)),
                "{} {}",
                v.name,
                pos.fen()
            );
            for m in &moves {
                let takes = m.side_capture().is_some()
                    || m.is_en_passant()
                    || pos
                        .piece_at(m.to())
                        .is_some_and(|(_, white)| white != pos.white_to_move() && !m.is_drop());
                if takes || (m.promotion().is_some() && !m.is_drop()) {
                    assert!(
                        noisy.contains(m),
                        "{} {}: {}",
                        v.name,
                        pos.fen(),
                        m.to_uci(&pos)
                    );
                }
            }
            // The pass over the pieces sees what the square-by-square scan does.
            let mut pieces = Vec::new();
            pos.for_each_piece(|sq, piece, white| pieces.push((sq, piece, white)));
            pieces.sort();
            let mut scanned = Vec::new();
            for rank in 0..v.height {
                for file in 0..v.width {
                    let sq = FairySquare::new(file, rank).unwrap();
                    if let Some((piece, white)) = pos.piece_at(sq) {
                        scanned.push((sq, piece, white));
                    }
                }
            }
            scanned.sort();
            assert_eq!(pieces, scanned, "{} {}", v.name, pos.fen());
            let royal = scanned.iter().filter(|p| Some(p.1) == v.royal).count();
            assert_eq!(pos.non_royal_count() as usize, scanned.len() - royal);
            let again = Position::from_fen(v, &pos.fen()).unwrap();
            assert_eq!(again.fen(), pos.fen(), "{}", v.name);
            // A game ended by what the FEN does not hold (two passes, a
            // castling that wins) goes on when read back.
            if !moves.is_empty() {
                assert_eq!(sorted_uci(&again), sorted_uci(&pos), "{}", pos.fen());
            }
            if moves.is_empty() {
                break;
            }
            // The packed form reads back to the same position.
            if let Ok(bytes) = sqlchess_fairy::pack::pack(&pos) {
                let back = sqlchess_fairy::pack::unpack_like(&pos, &bytes).unwrap();
                assert_eq!(back.fen(), pos.fen(), "{}: packed", v.name);
            }
            let mv = moves[rng.next() % moves.len()];
            assert_eq!(
                pos.parse_uci(&mv.to_uci(&pos)).unwrap(),
                mv,
                "{} {}",
                v.name,
                pos.fen()
            );
            let san = pos.san(mv);
            assert_eq!(
                pos.parse_san(&san).unwrap_or_else(|e| panic!(
                    "{} {}: {san}: {e}",
                    v.name,
                    pos.fen()
                )),
                mv,
                "{} {}: {san}",
                v.name,
                pos.fen()
            );
            let before = pos.fen();
            pos = pos.play(mv);
            if let Err(e) = Position::from_fen(v, &pos.fen()) {
                panic!(
                    "{}: {before} + {} gives {}: {e}",
                    v.name,
                    mv.to_uci(&Position::from_fen(v, &before).unwrap()),
                    pos.fen()
                );
            }
        }
    }
}

#[test]
fn builtins() {
    for (i, name) in [
        "chess",
        "chess960",
        "capablanca",
        "grand",
        "makruk",
        "xiangqi",
        "shogi",
        "crazyhouse",
        "seirawan",
        "cannonhorse",
    ]
    .iter()
    .enumerate()
    {
        games(&Variant::builtin(name).unwrap(), 6, 80, 7 + i as u64);
    }
}

/// Every section of Fairy-Stockfish's own variants.ini that loads (read
/// where the workspace keeps it, never copied here): random games keep the
/// move list, FEN, UCI and packed form consistent. pyffish's counts for the
/// same sections are `tests/fsf_ini.rs`.
#[test]
fn fsf_variants_ini_sections() {
    let path = std::env::var_os("SQLCHESS_FSF_VARIANTS_INI")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../../../shared/fairy-stockfish/variants.ini")
        });
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("Fairy-Stockfish's variants.ini not found; set SQLCHESS_FSF_VARIANTS_INI");
        return;
    };
    let load = sqlchess_fairy::read_variants_ini(&text);
    assert!(
        load.variants.len() > 100,
        "{} sections loaded",
        load.variants.len()
    );
    for (i, v) in load.variants.iter().enumerate() {
        games_checked(v, 2, 60, 100 + i as u64, false);
    }
}

/// Janggi: the moves found with the shortcuts (only moves near the king's
/// lines tested) equal those found testing every move, over random games
/// with many passes avoided (two end the game).
#[test]
fn janggi_shortcuts() {
    for (i, name) in ["janggi", "janggicasual"].iter().enumerate() {
        let v = Variant::builtin(name).unwrap();
        let mut rng = Rng(XorShift64::new(31 + i as u64));
        for _ in 0..12 {
            let mut pos = Position::start(&v);
            for _ in 0..150 {
                let checked = pos.with_full_legality_check();
                assert_eq!(
                    sorted_uci(&pos),
                    sorted_uci(&checked),
                    "{name} {}",
                    pos.fen()
                );
                let moves: Vec<_> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|m| !m.is_pass())
                    .collect();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(moves[rng.next() % moves.len()]);
            }
        }
    }
}

#[test]
fn big_fairy_board_and_checkers() {
    for (i, v) in load_variants_ini(INI).unwrap().iter().enumerate() {
        games(v, 4, 60, 99 + i as u64);
    }
}

/// Every built-in variant, a short random game each: the same round trips
/// (the ten above play longer games with the check walker as well).
#[test]
fn every_builtin() {
    for (i, name) in sqlchess_fairy::variant_names().enumerate() {
        let v = Variant::builtin(name).unwrap();
        games_checked(&v, 1, 50, 500 + i as u64, false);
    }
}

/// Positions in check, where the generator keeps only the moves that take
/// the checker or block its line: after every checking move of random
/// games in every built-in variant, the move list equals the list where
/// every move is verified by playing it.
#[test]
fn evasions_in_every_builtin() {
    let mut checked_positions = 0;
    for (i, name) in sqlchess_fairy::variant_names().enumerate() {
        let v = Variant::builtin(name).unwrap();
        let mut rng = Rng(XorShift64::new(0x00e7_a510 + i as u64));
        let mut pos = Position::start(&v);
        for _ in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                let child = pos.play(m);
                if child.is_check() {
                    checked_positions += 1;
                    assert_eq!(
                        sorted_uci(&child),
                        sorted_uci(&child.with_full_legality_check()),
                        "{} {}",
                        v.name,
                        child.fen()
                    );
                }
            }
            pos = pos.play(moves[rng.next() % moves.len()]);
        }
    }
    // Not every variant has checks (extinction, antichess), most do.
    assert!(
        checked_positions > 1000,
        "{checked_positions} positions in check"
    );
}
