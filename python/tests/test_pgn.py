"""PGN reading against python-chess on the checked-in corpus."""

from __future__ import annotations

import io
import json

import chess
import chess.pgn
import chess.variant
import pytest

import sqlchess
from conftest import PGN_DATA


def pocket_sorted(fen: str) -> str:
    """The FEN with a crazyhouse pocket sorted and, then, no move clock:
    python-chess resets the clock on pawn drops only, sqlchess on every
    drop as Fairy-Stockfish does (whose crazyhouse has the fifty-move rule;
    python-chess's has none)."""
    if "[" in fen and "]" in fen:
        a, b = fen.index("["), fen.index("]")
        rest = fen[b + 1 :].split(" ")
        if len(rest) == 6:
            del rest[4]
        return fen[: a + 1] + "".join(sorted(fen[a + 1 : b])) + "]" + " ".join(rest)
    return fen


def norm(san: str) -> str:
    san = san.rstrip("+#")
    return san[1:] if san.startswith("P@") else san


@pytest.mark.parametrize("name", ["corpus", "pychess"])
def test_games_match_python_chess(name: str) -> None:
    path = PGN_DATA / f"{name}.pgn"
    oracle = [json.loads(line) for line in (PGN_DATA / f"{name}.oracle.jsonl").open()]
    ours = list(sqlchess.read_pgn(path))
    assert [g.number for g in ours] == list(range(1, len(ours) + 1))
    compared = rejected = 0
    with path.open(encoding="utf-8-sig") as f:
        for i, ours_game in enumerate(ours):
            theirs = chess.pgn.read_game(f)
            assert theirs is not None
            status = oracle[i]["status"] if i < len(oracle) else "ok"
            if status == "excluded":  # a python-chess quirk, see scripts/pgn_oracle.py
                continue
            if ours_game.headers.get("Event") != "repeated tag":  # python-chess: last wins; sqlchess: first
                for key, value in ours_game.headers.items():
                    assert theirs.headers.get(key) == value, (i, key)
            if theirs.errors:
                assert ours_game.error is not None, (i, theirs.errors)
                rejected += 1
                continue
            assert ours_game.error is None, (i, ours_game.error)
            board = theirs.board()
            sans = []
            for move in theirs.mainline_moves():
                sans.append(board.san(move) if move else "--")
                board.push(move)
            # python-chess writes a pawn drop without its letter (@b4).
            assert [norm(s) for s in ours_game.sans()] == [norm(s) for s in sans], i
            assert pocket_sorted(ours_game.final_fen() or "") == pocket_sorted(board.fen()), i
            assert ours_game.start_fen() == theirs.board().fen(), i
            assert len(ours_game.moves) == len(sans)
            assert len(ours_game.positions()) == len(sans) + 1
            compared += 1
    assert compared > 50 and (name != "corpus" or rejected > 0), (compared, rejected)


def test_moves_as_uci_and_round_trip() -> None:
    games = list(sqlchess.read_pgn(PGN_DATA / "corpus.pgn"))
    good = [g for g in games if g.error is None and g.variant == "chess"]
    assert len(good) > 20
    for g in good:
        board = chess.Board(g.start_fen() or chess.STARTING_FEN)
        for uci in g.moves:
            board.push_uci(uci)
        assert board.fen() == g.final_fen()
        text = g.to_pgn()
        (again,) = list(sqlchess.read_pgn(io.StringIO(text)))
        assert again.error is None and again.moves == g.moves and again.final_fen() == g.final_fen()
        assert again.headers["White"] == g.headers["White"]


def test_rejected_games_are_yielded_with_reasons() -> None:
    pgn = '[Event "a"]\n\n1. e4 e5 2. Nf3 *\n\n[Event "b"]\n\n1. e4 Ke7?? 2. Ke3 0-1\n\n[Event "c"]\n\n1. d4 *\n'
    games = list(sqlchess.read_pgn(io.BytesIO(pgn.encode())))
    assert [g.headers["Event"] for g in games] == ["a", "b", "c"]
    assert games[0].error is None and games[2].error is None
    assert games[1].error is not None and 'illegal move "Ke7"' in games[1].error
    assert games[1].moves == ["e2e4"]
    assert "rejected" in repr(games[1])
    assert games[0].result == "*" and games[0].line == 1 and games[1].number == 2


def test_many_games_come_in_file_order_and_a_dropped_reader_stops() -> None:
    # More games than one batch of the reading thread and of its workers,
    # a bad one every 97th: order, numbers, lines and reasons are kept.
    parts = []
    for i in range(3000):
        if i % 97 == 5:
            parts.append(f'[Event "bad {i}"]\n\n1. e4 e5 2. Ke3 *\n\n')
        else:
            parts.append(f'[Event "g{i}"]\n\n1. d4 d5 2. c4 *\n\n')
    games = list(sqlchess.read_pgn(io.StringIO("".join(parts))))
    assert [g.number for g in games] == list(range(1, 3001))
    assert [g.line for g in games] == [4 * i + 1 for i in range(3000)]
    for i, g in enumerate(games):
        if i % 97 == 5:
            assert g.error is not None and f"game {i + 1} (line {4 * i + 1})" in g.error
        else:
            assert g.error is None and g.headers["Event"] == f"g{i}" and len(g.moves) == 3
    # Taking a few games and dropping the reader neither hangs nor leaks
    # an error into later readers.
    for _ in range(20):
        reader = sqlchess.read_pgn(io.StringIO("".join(parts)))
        assert next(reader).number == 1
        del reader
    assert len(list(sqlchess.read_pgn(io.StringIO("".join(parts[:10]))))) == 10
