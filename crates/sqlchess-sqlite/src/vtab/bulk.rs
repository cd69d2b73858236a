//! `sqlchess_bulk`: rows handed over from Rust to one SQL statement, so that
//! import can write a sorted stream with `INSERT … SELECT c0, c1 FROM
//! sqlchess_bulk` — one statement whose cursors stay on the B-tree's right
//! edge — rather than one `INSERT` execution (and one descent from the
//! root) per row. The rows are put in the [`BulkSlot`] just before the
//! statement runs; the table's columns `c0` … `c11` take whatever types
//! the source gives.

use std::ffi::c_int;
use std::sync::{Arc, Mutex};

use rusqlite::vtab::{
    eponymous_only_module, Context, Filters, IndexInfo, VTab, VTabConfig, VTabConnection,
    VTabCursor,
};
use rusqlite::{ffi, Connection, Error, Result};

/// The columns a source may fill.
pub(crate) const COLUMNS: usize = 12;

/// A stream of rows for one statement.
pub(crate) trait BulkRows: Send {
    /// Moves to the next row: `Ok(false)` at the end; an error ends the
    /// statement with it.
    fn advance(&mut self) -> std::result::Result<bool, String>;
    /// Column `col` (below [`COLUMNS`]) of the current row.
    fn column(&self, col: usize, ctx: &mut Context) -> Result<()>;
}

/// Where the next statement's rows wait.
#[derive(Clone, Default)]
pub(crate) struct BulkSlot(Arc<Mutex<Option<Box<dyn BulkRows>>>>);

impl BulkSlot {
    /// Registers `sqlchess_bulk` on `conn`, reading from a new slot (a
    /// second registration replaces the first).
    pub(crate) fn register(conn: &Connection) -> Result<BulkSlot> {
        let slot = BulkSlot::default();
        conn.create_module(
            c"sqlchess_bulk",
            eponymous_only_module::<BulkTab>(),
            Some(slot.clone()),
        )?;
        Ok(slot)
    }

    /// Runs `sql`, which reads `sqlchess_bulk` once, over `rows`.
    ///
    /// # Errors
    /// The statement's error, or the source's.
    pub(crate) fn run(&self, conn: &Connection, sql: &str, rows: Box<dyn BulkRows>) -> Result<()> {
        *self.lock() = Some(rows);
        let done = conn.execute_batch(sql);
        // Not left for a later statement, whatever happened.
        self.lock().take();
        done
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Box<dyn BulkRows>>> {
        // A panic while holding it leaves nothing inconsistent: the slot
        // only passes a box along.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[repr(C)]
struct BulkTab {
    /// Base class; must come first.
    base: ffi::sqlite3_vtab,
    slot: BulkSlot,
}

// SAFETY: `BulkTab` is `#[repr(C)]` with `sqlite3_vtab` as its first field,
// as rusqlite's module glue requires for its pointer casts.
unsafe impl<'vtab> VTab<'vtab> for BulkTab {
    type Aux = BulkSlot;
    type Cursor = BulkCursor;

    fn connect(
        db: &mut VTabConnection,
        aux: Option<&BulkSlot>,
        _: &[&[u8]],
    ) -> Result<(String, Self)> {
        // Not for use in triggers or views: direct use only.
        db.config(VTabConfig::DirectOnly)?;
        let columns: Vec<String> = (0..COLUMNS).map(|i| format!("c{i}")).collect();
        Ok((
            format!("CREATE TABLE x({})", columns.join(", ")),
            BulkTab {
                base: ffi::sqlite3_vtab::default(),
                slot: aux.cloned().unwrap_or_default(),
            },
        ))
    }

    fn best_index(&self, info: &mut IndexInfo) -> Result<()> {
        info.set_estimated_cost(1e6);
        Ok(())
    }

    fn open(&'vtab mut self) -> Result<BulkCursor> {
        Ok(BulkCursor {
            base: ffi::sqlite3_vtab_cursor::default(),
            slot: self.slot.clone(),
            rows: None,
            more: false,
            rowid: 0,
        })
    }
}

#[repr(C)]
struct BulkCursor {
    /// Base class; must come first.
    base: ffi::sqlite3_vtab_cursor,
    slot: BulkSlot,
    rows: Option<Box<dyn BulkRows>>,
    more: bool,
    rowid: i64,
}

impl BulkCursor {
    fn advance(&mut self) -> Result<()> {
        self.more = match self.rows.as_mut() {
            Some(rows) => rows.advance().map_err(Error::ModuleError)?,
            None => false,
        };
        self.rowid += 1;
        Ok(())
    }
}

// SAFETY: `BulkCursor` is `#[repr(C)]` with `sqlite3_vtab_cursor` as its
// first field, as rusqlite's module glue requires for its pointer casts.
unsafe impl VTabCursor for BulkCursor {
    fn filter(&mut self, _: c_int, _: Option<&str>, _: &Filters<'_>) -> Result<()> {
        // A source is read once: a second scan in the same statement sees
        // no rows rather than half of them.
        self.rows = self.slot.lock().take();
        self.rowid = 0;
        self.advance()
    }

    fn next(&mut self) -> Result<()> {
        self.advance()
    }

    fn eof(&self) -> bool {
        !self.more
    }

    fn column(&self, ctx: &mut Context, col: c_int) -> Result<()> {
        match self.rows.as_ref() {
            Some(rows) if (0..COLUMNS as c_int).contains(&col) => rows.column(col as usize, ctx),
            _ => ctx.set_result(&rusqlite::types::Null),
        }
    }

    fn rowid(&self) -> Result<i64> {
        Ok(self.rowid)
    }
}
