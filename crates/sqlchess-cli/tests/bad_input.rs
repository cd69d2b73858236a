//! Bad input, as a hostile user would give it: one case for each defect of
//! the hardening audit (issue 18, items 1 to 10), then a generated sweep —
//! seeded mutations of valid FENs (chess and fairy), of variants.ini texts,
//! of SQL calls (NULL, wrong types, huge numbers, random blobs) and of UCI
//! input — each asserting "a typed error or a correct answer; never a panic,
//! never a wrap (overflow checks are on in tests), never a hang" (a watchdog
//! bounds every input). The counts per surface are printed (`--nocapture`)
//! and recorded in docs/reliability.md.

use std::fmt::Debug;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use sqlchess_rules::{Position, Variant, Variants};
use sqlchess_search::uci::{run_with, Config};
use sqlchess_search::Limits;
use sqlchess_sqlite::rusqlite::types::Value;
use sqlchess_sqlite::rusqlite::{params_from_iter, Connection};
use sqlchess_types::XorShift64;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn sqlchess(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sqlchess"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run sqlchess")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Exit status 1 or 2 with one `sqlchess: ` line (or clap's usage text),
/// nothing on standard output, no panic.
fn refused(out: &Output) -> String {
    let err = stderr(out);
    assert!(
        matches!(out.status.code(), Some(1 | 2)),
        "{:?}: {err}",
        out.status
    );
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    err
}

// ---- one case per defect -------------------------------------------------

/// 1. `--hash` past the table's range is a usage error, not a panic or an
///    abort on allocation.
#[test]
fn defect_1_hash_out_of_range_is_a_usage_error() {
    for hash in ["18446744073709551615", "999999999", "0", "-1"] {
        let out = sqlchess(&["bestmove", "--depth", "1", &format!("--hash={hash}")]);
        let err = refused(&out);
        assert_eq!(out.status.code(), Some(2), "{hash}: {err}");
        assert!(err.contains("--hash"), "{err}");
    }
    let out = sqlchess(&["bestmove", "--depth", "1", "--hash", "4096"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// 2. Move clocks at 2³²−1 saturate: the move number never becomes 0 and
///    the half-move clock never wraps, so the fifty-move draw stays (chess
///    and a fairy variant alike).
#[test]
fn defect_2_clocks_saturate() {
    let pos = sqlchess_rules::position("4k3/8/8/8/8/8/8/4K2R b K - 0 4294967295", "chess").unwrap();
    let after = pos.play_text("e8d8").unwrap();
    assert!(after.fen().ends_with(" 1 4294967295"), "{}", after.fen());
    Position::from_fen(&Variant::chess(), &after.fen()).expect("its own FEN parses");

    let pos = sqlchess_rules::position("4k3/8/8/8/8/8/8/4K2R w K - 4294967295 7", "chess").unwrap();
    let after = pos.play_text("h1h2").unwrap();
    assert!(after.fen().ends_with(" 4294967295 7"), "{}", after.fen());
    assert!(after.status().outcome().is_some(), "{:?}", after.status());

    let capa = "5k4/10/10/10/10/10/10/5K3R w - - 4294967295 4294967295";
    let pos = sqlchess_rules::position(capa, "capablanca").unwrap();
    let after = pos.play_text("j1j2").unwrap();
    assert!(
        after.fen().ends_with(" 4294967295 4294967295"),
        "{}",
        after.fen()
    );
    let back = after.play_text("f8e8").unwrap();
    assert!(
        back.fen().ends_with(" 4294967295 4294967295"),
        "{}",
        back.fen()
    );
    // Past 2³²−1 is a typed error naming the field.
    let err = sqlchess_rules::position("4k3/8/8/8/8/8/8/4K2R b K - 0 4294967296", "chess")
        .unwrap_err()
        .to_string();
    assert!(err.contains("fen field"), "{err}");
}

/// 3. A digit run longer than the rank (even one past 2⁶⁴) is an error
///    naming the placement field, in a FEN and in a variants.ini startFen.
#[test]
fn defect_3_long_digit_runs_are_errors() {
    let fen =
        "rnabqkbcnr/pppppppppp/18446744073709551626/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    let out = sqlchess(&["perft", "--variant", "capablanca", "--fen", fen, "1"]);
    let err = refused(&out);
    assert!(err.contains("fen field `placement`"), "{err}");
    let ini = format!("[wide:capablanca]\nstartFen = {fen}\n");
    let err = Variants::builtin().load_ini(&ini).unwrap_err().to_string();
    assert!(err.contains("placement"), "{err}");
}

/// 4. Every search has a bound besides its depth: depth 1 on a crowded
///    grand position, and on a variant where every pawn move promotes,
///    answers quickly; so does SQL's `next_move(…, 1, 'grand')`.
#[test]
fn defect_4_shallow_searches_end_quickly() {
    // Every piece of both sides en prise in the middle of a 10×10 board.
    let crowded = "r8r/1nbqkcabn1/pppppppppp/QCARNBqcar/ACRQBNacrq/carqbnCARQ/rqacnbRQAC/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1";
    let grand = Variant::builtin("grand").unwrap();
    let pos = Position::from_fen(&grand, crowded).expect("a legal crowded position");
    let t = Instant::now();
    let best = sqlchess_search::next_move(&pos, &Limits::depth(1));
    assert!(best.uci.is_some());
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());

    // Pawns promote on their first step: a quiescence of promotions.
    let mut variants = Variants::builtin();
    variants
        .load_ini(
            "[promoteall:chess]\npromotionRank = 3\ndoubleStep = false\n\
             startFen = rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1\n",
        )
        .unwrap();
    let v = variants.get("promoteall").unwrap();
    let t = Instant::now();
    let best = sqlchess_search::next_move(&Position::start(&v), &Limits::depth(1));
    assert!(best.uci.is_some());
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());

    let conn = sqlchess_sqlite::open_in_memory().unwrap();
    let t = Instant::now();
    let mv: Option<String> = conn
        .query_row("SELECT next_move(?1, 1, 'grand')", [crowded], |r| r.get(0))
        .unwrap();
    assert!(mv.is_some());
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
}

/// 5. One invalid UTF-8 byte on UCI's input is reported and skipped; the
///    search already running still answers.
#[test]
fn defect_5_uci_survives_invalid_utf8() {
    let input: &[u8] = b"uci\ngo depth 3\n\xff\xfe garbage\nisready\n";
    let out = run_with(input, Vec::new(), &Config::default()).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("info string input line is not UTF-8"),
        "{text}"
    );
    assert!(text.contains("readyok"), "{text}");
    assert!(text.contains("bestmove "), "{text}");
}

/// 6. A finite search still running when the input ends gets
///    [`sqlchess_search::uci::END_OF_INPUT_GRACE`] at most, then stops with a
///    `bestmove`: no busy orphan.
#[test]
fn defect_6_a_finite_search_stops_after_the_input_ends() {
    assert!(sqlchess_search::uci::END_OF_INPUT_GRACE <= Duration::from_secs(10));
    let config = Config {
        end_of_input_grace: Duration::from_millis(300),
        ..Config::default()
    };
    let t = Instant::now();
    let out = run_with(&b"go depth 60\n"[..], Vec::new(), &config).unwrap();
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    assert!(String::from_utf8(out).unwrap().contains("bestmove "));
}

/// 7. Impossible setups are typed errors naming what is wrong: no royal
///    piece, a castling file off the board, a promotion rank off the board.
#[test]
fn defect_7_impossible_setups_are_refused() {
    let out = sqlchess(&[
        "perft",
        "--variant",
        "capablanca",
        "--fen",
        "10/10/10/10/10/10/10/10 w - - 0 1",
        "1",
    ]);
    assert!(refused(&out).contains("royal"), "{}", stderr(&out));
    for (option, value) in [
        ("castlingKingsideFile", "p"),
        ("castlingQueensideFile", "z"),
        ("promotionRank", "100"),
        // Found by the variants_ini fuzz target: a subtraction overflowed.
        ("maxRank", "0"),
        ("maxFile", "0"),
    ] {
        let ini = format!("[bad:chess]\n{option} = {value}\n");
        let err = Variants::builtin().load_ini(&ini).unwrap_err().to_string();
        assert!(err.contains(option), "{option}: {err}");
    }
}

/// 8. Exit codes as the README says, each error printed once, long input
///    quoted shortened.
#[test]
fn defect_8_exit_codes_and_messages() {
    let out = sqlchess(&["sql", "--db", "/nonexistent/dir/x.db", "SELECT 1"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = sqlchess(&["sql", "SELECT perft('x', 1)"]);
    let err = refused(&out);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(err.matches("fen field").count(), 1, "{err}");
    assert!(!err.contains("Error code"), "{err}");
    let long = "8/".repeat(50_000);
    let out = sqlchess(&["perft", "--fen", &long, "1"]);
    assert!(refused(&out).len() < 400, "{}", stderr(&out).len());
    let out = sqlchess(&["sql", &format!("SELECT perft('{long}', 1)")]);
    assert!(refused(&out).len() < 400, "{}", stderr(&out).len());
    let out = sqlchess(&["perft", "--variant", "grand", "--fen", &long, "1"]);
    assert!(refused(&out).len() < 400, "{}", stderr(&out).len());
}

/// 9. The fuzz targets of every parser and loader exist, each with a seed
///    corpus (scripts/fuzz.sh runs them; CI for 30 s each).
#[test]
fn defect_9_every_parser_has_a_fuzz_target_and_seeds() {
    let fuzz = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).unwrap();
    for target in [
        "fen",
        "moves",
        "pack",
        "betza",
        "parlett",
        "fairy_fen",
        "fairy_moves",
        "fairy_pack",
        "variants_ini",
        "pgn",
        "game_value",
        "uci",
        "sql_args",
    ] {
        assert!(
            manifest.contains(&format!("name = \"{target}\"")),
            "no fuzz target {target}"
        );
        assert!(
            fuzz.join(format!("fuzz_targets/{target}.rs")).is_file(),
            "{target}"
        );
        let seeds = std::fs::read_dir(fuzz.join("corpus").join(target))
            .unwrap_or_else(|e| panic!("corpus/{target}: {e}"))
            .count();
        assert!((1..=64).contains(&seeds), "corpus/{target}: {seeds} seeds");
    }
}

/// 10. SQLite: an interrupt stops a long `perft` within a fraction of a
///     second and the connection goes on (`sqlchess sql`'s Ctrl-C is
///     tested in tests/sql.rs; PostgreSQL's statement_timeout and
///     pg_cancel_backend in scripts/ci-pg.sh).
#[test]
fn defect_10_a_long_perft_is_interruptible() {
    let conn = sqlchess_sqlite::open_in_memory().unwrap();
    let handle = conn.get_interrupt_handle();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        handle.interrupt();
        Instant::now()
    });
    let err = conn
        .query_row(
            "SELECT perft(?1, 8, 'capablanca')",
            ["rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"],
            |r| r.get::<_, i64>(0),
        )
        .unwrap_err();
    let sent = stopper.join().unwrap();
    assert!(
        sent.elapsed() < Duration::from_secs(5),
        "{:?}",
        sent.elapsed()
    );
    assert!(err.to_string().contains("perft interrupted"), "{err}");
    let n: i64 = conn
        .query_row("SELECT perft(?1, 1)", [START], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 20);
}

