use pgrx::prelude::*;
use sqlchess_core::{perft::perft, Position};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const MATED: &str = "R6k/6pp/8/8/8/8/8/4K3 b - - 1 1";
const STALEMATE: &str = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";

/// The chessprogramming wiki's perft positions with their published
/// counts at depths 1, 2 and 3.
const PERFT: [(&str, [u64; 3]); 6] = [
    (START, [20, 400, 8902]),
    (KIWIPETE, [48, 2039, 97862]),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [14, 191, 2812]),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        [6, 264, 9467],
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        [44, 1486, 62379],
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        [46, 2079, 89890],
    ),
];

fn one<T: FromDatum + IntoDatum>(sql: &str) -> Option<T> {
    Spi::get_one::<T>(sql).unwrap_or_else(|e| panic!("{sql}: {e}"))
}

fn text(sql: &str) -> String {
    one::<String>(sql).unwrap_or_else(|| panic!("{sql}: NULL"))
}

fn int(sql: &str) -> i64 {
    one::<i64>(sql).unwrap_or_else(|| panic!("{sql}: NULL"))
}

fn boolean(sql: &str) -> bool {
    one::<bool>(sql).unwrap_or_else(|| panic!("{sql}: NULL"))
}

/// Runs `sql` in a subtransaction and returns `SQLSTATE: message` of the
/// error it raises (the backend survives: the next statement runs).
fn error_of(sql: &str) -> String {
    Spi::run(
        "CREATE OR REPLACE FUNCTION pg_temp.error_of(q text) RETURNS text LANGUAGE plpgsql AS $$
         BEGIN EXECUTE q; RETURN 'no error'; EXCEPTION WHEN OTHERS THEN RETURN SQLSTATE || ': ' || SQLERRM; END $$",
    )
    .unwrap();
    text(&format!(
        "SELECT pg_temp.error_of('{}')",
        sql.replace('\'', "''")
    ))
}

/// Asserts that `sql` fails with an error starting `prefix` (`SQLSTATE: message`).
fn expect_error(sql: &str, prefix: &str) {
    let e = error_of(sql);
    assert!(e.starts_with(prefix), "{sql}: {e}");
}

#[pg_test]
fn chessgame_text_round_trips() {
    assert_eq!(text(&format!("SELECT '{START}'::chessgame::text")), START);
    assert_eq!(
        text(&format!("SELECT chessgame('{KIWIPETE}')::text")),
        KIWIPETE
    );
    assert_eq!(text("SELECT start_position()::text"), START);
    assert_eq!(text(&format!("SELECT fen('{START}'::chessgame)")), START);
    assert_eq!(
        text(&format!("SELECT variant('{START}'::chessgame)")),
        "chess"
    );
    // Chess960 keeps its castling mode; other variants their name.
    // (Shredder-FEN in, X-FEN out: unambiguous here.)
    let shredder = "chess960:bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let c960 = "chess960:bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
    assert_eq!(text(&format!("SELECT '{shredder}'::chessgame::text")), c960);
    assert_eq!(text(&format!("SELECT '{c960}'::chessgame::text")), c960);
    // The chessprogramming wiki's Chess960 position 1: 21 / 528 / 12189.
    assert_eq!(int(&format!("SELECT perft('{c960}'::chessgame, 3)")), 12189);
    assert_eq!(
        int(&format!("SELECT set_perft('{shredder}'::chessgame, 3)")),
        12189
    );
    assert_eq!(
        text(&format!("SELECT variant('{c960}'::chessgame)")),
        "chess960"
    );
    let capa = text("SELECT start_position('capablanca')::text");
    assert!(capa.starts_with("capablanca:rnabqkbcnr/"), "{capa}");
    assert_eq!(text(&format!("SELECT '{capa}'::chessgame::text")), capa);
    assert_eq!(text("SELECT variant(start_position('xiangqi'))"), "xiangqi");
}

#[pg_test]
fn chessgame_is_32_bytes_packed() {
    assert_eq!(int("SELECT length(packed(start_position()))::bigint"), 32);
    assert_eq!(
        int(&format!(
            "SELECT length(pack_position('{KIWIPETE}'))::bigint"
        )),
        32
    );
    assert_eq!(
        text(&format!(
            "SELECT unpack_position(pack_position('{KIWIPETE}'))"
        )),
        KIWIPETE
    );
    // The datum itself: 32 bytes and a short varlena header on disk.
    assert!(int("SELECT pg_column_size(start_position())::bigint") <= 36);
    let capa = text("SELECT unpack_position(packed(start_position('capablanca')))");
    assert!(capa.starts_with("capablanca:"), "{capa}");
}

#[pg_test]
fn bad_input_raises_clean_errors() {
    expect_error(
        "SELECT 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'::chessgame",
        "22P02: fen field `placement`",
    );
    expect_error("SELECT 'nonsense'::chessgame", "22P02: ");
    expect_error("SELECT '8/8/8/8/8/8/8/8 w - - 0 1'::chessgame", "22P02: ");
    assert!(error_of("SELECT '8/8/8/8/8/8/8/8 w - - 0 1'::chessgame").contains("no white king"));
    expect_error(
        "SELECT 'nosuchvariant:8/8/8/8/8/8/8/8 w - - 0 1'::chessgame",
        "22023: unknown variant",
    );
    expect_error("SELECT 'e2e17'::chessmove", "22P02: invalid chessmove");
    expect_error(
        &format!("SELECT apply_move('{START}', 'e5')"),
        "22023: illegal move \"e5\"",
    );
    expect_error(
        &format!("SELECT apply_move('{START}'::chessgame, 'e2e5'::chessmove)"),
        "22023: illegal move",
    );
    expect_error(
        &format!("SELECT apply_move('{START}', 'zz')"),
        "22P02: invalid move \"zz\"",
    );
    expect_error(
        &format!("SELECT perft('{START}', -1)"),
        "22023: perft depth -1 is outside 0..=12",
    );
    expect_error(
        "SELECT perft(start_position(), 13)",
        "22023: perft depth 13 is outside 0..=12",
    );
    expect_error(
        &format!("SELECT next_move('{START}'::chessgame, 0)"),
        "22023: next_move depth",
    );
    expect_error(
        &format!("SELECT * FROM legal_moves('{START}', 'nosuch')"),
        "22023: unknown variant \"nosuch\" (see `sqlchess variants`)",
    );
    expect_error("SELECT unpack_position('\\x0102'::bytea)", "22P03: ");
    expect_error(
        "SELECT * FROM piece_geometry('rook', 17, 8)",
        "22023: board size",
    );
    expect_error("SELECT * FROM piece_geometry('not a piece')", "22P02: ");
    expect_error(
        &format!("SELECT set_perft('{START}', -1)"),
        "22023: set_perft depth",
    );
    // The backend is still there.
    assert_eq!(int("SELECT 1::bigint"), 1);
}

