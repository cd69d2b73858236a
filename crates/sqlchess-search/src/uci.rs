//! The UCI protocol: reads commands from any [`BufRead`], writes replies to
//! any [`Write`], and searches in its own thread so that `stop` works.
//!
//! Supported: `uci`, `isready`, `ucinewgame`, `setoption` (`Hash`,
//! `Threads` (Lazy SMP, [`crate::Searcher::set_threads`]), `UCI_Chess960`,
//! `UCI_Variant`, `VariantPath`: a `variants.ini` file whose variants
//! `UCI_Variant` then offers, as Fairy-Stockfish's), `position startpos|fen … [moves …]`,
//! `go` with `depth`, `movetime`, `nodes`, `wtime`, `btime`, `winc`, `binc`,
//! `movestogo`, `infinite`, then `stop` and `quit`. At the end of the input
//! an infinite search is stopped; a finite one has
//! [`END_OF_INPUT_GRACE`] to finish, then is stopped, and `bestmove` is
//! written either way. A line that is not UTF-8, or an unknown command, gets
//! an `info string` and the loop goes on.
//!
//! ```
//! let input = "uci\nisready\nposition startpos moves e2e4\ngo depth 3\n";
//! let output = sqlchess_search::uci::run(input.as_bytes(), Vec::new()).unwrap();
//! let text = String::from_utf8(output).unwrap();
//! assert!(text.contains("uciok"));
//! assert!(text.lines().last().unwrap().starts_with("bestmove "));
//! ```

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use sqlchess_core::Color;
use sqlchess_rules::{Position, Variants};

use crate::fairy::FairyGame;
use crate::ChessGame;
use crate::{Game, Limits, Score, Searcher, Visited, MAX_THREADS};

/// The engine's name in `id name`.
pub const ENGINE_NAME: &str = "sqlchess";
/// The engine's author in `id author`.
pub const ENGINE_AUTHOR: &str = "the sqlchess developers";
/// The default transposition table size in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;
/// How long a finite search may go on after the input ends.
pub const END_OF_INPUT_GRACE: Duration = Duration::from_secs(10);
/// Time kept in reserve on each move for the GUI and the pipe, under a
/// game clock. A fixed `go movetime` is searched for all of its time, as
/// the protocol asks and Stockfish and Fairy-Stockfish do: keeping a tenth
/// back gave sqlchess 96 ms of `fairy-stockfish`'s 103 at `movetime 100`.
const MOVE_OVERHEAD: Duration = Duration::from_millis(20);

/// A failure of the UCI loop itself (protocol mistakes are reported as
/// `info string` and skipped).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UciError {
    /// Reading commands or writing replies failed.
    #[error("uci i/o error: {0}")]
    Io(#[from] io::Error),
    /// The search thread panicked.
    #[error("the search thread panicked")]
    SearchPanicked,
}

/// Bounds the loop puts on itself besides what the GUI asks for: the
/// defaults are the engine's ([`run`]); tests and the fuzz target lower them
/// so that no input can keep the loop busy for long.
///
/// ```
/// use sqlchess_search::uci::{run_with, Config};
/// let config = Config { max_nodes: Some(2_000), ..Config::default() };
/// let out = run_with("go infinite\n".as_bytes(), Vec::new(), &config).unwrap();
/// assert!(String::from_utf8(out).unwrap().contains("bestmove "));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// How long a finite search may go on after the input ends
    /// ([`END_OF_INPUT_GRACE`] by default).
    pub end_of_input_grace: Duration,
    /// The most nodes any one `go` searches, whatever its limits say
    /// (`None` by default: as the GUI asks; `go infinite` then waits for `stop`
    /// or the end of the input).
    pub max_nodes: Option<u64>,
    /// The largest `Hash` the `setoption` accepts, in megabytes
    /// ([`crate::tt::MAX_HASH_MB`] by default); below [`DEFAULT_HASH_MB`],
    /// the table's size from the start.
    pub max_hash_mb: usize,
    /// Whether `setoption name VariantPath` may read a file (`true` by
    /// default); the fuzz target turns it off, as its input names files.
    pub read_files: bool,
}

/// The largest `VariantPath` file read, in bytes: Fairy-Stockfish's own
/// `variants.ini` is under 100 KB, and a path such as `/dev/zero` must not
/// fill the memory.
pub const MAX_VARIANT_FILE_BYTES: u64 = 4 << 20;

