//! `piece_geometry(piece_or_notation [, width, height])`: every move of a
//! piece on an empty board of any size up to 16×16 (8×8 by default), from
//! sqlchess-fairy's `PieceDef::geometry`.

use std::ffi::c_int;
use std::marker::PhantomData;

use rusqlite::types::Null;
use rusqlite::vtab::{
    eponymous_only_module, Context, Filters, IndexInfo, VTab, VTabConfig, VTabConnection,
    VTabCursor,
};
use rusqlite::{ffi, Connection, Result};
use sqlchess_fairy::{GeometryMove, PieceDef, MAX_DIM};

use super::{arg_slot, plan_arguments};
use crate::functions::user;
use crate::SqlChessError;

const SCHEMA: &str = "CREATE TABLE x(from_square TEXT, to_square TEXT, x INTEGER, y INTEGER, \
     xi INTEGER, yi INTEGER, crossed INTEGER, path TEXT, \
     piece HIDDEN, width HIDDEN, height HIDDEN)";
const COL_PIECE: c_int = 8;

pub(super) fn register(conn: &Connection) -> Result<()> {
    conn.create_module(
        c"piece_geometry",
        eponymous_only_module::<GeometryTab>(),
        None,
    )
}

#[repr(C)]
struct GeometryTab {
    /// Base class; must come first.
    base: ffi::sqlite3_vtab,
}

// SAFETY: `GeometryTab` is `#[repr(C)]` with `sqlite3_vtab` as its first
// field, as rusqlite's module glue requires for its pointer casts.
unsafe impl<'vtab> VTab<'vtab> for GeometryTab {
    type Aux = ();
    type Cursor = GeometryCursor<'vtab>;

    fn connect(db: &mut VTabConnection, _: Option<&()>, _: &[&[u8]]) -> Result<(String, Self)> {
        db.config(VTabConfig::Innocuous)?;
        let tab = GeometryTab {
            base: ffi::sqlite3_vtab::default(),
        };
        Ok((SCHEMA.to_owned(), tab))
    }

    fn best_index(&self, info: &mut IndexInfo) -> Result<()> {
        plan_arguments(info, COL_PIECE, 3)
    }

    fn open(&'vtab mut self) -> Result<GeometryCursor<'vtab>> {
        Ok(GeometryCursor {
            base: ffi::sqlite3_vtab_cursor::default(),
            args: (None, None, None),
            moves: Vec::new(),
            row: 0,
            phantom: PhantomData,
        })
    }
}

#[repr(C)]
struct GeometryCursor<'vtab> {
    /// Base class; must come first.
    base: ffi::sqlite3_vtab_cursor,
    args: (Option<String>, Option<i64>, Option<i64>),
    moves: Vec<GeometryMove>,
    row: usize,
    phantom: PhantomData<&'vtab GeometryTab>,
}

