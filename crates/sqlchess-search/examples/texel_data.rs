//! Positions for tuning the chess evaluation, labelled with the results of
//! the games they come from (Texel's method): the engine plays itself from
//! random openings, with its own evaluation (the network's included), and
//! the quiet positions of each game are written with the game's result.
//! `examples/texel_tune.rs` reads them, and `scripts/nnue_train.py` once
//! `scripts/texel_label.py` has labelled them.
//!
//! ```text
//! cargo run --release -p sqlchess-search --example texel_data -- GAMES SEED [NODES] [THREADS] [SECONDS] [VARIANT] > positions.txt
//! ```
//!
//! Each game starts with 8 random legal plies (from `SEED` and the game's
//! number, so a run is reproducible game by game), then every move is
//! searched for `NODES` nodes (default 8,000). A position is written when
//! it is quiet, so that its static evaluation is what the search would see
//! there: the side to move is not in check, the move played is not a
//! capture or promotion, and no capture wins material by static exchange.
//! The first 8 plies after the opening and positions the search scores as
//! mate are left out. Each line is `FEN;RESULT`, the result from White's
//! side: `1`, `0.5` or `0`. Games go on `THREADS` threads (default every
//! core); progress goes to standard error every 100 games. With `SECONDS`,
//! no game starts after that many seconds (the games under way finish), so
//! a run fits a time slot and still ends with whole games.
//!
//! With `VARIANT` other than `chess`, the games are of that built-in fairy
//! variant, played by the fairy engine ([`FairyGame`]) with its own
//! evaluation (its network's included), and the FENs are the fairy
//! crate's: the positions a fairy variant's network is trained on
//! (`examples/fairy_net_data.rs`).

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use sqlchess_core::zobrist::SplitMix64;
use sqlchess_core::{Color, Position};
use sqlchess_fairy::Variant;
use sqlchess_search::fairy::FairyGame;
use sqlchess_search::selfplay::{selfplay, Winner};
use sqlchess_search::{ChessGame, Game, Limits, MATE_BOUND};

/// Random plies before the engine plays.
const OPENING_PLIES: usize = 8;
/// Plies after the opening that are not written: the engine's first moves
/// from a random opening often repair it at once.
const SKIP_PLIES: usize = 8;
/// A game still going after this many plies is scored as a draw.
const MAX_PLIES: usize = 300;

/// `start` after `OPENING_PLIES` random legal plies, or `None` when the
/// game ended during them.
fn random_opening<G: Game>(start: &G, rng: &mut SplitMix64) -> Option<G> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..OPENING_PLIES {
        moves.clear();
        pos.moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
        pos.apply(mv);
    }
    (pos.outcome().is_none()).then_some(pos)
}

/// `true` when the static evaluation of `pos` is worth fitting: not in
/// check, the move played quiet, no capture winning by static exchange.
fn is_quiet<G: Game>(pos: &G, played: G::Move, noisy: &mut Vec<G::Move>) -> bool {
    if pos.is_check() || pos.is_noisy(played) {
        return false;
    }
    noisy.clear();
    pos.noisy_moves(noisy);
    noisy.iter().all(|&mv| pos.see(mv) <= 0)
}

/// What a run asks for, from the command line.
struct Run {
    games: u64,
    seed: u64,
    threads: usize,
    deadline: Option<Instant>,
    limits: Limits,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!(
            "usage: texel_data GAMES SEED [NODES] [THREADS] [SECONDS] [VARIANT] > positions.txt"
        );
        std::process::exit(2);
    }
    let games: u64 = args[0].parse().expect("GAMES is a number");
    let seed: u64 = args[1].parse().expect("SEED is a number");
    let nodes: u64 = args
        .get(2)
        .map_or(8_000, |a| a.parse().expect("NODES is a number"));
    let threads: usize = args.get(3).map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |a| a.parse().expect("THREADS is a number"),
    );
    let deadline = args
        .get(4)
        .map(|a| Instant::now() + Duration::from_secs(a.parse().expect("SECONDS is a number")));
    // A node budget decides each move; the generous clock only keeps the
    // search in its timed mode (no mate-threat tests, as in a real game).
    let limits = Limits {
        nodes: Some(nodes),
        movetime: Some(Duration::from_secs(10)),
        ..Limits::default()
    };
    let run = Run {
        games,
        seed,
        threads,
        deadline,
        limits,
    };
    match args.get(5).map(String::as_str) {
        None | Some("chess") => generate(
            &run,
            || ChessGame::new(Position::new()),
            |g| g.position().turn() == Color::White,
            |g| g.position().fen(),
        ),
        Some(name) => {
            let variant = match Variant::builtin(name) {
                Ok(v) => v,
                Err(e) => {
                    eprintln!("texel_data: {e}");
                    std::process::exit(2);
                }
            };
            generate(
                &run,
                || FairyGame::start(&variant),
                FairyGame::white_to_move,
                |g| g.position().fen(),
            );
        }
    }
}

/// Plays `run.games` games from the position `start` makes and writes their quiet positions.
fn generate<G: Game>(
    run: &Run,
    start: impl Fn() -> G + Sync,
    white_to_move: impl Fn(&G) -> bool + Sync,
    fen: impl Fn(&G) -> String + Sync,
) {
    let next_game = AtomicU64::new(0);
    let written = AtomicU64::new(0);
    let out = Mutex::new(std::io::BufWriter::new(std::io::stdout()));
    std::thread::scope(|scope| {
        for _ in 0..run.threads {
            scope.spawn(|| {
                let mut lines = String::new();
                let mut noisy = Vec::new();
                let start = start();
                loop {
                    let game = next_game.fetch_add(1, Ordering::Relaxed);
                    if game >= run.games || run.deadline.is_some_and(|d| Instant::now() >= d) {
                        break;
                    }
                    let mut rng = SplitMix64(run.seed ^ game.wrapping_mul(0x2545_F491_4F6C_DD1D));
                    let Some(opening) = random_opening(&start, &mut rng) else {
                        continue;
                    };
                    let mut fens = Vec::new();
                    let mut ply = 0;
                    let played = selfplay(
                        &opening,
                        white_to_move(&opening),
                        &run.limits,
                        8,
                        MAX_PLIES,
                        |pos, mv, score| {
                            if ply >= SKIP_PLIES
                                && score.abs() < MATE_BOUND
                                && is_quiet(pos, mv, &mut noisy)
                            {
                                fens.push(fen(pos));
                            }
                            ply += 1;
                        },
                    );
                    let result = match played.winner {
                        None => "0.5",
                        Some(Winner::First) => "1",
                        Some(Winner::Second) => "0",
                    };
                    lines.clear();
                    for fen in &fens {
                        lines.push_str(fen);
                        lines.push(';');
                        lines.push_str(result);
                        lines.push('\n');
                    }
                    out.lock()
                        .expect("no writer panicked")
                        .write_all(lines.as_bytes())
                        .expect("standard output is writable");
                    let total =
                        written.fetch_add(fens.len() as u64, Ordering::Relaxed) + fens.len() as u64;
                    if (game + 1) % 100 == 0 {
                        eprintln!("game {}: {total} positions", game + 1);
                    }
                }
            });
        }
    });
    out.lock()
        .expect("no writer panicked")
        .flush()
        .expect("standard output is writable");
}
