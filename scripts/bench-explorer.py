"""Benchmark of the explorer (issue 13) on an imported games database.

    target/python-venv/bin/python scripts/bench-explorer.py DB PGN [STANDARD_PGN]

DB is what ``sqlchess import --db DB PGN`` wrote (scripts/bench-explorer.sh
makes both from the games issue's 1,000,000-game corpus). Measured, in one
process through the SQLite loadable extension (the same code as ``sqlchess
sql``):

1. exact-position lookup, ``SELECT count(*) FROM games_at(fen)``, over 1,000
   positions sampled from the stored games (seeded): median and 99th
   percentile, cold (a fresh connection, SQLite's cache empty; the OS page
   cache dropped first when this process may) and warm (the same queries
   again);
2. ``opening_tree(fen)`` of the start position and of 1,000 positions sampled
   from the first 30 plies: median and 99th percentile, warm;
3. material searches over the whole database (rook endings with three pawns
   against two; one rook each with one to three pawns against none to two;
   at most six units): through ``material_signatures`` and the
   ``game_materials`` key, and the same answered by a GLOB scan of every
   stored signature (the method before it), in the same run; the games
   found must agree;
4. the size of every relation (SQLite's dbstat) in bytes per game, against
   the corpus compressed with zstd (level 3, written beside it once);
5. the same exact-position question answered by python-chess scanning the
   PGN (replaying every game: the time of the first 20,000 games of
   STANDARD_PGN, the corpus's standard games, scaled to all of them) and by
   pgn-extract's FEN criterion (``-Tf``, one position, all of STANDARD_PGN).
"""

from __future__ import annotations

import logging
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time
from pathlib import Path

import chess
import chess.pgn

import sqlchess.sqlite

SEED = 2026
SAMPLES = int(os.environ.get("SQLCHESS_BENCH_SAMPLES", "1000"))
PY_GAMES = int(os.environ.get("SQLCHESS_BENCH_PY_GAMES", "20000"))