// ---- the generated sweep ---------------------------------------------------

/// The most one input may take (debug build) before the sweep calls it a hang.
const PER_INPUT: Duration = Duration::from_secs(10);

/// Runs `check` on every input in a worker thread; fails on the first panic
/// (naming the input) or on an input that runs past [`PER_INPUT`], and
/// prints the number of inputs tried: answered (`check` returns `true`) and
/// refused with a typed error.
fn sweep<T, F>(surface: &str, inputs: Vec<T>, make: impl FnOnce() -> F + Send + 'static)
where
    T: Debug + Send + 'static,
    F: FnMut(&T) -> bool,
{
    let n = inputs.len();
    let (tx, rx) = mpsc::channel::<Result<usize, String>>();
    let worker = std::thread::spawn(move || {
        let mut check = make();
        let mut answered = 0;
        for (i, input) in inputs.iter().enumerate() {
            if tx.send(Ok(i)).is_err() {
                return answered;
            }
            match catch_unwind(AssertUnwindSafe(|| check(input))) {
                Ok(true) => answered += 1,
                Ok(false) => {}
                Err(e) => {
                    let why = e
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                        .unwrap_or_default();
                    let _ = tx.send(Err(format!("input #{i} {input:?}: {why}")));
                    return answered;
                }
            }
        }
        answered
    });
    let t = Instant::now();
    loop {
        match rx.recv_timeout(PER_INPUT) {
            Ok(Ok(_)) => {}
            Ok(Err(why)) => panic!("{surface}: panic on {why}"),
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                panic!("{surface}: an input ran past {PER_INPUT:?} (a hang)")
            }
        }
    }
    let answered = worker.join().expect("the sweep's worker");
    println!(
        "sweep {surface}: {n} inputs ({answered} answered, {} typed errors), no panic, no hang, {:.1} s",
        n - answered,
        t.elapsed().as_secs_f64()
    );
}

