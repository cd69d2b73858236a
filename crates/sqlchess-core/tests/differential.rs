//! Differential tests: sqlchess-core against two independent move generators,
//! shakmaty 0.30.1 and cozy-chess 0.3.4, over positions reached by seeded
//! random play (standard chess and Chess960) and over the oracle files.
//!
//! At every position: the same legal moves (as sorted UCI strings in
//! king-takes-rook castling notation), the same FEN, the same checkers,
//! check/checkmate/stalemate and insufficient-material verdicts; our SAN equals
//! shakmaty's for every legal move and parses back to the move; FEN and UCI
//! round-trip; the incremental Zobrist hash equals a fresh one, and two
//! positions share a hash exactly when shakmaty's hashes agree.

mod common;

use std::collections::HashMap;

use common::XorShift;
use cozy_chess as cz;
use shakmaty as sm;
use shakmaty::Position as _;
use sqlchess_core::{CastlingMode, Color, Move, Position};

/// Our position and the two oracles, kept in step.
struct Trio {
    ours: Position,
    sm: sm::Chess,
    cz: cz::Board,
    chess960: bool,
    /// Where the game started, for failure messages.
    origin: String,
    /// UCI moves played from the start.
    line: Vec<String>,
}

fn sm_position(fen: &str, chess960: bool) -> sm::Chess {
    let mode = if chess960 {
        sm::CastlingMode::Chess960
    } else {
        sm::CastlingMode::Standard
    };
    sm::fen::Fen::from_ascii(fen.as_bytes())
        .unwrap_or_else(|e| panic!("shakmaty cannot read {fen}: {e}"))
        .into_position(mode)
        .unwrap_or_else(|e| panic!("shakmaty rejects {fen}: {e}"))
}

fn our_position(fen: &str, chess960: bool) -> Position {
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    Position::from_fen_with_mode(fen, mode)
        .unwrap_or_else(|e| panic!("sqlchess rejects {fen}: {e}"))
}

impl Trio {
    /// From a FEN every engine reads: X-FEN `KQkq` or Shredder-FEN.
    fn from_fen(fen: &str, chess960: bool, origin: String) -> Trio {
        let cz = fen
            .parse::<cz::Board>()
            .unwrap_or_else(|e| panic!("cozy-chess cannot read {fen}: {e:?}"));
        Trio {
            ours: our_position(fen, chess960),
            sm: sm_position(fen, chess960),
            cz,
            chess960,
            origin,
            line: Vec::new(),
        }
    }

    /// A Chess960 start array by Scharnagl number (cozy-chess writes the Shredder-FEN).
    fn chess960_start(n: u32) -> Trio {
        let fen = format!("{:#}", cz::Board::chess960_startpos(n));
        let mut trio = Trio::from_fen(&fen, true, format!("Chess960 array {n}"));
        trio.cz = cz::Board::chess960_startpos(n);
        trio
    }

    fn context(&self) -> String {
        format!(
            "{} after [{}]: {}",
            self.origin,
            self.line.join(" "),
            self.ours.fen()
        )
    }

    fn our_moves(&self) -> Vec<(String, Move)> {
        let mut moves: Vec<(String, Move)> = self
            .ours
            .legal_moves()
            .into_iter()
            .map(|m| (m.to_uci(true).to_string(), m))
            .collect();
        moves.sort_by(|a, b| a.0.cmp(&b.0));
        moves
    }

    fn sm_moves(&self) -> Vec<String> {
        let mut moves: Vec<String> = self
            .sm
            .legal_moves()
            .iter()
            .map(|m| m.to_uci(sm::CastlingMode::Chess960).to_string())
            .collect();
        moves.sort();
        moves
    }

