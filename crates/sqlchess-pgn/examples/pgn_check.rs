//! Checks every move of every game of a PGN file and prints how fast: no
//! database, nothing kept. For `scripts/bench-pgn.sh`.
//!
//! ```text
//! cargo run --release -p sqlchess-pgn --example pgn_check -- FILE [WORKERS] [--keys | --check-only]
//! ```
//!
//! By default each game becomes the row `sqlchess import` writes
//! ([`read_games`]: the game value, FENs, tags as JSON); `--keys` also
//! computes each position's key, as the importer asks. `--check-only` reads
//! games as a validator does ([`read_parsed_games`], what the Python
//! reader uses: every move checked and kept, with tags, comments and
//! annotations, but no row), the work python-chess's `read_game` and
//! `pgn-extract -r` do. `WORKERS` threads check moves (default: every
//! core). The last line is machine-readable:
//! `games=N rejected=N plies=N bytes=N secs=S`.

use std::time::Instant;

use sqlchess_pgn::{open_pgn, read_games, read_parsed_games};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: pgn_check FILE [WORKERS] [--keys | --check-only]");
        std::process::exit(2);
    };
    let workers = args
        .get(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let keys = args.iter().any(|a| a == "--keys");
    let bytes = std::fs::metadata(path)?.len();
    let input = open_pgn(path)?;
    let start = Instant::now();
    let (mut rejected, mut plies) = (0u64, 0u64);
    let check_only = args.iter().any(|a| a == "--check-only");
    let games = if check_only {
        read_parsed_games(input, workers, |g| {
            if g.error.is_some() {
                rejected += 1;
            }
            plies += g.moves.len() as u64;
            Ok(true)
        })?
    } else {
        read_games(input, workers, keys, |g| {
            if g.record.error.is_some() {
                rejected += 1;
            }
            plies += g.record.ply_count;
            Ok(true)
        })?
    };
    let secs = start.elapsed().as_secs_f64();
    let mb = bytes as f64 / 1e6;
    println!(
        "workers: {workers}{}",
        if check_only {
            " (moves checked, no rows)"
        } else if keys {
            " (with position keys)"
        } else {
            ""
        }
    );
    println!("games: {games} ({rejected} rejected), plies: {plies}");
    println!(
        "{mb:.1} MB in {secs:.2} s: {:.1} MB/s, {:.0} games/s, {:.2} M plies/s",
        mb / secs,
        games as f64 / secs,
        plies as f64 / secs / 1e6
    );
    println!("games={games} rejected={rejected} plies={plies} bytes={bytes} secs={secs:.3}");
    Ok(())
}
