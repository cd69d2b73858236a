#!/usr/bin/env bash
# Benchmark of the explorer (issue 13), one command:
#   scripts/bench-explorer.sh [GAMES]     # default 1,000,000 games
#
# Builds the release CLI and gen_corpus, generates the games issue's corpus
# (`gen_corpus GAMES 2026`, cached in target/bench-pgn/, and its standard
# games for python-chess and pgn-extract), imports it once into
# target/bench-explorer/games-GAMES.db (`sqlchess import`, timed; delete the
# file to import again), then runs scripts/bench-explorer.py with the test
# venv's Python (scripts/test-python.sh makes it): position lookups, opening
# trees, a material search, relation sizes against zstd, and python-chess and
# pgn-extract answering the same position question.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
GAMES=${1:-1000000}
VENV=${SQLCHESS_VENV:-$REPO/target/python-venv}
PGN_DIR=$REPO/target/bench-pgn
DIR=$REPO/target/bench-explorer
mkdir -p "$PGN_DIR" "$DIR"
export CARGO_TERM_COLOR=never

cargo build --release --quiet -p sqlchess-cli
cargo build --release --quiet -p sqlchess-pgn --example gen_corpus
CORPUS=$PGN_DIR/corpus-$GAMES-2026.pgn
STANDARD=$PGN_DIR/standard-$GAMES-2026.pgn
if [ ! -s "$CORPUS" ]; then
    target/release/examples/gen_corpus "$GAMES" 2026 > "$CORPUS.tmp" && mv "$CORPUS.tmp" "$CORPUS"
fi
if [ ! -s "$STANDARD" ]; then
    # As scripts/bench-pgn.sh: the games without a Variant tag (games start
    # at their Event tag; gen_corpus writes one for every game).
    awk 'function flush() { if (buf != "" && buf !~ /\n\[Variant /) printf "%s", buf; buf = "" }
         /^\[Event / { flush() } { buf = buf $0 "\n" } END { flush() }' "$CORPUS" > "$STANDARD.tmp"
    mv "$STANDARD.tmp" "$STANDARD"
fi
DB=$DIR/games-$GAMES.db
if [ ! -s "$DB" ]; then
    echo "== sqlchess import ($GAMES games)"
    /usr/bin/time -f "import: %e s wall, %M KB max RSS" \
        target/release/sqlchess import --db "$DB" --rejects "$DIR/rejects.pgn" "$CORPUS" || true
fi
"$VENV/bin/python" scripts/bench-explorer.py "$DB" "$CORPUS" "$STANDARD"
