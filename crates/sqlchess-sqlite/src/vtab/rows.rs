//! One eponymous table-valued function module for every relation whose rows
//! come from an iterator: the function's arguments are HIDDEN columns after
//! its data columns (as in `legal_moves`), `filter` asks a [`RowSource`] for
//! an iterator of rows, and the cursor streams them — so `read_pgn` over a
//! file of any size holds one game at a time.

use std::ffi::c_int;
use std::marker::PhantomData;

use rusqlite::types::{Null, Value};
use rusqlite::vtab::{
    eponymous_only_module, Context, Filters, IndexInfo, VTab, VTabConfig, VTabConnection,
    VTabCursor,
};
use rusqlite::{ffi, Connection, Result};

use super::{arg_slot, plan_arguments};
use crate::functions::user;
use crate::SqlChessError;

/// Rows of one call.
pub(crate) type Rows = Box<dyn Iterator<Item = Result<Vec<Value>>>>;

/// A table-valued function: its columns, its arguments and its rows.
pub(crate) trait RowSource: 'static {
    /// The function's name, for error messages.
    const NAME: &'static str;
    /// The data columns, SQL-typed (`"game_no INTEGER, event TEXT"`).
    const COLUMNS: &'static [&'static str];
    /// The arguments' names, in order; the first is required.
    const ARGUMENTS: &'static [&'static str];
    /// The rows for these arguments (`None`: the argument was not given);
    /// a NULL first argument gives no rows without calling this. `db` is the
    /// connection the function runs in, for relations over stored tables.
    fn rows(db: &Connection, args: &[Option<Value>]) -> Result<Rows>;
}

pub(crate) fn register<S: RowSource>(
    conn: &Connection,
    name: &'static std::ffi::CStr,
) -> Result<()> {
    conn.create_module(name, eponymous_only_module::<RowsTab<S>>(), None)
}

#[repr(C)]
pub(crate) struct RowsTab<S: RowSource> {
    /// Base class; must come first.
    base: ffi::sqlite3_vtab,
    /// The connection the table belongs to.
    db: *mut ffi::sqlite3,
    source: PhantomData<S>,
}

// SAFETY: `RowsTab` is `#[repr(C)]` with `sqlite3_vtab` as its first field,
// as rusqlite's module glue requires for its pointer casts.
unsafe impl<'vtab, S: RowSource> VTab<'vtab> for RowsTab<S> {
    type Aux = ();
    type Cursor = RowsCursor<'vtab, S>;

    fn connect(db: &mut VTabConnection, _: Option<&()>, _: &[&[u8]]) -> Result<(String, Self)> {
        db.config(VTabConfig::Innocuous)?;
        // SAFETY: the handle of the connection this table is created on; it
        // outlives the table, whose cursors only run inside its statements.
        let handle = unsafe { db.handle() };
        let mut schema = format!("CREATE TABLE x({}", S::COLUMNS.join(", "));
        for arg in S::ARGUMENTS {
            schema.push_str(&format!(", {arg} HIDDEN"));
        }
        schema.push(')');
        Ok((
            schema,
            RowsTab {
                base: ffi::sqlite3_vtab::default(),
                db: handle,
                source: PhantomData,
            },
        ))
    }

    fn best_index(&self, info: &mut IndexInfo) -> Result<()> {
        plan_arguments(info, S::COLUMNS.len() as c_int, S::ARGUMENTS.len() as c_int)
    }

    fn open(&'vtab mut self) -> Result<RowsCursor<'vtab, S>> {
        Ok(RowsCursor {
            base: ffi::sqlite3_vtab_cursor::default(),
            db: self.db,
            args: Vec::new(),
            rows: None,
            row: None,
            rowid: 0,
            phantom: PhantomData,
        })
    }
}

#[repr(C)]
pub(crate) struct RowsCursor<'vtab, S: RowSource> {
    /// Base class; must come first.
    base: ffi::sqlite3_vtab_cursor,
    db: *mut ffi::sqlite3,
    args: Vec<Option<Value>>,
    rows: Option<Rows>,
    row: Option<Vec<Value>>,
    rowid: i64,
    phantom: PhantomData<&'vtab RowsTab<S>>,
}

impl<S: RowSource> RowsCursor<'_, S> {
    fn advance(&mut self) -> Result<()> {
        self.row = match self.rows.as_mut().and_then(Iterator::next) {
            Some(row) => Some(row?),
            None => None,
        };
        self.rowid += 1;
        Ok(())
    }
}

// SAFETY: `RowsCursor` is `#[repr(C)]` with `sqlite3_vtab_cursor` as its
// first field, as rusqlite's module glue requires for its pointer casts.
unsafe impl<S: RowSource> VTabCursor for RowsCursor<'_, S> {
    fn filter(&mut self, idx_num: c_int, _: Option<&str>, args: &Filters<'_>) -> Result<()> {
        self.rows = None;
        self.row = None;
        self.rowid = 0;
        self.args.clear();
        for k in 0..S::ARGUMENTS.len() as u32 {
            let value = match arg_slot(idx_num, k) {
                Some(slot) => Some(args.get::<Value>(slot)?),
                None => None,
            };
            self.args.push(value);
        }
        match self.args.first() {
            Some(Some(Value::Null)) => return Ok(()),
            Some(Some(_)) => {}
            _ => {
                return Err(user(SqlChessError::MissingArgument {
                    table: S::NAME,
                    argument: S::ARGUMENTS[0],
                }))
            }
        }
        // SAFETY: the table's own connection, open while its statement runs;
        // `from_handle` does not close it when dropped.
        let conn = unsafe { Connection::from_handle(self.db) }?;
        self.rows = Some(S::rows(&conn, &self.args)?);
        self.advance()
    }

    fn next(&mut self) -> Result<()> {
        self.advance()
    }

    fn eof(&self) -> bool {
        self.row.is_none()
    }

    fn column(&self, ctx: &mut Context, col: c_int) -> Result<()> {
        let col = col as usize;
        if let Some(value) = self.row.as_ref().and_then(|r| r.get(col)) {
            return ctx.set_result(value);
        }
        match self.args.get(col - S::COLUMNS.len().min(col)) {
            Some(Some(v)) if col >= S::COLUMNS.len() => ctx.set_result(v),
            _ => ctx.set_result(&Null),
        }
    }

    fn rowid(&self) -> Result<i64> {
        Ok(self.rowid)
    }
}
