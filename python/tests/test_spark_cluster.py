"""sqlchess.spark on a real standalone cluster on 127.0.0.1: one master and
two workers of one core each, started and stopped by PID (spark_cluster.py).
Runs after test_spark.py's local session has stopped (one SparkContext per
process)."""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("pyspark")

import sqlchess  # noqa: E402
import sqlchess.spark  # noqa: E402
from conftest import PGN_DATA  # noqa: E402
from pyspark.sql import SparkSession  # noqa: E402
from spark_cluster import session, standalone_cluster  # noqa: E402

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@pytest.fixture(scope="module")
def cluster() -> Iterator[SparkSession]:
    with standalone_cluster(workers=2, cores=1) as master:
        spark = session(master, app="sqlchess-cluster-tests")
        try:
            yield spark
        finally:
            spark.stop()


def executors(spark: SparkSession) -> int:
    """Block managers registered: the driver's and one per executor."""
    return int(spark.sparkContext._jsc.sc().getExecutorMemoryStatus().size()) - 1


def test_two_workers_do_the_work(cluster: SparkSession) -> None:
    deadline = time.monotonic() + 60
    while executors(cluster) < 2 and time.monotonic() < deadline:
        time.sleep(0.5)
    assert executors(cluster) == 2  # one executor per worker
    # Every ply a stage on the workers.
    assert sqlchess.spark.perft(cluster, START, 5, split=3, driver_plies=0) == 4865609


def test_read_pgn_on_the_cluster_equals_native(cluster: SparkSession, tmp_path: Path) -> None:
    path = tmp_path / "corpus.pgn"
    shutil.copy(PGN_DATA / "corpus.pgn", path)
    games, rejected = sqlchess.spark.read_pgn(cluster, str(path), part_bytes=30_000)
    rows = games.orderBy("game_no").select("game_no", "final_fen", "ply_count").collect()
    native = [
        (g.number, g.final_fen(), len(g.moves)) for g in sqlchess.read_pgn(path) if g.error is None
    ]
    assert [tuple(r) for r in rows] == native
    assert rejected.count() == sum(1 for g in sqlchess.read_pgn(path) if g.error is not None)
