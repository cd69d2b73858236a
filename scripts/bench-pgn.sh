#!/usr/bin/env bash
# Benchmark of PGN parsing and import (issue 12, "Games"), one command:
#   scripts/bench-pgn.sh [GAMES]        # default 1,000,000 games
#
#  1. builds the release binaries (sqlchess, and the sqlchess-pgn examples
#     gen_corpus and pgn_check);
#  2. generates the corpus with `gen_corpus GAMES 2026`, cached in
#     target/bench-pgn/ (Lichess-style games: clocks on every move, some
#     evals and NAGs, ~3 % Chess960, ~3 % other variants, 0.5 % broken);
#  3. parse-only throughput with every move checked (`pgn_check
#     --check-only`: read_parsed_games, the reader of the Python package; no
#     database) on one core and on every core, on the whole corpus and on
#     its standard-chess games (standard.pgn: the games without a Variant
#     tag, which pgn-extract and python-chess can all read); and on one core
#     the importer's reader too (`pgn_check`: read_games, which also writes
#     each game's row: the game value, FENs, tags as JSON);
#  4. ROUNDS (default 5) interleaved rounds of python-chess (read_game
#     checks every move as it replays it) on the first PY_GAMES (default
#     1,000) standard games, then sqlchess on one core on the same games read
#     ten times over (both readers): each round's ratios, and their median;
#  5. pgn-extract (`-r`: parse, check every move, report errors, write
#     nothing) on standard.pgn, and sqlchess on one core on the same file;
#  6. `sqlchess import --db target/bench-pgn/bench.db` of the whole corpus
#     (every core; the database deleted first): games/s, minutes, and bytes
#     on disk per game and per indexed position (SQLite's dbstat).
#
# SKIP_IMPORT=1 stops after step 5 (parsing only: no CLI build, no
# database).
#
# Needs python-chess in target/python-venv (scripts/test-python.sh makes
# it), in .venv (python3 -m venv .venv && .venv/bin/pip install chess) or
# on PYTHON's path, pgn-extract (apt-get install
# pgn-extract), sqlite3 (apt-get install sqlite3) and /usr/bin/time
# (apt-get install time: each reader's CPU time, user + system). Timings on a shared
# machine are noisy: compare the ratios of one run.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
GAMES=${1:-1000000}
PY_GAMES=${PY_GAMES:-1000}
ROUNDS=${ROUNDS:-5}
SEED=${SEED:-2026}
DIR=$REPO/target/bench-pgn
# The faster CPython first: Debian's (target/python-venv, made by
# scripts/test-python.sh) reads PGN about 10 % faster than a pyenv build.
if [ -z "${PYTHON:-}" ] && [ -x "$REPO/target/python-venv/bin/python" ] \
    && "$REPO/target/python-venv/bin/python" -c 'import chess' 2>/dev/null; then
    PYTHON=$REPO/target/python-venv/bin/python
fi
PYTHON=${PYTHON:-$REPO/.venv/bin/python}
PGN_EXTRACT=${PGN_EXTRACT:-$(command -v pgn-extract || echo /usr/games/pgn-extract)}
mkdir -p "$DIR"
export CARGO_TERM_COLOR=never

echo "== machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(date -u +%Y-%m-%d)"
echo "== build (release)"
[ -n "${SKIP_IMPORT:-}" ] || cargo build --release --quiet -p sqlchess-cli
cargo build --release --quiet -p sqlchess-pgn --example gen_corpus --example pgn_check
BIN=$REPO/target/release
CHECK=$BIN/examples/pgn_check

CORPUS=$DIR/corpus-$GAMES-$SEED.pgn
if [ ! -s "$CORPUS" ]; then
    echo "== generating $GAMES games (gen_corpus $GAMES $SEED)"
    start=$(date +%s.%N)
    "$BIN/examples/gen_corpus" "$GAMES" "$SEED" > "$CORPUS.tmp"
    mv "$CORPUS.tmp" "$CORPUS"
    echo "generated in $(echo "$(date +%s.%N) - $start" | bc) s"