#[pg_test]
fn null_in_null_out() {
    for sql in [
        "SELECT apply_move(NULL::text, 'e4')",
        "SELECT apply_move('8/8/8/8/8/8/8/K6k w - - 0 1', NULL::text)",
        "SELECT apply_move(NULL::chessgame, 'e4')::text",
        "SELECT apply_move(NULL::chessmove, NULL::chessgame)::text",
        "SELECT validate_move(NULL::text, NULL::text)",
        "SELECT is_check(NULL::text)::text",
        "SELECT is_check(NULL::chessgame)::text",
        "SELECT is_checkmate(NULL::chessgame)::text",
        "SELECT is_stalemate(NULL::text)::text",
        "SELECT is_king_under_attack(NULL::chessgame)::text",
        "SELECT game_status(NULL::chessgame)",
        "SELECT perft(NULL::text, 1)::text",
        "SELECT perft(start_position(), NULL)::text",
        "SELECT zobrist(NULL::chessgame)::text",
        "SELECT evaluate(NULL::text)::text",
        "SELECT next_move(NULL::chessgame)::text",
        "SELECT next_move(NULL::text, 3)",
        "SELECT chessgame(NULL)::text",
        "SELECT chessgame(NULL, 'chess')::text",
        "SELECT NULL::chessgame::text",
        "SELECT fen(NULL)",
        "SELECT unpack_position(NULL)",
        "SELECT set_perft(NULL, 2)::text",
    ] {
        assert_eq!(one::<String>(sql), None, "{sql}");
    }
    assert_eq!(int("SELECT count(*) FROM legal_moves(NULL::chessgame)"), 0);
    assert_eq!(int("SELECT count(*) FROM valid_moves(NULL)"), 0);
    assert_eq!(int("SELECT count(*) FROM piece_geometry(NULL)"), 0);
}

#[pg_test]
fn legal_moves_rows() {
    assert_eq!(
        int(&format!("SELECT count(*) FROM legal_moves('{START}')")),
        20
    );
    assert_eq!(
        int("SELECT count(*) FROM legal_moves(start_position())"),
        20
    );
    assert_eq!(
        int("SELECT count(*) FROM valid_moves(start_position())"),
        20
    );
    assert_eq!(
        int(&format!(
            "SELECT count(*) FROM legal_moves('{KIWIPETE}'::chessgame)"
        )),
        48
    );
    let castle = text(&format!(
        "SELECT concat_ws(',', san, from_square, to_square, piece, captured, promotion, gives_check, after)
         FROM legal_moves('{KIWIPETE}'::chessgame) WHERE uci = 'e1g1'"
    ));
    assert_eq!(
        castle,
        "O-O,e1,g1,king,f,r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1"
    );
    let capture = text(&format!(
        "SELECT concat_ws(',', uci, san, piece, captured) FROM legal_moves('{KIWIPETE}') WHERE san = 'Bxa6'"
    ));
    assert_eq!(capture, "e2a6,Bxa6,bishop,bishop");
    // Promotion with check.
    let promo = text(
        "SELECT concat_ws(',', san, promotion, gives_check, fen_after)
         FROM legal_moves('k7/4P3/8/8/8/8/8/K7 w - - 0 1') WHERE uci = 'e7e8q'",
    );
    assert_eq!(promo, "e8=Q+,queen,t,k3Q3/8/8/8/8/8/8/K7 b - - 0 1");
    // A fairy variant through the optional argument.
    let capa = text("SELECT fen(start_position('capablanca'))");
    assert_eq!(
        int(&format!(
            "SELECT count(*) FROM legal_moves('{capa}', 'capablanca')"
        )),
        28
    );
    assert_eq!(
        int("SELECT count(*) FROM legal_moves(start_position('xiangqi'))"),
        44
    );
    // Checkmate and stalemate: no rows.
    assert_eq!(
        int(&format!("SELECT count(*) FROM legal_moves('{MATED}')")),
        0
    );
    assert_eq!(
        int(&format!("SELECT count(*) FROM legal_moves('{STALEMATE}')")),
        0
    );
}

#[pg_test]
fn apply_and_validate() {
    let after = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(
        text(&format!("SELECT apply_move('{START}', 'e2e4')")),
        after
    );
    assert_eq!(text(&format!("SELECT apply_move('{START}', 'e4')")), after);
    assert_eq!(
        text("SELECT apply_move(start_position(), 'e4')::text"),
        after
    );
    assert_eq!(
        text("SELECT apply_move(start_position(), 'e2e4'::chessmove)::text"),
        after
    );
    assert_eq!(
        text("SELECT apply_move('e2e4'::chessmove, start_position())::text"),
        after
    );
    assert_eq!(
        text(&format!("SELECT apply_move('{KIWIPETE}', 'O-O')")),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1"
    );
    assert_eq!(
        one::<String>(&format!("SELECT validate_move('{START}', 'Nf3')")),
        None
    );
    assert_eq!(
        one::<String>("SELECT validate_move(start_position(), 'g1f3')"),
        None
    );
    let why = text(&format!("SELECT validate_move('{START}', 'Ke2')"));
    assert!(why.starts_with("illegal move"), "{why}");
    let why = text("SELECT validate_move(start_position(), 'hello')");
    assert!(why.starts_with("invalid move"), "{why}");
    assert_eq!(text("SELECT to_uci(start_position(), 'Nf3')::text"), "g1f3");
    // A fairy move by UCI and by SAN.
    let capa = "SELECT start_position('capablanca')";
    assert_eq!(
        text(&format!("SELECT apply_move(({capa}), 'c1d3')::text")),
        text(&format!("SELECT apply_move(({capa}), 'Ad3')::text"))
    );
}

