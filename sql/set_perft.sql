-- Set-based perft: count the leaves of the legal move tree with SQL,
-- transpositions merged.
--
-- After pgChess's `possible_move` table and the Grand Chess Tree's idea of
-- weighting unique positions: the tree is grown one ply per INSERT ... SELECT,
-- each joining the newest ply's positions with the table-valued function
-- `legal_moves`, whose `fen_after` column is the position each move leads to.
-- Children are grouped by `without_clocks(fen_after)` (the position with its
-- clocks at `0 1`: move counters take no part in legality), and each distinct
-- position carries `n`, the number of paths from the root that reach it. At
-- the split ply the native scalar `perft(position, depth - split)` counts
-- what lies below each distinct position once, and the answer is
-- sum(n × perft).
--
-- Input: a table `perft_root(fen TEXT, depth INTEGER, variant TEXT,
-- split INTEGER)` with one row: variant `chess`, `chess960` or any variant
-- `legal_moves` knows; `split` the plies grown as sets (0 ≤ split ≤ depth;
-- NULL for depth - 3, at least 0: from the start, ply 3 holds 5,362
-- distinct positions for 8,902 paths and ply 4 72,078 for 197,281).
-- `split = depth` counts every leaf in SQL.
-- Output: the last statement prints `nodes`.
--
--   sqlchess sql "CREATE TABLE perft_root AS
--                   SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' AS fen,
--                          6 AS depth, 'chess' AS variant, NULL AS split;
--                 $(cat sql/set_perft.sql)"
--
-- SQLite has no loop statement: the ply step is a trigger on
-- `perft_state.ply` that inserts one ply and moves `ply` on, which fires it
-- again (recursive triggers) until the split ply. The same script runs on
-- Spark (python/sqlchess/spark.py, `perft`), with the packed position as the
-- key.
--
-- Tested against native perft in crates/sqlchess-sqlite/tests/set_perft.rs.

PRAGMA recursive_triggers = ON;

DROP TABLE IF EXISTS perft_state;
CREATE TABLE perft_state (
    ply INTEGER NOT NULL,
    depth INTEGER NOT NULL CHECK (depth >= 0),
    split INTEGER NOT NULL CHECK (split BETWEEN 0 AND depth),
    variant TEXT NOT NULL
);

DROP TABLE IF EXISTS perft_frontier;
CREATE TABLE perft_frontier (
    ply INTEGER NOT NULL,
    position TEXT NOT NULL,  -- FEN with clocks 0 1: one row per distinct position
    n INTEGER NOT NULL,      -- paths from the root to it
    PRIMARY KEY (ply, position)
);

-- One ply: the distinct children of every position at ply NEW.ply, each
-- with the sum of its parents' path counts, then the next ply.
DROP TRIGGER IF EXISTS perft_grow;
CREATE TEMP TRIGGER perft_grow AFTER UPDATE OF ply ON perft_state
WHEN NEW.ply < NEW.split
BEGIN
    INSERT INTO perft_frontier (ply, position, n)
    SELECT NEW.ply + 1, without_clocks(m.fen_after, NEW.variant), sum(f.n)
    FROM perft_frontier f, legal_moves(f.position, NEW.variant) m
    WHERE f.ply = NEW.ply
    GROUP BY 2;
    UPDATE perft_state SET ply = ply + 1;
END;

-- Ply 0: the root; then grow to the split ply.
INSERT INTO perft_state
SELECT 0, depth, coalesce(split, max(depth - 3, 0)), variant FROM perft_root;
INSERT INTO perft_frontier (ply, position, n)
SELECT 0, without_clocks(fen, variant), 1 FROM perft_root;
UPDATE perft_state SET ply = 0;

-- The leaves: below each distinct position of the split ply, counted once
-- natively and weighted by its paths.
SELECT coalesce(sum(f.n * perft(f.position, s.depth - s.split, s.variant)), 0) AS nodes
FROM perft_frontier f, perft_state s
WHERE f.ply = s.split;
