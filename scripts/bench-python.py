#!/usr/bin/env python3
"""python-chess against sqlchess, and the loadable extension against
`sqlchess sql`: one run, ratios printed (issue 14).

Usage (from the repository, in the venv scripts/test-python.sh makes, which
has python-chess and the sqlchess package):

    target/python-venv/bin/python scripts/bench-python.py

It times, for each library on the same inputs:
  - perft from the start and Kiwipete: sqlchess at depth 5, python-chess at
    depth 4 (its depth 5 takes minutes), compared as nodes per second;
  - listing the legal moves of 100,000 stored positions: sqlchess's Move
    objects, its bulk UCI list, its move codes (bytes) and its one-string form against
    python-chess's Move objects;
  - reading 10,000 PGN games, every move replayed, to the final FEN;
  - FEN parse and print of the 100,000 positions;
  - `legal_moves` over the 100,000 positions (a table in a database file) in
    Debian's sqlite3 shell with the loadable extension against `sqlchess sql`
    (target/release/sqlchess, or $SQLCHESS_BIN; built if missing).
Inputs (seeded random games by python-chess) are cached in target/bench-python/.
SQLCHESS_BENCH_NO_EXTENSION=1 skips the loadable-extension rows (no CLI or
extension build). Each timing is the best of SQLCHESS_BENCH_ROUNDS runs
(default 3), for both sides alike.
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import chess
import chess.pgn

import sqlchess
import sqlchess.sqlite

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "target" / "bench-python"
START = chess.STARTING_FEN
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
GAMES = 10_000
POSITIONS = 100_000


# Each side of a row is timed ROUNDS times and the best time kept: the
# machines are shared, and a single timing swings by 10-20 %.
ROUNDS = int(os.environ.get("SQLCHESS_BENCH_ROUNDS", "3"))


def timed(f: Callable[[], Any]) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(ROUNDS):
        t = time.perf_counter()
        out = f()
        best = min(best, time.perf_counter() - t)
    return best, out


def inputs() -> tuple[Path, list[str]]:
    """10,000 random games of 40 to 120 plies with clock comments, and
    100,000 of their positions."""
    DATA.mkdir(parents=True, exist_ok=True)
    pgn, fens = DATA / "games.pgn", DATA / "positions.txt"
    if not (pgn.exists() and fens.exists()):
        print(f"writing {pgn} and {fens} (once)...", file=sys.stderr)
        rng = random.Random(14)
        positions: list[str] = []
        with pgn.open("w") as out:
            for n in range(GAMES):
                game = chess.pgn.Game()
                game.headers["Event"] = f"bench {n + 1}"
                game.headers["White"] = f"W{rng.randrange(1000)}"
                game.headers["Black"] = f"B{rng.randrange(1000)}"
                node: chess.pgn.GameNode = game
                board = chess.Board()
                for ply in range(rng.randrange(40, 121)):
                    moves = list(board.legal_moves)
                    if not moves:
                        break
                    move = rng.choice(moves)
                    node = node.add_variation(move)
                    node.set_clock(180 - ply)
                    board.push(move)
                    positions.append(board.fen())
                game.headers["Result"] = board.result()
                print(game, file=out, end="\n\n")
        rng.shuffle(positions)
        fens.write_text("\n".join(positions[:POSITIONS]) + "\n")
    return pgn, fens.read_text().split("\n")[:POSITIONS]


def python_chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for m in board.legal_moves:
        board.push(m)
        total += python_chess_perft(board, depth - 1)
        board.pop()
    return total


def row(name: str, theirs: float, ours: float, note: str = "") -> None:
    """One line: seconds for each, and the ratio."""
    print(f"{name:<44} {theirs:>12.3f} {ours:>12.4f} {theirs / ours:>9.1f}x  {note}", flush=True)


def main() -> None:
    pgn, fens = inputs()
    print(f"python {sys.version.split()[0]}, python-chess {chess.__version__}, {os.cpu_count()} cores")
    print(f"{'operation':<44} {'python-chess':>12} {'sqlchess':>12} {'ratio':>10}")

    for name, fen, want4, want5 in [("start", START, 197_281, 4_865_609), ("Kiwipete", KIWIPETE, 4_085_603, 193_690_690)]:
        t_them, n_them = timed(lambda: python_chess_perft(chess.Board(fen), 4))
        assert n_them == want4
        t_us, n_us = timed(lambda: sqlchess.perft(fen, 5))
        assert n_us == want5
        rate_them, rate_us = n_them / t_them / 1e6, n_us / t_us / 1e6
        print(
            f"{'perft ' + name + ', Mnodes/s (pc d4, ours d5)':<44} {rate_them:>12.3f} "
            f"{rate_us:>12.1f} {rate_us / rate_them:>9.1f}x  ({t_them:.1f} s, {t_us:.2f} s)",
            flush=True,
        )

    boards = [chess.Board(f) for f in fens]
    positions = [sqlchess.Position(f) for f in fens]
    t_them, n_them = timed(lambda: sum(len(list(b.legal_moves)) for b in boards))
    t_us, n_us = timed(lambda: sum(len(p.legal_moves()) for p in positions))
    assert n_us == n_them
    row("legal moves, 100k positions, objects", t_them, t_us, f"{n_us} moves")
    t_bulk, n_bulk = timed(lambda: sum(len(p.legal_moves_uci()) for p in positions))
    assert n_bulk == n_them
    row("legal moves, 100k positions, bulk UCI", t_them, t_bulk, "vs python-chess objects")
    t_codes, n_codes = timed(lambda: sum(len(p.legal_move_codes()) // 2 for p in positions))
    assert n_codes == n_them
    row("legal moves, 100k positions, codes (bytes)", t_them, t_codes, "vs python-chess objects")
    t_text, n_text = timed(lambda: sum(p.legal_moves_text().count(" ") + 1 for p in positions if p.count_legal()))
    assert n_text == n_them
    row("legal moves, 100k positions, one UCI string", t_them, t_text, "vs python-chess objects")
    t_them_uci, _ = timed(lambda: sum(len([m.uci() for m in b.legal_moves]) for b in boards))
    row("legal moves as UCI strings, both", t_them_uci, t_bulk)

    def read_them() -> int:
        n = 0
        with pgn.open() as f:
            while (game := chess.pgn.read_game(f)) is not None:
                game.end().board().fen()
                n += 1
        return n

    def read_us() -> int:
        n = 0
        for game in sqlchess.read_pgn(pgn):
            assert game.error is None
            game.final_fen()
            n += 1
        return n

    t_them, n_them = timed(read_them)
    t_us, n_us = timed(read_us)
    assert n_them == n_us == GAMES
    row("PGN: 10k games read and replayed", t_them, t_us)

    t_them, out_them = timed(lambda: [chess.Board(f).fen() for f in fens])
    t_us, out_us = timed(lambda: [sqlchess.Position(f).fen() for f in fens])
    assert out_them == out_us
    row("FEN parse + print, 100k", t_them, t_us)

    if os.environ.get("SQLCHESS_BENCH_NO_EXTENSION"):
        print("loadable extension: skipped (SQLCHESS_BENCH_NO_EXTENSION)")
    else:
        extension(fens)


def extension(fens: list[str]) -> None:
    shell = shutil.which("sqlite3")
    exe = os.environ.get("SQLCHESS_BIN") or str(ROOT / "target" / "release" / "sqlchess")
    if not Path(exe).is_file():
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "sqlchess-cli"], cwd=ROOT, check=True)
    if shell is None:
        print("no sqlite3 shell: extension benchmark skipped")
        return
    db = DATA / "positions.db"
    if not db.exists():
        with sqlite3.connect(db) as conn:
            conn.execute("CREATE TABLE positions(fen TEXT)")
            conn.executemany("INSERT INTO positions VALUES (?)", [(f,) for f in fens])
    lib = sqlchess.sqlite.extension_path()
    print(f"\n{'SQL over 100k positions':<44} {'sqlchess sql':>12} {'sqlite3+ext':>12} {'ext/cli':>10}")
    for name, query in [
        ("count(*) FROM legal_moves", "SELECT count(*) FROM positions, legal_moves(positions.fen)"),
        ("legal_moves: uci, gives_check", "SELECT count(*), sum(length(uci)), sum(gives_check) FROM positions, legal_moves(positions.fen)"),
        ("legal_moves: san", "SELECT count(*), sum(length(san)) FROM positions, legal_moves(positions.fen)"),
        # No sqlchess code: what the host SQLite build costs by itself
        # (Debian's is built with OMIT_LOOKASIDE and memory statistics on).
        ("control: 3M printf rows, plain SQLite", "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x<3000000) SELECT sum(length(printf('%d-%d-%s', x, x, 'abcdef'))) FROM c"),
    ]:
        t_cli, out_cli = timed(lambda: subprocess.run([exe, "sql", "--db", str(db), query], check=True, capture_output=True, text=True).stdout)
        t_ext, out_ext = timed(lambda: subprocess.run([shell, "-cmd", f".load {lib}", str(db), query], check=True, capture_output=True, text=True).stdout)
        assert out_cli.splitlines()[-1].split("\t") == out_ext.strip().split("|"), (out_cli, out_ext)
        print(f"{name:<44} {t_cli:>12.3f} {t_ext:>12.3f} {t_ext / t_cli:>9.2f}x", flush=True)


if __name__ == "__main__":
    main()
