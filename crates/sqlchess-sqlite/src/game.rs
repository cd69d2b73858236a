//! The scalar functions over positions of any variant: search
//! (`next_move`, `evaluate`), the packed form (`pack_position`,
//! `unpack_position`), the keys of set-based search (`without_clocks`,
//! `white_to_move`) and pictures (`board_svg`, `board_text`).
//!
//! Each takes an optional last argument, the variant (`chess` when absent),
//! and is a few lines over [`sqlchess_rules::Position`], the type the
//! PostgreSQL extension uses too, so both engines give the same answers and
//! the same bytes. NULL in any argument gives NULL.

use rusqlite::functions::Context;
use rusqlite::{Connection, Result};
use sqlchess_rules::{Error, Position};
use sqlchess_search::Limits;

use crate::functions::{add, user};
use crate::SqlChessError;

/// The deepest `next_move` accepted (depth 8 from a middlegame already
/// takes seconds; the node budget bounds every call, and an interrupt of
/// the statement stops the search within 1,024 nodes).
pub const MAX_SEARCH_DEPTH: i64 = 32;

/// Arguments `fen` and, if present, `variant` as a position.
pub(crate) fn position_at(
    ctx: &Context<'_>,
    fen: usize,
    variant: usize,
) -> Result<Option<Position>> {
    let Some(text) = ctx.get::<Option<String>>(fen)? else {
        return Ok(None);
    };
    let name = if variant < ctx.len() {
        match ctx.get::<Option<String>>(variant)? {
            Some(name) => name,
            None => return Ok(None),
        }
    } else {
        "chess".to_owned()
    };
    sqlchess_rules::position(&text, &name)
        .map(Some)
        .map_err(|e| match e {
            // The parser's own message, as for every other function.
            Error::Fen(source) => user(source),
            Error::Variant(source) => user(source),
            other => user(other),
        })
}

/// `next_move(fen, depth [, variant [, max_nodes]])`: the best move in UCI
/// found by alpha-beta to `depth`, within `max_nodes` nodes
/// ([`sqlchess_search::SQL_NODE_BUDGET`] by default); NULL when the game is
/// over. An interrupt of the statement stops it with an error.
fn next_move(ctx: &Context<'_>) -> Result<Option<String>> {
    let (Some(pos), Some(depth)) = (position_at(ctx, 0, 2)?, ctx.get::<Option<i64>>(1)?) else {
        return Ok(None);
    };
    if !(1..=MAX_SEARCH_DEPTH).contains(&depth) {
        return Err(user(SqlChessError::SearchDepth {
            depth,
            max: MAX_SEARCH_DEPTH,
        }));
    }
    let nodes = if ctx.len() > 3 {
        match ctx.get::<Option<i64>>(3)? {
            Some(n) if n >= 1 => n as u64,
            Some(n) => return Err(user(SqlChessError::NodeBudget { nodes: n })),
            None => return Ok(None),
        }
    } else {
        sqlchess_search::SQL_NODE_BUDGET
    };
    let best = crate::interrupt::with_poll(ctx, |poll| {
        let limits = Limits {
            nodes: Some(nodes),
            poll,
            ..Limits::depth(depth as u32)
        };
        sqlchess_search::next_move(&pos, &limits)
    });
    if crate::interrupt::interrupted(ctx) {
        return Err(user(SqlChessError::Interrupted {
            function: "next_move",
        }));
    }
    Ok(best.uci)
}

/// `evaluate(fen [, variant])`: centipawns, positive when White is better.
fn evaluate(ctx: &Context<'_>) -> Result<Option<i64>> {
    Ok(position_at(ctx, 0, 1)?.map(|p| i64::from(sqlchess_search::evaluate_white(&p))))
}

/// `pack_position(fen [, variant])`: the packed bytes, 32 for chess.
fn pack_position(ctx: &Context<'_>) -> Result<Option<Vec<u8>>> {
    position_at(ctx, 0, 1)?
        .map(|p| p.pack().map_err(user))
        .transpose()
}

/// `unpack_position(bytes)`: the FEN of packed bytes (they name their variant).
fn unpack_position(ctx: &Context<'_>) -> Result<Option<String>> {
    let Some(bytes) = ctx.get::<Option<Vec<u8>>>(0)? else {
        return Ok(None);
    };
    Ok(Some(Position::unpack(&bytes).map_err(user)?.fen()))
}

/// `without_clocks(fen [, variant])`: the FEN with clocks `0 1`.
fn without_clocks(ctx: &Context<'_>) -> Result<Option<String>> {
    Ok(position_at(ctx, 0, 1)?.map(|p| p.without_clocks().fen()))
}

/// `white_to_move(fen [, variant])`, 0 or 1.
fn white_to_move(ctx: &Context<'_>) -> Result<Option<bool>> {
    Ok(position_at(ctx, 0, 1)?.map(|p| p.white_to_move()))
}

/// `board_svg(fen)`: an SVG picture of the FEN's board (any variant).
fn board_svg(ctx: &Context<'_>) -> Result<Option<String>> {
    let Some(fen) = ctx.get::<Option<String>>(0)? else {
        return Ok(None);
    };
    sqlchess_render::board_svg(&fen).map(Some).map_err(user)
}

/// `board_text(fen)`: the board as Unicode text.
fn board_text(ctx: &Context<'_>) -> Result<Option<String>> {
    let Some(fen) = ctx.get::<Option<String>>(0)? else {
        return Ok(None);
    };
    sqlchess_render::board_text(&fen).map(Some).map_err(user)
}

