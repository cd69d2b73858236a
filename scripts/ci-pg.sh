#!/usr/bin/env bash
# CI for the PostgreSQL extension (crates/sqlchess-pg): on Debian 12, installs
# PostgreSQL 15 with its server headers, libclang and cargo-pgrx 0.18.1 when
# they are missing, then runs the extension's tests against a real server.
#
# Runs as root, or as a user with sudo. Each step is skipped when its result
# is already present, so a second run only builds and tests.
#
# Environment:
#   PG_TEST_DIR   where the test cluster lives (default /tmp/sqlchess-pg-test),
#                 owned by the postgres user.
#   CARGO_TARGET_DIR  build directory (default <repo>/target/pg).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)

export CARGO_TERM_COLOR=never
PGRX_VERSION=0.18.1
PG_MAJOR=15
PG_CONFIG=/usr/lib/postgresql/$PG_MAJOR/bin/pg_config
PG_TEST_DIR=${PG_TEST_DIR:-/tmp/sqlchess-pg-test}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$REPO/target/pg}

section() {
    echo
    echo "== $* ($(date -u +%H:%M:%S))"
}
elapsed() {
    echo "-- $1 took $(($(date +%s) - $2)) s"
}

# `cargo pgrx test` installs the extension into PostgreSQL's own directories
# and starts the server as the postgres user: both need root.
if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
else
    echo "ci-pg.sh: needs root, or sudo without a password, to install Debian" >&2
    echo "packages, write into /usr/lib/postgresql and run the server as postgres." >&2
    exit 2
fi

section "Debian packages"
t=$(date +%s)
# sudo: pgrx-tests runs initdb and the server with `sudo -u postgres`.
PACKAGES=(postgresql-$PG_MAJOR postgresql-server-dev-$PG_MAJOR libclang-dev clang pkg-config sudo)
missing=()
for p in "${PACKAGES[@]}"; do
    if ! dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed'; then
        missing+=("$p")
    fi
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}"
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
else
    echo "all present: ${PACKAGES[*]}"
fi
elapsed "packages" "$t"

section "cargo-pgrx $PGRX_VERSION"
t=$(date +%s)
if cargo pgrx --version 2>/dev/null | grep -q " $PGRX_VERSION\$"; then
    echo "present: $(cargo pgrx --version)"
else
    cargo install cargo-pgrx --version "$PGRX_VERSION" --locked
fi
elapsed "cargo-pgrx" "$t"

section "cargo pgrx init --pg$PG_MAJOR $PG_CONFIG"
t=$(date +%s)
PGRX_HOME=${PGRX_HOME:-$HOME/.pgrx}
if [ -f "$PGRX_HOME/config.toml" ] && grep -q "^pg$PG_MAJOR *=" "$PGRX_HOME/config.toml"; then
    echo "present in $PGRX_HOME/config.toml"
else
    cargo pgrx init --pg$PG_MAJOR "$PG_CONFIG"
fi
elapsed "pgrx init" "$t"

section "cargo fmt --check (crates/sqlchess-pg, outside the root workspace)"
(cd crates/sqlchess-pg && cargo fmt -- --check && rustfmt --edition 2021 --check src/tests.rs)

section "test cluster directory $PG_TEST_DIR"
# pgrx-tests creates <dir>/15-<pid> as the postgres user (--runas), runs
# initdb and the server there, and removes it afterwards: <dir> must be
# writable by postgres, and every directory above it searchable.
"${SUDO[@]}" mkdir -p "$PG_TEST_DIR"
"${SUDO[@]}" rm -rf "$PG_TEST_DIR"/"$PG_MAJOR"-*
"${SUDO[@]}" chown postgres:postgres "$PG_TEST_DIR"
"${SUDO[@]}" chmod 0755 "$PG_TEST_DIR"