def connect(db: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(db)
    sqlchess.sqlite.load(conn)
    return conn


def drop_os_cache() -> bool:
    try:
        os.sync()
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
        return True
    except OSError:
        return False


def percentiles(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return f"median {statistics.median(ms):.2f} ms, p99 {p99:.2f} ms"


def sample_positions(conn: sqlite3.Connection, max_ply: int | None) -> list[str]:
    (count,) = conn.execute("SELECT max(id) FROM games").fetchone()
    rng = random.Random(SEED if max_ply is None else SEED + 1)
    out: list[str] = []
    while len(out) < SAMPLES:
        row = conn.execute(
            "SELECT game, ply_count FROM games WHERE id = ?1 AND variant = 'chess'",
            (rng.randint(1, count),),
        ).fetchone()
        if row is None:
            continue
        game, plies = row
        ply = rng.randint(0, min(plies, max_ply if max_ply is not None else plies))
        (fen,) = conn.execute("SELECT position_at(?1, ?2)", (game, ply)).fetchone()
        if fen is not None:
            out.append(fen)
    return out


def timed_queries(conn: sqlite3.Connection, sql: str, fens: list[str]) -> tuple[list[float], int]:
    times, found = [], 0
    for fen in fens:
        t = time.perf_counter()
        rows = conn.execute(sql, (fen,)).fetchall()
        times.append(time.perf_counter() - t)
        found += len(rows) if "count(*)" not in sql else rows[0][0]
    return times, found


def python_chess_scan(pgn: Path, target: str) -> tuple[float, int, int]:
    """Seconds for python-chess to replay the first PY_GAMES standard games
    looking for ``target`` (an EPD), the games read and the matches."""
    games = found = 0
    t = time.perf_counter()
    with open(pgn, encoding="utf-8", errors="replace") as f:
        while games < PY_GAMES and (game := chess.pgn.read_game(f)) is not None:
            if "Variant" in game.headers or "FEN" in game.headers:
                continue
            games += 1
            board = game.board()
            hit = board.epd() == target
            for move in game.mainline_moves():
                board.push(move)
                hit = hit or board.epd() == target
            found += hit
    return time.perf_counter() - t, games, found


def main() -> None:
    db, pgn = Path(sys.argv[1]), Path(sys.argv[2])
    standard = Path(sys.argv[3]) if len(sys.argv) > 3 else pgn
    zst = pgn.with_suffix(pgn.suffix + ".zst")
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    conn = connect(db)
    (games,) = conn.execute("SELECT count(*) FROM games").fetchone()
    (positions,) = conn.execute("SELECT count(*) FROM game_positions").fetchone()
    print(f"database: {games:,} games, {positions:,} positions, {db.stat().st_size / 1e9:.2f} GB")

    fens = sample_positions(conn, None)
    conn.close()
    dropped = drop_os_cache()
    conn = connect(db)
    cold, found = timed_queries(conn, "SELECT count(*) FROM games_at(?1)", fens)
    warm, _ = timed_queries(conn, "SELECT count(*) FROM games_at(?1)", fens)
    print(f"games_at, {SAMPLES} sampled positions ({found:,} games found): "
          f"cold ({'OS cache dropped' if dropped else 'SQLite cache only'}) {percentiles(cold)}; "
          f"warm {percentiles(warm)}")

    start = chess.STARTING_FEN
    t = time.perf_counter()
    rows = conn.execute("SELECT * FROM opening_tree(?1)", (start,)).fetchall()
    first = time.perf_counter() - t
    start_times, _ = timed_queries(conn, "SELECT * FROM opening_tree(?1)", [start] * 20)
    opening = sample_positions(conn, 30)
    tree_times, moves = timed_queries(conn, "SELECT * FROM opening_tree(?1)", opening)
    print(f"opening_tree, start position ({len(rows)} moves): first {first * 1000:.2f} ms, "
          f"{percentiles(start_times)}; {SAMPLES} sampled positions ({moves:,} rows): "
          f"{percentiles(tree_times)}")

    # Material searches, the indexed way (material_signatures, by its index
    # on (pieces, white_pawns, black_pawns) or a scan of that small table,
    # then game_materials by its key) and the old way (GLOB and string
    # arithmetic over every signature run of game_materials), in one run;
    # both must find the same games.
    (signatures,) = conn.execute("SELECT count(*) FROM material_signatures").fetchone()
    print(f"material_signatures: {signatures:,} distinct signatures")
    pawns = ("length(material) - length(replace(material, 'P', '')) {} "
             "AND length(material) - length(replace(material, 'p', '')) {}")
    searches = [
        ("rook endings (kings, rooks, pawns), 3 pawns against 2",
         "pieces GLOB 'KR*kr*' AND NOT pieces GLOB '*[^KRkr]*' "
         "AND white_pawns = 3 AND black_pawns = 2",
         "material GLOB 'KR*kr*' AND NOT material GLOB '*[^KRPkrp]*' AND "
         + pawns.format("= 3", "= 2")),
        ("one rook each, 1-3 pawns against 0-2",
         "pieces = 'KRkr' AND white_pawns BETWEEN 1 AND 3 AND black_pawns <= 2",
         "material GLOB 'KR*kr*' AND NOT material GLOB '*[^KRPkrp]*' "
         "AND NOT material GLOB '*RR*' AND NOT material GLOB '*rr*' AND "
         + pawns.format("BETWEEN 1 AND 3", "<= 2")),
        ("at most six units (a scan of material_signatures)",
         "white_total + black_total <= 6",
         "length(material) <= 6"),
    ]
    for name, new, old in searches:
        indexed = ("SELECT count(DISTINCT game_id) FROM game_materials WHERE material IN "
                   f"(SELECT material FROM material_signatures WHERE {new})")
        scan = f"SELECT count(DISTINCT game_id) FROM game_materials WHERE {old}"
        runs = []
        for sql in (indexed, scan, indexed):
            t = time.perf_counter()
            (found,) = conn.execute(sql).fetchone()
            runs.append((time.perf_counter() - t, found))
        (first, a), (before, b), (again, c) = runs
        assert a == b == c, (name, a, b, c)
        print(f"material search ({name}): {a:,} games; material_signatures "
              f"{first:.3f} s (again {again:.3f} s), GLOB scan of game_materials "
              f"{before:.3f} s ({before / max(first, 1e-9):,.0f}× the first)")

    sizes = subprocess.run(
        ["sqlite3", str(db), "SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC"],
        check=True, capture_output=True, text=True,
    ).stdout
    if not zst.exists():
        subprocess.run(["zstd", "-q", "-3", "-T0", "-o", str(zst), str(pgn)], check=True)
    zbytes = zst.stat().st_size
    print(f"zstd -3 of the PGN: {zbytes / games:.0f} bytes per game")
    for line in sizes.splitlines():
        name, size = line.split("|")
        if int(size) > 1e6:
            print(f"  {name}: {int(size) / games:.1f} bytes per game "
                  f"({int(size) / zbytes:.2f}× the zstd PGN)")

    target = fens[0]
    epd = chess.Board(target).epd()
    secs, read, hits = python_chess_scan(standard, epd)
    (standard_games,) = conn.execute(
        "SELECT count(*) FROM games WHERE variant = 'chess'"
    ).fetchone()
    print(f"python-chess scan: {read:,} games in {secs:.1f} s ({read / secs:,.0f} games/s); "
          f"the whole corpus's {standard_games:,} standard games: about "
          f"{secs * standard_games / read:,.0f} s "
          "per position question")
    pgn_extract = shutil.which("pgn-extract") or "/usr/games/pgn-extract"
    if not Path(pgn_extract).exists():
        print("pgn-extract: not installed (Debian package pgn-extract), skipped")
        return
    t = time.perf_counter()
    out = subprocess.run(
        [pgn_extract, "-s", f"-Tf{target}", "-o/dev/null", str(standard)],
        capture_output=True, text=True,
    )
    print(f"pgn-extract -Tf (one position, whole file): {time.perf_counter() - t:.1f} s "
          f"(exit {out.returncode})")


if __name__ == "__main__":
    main()
