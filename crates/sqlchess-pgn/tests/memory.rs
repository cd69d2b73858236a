//! Reading a 50 MB stream keeps memory bounded (measured with a counting
//! global allocator).

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::{BufReader, Read};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use sqlchess_pgn::{Counter, Reader, SyntaxErrorKind, Visitor};

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// Tests in this file measure one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = CURRENT.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
        PEAK.fetch_max(now, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        CURRENT.fetch_sub(layout.size(), Ordering::SeqCst);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Produces `prefix`, then `body` repeated until `total` bytes, then `suffix`.
struct Repeat {
    prefix: &'static [u8],
    body: &'static [u8],
    suffix: &'static [u8],
    total: usize,
    produced: usize,
}

impl Read for Repeat {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let mut n = 0;
        while n < out.len() {
            let (src, off) = if self.produced < self.prefix.len() {
                (self.prefix, self.produced)
            } else if self.produced < self.total {
                let k = self.produced - self.prefix.len();
                (self.body, k % self.body.len())
            } else {
                let k = self.produced - self.total;
                if k >= self.suffix.len() {
                    break;
                }
                (self.suffix, k)
            };
            let mut take = (src.len() - off).min(out.len() - n);
            if src.as_ptr() == self.body.as_ptr() {
                take = take.min(self.total - self.produced);
            }
            out[n..n + take].copy_from_slice(&src[off..off + take]);
            n += take;
            self.produced += take;
        }
        Ok(n)
    }
}

const MB50: usize = 50 << 20;

fn measure<V: Visitor>(input: Repeat, visitor: &mut V) -> (usize, Vec<V::Output>) {
    let mut reader = Reader::new(BufReader::with_capacity(1 << 16, input));
    let base = CURRENT.load(Ordering::SeqCst);
    PEAK.store(base, Ordering::SeqCst);
    let mut outputs = Vec::new();
    while let Some(out) = reader.read_game(visitor).unwrap() {
        if outputs.len() < 16 {
            outputs.push(out);
        }
    }
    (PEAK.load(Ordering::SeqCst) - base, outputs)
}

#[test]
fn many_games_constant_memory() {
    let _guard = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let game: &'static [u8] = b"[Event \"Rated Blitz game\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n\
        1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Nf3 { [%clk 0:02:59] } 2... Nc6 (2... d6 3. d4) 3. Bb5 a6 1-0\n\n";
    let input = Repeat {
        prefix: b"",
        body: game,
        suffix: b"",
        total: game.len() * (MB50 / game.len()),
        produced: 0,
    };
    let mut counter = Counter::default();
    let (peak, _) = measure(input, &mut counter);
    assert_eq!(counter.games as usize, MB50 / game.len());
    assert_eq!(counter.errors, 0);
    assert!(peak < 512 << 10, "peak {peak} bytes");
}

#[test]
fn one_huge_game_constant_memory() {
    let _guard = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let input = Repeat {
        prefix: b"[Event \"Long\"]\n\n",
        body: b"1. Nf3 Nf6 2. Ng1 Ng8 ",
        suffix: b"*\n",
        total: MB50,
        produced: 0,
    };
    let mut counter = Counter::default();
    let (peak, _) = measure(input, &mut counter);
    assert_eq!(counter.games, 1);
    assert!(counter.moves > 4_000_000);
    assert!(peak < 512 << 10, "peak {peak} bytes");
}

#[test]
fn unterminated_comment_and_garbage_bounded() {
    let _guard = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    struct Errors;
    impl Visitor for Errors {
        type Output = Option<SyntaxErrorKind>;
        fn end_game(&mut self, info: &sqlchess_pgn::GameEnd) -> Self::Output {
            info.error.clone().map(|e| e.kind)
        }
    }
    let input = Repeat {
        prefix: b"1. e4 {",
        body: b"no closing brace and no newline ",
        suffix: b"",
        total: MB50,
        produced: 0,
    };
    let (peak, outs) = measure(input, &mut Errors);
    assert_eq!(outs.len(), 1);
    assert!(matches!(outs[0], Some(SyntaxErrorKind::CommentTooLong(_))));
    assert!(peak < 4 << 20, "peak {peak} bytes");

    let input = Repeat {
        prefix: b"",
        body: b"\x01\x02\xff ) [ \" ",
        suffix: b"",
        total: MB50 / 10,
        produced: 0,
    };
    let (peak, outs) = measure(input, &mut Errors);
    assert!(outs.iter().all(Option::is_some));
    assert!(peak < 512 << 10, "peak {peak} bytes");
}
