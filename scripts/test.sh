#!/usr/bin/env bash
# Every test: the workspace's, then the PostgreSQL extension's against a real
# server (scripts/ci-pg.sh installs Debian's PostgreSQL 15, its headers,
# libclang and cargo-pgrx 0.18.1 when missing; it needs root or sudo).
# The README's test command; .ci/run calls it after fmt and clippy.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-test-deps.sh

echo "== cargo test --workspace"
cargo test --workspace

echo "== Python package and SQLite loadable extension"
scripts/test-python.sh

echo "== PostgreSQL extension"
scripts/ci-pg.sh
