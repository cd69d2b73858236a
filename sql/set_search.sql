-- Set-based minimax: pgChess's next_move, by a search held in tables.
--
-- 1. Grow: the tree of positions is built one ply per INSERT ... SELECT
--    over the table-valued `legal_moves`; positions equal but for their
--    clocks merge, keyed by `pack_position(without_clocks(fen))` (32 bytes).
-- 2. Score: positions at the full depth get `evaluate(fen)` (centipawns for
--    White); those with no legal move before it get -(100000 - ply) when
--    White is mated, 100000 - ply when Black is, 0 for stalemate.
-- 3. Back up: one UPDATE per ply, deepest first, sets each position to the
--    max (White to move) or min (Black) of its children, by GROUP BY.
-- 4. Answer: the root's value and a root move whose child has it (the least
--    UCI among equals).
--
-- The conventions are those of `sqlchess_search::minimax::minimax_white`
-- (plain minimax without pruning), which the test
-- crates/sqlchess-sqlite/tests/set_search.rs checks it against, and of the
-- PostgreSQL extension's `set_next_move`.
--
-- Input: a table `search_root(fen TEXT, depth INTEGER)` with one row, a
-- standard chess position and a depth of 1 to 6.
-- Output: the last statement prints `best_move`, `score_for_white` and
-- `positions` (rows of the node table).
--
--   sqlchess sql "CREATE TABLE search_root AS
--                   SELECT '7k/6pp/8/8/8/8/8/R3K3 w - - 0 1' AS fen, 3 AS depth;
--                 $(cat sql/set_search.sql)"
--
-- SQLite has no loops, so the grow and back-up steps are written out six
-- times each; a step past the requested depth changes nothing.

DROP TABLE IF EXISTS search_state;
CREATE TABLE search_state (
    ply INTEGER NOT NULL,
    depth INTEGER NOT NULL CHECK (depth BETWEEN 1 AND 6)
);
INSERT INTO search_state SELECT 0, depth FROM search_root;

DROP TABLE IF EXISTS search_node;
CREATE TABLE search_node (
    ply INTEGER NOT NULL,
    key BLOB NOT NULL,       -- pack_position(without_clocks(fen))
    fen TEXT NOT NULL,
    value INTEGER,           -- minimax value for White, once known
    PRIMARY KEY (ply, key)
);
DROP TABLE IF EXISTS search_edge;
CREATE TABLE search_edge (
    ply INTEGER NOT NULL,    -- the parent's ply
    parent BLOB NOT NULL,
    uci TEXT NOT NULL,
    child BLOB NOT NULL
);
CREATE INDEX search_edge_parent ON search_edge (ply, parent);

INSERT INTO search_node (ply, key, fen)
SELECT 0, pack_position(without_clocks(fen)), without_clocks(fen) FROM search_root;

-- Grow one ply: the edges out of the newest ply, then their distinct
-- children (transpositions merge on the packed key), then the next ply.
INSERT INTO search_edge (ply, parent, uci, child)
SELECT n.ply, n.key, m.uci, pack_position(without_clocks(m.fen_after))
FROM search_state s, search_node n, legal_moves(n.fen) m
WHERE n.ply = s.ply AND s.ply < s.depth;
INSERT OR IGNORE INTO search_node (ply, key, fen)
SELECT e.ply + 1, e.child, unpack_position(e.child)
FROM search_state s, search_edge e
WHERE e.ply = s.ply AND s.ply < s.depth;
UPDATE search_state SET ply = ply + 1 WHERE ply < depth;

-- Grow one ply: the edges out of the newest ply, then their distinct
-- children (transpositions merge on the packed key), then the next ply.
INSERT INTO search_edge (ply, parent, uci, child)
SELECT n.ply, n.key, m.uci, pack_position(without_clocks(m.fen_after))
FROM search_state s, search_node n, legal_moves(n.fen) m
WHERE n.ply = s.ply AND s.ply < s.depth;
INSERT OR IGNORE INTO search_node (ply, key, fen)
SELECT e.ply + 1, e.child, unpack_position(e.child)
FROM search_state s, search_edge e
WHERE e.ply = s.ply AND s.ply < s.depth;
UPDATE search_state SET ply = ply + 1 WHERE ply < depth;

