-- The database plays a whole game of chess against itself, from psql:
-- pgChess's self-play loop, with the chessgame type and next_move.
--
--   psql -v depth=3 -f crates/sqlchess-pg/examples/selfplay.sql
--
-- Each move is chosen by next_move(position, depth) and applied by
-- apply_move; the game ends by checkmate, stalemate, insufficient
-- material, the fifty-move rule, threefold repetition (counted in SQL
-- over the game's positions) or after max_plies plies (default 300, then
-- adjudicated a draw). The loop is psql's own: selfplay_move.sql plays one
-- move and includes itself again until the game is over. The last line
-- printed is the result: 1-0, 0-1 or 1/2-1/2.

\set ON_ERROR_STOP on
\set QUIET on
\pset tuples_only on
\pset format unaligned
\if :{?depth}
\else
\set depth 3
\endif
\if :{?max_plies}
\else
\set max_plies 300
\endif

DROP TABLE IF EXISTS game_record;
CREATE TEMP TABLE game_record (
    ply integer PRIMARY KEY,
    position chessgame NOT NULL,
    move chessmove,            -- the move that led here
    san text
);
INSERT INTO game_record VALUES (0, start_position(), NULL, NULL);

\ir selfplay_move.sql

-- The game in movetext, then the result.
SELECT string_agg(CASE WHEN ply % 2 = 1 THEN (ply + 1) / 2 || '. ' ELSE '' END || san, ' '
                  ORDER BY ply)
FROM game_record
WHERE ply > 0;
\echo :result
