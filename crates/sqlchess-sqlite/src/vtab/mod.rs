//! Eponymous table-valued functions: `legal_moves(fen [, variant])` and
//! `piece_geometry(piece_or_notation [, width, height])`.
//!
//! Both follow rusqlite's `vtab::series`: the arguments are HIDDEN columns,
//! `best_index` hands their equality constraints to `filter` in order, and
//! `filter` computes the rows of one call. The only `unsafe` of the crate is
//! here: rusqlite's `VTab` and `VTabCursor` traits are `unsafe` to implement
//! because SQLite casts between the C base structs and ours.

pub(crate) mod bulk;
mod legal_moves;
mod piece_geometry;
pub(crate) mod rows;

use std::ffi::c_int;

use rusqlite::vtab::{IndexConstraintOp, IndexInfo};
use rusqlite::{ffi, Connection, Error, Result};

/// Registers both modules on `conn`.
pub(crate) fn register(conn: &Connection) -> Result<()> {
    legal_moves::register(conn)?;
    piece_geometry::register(conn)
}

/// Plans a call with argument columns `first_arg..first_arg + n_args`:
/// each usable `=` constraint on an argument column becomes the next
/// `filter` argument and sets bit `k` of `idx_num` for argument `k`.
/// If an argument is present only as an unusable constraint (a correlated
/// argument such as `legal_moves(p.fen, r.variant)` whose table is not yet
/// bound in this join order), the plan is refused with `SQLITE_CONSTRAINT`
/// so that SQLite picks an order that binds it first; taking the default
/// instead would silently ignore the argument.
fn plan_arguments(info: &mut IndexInfo, first_arg: c_int, n_args: c_int) -> Result<()> {
    let mut chosen: Vec<Option<usize>> = vec![None; n_args as usize];
    let mut unusable = vec![false; n_args as usize];
    for (i, c) in info.constraints().enumerate() {
        let k = c.column() - first_arg;
        if !(0..n_args).contains(&k) {
            continue;
        }
        if !c.is_usable() {
            unusable[k as usize] = true;
        } else if c.operator() == IndexConstraintOp::SQLITE_INDEX_CONSTRAINT_EQ
            && chosen[k as usize].is_none()
        {
            chosen[k as usize] = Some(i);
        }
    }
    if unusable.iter().zip(&chosen).any(|(&u, c)| u && c.is_none()) {
        return Err(Error::SqliteFailure(
            ffi::Error::new(ffi::SQLITE_CONSTRAINT),
            None,
        ));
    }
    let mut idx_num = 0;
    let mut argv = 0;
    for (k, c) in chosen.iter().enumerate() {
        if let Some(i) = *c {
            argv += 1;
            idx_num |= 1 << k;
            let mut usage = info.constraint_usage(i);
            usage.set_argv_index(argv);
            usage.set_omit(true);
        }
    }
    info.set_idx_num(idx_num);
    if chosen[0].is_some() {
        info.set_estimated_cost(10.0);
        info.set_estimated_rows(40);
    } else {
        // No argument: `filter` will refuse; make the plan look hopeless.
        info.set_estimated_cost(1e12);
        info.set_estimated_rows(i64::from(i32::MAX));
    }
    Ok(())
}

/// The `k`-th argument's position among `filter`'s arguments, if it was given.
fn arg_slot(idx_num: c_int, k: u32) -> Option<usize> {
    (idx_num & (1 << k) != 0).then(|| (idx_num & ((1 << k) - 1)).count_ones() as usize)
}
