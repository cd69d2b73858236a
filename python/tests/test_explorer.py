"""The opening explorer against python-chess: `opening_tree` after
`sqlchess import` equals counts python-chess computes by replaying the same
PGN, and the ECO classification (the Lichess CC0 list) agrees with the ECO
tags of pgn-extract's own `eco.pgn` lines."""

from __future__ import annotations

import random
import sqlite3
import subprocess
from collections import Counter, defaultdict
from pathlib import Path

import chess
import chess.pgn
import pytest

import sqlchess.sqlite
from conftest import PGN_DATA, sqlchess_bin

#: Plies from the start whose moves the `opening_moves` aggregate keeps.
OPENING_PLIES = 30
ECO_PGN = Path("/usr/share/pgn-extract/eco.pgn")


def imported(tmp_path: Path, pgn: Path) -> sqlite3.Connection:
    binary = sqlchess_bin()
    if binary is None:
        pytest.skip("the sqlchess CLI is not built (scripts/test-python.sh builds it)")
    db = tmp_path / "games.db"
    subprocess.run(
        [binary, "import", "--db", str(db), "--rejects", str(tmp_path / "rejects.pgn"), str(pgn)],
        check=False,
        capture_output=True,
    )
    conn = sqlite3.connect(db)
    sqlchess.sqlite.load(conn)
    return conn


def test_opening_tree_equals_python_chess(tmp_path: Path) -> None:
    pgn = PGN_DATA / "corpus.pgn"
    db = imported(tmp_path, pgn)
    stored = {n for (n,) in db.execute("SELECT game_no FROM games WHERE variant = 'chess'")}
    # python-chess replays every stored standard game: per position (its
    # EPD) and move, the games and results.
    tree: dict[str, Counter[tuple[str, str]]] = defaultdict(Counter)
    fens: dict[str, str] = {}
    number = 0
    with open(pgn, encoding="utf-8") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            number += 1
            if number not in stored:
                continue
            board = game.board()
            result = game.headers.get("Result", "*")
            for ply, move in enumerate(game.mainline_moves()):
                if ply >= OPENING_PLIES:
                    break
                key = board.epd()
                fens.setdefault(key, board.fen())
                tree[key][(move.uci(), result)] += 1
                board.push(move)
    assert len(tree) > 1000
    # Every position several games share, and a sample of the others.
    shared = [k for k, c in tree.items() if sum(c.values()) > 1]
    rest = sorted(set(tree) - set(shared))
    sample = shared + random.Random(15).sample(rest, min(200, len(rest)))
    for key in sample:
        expected: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
        for (uci, result), n in tree[key].items():
            row = expected[uci]
            row[0] += n
            row[1 + ["1-0", "1/2-1/2", "0-1"].index(result)] += n if result != "*" else 0
        got = {
            uci: [games, w, d, b]
            for uci, games, w, d, b in db.execute(
                "SELECT uci, games, white_wins, draws, black_wins FROM opening_tree(?1)",
                (fens[key],),
            )
        }
        assert got == dict(expected), fens[key]


def test_eco_classification_agrees_with_eco_pgn() -> None:
    if not ECO_PGN.is_file():
        pytest.fail(f"{ECO_PGN} missing: scripts/install-test-deps.sh installs pgn-extract")
    conn = sqlite3.connect(":memory:")
    sqlchess.sqlite.load(conn)
    lines = agree = 0
    disagreements: list[str] = []
    with open(ECO_PGN, encoding="latin-1") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            eco = game.headers.get("ECO")
            if not eco or game.errors:
                continue
            board = game.board()
            fens = [board.fen()]
            for move in game.mainline_moves():
                board.push(move)
                fens.append(board.fen())
            deepest = None
            for fen in fens:
                row = conn.execute("SELECT eco FROM opening(?1)", (fen,)).fetchone()
                deepest = row[0] if row else deepest
            lines += 1
            if deepest == eco:
                agree += 1
            elif len(disagreements) < 10:
                disagreements.append(f"{eco} {game.headers.get('Opening')}: {deepest}")
    assert lines > 2000, lines
    # Two independent lists that draw a few code boundaries differently:
    # 1,978 of 2,014 lines agree (98.2 %, measured 2026-11-23).
    rate = agree / lines
    print(f"ECO agreement with eco.pgn: {agree} of {lines} lines ({rate:.1%})")
    assert rate > 0.97, (rate, disagreements)