#[pg_test]
fn predicates_status_and_hashes() {
    let row = |fen: &str| {
        text(&format!(
            "SELECT concat_ws(',', is_check(g), is_king_under_attack(g), is_checkmate(g), is_stalemate(g), game_status(g),
                    is_check(fen(g)), is_checkmate(fen(g)), is_stalemate(fen(g)), game_status(fen(g)))
             FROM (SELECT '{fen}'::chessgame AS g) s"
        ))
    };
    assert_eq!(row(START), "f,f,f,f,ongoing,f,f,f,ongoing");
    assert_eq!(row(MATED), "t,t,t,f,checkmate,t,t,f,checkmate");
    assert_eq!(row(STALEMATE), "f,f,f,t,stalemate,f,f,t,stalemate");
    assert_eq!(
        text("SELECT game_status('8/8/8/8/8/8/8/K6k w - - 0 1')"),
        "insufficient_material"
    );
    assert!(boolean(&format!("SELECT is_king_under_attack('{MATED}')")));
    let native = Position::from_fen(KIWIPETE).unwrap().zobrist() as i64;
    assert_eq!(int(&format!("SELECT zobrist('{KIWIPETE}')")), native);
    assert_eq!(
        int(&format!("SELECT zobrist('{KIWIPETE}'::chessgame)")),
        native
    );
    // Transposed move orders reach equal hashes and equal positions.
    assert!(boolean(
        "SELECT zobrist(apply_move(apply_move(apply_move(apply_move(start_position(),'Nf3'),'Nf6'),'Nc3'),'Nc6'))
              = zobrist(apply_move(apply_move(apply_move(apply_move(start_position(),'Nc3'),'Nc6'),'Nf3'),'Nf6'))"
    ));
    assert!(boolean(
        "SELECT apply_move(apply_move(apply_move(apply_move(start_position(),'Nf3'),'Nf6'),'Nc3'),'Nc6')
              = apply_move(apply_move(apply_move(apply_move(start_position(),'Nc3'),'Nc6'),'Nf3'),'Nf6')"
    ));
    assert!(boolean("SELECT white_to_move(start_position()) AND NOT white_to_move(apply_move(start_position(), 'e4'))"));
    assert_eq!(
        int("SELECT evaluate(start_position())::bigint"),
        int(&format!("SELECT evaluate('{START}')::bigint"))
    );
    assert!(int("SELECT evaluate('4k3/8/8/8/8/8/8/3QK3 b - - 0 1')::bigint") > 700);
    assert!(int("SELECT evaluate('3qk3/8/8/8/8/8/8/4K3 w - - 0 1'::chessgame)::bigint") < -700);
    assert!(one::<i64>("SELECT zobrist(start_position('shogi'))").is_some());
}

#[pg_test]
fn perft_positions_through_sql() {
    for (fen, counts) in PERFT {
        for (i, &n) in counts.iter().enumerate() {
            let d = i + 1;
            assert_eq!(
                int(&format!("SELECT perft('{fen}'::chessgame, {d})")),
                n as i64,
                "{fen} {d}"
            );
        }
        assert_eq!(int(&format!("SELECT perft('{fen}', 3)")), counts[2] as i64);
        assert_eq!(
            int(&format!("SELECT set_perft('{fen}', 3)")),
            counts[2] as i64,
            "{fen}"
        );
        // The same as native perft.
        assert_eq!(perft(&Position::from_fen(fen).unwrap(), 3), counts[2]);
    }
    assert_eq!(int(&format!("SELECT perft('{START}', 0)")), 1);
    assert_eq!(int(&format!("SELECT set_perft('{START}', 0)")), 1);
    // Fairy: capablanca 28 / 784 / 25228, xiangqi 44 / 1920.
    assert_eq!(int("SELECT perft(start_position('capablanca'), 2)"), 784);
    assert_eq!(
        int("SELECT set_perft(start_position('capablanca'), 2)"),
        784
    );
    assert_eq!(int("SELECT perft(start_position('xiangqi'), 2)"), 1920);
}

#[pg_test]
fn next_move_finds_mates() {
    // Mate in one: Ra8#.
    assert_eq!(
        text("SELECT next_move('7k/6pp/8/8/8/8/8/R3K3 w - - 0 1', 3)"),
        "a1a8"
    );
    assert_eq!(
        text("SELECT next_move('7k/6pp/8/8/8/8/8/R3K3 w - - 0 1'::chessgame)::text"),
        "a1a8"
    );
    // Scholar's mate: Qxf7#.
    let scholar = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    assert_eq!(
        text(&format!(
            "SELECT next_move('{scholar}'::chessgame, 2)::text"
        )),
        "h5f7"
    );
    // Mate in two (two rooks): Rb7 then Ra8#, or the ladder the other way.
    let ladder = "6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1";
    let mv = text(&format!("SELECT next_move('{ladder}'::chessgame, 4)::text"));
    let mated = text(&format!(
        "SELECT game_status(apply_move(apply_move(apply_move('{ladder}'::chessgame, '{mv}'),
                next_move(apply_move('{ladder}'::chessgame, '{mv}'), 3)),
                next_move(apply_move(apply_move('{ladder}'::chessgame, '{mv}'),
                          next_move(apply_move('{ladder}'::chessgame, '{mv}'), 3)), 3)))"
    ));
    assert_eq!(mated, "checkmate", "first move {mv}");
    // The game is over: NULL.
    assert_eq!(
        one::<String>(&format!("SELECT next_move('{MATED}'::chessgame)::text")),
        None
    );
    // A fairy variant.
    assert!(one::<String>("SELECT next_move(start_position('capablanca'), 2)::text").is_some());
    // The set-based search finds the mate in one too.
    assert_eq!(
        text("SELECT move::text FROM set_next_move('7k/6pp/8/8/8/8/8/R3K3 w - - 0 1', 2)"),
        "a1a8"
    );
}

