//! Position search and the opening explorer, as in the SQLite binding's
//! `explorer.rs`: the scalars `position_key`, `material`,
//! `matches_pattern`, `speed_class`, `rating_band`, the table function
//! `opening(fen)`, the stored relations `games`, `game_positions`,
//! `game_materials`, `material_signatures`, `opening_moves` and `pgn_files` (filled by
//! `sqlchess import --postgres`), and `games_at` and `opening_tree` in SQL
//! over them. The chess is the facade's; the rest is SQL.

use pgrx::pg_sys::panic::ErrorReport;
use pgrx::prelude::*;
use sqlchess_pgn::openings::opening_of;
use sqlchess_pgn::record::{rating_band as band_of, speed_class as speed_of};

use crate::error::{invalid_text, SqlResult};
use crate::game::{Game, GameExt};

/// `position_key(fen [, variant])`: the key of `game_positions.position`,
/// the 64-bit Zobrist hash (clocks excluded) as a signed integer.
#[pg_extern(immutable, parallel_safe, strict)]
fn position_key(fen: &str, variant: default!(&str, "'chess'")) -> SqlResult<i64> {
    Ok(Game::parse(fen, variant)?.zobrist() as i64)
}

#[pg_extern(immutable, parallel_safe, strict)]
fn material(fen: &str, variant: default!(&str, "'chess'")) -> SqlResult<String> {
    Ok(Game::parse(fen, variant)?.material())
}

#[pg_extern(immutable, parallel_safe, strict)]
fn matches_pattern(
    fen: &str,
    pattern: &str,
    variant: default!(&str, "'chess'"),
) -> SqlResult<bool> {
    Game::parse(fen, variant)?
        .matches_pattern(pattern)
        .map_err(invalid_text)
}

/// `speed_class(time_control)`: the Lichess explorer's speed of a
/// `TimeControl` tag (`blitz`, `correspondence`, `unknown` for NULL, …).
#[pg_extern(immutable, parallel_safe)]
fn speed_class(time_control: Option<&str>) -> &'static str {
    speed_of(time_control)
}

/// `rating_band(white_elo, black_elo)`: the explorer's rating band (0 when
/// a rating is missing).
#[pg_extern(immutable, parallel_safe)]
fn rating_band(white_elo: Option<i64>, black_elo: Option<i64>) -> i32 {
    i32::try_from(band_of(white_elo, black_elo)).unwrap_or(0)
}

#[pg_extern(immutable, parallel_safe, strict)]
fn opening(
    fen: &str,
    variant: default!(&str, "'chess'"),
) -> Result<TableIterator<'static, (name!(eco, String), name!(name, String))>, ErrorReport> {
    let pos = Game::parse(fen, variant)?;
    let row = opening_of(&pos).map(|o| (o.eco.to_owned(), o.name.to_owned()));
    Ok(TableIterator::new(row))
}

