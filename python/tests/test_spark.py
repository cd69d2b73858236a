"""sqlchess.spark on a real Spark ``local[2]``: the embedded engine's SQL
functions answer as in SQLite, set-based perft equals native and published
perft, and read_pgn yields the games ``sqlchess import`` stores and the
rejected games ``read_pgn`` reports."""

from __future__ import annotations

import gzip
import importlib.util
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pyspark = pytest.importorskip("pyspark")

import sqlchess  # noqa: E402
import sqlchess.spark  # noqa: E402
import sqlchess.sqlite  # noqa: E402
from conftest import PGN_DATA, REPO, sqlchess_bin  # noqa: E402
from pyspark.sql import SparkSession  # noqa: E402
from spark_cluster import session  # noqa: E402

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
CAPABLANCA = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
# Chessprogramming wiki's published counts.
PUBLISHED = {
    START: [1, 20, 400, 8902, 197281, 4865609, 119060324],
    KIWIPETE: [1, 48, 2039, 97862, 4085603, 193690690, 8031647685],
}


@pytest.fixture(scope="module")
def spark() -> Iterator[SparkSession]:
    s = session("local[2]")
    sqlchess.spark.register(s)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def sqlite() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    sqlchess.sqlite.load(conn)
    return conn


def sql_rows(spark: SparkSession, query: str) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in spark.sql(query).collect()]


# ---- the SQL functions ----------------------------------------------------

POSITIONS = [
    (START, None),
    (KIWIPETE, None),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", None),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", None),
    ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", None),  # stalemate
    ("R6k/6pp/8/8/8/8/8/4K3 b - - 1 1", None),  # mate
    (CAPABLANCA, "capablanca"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "xiangqi"),
]


def _view(spark: SparkSession) -> None:
    spark.createDataFrame(POSITIONS, "fen string, variant string").createOrReplaceTempView(
        "positions"
    )


def test_scalars_answer_as_in_sqlite(spark: SparkSession, sqlite: sqlite3.Connection) -> None:
    _view(spark)
    exprs = [
        "is_check({a})",
        "is_checkmate({a})",
        "is_stalemate({a})",
        "game_status({a})",
        "perft(fen, 2{v})",
        "pack_position({a})",
        "unpack_position(pack_position({a}))",
        "zobrist({a})",
        "position_key({a})",
        "without_clocks({a})",
        "material({a})",
    ]
    # One query for every position (one Spark job): the variant always
    # given; the one-argument forms are the other tests'.
    cols = ", ".join(e.format(a="fen, variant", v=", variant") for e in exprs)
    got = sql_rows(
        spark,
        f"SELECT fen, {cols} FROM (SELECT fen, coalesce(variant, 'chess') AS variant "
        "FROM positions) ORDER BY fen",
    )
    lite = []
    for fen, variant in sorted(POSITIONS):
        lite += sqlite.execute(
            f"SELECT ?1, {cols.replace('fen', '?1').replace('variant', '?2')}",
            (fen, variant or "chess"),
        ).fetchall()
    # SQLite's truth values are 0/1, Spark's booleans.
    normal = [tuple(int(x) if isinstance(x, bool) else x for x in r) for r in got]
    assert normal == lite


def test_moves_apply_and_validate_as_in_sqlite(
    spark: SparkSession, sqlite: sqlite3.Connection
) -> None:
    cases = [(START, "e4"), (START, "g1f3"), (KIWIPETE, "O-O"), (KIWIPETE, "e1c1")]
    for fen, move in cases:
        q = f"SELECT apply_move('{fen}', '{move}'), validate_move('{fen}', '{move}')"
        assert sql_rows(spark, q) == sqlite.execute(q).fetchall()
    for fen, move in [(START, "e5"), (START, "zz"), (KIWIPETE, "Ke2")]:
        (reason,) = sql_rows(spark, f"SELECT validate_move('{fen}', '{move}')")[0]
        (lite,) = sqlite.execute(f"SELECT validate_move('{fen}', '{move}')").fetchone()
        assert reason == lite and reason, move
    q = f"SELECT apply_move('{CAPABLANCA}', 'c1d3', 'capablanca')"
    assert sql_rows(spark, q) == sqlite.execute(q).fetchall()
    (best,) = sql_rows(spark, "SELECT next_move('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', 2)")[0]
    assert best == "a1a8"


def test_null_in_null_out_and_errors_name_the_field(spark: SparkSession) -> None:
    row = sql_rows(
        spark,
        "SELECT apply_move(NULL, 'e4'), perft(NULL, 2), is_check(CAST(NULL AS STRING)), "
        f"apply_move('{START}', NULL)",
    )
    assert row == [(None, None, None, None)]
    assert sql_rows(spark, "SELECT count(*) FROM legal_moves(CAST(NULL AS STRING))") == [(0,)]
    with pytest.raises(Exception, match="placement"):
        sql_rows(spark, "SELECT perft('not a fen', 1)")
    with pytest.raises(Exception, match="unknown variant"):
        sql_rows(spark, f"SELECT perft('{START}', 1, 'nosuchvariant')")
    with pytest.raises(Exception, match="depth"):
        sql_rows(spark, f"SELECT perft('{START}', 99)")