#[pg_test]
fn set_based_minimax_agrees_with_native() {
    for (fen, depth) in [
        (START, 3),
        (KIWIPETE, 2),
        (PERFT[2].0, 3),
        ("7k/6pp/8/8/8/8/8/R3K3 w - - 0 1", 3),
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            2,
        ),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let native = sqlchess_search::minimax::minimax_white(&pos, depth);
        let score = int(&format!(
            "SELECT score::bigint FROM set_next_move('{fen}', {depth})"
        ));
        assert_eq!(score, i64::from(native), "{fen} at depth {depth}");
        // The chosen move leads to a position of that value.
        let mv = text(&format!(
            "SELECT move::text FROM set_next_move('{fen}', {depth})"
        ));
        let child = pos.after(pos.parse_uci(&mv).unwrap());
        assert_eq!(
            sqlchess_search::minimax::minimax_white_at(&child, depth - 1, 1),
            native,
            "{fen}: {mv}"
        );
    }
}

/// A small deterministic generator (SplitMix64) for the random positions.
use sqlchess_types::XorShift64 as Rng;

/// Every SQL function on the rules facade's sample positions (every
/// built-in variant) gives exactly the facade's own answer, in the form
/// `sqlchess_rules::samples::expected_answers` prints it; the SQLite tests
/// check the same samples against the same answers, so the two engines give
/// identical rows.
#[pg_test]
fn every_function_equals_the_facade_on_every_variant() {
    use sqlchess_rules::samples::{expected_answers, positions};
    let samples = positions(1, 16);
    assert!(samples.len() > 250, "{}", samples.len());
    for pos in samples {
        let (fen, variant) = (pos.fen(), pos.variant_name().to_owned());
        let reread = sqlchess_rules::position(&fen, &variant).unwrap();
        let want = expected_answers(&reread).join("\n");
        let g = format!("chessgame('{fen}', '{variant}')");
        let sql = format!(
            r#"SELECT concat_ws(E'\n',
                (SELECT string_agg(r, E'\n' ORDER BY r COLLATE "C") FROM (
                    SELECT uci || ' ' || san || ' ' || from_square || ' ' || to_square
                        || ' ' || piece || ' ' || coalesce(captured, 'NULL')
                        || ' ' || coalesce(promotion, 'NULL') || ' ' || gives_check::int
                        || ' ' || fen_after AS r
                    FROM legal_moves('{fen}', '{variant}')) m),
                'fen ' || fen({g}),
                'is_check ' || is_check('{fen}', '{variant}')::int,
                'is_checkmate ' || is_checkmate('{fen}', '{variant}')::int,
                'is_stalemate ' || is_stalemate('{fen}', '{variant}')::int,
                'game_status ' || game_status('{fen}', '{variant}'),
                'perft2 ' || perft('{fen}', 2, '{variant}'),
                'zobrist ' || zobrist('{fen}', '{variant}'),
                'without_clocks ' || fen(without_clocks({g})),
                'white_to_move ' || white_to_move({g})::int,
                'packed ' || encode(pack_position('{fen}', '{variant}'), 'hex'))"#
        );
        assert_eq!(text(&sql), want, "{variant} {fen}");
    }
}

/// 10,000 positions from random games started from the perft positions.
fn random_fens() -> Vec<String> {
    let mut rng = Rng::new(2026);
    let mut out = Vec::with_capacity(10_000);
    while out.len() < 10_000 {
        let mut pos = Position::from_fen(PERFT[rng.below(PERFT.len())].0).unwrap();
        for _ in 0..rng.below(120) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.after(moves[rng.below(moves.len())]);
        }
        out.push(pos.fen());
    }
    out
}

#[pg_test]
fn ten_thousand_random_positions_round_trip() {
    let fens = random_fens();
    let values: Vec<String> = fens.iter().map(|f| format!("('{f}')")).collect();
    Spi::run(&format!(
        "CREATE TEMP TABLE random_fen (fen text NOT NULL);
         INSERT INTO random_fen VALUES {};
         CREATE TEMP TABLE random_game AS SELECT fen, fen::chessgame AS g FROM random_fen;",
        values.join(",")
    ))
    .unwrap();
    assert_eq!(int("SELECT count(*) FROM random_game"), 10_000);
    // Text, packed bytes and the type's own storage all give the FEN back.
    assert_eq!(
        int("SELECT count(*) FROM random_game WHERE g::text <> fen"),
        0
    );
    assert_eq!(
        int("SELECT count(*) FROM random_game WHERE unpack_position(pack_position(fen)) <> fen"),
        0
    );
    assert_eq!(
        int("SELECT count(*) FROM random_game WHERE length(packed(g)) <> 32"),
        0
    );
    assert_eq!(
        int("SELECT count(*) FROM random_game WHERE unpack_position(packed(g))::chessgame <> g"),
        0
    );
    // The packed type agrees with the FEN on which positions are equal,
    // through btree (sort, index) and hash (hash aggregate, hash index).
    let distinct = {
        let mut f = fens.clone();
        f.sort();
        f.dedup();
        f.len() as i64
    };
    assert_eq!(int("SELECT count(DISTINCT g) FROM random_game"), distinct);
    Spi::run("SET LOCAL enable_sort = off").unwrap();
    assert_eq!(
        int("SELECT count(*) FROM (SELECT g FROM random_game GROUP BY g) s"),
        distinct
    );
    Spi::run(
        "CREATE TEMP TABLE keyed (g chessgame PRIMARY KEY);
         INSERT INTO keyed SELECT DISTINCT g FROM random_game;
         CREATE INDEX keyed_hash ON keyed USING hash (g);
         ANALYZE keyed;",
    )
    .unwrap();
    assert_eq!(int("SELECT count(*) FROM keyed"), distinct);
    assert_eq!(
        int("SELECT count(*) FROM random_game r JOIN keyed k ON k.g = r.g"),
        10_000
    );
    // Binary COPY out and in (send and receive).
    Spi::run(
        "COPY (SELECT g FROM random_game) TO '/tmp/sqlchess_random_games.bin' WITH (FORMAT binary);
         CREATE TEMP TABLE copied (g chessgame);
         COPY copied FROM '/tmp/sqlchess_random_games.bin' WITH (FORMAT binary);",
    )
    .unwrap();
    assert_eq!(
        int("SELECT count(*) FROM (SELECT g FROM random_game EXCEPT ALL SELECT g FROM copied) d"),
        0
    );
    assert_eq!(int("SELECT count(*) FROM copied"), 10_000);
}

