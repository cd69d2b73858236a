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


# Mates and stalemates random play seldom reaches.
ENDINGS = [
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",  # fool's mate
    "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",  # scholar's mate
    "6kR/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1",  # back rank
    "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1",  # smothered
    "4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1",  # queen and king
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",  # stalemate
    "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",  # stalemate
    "8/8/8/8/8/5k2/5p2/5K2 w - - 0 1",  # stalemate, pawn
    "8/8/8/8/8/8/8/K6k w - - 0 1",  # bare kings
    "8/8/8/8/8/8/8/KB5k w - - 0 1",  # king and bishop
]


@pytest.fixture(scope="session")
def fens() -> list[str]:
    """About 3,000 random positions, and a few mates and stalemates."""
    out = random_fens(24, 2026) + ENDINGS
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
