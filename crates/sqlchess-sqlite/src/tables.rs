//! The fixed relations, as plain tables in the connection's `temp` schema,
//! filled once by [`register`]:
//!
//! * `board(x, y, square)`: the 64 squares, `x` the file 1..8, `y` the rank.
//! * `all_moves(x, y, from_square, xi, yi, to_square)`: the 4032 ordered
//!   pairs of distinct squares.
//! * `piece_moves(piece, from_square, to_square, crossed)` and
//!   `piece_path(piece, from_square, to_square, square)`: every catalogue
//!   piece's empty-board moves on 8×8 (from sqlchess-fairy) and the squares
//!   each move passes over.
//!
//! Plain tables rather than virtual ones: they are small (about 40,000 rows
//! in all, built in a few milliseconds), and as real tables they carry
//! primary keys the query planner uses for the self-joins the set-based
//! queries are made of. The `temp` schema keeps them out of a database file.

use rusqlite::{params, Connection, Result};
use sqlchess_fairy::catalogue::CATALOGUE;
use sqlchess_fairy::{FairySquare, PieceDef};

use crate::functions::user;

const SCHEMA: &str = "
DROP TABLE IF EXISTS temp.board;
DROP TABLE IF EXISTS temp.all_moves;
DROP TABLE IF EXISTS temp.piece_moves;
DROP TABLE IF EXISTS temp.piece_path;
CREATE TEMP TABLE board (
    x INTEGER NOT NULL,
    y INTEGER NOT NULL,
    square TEXT NOT NULL UNIQUE,
    PRIMARY KEY (x, y)
) WITHOUT ROWID;
CREATE TEMP TABLE all_moves (
    x INTEGER NOT NULL,
    y INTEGER NOT NULL,
    from_square TEXT NOT NULL,
    xi INTEGER NOT NULL,
    yi INTEGER NOT NULL,
    to_square TEXT NOT NULL,
    PRIMARY KEY (x, y, xi, yi),
    UNIQUE (from_square, to_square)
) WITHOUT ROWID;
CREATE TEMP TABLE piece_moves (
    piece TEXT NOT NULL,
    from_square TEXT NOT NULL,
    to_square TEXT NOT NULL,
    crossed INTEGER NOT NULL,
    PRIMARY KEY (piece, from_square, to_square)
) WITHOUT ROWID;
CREATE TEMP TABLE piece_path (
    piece TEXT NOT NULL,
    from_square TEXT NOT NULL,
    to_square TEXT NOT NULL,
    square TEXT NOT NULL,
    PRIMARY KEY (piece, from_square, to_square, square)
) WITHOUT ROWID;
";

/// The name of the square at 1-based (x, y) on a board up to 16×16.
fn square_name(x: u8, y: u8) -> String {
    format!("{}{}", char::from(b'a' + x - 1), y)
}

/// Creates and fills the tables, in one savepoint.
pub(crate) fn register(conn: &Connection) -> Result<()> {
    conn.execute_batch("SAVEPOINT sqlchess_tables")?;
    let filled = fill(conn);
    let end = if filled.is_ok() {
        "RELEASE sqlchess_tables"
    } else {
        "ROLLBACK TO sqlchess_tables; RELEASE sqlchess_tables"
    };
    conn.execute_batch(end)?;
    filled
}

fn fill(conn: &Connection) -> Result<()> {
    conn.execute_batch(SCHEMA)?;
    let squares: Vec<(u8, u8)> = (1..=8).flat_map(|x| (1..=8).map(move |y| (x, y))).collect();
    let mut board = conn.prepare("INSERT INTO board VALUES (?1, ?2, ?3)")?;
    for &(x, y) in &squares {
        board.execute(params![x, y, square_name(x, y)])?;
    }
    let mut pairs = conn.prepare("INSERT INTO all_moves VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?;
    for &(x, y) in &squares {
        for &(xi, yi) in &squares {
            if (x, y) != (xi, yi) {
                pairs.execute(params![
                    x,
                    y,
                    square_name(x, y),
                    xi,
                    yi,
                    square_name(xi, yi)
                ])?;
            }
        }
    }
    let mut moves = conn.prepare("INSERT INTO piece_moves VALUES (?1, ?2, ?3, ?4)")?;
    let mut path = conn.prepare("INSERT INTO piece_path VALUES (?1, ?2, ?3, ?4)")?;
    let name = |sq: FairySquare| sq.to_string();
    for entry in CATALOGUE {
        let def = PieceDef::parse(entry.notation).map_err(user)?;
        for mv in def.geometry(8, 8) {
            let (from, to) = (name(mv.from), name(mv.to));
            moves.execute(params![entry.name, from, to, mv.crossed.len()])?;
            for &sq in &mv.crossed {
                path.execute(params![entry.name, from, to, name(sq)])?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    fn count(sql: &str) -> i64 {
        crate::open_in_memory()
            .unwrap()
            .query_row(sql, [], |r| r.get(0))
            .unwrap()
    }

    #[test]
    fn sizes() {
        assert_eq!(count("SELECT count(*) FROM board"), 64);
        assert_eq!(count("SELECT count(*) FROM all_moves"), 4032);
        assert_eq!(
            count("SELECT count(*) FROM board WHERE square = 'e4' AND x = 5 AND y = 4"),
            1
        );
    }

    #[test]
    fn path_rows_match_crossed_counts() {
        assert_eq!(
            count("SELECT sum(crossed) FROM piece_moves"),
            count("SELECT count(*) FROM piece_path")
        );
        // Every catalogue piece is there.
        assert_eq!(
            count("SELECT count(DISTINCT piece) FROM piece_moves"),
            sqlchess_fairy::catalogue::CATALOGUE.len() as i64
        );
    }

    #[test]
    fn registering_twice_rebuilds() {
        let conn = crate::open_in_memory().unwrap();
        crate::register(&conn).unwrap();
        let n: i64 = conn
            .query_row("SELECT count(*) FROM board", [], |r| r.get(0))
            .unwrap();
        assert_eq!(n, 64);
    }
}