#[pg_test]
fn chessmove_type() {
    assert_eq!(text("SELECT 'e7e8q'::chessmove::text"), "e7e8q");
    assert!(boolean(
        "SELECT 'e2e4'::chessmove = 'e2e4'::chessmove AND 'a2a3'::chessmove < 'e2e4'::chessmove"
    ));
    assert_eq!(
        int("SELECT count(DISTINCT m) FROM valid_moves(start_position()) m"),
        20
    );
    assert!(boolean(
        "SELECT 'e2e4'::chessmove IN (SELECT valid_moves(start_position()))"
    ));
}

#[pg_test]
fn relations() {
    assert_eq!(int("SELECT count(*) FROM board"), 64);
    assert_eq!(
        int("SELECT count(*) FROM board WHERE square = 'e4' AND x = 5 AND y = 4"),
        1
    );
    assert_eq!(int("SELECT count(*) FROM all_moves"), 4032);
    // The tutorials' counts on 8x8.
    for (piece, n) in [
        ("rook", 896),
        ("bishop", 560),
        ("knight", 336),
        ("queen", 1456),
        ("king", 420),
    ] {
        assert_eq!(
            int(&format!(
                "SELECT count(*) FROM piece_moves WHERE piece = '{piece}'"
            )),
            n,
            "{piece}"
        );
        assert_eq!(
            int(&format!("SELECT count(*) FROM piece_geometry('{piece}')")),
            n,
            "{piece}"
        );
    }
    assert_eq!(
        int("SELECT sum(crossed) FROM piece_moves"),
        int("SELECT count(*) FROM piece_path")
    );
    assert_eq!(
        int("SELECT sum(crossed)::bigint FROM piece_geometry('queen')"),
        2576
    );
    assert_eq!(int("SELECT count(*) FROM piece_geometry('N', 3, 3)"), 16);
    assert_eq!(
        int("SELECT count(*) FROM piece_geometry('rook', 16, 16)"),
        7680
    );
    assert_eq!(
        int("SELECT count(DISTINCT piece) FROM piece_moves"),
        int("SELECT count(*) FROM pieces()")
    );
    assert_eq!(
        text(
            "SELECT path FROM piece_geometry('rook') WHERE from_square = 'a1' AND to_square = 'a4'"
        ),
        "a2 a3"
    );
    assert_eq!(
        int("SELECT count(*) FROM piece_path WHERE piece = 'rook' AND from_square = 'a1' AND to_square = 'a4'"),
        2
    );
}

#[pg_test]
fn every_function_is_documented_and_marked() {
    let undocumented = one::<String>(
        "SELECT string_agg(p.oid::regprocedure::text, ', ')
         FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
         JOIN pg_extension e ON d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
         WHERE e.extname = 'sqlchess' AND p.pronamespace <> 'tests'::regnamespace
           AND obj_description(p.oid, 'pg_proc') IS NULL",
    );
    assert_eq!(undocumented, None);
    // Everything but the set-based search (which writes temporary tables)
    // is IMMUTABLE, STRICT and PARALLEL SAFE.
    let unmarked = one::<String>(
        "SELECT string_agg(p.oid::regprocedure::text, ', ')
         FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
         JOIN pg_extension e ON d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
         WHERE e.extname = 'sqlchess' AND p.pronamespace <> 'tests'::regnamespace
           AND p.proname NOT IN ('set_perft', 'set_next_move',
               -- Reads the server's files, or the stored games: not IMMUTABLE.
               'read_pgn', 'games_at', 'opening_tree', 'merge_staged_games',
               -- Optional arguments that may be NULL: not STRICT.
               'to_pgn', 'game_from_moves', 'game_line', 'speed_class', 'rating_band')
           AND (p.provolatile <> 'i' OR NOT p.proisstrict OR p.proparallel <> 's')",
    );
    assert_eq!(unmarked, None);
    assert!(
        int(
            "SELECT count(*) FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid
         JOIN pg_extension e ON d.refobjid = e.oid WHERE e.extname = 'sqlchess'"
        ) > 60
    );
}

#[pg_test]
fn pictures() {
    let svg = text(&format!("SELECT board_svg('{START}')"));
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg}");
    assert!(svg.contains("</svg>"));
    assert_eq!(svg, text("SELECT board_svg(start_position())"));
    assert!(text("SELECT board_svg(start_position('xiangqi'))").contains("</svg>"));
    let board = text("SELECT board_text(start_position())");
    assert_eq!(board, text(&format!("SELECT board_text('{START}')")));
    assert!(board.lines().count() >= 8, "{board}");
    expect_error("SELECT board_svg('8/8/9/8 w - - 0 1')", "22P02: ");
    assert_eq!(one::<String>("SELECT board_svg(NULL::chessgame)"), None);
}

