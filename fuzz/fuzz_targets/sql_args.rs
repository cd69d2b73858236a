//! Every sqlchess SQL function and table-valued function of SQLite, called
//! with arguments the input chooses: NULL, integers from zero to the
//! extremes, floats, raw text and blobs, and valid FENs, variant names,
//! moves, packed positions and game values. A typed SQL error or a value,
//! never a panic or a hang. (Integers that a function could take as a deep
//! depth are left out, so that every call is quick: the accepted ones are 0
//! to 2; past the maximum is an error.)
#![no_main]

use std::cell::RefCell;

use libfuzzer_sys::fuzz_target;
use sqlchess_sqlite::rusqlite::types::Value;
use sqlchess_sqlite::rusqlite::{params_from_iter, Connection};

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K2R b K - 99 4294967295",
    "R6k/6pp/8/8/8/8/8/4K3 b - - 1 1",
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
];
const VARIANTS: &[&str] = &[
    "chess",
    "chess960",
    "capablanca",
    "grand",
    "shogi",
    "xiangqi",
    "crazyhouse",
    "seirawan",
    "makruk",
    "nosuch",
    "",
];
const MOVES: &[&str] = &[
    "e2e4",
    "e4",
    "O-O",
    "e1g1",
    "Nf3",
    "c1d3",
    "P@e4",
    "0000",
    "e7e8q",
    "e4 e5 Nf3 Nc6",
];
/// Integers: the extremes, the 32-bit boundaries, and small ones. No depth
/// from 3 to the maximums (12 for perft, 32 for next_move) is here.
const INTEGERS: &[i64] = &[
    -1,
    0,
    1,
    2,
    33,
    99,
    4_294_967_295,
    4_294_967_296,
    -2_147_483_648,
    i64::MAX,
    i64::MIN,
];
const FLOATS: &[f64] = &[0.5, -1.0, 1e300, f64::NAN];

struct Db {
    conn: Connection,
    /// Scalar functions (name, arity; -1 for any) and table-valued ones (arity -2).
    functions: Vec<(String, i64)>,
    /// Packed positions and game values of the dictionary.
    blobs: Vec<Vec<u8>>,
}

fn names(conn: &Connection, sql: &str) -> Vec<(String, i64)> {
    let mut stmt = conn.prepare(sql).expect("pragma");
    let rows = stmt
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))
        .expect("pragma rows");
    rows.map(|r| r.expect("pragma row")).collect()
}

fn db() -> Db {
    let conn = sqlchess_sqlite::open_in_memory().expect("in-memory database");
    let plain = Connection::open_in_memory().expect("plain database");
    let builtin = names(&plain, "SELECT name, narg FROM pragma_function_list");
    let mut functions: Vec<(String, i64)> =
        names(&conn, "SELECT name, narg FROM pragma_function_list")
            .into_iter()
            .filter(|f| !builtin.contains(f))
            .collect();
    let plain_modules = names(&plain, "SELECT name, 0 FROM pragma_module_list");
    for (module, _) in names(&conn, "SELECT name, 0 FROM pragma_module_list") {
        // read_pgn takes a path: arbitrary paths could name a pipe or a device.
        if module != "read_pgn" && !plain_modules.iter().any(|(m, _)| *m == module) {
            functions.push((module, -2));
        }
    }
    functions.sort();
    let mut blobs = Vec::new();
    for (fen, variant) in [
        (FENS[0], "chess"),
        (FENS[4], "capablanca"),
        (FENS[6], "shogi"),
    ] {
        blobs.push(
            conn.query_row("SELECT pack_position(?1, ?2)", [fen, variant], |r| r.get(0))
                .expect("pack"),
        );
    }
    blobs.push(
        conn.query_row("SELECT game_from_moves('e4 e5 Nf3 Nc6 Bb5')", [], |r| {
            r.get(0)
        })
        .expect("game"),
    );
    Db {
        conn,
        functions,
        blobs,
    }
}

thread_local! {
    static DB: RefCell<Option<Db>> = const { RefCell::new(None) };
}

/// Reads the input a byte at a time; zero once it is used up.
struct Input<'a>(&'a [u8]);

impl Input<'_> {
    fn byte(&mut self) -> u8 {
        let Some((&b, rest)) = self.0.split_first() else {
            return 0;
        };
        self.0 = rest;
        b
    }

    fn bytes(&mut self) -> Vec<u8> {
        let n = usize::from(self.byte()).min(self.0.len());
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        head.to_vec()
    }

    fn pick<'t, T>(&mut self, from: &'t [T]) -> &'t T {
        &from[usize::from(self.byte()) % from.len()]
    }

    fn value(&mut self, blobs: &[Vec<u8>]) -> Value {
        match self.byte() % 10 {
            0 => Value::Null,
            1 => Value::Integer(*self.pick(INTEGERS)),
            2 => Value::Real(*self.pick(FLOATS)),
            3 => Value::Text(String::from_utf8_lossy(&self.bytes()).into_owned()),
            4 => Value::Blob(self.bytes()),
            5 => {
                // A FEN, perhaps with a raw tail.
                let mut fen = (*self.pick(FENS)).to_owned();
                fen.push_str(&String::from_utf8_lossy(&self.bytes()));
                Value::Text(fen)
            }
            6 => Value::Text((*self.pick(VARIANTS)).to_owned()),
            7 => Value::Text((*self.pick(MOVES)).to_owned()),
            8 => Value::Blob(self.pick(blobs).clone()),
            _ => {
                let mut blob = self.pick(blobs).clone();
                if !blob.is_empty() {
                    let i = usize::from(self.byte()) % blob.len();
                    blob[i] ^= self.byte();
                }
                Value::Blob(blob)
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    DB.with(|cell| {
        let mut cell = cell.borrow_mut();
        let db = cell.get_or_insert_with(db);
        let mut input = Input(data);
        let (name, narg) = input.pick(&db.functions).clone();
        let n = match narg {
            n if n >= 0 => n as usize,
            _ => usize::from(input.byte() % 5),
        };
        let args: Vec<Value> = (0..n).map(|_| input.value(&db.blobs)).collect();
        let marks = (1..=n)
            .map(|i| format!("?{i}"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = if narg == -2 {
            format!("SELECT * FROM {name}({marks}) LIMIT 200")
        } else {
            format!("SELECT {name}({marks})")
        };
        let Ok(mut stmt) = db.conn.prepare(&sql) else {
            return;
        };
        if let Ok(mut rows) = stmt.query(params_from_iter(args.iter())) {
            while let Ok(Some(row)) = rows.next() {
                for i in 0..row.as_ref().column_count() {
                    let _ = row.get_ref(i);
                }
            }
        };
    });
});
