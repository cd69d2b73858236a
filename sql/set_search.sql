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
--    UCI among equals); best_move is NULL when the root has no legal move.
--
-- The conventions are those of `sqlchess_search::minimax::minimax_white`
-- (plain minimax without pruning), which the test
-- crates/sqlchess-sqlite/tests/set_search.rs checks it against, and of the
-- PostgreSQL extension's `set_next_move`.
--
-- Input: a table `search_root(fen TEXT, depth INTEGER)` with one row, a
-- standard chess position and a depth of at least 1. Every position is
-- stored: depth 3 from the start is about 9,000 rows, depth 4 about 80,000
-- (transpositions merged), depth 5 millions.
-- Output: the last statement prints `best_move`, `score_for_white` and
-- `positions` (rows of `search_node`, kept for queries of your own).
--
--   sqlchess sql "CREATE TABLE search_root AS
--                   SELECT '7k/6pp/8/8/8/8/8/R3K3 w - - 0 1' AS fen, 3 AS depth;
--                 $(cat sql/set_search.sql)"
--
-- SQLite has no loop statement: each step is a trigger on the `ply` of
-- `search_state` that does one ply's work and then moves `ply` on, which
-- fires it again (recursive triggers) until the step is done.

PRAGMA recursive_triggers = ON;

DROP TABLE IF EXISTS search_state;
CREATE TABLE search_state (
    phase TEXT NOT NULL,     -- 'grow', then 'back up'
    ply INTEGER NOT NULL,
    depth INTEGER NOT NULL CHECK (depth >= 1)
);
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

-- 1. Grow one ply: the edges out of ply NEW.ply, then their distinct
--    children (transpositions merge on the key), then on to the next ply.
DROP TRIGGER IF EXISTS search_grow;
CREATE TEMP TRIGGER search_grow AFTER UPDATE OF ply ON search_state
WHEN NEW.phase = 'grow' AND NEW.ply < NEW.depth
BEGIN
    INSERT INTO search_edge (ply, parent, uci, child)
    SELECT n.ply, n.key, m.uci, pack_position(without_clocks(m.fen_after))
    FROM search_node n, legal_moves(n.fen) m
    WHERE n.ply = NEW.ply;
    INSERT OR IGNORE INTO search_node (ply, key, fen)
    SELECT e.ply + 1, e.child, unpack_position(e.child)
    FROM search_edge e
    WHERE e.ply = NEW.ply;
    UPDATE search_state SET ply = ply + 1;
END;

-- 3. Back up one ply: each parent at ply NEW.ply takes the max (White to
--    move) or min (Black) of its children's values; then the ply above.
DROP TRIGGER IF EXISTS search_back_up;
CREATE TEMP TRIGGER search_back_up AFTER UPDATE OF ply ON search_state
WHEN NEW.phase = 'back up' AND NEW.ply >= 0
BEGIN
    -- (A trigger's UPDATE cannot alias its table: hence the full names.)
    UPDATE search_node SET value = b.value
    FROM (SELECT e.parent,
                 CASE WHEN white_to_move(p.fen) THEN max(c.value) ELSE min(c.value) END AS value
          FROM search_edge e
          JOIN search_node p ON p.ply = e.ply AND p.key = e.parent
          JOIN search_node c ON c.ply = e.ply + 1 AND c.key = e.child
          WHERE e.ply = NEW.ply
          GROUP BY e.parent) AS b
    WHERE search_node.ply = NEW.ply AND search_node.key = b.parent
      AND search_node.value IS NULL;
    UPDATE search_state SET ply = ply - 1;
END;

INSERT INTO search_state SELECT 'grow', 0, depth FROM search_root;
INSERT INTO search_node (ply, key, fen)
SELECT 0, pack_position(without_clocks(fen)), without_clocks(fen) FROM search_root;
UPDATE search_state SET ply = 0;

-- 2. Score the leaves and the finished games.
UPDATE search_node SET value = evaluate(fen)
WHERE ply = (SELECT depth FROM search_state);
UPDATE search_node AS n
SET value = CASE
    WHEN NOT is_checkmate(n.fen) THEN 0
    WHEN white_to_move(n.fen) THEN -(100000 - n.ply)
    ELSE 100000 - n.ply END
WHERE n.ply < (SELECT depth FROM search_state)
  AND NOT EXISTS (SELECT 1 FROM search_edge e WHERE e.ply = n.ply AND e.parent = n.key);

UPDATE search_state SET phase = 'back up', ply = depth - 1;

-- 4. The answer.
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