const CORPUS: &str = include_str!("../../sqlchess-pgn/tests/data/corpus.pgn");

#[pg_test]
fn gamevalue_type_and_functions() {
    assert_eq!(text("SELECT '1. e4 e5 *'::gamevalue::text"), "1. e4 e5 *");
    assert_eq!(
        text("SELECT game_from_moves('e2e4 e5 Nf3')::text"),
        "1. e4 e5 2. Nf3 *"
    );
    let capa = text("SELECT game_from_moves('d4 d5 c4', NULL, 'capablanca')::text");
    assert!(capa.starts_with("[Variant \"capablanca\"]"), "{capa}");
    assert_eq!(
        text(&format!("SELECT '{capa}'::gamevalue::text")),
        capa,
        "text round trip"
    );
    let annotated = "{start} 1. e4 $1 {[%eval 0.17] [%clk 0:05:00]} 1... e5 {[%eval #-3]} 0-1";
    assert_eq!(
        text(&format!("SELECT '{annotated}'::gamevalue::text")),
        annotated
    );
    assert_eq!(
        text("SELECT position_at(game_from_moves('e4 e5 Nf3'), 2)"),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(
        one::<String>("SELECT position_at(game_from_moves('e4 e5 Nf3'), 4)"),
        None
    );
    assert_eq!(
        int("SELECT ply_count(game_from_moves('e4 e5 Nf3'))::bigint"),
        3
    );
    assert_eq!(
        text("SELECT game_line(game_from_moves('e4 e5 Nf3 Nc6'))"),
        "e4 e5 Nf3 Nc6"
    );
    assert_eq!(
        text("SELECT game_line(game_from_moves('e4 e5 Nf3 Nc6'), 1, 2)"),
        "e5 Nf3"
    );
    assert!(boolean(
        "SELECT has_position(game_from_moves('Nf3 Nc6 e4 e5'), 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3')"
    ));
    assert!(!boolean(&format!(
        "SELECT has_position(game_from_moves('e4 e5'), '{KIWIPETE}')"
    )));
    assert!(boolean(
        "SELECT reaches_at(game_from_moves('e4 e5'), 1, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 9')"
    ));
    assert_eq!(text("SELECT move_at(game_from_moves('e4 e5'), 1)"), "e7e5");
    assert_eq!(
        one::<String>("SELECT move_at(game_from_moves('e4 e5'), 2)"),
        None
    );
    let pgn = text(
        r#"SELECT to_pgn(game_from_moves('e4 e5'), '{"White": "Ann", "Black": "Ben", "Result": "1-0"}'::jsonb)"#,
    );
    assert!(
        pgn.contains("[White \"Ann\"]") && pgn.contains("1. e4 e5 *"),
        "{pgn}"
    );
    assert!(text("SELECT to_pgn(game_from_moves('e4'))").contains("[Event \"?\"]"));
    // game_moves: clocks in seconds, evaluations as text.
    let rows = text(
        "SELECT string_agg(concat_ws(',', m.ply, m.uci, m.san, m.clock, m.eval, m.nags), ';' ORDER BY m.ply)
         FROM pgn_games('1. e4 {[%eval 0.3] [%clk 0:03:00]} e5 {[%clk 0:02:58.5]} 2. Nf3 $1 {good} *') g,
              game_moves(g.game) m",
    );
    assert_eq!(rows, "1,e2e4,e4,180,0.3;2,e7e5,e5,178.5;3,g1f3,Nf3,$1");
    assert_eq!(
        text("SELECT comment FROM game_moves('1. e4 {a} e5 *'::gamevalue) WHERE ply = 1"),
        "a"
    );
    expect_error("SELECT '1. e4 e5 2. Ke3 *'::gamevalue", "22P02: ");
    expect_error("SELECT game_from_moves('e4 e4')", "22023: ");
    expect_error("SELECT game_from_moves('e4', NULL, 'nochess')", "22023: ");
    assert_eq!(one::<String>("SELECT position_at(NULL, 1)"), None);
    assert_eq!(one::<String>("SELECT game_line(NULL)"), None);
}

#[pg_test]
fn pgn_games_rows_and_errors() {
    let rows = text(
        r#"SELECT string_agg(concat_ws('|', game_no, white, black, result, ply_count, error), ';' ORDER BY game_no)
           FROM pgn_games('[White "Ann"]
[Black "Ben"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[White "Cy"]
[Black "Di"]

1. e4 e5 2. Ke3 *
')"#,
    );
    assert_eq!(
        rows,
        r#"1|Ann|Ben|1-0|7;2|Cy|Di|*|2|game 2 (line 7): move 2. illegal move "Ke3" (ply 3)"#
    );
    assert_eq!(
        text(r#"SELECT tags->>'White' FROM pgn_games('[White "Ann"] 1. e4 *')"#),
        "Ann"
    );
    // The checked-in corpus: the same rows as the reader the SQLite
    // binding uses, field by field.
    let mut expected = Vec::new();
    let mut reader = sqlchess_pgn::Reader::new(CORPUS.as_bytes());
    let mut visitor = sqlchess_pgn::GameReader::new();
    while let Some(g) = reader.read_game(&mut visitor).unwrap() {
        let r = sqlchess_pgn::GameRecord::from_parsed(&g);
        let fields = [
            Some(r.game_no.to_string()),
            r.white,
            r.black,
            Some(r.result),
            r.white_elo.map(|e| e.to_string()),
            r.eco,
            r.opening,
            r.variant,
            r.fen,
            Some(r.ply_count.to_string()),
            r.final_fen,
            r.error,
        ];
        expected.push(fields.into_iter().flatten().collect::<Vec<_>>().join("|"));
    }
    let got = text(&format!(
        "SELECT string_agg(concat_ws('|', game_no, white, black, result, white_elo, eco, opening,
                 variant, fen, ply_count, final_fen, error), E'\\n' ORDER BY game_no)
         FROM pgn_games($corpus${CORPUS}$corpus$)"
    ));
    assert_eq!(got, expected.join("\n"));
    assert_eq!(
        int(&format!(
            "SELECT count(*) FROM pgn_games($corpus${CORPUS}$corpus$) g
             WHERE g.error IS NULL AND g.ply_count = ply_count(g.game)
               AND position_at(g.game, g.ply_count) = g.final_fen"
        )),
        77
    );
    // read_pgn: the same rows from a file on the server.
    let path = std::env::temp_dir().join(format!("sqlchess-read-pgn-{}.pgn", std::process::id()));
    std::fs::write(&path, CORPUS).unwrap();
    let path = path.display().to_string();
    assert_eq!(
        int(&format!(
            "SELECT count(*) FROM read_pgn('{path}') r JOIN pgn_games($corpus${CORPUS}$corpus$) g
             USING (game_no) WHERE r.final_fen IS NOT DISTINCT FROM g.final_fen
               AND r.error IS NOT DISTINCT FROM g.error AND r.tags = g.tags"
        )),
        80
    );
    expect_error("SELECT * FROM read_pgn('/nonexistent/x.pgn')", "58P01: ");
    error_of("SELECT 1");
    Spi::run("CREATE ROLE sqlchess_reader_test").unwrap();
    Spi::run("SET ROLE sqlchess_reader_test").unwrap();
    let denied = text(&format!(
        "SELECT pg_temp.error_of('SELECT count(*) FROM read_pgn(''{path}'')')"
    ));
    Spi::run("RESET ROLE").unwrap();
    std::fs::remove_file(&path).ok();
    assert!(denied.starts_with("42501: "), "{denied}");
}

/// Loads the corpus into the stored relations as `sqlchess import
/// --postgres` does, in SQL: good games numbered in file order, their
/// positions, material signatures and opening moves staged, then merged.
fn load_corpus() {
    Spi::run(&format!(
        "INSERT INTO games (id, game_no, event, site, date, round, white, black, result,
             white_elo, black_elo, eco, opening, time_control, termination, variant, fen,
             game, ply_count, final_fen, tags)
         SELECT row_number() OVER (ORDER BY game_no), game_no, event, site, date, round, white,
             black, result, white_elo, black_elo, eco, opening, time_control, termination,
             variant, fen, game, ply_count, final_fen, tags
         FROM pgn_games($corpus${CORPUS}$corpus$) WHERE error IS NULL"
    ))
    .unwrap();
    Spi::run(
        "INSERT INTO staged_positions
           SELECT position_key(g.fen, g.variant), g.id, 0 FROM games g
           UNION ALL
           SELECT position_key(m.fen_after, g.variant), g.id, m.ply
           FROM games g, game_moves(g.game) m;
         INSERT INTO staged_moves
           SELECT position_key(m.fen_before, g.variant), g.id, m.ply - 1, m.uci
           FROM games g, game_moves(g.game) m WHERE m.ply <= 30;
         INSERT INTO staged_materials
           SELECT s.material, s.id, s.ply FROM (
             SELECT g.id, p.ply, p.material,
                    lag(p.material) OVER (PARTITION BY g.id ORDER BY p.ply) AS previous
             FROM games g, LATERAL (
               SELECT 0 AS ply, material(g.fen, g.variant) AS material
               UNION ALL
               SELECT m.ply, material(m.fen_after, g.variant) FROM game_moves(g.game) m) p) s
           WHERE s.previous IS DISTINCT FROM s.material;
         SELECT merge_staged_games();",
    )
    .unwrap();
}

const E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

/// The first `limit` rows of `opening_tree(args)`, one line each.
fn tree(args: &str, limit: i32) -> String {
    one::<String>(&format!(
        "SELECT string_agg(concat_ws(' ', uci, san, games, white_wins, draws, black_wins,
                average_elo, average_opponent_elo, last_played), E'\\n')
         FROM (SELECT * FROM opening_tree({args}) LIMIT {limit}) t"
    ))
    .unwrap_or_default()
}

