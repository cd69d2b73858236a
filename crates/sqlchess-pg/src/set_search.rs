//! pgChess's set-based search, shipped as SQL in the extension: the tree is
//! a table grown one ply per `INSERT ... SELECT` with
//! `LATERAL legal_moves(...)`, equal positions at a ply merged by their key
//! (`without_clocks`), and for search the minimax values backed up one ply
//! per `UPDATE ... FROM (... GROUP BY parent)`.
//!
//! * `set_perft(game, depth)`: the perft number, counting paths through
//!   merged positions.
//! * `set_next_move(game, depth)`: plain minimax to `depth` with
//!   `evaluate` at the leaves and mate scores `±(100000 - ply)`: the best
//!   move (the least UCI among equals), its score for White, and the number
//!   of distinct positions in the tree.
//!
//! `sql/set_perft.sql` and `sql/set_search.sql` are the same statements as
//! psql scripts, one statement per ply.

use pgrx::prelude::*;

extension_sql!(
    r#"
CREATE FUNCTION set_perft(root chessgame, depth integer) RETURNS bigint
LANGUAGE plpgsql STRICT VOLATILE PARALLEL UNSAFE
SET search_path FROM CURRENT
AS $fn$
DECLARE
    k integer;
BEGIN
    IF depth < 0 THEN
        RAISE EXCEPTION USING ERRCODE = '22023',
            MESSAGE = format('set_perft depth must be 0 or more, got %s', depth);
    END IF;
    CREATE TEMP TABLE IF NOT EXISTS sqlchess_perft_tree (
        ply integer NOT NULL,
        game chessgame NOT NULL,
        paths bigint NOT NULL,
        PRIMARY KEY (ply, game)
    ) ON COMMIT DROP;
    TRUNCATE sqlchess_perft_tree;
    INSERT INTO sqlchess_perft_tree VALUES (0, without_clocks(root), 1);
    FOR k IN 0 .. depth - 1 LOOP
        INSERT INTO sqlchess_perft_tree (ply, game, paths)
        SELECT k + 1, without_clocks(m.after), sum(t.paths)::bigint
        FROM sqlchess_perft_tree t, LATERAL legal_moves(t.game) m
        WHERE t.ply = k
        GROUP BY without_clocks(m.after);
    END LOOP;
    RETURN (SELECT coalesce(sum(paths), 0)::bigint FROM sqlchess_perft_tree WHERE ply = depth);
END
$fn$;
COMMENT ON FUNCTION set_perft(chessgame, integer) IS 'set_perft(game, depth): perft computed set-based, one INSERT ... SELECT ... LATERAL legal_moves per ply, transpositions merged (agrees with perft)';

CREATE FUNCTION set_next_move(root chessgame, depth integer,
                              OUT move chessmove, OUT score integer, OUT positions bigint)
LANGUAGE plpgsql STRICT VOLATILE PARALLEL UNSAFE
SET search_path FROM CURRENT
AS $fn$
DECLARE
    k integer;
BEGIN
    IF depth < 1 THEN
        RAISE EXCEPTION USING ERRCODE = '22023',
            MESSAGE = format('set_next_move depth must be 1 or more, got %s', depth);
    END IF;
    CREATE TEMP TABLE IF NOT EXISTS sqlchess_search_node (
        ply integer NOT NULL,
        game chessgame NOT NULL,
        value integer,
        PRIMARY KEY (ply, game)
    ) ON COMMIT DROP;
    CREATE TEMP TABLE IF NOT EXISTS sqlchess_search_edge (
        ply integer NOT NULL,
        parent chessgame NOT NULL,
        move chessmove NOT NULL,
        child chessgame NOT NULL
    ) ON COMMIT DROP;
    TRUNCATE sqlchess_search_node, sqlchess_search_edge;
    INSERT INTO sqlchess_search_node VALUES (0, without_clocks(root), NULL);
    -- Grow: one ply per statement pair.
    FOR k IN 0 .. depth - 1 LOOP
        INSERT INTO sqlchess_search_edge
        SELECT k, n.game, m.uci, without_clocks(m.after)
        FROM sqlchess_search_node n, LATERAL legal_moves(n.game) m
        WHERE n.ply = k;
        INSERT INTO sqlchess_search_node
        SELECT DISTINCT k + 1, child, NULL::integer FROM sqlchess_search_edge WHERE ply = k;
    END LOOP;
    -- Leaves: the static evaluation; positions without moves: mate or draw.
    UPDATE sqlchess_search_node SET value = evaluate(game) WHERE ply = depth;
    UPDATE sqlchess_search_node n
    SET value = CASE
        WHEN NOT is_checkmate(n.game) THEN 0
        WHEN white_to_move(n.game) THEN -(100000 - n.ply)
        ELSE 100000 - n.ply END
    WHERE n.ply < depth
      AND NOT EXISTS (SELECT 1 FROM sqlchess_search_edge e
                      WHERE e.ply = n.ply AND e.parent = n.game);
    -- Back up: max for White to move, min for Black, one ply per statement.
    FOR k IN REVERSE depth - 1 .. 0 LOOP
        UPDATE sqlchess_search_node n SET value = b.value
        FROM (SELECT e.parent,
                     CASE WHEN white_to_move(e.parent) THEN max(c.value)
                          ELSE min(c.value) END AS value
              FROM sqlchess_search_edge e
              JOIN sqlchess_search_node c ON c.ply = k + 1 AND c.game = e.child
              WHERE e.ply = k
              GROUP BY e.parent) b
        WHERE n.ply = k AND n.game = b.parent;
    END LOOP;
    SELECT e.move, r.value INTO move, score
    FROM sqlchess_search_node r
    JOIN sqlchess_search_edge e ON e.ply = 0
    JOIN sqlchess_search_node c ON c.ply = 1 AND c.game = e.child AND c.value = r.value
    WHERE r.ply = 0
    ORDER BY e.move::text
    LIMIT 1;
    IF move IS NULL THEN
        score := (SELECT value FROM sqlchess_search_node WHERE ply = 0);
    END IF;
    positions := (SELECT count(*) FROM sqlchess_search_node);
END
$fn$;
COMMENT ON FUNCTION set_next_move(chessgame, integer) IS 'set_next_move(game, depth): set-based minimax (tree grown per ply with LATERAL legal_moves, values backed up by GROUP BY): best move, score for White, positions';
"#,
    name = "set_search",
    requires = [
        "chessgame_type",
        "chessmove_type",
        legal_moves_game,
        without_clocks,
        white_to_move,
        evaluate_game,
        is_checkmate_game
    ],
);