/// Seeded edits of text: replace, insert or delete characters drawn from
/// `alphabet`, or splice in a long digit run or a huge number.
fn mutate(rng: &mut XorShift64, text: &str, alphabet: &[&str]) -> String {
    let mut s: Vec<String> = text.chars().map(String::from).collect();
    // Mostly one edit, so that many inputs stay valid and are answered.
    let edits = [1, 1, 1, 1, 2, 3, 4][rng.next_u64() as usize % 7];
    for _ in 0..edits {
        let r = rng.next_u64();
        let at = if s.is_empty() {
            0
        } else {
            (r >> 8) as usize % s.len()
        };
        let piece = alphabet[(r >> 32) as usize % alphabet.len()].to_owned();
        match r % 10 {
            0..=4 if !s.is_empty() => s[at] = piece,
            5..=6 => s.insert(at, piece),
            7..=8 if !s.is_empty() => {
                s.remove(at);
            }
            _ => s.insert(
                at,
                [
                    "18446744073709551626",
                    "4294967296",
                    "99999999999",
                    "-1",
                    "\u{0}",
                    "é",
                ][(r >> 40) as usize % 6]
                    .to_owned(),
            ),
        }
    }
    s.concat()
}

const FEN_ALPHABET: &[&str] = &[
    "p", "n", "b", "r", "q", "k", "P", "N", "B", "R", "Q", "K", "A", "C", "a", "c", "1", "2", "8",
    "9", "10", "/", " ", "-", "w", "b", "[", "]", "+", "~", "0", "e3", "KQkq",
];

