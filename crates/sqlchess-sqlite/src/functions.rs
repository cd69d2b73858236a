//! The scalar SQL functions of the rules: each decodes its arguments, calls
//! one method of [`sqlchess_rules::Position`] (a position of the variant
//! named by an optional last argument), maps the error and encodes the
//! result.
//!
//! NULL in any argument gives NULL. A malformed FEN or move raises an SQL
//! error whose message is the parser's (`rusqlite::Error::UserFunctionError`).

use rusqlite::functions::{Context, FunctionFlags};
use rusqlite::{Connection, Error, Result};

use crate::game::position_at;

/// Wraps a domain error so SQLite reports its message.
pub(crate) fn user(err: impl std::error::Error + Send + Sync + 'static) -> Error {
    Error::UserFunctionError(Box::new(err))
}

/// Argument `i` as text, `None` for NULL.
fn text(ctx: &Context<'_>, i: usize) -> Result<Option<String>> {
    ctx.get::<Option<String>>(i)
}

/// `apply_move(fen, move [, variant])`: the FEN after a UCI or SAN move.
fn apply_move(ctx: &Context<'_>) -> Result<Option<String>> {
    let (Some(pos), Some(text)) = (position_at(ctx, 0, 2)?, text(ctx, 1)?) else {
        return Ok(None);
    };
    Ok(Some(pos.play_text(&text).map_err(user)?.fen()))
}

/// `validate_move(fen, move [, variant])`: NULL when legal, else why not.
fn validate_move(ctx: &Context<'_>) -> Result<Option<String>> {
    let (Some(pos), Some(text)) = (position_at(ctx, 0, 2)?, text(ctx, 1)?) else {
        return Ok(None);
    };
    Ok(pos.parse_move(&text).err().map(|e| e.to_string()))
}

/// `is_check(fen [, variant])`, 0 or 1.
fn is_check(ctx: &Context<'_>) -> Result<Option<bool>> {
    Ok(position_at(ctx, 0, 1)?.map(|p| p.is_check()))
}

/// `is_checkmate(fen [, variant])`, 0 or 1.
fn is_checkmate(ctx: &Context<'_>) -> Result<Option<bool>> {
    Ok(position_at(ctx, 0, 1)?.map(|p| p.is_checkmate()))
}

/// `is_stalemate(fen [, variant])`, 0 or 1.
fn is_stalemate(ctx: &Context<'_>) -> Result<Option<bool>> {
    Ok(position_at(ctx, 0, 1)?.map(|p| p.is_stalemate()))
}

