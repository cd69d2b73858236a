#!/usr/bin/env bash
# Benchmark of the PostgreSQL extension (crates/sqlchess-pg) on a real
# PostgreSQL 15 server: builds and installs the release build, starts a
# throw-away cluster, and times in psql
#   - legal_moves over a table of 100,000 positions from random games
#     (rows per second, and the time per call to compare with pgChess's
#     10.9 ms per valid_moves call),
#   - next_move(start_position(), 4) latency (pgChess 2010: 3.5 s a move),
#   - set-based perft to depth 4 from the start (nodes per second), both the
#     set_perft function and the psql script sql/set_perft.sql,
#   - set-based minimax set_next_move to depth 3 and 4 from the start.
#
#   - with IMPORT_GAMES=N: `sqlchess import` of a generated corpus of N
#     games (gen_corpus N 7) into SQLite and into this cluster (games/s, bytes
#     per game and per position); IMPORT_ONLY=1 skips the rest.
#
# Needs what scripts/ci-pg.sh installs (run that first), and root or sudo.
#   scripts/bench-pg.sh            # 100,000 positions
#   POSITIONS=20000 scripts/bench-pg.sh
#   IMPORT_GAMES=100000 IMPORT_ONLY=1 scripts/bench-pg.sh
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
# shellcheck source=scripts/lib-pg.sh
. scripts/lib-pg.sh

export CARGO_TERM_COLOR=never
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$REPO/target/pg}
POSITIONS=${POSITIONS:-100000}
BENCH_DIR=${BENCH_DIR:-/tmp/sqlchess-pg-bench}
PORT=${PORT:-5498}
SUDO=()
[ "$(id -u)" -eq 0 ] || SUDO=(sudo -n env "PATH=$PATH" "HOME=$HOME" "CARGO_TARGET_DIR=$CARGO_TARGET_DIR")

echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}')"

echo "== cargo pgrx install --release"
(cd crates/sqlchess-pg && "${SUDO[@]}" cargo pgrx install --release --pg-config "$PG_BIN/pg_config")

echo "== cluster in $BENCH_DIR (port $PORT)"
pg_cluster_stop "$BENCH_DIR"
"${SUDO[@]}" rm -rf "$BENCH_DIR"
pg_cluster_start "$BENCH_DIR" "$PORT"
# The psql scripts, where the postgres user can read them.
"${SUDO[@]}" cp crates/sqlchess-pg/sql/set_perft.sql "$BENCH_DIR/"
"${PSQL[@]}" -c "CREATE EXTENSION sqlchess"

IMPORT_GAMES=${IMPORT_GAMES:-0}
if [ "$IMPORT_GAMES" -gt 0 ]; then
    echo "== sqlchess import of gen_corpus $IMPORT_GAMES 7: SQLite, then PostgreSQL"
    (CARGO_TARGET_DIR=$REPO/target cargo build --release -q -p sqlchess-cli &&
        CARGO_TARGET_DIR=$REPO/target cargo build --release -q -p sqlchess-pgn --example gen_corpus)
    SQLCHESS=$REPO/target/release/sqlchess
    CORPUS=$BENCH_DIR/corpus-$IMPORT_GAMES.pgn
    "$REPO/target/release/examples/gen_corpus" "$IMPORT_GAMES" 7 >"$CORPUS"
    echo "corpus: $(du -m "$CORPUS" | cut -f1) MB"
    rm -f "$BENCH_DIR"/bench.db*
    for target in sqlite postgres; do
        if [ $target = sqlite ]; then
            args=(--db "$BENCH_DIR/bench.db")
        else
            args=(--postgres "host=$BENCH_DIR port=$PORT user=postgres dbname=postgres")
        fi
        start=$(date +%s.%N)
        "$SQLCHESS" import "${args[@]}" --rejects "$BENCH_DIR/$target.rejects.pgn" "$CORPUS" 2>&1 |
            grep -E '^total' || true
        end=$(date +%s.%N)
        awk -v s="$start" -v e="$end" -v n="$IMPORT_GAMES" -v t=$target \
            'BEGIN { printf "%s: %d games in %.1f s: %.0f games/s\n", t, n, e - s, n / (e - s) }'
    done
    "$SQLCHESS" sql --db "$BENCH_DIR/bench.db" "SELECT (SELECT count(*) FROM games) AS games,
        (SELECT count(*) FROM game_positions) AS positions,
        (SELECT sum(pgsize) FROM dbstat WHERE name IN ('games', 'sqlite_autoindex_games_1')) AS games_bytes,
        (SELECT sum(pgsize) FROM dbstat WHERE name = 'game_positions') AS positions_bytes,
        (SELECT sum(pgsize) FROM dbstat) AS file_bytes"
    "${PSQL[@]}" -c "SELECT (SELECT count(*) FROM games) AS games,
        (SELECT count(*) FROM game_positions) AS positions,
        pg_total_relation_size('games') AS games_bytes,
        pg_total_relation_size('game_positions') AS positions_bytes,
        pg_total_relation_size('game_materials') + pg_total_relation_size('opening_moves')
            + pg_total_relation_size('pgn_files') + pg_total_relation_size('games')
            + pg_total_relation_size('game_positions') AS all_bytes,
        pg_database_size(current_database()) AS database_bytes"
    rm -f "$CORPUS"
    if [ "${IMPORT_ONLY:-0}" = 1 ]; then
        exit 0
    fi
fi