impl Default for Config {
    fn default() -> Config {
        Config {
            end_of_input_grace: END_OF_INPUT_GRACE,
            max_nodes: None,
            max_hash_mb: crate::tt::MAX_HASH_MB,
            read_files: true,
        }
    }
}

/// Runs the UCI loop until `quit` or the end of `input`, then returns `output`.
///
/// # Errors
/// [`UciError::Io`] if reading or writing fails; [`UciError::SearchPanicked`]
/// if a search thread panicked.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) -> Result<W, UciError> {
    run_with(input, output, &Config::default())
}

/// [`run`] within the bounds of `config`.
///
/// # Errors
/// As [`run`].
pub fn run_with<R: BufRead, W: Write + Send + 'static>(
    input: R,
    output: W,
    config: &Config,
) -> Result<W, UciError> {
    let out = Arc::new(Mutex::new(output));
    let mut engine = Engine::new(Arc::clone(&out), config.clone());
    let mut input = input;
    let mut bytes = Vec::new();
    let mut quit = false;
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        // Bytes that are not UTF-8 are no command: say so and go on.
        let Ok(line) = std::str::from_utf8(&bytes) else {
            engine.say("info string input line is not UTF-8; ignored")?;
            continue;
        };
        if !engine.command(line.trim())? {
            engine.stop()?;
            quit = true;
            break;
        }
    }
    if !quit {
        engine.finish_at_end_of_input()?;
    }
    drop(engine);
    match Arc::try_unwrap(out) {
        Ok(m) => Ok(m.into_inner().unwrap_or_else(|e| e.into_inner())),
        Err(_) => Err(UciError::SearchPanicked),
    }
}

fn lock<W>(out: &Mutex<W>) -> MutexGuard<'_, W> {
    out.lock().unwrap_or_else(|e| e.into_inner())
}

/// The current game: a root position and the hashes before it.
enum Session {
    Chess {
        root: Box<ChessGame>,
        history: Vec<Visited>,
    },
    Fairy {
        root: Box<FairyGame>,
        history: Vec<Visited>,
    },
}

/// A search running in its thread: it hands the searchers back when done.
struct Running {
    handle: JoinHandle<Searchers>,
    stop: Arc<AtomicBool>,
    infinite: bool,
}

#[derive(Default)]
struct Searchers {
    chess: Option<Searcher<ChessGame>>,
    fairy: Option<Searcher<FairyGame>>,
}

struct Engine<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    config: Config,
    hash_mb: usize,
    threads: usize,
    chess960: bool,
    /// The built-in variants and those `VariantPath` loaded.
    variants: Variants,
    variant: String,
    session: Session,
    searchers: Option<Searchers>,
    running: Option<Running>,
}