extension_sql!(
    r#"
CREATE TABLE pgn_files (
    id bigserial PRIMARY KEY,
    path text NOT NULL,
    size bigint NOT NULL,
    games_read bigint NOT NULL DEFAULT 0,
    complete boolean NOT NULL DEFAULT false,
    UNIQUE (path, size)
);
COMMENT ON TABLE pgn_files IS 'How far sqlchess import read each PGN file (committed with its games)';
CREATE TABLE games (
    id bigint PRIMARY KEY,
    file_id bigint REFERENCES pgn_files(id),
    game_no bigint,
    event text, site text, date text, round text, white text, black text,
    result text, white_elo integer, black_elo integer, eco text, opening text,
    time_control text, termination text, variant text, fen text,
    game gamevalue NOT NULL,
    ply_count integer,
    final_fen text,
    tags jsonb
);
COMMENT ON TABLE games IS 'One row per imported game (sqlchess import --postgres)';
CREATE TABLE game_positions (
    position bigint NOT NULL,
    game_id bigint NOT NULL,
    ply integer NOT NULL
);
CREATE INDEX game_positions_position ON game_positions (position);
COMMENT ON TABLE game_positions IS 'Every position of every game (ply 0 the start), by position_key';
CREATE TABLE game_materials (
    material text COLLATE "C" NOT NULL,
    game_id bigint NOT NULL,
    ply integer NOT NULL
);
CREATE INDEX game_materials_material ON game_materials (material);
COMMENT ON TABLE game_materials IS 'Each material signature a game had, with the ply where it began';
CREATE TABLE material_signatures (
    material text COLLATE "C" PRIMARY KEY,
    pieces text COLLATE "C" NOT NULL,
    white_pawns integer NOT NULL, black_pawns integer NOT NULL,
    white_queens integer NOT NULL, black_queens integer NOT NULL,
    white_rooks integer NOT NULL, black_rooks integer NOT NULL,
    white_bishops integer NOT NULL, black_bishops integer NOT NULL,
    white_knights integer NOT NULL, black_knights integer NOT NULL,
    white_total integer NOT NULL, black_total integer NOT NULL
);
CREATE INDEX material_signatures_pieces ON material_signatures (pieces, white_pawns, black_pawns);
COMMENT ON TABLE material_signatures IS 'Every distinct signature of game_materials with its piece counts: material searches with ranges scan it (small) and join game_materials by its index';
CREATE TABLE opening_moves (
    position bigint NOT NULL,
    speed text NOT NULL,
    band integer NOT NULL,
    uci text NOT NULL,
    games bigint NOT NULL,
    white_wins bigint NOT NULL,
    draws bigint NOT NULL,
    black_wins bigint NOT NULL,
    elo_sum bigint NOT NULL,
    opponent_elo_sum bigint NOT NULL,
    elo_count bigint NOT NULL,
    last_played text,
    PRIMARY KEY (position, speed, band, uci)
);
COMMENT ON TABLE opening_moves IS 'The moves played from the positions of the first 30 plies, summed by speed and rating band';
-- Import appends here and merge_staged_games() moves the rows into the
-- keyed relations in key order when a file is complete.
CREATE UNLOGGED TABLE staged_positions (position bigint NOT NULL, game_id bigint NOT NULL, ply integer NOT NULL);
CREATE UNLOGGED TABLE staged_materials (material text COLLATE "C" NOT NULL, game_id bigint NOT NULL, ply integer NOT NULL);
CREATE UNLOGGED TABLE staged_moves (position bigint NOT NULL, game_id bigint NOT NULL, ply integer NOT NULL, uci text NOT NULL);
SELECT pg_catalog.pg_extension_config_dump('pgn_files', '');
SELECT pg_catalog.pg_extension_config_dump('games', '');
SELECT pg_catalog.pg_extension_config_dump('game_positions', '');
SELECT pg_catalog.pg_extension_config_dump('game_materials', '');
SELECT pg_catalog.pg_extension_config_dump('material_signatures', '');
SELECT pg_catalog.pg_extension_config_dump('opening_moves', '');

-- Rows are appended in key order, so that the heap is clustered by key (the
-- candidates of a position share pages). A load at least as large as what
-- is stored drops the index and builds it again afterwards: one sort
-- instead of an index insert per row (100,000 games: 8 s instead of 12 s).
CREATE FUNCTION merge_staged_games() RETURNS void LANGUAGE plpgsql AS $body$
DECLARE
    bulk boolean;
BEGIN
    PERFORM set_config('work_mem', '256MB', true);
    PERFORM set_config('maintenance_work_mem', '512MB', true);
    bulk := pg_relation_size('staged_positions') >= pg_relation_size('game_positions');
    IF bulk THEN
        DROP INDEX game_positions_position;
    END IF;
    INSERT INTO game_positions (position, game_id, ply)
        SELECT s.position, s.game_id, s.ply FROM staged_positions s
        ORDER BY s.position, s.game_id, s.ply;
    IF bulk THEN
        CREATE INDEX game_positions_position ON game_positions (position);
    END IF;
    TRUNCATE staged_positions;
    bulk := pg_relation_size('staged_materials') >= pg_relation_size('game_materials');
    IF bulk THEN
        DROP INDEX game_materials_material;
    END IF;
    INSERT INTO game_materials (material, game_id, ply)
        SELECT s.material, s.game_id, s.ply FROM staged_materials s
        ORDER BY s.material, s.game_id, s.ply;
    IF bulk THEN
        CREATE INDEX game_materials_material ON game_materials (material);
    END IF;
    -- The same counts as the SQLite binding's (explorer.rs, signatures_from).
    INSERT INTO material_signatures (material, pieces, white_pawns, black_pawns,
            white_queens, black_queens, white_rooks, black_rooks, white_bishops,
            black_bishops, white_knights, black_knights, white_total, black_total)
        SELECT m, replace(replace(m, 'P', ''), 'p', ''),
            length(m) - length(replace(m, 'P', '')), length(m) - length(replace(m, 'p', '')),
            length(m) - length(replace(m, 'Q', '')), length(m) - length(replace(m, 'q', '')),
            length(m) - length(replace(m, 'R', '')), length(m) - length(replace(m, 'r', '')),
            length(m) - length(replace(m, 'B', '')), length(m) - length(replace(m, 'b', '')),
            length(m) - length(replace(m, 'N', '')), length(m) - length(replace(m, 'n', '')),
            length(rtrim(m, 'abcdefghijklmnopqrstuvwxyz')),
            length(m) - length(rtrim(m, 'abcdefghijklmnopqrstuvwxyz'))
        FROM (SELECT DISTINCT s.material AS m FROM staged_materials s) d ORDER BY m
    ON CONFLICT (material) DO NOTHING;
    TRUNCATE staged_materials;
    INSERT INTO opening_moves AS o (position, speed, band, uci, games, white_wins, draws,
            black_wins, elo_sum, opponent_elo_sum, elo_count, last_played)
        SELECT s.position, g.speed, g.band, s.uci, count(*),
            count(*) FILTER (WHERE g.result = '1-0'),
            count(*) FILTER (WHERE g.result = '1/2-1/2'),
            count(*) FILTER (WHERE g.result = '0-1'),
            coalesce(sum(CASE WHEN s.ply % 2 = 0 THEN g.white_elo ELSE g.black_elo END)
                FILTER (WHERE g.rated), 0),
            coalesce(sum(CASE WHEN s.ply % 2 = 0 THEN g.black_elo ELSE g.white_elo END)
                FILTER (WHERE g.rated), 0),
            count(*) FILTER (WHERE g.rated),
            max(g.date)
        FROM staged_moves s
        JOIN (SELECT id, result, white_elo, black_elo, date,
                     white_elo IS NOT NULL AND black_elo IS NOT NULL AS rated,
                     speed_class(time_control) AS speed,
                     rating_band(white_elo, black_elo) AS band
              FROM games WHERE id IN (SELECT DISTINCT game_id FROM staged_moves)) g
          ON g.id = s.game_id
        GROUP BY s.position, g.speed, g.band, s.uci
        ORDER BY s.position, g.speed, g.band, s.uci
    ON CONFLICT (position, speed, band, uci) DO UPDATE SET
        games = o.games + excluded.games,
        white_wins = o.white_wins + excluded.white_wins,
        draws = o.draws + excluded.draws,
        black_wins = o.black_wins + excluded.black_wins,
        elo_sum = o.elo_sum + excluded.elo_sum,
        opponent_elo_sum = o.opponent_elo_sum + excluded.opponent_elo_sum,
        elo_count = o.elo_count + excluded.elo_count,
        last_played = greatest(coalesce(o.last_played, ''), coalesce(excluded.last_played, ''));
    TRUNCATE staged_moves;
END
$body$;
COMMENT ON FUNCTION merge_staged_games() IS 'Moves what import staged into game_positions, game_materials (and material_signatures) and opening_moves';

-- Every stored game that reached the position, by any move order: the key
-- finds the candidates through the index, reaches_at confirms each exactly.
CREATE FUNCTION games_at(fen text, variant text DEFAULT 'chess')
RETURNS TABLE (game_id bigint, ply integer) LANGUAGE sql STABLE AS $body$
    SELECT gp.game_id, gp.ply
    FROM game_positions gp JOIN games g ON g.id = gp.game_id
    WHERE gp.position = position_key($1, coalesce($2, 'chess'))
      AND reaches_at(g.game, gp.ply, $1, coalesce($2, 'chess'))
    ORDER BY gp.game_id, gp.ply
$body$;
COMMENT ON FUNCTION games_at(text, text) IS 'games_at(fen [, variant]): game_id and ply of every stored game that reached the position, by any move order, confirmed exactly';

-- The moves played from the position: from the opening_moves aggregate
-- (ratings by band, speeds), else (dates, a player, or a position past the
-- aggregate's plies) exactly from the games themselves.
CREATE FUNCTION opening_tree(fen text, variant text DEFAULT 'chess',
    min_elo bigint DEFAULT NULL, max_elo bigint DEFAULT NULL, speeds text DEFAULT NULL,
    since text DEFAULT NULL, until text DEFAULT NULL, player text DEFAULT NULL)
RETURNS TABLE (uci text, san text, games bigint, white_wins bigint, draws bigint,
    black_wins bigint, average_elo bigint, average_opponent_elo bigint, last_played text)
LANGUAGE plpgsql STABLE AS $body$
#variable_conflict use_column
DECLARE
    v text := coalesce($2, 'chess');
    key bigint;
    speed_list text[];
    low_band integer := CASE WHEN $3 IS NULL THEN 0 ELSE rating_band($3, $3) END;
    white boolean;
BEGIN
    IF $1 IS NULL THEN
        RETURN;
    END IF;
    key := position_key($1, v);
    white := white_to_move(chessgame($1, v));
    IF $5 IS NOT NULL THEN
        speed_list := array(SELECT lower(trim(s)) FROM unnest(string_to_array($5, ',')) s
                            WHERE trim(s) <> '');
    END IF;
    IF $6 IS NULL AND $7 IS NULL AND $8 IS NULL THEN
        PERFORM 1 FROM opening_moves m
        WHERE m.position = key AND m.band >= low_band AND ($4 IS NULL OR m.band <= $4)
          AND (speed_list IS NULL OR m.speed = ANY (speed_list));
        IF FOUND THEN
            RETURN QUERY
            SELECT l.uci, l.san, t.games, t.white_wins, t.draws, t.black_wins,
                   CASE WHEN t.elo_count > 0 THEN t.elo_sum / t.elo_count END,
                   CASE WHEN t.elo_count > 0 THEN t.opponent_elo_sum / t.elo_count END,
                   nullif(t.last_played, '')
            FROM (SELECT m.uci, sum(m.games)::bigint AS games,
                         sum(m.white_wins)::bigint AS white_wins, sum(m.draws)::bigint AS draws,
                         sum(m.black_wins)::bigint AS black_wins,
                         sum(m.elo_sum)::bigint AS elo_sum,
                         sum(m.opponent_elo_sum)::bigint AS opponent_elo_sum,
                         sum(m.elo_count)::bigint AS elo_count,
                         max(m.last_played COLLATE "C") AS last_played
                  FROM opening_moves m
                  WHERE m.position = key AND m.band >= low_band AND ($4 IS NULL OR m.band <= $4)
                    AND (speed_list IS NULL OR m.speed = ANY (speed_list))
                  GROUP BY m.uci) t
            JOIN legal_moves($1, v) l ON l.uci = t.uci
            ORDER BY t.games DESC, t.uci COLLATE "C";
            RETURN;
        END IF;
    END IF;
    RETURN QUERY
    SELECT l.uci, l.san, t.games, t.white_wins, t.draws, t.black_wins,
           CASE WHEN t.elo_count > 0 THEN t.elo_sum / t.elo_count END,
           CASE WHEN t.elo_count > 0 THEN t.opponent_elo_sum / t.elo_count END,
           nullif(t.last_played, '')
    FROM (SELECT p.uci, count(*) AS games,
                 count(*) FILTER (WHERE p.result = '1-0') AS white_wins,
                 count(*) FILTER (WHERE p.result = '1/2-1/2') AS draws,
                 count(*) FILTER (WHERE p.result = '0-1') AS black_wins,
                 coalesce(sum(CASE WHEN white THEN p.we ELSE p.be END::bigint)
                     FILTER (WHERE p.we IS NOT NULL AND p.be IS NOT NULL), 0)::bigint AS elo_sum,
                 coalesce(sum(CASE WHEN white THEN p.be ELSE p.we END::bigint)
                     FILTER (WHERE p.we IS NOT NULL AND p.be IS NOT NULL), 0)::bigint
                     AS opponent_elo_sum,
                 count(*) FILTER (WHERE p.we IS NOT NULL AND p.be IS NOT NULL) AS elo_count,
                 max(p.date COLLATE "C") AS last_played
          FROM (SELECT move_at(g.game, a.ply) AS uci, g.result, g.white_elo AS we,
                       g.black_elo AS be, g.date
                FROM games_at($1, v) a JOIN games g ON g.id = a.game_id
                WHERE ($3 IS NULL OR (g.white_elo + g.black_elo) / 2 >= $3)
                  AND ($4 IS NULL OR (g.white_elo + g.black_elo) / 2 <= $4)
                  AND (speed_list IS NULL OR speed_class(g.time_control) = ANY (speed_list))
                  AND ($6 IS NULL OR g.date COLLATE "C" >= $6)
                  AND ($7 IS NULL OR g.date COLLATE "C" <= $7)
                  AND ($8 IS NULL OR g.white = $8 OR g.black = $8)) p
          WHERE p.uci IS NOT NULL
          GROUP BY p.uci) t
    JOIN legal_moves($1, v) l ON l.uci = t.uci
    ORDER BY t.games DESC, t.uci COLLATE "C";
END
$body$;
COMMENT ON FUNCTION opening_tree(text, text, bigint, bigint, text, text, text, text) IS 'opening_tree(fen [, variant, min_elo, max_elo, speeds, since, until, player]): one row per move played from the position in the stored games, most played first';
"#,
    name = "game_tables",
    requires = [
        "gamevalue_type",
        position_key,
        speed_class,
        rating_band,
        games::reaches_at,
        games::move_at,
        moves::legal_moves_fen,
        functions::white_to_move,
        functions::chessgame
    ],
);