section "cargo pgrx test pg$PG_MAJOR (crates/sqlchess-pg)"
t=$(date +%s)
cd "$REPO/crates/sqlchess-pg"
# `cargo pgrx test` builds the test harness (`cargo test`), then the
# extension it installs (`cargo build --lib`). cargo-pgrx would give the
# second build `-C link-arg=-Wl,--no-gc-sections` as rustflags, which are in
# every crate's fingerprint, so every dependency would be built twice; the
# crate's build.rs puts that flag on the cdylib's link alone instead, and the
# second build reuses the first's.
export CARGO_PGRX_DISABLE_GC_SECTIONS_WORKAROUND=1
if [ "$(id -u)" -eq 0 ]; then
    cargo pgrx test "pg$PG_MAJOR" --runas postgres --pgdata "$PG_TEST_DIR"
else
    # cargo-pgrx writes the extension into PostgreSQL's directories: run it as
    # root with this user's toolchain.
    "${SUDO[@]}" env "PATH=$PATH" "HOME=$HOME" "CARGO_HOME=${CARGO_HOME:-$HOME/.cargo}" \
        "RUSTUP_HOME=${RUSTUP_HOME:-$HOME/.rustup}" "CARGO_TARGET_DIR=$CARGO_TARGET_DIR" \
        "PGRX_HOME=$PGRX_HOME" CARGO_TERM_COLOR=never CARGO_PGRX_DISABLE_GC_SECTIONS_WORKAROUND=1 \
        cargo pgrx test "pg$PG_MAJOR" --runas postgres --pgdata "$PG_TEST_DIR"
fi
elapsed "pgrx test" "$t"