    fn cz_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.cz.generate_moves(|batch| {
            moves.extend(batch.into_iter().map(|m| m.to_string()));
            false
        });
        moves.sort();
        moves
    }

    /// Every comparison at the current position; returns our sorted legal moves.
    fn compare(&self, stats: &mut Stats) -> Vec<(String, Move)> {
        let ctx = self.context();
        let ours = self.our_moves();
        let our_ucis: Vec<&str> = ours.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(
            our_ucis,
            self.sm_moves(),
            "legal moves differ from shakmaty at {ctx}"
        );
        assert_eq!(
            our_ucis,
            self.cz_moves(),
            "legal moves differ from cozy-chess at {ctx}"
        );
        assert_eq!(
            self.ours.count_legal_moves(),
            ours.len() as u64,
            "count_legal_moves at {ctx}"
        );
        assert_eq!(
            self.ours.has_legal_moves(),
            !ours.is_empty(),
            "has_legal_moves at {ctx}"
        );

        // FEN, against shakmaty (both print the en-passant square only when legal).
        let fen = self.ours.fen();
        let sm_fen = sm::fen::Fen::from_position(&self.sm, sm::EnPassantMode::Legal).to_string();
        assert_eq!(
            fen,
            sm_fen,
            "FEN differs from shakmaty after [{}] from {}",
            self.line.join(" "),
            self.origin
        );

        // Against cozy-chess: its Shredder-FEN (en passant after every double
        // step) must read as the same position.
        let cz_fen = format!("{:#}", self.cz);
        let from_cz = Position::from_fen_with_mode(&cz_fen, CastlingMode::Chess960)
            .unwrap_or_else(|e| panic!("sqlchess rejects cozy-chess's {cz_fen} at {ctx}: {e}"));
        assert_eq!(
            from_cz.board(),
            self.ours.board(),
            "placement vs cozy-chess at {ctx}"
        );
        assert_eq!(
            from_cz.turn(),
            self.ours.turn(),
            "turn vs cozy-chess at {ctx}"
        );
        assert_eq!(
            from_cz.castling_rights(),
            self.ours.castling_rights(),
            "castling vs cozy-chess {cz_fen} at {ctx}"
        );
        assert_eq!(
            from_cz.legal_ep_square(),
            self.ours.legal_ep_square(),
            "en passant vs cozy-chess {cz_fen} at {ctx}"
        );
        assert_eq!(
            from_cz.zobrist(),
            self.ours.zobrist(),
            "hash of cozy-chess's FEN {cz_fen} at {ctx}"
        );

        // Check, checkers, mate, stalemate, material.
        assert_eq!(
            self.ours.checkers().0,
            self.sm.checkers().0,
            "checkers vs shakmaty at {ctx}"
        );
        assert_eq!(
            self.ours.checkers().0,
            self.cz.checkers().0,
            "checkers vs cozy-chess at {ctx}"
        );
        assert_eq!(self.ours.is_check(), self.sm.is_check(), "check at {ctx}");
        assert_eq!(
            self.ours.is_checkmate(),
            self.sm.is_checkmate(),
            "checkmate at {ctx}"
        );
        assert_eq!(
            self.ours.is_stalemate(),
            self.sm.is_stalemate(),
            "stalemate at {ctx}"
        );
        let cz_over = self.cz.status() != cz::GameStatus::Ongoing;
        let cz_mate = cz_over && !self.cz.checkers().is_empty();
        assert_eq!(
            self.ours.is_checkmate(),
            cz_mate,
            "checkmate vs cozy-chess at {ctx}"
        );
        for (color, sm_color) in [
            (Color::White, sm::Color::White),
            (Color::Black, sm::Color::Black),
        ] {
            assert_eq!(
                self.ours.has_insufficient_material(color),
                self.sm.has_insufficient_material(sm_color),
                "insufficient material of {color:?} at {ctx}"
            );
        }

        // FEN round trip, and the hash.
        let back = our_position(&fen, self.chess960);
        assert_eq!(
            back, self.ours,
            "FEN round trip changes the position at {ctx}"
        );
        assert_eq!(back.fen(), fen, "FEN round trip at {ctx}");
        assert_eq!(
            self.ours.zobrist(),
            self.ours.compute_hash(),
            "incremental hash at {ctx}"
        );

        // SAN and UCI for every legal move.
        for (uci, mv) in &ours {
            let sm_move = sm::uci::UciMove::from_ascii(uci.as_bytes())
                .ok()
                .and_then(|u| u.to_move(&self.sm).ok())
                .unwrap_or_else(|| panic!("shakmaty cannot play {uci} at {ctx}"));
            let san = self.ours.san(*mv);
            let sm_san = sm::san::SanPlus::from_move(self.sm.clone(), sm_move).to_string();
            assert_eq!(san, sm_san, "SAN of {uci} at {ctx}");
            assert_eq!(
                self.ours.parse_san(&san).ok(),
                Some(*mv),
                "SAN {san} does not parse back at {ctx}"
            );
            let plain = san.trim_end_matches(['+', '#']);
            assert_eq!(
                self.ours.parse_san(plain).ok(),
                Some(*mv),
                "SAN {plain} without suffix at {ctx}"
            );
            let ours_uci = self.ours.uci(*mv).to_string();
            assert_eq!(
                self.ours.parse_uci(&ours_uci).ok(),
                Some(*mv),
                "UCI {ours_uci} round trip at {ctx}"
            );
            assert_eq!(
                self.ours.parse_uci(uci).ok(),
                Some(*mv),
                "UCI {uci} (king takes rook) at {ctx}"
            );
            let sm_uci = sm_move.to_uci(if self.chess960 {
                sm::CastlingMode::Chess960
            } else {
                sm::CastlingMode::Standard
            });
            assert_eq!(
                ours_uci,
                sm_uci.to_string(),
                "UCI of {uci} vs shakmaty at {ctx}"
            );
            stats.moves += 1;
            if san.contains('x') && !mv.is_castle() {
                stats.captures += 1;
            }
            match mv {
                Move::EnPassant { .. } => stats.en_passant += 1,
                Move::Castle { .. } => stats.castles += 1,
                Move::Normal {
                    promotion: Some(_), ..
                } => stats.promotions += 1,
                _ => {}
            }
            if san.ends_with('#') {
                stats.mates_in_one += 1;
            }
        }

        // Hash identity: two positions have the same hash exactly when
        // shakmaty's Zobrist keys (en passant when legal) agree.
        let sm_hash = self
            .sm
            .zobrist_hash::<sm::zobrist::Zobrist64>(sm::EnPassantMode::Legal)
            .0;
        if let Some(prev) = stats.hash_to_sm.insert(self.ours.zobrist(), sm_hash) {
            assert_eq!(
                prev, sm_hash,
                "two different positions share our hash, at {ctx}"
            );
        }
        if let Some(prev) = stats.sm_to_hash.insert(sm_hash, self.ours.zobrist()) {
            assert_eq!(
                prev,
                self.ours.zobrist(),
                "one position has two of our hashes, at {ctx}"
            );
        }

        stats.positions += 1;
        stats.checks += usize::from(self.ours.is_check());
        stats.checkmates += usize::from(self.ours.is_checkmate());
        stats.stalemates += usize::from(self.ours.is_stalemate());
        ours
    }

    /// Plays the same move in all three.
    fn play(&mut self, uci: &str, mv: Move) {
        let sm_move = sm::uci::UciMove::from_ascii(uci.as_bytes())
            .ok()
            .and_then(|u| u.to_move(&self.sm).ok())
            .unwrap_or_else(|| panic!("shakmaty cannot play {uci}"));
        self.sm.play_unchecked(sm_move);
        let cz_move: cz::Move = uci
            .parse()
            .unwrap_or_else(|e| panic!("cozy-chess cannot read {uci}: {e:?}"));
        self.cz.play_unchecked(cz_move);
        let mut checked = self.ours;
        checked
            .play(mv)
            .unwrap_or_else(|e| panic!("play refuses a legal move: {e}"));
        self.ours.play_unchecked(mv);
        assert_eq!(checked, self.ours, "play and play_unchecked differ");
        self.line.push(uci.to_owned());
    }

    /// Random play for at most `plies`, comparing at every position.
    fn random_game(&mut self, rng: &mut XorShift, plies: usize, stats: &mut Stats) {
        for _ in 0..plies {
            let moves = self.compare(stats);
            // cozy-chess keeps the halfmove clock in a u8; stop at the 50-move rule.
            if moves.is_empty() || self.ours.halfmoves() >= 100 {
                return;
            }
            let (uci, mv) = moves[rng.below(moves.len())].clone();
            self.play(&uci, mv);
        }
        self.compare(stats);
    }
}

