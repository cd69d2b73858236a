-- Set-based perft: count the leaves of the legal move tree with SQL.
--
-- After pgChess's `possible_move` table: the tree is grown one ply per
-- INSERT ... SELECT, each joining the newest ply's positions with the
-- table-valued function `legal_moves`, whose `fen_after` column is the
-- position each move leads to. The count of rows at the last ply is the
-- perft number.
--
-- Input: a table `perft_root(fen TEXT, depth INTEGER, variant TEXT)` with
-- one row (variant `chess`, `chess960` or any variant `legal_moves` knows).
-- Output: the last statement prints `nodes`.
--
--   sqlchess sql "CREATE TABLE perft_root AS
--                   SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' AS fen,
--                          3 AS depth, 'chess' AS variant;
--                 $(cat sql/set_perft.sql)"
--
-- SQLite has no loop statement: the ply step is a trigger on
-- `perft_state.ply` that inserts one ply and moves `ply` on, which fires it
-- again (recursive triggers) until the requested depth.
-- Every node is stored: depth 4 from the start is 206,604 rows, depth 5
-- about 5 million.
--
-- Tested against native perft in crates/sqlchess-sqlite/tests/set_perft.rs.

PRAGMA recursive_triggers = ON;

DROP TABLE IF EXISTS perft_state;
CREATE TABLE perft_state (
    ply INTEGER NOT NULL,
    depth INTEGER NOT NULL CHECK (depth >= 0),
    variant TEXT NOT NULL
);

DROP TABLE IF EXISTS possible_move;
CREATE TABLE possible_move (
    id INTEGER PRIMARY KEY,
    ply INTEGER NOT NULL,
    parent INTEGER,  -- id of the position one ply up (no REFERENCES clause:
                     -- with foreign keys on, dropping the table would check
                     -- every row against an unindexed column)
    uci TEXT,
    fen TEXT NOT NULL
);
CREATE INDEX possible_move_ply ON possible_move (ply);

-- One ply: the children of every position at ply NEW.ply, then the next.
DROP TRIGGER IF EXISTS perft_grow;
CREATE TEMP TRIGGER perft_grow AFTER UPDATE OF ply ON perft_state
WHEN NEW.ply < NEW.depth
BEGIN
    INSERT INTO possible_move (ply, parent, uci, fen)
    SELECT p.ply + 1, p.id, m.uci, m.fen_after
    FROM possible_move p, legal_moves(p.fen, NEW.variant) m
    WHERE p.ply = NEW.ply;
    UPDATE perft_state SET ply = ply + 1;
END;

-- Ply 0: the root; then grow to the requested depth.
INSERT INTO perft_state SELECT 0, depth, variant FROM perft_root;
INSERT INTO possible_move (ply, fen) SELECT 0, fen FROM perft_root;
UPDATE perft_state SET ply = 0;

-- The leaves: positions at the requested depth.
SELECT count(*) AS nodes
FROM possible_move
WHERE ply = (SELECT depth FROM perft_root);
