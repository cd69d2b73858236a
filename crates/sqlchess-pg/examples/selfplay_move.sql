-- One move of examples/selfplay.sql: judge the last position, and unless
-- the game is over, play next_move and include this file again.

SELECT ply, position::text AS fen, game_status(position) AS status,
       (SELECT count(*) FROM game_record r
        WHERE without_clocks(r.position) = without_clocks(g.position)) AS occurrences
FROM game_record g
ORDER BY ply DESC
LIMIT 1
\gset

SELECT result, result <> '*' AS over
FROM (SELECT CASE
                 WHEN :'status' = 'checkmate' AND white_to_move(:'fen'::chessgame) THEN '0-1'
                 WHEN :'status' = 'checkmate' THEN '1-0'
                 WHEN :'status' <> 'ongoing' OR :occurrences >= 3 OR :ply >= :max_plies
                     THEN '1/2-1/2'
                 ELSE '*'
             END AS result) AS judged
\gset

\if :over
\else
INSERT INTO game_record
SELECT :ply + 1, apply_move(g, m), m, (SELECT san FROM legal_moves(g) WHERE uci = m)
FROM (SELECT :'fen'::chessgame AS g, next_move(:'fen'::chessgame, :depth) AS m) AS s;
\ir selfplay_move.sql
\endif