impl<W: Write + Send + 'static> Engine<W> {
    fn new(out: Arc<Mutex<W>>, config: Config) -> Engine<W> {
        Engine {
            out,
            hash_mb: DEFAULT_HASH_MB.min(config.max_hash_mb).max(1),
            threads: 1,
            config,
            chess960: false,
            variants: Variants::builtin(),
            variant: "chess".to_owned(),
            session: Session::Chess {
                root: Box::new(ChessGame::new(sqlchess_core::Position::new())),
                history: Vec::new(),
            },
            searchers: Some(Searchers::default()),
            running: None,
        }
    }

    fn say(&self, text: &str) -> io::Result<()> {
        let mut out = lock(&self.out);
        writeln!(out, "{text}")?;
        out.flush()
    }

    /// Handles one command; `false` to quit.
    fn command(&mut self, line: &str) -> Result<bool, UciError> {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return Ok(true);
        };
        let rest: Vec<&str> = words.collect();
        match cmd {
            "uci" => {
                let mut text = format!(
                    "id name {ENGINE_NAME}\nid author {ENGINE_AUTHOR}\n\
                     option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {}\n\
                     option name Threads type spin default 1 min 1 max {MAX_THREADS}\n\
                     option name UCI_Chess960 type check default false\n\
                     option name VariantPath type string default <empty>\n\
                     option name UCI_Variant type combo default chess",
                    self.config.max_hash_mb
                );
                let mut names = variant_names();
                for name in self.variants.custom_names() {
                    if !names.iter().any(|n| n == name) {
                        names.push(name.to_owned());
                    }
                }
                for name in names {
                    text.push_str(" var ");
                    text.push_str(&name);
                }
                text.push_str("\nuciok");
                self.say(&text)?;
            }
            "isready" => self.say("readyok")?,
            "ucinewgame" => {
                self.settle()?;
                self.searchers = Some(Searchers::default());
            }
            "setoption" => self.setoption(&rest)?,
            "position" => {
                self.settle()?;
                if let Err(msg) = self.position(&rest) {
                    self.say(&format!("info string {msg}"))?;
                }
            }
            "go" => self.go(&rest)?,
            "stop" => self.stop()?,
            "ponderhit" | "debug" | "register" => {}
            "quit" => return Ok(false),
            other => self.say(&format!("info string unknown command {other:?}"))?,
        }
        Ok(true)
    }

    fn setoption(&mut self, args: &[&str]) -> Result<(), UciError> {
        let joined = args.join(" ");
        let Some(rest) = joined.strip_prefix("name ") else {
            return Ok(self.say("info string setoption needs a name")?);
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        self.settle()?;
        match name.to_ascii_lowercase().as_str() {
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=self.config.max_hash_mb).contains(&mb) => {
                    self.hash_mb = mb;
                    self.searchers = Some(Searchers::default());
                }
                _ => self.say(&format!("info string invalid Hash value {value:?}"))?,
            },
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => self.threads = n,
                _ => self.say(&format!("info string invalid Threads value {value:?}"))?,
            },
            "uci_chess960" => self.chess960 = value.eq_ignore_ascii_case("true"),
            "variantpath" => self.load_variant_path(value)?,
            "uci_variant" => {
                if let Ok(v) = self.variants.get(value) {
                    self.variant = v.name().to_owned();
                    self.searchers = Some(Searchers::default());
                    if let Err(msg) = self.position(&["startpos"]) {
                        self.say(&format!("info string {msg}"))?;
                    }
                } else {
                    self.say(&format!("info string unknown variant {value:?}"))?;
                }
            }
            _ => self.say(&format!("info string unknown option {name:?}"))?,
        }
        Ok(())
    }

    /// `setoption name VariantPath value FILE`: reads a `variants.ini`
    /// file; its variants join (or shadow) the built-ins. Every section
    /// refused, and a file that cannot be read, gets an `info string`
    /// naming why; the variants that load are kept either way.
    fn load_variant_path(&mut self, path: &str) -> Result<(), UciError> {
        if path.is_empty() || path == "<empty>" {
            return Ok(());
        }
        if !self.config.read_files {
            return Ok(self.say("info string VariantPath: reading files is turned off")?);
        }
        let text = match read_bounded(path, MAX_VARIANT_FILE_BYTES) {
            Ok(text) => text,
            Err(e) => return Ok(self.say(&format!("info string VariantPath {path:?}: {e}"))?),
        };
        let report = self.variants.read_ini(&text);
        for refused in &report.refused {
            self.say(&format!("info string VariantPath {path:?}: {refused}"))?;
        }
        self.say(&format!(
            "info string VariantPath {path:?}: {} variants loaded",
            report.loaded.len()
        ))?;
        // The current variant may have been redefined.
        self.searchers = Some(Searchers::default());
        if let Err(msg) = self.position(&["startpos"]) {
            self.say(&format!("info string {msg}"))?;
        }
        Ok(())
    }

    fn position(&mut self, args: &[&str]) -> Result<(), String> {
        let (fen, moves) = match args.first() {
            Some(&"startpos") => {
                let moves = match args.get(1) {
                    Some(&"moves") => &args[2..],
                    _ => &[][..],
                };
                (None, moves)
            }
            Some(&"fen") => {
                let end = args
                    .iter()
                    .position(|&w| w == "moves")
                    .unwrap_or(args.len());
                let moves = if end < args.len() {
                    &args[end + 1..]
                } else {
                    &[][..]
                };
                (Some(args[1..end].join(" ")), moves)
            }
            _ => return Err("position needs startpos or fen".to_owned()),
        };
        // UCI_Chess960 turns standard chess into Chess960.
        let name = if self.chess960 && self.variant == "chess" {
            "chess960"
        } else {
            self.variant.as_str()
        };
        let variant = self.variants.get(name).map_err(|e| e.to_string())?;
        let mut pos = match fen {
            Some(fen) => Position::from_fen(&variant, &fen).map_err(|e| e.to_string())?,
            None => Position::start(&variant),
        };
        let mut history = Vec::with_capacity(moves.len());
        for text in moves {
            let mv = pos.parse_move(text).map_err(|e| e.to_string())?;
            history.push(Visited::of_position(&pos));
            pos = pos.play_unchecked(mv);
        }
        // The search is generic over its game; each engine has its own.
        self.session = match (pos.as_chess(), pos.as_fairy()) {
            (Some(root), _) => Session::Chess {
                root: Box::new(ChessGame::new(*root)),
                history,
            },
            (None, Some(p)) => Session::Fairy {
                root: Box::new(FairyGame::from_position(p.clone())),
                history,
            },
            (None, None) => return Err("position of no engine".to_owned()),
        };
        Ok(())
    }

    fn go(&mut self, args: &[&str]) -> Result<(), UciError> {
        self.settle()?;
        let mut limits = Limits::default();
        let (mut wtime, mut btime, mut winc, mut binc, mut movestogo) = (None, None, 0, 0, None);
        let mut infinite = false;
        let mut i = 0;
        while i < args.len() {
            let value = args.get(i + 1).and_then(|v| v.parse::<i64>().ok());
            let mut takes_value = true;
            match args[i] {
                "depth" => limits.depth = value.map(|v| v.clamp(1, 127) as u32),
                "nodes" => limits.nodes = value.map(|v| v.max(1) as u64),
                "movetime" => limits.movetime = value.map(millis),
                "wtime" => wtime = value,
                "btime" => btime = value,
                "winc" => winc = value.unwrap_or(0),
                "binc" => binc = value.unwrap_or(0),
                "movestogo" => movestogo = value,
                "infinite" => {
                    infinite = true;
                    takes_value = false;
                }
                _ => takes_value = false,
            }
            i += if takes_value { 2 } else { 1 };
        }
        let white = match &self.session {
            Session::Chess { root, .. } => root.position().turn() == Color::White,
            Session::Fairy { root, .. } => root.white_to_move(),
        };
        let (time, inc) = if white { (wtime, winc) } else { (btime, binc) };
        if let (Some(time), false) = (time, infinite) {
            let time = millis(time);
            let inc = millis(inc);
            let moves = movestogo.unwrap_or(30).clamp(1, 50) as u32;
            let budget = time.saturating_sub(MOVE_OVERHEAD);
            let soft = (budget / moves + inc * 3 / 4).min(budget / 2);
            let hard = (soft * 3)
                .min(budget / 3 + inc / 2)
                .max(Duration::from_millis(1));
            limits.soft_time = Some(soft);
            limits.movetime = Some(limits.movetime.map_or(hard, |m| m.min(hard)));
        }
        let infinite = infinite
            || (limits.depth.is_none()
                && limits.nodes.is_none()
                && limits.movetime.is_none()
                && limits.soft_time.is_none());
        if let Some(cap) = self.config.max_nodes {
            limits.nodes = Some(limits.nodes.map_or(cap, |n| n.min(cap)));
        }

        let mut searchers = self.searchers.take().unwrap_or_default();
        let out = Arc::clone(&self.out);
        let (hash_mb, threads) = (self.hash_mb, self.threads);
        let (handle, stop) = match &self.session {
            Session::Chess { root, history } => {
                let mut searcher = searchers
                    .chess
                    .take()
                    .unwrap_or_else(|| Searcher::new(hash_mb));
                searcher.set_threads(threads);
                let stop = searcher.stop_flag();
                stop.store(false, Ordering::SeqCst);
                let job = Job {
                    root: (**root).clone(),
                    history: history.clone(),
                    limits,
                    out,
                    infinite,
                    stop: Arc::clone(&stop),
                };
                let handle = std::thread::spawn(move || {
                    job.run(&mut searcher);
                    searchers.chess = Some(searcher);
                    searchers
                });
                (handle, stop)
            }
            Session::Fairy { root, history } => {
                let mut searcher = searchers
                    .fairy
                    .take()
                    .unwrap_or_else(|| Searcher::new(hash_mb));
                searcher.set_threads(threads);
                let stop = searcher.stop_flag();
                stop.store(false, Ordering::SeqCst);
                let job = Job {
                    root: (**root).clone(),
                    history: history.clone(),
                    limits,
                    out,
                    infinite,
                    stop: Arc::clone(&stop),
                };
                let handle = std::thread::spawn(move || {
                    job.run(&mut searcher);
                    searchers.fairy = Some(searcher);
                    searchers
                });
                (handle, stop)
            }
        };
        self.running = Some(Running {
            handle,
            stop,
            infinite,
        });
        Ok(())
    }

    /// Stops a running search and waits for its `bestmove`.
    fn stop(&mut self) -> Result<(), UciError> {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::SeqCst);
        }
        self.wait()
    }

    /// Waits for a running search to finish by itself.
    fn wait(&mut self) -> Result<(), UciError> {
        if let Some(r) = self.running.take() {
            let searchers = r.handle.join().map_err(|_| UciError::SearchPanicked)?;
            self.searchers = Some(searchers);
        }
        Ok(())
    }

    /// At the end of the input (the GUI closed the pipe): an infinite search
    /// stops at once; a finite one has [`END_OF_INPUT_GRACE`] to finish,
    /// then stops, so that no search outlives its GUI for long. Either way
    /// `bestmove` is written.
    fn finish_at_end_of_input(&mut self) -> Result<(), UciError> {
        let deadline = std::time::Instant::now() + self.config.end_of_input_grace;
        while let Some(r) = &self.running {
            if r.infinite || std::time::Instant::now() >= deadline {
                return self.stop();
            }
            if r.handle.is_finished() {
                return self.wait();
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        Ok(())
    }

    /// Before a new command that needs the engine idle: let a finite search
    /// finish, stop an infinite one.
    fn settle(&mut self) -> Result<(), UciError> {
        if self.running.as_ref().is_some_and(|r| r.infinite) {
            self.stop()
        } else {
            self.wait()
        }
    }
}

/// The text of the file at `path`, if it is a regular file (not a pipe or
/// a device, which could block the loop: `/dev/stdin` is the GUI's own
/// input), UTF-8 and at most `limit` bytes long.
fn read_bounded(path: &str, limit: u64) -> io::Result<String> {
    use std::io::Read;
    let file = std::fs::File::open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("longer than {limit} bytes"),
        ));
    }
    String::from_utf8(bytes).map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8"))
}