/// `game_status(fen [, variant])`: `ongoing`, `checkmate`, `stalemate`, ...
fn game_status(ctx: &Context<'_>) -> Result<Option<&'static str>> {
    Ok(position_at(ctx, 0, 1)?.map(|p| p.status().name()))
}

/// `perft(fen, depth [, variant])`: leaf nodes of the legal move tree; an
/// interrupt of the statement stops it within a fraction of a second.
fn perft(ctx: &Context<'_>) -> Result<Option<i64>> {
    let (Some(pos), Some(depth)) = (position_at(ctx, 0, 2)?, ctx.get::<Option<i64>>(1)?) else {
        return Ok(None);
    };
    let depth = u32::try_from(depth).map_err(|_| {
        user(sqlchess_rules::DepthError {
            depth,
            max: sqlchess_rules::MAX_PERFT_DEPTH,
        })
    })?;
    let nodes = pos
        .perft_until(depth, || crate::interrupt::interrupted(ctx))
        .map_err(user)?
        .ok_or_else(|| user(crate::SqlChessError::Interrupted { function: "perft" }))?;
    // Node counts past i64::MAX would take centuries; saturate rather than wrap.
    Ok(Some(i64::try_from(nodes).unwrap_or(i64::MAX)))
}

/// `zobrist(fen [, variant])`: the 64-bit hash reinterpreted as a signed integer.
fn zobrist(ctx: &Context<'_>) -> Result<Option<i64>> {
    Ok(position_at(ctx, 0, 1)?.map(|p| p.zobrist() as i64))
}

type ScalarFn<T> = fn(&Context<'_>) -> Result<T>;

pub(crate) fn add<T: rusqlite::functions::SqlFnOutput + 'static>(
    conn: &Connection,
    name: &str,
    n_arg: i32,
    f: ScalarFn<T>,
) -> Result<()> {
    let flags = FunctionFlags::SQLITE_UTF8
        | FunctionFlags::SQLITE_DETERMINISTIC
        | FunctionFlags::SQLITE_INNOCUOUS;
    conn.create_scalar_function(name, n_arg, flags, f)
}

/// Adds every scalar function to `conn`, each also with a last `variant`
/// argument.
pub(crate) fn register(conn: &Connection) -> Result<()> {
    for extra in [0, 1] {
        add(conn, "apply_move", 2 + extra, apply_move)?;
        add(conn, "validate_move", 2 + extra, validate_move)?;
        add(conn, "is_check", 1 + extra, is_check)?;
        add(conn, "is_checkmate", 1 + extra, is_checkmate)?;
        add(conn, "is_stalemate", 1 + extra, is_stalemate)?;
        add(conn, "game_status", 1 + extra, game_status)?;
        add(conn, "perft", 2 + extra, perft)?;
        add(conn, "zobrist", 1 + extra, zobrist)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use rusqlite::types::Value;

    const START: &str = sqlchess_core::START_FEN;
    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    const MATED: &str = "R6k/6pp/8/8/8/8/8/4K3 b - - 1 1";
    const STALEMATE: &str = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";

    fn conn() -> rusqlite::Connection {
        crate::open_in_memory().unwrap()
    }

    fn one(sql: &str) -> rusqlite::Result<Value> {
        conn().query_row(sql, [], |r| r.get(0))
    }

    fn one_p(sql: &str, p: impl rusqlite::Params) -> rusqlite::Result<Value> {
        conn().query_row(sql, p, |r| r.get(0))
    }

    fn text(s: &str) -> Value {
        Value::Text(s.to_owned())
    }

    #[test]
    fn apply_move_takes_uci_and_san() {
        let after = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(
            one_p("SELECT apply_move(?1, 'e2e4')", [START]).unwrap(),
            text(after)
        );
        assert_eq!(
            one_p("SELECT apply_move(?1, 'e4')", [START]).unwrap(),
            text(after)
        );
        let castled = one_p("SELECT apply_move(?1, 'O-O')", [KIWIPETE]).unwrap();
        assert_eq!(
            castled,
            text("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1")
        );
    }

    #[test]
    fn errors_carry_the_parsers_message() {
        let err = one(
            "SELECT apply_move('rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'e4')",
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("fen field `placement`"), "{err}");
        let err = one_p("SELECT apply_move(?1, 'e5')", [START])
            .unwrap_err()
            .to_string();
        assert!(err.contains("illegal move \"e5\""), "{err}");
        let err = one_p("SELECT apply_move(?1, 'zz')", [START])
            .unwrap_err()
            .to_string();
        assert!(err.contains("invalid move \"zz\""), "{err}");
        let err = one_p("SELECT perft(?1, -1)", [START])
            .unwrap_err()
            .to_string();
        assert!(err.contains("perft depth"), "{err}");
        let err = one("SELECT is_check('8/8/8/8/8/8/8/8 w - - 0 1')")
            .unwrap_err()
            .to_string();
        assert!(err.contains("no white king"), "{err}");
    }

    #[test]
    fn validate_move_reports_instead_of_failing() {
        assert_eq!(
            one_p("SELECT validate_move(?1, 'Nf3')", [START]).unwrap(),
            Value::Null
        );
        let Value::Text(why) = one_p("SELECT validate_move(?1, 'Ke2')", [START]).unwrap() else {
            panic!("expected a reason");
        };
        assert!(why.starts_with("illegal move"), "{why}");
        let Value::Text(why) = one_p("SELECT validate_move(?1, 'hello')", [START]).unwrap() else {
            panic!("expected a reason");
        };
        assert!(why.starts_with("invalid move"), "{why}");
        assert!(one("SELECT validate_move('nonsense', 'e4')").is_err());
    }

    #[test]
    fn predicates_and_status() {
        let c = conn();
        let row = |fen: &str| -> (i64, i64, i64, String) {
            c.query_row(
                "SELECT is_check(?1), is_checkmate(?1), is_stalemate(?1), game_status(?1)",
                [fen],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .unwrap()
        };
        assert_eq!(row(START), (0, 0, 0, "ongoing".into()));
        assert_eq!(row(MATED), (1, 1, 0, "checkmate".into()));
        assert_eq!(row(STALEMATE), (0, 0, 1, "stalemate".into()));
        assert_eq!(
            row("8/8/8/8/8/8/8/K6k w - - 0 1").3,
            "insufficient_material"
        );
    }

    #[test]
    fn perft_and_zobrist() {
        // Published perft (chessprogramming wiki): Kiwipete 48 / 2039 / 97862.
        assert_eq!(
            one_p("SELECT perft(?1, 3)", [KIWIPETE]).unwrap(),
            Value::Integer(97862)
        );
        assert_eq!(
            one_p("SELECT perft(?1, 0)", [START]).unwrap(),
            Value::Integer(1)
        );
        let native = sqlchess_core::Position::from_fen(KIWIPETE)
            .unwrap()
            .zobrist();
        assert_eq!(
            one_p("SELECT zobrist(?1)", [KIWIPETE]).unwrap(),
            Value::Integer(native as i64)
        );
        // Transposed move orders reach equal hashes.
        let a = one_p("SELECT zobrist(apply_move(apply_move(apply_move(apply_move(?1,'Nf3'),'Nf6'),'Nc3'),'Nc6'))", [START]).unwrap();
        let b = one_p("SELECT zobrist(apply_move(apply_move(apply_move(apply_move(?1,'Nc3'),'Nc6'),'Nf3'),'Nf6'))", [START]).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn null_in_null_out() {
        for sql in [
            "SELECT apply_move(NULL, 'e4')",
            "SELECT apply_move('8/8/8/8/8/8/8/K6k w - - 0 1', NULL)",
            "SELECT validate_move(NULL, NULL)",
            "SELECT is_check(NULL)",
            "SELECT is_checkmate(NULL)",
            "SELECT is_stalemate(NULL)",
            "SELECT game_status(NULL)",
            "SELECT perft(NULL, 1)",
            "SELECT perft('8/8/8/8/8/8/8/K6k w - - 0 1', NULL)",
            "SELECT zobrist(NULL)",
        ] {
            assert_eq!(one(sql).unwrap(), Value::Null, "{sql}");
        }
    }

    #[test]
    fn every_function_takes_a_variant() {
        let capa = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
        // Published: capablanca perft 2 = 784.
        assert_eq!(
            one_p("SELECT perft(?1, 2, 'capablanca')", [capa]).unwrap(),
            Value::Integer(784)
        );
        // The archbishop (A) moves by UCI and by SAN alike.
        assert_eq!(
            one_p("SELECT apply_move(?1, 'c1d3', 'capablanca')", [capa]).unwrap(),
            one_p("SELECT apply_move(?1, 'Ad3', 'capablanca')", [capa]).unwrap()
        );
        assert_eq!(
            one_p(
                "SELECT validate_move(?1, 'c1c5', 'capablanca') IS NOT NULL",
                [capa]
            )
            .unwrap(),
            Value::Integer(1)
        );
        assert_eq!(
            one_p("SELECT game_status(?1, 'capablanca')", [capa]).unwrap(),
            text("ongoing")
        );
        assert_eq!(
            one_p("SELECT is_check(?1, 'capablanca') + is_checkmate(?1, 'capablanca') + is_stalemate(?1, 'capablanca')", [capa]).unwrap(),
            Value::Integer(0)
        );
        assert_eq!(
            one_p("SELECT zobrist(?1, 'capablanca') = zobrist(apply_move(apply_move(apply_move(apply_move(?1, 'b1c3', 'capablanca'), 'b8c6', 'capablanca'), 'c3b1', 'capablanca'), 'c6b8', 'capablanca'), 'capablanca')", [capa]).unwrap(),
            Value::Integer(1)
        );
        // Chess960 by name; NULL variant gives NULL; unknown variants are errors.
        assert_eq!(
            one_p("SELECT perft(?1, 1, 'chess960')", [START]).unwrap(),
            Value::Integer(20)
        );
        assert_eq!(
            one_p("SELECT is_check(?1, NULL)", [START]).unwrap(),
            Value::Null
        );
        let err = one_p("SELECT is_check(?1, 'nosuch')", [START]).unwrap_err();
        assert!(err.to_string().contains("nosuch"), "{err}");
        // A chess FEN is not a capablanca one.
        let err = one_p("SELECT perft(?1, 1, 'capablanca')", [START]).unwrap_err();
        assert!(err.to_string().contains("board width"), "{err}");
    }
}
