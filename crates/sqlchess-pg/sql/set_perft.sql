-- Set-based perft in PostgreSQL: pgChess's `possible_move` table, done
-- with the chessgame type.
--
-- The tree is grown one ply per INSERT ... SELECT, each joining the newest
-- ply's positions with LATERAL legal_moves(game), whose `after` column is
-- the position a move leads to. Equal positions at a ply are merged by
-- their key (without_clocks: the position with the clocks reset) and
-- carry `paths`, the number of move sequences from the root that reach
-- them; the perft number is the sum of `paths` at the last ply.
--
--   psql -v fen='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' \
--        -v depth=3 -f crates/sqlchess-pg/sql/set_perft.sql
--
-- Without -v, the start position to depth 3. The last statement prints
-- one row per ply (positions stored, nodes); the last row's `nodes` is the
-- perft number. The extension packages the same statements as
-- set_perft(game, depth); both are tested against native perft.

\set ON_ERROR_STOP on
\if :{?fen}
\else
\set fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
\endif
\if :{?depth}
\else
\set depth 3
\endif

DROP TABLE IF EXISTS possible_move;
CREATE TEMP TABLE possible_move (
    ply integer NOT NULL,
    game chessgame NOT NULL,   -- the position, clocks reset: the merge key
    paths bigint NOT NULL,     -- move sequences from the root that reach it
    PRIMARY KEY (ply, game)
);

-- Ply 0: the root.
INSERT INTO possible_move VALUES (0, without_clocks(:'fen'::chessgame), 1);

-- Plies 1 .. depth: psql runs each generated INSERT ... SELECT in turn.
SELECT format(
    'INSERT INTO possible_move (ply, game, paths)
     SELECT %s + 1, without_clocks(m.after), sum(p.paths)
     FROM possible_move p, LATERAL legal_moves(p.game) m
     WHERE p.ply = %s
     GROUP BY without_clocks(m.after)', k, k)
FROM generate_series(0, :depth - 1) AS k
\gexec

SELECT ply, count(*) AS positions, sum(paths) AS nodes
FROM possible_move
GROUP BY ply
ORDER BY ply;
