-- Set-based minimax in PostgreSQL: pgChess's next_move by a search held in
-- tables, done with the chessgame type.
--
-- 1. Grow: one INSERT ... SELECT per ply adds the edges from the newest
--    ply's positions (LATERAL legal_moves), then their distinct children;
--    equal positions at a ply are merged by key (without_clocks).
-- 2. Score: leaves get evaluate(game) (centipawns for White); positions
--    without moves before the last ply get -/+(100000 - ply) if mated, 0 if
--    stalemated.
-- 3. Back up: one UPDATE per ply, from the deepest up, sets each position
--    to the max (White to move) or min (Black) of its children, computed
--    with GROUP BY parent.
-- 4. The best move: a root edge whose child has the root's value (the
--    least UCI among equals).
--
--   psql -v fen='7k/6pp/8/8/8/8/8/R3K3 w - - 0 1' -v depth=3 \
--        -f crates/sqlchess-pg/sql/set_search.sql
--
-- The extension packages the same statements as set_next_move(game,
-- depth), tested against a native minimax with the same conventions.

\set ON_ERROR_STOP on
\if :{?fen}
\else
\set fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
\endif
\if :{?depth}
\else
\set depth 3
\endif

DROP TABLE IF EXISTS search_edge, search_node;
CREATE TEMP TABLE search_node (
    ply integer NOT NULL,
    game chessgame NOT NULL,
    value integer,             -- minimax value for White, once backed up
    PRIMARY KEY (ply, game)
);
CREATE TEMP TABLE search_edge (
    ply integer NOT NULL,      -- the parent's ply
    parent chessgame NOT NULL,
    move chessmove NOT NULL,
    child chessgame NOT NULL
);
INSERT INTO search_node VALUES (0, without_clocks(:'fen'::chessgame), NULL);

-- 1. Grow, one ply per statement pair.
SELECT format(
    'INSERT INTO search_edge
     SELECT %s, n.game, m.uci, without_clocks(m.after)
     FROM search_node n, LATERAL legal_moves(n.game) m
     WHERE n.ply = %s', k, k) AS grow_edges,
       format(
    'INSERT INTO search_node
     SELECT DISTINCT %s + 1, child, NULL::integer FROM search_edge WHERE ply = %s', k, k) AS grow_nodes
FROM generate_series(0, :depth - 1) AS k
\gexec

-- 2. Score the leaves and the finished games.
UPDATE search_node SET value = evaluate(game) WHERE ply = :depth;
UPDATE search_node n
SET value = CASE
    WHEN NOT is_checkmate(n.game) THEN 0
    WHEN white_to_move(n.game) THEN -(100000 - n.ply)
    ELSE 100000 - n.ply END
WHERE n.ply < :depth
  AND NOT EXISTS (SELECT 1 FROM search_edge e WHERE e.ply = n.ply AND e.parent = n.game);

-- 3. Back up, one ply per statement, deepest first.
SELECT format(
    'UPDATE search_node n SET value = b.value
     FROM (SELECT e.parent,
                  CASE WHEN white_to_move(e.parent) THEN max(c.value) ELSE min(c.value) END AS value
           FROM search_edge e
           JOIN search_node c ON c.ply = %s + 1 AND c.game = e.child
           WHERE e.ply = %s
           GROUP BY e.parent) b
     WHERE n.ply = %s AND n.game = b.parent', k, k, k)
FROM generate_series(:depth - 1, 0, -1) AS k
\gexec

-- 4. The answer.
SELECT e.move AS best_move, r.value AS score_for_white,
       (SELECT count(*) FROM search_node) AS positions
FROM search_node r
JOIN search_edge e ON e.ply = 0
JOIN search_node c ON c.ply = 1 AND c.game = e.child AND c.value = r.value
WHERE r.ply = 0
ORDER BY e.move::text
LIMIT 1;