def test_legal_moves_lateral_equals_sqlite(spark: SparkSession, sqlite: sqlite3.Connection) -> None:
    _view(spark)
    got = sql_rows(
        spark,
        "SELECT p.fen, m.uci, m.san, m.from_square, m.to_square, m.piece, m.captured, "
        "m.promotion, m.gives_check, m.fen_after "
        "FROM positions p, LATERAL legal_moves(p.fen, coalesce(p.variant, 'chess')) m "
        "ORDER BY p.fen, m.uci",
    )
    expected = []
    for fen, variant in POSITIONS:
        expected += [
            (fen, *r[:7], bool(r[7]), r[8])
            for r in sqlite.execute(
                "SELECT uci, san, from_square, to_square, piece, captured, promotion, "
                "gives_check, fen_after FROM legal_moves(?1, ?2)",
                (fen, variant or "chess"),
            )
        ]
    assert got == sorted(expected, key=lambda r: (r[0], r[1]))
    assert len(got) == 160


# ---- set-based perft ------------------------------------------------------


@pytest.mark.parametrize(("fen", "deepest"), [(START, 6), (KIWIPETE, 5)])
def test_set_based_perft_equals_published(spark: SparkSession, fen: str, deepest: int) -> None:
    # Kiwipete 6 (8,031,647,685) takes minutes on two cores: the benchmark
    # (scripts/bench-spark.py) checks it.
    for depth, expected in enumerate(PUBLISHED[fen][: deepest + 1]):
        assert sqlchess.spark.perft(spark, fen, depth) == expected, depth


def test_every_split_and_a_fairy_variant(spark: SparkSession) -> None:
    # Every ply a Spark stage (driver_plies=0), one ply on the driver then
    # Spark, and the default (small frontiers grown on the driver).
    for split, driver_plies in ((0, 0), (2, 0), (3, 1), (1, None), (3, None)):
        got = sqlchess.spark.perft(spark, KIWIPETE, 4, split=split, driver_plies=driver_plies)
        assert got == 4085603, (split, driver_plies)
    for depth in (2, 3):
        expected = sqlchess.perft(CAPABLANCA, depth, "capablanca")
        got = sqlchess.spark.perft(
            spark, CAPABLANCA, depth, "capablanca", split=depth - 1, driver_plies=0
        )
        assert got == expected, depth


def test_perft_refuses_bad_arguments_before_any_job(spark: SparkSession) -> None:
    with pytest.raises(sqlchess.InvalidFen):
        sqlchess.spark.perft(spark, "8/8/8 w - - 0 1", 2)
    with pytest.raises(sqlchess.InvalidDepth):
        sqlchess.spark.perft(spark, START, 3, split=4)
    with pytest.raises(sqlchess.InvalidDepth):
        sqlchess.spark.perft(spark, START, -1)
    with pytest.raises(sqlchess.UnknownVariant):
        sqlchess.spark.perft(spark, START, 1, "nosuchvariant")
    with pytest.raises(sqlchess.InvalidDepth):
        sqlchess.spark.perft(spark, START, 4, split=1, driver_plies=2)


def test_expand_positions_merges_transpositions(spark: SparkSession) -> None:
    root = sqlchess.Position().pack()
    spark.createDataFrame([(root, 1)], "position binary, n bigint").createOrReplaceTempView("f0")
    for ply in range(1, 4):
        spark.sql(
            f"SELECT position, sum(n) AS n FROM expand_positions(TABLE(f{ply - 1})) "
            "GROUP BY position"
        ).createOrReplaceTempView(f"f{ply}")
    assert sql_rows(spark, "SELECT count(*), sum(n) FROM f3") == [(5362, 8902)]


# ---- PGN -------------------------------------------------------------------


def _bad_games(tmp: Path) -> Path:
    """Two good games around an illegal move and a syntax error."""
    path = tmp / "bad.pgn"
    good = (PGN_DATA / "corpus.pgn").read_text().split("\n\n[Event")[0] + "\n\n"
    path.write_text(
        good
        + '[Event "illegal"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n\n'
        + '[Event "broken"]\n[Result "*"]\n\n1. e4 ( e5 *\n\n'
        + good
    )
    return path


def _import(tmp: Path, pgn: Path) -> sqlite3.Connection:
    binary = sqlchess_bin()
    if binary is None:
        pytest.skip("the sqlchess CLI is not built (scripts/test-python.sh builds it)")
    db = tmp / (pgn.name + ".db")
    subprocess.run(
        [binary, "import", "--db", str(db), "--rejects", str(tmp / "rejects.pgn"), str(pgn)],
        check=False,
        capture_output=True,
    )
    return sqlite3.connect(db)


GAME_COLUMNS = (
    "game_no, event, site, date, round, white, black, result, white_elo, black_elo, eco, "
    "opening, time_control, termination, variant, fen, game, ply_count, final_fen, tags"
)