"${PSQL[@]}" -v positions="$POSITIONS" <<'SQL'
\pset footer off
\echo == a table of :positions positions from random games
-- Random games from the start: each ply picks one legal move at random
-- (seeded), 100 plies a game at most; finished games stop early.
SELECT setseed(0.2026);
SELECT clock_timestamp() AS t0 \gset
CREATE TABLE positions AS
WITH RECURSIVE walk(game_id, ply, g) AS (
    SELECT n, 0, start_position() FROM generate_series(1, (:positions / 90) + 100) n
    UNION ALL
    SELECT game_id, ply + 1,
           apply_move(g, (SELECT m FROM valid_moves(g) m ORDER BY random() LIMIT 1))
    FROM walk
    WHERE ply < 99 AND g IS NOT NULL
)
SELECT row_number() OVER () AS id, game_id, ply, g
FROM (SELECT * FROM walk WHERE g IS NOT NULL ORDER BY game_id, ply LIMIT :positions) s;
ANALYZE positions;
SELECT count(*) AS positions, count(DISTINCT g) AS distinct_positions,
       round(extract(epoch FROM clock_timestamp() - :'t0'::timestamptz)::numeric, 2) AS seconds_to_build
FROM positions;

\echo == legal_moves over every position (best of 3)
CREATE FUNCTION pg_temp.time_it(q text, reps integer DEFAULT 3,
                                OUT result bigint, OUT best_seconds numeric)
LANGUAGE plpgsql AS $$
DECLARE t timestamptz; s numeric;
BEGIN
    best_seconds := NULL;
    FOR i IN 1 .. reps LOOP
        t := clock_timestamp();
        EXECUTE q INTO result;
        s := extract(epoch FROM clock_timestamp() - t);
        best_seconds := least(coalesce(best_seconds, s), s);
    END LOOP;
    best_seconds := round(best_seconds, 6);
END $$;

SELECT 'legal_moves(chessgame)' AS query, result AS rows, round(best_seconds, 3) AS seconds,
       round(result / best_seconds) AS rows_per_second,
       round(1000 * best_seconds / (SELECT count(*) FROM positions), 4) AS ms_per_call
FROM pg_temp.time_it('SELECT count(*) FROM positions p, LATERAL legal_moves(p.g) m')
UNION ALL
SELECT 'legal_moves(chessgame), all columns', result, round(best_seconds, 3), round(result / best_seconds),
       round(1000 * best_seconds / (SELECT count(*) FROM positions), 4)
FROM pg_temp.time_it('SELECT count(*) FROM (SELECT m.* FROM positions p, LATERAL legal_moves(p.g) m OFFSET 0) s
                       WHERE s.san IS NOT NULL AND s.after IS NOT NULL')
UNION ALL
SELECT 'valid_moves(chessgame)', result, round(best_seconds, 3), round(result / best_seconds),
       round(1000 * best_seconds / (SELECT count(*) FROM positions), 4)
FROM pg_temp.time_it('SELECT count(*) FROM positions p, LATERAL valid_moves(p.g) m')
UNION ALL
SELECT 'legal_moves(fen text)', result, round(best_seconds, 3), round(result / best_seconds),
       round(1000 * best_seconds / (SELECT count(*) FROM positions), 4)
FROM pg_temp.time_it('SELECT count(*) FROM (SELECT g::text AS fen FROM positions OFFSET 0) p, LATERAL legal_moves(p.fen) m');

\echo == next_move(start_position(), depth): latency, best of 5 calls
SELECT format('next_move(start, %s)', d) AS query, round(best_seconds * 1000, 2) AS best_ms,
       (SELECT next_move(start_position(), d)::text) AS move
FROM generate_series(4, 7) d,
     LATERAL pg_temp.time_it(format('SELECT length(next_move(g, %s)::text) FROM (SELECT start_position() AS g OFFSET 0) s', d), 5);

\echo == set-based perft (set_perft: one INSERT ... SELECT ... LATERAL legal_moves per ply)
SELECT 'set_perft(start, ' || d || ')' AS query, result AS nodes, round(best_seconds, 3) AS seconds,
       round(result / best_seconds) AS nodes_per_second
FROM generate_series(3, 4) d,
     LATERAL pg_temp.time_it(format('SELECT set_perft(start_position(), %s)', d), 1);
SELECT 'perft(start, 5), native in one call' AS query, result AS nodes, round(best_seconds, 3) AS seconds,
       round(result / best_seconds) AS nodes_per_second
FROM pg_temp.time_it('SELECT perft(start_position(), 5)', 1);

\echo == set-based minimax (set_next_move: tree grown per ply, backed up by GROUP BY)
SELECT 'set_next_move(start, ' || d || ')' AS query, round(best_seconds, 3) AS seconds,
       (SELECT positions FROM set_next_move(start_position(), d)) AS positions
FROM generate_series(3, 4) d,
     LATERAL pg_temp.time_it(format('SELECT positions FROM set_next_move(start_position(), %s)', d), 1);
SQL

echo "== the psql script sql/set_perft.sql, depth 4 from the start"
start=$(date +%s.%N)
"${PSQL[@]}" -A -t -F ' ' -v depth=4 -f "$BENCH_DIR/set_perft.sql" | tail -1 >"$BENCH_DIR/set_perft.out"
end=$(date +%s.%N)
nodes=$(awk '{print $3}' "$BENCH_DIR/set_perft.out")
awk -v n="$nodes" -v s="$start" -v e="$end" \
    'BEGIN { printf "set_perft.sql depth 4: %d nodes in %.2f s: %.0f nodes/s\n", n, e - s, n / (e - s) }'
