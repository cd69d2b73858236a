"""The SQLite loadable extension: in Python's sqlite3 and in Debian's
sqlite3 shell, the same rows as `sqlchess sql`."""

from __future__ import annotations

import csv
import io
import shutil
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import pytest

import sqlchess
import sqlchess.sqlite
from conftest import PGN_DATA, sqlchess_bin

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
PGN = (PGN_DATA / "pychess.pgn").read_text(encoding="utf-8-sig")[:6000].replace("'", "''")

QUERIES = [
    f"SELECT * FROM legal_moves('{KIWIPETE}') ORDER BY uci",
    "SELECT * FROM legal_moves('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', 'xiangqi') ORDER BY uci",
    f"SELECT perft('{KIWIPETE}', 3), perft('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 4)",
    f"SELECT game_no, white, black, result, ply_count, final_fen, error FROM pgn_games('{PGN}')",
    "SELECT piece, count(*) FROM piece_moves GROUP BY piece ORDER BY piece",
    "SELECT apply_move('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'e4'), "
    "is_checkmate('6kR/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1'), zobrist('8/8/8/8/8/8/8/K6k w - - 0 1')",
]


def cli_rows(query: str) -> list[list[str]]:
    exe = sqlchess_bin()
    if exe is None:
        pytest.skip("no sqlchess CLI built (cargo build -p sqlchess-cli)")
    out = subprocess.run([exe, "sql", "--csv", query], check=True, capture_output=True, text=True)
    return list(csv.reader(io.StringIO(out.stdout)))[1:]


def as_text(row: tuple[object, ...]) -> list[str]:
    return ["" if v is None else str(v) for v in row]


def test_extension_path_is_shipped() -> None:
    path = Path(sqlchess.sqlite.extension_path())
    assert path.is_file() and path.name.startswith("libsqlchess")


@pytest.mark.parametrize("query", QUERIES)
def test_python_sqlite3_gives_the_cli_rows(query: str) -> None:
    conn = sqlite3.connect(":memory:")
    sqlchess.sqlite.load(conn)
    rows = [as_text(r) for r in conn.execute(query)]
    assert rows, query
    assert rows == cli_rows(query)


@pytest.mark.parametrize("query", QUERIES)
def test_sqlite3_shell_gives_the_cli_rows(query: str) -> None:
    shell = shutil.which("sqlite3")
    if shell is None:
        pytest.skip("no sqlite3 shell (apt-get install sqlite3)")
    # Without an entry point, SQLite derives sqlite3_sqlchess_init from the
    # file name; the suffix is optional too.
    lib = sqlchess.sqlite.extension_path().removesuffix(".so")
    out = subprocess.run(
        [shell, "-csv", "-header", "-cmd", f".load {lib}", ":memory:", query],
        check=True,
        capture_output=True,
        text=True,
    )
    assert out.stderr == ""
    rows = list(csv.reader(io.StringIO(out.stdout)))[1:]
    assert rows == cli_rows(query)


def test_shell_loads_with_the_named_entry_point(tmp_path: Path) -> None:
    shell = shutil.which("sqlite3")
    if shell is None:
        pytest.skip("no sqlite3 shell")
    # Under another file name: the explicit entry point, or the generic one.
    other = tmp_path / "chess_ext.so"
    shutil.copy(sqlchess.sqlite.extension_path(), other)
    for load in [f".load {other} sqlite3_sqlchess_init", f".load {other}"]:
        out = subprocess.run(
            [shell, "-cmd", load, ":memory:", "SELECT count(*) FROM legal_moves('8/8/8/8/8/8/8/K6k w - - 0 1')"],
            check=True,
            capture_output=True,
            text=True,
        )
        assert out.stdout.strip() == "3"


def test_errors_are_sql_errors() -> None:
    conn = sqlite3.connect(":memory:")
    sqlchess.sqlite.load(conn)
    with pytest.raises(sqlite3.OperationalError, match="fen"):
        conn.execute("SELECT perft('not a fen', 1)").fetchall()
    assert conn.execute("SELECT perft(NULL, 1)").fetchone() == (None,)


def test_python_without_extension_loading_gets_a_clear_error() -> None:
    class NoExtensions:  # what pyenv's default build offers
        pass

    with pytest.raises(sqlchess.SqlchessError, match="/usr/bin/python3"):
        sqlchess.sqlite.load(NoExtensions())  # type: ignore[arg-type]


def test_a_recent_host_interrupts_perft_and_next_move() -> None:
    # pysqlite3-binary carries its own SQLite (3.51): a host with
    # sqlite3_is_interrupted, which the extension reads from the host's
    # function table. Debian's 3.40 (the tests above) has no such function.
    pysqlite3 = pytest.importorskip("pysqlite3")
    assert pysqlite3.sqlite_version_info >= (3, 41, 0)
    conn = pysqlite3.connect(":memory:", check_same_thread=False)
    sqlchess.sqlite.load(conn)
    for query, message in [
        # Depth 9 from the start: trillions of leaves, hours of work.
        ("SELECT perft('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 9)", "perft interrupted"),
        # Depth 30 with a budget of 10^12 nodes: days of search.
        (f"SELECT next_move('{KIWIPETE}', 30, 'chess', 1000000000000)", "next_move interrupted"),
    ]:
        timer = threading.Timer(0.3, conn.interrupt)
        timer.start()
        started = time.monotonic()
        with pytest.raises(pysqlite3.OperationalError, match=message):
            conn.execute(query).fetchone()
        timer.join()
        assert time.monotonic() - started < 20
    # The connection goes on.
    assert conn.execute("SELECT perft('8/8/8/8/8/8/8/K6k w - - 0 1', 1)").fetchone() == (3,)
