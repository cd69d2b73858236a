//! `legal_moves(fen [, variant])`: one row per legal move of a position of
//! any variant, each column one call into [`sqlchess_rules::Position`]. The
//! move list is generated once per call; the costlier columns (`san`,
//! `gives_check`, `fen_after`) are computed only when a query reads them.

use std::ffi::c_int;
use std::marker::PhantomData;

use rusqlite::types::Null;
use rusqlite::vtab::{
    eponymous_only_module, Context, Filters, IndexInfo, VTab, VTabConfig, VTabConnection,
    VTabCursor,
};
use rusqlite::{ffi, Connection, Result};
use sqlchess_rules::{Move, Position};

use super::{arg_slot, plan_arguments};
use crate::functions::user;
use crate::SqlChessError;

const SCHEMA: &str = "CREATE TABLE x(uci TEXT, san TEXT, from_square TEXT, to_square TEXT, \
     piece TEXT, captured TEXT, promotion TEXT, gives_check INTEGER, fen_after TEXT, \
     fen HIDDEN, variant HIDDEN)";
const COL_FEN: c_int = 9;

pub(super) fn register(conn: &Connection) -> Result<()> {
    conn.create_module(
        c"legal_moves",
        eponymous_only_module::<LegalMovesTab>(),
        None,
    )
}

#[repr(C)]
struct LegalMovesTab {
    /// Base class; must come first.
    base: ffi::sqlite3_vtab,
}

// SAFETY: `LegalMovesTab` is `#[repr(C)]` with `sqlite3_vtab` as its first
// field, as rusqlite's module glue requires for its pointer casts.
unsafe impl<'vtab> VTab<'vtab> for LegalMovesTab {
    type Aux = ();
    type Cursor = LegalMovesCursor<'vtab>;

    fn connect(db: &mut VTabConnection, _: Option<&()>, _: &[&[u8]]) -> Result<(String, Self)> {
        db.config(VTabConfig::Innocuous)?;
        let tab = LegalMovesTab {
            base: ffi::sqlite3_vtab::default(),
        };
        Ok((SCHEMA.to_owned(), tab))
    }

    fn best_index(&self, info: &mut IndexInfo) -> Result<()> {
        plan_arguments(info, COL_FEN, 2)
    }

    fn open(&'vtab mut self) -> Result<LegalMovesCursor<'vtab>> {
        Ok(LegalMovesCursor {
            base: ffi::sqlite3_vtab_cursor::default(),
            fen: None,
            variant: None,
            pos: None,
            moves: Vec::new(),
            row: 0,
            phantom: PhantomData,
        })
    }
}

#[repr(C)]
struct LegalMovesCursor<'vtab> {
    /// Base class; must come first.
    base: ffi::sqlite3_vtab_cursor,
    fen: Option<String>,
    variant: Option<String>,
    /// The position of this call; `None` for a NULL argument (no rows).
    pos: Option<Position>,
    /// Its legal moves (the buffer is reused from call to call).
    moves: Vec<Move>,
    row: usize,
    phantom: PhantomData<&'vtab LegalMovesTab>,
}

impl LegalMovesCursor<'_> {
    fn len(&self) -> usize {
        if self.pos.is_some() {
            self.moves.len()
        } else {
            0
        }
    }
}

/// A short text written without allocating (UCI moves are at most a few
/// bytes; a longer text is cut, which no move reaches).
#[derive(Default)]
struct StackText {
    bytes: [u8; 32],
    len: usize,
}