-- Grow one ply: the edges out of the newest ply, then their distinct
-- children (transpositions merge on the packed key), then the next ply.
INSERT INTO search_edge (ply, parent, uci, child)
SELECT n.ply, n.key, m.uci, pack_position(without_clocks(m.fen_after))
FROM search_state s, search_node n, legal_moves(n.fen) m
WHERE n.ply = s.ply AND s.ply < s.depth;
INSERT OR IGNORE INTO search_node (ply, key, fen)
SELECT e.ply + 1, e.child, unpack_position(e.child)
FROM search_state s, search_edge e
WHERE e.ply = s.ply AND s.ply < s.depth;
UPDATE search_state SET ply = ply + 1 WHERE ply < depth;

-- Grow one ply: the edges out of the newest ply, then their distinct
-- children (transpositions merge on the packed key), then the next ply.
INSERT INTO search_edge (ply, parent, uci, child)
SELECT n.ply, n.key, m.uci, pack_position(without_clocks(m.fen_after))
FROM search_state s, search_node n, legal_moves(n.fen) m
WHERE n.ply = s.ply AND s.ply < s.depth;
INSERT OR IGNORE INTO search_node (ply, key, fen)
SELECT e.ply + 1, e.child, unpack_position(e.child)
FROM search_state s, search_edge e
WHERE e.ply = s.ply AND s.ply < s.depth;
UPDATE search_state SET ply = ply + 1 WHERE ply < depth;

-- Grow one ply: the edges out of the newest ply, then their distinct
-- children (transpositions merge on the packed key), then the next ply.
INSERT INTO search_edge (ply, parent, uci, child)
SELECT n.ply, n.key, m.uci, pack_position(without_clocks(m.fen_after))
FROM search_state s, search_node n, legal_moves(n.fen) m
WHERE n.ply = s.ply AND s.ply < s.depth;
INSERT OR IGNORE INTO search_node (ply, key, fen)
SELECT e.ply + 1, e.child, unpack_position(e.child)
FROM search_state s, search_edge e
WHERE e.ply = s.ply AND s.ply < s.depth;
UPDATE search_state SET ply = ply + 1 WHERE ply < depth;

-- Grow one ply: the edges out of the newest ply, then their distinct
-- children (transpositions merge on the packed key), then the next ply.
INSERT INTO search_edge (ply, parent, uci, child)
SELECT n.ply, n.key, m.uci, pack_position(without_clocks(m.fen_after))
FROM search_state s, search_node n, legal_moves(n.fen) m
WHERE n.ply = s.ply AND s.ply < s.depth;
INSERT OR IGNORE INTO search_node (ply, key, fen)
SELECT e.ply + 1, e.child, unpack_position(e.child)
FROM search_state s, search_edge e
WHERE e.ply = s.ply AND s.ply < s.depth;
UPDATE search_state SET ply = ply + 1 WHERE ply < depth;

-- Score the leaves and the finished games.
UPDATE search_node SET value = evaluate(fen)
WHERE ply = (SELECT depth FROM search_state);
UPDATE search_node AS n
SET value = CASE
    WHEN NOT is_checkmate(n.fen) THEN 0
    WHEN white_to_move(n.fen) THEN -(100000 - n.ply)
    ELSE 100000 - n.ply END
WHERE n.ply < (SELECT depth FROM search_state)
  AND NOT EXISTS (SELECT 1 FROM search_edge e WHERE e.ply = n.ply AND e.parent = n.key);

-- Back up one ply: each parent takes the max (White to move) or min
-- (Black) of its children's values.
UPDATE search_state SET ply = ply - 1 WHERE ply > 0;
UPDATE search_node AS n SET value = b.value
FROM search_state s,
     (SELECT e.ply, e.parent,
             CASE WHEN white_to_move(p.fen) THEN max(c.value) ELSE min(c.value) END AS value
      FROM search_edge e
      JOIN search_node p ON p.ply = e.ply AND p.key = e.parent
      JOIN search_node c ON c.ply = e.ply + 1 AND c.key = e.child
      GROUP BY e.ply, e.parent) AS b
WHERE b.ply = s.ply AND n.ply = s.ply AND n.key = b.parent AND n.value IS NULL;