/// Adds the functions, each under every arity it accepts.
pub(crate) fn register(conn: &Connection) -> Result<()> {
    add(conn, "next_move", 2, next_move)?;
    add(conn, "next_move", 3, next_move)?;
    add(conn, "next_move", 4, next_move)?;
    add(conn, "board_svg", 1, board_svg)?;
    add(conn, "board_text", 1, board_text)?;
    add(conn, "unpack_position", 1, unpack_position)?;
    for n_arg in [1, 2] {
        add(conn, "evaluate", n_arg, evaluate)?;
        add(conn, "pack_position", n_arg, pack_position)?;
        add(conn, "without_clocks", n_arg, without_clocks)?;
        add(conn, "white_to_move", n_arg, white_to_move)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use rusqlite::types::Value;

    const START: &str = sqlchess_core::START_FEN;

    fn one(sql: &str) -> rusqlite::Result<Value> {
        crate::open_in_memory()
            .unwrap()
            .query_row(sql, [], |r| r.get(0))
    }

    fn err(sql: &str) -> String {
        one(sql).unwrap_err().to_string()
    }

    #[test]
    fn next_move_finds_mate_and_says_null_when_over() {
        let v = one("SELECT next_move('7k/6pp/8/8/8/8/8/R3K3 w - - 0 1', 2)").unwrap();
        assert_eq!(v, Value::Text("a1a8".into()));
        let v = one("SELECT next_move('R6k/6pp/8/8/8/8/8/4K3 b - - 1 1', 3)").unwrap();
        assert_eq!(v, Value::Null);
        let v = one("SELECT next_move(NULL, 3)").unwrap();
        assert_eq!(v, Value::Null);
        let Value::Text(m) = one("SELECT next_move(NULL, 2, 'capablanca')").unwrap() else {
            // NULL FEN: NULL, whatever the variant.
            return;
        };
        panic!("{m}");
    }

    #[test]
    fn next_move_in_a_variant_is_legal_there() {
        let capa = sqlchess_fairy::Position::start(
            &sqlchess_fairy::Variant::builtin("capablanca").unwrap(),
        );
        let Value::Text(m) = one(&format!(
            "SELECT next_move('{}', 2, 'capablanca')",
            capa.fen()
        ))
        .unwrap() else {
            panic!("no move");
        };
        assert!(capa.parse_uci(&m).is_ok(), "{m}");
    }

    #[test]
    fn next_move_rejects_bad_depths_and_fens() {
        assert!(err("SELECT next_move('8/8/8/8/8/8/8/K6k w - - 0 1', 0)").contains("depth"));
        assert!(err("SELECT next_move('8/8/8/8/8/8/8/K6k w - - 0 1', 99)").contains("32"));
        assert!(err("SELECT next_move('nonsense', 2)").contains("nonsense"));
        assert!(
            err("SELECT next_move('8/8/8/8/8/8/8/K6k w - - 0 1', 2, 'nosuch')").contains("nosuch")
        );
    }

    #[test]
    fn evaluate_is_symmetric_and_signed_for_white() {
        assert_eq!(
            one(&format!("SELECT evaluate('{START}')")).unwrap(),
            Value::Integer(0)
        );
        let Value::Integer(up) =
            one("SELECT evaluate('4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1')").unwrap()
        else {
            panic!()
        };
        assert!(up > 2000, "{up}");
        let Value::Integer(down) =
            one("SELECT evaluate('qqqqk3/8/8/8/8/8/8/4K3 b - - 0 1')").unwrap()
        else {
            panic!()
        };
        assert!(down < -2000, "{down}");
    }

    #[test]
    fn pack_and_unpack_round_trip() {
        assert_eq!(
            one(&format!("SELECT length(pack_position('{START}'))")).unwrap(),
            Value::Integer(32)
        );
        assert_eq!(
            one(&format!("SELECT unpack_position(pack_position('{START}'))")).unwrap(),
            Value::Text(START.into())
        );
        let shogi =
            sqlchess_fairy::Position::start(&sqlchess_fairy::Variant::builtin("shogi").unwrap())
                .fen();
        assert_eq!(
            one(&format!(
                "SELECT unpack_position(pack_position('{shogi}', 'shogi'))"
            ))
            .unwrap(),
            Value::Text(shogi)
        );
        assert!(err("SELECT unpack_position(x'0563')").contains("truncated"));
        assert_eq!(one("SELECT unpack_position(NULL)").unwrap(), Value::Null);
    }

    #[test]
    fn keys_and_sides() {
        assert_eq!(
            one("SELECT without_clocks('8/8/8/8/8/8/8/K6k b - - 17 40')").unwrap(),
            Value::Text("8/8/8/8/8/8/8/K6k b - - 0 1".into())
        );
        assert_eq!(
            one("SELECT white_to_move('8/8/8/8/8/8/8/K6k b - - 17 40')").unwrap(),
            Value::Integer(0)
        );
    }

    #[test]
    fn pictures() {
        let Value::Text(svg) = one(&format!("SELECT board_svg('{START}')")).unwrap() else {
            panic!()
        };
        assert!(
            svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
            "{svg}"
        );
        assert!(err("SELECT board_svg('8/8/9/8 w - - 0 1')").contains("9"));
        let Value::Text(text) = one(&format!("SELECT board_text('{START}')")).unwrap() else {
            panic!()
        };
        assert_eq!(
            text.lines().filter(|l| l.contains('♜')).count(),
            1,
            "{text}"
        );
    }
}