impl StackText {
    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

impl std::fmt::Write for StackText {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        if end > self.bytes.len() {
            return Err(std::fmt::Error);
        }
        self.bytes[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Column `col` of the row of `mv`.
fn column(ctx: &mut Context, pos: &Position, mv: Move, col: c_int) -> Result<()> {
    match col {
        0 => {
            // A stack buffer: no allocation for the cheapest column.
            let mut buf = StackText::default();
            let _ = pos.write_uci(mv, &mut buf);
            ctx.set_result(&buf.as_str())
        }
        1 => ctx.set_result(&pos.san(mv)),
        2 => ctx.set_result(&pos.move_from(mv)),
        3 => ctx.set_result(&pos.move_to(mv)),
        4 => ctx.set_result(&pos.moved_piece(mv)),
        5 => ctx.set_result(&pos.captured_piece(mv)),
        6 => ctx.set_result(&pos.promotion(mv)),
        7 => ctx.set_result(&pos.gives_check(mv)),
        8 => ctx.set_result(&pos.play_unchecked(mv).fen()),
        _ => ctx.set_result(&Null),
    }
}

// SAFETY: `LegalMovesCursor` is `#[repr(C)]` with `sqlite3_vtab_cursor` as
// its first field, as rusqlite's module glue requires for its pointer casts.
unsafe impl VTabCursor for LegalMovesCursor<'_> {
    fn filter(&mut self, idx_num: c_int, _: Option<&str>, args: &Filters<'_>) -> Result<()> {
        self.row = 0;
        self.pos = None;
        let Some(fen_slot) = arg_slot(idx_num, 0) else {
            return Err(user(SqlChessError::MissingArgument {
                table: "legal_moves",
                argument: "fen",
            }));
        };
        self.fen = args.get::<Option<String>>(fen_slot)?;
        self.variant = match arg_slot(idx_num, 1) {
            Some(slot) => args.get::<Option<String>>(slot)?,
            None => Some("chess".to_owned()),
        };
        if let (Some(fen), Some(variant)) = (&self.fen, &self.variant) {
            let pos = sqlchess_rules::position(fen, variant).map_err(|e| match e {
                sqlchess_rules::Error::Fen(e) => user(e),
                sqlchess_rules::Error::Variant(e) => user(e),
                e => user(e),
            })?;
            pos.legal_moves_into(&mut self.moves);
            self.pos = Some(pos);
        }
        Ok(())
    }

    fn next(&mut self) -> Result<()> {
        self.row += 1;
        Ok(())
    }

    fn eof(&self) -> bool {
        self.row >= self.len()
    }

    fn column(&self, ctx: &mut Context, col: c_int) -> Result<()> {
        match col {
            9 => return ctx.set_result(&self.fen),
            10 => return ctx.set_result(&self.variant),
            _ => {}
        }
        match &self.pos {
            Some(pos) => match self.moves.get(self.row) {
                Some(&mv) => column(ctx, pos, mv, col),
                None => ctx.set_result(&Null),
            },
            None => ctx.set_result(&Null),
        }
    }

    fn rowid(&self) -> Result<i64> {
        Ok(self.row as i64 + 1)
    }
}

#[cfg(test)]
mod tests {
    use sqlchess_core::perft::perft;
    use sqlchess_core::Position;

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    fn conn() -> rusqlite::Connection {
        crate::open_in_memory().unwrap()
    }

    fn count(conn: &rusqlite::Connection, sql: &str) -> rusqlite::Result<i64> {
        conn.query_row(sql, [], |r| r.get(0))
    }

    #[test]
    fn rows_match_native_moves() {
        let c = conn();
        let pos = Position::from_fen(KIWIPETE).unwrap();
        let mut native: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| format!("{} {}", pos.uci(m), pos.san(m)))
            .collect();
        native.sort();
        let mut stmt = c
            .prepare("SELECT uci || ' ' || san FROM legal_moves(?1) ORDER BY 1")
            .unwrap();
        let sql: Vec<String> = stmt
            .query_map([KIWIPETE], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(sql, native);
        assert_eq!(sql.len(), 48);
    }