-- Back up one ply: each parent takes the max (White to move) or min
-- (Black) of its children's values.
UPDATE search_state SET ply = ply - 1 WHERE ply > 0;
UPDATE search_node AS n SET value = b.value
FROM search_state s,
     (SELECT e.ply, e.parent,
             CASE WHEN white_to_move(p.fen) THEN max(c.value) ELSE min(c.value) END AS value
      FROM search_edge e
      JOIN search_node p ON p.ply = e.ply AND p.key = e.parent
      JOIN search_node c ON c.ply = e.ply + 1 AND c.key = e.child
      GROUP BY e.ply, e.parent) AS b
WHERE b.ply = s.ply AND n.ply = s.ply AND n.key = b.parent AND n.value IS NULL;

-- Back up one ply: each parent takes the max (White to move) or min
-- (Black) of its children's values.
UPDATE search_state SET ply = ply - 1 WHERE ply > 0;
UPDATE search_node AS n SET value = b.value
FROM search_state s,
     (SELECT e.ply, e.parent,
             CASE WHEN white_to_move(p.fen) THEN max(c.value) ELSE min(c.value) END AS value
      FROM search_edge e
      JOIN search_node p ON p.ply = e.ply AND p.key = e.parent
      JOIN search_node c ON c.ply = e.ply + 1 AND c.key = e.child
      GROUP BY e.ply, e.parent) AS b
WHERE b.ply = s.ply AND n.ply = s.ply AND n.key = b.parent AND n.value IS NULL;

-- Back up one ply: each parent takes the max (White to move) or min
-- (Black) of its children's values.
UPDATE search_state SET ply = ply - 1 WHERE ply > 0;
UPDATE search_node AS n SET value = b.value
FROM search_state s,
     (SELECT e.ply, e.parent,
             CASE WHEN white_to_move(p.fen) THEN max(c.value) ELSE min(c.value) END AS value
      FROM search_edge e
      JOIN search_node p ON p.ply = e.ply AND p.key = e.parent
      JOIN search_node c ON c.ply = e.ply + 1 AND c.key = e.child
      GROUP BY e.ply, e.parent) AS b
WHERE b.ply = s.ply AND n.ply = s.ply AND n.key = b.parent AND n.value IS NULL;

-- Back up one ply: each parent takes the max (White to move) or min
-- (Black) of its children's values.
UPDATE search_state SET ply = ply - 1 WHERE ply > 0;
UPDATE search_node AS n SET value = b.value
FROM search_state s,
     (SELECT e.ply, e.parent,
             CASE WHEN white_to_move(p.fen) THEN max(c.value) ELSE min(c.value) END AS value
      FROM search_edge e
      JOIN search_node p ON p.ply = e.ply AND p.key = e.parent
      JOIN search_node c ON c.ply = e.ply + 1 AND c.key = e.child
      GROUP BY e.ply, e.parent) AS b
WHERE b.ply = s.ply AND n.ply = s.ply AND n.key = b.parent AND n.value IS NULL;

-- Back up one ply: each parent takes the max (White to move) or min
-- (Black) of its children's values.
UPDATE search_state SET ply = ply - 1 WHERE ply > 0;
UPDATE search_node AS n SET value = b.value
FROM search_state s,
     (SELECT e.ply, e.parent,
             CASE WHEN white_to_move(p.fen) THEN max(c.value) ELSE min(c.value) END AS value
      FROM search_edge e
      JOIN search_node p ON p.ply = e.ply AND p.key = e.parent
      JOIN search_node c ON c.ply = e.ply + 1 AND c.key = e.child
      GROUP BY e.ply, e.parent) AS b
WHERE b.ply = s.ply AND n.ply = s.ply AND n.key = b.parent AND n.value IS NULL;

-- The answer (best_move NULL when the root has no legal move).
SELECT (SELECT e.uci
        FROM search_edge e
        JOIN search_node c ON c.ply = 1 AND c.key = e.child
        WHERE e.ply = 0 AND c.value = r.value
        ORDER BY e.uci
        LIMIT 1) AS best_move,
       r.value AS score_for_white,
       (SELECT count(*) FROM search_node) AS positions
FROM search_node r
WHERE r.ply = 0;