fn millis(ms: i64) -> Duration {
    Duration::from_millis(ms.max(0) as u64)
}

/// The built-in variants UCI_Variant offers: chess first.
pub fn variant_names() -> Vec<String> {
    let mut names = vec!["chess".to_owned()];
    names.extend(
        sqlchess_rules::variant_names()
            .into_iter()
            .filter(|n| *n != "chess")
            .map(str::to_owned),
    );
    names
}

/// One search to run in the search thread.
struct Job<G: Game, W: Write + Send + 'static> {
    root: G,
    history: Vec<Visited>,
    limits: Limits,
    out: Arc<Mutex<W>>,
    infinite: bool,
    stop: Arc<AtomicBool>,
}

impl<G: Game, W: Write + Send + 'static> Job<G, W> {
    fn run(self, searcher: &mut Searcher<G>) {
        let root = self.root.clone();
        let out = Arc::clone(&self.out);
        let result = searcher.search(&self.root, &self.history, &self.limits, |info| {
            let mut line = format!(
                "info depth {} seldepth {} multipv 1 score {} nodes {} nps {} hashfull {} time {} pv",
                info.depth,
                info.seldepth.max(info.depth),
                Score::from_internal(info.score),
                info.nodes,
                info.nps(),
                info.hashfull,
                info.time.as_millis(),
            );
            let mut p = root.clone();
            for &m in &info.pv {
                line.push(' ');
                line.push_str(&p.move_text(m));
                p.apply(m);
            }
            let mut o = lock(&out);
            // A closed output only loses the info line; bestmove reports the error.
            let _ = writeln!(o, "{line}").and_then(|()| o.flush());
        });
        // UCI: in infinite mode, bestmove waits for `stop`.
        while self.infinite && !self.stop.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(2));
        }
        let best = result
            .best_move
            .map_or_else(|| "0000".to_owned(), |m| self.root.move_text(m));
        let mut o = lock(&self.out);
        let _ = writeln!(o, "bestmove {best}").and_then(|()| o.flush());
    }
}