// SAFETY: `GeometryCursor` is `#[repr(C)]` with `sqlite3_vtab_cursor` as its
// first field, as rusqlite's module glue requires for its pointer casts.
unsafe impl VTabCursor for GeometryCursor<'_> {
    fn filter(&mut self, idx_num: c_int, _: Option<&str>, args: &Filters<'_>) -> Result<()> {
        self.row = 0;
        self.moves.clear();
        let Some(piece_slot) = arg_slot(idx_num, 0) else {
            return Err(user(SqlChessError::MissingArgument {
                table: "piece_geometry",
                argument: "piece_or_notation",
            }));
        };
        let dim = |k: u32| -> Result<Option<i64>> {
            match arg_slot(idx_num, k) {
                Some(slot) => args.get::<Option<i64>>(slot),
                None => Ok(Some(8)),
            }
        };
        self.args = (args.get::<Option<String>>(piece_slot)?, dim(1)?, dim(2)?);
        let (Some(piece), Some(width), Some(height)) = &self.args else {
            return Ok(());
        };
        let (width, height) = (*width, *height);
        let range = 1..=i64::from(MAX_DIM);
        if !range.contains(&width) || !range.contains(&height) {
            return Err(user(SqlChessError::BoardSize { width, height }));
        }
        let def = PieceDef::parse(piece).map_err(user)?;
        // Both fit in u8: checked against MAX_DIM above.
        self.moves = def.geometry(width as u8, height as u8);
        Ok(())
    }

    fn next(&mut self) -> Result<()> {
        self.row += 1;
        Ok(())
    }

    fn eof(&self) -> bool {
        self.row >= self.moves.len()
    }

    fn column(&self, ctx: &mut Context, col: c_int) -> Result<()> {
        match col {
            8 => return ctx.set_result(&self.args.0),
            9 => return ctx.set_result(&self.args.1),
            10 => return ctx.set_result(&self.args.2),
            _ => {}
        }
        let Some(mv) = self.moves.get(self.row) else {
            return ctx.set_result(&Null);
        };
        match col {
            0 => ctx.set_result(&mv.from.to_string()),
            1 => ctx.set_result(&mv.to.to_string()),
            2 => ctx.set_result(&mv.from.xy().0),
            3 => ctx.set_result(&mv.from.xy().1),
            4 => ctx.set_result(&mv.to.xy().0),
            5 => ctx.set_result(&mv.to.xy().1),
            6 => ctx.set_result(&(mv.crossed.len() as i64)),
            7 => {
                let path: Vec<String> = mv.crossed.iter().map(ToString::to_string).collect();
                ctx.set_result(&path.join(" "))
            }
            _ => ctx.set_result(&Null),
        }
    }

    fn rowid(&self) -> Result<i64> {
        Ok(self.row as i64 + 1)
    }
}

#[cfg(test)]
mod tests {
    fn count(sql: &str) -> rusqlite::Result<i64> {
        crate::open_in_memory()
            .unwrap()
            .query_row(sql, [], |r| r.get(0))
    }

    #[test]
    fn counts_by_name_and_notation() {
        // The tutorials' counts on 8x8.
        assert_eq!(
            count("SELECT count(*) FROM piece_geometry('rook')").unwrap(),
            896
        );
        assert_eq!(
            count("SELECT count(*) FROM piece_geometry('R', 8, 8)").unwrap(),
            896
        );
        assert_eq!(
            count("SELECT sum(crossed) FROM piece_geometry('queen')").unwrap(),
            2576
        );
        assert_eq!(
            count("SELECT count(*) FROM piece_geometry('~2/3')").unwrap(),
            240
        );
        // A knight on 3x3: two moves from each of the 8 outer squares.
        assert_eq!(
            count("SELECT count(*) FROM piece_geometry('N', 3, 3)").unwrap(),
            16
        );
        // A rook on 16x16: 256 squares, 30 targets each.
        assert_eq!(
            count("SELECT count(*) FROM piece_geometry('rook', 16, 16)").unwrap(),
            7680
        );
    }

    #[test]
    fn agrees_with_piece_moves() {
        let differences = count(
            "SELECT count(*) FROM (
               SELECT piece, from_square, to_square, crossed FROM piece_moves
               EXCEPT
               SELECT p.piece, g.from_square, g.to_square, g.crossed
               FROM (SELECT DISTINCT piece FROM piece_moves) p, piece_geometry(p.piece) g)",
        )
        .unwrap();
        assert_eq!(differences, 0);
    }

    #[test]
    fn bad_arguments() {
        let err = count("SELECT count(*) FROM piece_geometry('dragon')")
            .unwrap_err()
            .to_string();
        assert!(err.contains("\"dragon\""), "{err}");
        let err = count("SELECT count(*) FROM piece_geometry('rook', 17, 8)")
            .unwrap_err()
            .to_string();
        assert!(err.contains("17x8"), "{err}");
        assert_eq!(
            count("SELECT count(*) FROM piece_geometry(NULL)").unwrap(),
            0
        );
        assert_eq!(
            count("SELECT count(*) FROM piece_geometry('rook', NULL, 8)").unwrap(),
            0
        );
    }
}