#[pg_test]
fn explorer_on_the_corpus_answers_as_sqlite() {
    load_corpus();
    // The figures `sqlchess import --db` and `sqlchess sql` give on the
    // same corpus (docs/explorer.md).
    assert_eq!(int("SELECT count(*) FROM games"), 77);
    assert_eq!(int("SELECT sum(ply_count) FROM games"), 9188);
    assert_eq!(int("SELECT count(*) FROM game_positions"), 9265);
    assert_eq!(int("SELECT count(*) FROM game_materials"), 1923);
    assert_eq!(int("SELECT count(*) FROM opening_moves"), 2273);
    assert_eq!(int("SELECT sum(games)::bigint FROM opening_moves"), 2284);
    assert_eq!(int("SELECT count(*) FROM staged_positions"), 0);
    assert_eq!(
        text(&format!(
            "SELECT concat_ws(' ', count(*), min(ply), max(ply)) FROM games_at('{E4}')"
        )),
        "2 1 1"
    );
    assert_eq!(
        tree(&format!("'{START}'"), 5),
        "g2g3 g3 8 2 2 4 1935 2010 2024.12.16
d2d4 d4 7 2 2 3 1757 1985 2024.02.03
a2a4 a4 5 2 1 2 2025 2014 2023.12.13
c2c3 c3 5 1 2 2 1872 2157 2020.11.01
g2g4 g4 5 1 1 3 2209 2060 2024.08.01"
    );
    assert_eq!(
        tree(
            &format!("'{START}', 'chess', 1800, NULL, 'bullet,blitz'"),
            3
        ),
        "g2g4 g4 5 1 1 3 2209 2060 2024.08.01
c2c3 c3 4 0 2 2 1788 2358 2020.11.01
d2d4 d4 4 0 2 2 2018 1920 2021.09.11"
    );
    // A date filter is answered exactly from the games.
    assert_eq!(
        tree(
            &format!("'{START}', 'chess', NULL, NULL, NULL, '2022.01.01'"),
            3
        ),
        "h2h4 h4 4 2 1 1 2099 1592 2024.11.20
a2a3 a3 3 0 1 2 1752 1767 2024.03.21
a2a4 a4 3 2 0 1 2071 2071 2023.12.13"
    );
    assert_eq!(
        tree(&format!("'{E4}'"), 5),
        "b8c6 Nc6 1 0 0 1 1793 2498 2018.10.09
g7g5 g5 1 0 1 0 1410 1906 2020.12.22"
    );
    assert_eq!(tree("'8/8/8/8/8/8/8/K6k w - - 0 1'", 5), "");
    assert_eq!(
        text(
            "SELECT string_agg(concat_ws(' ', m.game_id, m.ply, m.material), ', ' ORDER BY m.game_id, m.ply)
             FROM (SELECT * FROM game_materials m WHERE m.material LIKE 'KR%kr%'
                   AND m.material !~ '[QBNqbn]' ORDER BY m.game_id, m.ply LIMIT 3) m"
        ),
        "26 148 KRPkr, 39 95 KRRPPkrpppp, 39 100 KRPPkrpppp"
    );
    // Material searches with ranges: material_signatures, then
    // game_materials by its index (docs/explorer.md; the same rows as
    // SQLite, which checks them against a brute-force replay).
    assert_eq!(
        int("SELECT count(*) FROM material_signatures"),
        int("SELECT count(DISTINCT material) FROM game_materials")
    );
    assert_eq!(
        text(
            "SELECT concat_ws(' ', count(*), string_agg(concat_ws(' ', game_id, ply), ', ' ORDER BY game_id))
             FROM (SELECT game_id, min(ply) AS ply FROM game_materials
                   WHERE material IN (SELECT material FROM material_signatures
                       WHERE pieces = 'Kk' AND white_pawns BETWEEN 1 AND 3 AND black_pawns <= 2)
                   GROUP BY game_id ORDER BY game_id) t
             WHERE game_id <= 23"
        ),
        "5 5 111, 8 110, 11 136, 15 96, 23 143"
    );
    assert_eq!(
        text(
            "SELECT string_agg(concat_ws(' ', material, games), ', ' ORDER BY games DESC, material)
             FROM (SELECT material, count(DISTINCT game_id) AS games FROM game_materials
                   WHERE material IN (SELECT material FROM material_signatures
                       WHERE white_total + black_total <= 6)
                   GROUP BY material ORDER BY games DESC, material LIMIT 5) t"
        ),
        "KPkp 7, KPPkp 6, Kkp 6, KPPkpp 5, KPPPkp 4"
    );
    assert_eq!(
        int("SELECT count(*) FROM games WHERE variant = 'chess' AND matches_pattern(final_fen, '8/8/8/8/8/8/8/4K2R', variant)"),
        1
    );
    assert_eq!(
        int("SELECT count(*) FROM games WHERE variant = 'chess' AND matches_pattern(final_fen, '[qr]7/8/8/8/8/8/8/8', variant)"),
        4
    );
}

