#!/usr/bin/env bash
# Benchmark of sqlchess on Spark (issue 15), one command:
#   scripts/bench-spark.sh [GAMES]      # default 100,000 games for the PGN part
#
# Builds the release CLI and the sqlchess-pgn examples, generates the corpus
# (`gen_corpus GAMES 2026`, cached in target/bench-pgn/), installs the Python
# package and pyspark into the test venv (target/python-venv, as
# scripts/test-python.sh makes it) when missing, then runs
# scripts/bench-spark.py: set-based perft 7 on Spark local[N] and on
# standalone clusters of 1 and 2 workers against native bulk perft, and PGN
# games per second through Spark against the native reader and importer.
# Environment: SQLCHESS_BENCH_DEPTH (7), SQLCHESS_BENCH_CORES (every core),
# SQLCHESS_BENCH_WORKERS (2), SQLCHESS_BENCH_SPLITS (4,5). On a bigger
# machine: SQLCHESS_BENCH_CORES=16 SQLCHESS_BENCH_WORKERS=16 scripts/bench-spark.sh
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
GAMES=${1:-100000}
VENV=${SQLCHESS_VENV:-$REPO/target/python-venv}
DIR=$REPO/target/bench-pgn
mkdir -p "$DIR"
export CARGO_TERM_COLOR=never

echo "== build (release)"
cargo build --release --quiet -p sqlchess-cli
cargo build --release --quiet -p sqlchess-pgn --example gen_corpus --example pgn_check
CORPUS=$DIR/corpus-$GAMES-2026.pgn
if [ ! -s "$CORPUS" ]; then
    echo "== generating $GAMES games"
    target/release/examples/gen_corpus "$GAMES" 2026 > "$CORPUS.tmp"
    mv "$CORPUS.tmp" "$CORPUS"
fi
if ! "$VENV/bin/python" -c 'import sqlchess.spark, pyspark' 2>/dev/null; then
    echo "== the test venv (scripts/test-python.sh)"
    scripts/test-python.sh >/dev/null
fi
command -v java >/dev/null || { echo "Java 17 is needed: apt-get install openjdk-17-jre-headless" >&2; exit 2; }
echo "== benchmark"
"$VENV/bin/python" scripts/bench-spark.py "$CORPUS" "$REPO/target/release/sqlchess"