fi
STANDARD=$DIR/standard-$GAMES-$SEED.pgn
# Games start at their Event tag (gen_corpus writes one for every game).
if [ ! -s "$STANDARD" ]; then
    awk 'function flush() { if (buf != "" && buf !~ /\n\[Variant /) printf "%s", buf; buf = "" }
         /^\[Event / { flush() } { buf = buf $0 "\n" } END { flush() }' "$CORPUS" > "$STANDARD.tmp"
    mv "$STANDARD.tmp" "$STANDARD"
fi
SUBSET=$DIR/standard-first-$PY_GAMES.pgn
awk -v n="$PY_GAMES" '/^\[Event / { if (++games > n) exit } { print }' "$STANDARD" > "$SUBSET"
# sqlchess reads the subset ten times over (the same games, one file), so
# that its run lasts seconds like python-chess's and both average the
# shared machine's changing speed alike: a run of a fraction of a second
# lands on a fast or a slow moment.
SUBSET10=$DIR/standard-first-$PY_GAMES-x10.pgn
for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$SUBSET"; echo; done > "$SUBSET10"
echo "corpus: $(du -h "$CORPUS" | cut -f1) ($CORPUS); standard games: $(du -h "$STANDARD" | cut -f1)"

# field NAME LINE: the value of NAME=... in pgn_check's last line.
field() { echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
# run_check FILE WORKERS [--check-only]: prints pgn_check's report, sets
# LAST (with cpu=SECONDS, user + system, as /usr/bin/time reports it).
run_check() {
    local out
    out=$(/usr/bin/time -f "%U+%S" -o "$DIR/check.time" "$CHECK" "$@")
    echo "$out" | sed 's/^/    /' | grep -v '=' >&2 || true
    LAST="$(echo "$out" | tail -1) cpu=$(bc < "$DIR/check.time")"
}
rate() { echo "scale=1; $(field games "$1") / $(field secs "$1")" | bc; }
cpu_rate() { echo "scale=1; $(field games "$1") / $(field cpu "$1")" | bc; }

echo "== sqlchess parse with full move validation (pgn_check --check-only: read_parsed_games, no database)"
echo "-- whole corpus, 1 worker"
run_check "$CORPUS" 1 --check-only; ONE=$LAST
echo "-- whole corpus, $(nproc) workers"
run_check "$CORPUS" "$(nproc)" --check-only; ALL=$LAST
echo "-- standard games only, 1 worker"
run_check "$STANDARD" 1 --check-only; STD_ONE=$LAST
echo "-- standard games only, 1 worker, the importer's reader (pgn_check: read_games, rows built)"
run_check "$STANDARD" 1; STD_ROWS=$LAST

echo "== python-chess $("$PYTHON" -c 'import chess; print(chess.__version__)') against sqlchess on one core, $ROUNDS interleaved rounds"
echo "   (each round: python-chess read_game on the first $PY_GAMES standard games, then sqlchess on the same games ten times over, both readers)"
# Each round times the two programs back to back, so a slow moment of the
# shared host lands on both; the median of the rounds' ratios is the figure
# (the host's bursts of load make single runs swing by 2x).
PY_ROUND=$(cat <<'EOF_PY'
import sys, time, logging
import chess.pgn
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
games = plies = rejected = 0
start, cpu_start = time.perf_counter(), time.process_time()
with open(sys.argv[1], encoding="utf-8") as f:
    while True:
        g = chess.pgn.read_game(f)
        if g is None:
            break
        games += 1
        rejected += bool(g.errors)
        plies += sum(1 for _ in g.mainline_moves())
secs, cpu = time.perf_counter() - start, time.process_time() - cpu_start
print(f"games={games} rejected={rejected} plies={plies} secs={secs:.3f} cpu={cpu:.3f}")
EOF_PY
)
# median of the numbers on stdin
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
RATIOS_CPU=() RATIOS_WALL=() RATIOS_ROWS=()
for round in $(seq 1 "$ROUNDS"); do
    PY=$("$PYTHON" -c "$PY_ROUND" "$SUBSET")
    run_check "$SUBSET10" 1 --check-only 2>/dev/null; SUB_ONE=$LAST
    run_check "$SUBSET10" 1 2>/dev/null; SUB_ROWS=$LAST
    cpu_x=$(echo "scale=1; $(cpu_rate "$SUB_ONE") / $(cpu_rate "$PY")" | bc)
    wall_x=$(echo "scale=1; $(rate "$SUB_ONE") / $(rate "$PY")" | bc)
    rows_x=$(echo "scale=1; $(cpu_rate "$SUB_ROWS") / $(cpu_rate "$PY")" | bc)
    RATIOS_CPU+=("$cpu_x") RATIOS_WALL+=("$wall_x") RATIOS_ROWS+=("$rows_x")
    echo "    round $round: python-chess $(cpu_rate "$PY") games per CPU second ($(field rejected "$PY") rejected); sqlchess check only $(cpu_rate "$SUB_ONE"), ${cpu_x}x by CPU time, ${wall_x}x by wall time; importer's reader $(cpu_rate "$SUB_ROWS"), ${rows_x}x by CPU time"
done
MED_CPU=$(printf '%s\n' "${RATIOS_CPU[@]}" | median)
MED_WALL=$(printf '%s\n' "${RATIOS_WALL[@]}" | median)
MED_ROWS=$(printf '%s\n' "${RATIOS_ROWS[@]}" | median)

echo "== pgn-extract ($("$PGN_EXTRACT" -h 2>&1 | head -1 | awk '{print $2}')) -r (check every move, write nothing) on the standard games"
start=$(date +%s.%N)
/usr/bin/time -f "%U+%S" -o "$DIR/pgn-extract.time" \
    "$PGN_EXTRACT" -r -s --quiet "$STANDARD" > /dev/null 2> "$DIR/pgn-extract.log" || true
PE_SECS=$(echo "$(date +%s.%N) - $start" | bc)
PE_CPU=$(bc < "$DIR/pgn-extract.time")
STD_GAMES=$(field games "$STD_ONE")
echo "    $STD_GAMES games in $PE_SECS s: $(echo "scale=0; $STD_GAMES / $PE_SECS" | bc) games/s; $(grep -c . "$DIR/pgn-extract.log" || true) lines of reports in $DIR/pgn-extract.log"

if [ -z "${SKIP_IMPORT:-}" ]; then
echo "== sqlchess import (every core) into a fresh database"
DB=$DIR/bench.db
rm -f "$DB" "$DB-wal" "$DB-shm" "$DB-journal" "$DB.rejects.pgn"
start=$(date +%s.%N)
"$BIN/sqlchess" import --db "$DB" "$CORPUS" 2>&1 | grep -v '^  *rejected\|rejected games written' | sed 's/^/    /' || true
IMPORT_SECS=$(echo "$(date +%s.%N) - $start" | bc)
STATS=$(sqlite3 "$DB" "SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM game_positions), \
    (SELECT sum(pgsize) FROM dbstat WHERE name = 'games'), \
    (SELECT sum(pgsize) FROM dbstat WHERE name = 'game_positions'), \
    (SELECT page_count * page_size FROM pragma_page_count, pragma_page_size)")
IFS='|' read -r N_GAMES N_POS GAMES_BYTES POS_BYTES DB_BYTES <<< "$STATS"
fi

echo
echo "== summary ($GAMES games generated, seed $SEED)"
printf '%-58s %s\n' "sqlchess parse+check, 1 core, whole corpus:" "$(rate "$ONE") games/s ($(echo "scale=1; $(field bytes "$ONE") / $(field secs "$ONE") / 1000000" | bc) MB/s)"
printf '%-58s %s\n' "sqlchess parse+check, $(nproc) cores, whole corpus:" "$(rate "$ALL") games/s ($(echo "scale=1; $(field bytes "$ALL") / $(field secs "$ALL") / 1000000" | bc) MB/s), $(echo "scale=2; $(rate "$ALL") / $(rate "$ONE")" | bc)x one core"
printf '%-58s %s\n' "sqlchess 1 core vs python-chess, first $PY_GAMES games:" "median of $ROUNDS rounds ${MED_CPU}x by CPU time (target >= 100x), ${MED_WALL}x by wall time; rounds by CPU: ${RATIOS_CPU[*]}"
printf '%-58s %s\n' "  the importer's reader (rows built), same games:" "median ${MED_ROWS}x by CPU time; rounds: ${RATIOS_ROWS[*]}"
printf '%-58s %s\n' "pgn-extract -r, standard games:" "$(echo "scale=1; $STD_GAMES / $PE_SECS" | bc) games/s ($(echo "scale=1; $STD_GAMES / $PE_CPU" | bc) per CPU second)"
printf '%-58s %s\n' "sqlchess 1 core, same file:" "$(rate "$STD_ONE") games/s: $(echo "scale=2; $(rate "$STD_ONE") * $PE_SECS / $STD_GAMES" | bc)x pgn-extract by wall time, $(echo "scale=2; $(cpu_rate "$STD_ONE") * $PE_CPU / $STD_GAMES" | bc)x by CPU time (target >= 3x)"
printf '%-58s %s\n' "  the importer's reader (rows built), same file:" "$(rate "$STD_ROWS") games/s: $(echo "scale=2; $(rate "$STD_ROWS") * $PE_SECS / $STD_GAMES" | bc)x pgn-extract by wall time, $(echo "scale=2; $(cpu_rate "$STD_ROWS") * $PE_CPU / $STD_GAMES" | bc)x by CPU time"
[ -n "${SKIP_IMPORT:-}" ] && exit 0
printf '%-58s %s\n' "sqlchess import, $(nproc) cores:" "$N_GAMES games, $N_POS positions in $IMPORT_SECS s = $(echo "scale=2; $IMPORT_SECS / 60" | bc) min, $(echo "scale=0; $GAMES / $IMPORT_SECS" | bc) games/s read"
printf '%-58s %s\n' "  at this rate 1,000,000 games take:" "$(echo "scale=2; $IMPORT_SECS * 1000000 / $GAMES / 60" | bc) min (target < 3 min)"
printf '%-58s %s\n' "  database on disk:" "$(echo "scale=1; $DB_BYTES / 1000000" | bc) MB: games $(echo "scale=1; $GAMES_BYTES / $N_GAMES" | bc) B/game, game_positions $(echo "scale=1; $POS_BYTES / $N_POS" | bc) B/position (target < 32), whole file $(echo "scale=1; $DB_BYTES / $N_POS" | bc) B/position"