fn rng(seed: u64) -> XorShift64 {
    XorShift64::new(seed)
}

/// A position's answers agree with themselves: FEN round trip, perft 1
/// equal to the legal moves, every legal move playable.
fn consistent(pos: &Position, variant: &Variant) -> bool {
    let again = Position::from_fen(variant, &pos.fen()).expect("a printed FEN parses");
    assert_eq!(again.fen(), pos.fen());
    let moves = pos.legal_moves();
    assert_eq!(pos.perft(1).unwrap(), moves.len() as u64);
    if let Some(&m) = moves.first() {
        let _ = pos.play_unchecked(m).fen();
    }
    true
}

/// A typed error: a message that says something, and not the whole input.
fn typed(err: &dyn std::error::Error) -> bool {
    let msg = err.to_string();
    assert!(!msg.is_empty());
    let head: String = msg.chars().take(200).collect();
    assert!(msg.len() < 1_000, "{} bytes: {head}", msg.len());
    false
}

#[test]
fn sweep_chess_fens() {
    let seeds = [
        START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkb1r/pp1p1ppp/5n2/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 4",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "4k3/8/8/8/8/8/8/4K2R b K - 99 4294967295",
    ];
    let mut r = rng(0x5eed_0001);
    let mut inputs = Vec::new();
    for i in 0..8_000 {
        inputs.push(mutate(&mut r, seeds[i % seeds.len()], FEN_ALPHABET));
    }
    sweep("chess FEN", inputs, || {
        let chess = Variant::chess();
        let c960 = Variant::builtin("chess960").unwrap();
        move |fen: &String| {
            let mut answered = false;
            for v in [&chess, &c960] {
                answered |= match Position::from_fen(v, fen) {
                    Ok(pos) => consistent(&pos, v),
                    Err(e) => typed(&e),
                };
            }
            answered
        }
    });
}

#[test]
fn sweep_fairy_fens() {
    let names = [
        "capablanca",
        "grand",
        "shogi",
        "xiangqi",
        "crazyhouse",
        "seirawan",
        "makruk",
        "janggi",
    ];
    let mut r = rng(0x5eed_0002);
    let mut inputs = Vec::new();
    let starts: Vec<(String, String)> = names
        .iter()
        .filter_map(|n| {
            Variant::builtin(n)
                .ok()
                .map(|v| ((*n).to_owned(), v.start_fen()))
        })
        .collect();
    for i in 0..8_000 {
        let (name, fen) = &starts[i % starts.len()];
        inputs.push((name.clone(), mutate(&mut r, fen, FEN_ALPHABET)));
    }
    sweep("fairy FEN", inputs, move || {
        // Each variant built once, not per input.
        let variants: Vec<(String, Variant)> = names
            .iter()
            .filter_map(|n| Variant::builtin(n).ok().map(|v| ((*n).to_owned(), v)))
            .collect();
        move |(name, fen): &(String, String)| {
            let (_, v) = variants
                .iter()
                .find(|(n, _)| n == name)
                .expect("a built-in");
            match Position::from_fen(v, fen) {
                Ok(pos) => consistent(&pos, v),
                Err(e) => typed(&e),
            }
        }
    });
}

