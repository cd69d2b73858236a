//! The relations: `pieces()` (the built-in fairy pieces),
//! `piece_geometry(piece_or_notation, width, height)` (a piece's moves on
//! an empty board of any size), and the tables the extension creates and
//! fills once, in its own schema: `board(x, y, square)`,
//! `all_moves(x, y, from_square, xi, yi, to_square)`,
//! `piece_moves(piece, from_square, to_square, crossed)` and
//! `piece_path(piece, from_square, to_square, square)`, the last two for
//! every built-in piece on 8×8.

use pgrx::pg_sys::panic::ErrorReport;
use pgrx::prelude::*;
use sqlchess_fairy::{PieceDef, MAX_DIM};

use crate::error::{invalid_text, invalid_value, ArgumentError};

#[pg_extern(immutable, parallel_safe, strict)]
fn pieces() -> TableIterator<'static, (name!(name, String), name!(notation, String))> {
    TableIterator::new(
        sqlchess_fairy::catalogue().map(|(name, notation)| (name.to_owned(), notation.to_owned())),
    )
}

// pgrx reads the result columns' names from the literal `name!`s.
#[allow(clippy::type_complexity)]
#[pg_extern(immutable, parallel_safe, strict)]
fn piece_geometry(
    piece_or_notation: &str,
    width: default!(i32, 8),
    height: default!(i32, 8),
) -> Result<
    TableIterator<
        'static,
        (
            name!(from_square, String),
            name!(to_square, String),
            name!(x, i32),
            name!(y, i32),
            name!(xi, i32),
            name!(yi, i32),
            name!(crossed, i32),
            name!(path, String),
        ),
    >,
    ErrorReport,
> {
    let dim = |d: i32| u8::try_from(d).ok().filter(|d| (1..=MAX_DIM).contains(d));
    let (Some(w), Some(h)) = (dim(width), dim(height)) else {
        return Err(invalid_value(ArgumentError::BoardSize { width, height }));
    };
    let def = PieceDef::parse(piece_or_notation).map_err(invalid_text)?;
    let rows = def.geometry(w, h).into_iter().map(|m| {
        let ((x, y), (xi, yi)) = (m.from.xy(), m.to.xy());
        let path: Vec<String> = m.crossed.iter().map(ToString::to_string).collect();
        (
            m.from.to_string(),
            m.to.to_string(),
            i32::from(x),
            i32::from(y),
            i32::from(xi),
            i32::from(yi),
            i32::try_from(m.crossed.len()).unwrap_or(i32::MAX),
            path.join(" "),
        )
    });
    Ok(TableIterator::new(rows))
}

extension_sql!(
    r#"
CREATE TABLE board (
    x integer NOT NULL,
    y integer NOT NULL,
    square text NOT NULL UNIQUE,
    PRIMARY KEY (x, y)
);
COMMENT ON TABLE board IS 'The 64 squares of the chess board: x the file 1..8, y the rank 1..8';
INSERT INTO board
SELECT x, y, chr(96 + x) || y FROM generate_series(1, 8) x, generate_series(1, 8) y;

CREATE TABLE all_moves (
    x integer NOT NULL,
    y integer NOT NULL,
    from_square text NOT NULL,
    xi integer NOT NULL,
    yi integer NOT NULL,
    to_square text NOT NULL,
    PRIMARY KEY (x, y, xi, yi),
    UNIQUE (from_square, to_square)
);
COMMENT ON TABLE all_moves IS 'The 4032 ordered pairs of distinct squares (the tutorials'' CROSS JOIN of the board)';
INSERT INTO all_moves
SELECT a.x, a.y, a.square, b.x, b.y, b.square
FROM board a CROSS JOIN board b
WHERE (a.x, a.y) <> (b.x, b.y);

CREATE TABLE piece_moves (
    piece text NOT NULL,
    from_square text NOT NULL,
    to_square text NOT NULL,
    crossed integer NOT NULL,
    PRIMARY KEY (piece, from_square, to_square)
);
COMMENT ON TABLE piece_moves IS 'Every built-in piece''s moves on an empty 8x8 board; crossed is the number of squares passed over';
INSERT INTO piece_moves
SELECT p.name, g.from_square, g.to_square, g.crossed
FROM pieces() p, LATERAL piece_geometry(p.name, 8, 8) g;

CREATE TABLE piece_path (
    piece text NOT NULL,
    from_square text NOT NULL,
    to_square text NOT NULL,
    square text NOT NULL,
    PRIMARY KEY (piece, from_square, to_square, square)
);
COMMENT ON TABLE piece_path IS 'One row per square a built-in piece passes over on an empty 8x8 board';
INSERT INTO piece_path
SELECT p.name, g.from_square, g.to_square, s.square
FROM pieces() p,
     LATERAL piece_geometry(p.name, 8, 8) g,
     LATERAL unnest(string_to_array(g.path, ' ')) AS s(square);
ANALYZE board, all_moves, piece_moves, piece_path;
"#,
    name = "tables",
    requires = [pieces, piece_geometry],
);