@pytest.mark.parametrize("name", ["corpus.pgn", "pychess.pgn", "bad.pgn", "corpus.pgn.gz"])
def test_read_pgn_equals_the_importer(
    spark: SparkSession, sqlite: sqlite3.Connection, tmp_path: Path, name: str
) -> None:
    if name == "bad.pgn":
        path = _bad_games(tmp_path)
    elif name.endswith(".gz"):
        path = tmp_path / name
        with open(PGN_DATA / "corpus.pgn", "rb") as src, gzip.open(path, "wb") as dst:
            shutil.copyfileobj(src, dst)
    else:
        path = tmp_path / name
        shutil.copy(PGN_DATA / name, path)
    # Small parts: every plain file is read by several tasks.
    games, rejected = sqlchess.spark.read_pgn(spark, str(path), part_bytes=20_000)
    got = [tuple(r) for r in games.orderBy("game_no").select(*GAME_COLUMNS.split(", ")).collect()]
    db = _import(tmp_path, path)
    stored = db.execute(f"SELECT {GAME_COLUMNS} FROM games ORDER BY game_no").fetchall()
    assert got == [tuple(bytes(x) if isinstance(x, bytes) else x for x in r) for r in stored]
    bad = [tuple(r) for r in rejected.orderBy("game_no").select("game_no", "line", "error").collect()]
    lite = sqlite.execute(
        "SELECT game_no, NULL, error FROM read_pgn(?1) WHERE error IS NOT NULL ORDER BY game_no",
        (str(path),),
    ).fetchall()
    assert [(g, e) for g, _, e in bad] == [(g, e) for g, _, e in lite]
    if name == "bad.pgn":
        assert len(bad) == 2 and len(got) == 2
        texts = [r.pgn for r in rejected.orderBy("game_no").collect()]
        assert "Ke3" in texts[0] and "( e5" in texts[1]
    if not name.endswith(".gz") and path.stat().st_size > 40_000:
        # Really split: more than one task read the file.
        assert games.rdd.getNumPartitions() > 1


def test_read_pgn_many_files_and_errors(spark: SparkSession, tmp_path: Path) -> None:
    for i in range(3):
        shutil.copy(PGN_DATA / "pychess.pgn", tmp_path / f"p{i}.pgn")
    games, _ = sqlchess.spark.read_pgn(spark, str(tmp_path / "*.pgn"), part_bytes=10_000)
    per_file = dict(
        (Path(r[0]).name, (r[1], r[2]))
        for r in games.groupBy("path").agg({"game_no": "max", "*": "count"}).collect()
    )
    assert len(per_file) == 3 and len(set(per_file.values())) == 1
    # A directory: its PGN files only.
    (tmp_path / "notes.txt").write_text("not a game")
    games, rejected = sqlchess.spark.read_pgn(spark, str(tmp_path))
    bad = sum(1 for g in sqlchess.read_pgn(PGN_DATA / "pychess.pgn") if g.error is not None)
    assert games.select("path").distinct().count() == 3 and rejected.count() == 3 * bad
    with pytest.raises(FileNotFoundError):
        sqlchess.spark.read_pgn(spark, str(tmp_path / "missing.pgn"))


# ---- archive analytics ----------------------------------------------------


def _example(name: str) -> Any:
    """A job of examples/spark/, imported as a module."""
    path = REPO / "examples" / "spark" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"example_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_example_jobs_answer_as_sqlite(spark: SparkSession, tmp_path: Path) -> None:
    pgn = tmp_path / "corpus.pgn"
    shutil.copy(PGN_DATA / "corpus.pgn", pgn)
    db = _import(tmp_path, pgn)
    sqlchess.sqlite.load(db)
    games, _ = sqlchess.spark.read_pgn(spark, str(pgn), part_bytes=50_000)
    games = games.cache()
    after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    search, stats = _example("position_search"), _example("opening_stats")
    for fen in (START, after_e4):
        found = [(r.game_no, r.ply) for r in search.games_at(spark, games, fen).collect()]
        lite = db.execute(
            "SELECT g.game_no, a.ply FROM games_at(?1) a JOIN games g ON g.id = a.game_id "
            "ORDER BY 1, 2",
            (fen,),
        ).fetchall()
        assert found == lite and found
        tree = [tuple(r) for r in stats.opening_stats(spark, games, fen).collect()]
        lite = db.execute(
            "SELECT san, games, white_wins, draws, black_wins FROM opening_tree(?1) "
            "ORDER BY 2 DESC, 1",
            (fen,),
        ).fetchall()
        assert tree == lite and tree
    ecos = [tuple(r) for r in _example("eco").openings(games).collect()]
    lite = db.execute(
        "SELECT eco, opening, count(*), sum(result = '1-0'), sum(result = '1/2-1/2'), "
        "sum(result = '0-1') FROM games GROUP BY eco, opening "
        "ORDER BY 3 DESC, eco IS NULL, eco, opening"
    ).fetchall()
    assert ecos == lite
    games.unpersist()
