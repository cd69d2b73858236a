"""Benchmark of sqlchess on Spark (issue 15), run by scripts/bench-spark.sh.

Measured side by side in one run, so that the ratios hold on a shared,
noisy machine:

1. set-based perft DEPTH (default 7) from the start on Spark ``local[N]``
   (N = SQLCHESS_BENCH_CORES, default every core here) and on a standalone
   cluster of 1 and of 2 workers on 127.0.0.1 (one core each), against
   native single-thread bulk perft (``sqlchess.perft``) of the same depth;
   Kiwipete perft 6 (8,031,647,685) on ``local[N]`` as a check;
2. PGN games per second: ``sqlchess.spark.read_pgn`` of the corpus (every
   column computed: the games and rejected are counted and ``ply_count``
   summed) on ``local[N]`` and on the clusters, against the native reader
   (``pgn_check``: read_games with every move checked, no database) on one
   core and on N, and ``sqlchess import`` into SQLite.

Prints a Markdown table for BENCHMARKS.md. On a bigger machine:
``SQLCHESS_BENCH_CORES=16 SQLCHESS_BENCH_WORKERS=16 scripts/bench-spark.sh``.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "python" / "tests"))

import sqlchess  # noqa: E402
import sqlchess.spark  # noqa: E402
from spark_cluster import session, standalone_cluster  # noqa: E402

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
PUBLISHED = {(START, 5): 4865609, (START, 6): 119060324, (START, 7): 3195901860,
             (KIWIPETE, 6): 8031647685}

DEPTH = int(os.environ.get("SQLCHESS_BENCH_DEPTH", "7"))
CORES = int(os.environ.get("SQLCHESS_BENCH_CORES", str(os.cpu_count() or 2)))
WORKERS = int(os.environ.get("SQLCHESS_BENCH_WORKERS", "2"))
SPLITS = [int(s) for s in os.environ.get("SQLCHESS_BENCH_SPLITS", "4,5").split(",")]
CORPUS = Path(sys.argv[1])
BIN = Path(sys.argv[2])


def timed(f):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    value = f()
    return time.perf_counter() - t, value


def spark_pgn(spark) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    """One read of the corpus (the games' count and plies: every game parsed
    and every column built), timed; the rejected games counted after, by a
    second read, untimed."""
    start = time.perf_counter()
    games, rejected = sqlchess.spark.read_pgn(spark, str(CORPUS), part_bytes=16 << 20)
    row = games.selectExpr("count(*)", "sum(ply_count)").first()
    t = time.perf_counter() - start
    return t, int(row[0]) + rejected.count()


def main() -> None:
    rows: list[tuple[str, str, float, str]] = []
    print(f"machine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}, "
          f"Spark local[{CORES}] and {WORKERS} workers", flush=True)

    native_t, native_n = timed(lambda: sqlchess.perft(START, DEPTH))
    assert native_n == PUBLISHED[(START, DEPTH)], native_n
    rows.append((f"native bulk perft {DEPTH}, one thread", "—", native_t, "1.00×"))

    games_total = 0
    with tempfile.TemporaryDirectory() as tmp:
        check = [str(BIN.parent / "examples" / "pgn_check")]
        t1, _ = timed(lambda: subprocess.run([*check, str(CORPUS), "1", "--keys"], check=True,
                                             capture_output=True))
        tn, _ = timed(lambda: subprocess.run([*check, str(CORPUS), str(CORES), "--keys"], check=True,
                                               capture_output=True, text=True))
        ti, _ = timed(lambda: subprocess.run(
            [str(BIN), "import", "--db", f"{tmp}/bench.db", "--rejects", f"{tmp}/rejects.pgn",
             str(CORPUS)], check=False, capture_output=True))
    games_total = sum(1 for line in CORPUS.open("rb") if line.startswith(b"[Event "))
    pgn_rows = [
        ("native reader (pgn_check --keys), one core", t1),
        (f"native reader (pgn_check --keys), {CORES} threads", tn),
        ("sqlchess import --db (SQLite, every core)", ti),
    ]

    spark = session(f"local[{CORES}]", app="sqlchess-bench")
    sqlchess.spark.register(spark)
    sqlchess.spark.perft(spark, START, 3)  # warm the Python workers
    for split in SPLITS:
        t, n = timed(lambda: sqlchess.spark.perft(spark, START, DEPTH, split=split))
        assert n == PUBLISHED[(START, DEPTH)], n
        rows.append((f"Spark local[{CORES}] set-based perft {DEPTH}", str(split), t,
                     f"{t / native_t:.2f}×"))
    t, n = timed(lambda: sqlchess.spark.perft(spark, KIWIPETE, 6))
    assert n == PUBLISHED[(KIWIPETE, 6)], n
    kiwi = t
    t, n = spark_pgn(spark)
    assert n == games_total, (n, games_total)
    pgn_rows.append((f"sqlchess.spark.read_pgn, local[{CORES}]", t))
    spark.stop()

    for workers in sorted({1, WORKERS}):
        with standalone_cluster(workers=workers, cores=1) as master:
            spark = session(master, app="sqlchess-bench-cluster")
            deadline = time.monotonic() + 60
            while (spark.sparkContext._jsc.sc().getExecutorMemoryStatus().size() - 1 < workers
                   and time.monotonic() < deadline):
                time.sleep(0.5)
            sqlchess.spark.register(spark)
            sqlchess.spark.perft(spark, START, 3)
            split = SPLITS[0]
            t, n = timed(lambda: sqlchess.spark.perft(spark, START, DEPTH, split=split))
            assert n == PUBLISHED[(START, DEPTH)], n
            rows.append((f"Spark standalone, {workers} worker(s) × 1 core, perft {DEPTH}",
                         str(split), t, f"{t / native_t:.2f}×"))
            t, n = spark_pgn(spark)
            assert n == games_total, (n, games_total)
            pgn_rows.append((f"sqlchess.spark.read_pgn, {workers} worker(s) × 1 core", t))
            spark.stop()

    print()
    print(f"| perft {DEPTH} from the start ({PUBLISHED[(START, DEPTH)]:,} leaves) | split ply "
          "| time | vs native |")
    print("| --- | --- | --- | --- |")
    for label, split, t, ratio in rows:
        print(f"| {label} | {split} | {t:.2f} s | {ratio} |")
    print()
    print(f"Kiwipete perft 6 (8,031,647,685) on local[{CORES}]: {kiwi:.2f} s")
    print()
    print(f"| reading {games_total:,} games ({CORPUS.stat().st_size / 1e6:.0f} MB) | time "
          "| games/s |")
    print("| --- | --- | --- |")
    for label, t in pgn_rows:
        print(f"| {label} | {t:.2f} s | {games_total / t:,.0f} |")


if __name__ == "__main__":
    main()