const INI_SEEDS: &[&str] = &[
    "[nightriders:chess]\ncustomPiece1 = s:NN\nknight = -\nstartFen = rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR w KQkq - 0 1\n",
    "[tiny:chess]\nmaxRank = 6\npromotionRank = 6\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    "[capahouse2:capablanca]\nmaxFile = 10\nmaxRank = 8\ncannon = o\npromotionPieceTypes = qrbns\ncastlingKingsideFile = i\ncastlingQueensideFile = c\n",
    "[wide:chess]\nmaxFile = 12\nstartFen = rnbqkbnrrnbq/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNBQKBNRRNBQ w - - 0 1\ncastling = false\n",
    "[a:chess]\ndoubleStep = false\n[b:a]\npromotionLimit = q:1 r:2\nmandatoryPawnPromotion = false\n",
];

const INI_ALPHABET: &[&str] = &[
    "[",
    "]",
    ":",
    "=",
    "\n",
    " ",
    "#",
    ";",
    "a",
    "k",
    "q",
    "N",
    "s",
    "0",
    "1",
    "9",
    "16",
    "17",
    "-",
    "/",
    "maxFile",
    "maxRank",
    "startFen",
    "promotionRank",
    "castlingKingsideFile",
    "customPiece2 = x:",
    "doubleStepRank",
    "chess",
    "capablanca",
    "grand",
    "true",
    "false",
    "NN",
    "W",
    "F",
    "QN0",
];

#[test]
fn sweep_variants_ini() {
    let mut r = rng(0x5eed_0003);
    let mut inputs = Vec::new();
    for i in 0..4_000 {
        inputs.push(mutate(&mut r, INI_SEEDS[i % INI_SEEDS.len()], INI_ALPHABET));
    }
    sweep("variants.ini", inputs, || {
        |text: &String| {
            let mut variants = Variants::builtin();
            match variants.load_ini(text) {
                Ok(names) => {
                    for name in names {
                        let v = variants.get(&name).expect("a loaded variant is found");
                        consistent(&Position::start(&v), &v);
                    }
                    true
                }
                Err(e) => typed(&e),
            }
        }
    });
}