section "psql scripts against the installed extension"
# `cargo pgrx test` left its build of the extension installed in
# PostgreSQL's directories: run the shipped psql scripts on a fresh cluster.
t=$(date +%s)
cd "$REPO"
# shellcheck source=scripts/lib-pg.sh
. scripts/lib-pg.sh
PSQL_DIR=$PG_TEST_DIR/psql
pg_cluster_stop "$PSQL_DIR"
"${SUDO[@]}" rm -rf "$PSQL_DIR"
pg_cluster_start "$PSQL_DIR" 5497
"${SUDO[@]}" cp crates/sqlchess-pg/sql/*.sql crates/sqlchess-pg/examples/*.sql "$PSQL_DIR/"
"${PSQL[@]}" -c "CREATE EXTENSION sqlchess"
check() { # name expected actual
    if [ "$2" = "$3" ]; then echo "ok   $1: $3"; else echo "FAIL $1: expected $2, got $3" >&2; exit 1; fi
}
KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
for spec in "start:3:8902" "kiwipete:3:97862"; do
    IFS=: read -r name depth nodes <<<"$spec"
    fen=$([ "$name" = kiwipete ] && echo "$KIWIPETE" || echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')
    got=$("${PSQL[@]}" -A -t -F ' ' -v fen="$fen" -v depth="$depth" -f "$PSQL_DIR/set_perft.sql" | tail -1 | awk '{print $3}')
    check "sql/set_perft.sql $name depth $depth" "$nodes" "$got"
    got=$("${PSQL[@]}" -A -t -c "SELECT perft('$fen'::chessgame, $depth)")
    check "perft($name, $depth)" "$nodes" "$got"
done
# Runaway calls honour statement_timeout and pg_cancel_backend: perft and
# next_move check for interrupts inside their work, not only between rows.
for q in "SELECT perft(start_position(), 9)" \
    "SELECT perft(start_position('grand'), 7)" \
    "SELECT next_move(start_position(), 30, 1000000000000)"; do
    t0=$(date +%s%N)
    if out=$("${PSQL[@]}" -c "SET statement_timeout = '1s'" -c "$q" 2>&1); then
        echo "FAIL statement_timeout: $q finished: $out" >&2; exit 1
    fi
    ms=$((($(date +%s%N) - t0) / 1000000))
    case "$out" in
        *"canceling statement due to statement timeout"*) ;;
        *) echo "FAIL statement_timeout: $q: $out" >&2; exit 1 ;;
    esac
    [ "$ms" -lt 5000 ] || { echo "FAIL statement_timeout 1 s: $q took $ms ms" >&2; exit 1; }
    echo "ok   statement_timeout 1 s stops $q after $ms ms"
done
CANCEL_OUT=$(mktemp)
"${PSQL[@]}" -c "SELECT perft(start_position(), 9) AS runaway" >"$CANCEL_OUT" 2>&1 &
runaway=$!
sleep 1
"${PSQL[@]}" -A -t -c "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE query LIKE '%AS runaway' AND pid <> pg_backend_pid()" >/dev/null
t0=$(date +%s%N)
if wait "$runaway"; then echo "FAIL pg_cancel_backend: the perft finished" >&2; exit 1; fi
ms=$((($(date +%s%N) - t0) / 1000000))
grep -q "canceling statement due to user request" "$CANCEL_OUT" || { echo "FAIL pg_cancel_backend: $(cat "$CANCEL_OUT")" >&2; exit 1; }
[ "$ms" -lt 5000 ] || { echo "FAIL pg_cancel_backend: took $ms ms" >&2; exit 1; }
echo "ok   pg_cancel_backend stops a perft of depth 9 after $ms ms"
rm -f "$CANCEL_OUT"
got=$("${PSQL[@]}" -A -t -F ' ' -v fen='7k/6pp/8/8/8/8/8/R3K3 w - - 0 1' -v depth=3 \
    -f "$PSQL_DIR/set_search.sql" | tail -1 | awk '{print $1}')
check "sql/set_search.sql mate in one" a1a8 "$got"
result=$("${PSQL[@]}" -v depth=2 -f "$PSQL_DIR/selfplay.sql" | tail -1)
case "$result" in
    1-0 | 0-1 | 1/2-1/2) echo "ok   examples/selfplay.sql at depth 2: $result" ;;
    *) echo "FAIL examples/selfplay.sql: last line $result" >&2; exit 1 ;;
esac
elapsed "psql scripts" "$t"

section "sqlchess import --postgres: the corpus, answering as SQLite does"
# The CLI from the root workspace (its own target directory), importing the
# checked-in corpus into SQLite and into this cluster; the stored rows and
# the explorer's answers must be the same, and so must the rejects files.
# (scripts/test.sh runs `cargo test --workspace` first, which has built the
# CLI: the build here is then a no-op.)
t=$(date +%s)
CARGO_TARGET_DIR=$REPO/target cargo build -q -p sqlchess-cli
SQLCHESS=$REPO/target/debug/sqlchess
CORPUS=$REPO/crates/sqlchess-pgn/tests/data/corpus.pgn
WORK=$(mktemp -d)
PGURL="host=$PSQL_DIR port=5497 user=postgres dbname=postgres"
set +e
"$SQLCHESS" import --db "$WORK/c.db" --rejects "$WORK/sqlite.rejects.pgn" "$CORPUS" 2>"$WORK/sqlite.log"
sqlite_rc=$?
"$SQLCHESS" import --postgres "$PGURL" --rejects "$WORK/pg.rejects.pgn" "$CORPUS" 2>"$WORK/pg.log"
pg_rc=$?
"$SQLCHESS" import --postgres "$PGURL" --rejects "$WORK/pg.rejects.pgn" "$CORPUS" 2>"$WORK/pg2.log"
again_rc=$?
"$SQLCHESS" import --postgres "$PGURL" --db x.db "$CORPUS" 2>/dev/null
both_rc=$?
"$SQLCHESS" import --postgres "host=$PSQL_DIR port=1 user=postgres" "$CORPUS" 2>/dev/null
down_rc=$?
set -e
tail -1 "$WORK/pg.log"
check "import exit codes (sqlite, postgres, again, --db with --postgres, no server)" "1 1 0 2 2" \
    "$sqlite_rc $pg_rc $again_rc $both_rc $down_rc"
check "rejects files identical" same "$(cmp -s "$WORK/sqlite.rejects.pgn" "$WORK/pg.rejects.pgn" && echo same || echo different)"
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
E4='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
QUERIES=(
    "SELECT id, game_no, event, site, date, round, white, black, result, white_elo, black_elo, eco, opening, time_control, termination, variant, fen, ply_count, final_fen FROM games ORDER BY id"
    "SELECT count(*), sum(ply), sum(position % 1000) FROM game_positions"
    "SELECT material, game_id, ply FROM game_materials ORDER BY material, game_id, ply"
    "SELECT * FROM material_signatures ORDER BY material"
    "SELECT game_id, min(ply) FROM game_materials WHERE material IN (SELECT material FROM material_signatures WHERE pieces = 'KRkr' AND white_pawns BETWEEN 1 AND 3 AND black_pawns <= 2) GROUP BY game_id ORDER BY game_id"
    "SELECT material, count(DISTINCT game_id) FROM game_materials WHERE material IN (SELECT material FROM material_signatures WHERE white_total + black_total <= 6) GROUP BY material ORDER BY 2 DESC, 1"
    "SELECT s.pieces, count(DISTINCT m.game_id) FROM material_signatures s JOIN game_materials m ON m.material = s.material WHERE s.white_queens > s.black_queens GROUP BY s.pieces ORDER BY 2 DESC, 1"
    "SELECT position, speed, band, uci, games, white_wins, draws, black_wins, elo_sum, opponent_elo_sum, elo_count, last_played FROM opening_moves ORDER BY position, speed, band, uci"
    "SELECT g.id, a.game_id, a.ply FROM games g, games_at(position_at(g.game, 12), g.variant) a WHERE g.id % 7 = 0 ORDER BY 1, 2, 3"
    "SELECT * FROM games_at('$E4')"
    "SELECT * FROM opening_tree('$START')"
    "SELECT * FROM opening_tree('$E4')"
    "SELECT * FROM opening_tree('$START', 'chess', 1800, NULL, 'bullet,blitz')"
    "SELECT * FROM opening_tree('$START', 'chess', NULL, 2000, NULL, '2021.01.01', '2024.06.30')"
    "SELECT g.id, t.uci, t.san, t.games, t.white_wins, t.draws, t.black_wins, t.average_elo, t.last_played FROM games g, opening_tree(position_at(g.game, 6), g.variant) t WHERE g.id % 5 = 0 ORDER BY 1, 4 DESC, 2"
    "SELECT g.id, t.uci, t.games FROM games g, opening_tree(position_at(g.game, 40), g.variant) t WHERE g.id % 9 = 0 ORDER BY 1, 2"
    "SELECT g.id, m.ply, m.uci, m.san, m.fen_before, m.fen_after, m.comment, m.nags FROM games g, game_moves(g.game) m WHERE g.id % 11 = 0 ORDER BY 1, 2"
    "SELECT id, to_pgn(game), game_line(game, 3, 5), material(final_fen, variant) FROM games ORDER BY id"
    "SELECT o.eco, o.name FROM games g, opening(position_at(g.game, 3), g.variant) o ORDER BY 1, 2"
)
for q in "${QUERIES[@]}"; do
    # The rows, without the header (the two name expressions differently).
    "$SQLCHESS" sql --db "$WORK/c.db" --csv "$q" | tail -n +2 >"$WORK/sqlite.csv"
    "${PSQL[@]}" --csv -c "$q" | tail -n +2 >"$WORK/pg.csv"
    if cmp -s "$WORK/sqlite.csv" "$WORK/pg.csv"; then
        echo "ok   same rows ($(wc -l <"$WORK/pg.csv") lines): ${q:0:90}"
    else
        echo "FAIL different rows: $q" >&2
        diff "$WORK/sqlite.csv" "$WORK/pg.csv" | head -20 >&2
        exit 1
    fi
done
# gamevalue's binary form: COPY BINARY out and in again.
"${PSQL[@]}" -c "COPY (SELECT id, game FROM games) TO '$PSQL_DIR/games.bin' (FORMAT binary)"
got=$("${PSQL[@]}" -A -t -c "CREATE TEMP TABLE g2 (id bigint, game gamevalue);
    COPY g2 FROM '$PSQL_DIR/games.bin' (FORMAT binary);
    SELECT count(*) FROM games JOIN g2 USING (id) WHERE to_pgn(games.game) = to_pgn(g2.game)")
check "COPY BINARY round trip of gamevalue" 77 "$got"
rm -rf "$WORK"
pg_cluster_stop "$PSQL_DIR"
elapsed "import" "$t"

section "ci-pg.sh: ok"
