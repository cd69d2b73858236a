//! Every SQL function of the embedded engine on the rules facade's sample
//! positions (every built-in variant: starts, random games with drops,
//! castling and captures, en passant and promotions) gives exactly the
//! facade's own answer. The PostgreSQL extension's tests check the same
//! samples against the same answers, so the two engines cannot drift apart.

use rusqlite::Connection;
use sqlchess_rules::samples::{expected_answers, positions};

fn answers(c: &Connection, fen: &str, variant: &str) -> Vec<String> {
    let mut stmt = c
        .prepare_cached(
            "SELECT uci || ' ' || san || ' ' || from_square || ' ' || to_square || ' ' || piece \
             || ' ' || coalesce(captured, 'NULL') || ' ' || coalesce(promotion, 'NULL') \
             || ' ' || gives_check || ' ' || fen_after \
             FROM legal_moves(?1, ?2) ORDER BY 1",
        )
        .unwrap();
    let mut rows: Vec<String> = stmt
        .query_map([fen, variant], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let scalar = |sql: &str| -> String {
        c.prepare_cached(sql)
            .unwrap()
            .query_row([fen, variant], |r| {
                Ok(match r.get_ref(0)? {
                    rusqlite::types::ValueRef::Integer(i) => i.to_string(),
                    rusqlite::types::ValueRef::Text(t) => String::from_utf8_lossy(t).into_owned(),
                    other => format!("{other:?}"),
                })
            })
            .unwrap()
    };
    rows.extend([
        // The FEN as SQL gives it back (without_clocks keeps all but clocks).
        format!("fen {}", scalar("SELECT ?1 WHERE ?2 IS NOT NULL")),
        format!("is_check {}", scalar("SELECT is_check(?1, ?2)")),
        format!("is_checkmate {}", scalar("SELECT is_checkmate(?1, ?2)")),
        format!("is_stalemate {}", scalar("SELECT is_stalemate(?1, ?2)")),
        format!("game_status {}", scalar("SELECT game_status(?1, ?2)")),
        format!("perft2 {}", scalar("SELECT perft(?1, 2, ?2)")),
        format!("zobrist {}", scalar("SELECT zobrist(?1, ?2)")),
        format!("without_clocks {}", scalar("SELECT without_clocks(?1, ?2)")),
        format!("white_to_move {}", scalar("SELECT white_to_move(?1, ?2)")),
        format!(
            "packed {}",
            scalar("SELECT lower(hex(pack_position(?1, ?2)))")
        ),
    ]);
    rows
}

#[test]
fn every_function_equals_the_facade_on_every_variant() {
    let c = sqlchess_sqlite::open_in_memory().unwrap();
    let samples = positions(2, 24);
    assert!(samples.len() > 500, "{}", samples.len());
    for pos in samples {
        let (fen, variant) = (pos.fen(), pos.variant_name().to_owned());
        // The answers for the position as SQL reads it back from its FEN.
        let reread = sqlchess_rules::position(&fen, &variant).unwrap();
        let want = expected_answers(&reread);
        let got = answers(&c, &fen, &variant);
        assert_eq!(got, want, "{variant} {fen}");
        // The packed form names its variant: unpacking gives the FEN back.
        let back: String = c
            .query_row(
                "SELECT unpack_position(pack_position(?1, ?2))",
                [&fen, &variant],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(back, reread.fen(), "{variant}");
    }
}