/// SQL functions over every sqlchess name (from SQLite's function and
/// module lists), with arguments from NULL to random blobs.
#[test]
fn sweep_sql_calls() {
    // No depth from 3 to the maximums (perft 12, next_move 32): each call
    // must be quick. Past the maximum is an error.
    const INTS: &[i64] = &[
        -1,
        0,
        1,
        2,
        33,
        99,
        4_294_967_295,
        4_294_967_296,
        i64::MAX,
        i64::MIN,
    ];
    const TEXTS: &[&str] = &[
        START,
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        "capablanca",
        "grand",
        "e2e4",
        "Nf3",
        "knight",
        "[Event \"x\"]\n\n1. e4 e5 *\n",
        "",
        "nosuch",
    ];
    let mut r = rng(0x5eed_0004);
    // (function index seed, argument count seed, argument seeds)
    let inputs: Vec<Vec<u64>> = (0..6_000)
        .map(|_| (0..8).map(|_| r.next_u64()).collect())
        .collect();
    sweep("SQL calls", inputs, || {
        let conn = sqlchess_sqlite::open_in_memory().unwrap();
        let plain = Connection::open_in_memory().unwrap();
        let list = |c: &Connection, sql: &str| -> Vec<(String, i64)> {
            let mut s = c.prepare(sql).unwrap();
            let rows = s.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
            rows.map(Result::unwrap).collect()
        };
        let builtin = list(&plain, "SELECT name, narg FROM pragma_function_list");
        let mut functions: Vec<(String, i64)> =
            list(&conn, "SELECT name, narg FROM pragma_function_list")
                .into_iter()
                .filter(|f| !builtin.contains(f))
                .collect();
        let modules = list(&plain, "SELECT name, 0 FROM pragma_module_list");
        for (m, _) in list(&conn, "SELECT name, 0 FROM pragma_module_list") {
            if m != "read_pgn" && !modules.iter().any(|(b, _)| *b == m) {
                functions.push((m, -2));
            }
        }
        functions.sort();
        assert!(functions.len() > 30, "{functions:?}");
        move |seeds: &Vec<u64>| {
            let (name, narg) = &functions[seeds[0] as usize % functions.len()];
            let n = if *narg >= 0 {
                *narg as usize
            } else {
                (seeds[1] % 5) as usize
            };
            let args: Vec<Value> = seeds[2..2 + n.min(6)]
                .iter()
                .map(|&s| match s % 6 {
                    0 => Value::Null,
                    1 => Value::Integer(INTS[(s >> 8) as usize % INTS.len()]),
                    2 => Value::Real(f64::from_bits(s >> 3)),
                    3 => Value::Text(TEXTS[(s >> 8) as usize % TEXTS.len()].to_owned()),
                    4 => Value::Blob((0..(s >> 8) % 64).map(|i| (s >> (i % 56)) as u8).collect()),
                    _ => Value::Text("x".repeat((s >> 8) as usize % 5_000)),
                })
                .collect();
            let marks = (1..=args.len())
                .map(|i| format!("?{i}"))
                .collect::<Vec<_>>()
                .join(", ");
            let sql = if *narg == -2 {
                format!("SELECT * FROM {name}({marks}) LIMIT 100")
            } else {
                format!("SELECT {name}({marks})")
            };
            // Too many arguments for a table-valued function fails to prepare.
            let result = conn.prepare(&sql).and_then(|mut stmt| {
                let mut rows = stmt.query(params_from_iter(args.iter()))?;
                while let Some(row) = rows.next()? {
                    for i in 0..row.as_ref().column_count() {
                        let _ = row.get_ref(i)?;
                    }
                }
                Ok(())
            });
            match result {
                Ok(()) => true,
                Err(e) => typed(&e),
            }
        }
    });
}

const UCI_LINES: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3",
    "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 moves e1g1",
    "position fen 4k3/8/8/8/8/8/8/4K2R w K - 4294967295 4294967295",
    "go depth 3",
    "go nodes 200",
    "go movetime 5",
    "go wtime 100 btime 100 winc 5 binc 5 movestogo 1",
    "go infinite",
    "go depth 99999999999999999999",
    "go wtime -5",
    "stop",
    "setoption name Hash value 1",
    "setoption name Hash value 18446744073709551615",
    "setoption name UCI_Variant value capablanca",
    "setoption name UCI_Variant value nosuch",
    "setoption name UCI_Chess960 value true",
    "position fen rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1 moves c1d3",
    "debug on",
];

#[test]
fn sweep_uci_input() {
    let mut r = rng(0x5eed_0005);
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for _ in 0..2_000 {
        let mut script = String::new();
        for _ in 0..1 + r.next_u64() % 6 {
            let line = UCI_LINES[r.next_u64() as usize % UCI_LINES.len()];
            let line = if r.next_u64() % 3 == 0 {
                mutate(
                    &mut r,
                    line,
                    &[
                        " ", "0", "9", "-", "go", "moves", "fen", "\t", "name", "value", "\u{a0}",
                    ],
                )
            } else {
                line.to_owned()
            };
            script.push_str(&line);
            script.push('\n');
        }
        let mut bytes = script.into_bytes();
        if r.next_u64() % 8 == 0 {
            let at = r.next_u64() as usize % (bytes.len() + 1);
            bytes.insert(at, 0xff);
        }
        inputs.push(bytes);
    }
    sweep("UCI input", inputs, || {
        let config = Config {
            end_of_input_grace: Duration::ZERO,
            max_nodes: Some(300),
            max_hash_mb: 1,
            read_files: false,
        };
        move |input: &Vec<u8>| {
            let out = run_with(&input[..], Vec::new(), &config).expect("the loop survives");
            let text = String::from_utf8(out).expect("UTF-8 out");
            let mut searched = false;
            for line in input.split(|&b| b == b'\n') {
                let Ok(line) = std::str::from_utf8(line) else {
                    continue;
                };
                match line.split_whitespace().next() {
                    Some("quit") => break,
                    Some("go") => searched = true,
                    _ => {}
                }
            }
            if searched {
                assert!(text.contains("bestmove "), "{text}");
            }
            // Every line answered or reported: no error ends the loop.
            !text.contains("info string")
        }
    });
}