#[derive(Default, Debug)]
struct Stats {
    positions: usize,
    moves: usize,
    captures: usize,
    en_passant: usize,
    castles: usize,
    promotions: usize,
    checks: usize,
    checkmates: usize,
    stalemates: usize,
    mates_in_one: usize,
    hash_to_sm: HashMap<u64, u64>,
    sm_to_hash: HashMap<u64, u64>,
}

#[test]
fn random_games_from_the_start() {
    let mut rng = XorShift::new(0x5eed_0001);
    let mut stats = Stats::default();
    for game in 0..24 {
        let mut trio = Trio::from_fen(
            sqlchess_core::START_FEN,
            false,
            format!("start, game {game}"),
        );
        trio.random_game(&mut rng, 250, &mut stats);
    }
    eprintln!("{stats:?}", stats = Summary(&stats));
    assert!(
        stats.positions >= 1000,
        "only {} positions",
        stats.positions
    );
    assert!(stats.en_passant > 0 && stats.castles > 0 && stats.promotions > 0 && stats.checks > 0);
}

/// Short random games from the 300 positions of `random.csv`, which were
/// picked for en passant, promotions, castling, checks, mates and stalemates.
#[test]
fn random_games_from_the_oracle_positions() {
    let mut rng = XorShift::new(0x5eed_0002);
    let mut stats = Stats::default();
    for case in common::parse_random_csv(common::RANDOM) {
        let mut trio = Trio::from_fen(&case.fen, false, case.origin.clone());
        trio.random_game(&mut rng, 6, &mut stats);
    }
    eprintln!("{:?}", Summary(&stats));
    assert!(
        stats.positions >= 1000,
        "only {} positions",
        stats.positions
    );
    assert!(stats.en_passant >= 50 && stats.promotions >= 50 && stats.castles >= 50);
    assert!(stats.checkmates >= 10 && stats.stalemates >= 10);
}