    #[test]
    fn columns() {
        let c = conn();
        let row = |fen: &str,
                   uci: &str|
         -> (
            String,
            String,
            String,
            String,
            Option<String>,
            Option<String>,
            i64,
        ) {
            c.query_row(
                "SELECT san, from_square, to_square, piece, captured, promotion, gives_check \
                 FROM legal_moves(?1) WHERE uci = ?2",
                [fen, uci],
                |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                    ))
                },
            )
            .unwrap()
        };
        let s = |x: &str| x.to_string();
        assert_eq!(
            row(KIWIPETE, "e2a6"),
            (
                s("Bxa6"),
                s("e2"),
                s("a6"),
                s("bishop"),
                Some(s("bishop")),
                None,
                0
            )
        );
        assert_eq!(
            row(KIWIPETE, "e1g1"),
            (s("O-O"), s("e1"), s("g1"), s("king"), None, None, 0)
        );
        let promo = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(
            row(promo, "a7a8q"),
            (
                s("a8=Q"),
                s("a7"),
                s("a8"),
                s("pawn"),
                None,
                Some(s("queen")),
                0
            )
        );
        let ep = "8/4k3/8/3pP3/8/8/8/4K3 w - d6 0 2";
        assert_eq!(
            row(ep, "e5d6"),
            (
                s("exd6+"),
                s("e5"),
                s("d6"),
                s("pawn"),
                Some(s("pawn")),
                None,
                1
            )
        );
    }

    #[test]
    fn correlated_arguments_sum_to_perft_two() {
        let c = conn();
        c.execute_batch("CREATE TABLE positions(fen TEXT)").unwrap();
        let start = Position::new();
        for &m in start.legal_moves().iter() {
            c.execute("INSERT INTO positions VALUES (?1)", [start.after(m).fen()])
                .unwrap();
        }
        c.execute("INSERT INTO positions VALUES (NULL)", [])
            .unwrap();
        let n = count(&c, "SELECT count(*) FROM positions p, legal_moves(p.fen) m").unwrap();
        assert_eq!(n as u64, perft(&start, 2));
        assert_eq!(n, 400);
        // The join written the other way round, and with fen_after.
        let n = count(
            &c,
            "SELECT count(*) FROM legal_moves(p.fen) m JOIN positions p \
             JOIN legal_moves(m.fen_after) m2",
        )
        .unwrap();
        assert_eq!(n, 8902);
    }

    #[test]
    fn null_bad_and_missing_arguments() {
        let c = conn();
        assert_eq!(
            count(&c, "SELECT count(*) FROM legal_moves(NULL)").unwrap(),
            0
        );
        let err = count(&c, "SELECT count(*) FROM legal_moves('x')")
            .unwrap_err()
            .to_string();
        assert!(err.contains("fen field"), "{err}");
        let err = count(&c, "SELECT count(*) FROM legal_moves")
            .unwrap_err()
            .to_string();
        assert!(err.contains("missing argument `fen`"), "{err}");
        let err = count(
            &c,
            "SELECT count(*) FROM legal_moves('8/8/8/8/8/8/8/K6k w - - 0 1', 'nosuch')",
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("unknown variant \"nosuch\""), "{err}");
    }

    #[test]
    fn variants() {
        let c = conn();
        let capa = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
        // Published perft: capablanca 28 from the start (SPEC reference figures).
        let n = count(
            &c,
            &format!("SELECT count(*) FROM legal_moves('{capa}', 'capablanca')"),
        )
        .unwrap();
        assert_eq!(n, 28);
        let archbishop: String = c
            .query_row(
                "SELECT piece FROM legal_moves(?1, 'capablanca') WHERE uci = 'c1d3'",
                [capa],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(archbishop, "archbishop");
        // A correlated variant argument is honoured, in either join order.
        c.execute_batch("CREATE TABLE games(fen TEXT, variant TEXT)")
            .unwrap();
        c.execute("INSERT INTO games VALUES (?1, 'capablanca')", [capa])
            .unwrap();
        c.execute(
            "INSERT INTO games VALUES (?1, 'chess')",
            [sqlchess_core::START_FEN],
        )
        .unwrap();
        for sql in [
            "SELECT group_concat(n) FROM (SELECT count(*) AS n FROM games g, legal_moves(g.fen, g.variant) GROUP BY g.variant ORDER BY g.variant)",
            "SELECT group_concat(n) FROM (SELECT count(*) AS n FROM legal_moves(g.fen, g.variant) m, games g GROUP BY g.variant ORDER BY g.variant)",
        ] {
            let counts: String = c.query_row(sql, [], |r| r.get(0)).unwrap();
            assert_eq!(counts, "28,20", "{sql}");
        }
        // Chess960 castling is king-takes-rook in UCI.
        let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
        let castles: Vec<String> = c
            .prepare(
                "SELECT uci FROM legal_moves(?1, 'chess960') WHERE san LIKE 'O-O%' ORDER BY uci",
            )
            .unwrap()
            .query_map([fen], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(castles, ["e1a1", "e1h1"]);
    }

    /// Drifts between the bindings that the rules facade removed: fairy SAN,
    /// the piece of a drop, one perft bound.
    #[test]
    fn fairy_san_drops_and_depth_bound() {
        let c = conn();
        let capa = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
        let san: String = c
            .query_row(
                "SELECT san FROM legal_moves(?1, 'capablanca') WHERE uci = 'c1d3'",
                [capa],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(san, "Ad3");
        let nulls: i64 = c
            .query_row(
                "SELECT count(*) FROM legal_moves(?1, 'capablanca') WHERE san IS NULL OR piece IS NULL",
                [capa],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(nulls, 0);
        let zh = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[Nn] w KQkq - 0 3";
        let (piece, from): (String, String) = c
            .query_row(
                "SELECT piece, from_square FROM legal_moves(?1, 'crazyhouse') WHERE uci = 'N@e4'",
                [zh],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert_eq!((piece.as_str(), from.as_str()), ("knight", "e4"));
        let after: String = c
            .query_row("SELECT apply_move(?1, 'Nbc3', 'capablanca')", [capa], |r| {
                r.get(0)
            })
            .unwrap();
        assert!(
            after.starts_with("rnabqkbcnr/pppppppppp/10/10/10/2N7/"),
            "{after}"
        );
        let err = count(&c, "SELECT perft('8/8/8/8/8/8/8/K6k w - - 0 1', 13)")
            .unwrap_err()
            .to_string();
        assert!(err.contains("outside 0..=12"), "{err}");
    }
}
