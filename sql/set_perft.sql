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
-- The ply statement is written out six times, so depths 0 to 6 work; a
-- statement whose ply is already the requested depth inserts nothing.
-- A deeper run needs more copies (the guard below refuses it).
-- Every node is stored: depth 4 from the start is 206,604 rows, depth 5
-- about 5 million.
--
-- Tested against native perft in crates/sqlchess-sqlite/tests/set_perft.rs.

-- Refuse depths the six copies below cannot reach.
DROP TABLE IF EXISTS temp.perft_guard;
CREATE TEMP TABLE perft_guard (depth INTEGER NOT NULL CHECK (depth BETWEEN 0 AND 6));
INSERT INTO perft_guard SELECT depth FROM perft_root;

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

-- Ply 0: the root.
INSERT INTO possible_move (ply, fen) SELECT 0, fen FROM perft_root;

-- Plies 1 to 6: the children of the newest ply, until the requested depth.
INSERT INTO possible_move (ply, parent, uci, fen)
SELECT p.ply + 1, p.id, m.uci, m.fen_after
FROM perft_root r, possible_move p, legal_moves(p.fen, r.variant) m
WHERE p.ply = (SELECT max(ply) FROM possible_move)
  AND p.ply < r.depth;

INSERT INTO possible_move (ply, parent, uci, fen)
SELECT p.ply + 1, p.id, m.uci, m.fen_after
FROM perft_root r, possible_move p, legal_moves(p.fen, r.variant) m
WHERE p.ply = (SELECT max(ply) FROM possible_move)
  AND p.ply < r.depth;

INSERT INTO possible_move (ply, parent, uci, fen)
SELECT p.ply + 1, p.id, m.uci, m.fen_after
FROM perft_root r, possible_move p, legal_moves(p.fen, r.variant) m
WHERE p.ply = (SELECT max(ply) FROM possible_move)
  AND p.ply < r.depth;

INSERT INTO possible_move (ply, parent, uci, fen)
SELECT p.ply + 1, p.id, m.uci, m.fen_after
FROM perft_root r, possible_move p, legal_moves(p.fen, r.variant) m
WHERE p.ply = (SELECT max(ply) FROM possible_move)
  AND p.ply < r.depth;

INSERT INTO possible_move (ply, parent, uci, fen)
SELECT p.ply + 1, p.id, m.uci, m.fen_after
FROM perft_root r, possible_move p, legal_moves(p.fen, r.variant) m
WHERE p.ply = (SELECT max(ply) FROM possible_move)
  AND p.ply < r.depth;

INSERT INTO possible_move (ply, parent, uci, fen)
SELECT p.ply + 1, p.id, m.uci, m.fen_after
FROM perft_root r, possible_move p, legal_moves(p.fen, r.variant) m
WHERE p.ply = (SELECT max(ply) FROM possible_move)
  AND p.ply < r.depth;

-- The leaves: positions at the requested depth.
SELECT count(*) AS nodes
FROM possible_move
WHERE ply = (SELECT depth FROM perft_root);
