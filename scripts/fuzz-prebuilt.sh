#!/usr/bin/env bash
# Runs prebuilt fuzz targets (the binaries `cargo fuzz build` leaves in
# fuzz/target/x86_64-unknown-linux-gnu/release/) all at once, one process
# per target, for SECONDS each: a many-core machine without a Rust
# toolchain fuzzes every target at the same time. Each starts from its
# checked-in seeds (fuzz/corpus/<target>/) and grows a corpus of its own in
# OUT/grown/<target>/; a crash, leak, timeout or out-of-memory leaves its
# input in OUT/crashes/ and fails the run. OUT/summary.txt gets each
# target's executions, executions per second and corpus size.
#
#   scripts/fuzz-prebuilt.sh BIN_DIR SECONDS OUT [TARGET...]
#
# scripts/fuzz.sh is the one-target-at-a-time runner that builds too.
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=$1
SECS=$2
OUT=$3
shift 3
if [ $# -gt 0 ]; then
    TARGETS=("$@")
else
    mapfile -t TARGETS < <(ls fuzz/fuzz_targets | sed -n 's/\.rs$//p')
fi
mkdir -p "$OUT/grown" "$OUT/crashes" "$OUT/logs"
pids=()
for t in "${TARGETS[@]}"; do
    mkdir -p "$OUT/grown/$t"
    # Same limits as scripts/fuzz.sh: a slow input is a hang, a large one
    # a leak of memory.
    "$BIN/$t" -max_total_time="$SECS" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$OUT/crashes/$t-" "$OUT/grown/$t" "fuzz/corpus/$t" \
        > "$OUT/logs/$t.log" 2>&1 &
    pids+=("$!")
done
status=0
for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || { status=1; echo "FAILED: ${TARGETS[$i]}"; }
done
{
    printf '%-14s %12s %10s %8s\n' target executions execs/s corpus
    for t in "${TARGETS[@]}"; do
        log=$OUT/logs/$t.log
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
        rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
        corpus=$(ls "$OUT/grown/$t" | wc -l)
        printf '%-14s %12s %10s %8s\n' "$t" "${runs:-?}" "${rate:-?}" "$corpus"
    done
} | tee "$OUT/summary.txt"
ls "$OUT/crashes"
exit $status
