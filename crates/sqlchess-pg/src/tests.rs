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
    assert!(int("SELECT evaluate('4k3/8/8/8/8/8/8/3QK3 b - - 0 1')::bigint") > 800);
    assert!(int("SELECT evaluate('3qk3/8/8/8/8/8/8/4K3 w - - 0 1'::chessgame)::bigint") < -800);
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
           AND p.proname NOT IN ('set_perft', 'set_next_move')
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