#[test]
fn perft_file_positions() {
    let mut rng = XorShift::new(0x5eed_0003);
    let mut stats = Stats::default();
    for (name, text) in [
        ("standard.perft", common::STANDARD),
        ("tricky.perft", common::TRICKY),
    ] {
        for case in common::parse_perft_file(name, text) {
            let mut trio = Trio::from_fen(&case.fen, false, case.origin.clone());
            trio.random_game(&mut rng, 30, &mut stats);
        }
    }
    eprintln!("{:?}", Summary(&stats));
}

#[test]
fn chess960_random_games() {
    let mut rng = XorShift::new(0x5eed_0960);
    let mut stats = Stats::default();
    for _ in 0..16 {
        let n = rng.below(960) as u32;
        let mut trio = Trio::chess960_start(n);
        trio.random_game(&mut rng, 120, &mut stats);
    }
    // Arrays with the king next to a corner rook, where castling is easy to get wrong.
    for n in [0, 3, 249, 709, 921, 959] {
        let mut trio = Trio::chess960_start(n);
        trio.random_game(&mut rng, 60, &mut stats);
    }
    eprintln!("{:?}", Summary(&stats));
    assert!(
        stats.positions >= 1000,
        "only {} positions",
        stats.positions
    );
    assert!(stats.castles > 0);
}

#[test]
fn chess960_file_positions() {
    let mut rng = XorShift::new(0x5eed_0961);
    let mut stats = Stats::default();
    for case in common::parse_perft_file("chess960.perft", common::CHESS960) {
        // cozy-chess reads only pure X-FEN or pure Shredder-FEN; rewrite via shakmaty's
        // reading to Shredder-FEN when it cannot.
        let fen = if case.fen.parse::<cz::Board>().is_ok() {
            case.fen.clone()
        } else {
            shredder_fen(&case.fen)
        };
        for _ in 0..4 {
            let mut trio = Trio::from_fen(&fen, true, case.origin.clone());
            trio.random_game(&mut rng, 40, &mut stats);
        }
    }
    eprintln!("{:?}", Summary(&stats));
    assert!(stats.castles >= 50, "{:?}", Summary(&stats));
}

/// The Shredder-FEN of a position, through shakmaty (castling as rook files).
fn shredder_fen(fen: &str) -> String {
    let pos = sm_position(fen, true);
    let rights = pos.castles().castling_rights();
    let mut fields: Vec<String> = sm::fen::Fen::from_position(&pos, sm::EnPassantMode::Legal)
        .to_string()
        .split(' ')
        .map(str::to_owned)
        .collect();
    let mut castling = String::new();
    for (color, upper) in [(sm::Color::White, true), (sm::Color::Black, false)] {
        for sq in (rights & sm::Bitboard::from_rank(color.backrank()))
            .into_iter()
            .rev()
        {
            let c = sq.file().char();
            castling.push(if upper { c.to_ascii_uppercase() } else { c });
        }
    }
    fields[2] = if castling.is_empty() {
        "-".to_owned()
    } else {
        castling
    };
    fields.join(" ")
}

/// Parsing is strict and agrees with shakmaty on what is a legal position:
/// the oracle FENs parse in both and print the same.
#[test]
fn oracle_fens_print_like_shakmaty() {
    for (name, text, chess960) in [
        ("standard.perft", common::STANDARD, false),
        ("tricky.perft", common::TRICKY, false),
        ("chess960.perft", common::CHESS960, true),
    ] {
        for case in common::parse_perft_file(name, text) {
            let ours = our_position(&case.fen, chess960);
            let sm = sm_position(&case.fen, chess960);
            let sm_fen = sm::fen::Fen::from_position(&sm, sm::EnPassantMode::Legal).to_string();
            assert_eq!(ours.fen(), sm_fen, "{}", case.origin);
        }
    }
    for case in common::parse_random_csv(common::RANDOM) {
        let ours = our_position(&case.fen, false);
        let sm = sm_position(&case.fen, false);
        let sm_fen = sm::fen::Fen::from_position(&sm, sm::EnPassantMode::Legal).to_string();
        assert_eq!(ours.fen(), sm_fen, "{}", case.origin);
    }
}

/// The counters without the hash maps, for `eprintln!`.
struct Summary<'a>(&'a Stats);

impl std::fmt::Debug for Summary<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = self.0;
        write!(
            f,
            "{} positions, {} moves ({} captures, {} en passant, {} castles, {} promotions, {} mates in one); \
             {} checks, {} checkmates, {} stalemates",
            s.positions,
            s.moves,
            s.captures,
            s.en_passant,
            s.castles,
            s.promotions,
            s.mates_in_one,
            s.checks,
            s.checkmates,
            s.stalemates
        )
    }
}
