#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ for SECONDS each (default 30), starting
# from its checked-in seed corpus (fuzz/corpus/<target>/), and fails on the
# first crash, panic, leak, timeout or out-of-memory. Builds are optimised
# with debug assertions and overflow checks on, under AddressSanitizer
# (cargo-fuzz's defaults); RUSTC_BOOTSTRAP=1 lets the stable toolchain build
# them. Installs cargo-fuzz 0.13.2 when it is missing.
#
# FUZZ_SEED=N fixes libFuzzer's random seed, so that a run repeats the same
# mutations of the same corpus (CI sets it: a gate that passed here passes
# there for the same reason; exploring is what the long unseeded runs do).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# What a run adds to the corpus goes to fuzz/target/grown/<target>/ (ignored
# by git: it grows without bound), so a later local run goes on from it. A
# crash leaves its reproducer in fuzz/artifacts/<target>/: once fixed, copy
# it into fuzz/corpus/<target>/ as a regression seed. The closing table
# gives each target's executions and executions per second.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

SECONDS_EACH=${1:-30}
shift || true
export RUSTC_BOOTSTRAP=1
export CARGO_TERM_COLOR=never

if ! cargo fuzz --version 2>/dev/null | grep -q '^cargo-fuzz 0\.13\.'; then
    echo "== installing cargo-fuzz 0.13.2"
    cargo install --locked cargo-fuzz --version 0.13.2
fi

if [ $# -gt 0 ]; then
    TARGETS=("$@")
else
    mapfile -t TARGETS < <(cargo fuzz list)
fi

echo "== building ${#TARGETS[@]} fuzz targets ($(date -u +%H:%M:%S))"
t=$(date +%s)
cargo fuzz build
echo "-- build took $(($(date +%s) - t)) s"

SEED_ARGS=()
if [ -n "${FUZZ_SEED:-}" ]; then
    SEED_ARGS=(-seed="$FUZZ_SEED")
fi

SUMMARY=()
for target in "${TARGETS[@]}"; do
    [ -d "corpus/$target" ] || { echo "fuzz.sh: no seed corpus corpus/$target" >&2; exit 1; }
    grown=target/grown/$target
    mkdir -p "$grown" "artifacts/$target"
    log=target/grown/$target.log
    echo "== $target: ${SECONDS_EACH} s ($(date -u +%H:%M:%S))"
    # The grown directory first: libFuzzer writes new inputs there only.
    if ! cargo fuzz run "$target" "$grown" "corpus/$target" -- \
        -max_total_time="$SECONDS_EACH" -timeout=20 -rss_limit_mb=2048 \
        -print_final_stats=1 "${SEED_ARGS[@]}" >"$log" 2>&1; then
        tail -40 "$log" >&2
        echo "fuzz.sh: $target FAILED; reproducer in fuzz/artifacts/$target/" >&2
        exit 1
    fi
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    corpus=$(find "$grown" "corpus/$target" -type f | wc -l)
    SUMMARY+=("$(printf '%-14s %6s s %12s execs %8s execs/s %7s inputs' \
        "$target" "$SECONDS_EACH" "${execs:-?}" "${rate:-?}" "$corpus")")
done

echo
echo "== fuzz.sh: every target ran without a crash"
printf '%s\n' "${SUMMARY[@]}"
