#!/usr/bin/env bash
# The Python package and the SQLite loadable extension (issue 14):
#   - a venv made with Debian's /usr/bin/python3 (its sqlite3 module can load
#     extensions; pyenv's default build cannot), with maturin, pytest, mypy,
#     python-chess, pyffish, scipy (the network trainer), and pyspark with
#     pyarrow and pandas (installed once); Java 17 for Spark (Debian's
#     openjdk-17-jre-headless);
#   - `pip install ./python` (the README's install; it also builds
#     crates/sqlchess-sqlite-ext into the package) and `maturin build
#     --release` (a wheel in target/wheels), redone only when a source
#     changed;
#   - pytest on python/tests (the API against python-chess and pyffish, PGN,
#     errors, the extension in Python's sqlite3 and the sqlite3 shell against
#     `sqlchess sql`, sqlchess.spark on Spark local[2] and on a standalone
#     cluster of two workers on 127.0.0.1), then mypy --strict on the
#     package and the tests.
# Installs python3-venv and sqlite3 with apt-get when missing (needs root).
# SQLCHESS_VENV overrides the venv's place (default target/python-venv).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
VENV=${SQLCHESS_VENV:-$ROOT/target/python-venv}
PY=/usr/bin/python3
DEPS=(maturin==1.9.6 pytest==9.2.0 mypy==2.4.1 chess==1.11.2 pyffish==0.0.90
      pyspark==4.3.0 pyarrow==26.0.1 pandas==2.3.3
      pysqlite3-binary==0.5.4.post2 scipy==1.17.1)

apt_install() {
    echo "== apt-get install $*"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}
missing=()
[ -x "$PY" ] || missing+=(python3)
"$PY" -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
command -v sqlite3 >/dev/null || missing+=(sqlite3)
command -v java >/dev/null || missing+=(openjdk-17-jre-headless)
[ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"

if [ ! -x "$VENV/bin/python" ]; then
    echo "== venv $VENV"
    "$PY" -m venv "$VENV"
fi
if ! "$VENV/bin/python" - "${DEPS[@]}" <<'PY'
import importlib.metadata as md
import sys
for spec in sys.argv[1:]:
    name, version = spec.split("==")
    try:
        if md.version(name) != version:
            sys.exit(1)
    except md.PackageNotFoundError:
        sys.exit(1)
PY
then
    echo "== pip install ${DEPS[*]}"
    "$VENV/bin/pip" install -q "${DEPS[@]}"
fi

echo "== cargo fmt, clippy: crates/sqlchess-sqlite-ext (outside the root workspace)"
cargo fmt --manifest-path crates/sqlchess-sqlite-ext/Cargo.toml -- --check
cargo clippy -q --manifest-path crates/sqlchess-sqlite-ext/Cargo.toml --target-dir target/sqlite-ext -- -D warnings

# Rebuild only when a source of the module or the extension changed.
stamp=$(cat Cargo.lock crates/sqlchess-sqlite-ext/Cargo.lock \
        $(git ls-files -co --exclude-standard python crates | grep -vE '^python/tests/|^crates/sqlchess-(pg|cli|puzzles)/|\.(md|pgn|jsonl|perft|csv)$' | sort) \
        2>/dev/null | sha256sum | cut -d' ' -f1)
if [ "$(cat "$VENV/.sqlchess-stamp" 2>/dev/null)" != "$stamp" ]; then
    echo "== pip install ./python"
    "$VENV/bin/pip" install -q --force-reinstall --no-deps ./python
    echo "== maturin build --release"
    rm -rf target/wheels
    (cd python && "$VENV/bin/maturin" build --release --out "$ROOT/target/wheels" -q)
    wheel=$(ls target/wheels/sqlchess-*.whl)
    for member in sqlchess/_native.abi3.so sqlchess/libsqlchess.so sqlchess/__init__.py sqlchess/py.typed; do
        "$VENV/bin/python" -c 'import sys, zipfile; sys.exit(sys.argv[2] not in zipfile.ZipFile(sys.argv[1]).namelist())' \
            "$wheel" "$member" || { echo "$wheel lacks $member" >&2; exit 1; }
    done
    echo "$stamp" > "$VENV/.sqlchess-stamp"
fi

echo "== cargo build -p sqlchess-cli (the rows the extension must match)"
cargo build -q -p sqlchess-cli
export SQLCHESS_BIN=$ROOT/target/debug/sqlchess

echo "== pytest python/tests"
status=0
(cd python/tests && "$VENV/bin/python" -m pytest -q -p no:cacheprovider .) || status=$?
if [ "$status" -eq 5 ]; then
    echo "pytest collected no tests" >&2
    exit 1
elif [ "$status" -ne 0 ]; then
    exit "$status"
fi

echo "== mypy --strict"
(cd python && "$VENV/bin/mypy" --strict --no-incremental sqlchess tests)