#[pg_test]
fn position_functions() {
    assert!(boolean(
        "SELECT position_key('rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1')
              = position_key(position_at(game_from_moves('Nf3'), 1))"
    ));
    assert_eq!(
        int(&format!("SELECT position_key('{START}')")),
        int(&format!("SELECT zobrist('{START}')"))
    );
    assert_eq!(
        text(&format!("SELECT material('{START}')")),
        "KQRRBBNNPPPPPPPPkqrrbbnnpppppppp"
    );
    assert_eq!(
        text("SELECT material('8/8/4k3/8/8/4K3/4P3/R6r w - - 0 1')"),
        "KRPkr"
    );
    assert!(boolean(&format!(
        "SELECT matches_pattern('{START}', '8/8/8/8/8/8/8/4K2R')"
    )));
    assert!(boolean(&format!(
        "SELECT matches_pattern('{START}', '[qr]7/8/8/8/8/8/8/8')"
    )));
    assert!(!boolean(&format!(
        "SELECT matches_pattern('{START}', '8/8/8/8/8/8/8/Q7')"
    )));
    expect_error(
        &format!("SELECT matches_pattern('{START}', '9/8')"),
        "22P02: ",
    );
    assert_eq!(
        text("SELECT eco || ' ' || name FROM opening('rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2')"),
        "C40 King's Knight Opening"
    );
    assert_eq!(
        int(&format!("SELECT count(*) FROM opening('{KIWIPETE}')")),
        0
    );
    assert_eq!(text("SELECT speed_class('180+2')"), "blitz");
    assert_eq!(text("SELECT speed_class(NULL)"), "unknown");
    assert_eq!(int("SELECT rating_band(1850, 1790)::bigint"), 1800);
    assert_eq!(int("SELECT rating_band(NULL, 1790)::bigint"), 0);
    // next_move: the node budget is an argument, SQL_NODE_BUDGET by default.
    assert_eq!(
        text("SELECT next_move('7k/6pp/8/8/8/8/8/R3K3 w - - 0 1', 3)"),
        "a1a8"
    );
    assert_eq!(
        text("SELECT next_move('7k/6pp/8/8/8/8/8/R3K3 w - - 0 1', 3, 'chess', 100000)"),
        "a1a8"
    );
    assert!(one::<String>(&format!("SELECT next_move('{START}', 20, 'chess', 2000)")).is_some());
    expect_error(
        &format!("SELECT next_move('{START}', 3, 'chess', 0)"),
        "22023: ",
    );
    assert_eq!(
        text(&format!(
            "SELECT next_move('{START}'::chessgame, 2, 5000)::text"
        ))
        .len(),
        4
    );
}
