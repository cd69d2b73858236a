"""Shared helpers: seeded random positions (python-chess plays the games)."""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

import chess
import pytest

REPO = Path(__file__).resolve().parents[2]
PGN_DATA = REPO / "crates" / "sqlchess-pgn" / "tests" / "data"


def random_fens(games: int, seed: int, max_plies: int = 300) -> list[str]:
    """Every position of `games` random games from the start (played to the
    end or `max_plies`), so mates, stalemates, promotions and en passant
    all turn up."""
    rng = random.Random(seed)
    fens: list[str] = []
    for _ in range(games):
        board = chess.Board()
        for _ in range(max_plies):
            fens.append(board.fen())
            moves = list(board.legal_moves)
            if not moves:
                break
            # Prefer captures and promotions a little, to reach endings.
            interesting = [m for m in moves if board.is_capture(m) or m.promotion]
            pick = interesting if interesting and rng.random() < 0.3 else moves
            board.push(rng.choice(pick))
    return fens


@pytest.fixture(scope="session")
def fens() -> list[str]:
    """About 3,000 random positions."""
    out = random_fens(24, 2026)
    assert len(out) > 2500, len(out)
    return out


def sqlchess_bin() -> str | None:
    """The `sqlchess` CLI: $SQLCHESS_BIN, else a build in target/."""
    env = os.environ.get("SQLCHESS_BIN")
    if env:
        return env
    for build in ("release", "debug"):
        path = REPO / "target" / build / "sqlchess"
        if path.is_file():
            return str(path)
    return shutil.which("sqlchess")
