"""Every exception path: the class, its base, and the core's message."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import sqlchess


def test_hierarchy() -> None:
    for cls in [
        sqlchess.InvalidFen,
        sqlchess.IllegalMove,
        sqlchess.AmbiguousMove,
        sqlchess.UnknownVariant,
        sqlchess.InvalidMove,
        sqlchess.InvalidPacked,
        sqlchess.InvalidDepth,
        sqlchess.InvalidVariants,
    ]:
        assert issubclass(cls, sqlchess.SqlchessError)
    assert issubclass(sqlchess.SqlchessError, Exception)
    assert issubclass(sqlchess.AmbiguousMove, sqlchess.IllegalMove)


def test_invalid_fen_names_the_field() -> None:
    with pytest.raises(sqlchess.InvalidFen, match="castling|field"):
        sqlchess.Position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w XYZ - 0 1")
    with pytest.raises(sqlchess.InvalidFen):
        sqlchess.Position("not a fen")
    with pytest.raises(sqlchess.InvalidFen):
        sqlchess.perft("8/8/8/8/8/8/8/8 w - - 0 1", 1)


def test_unknown_variant() -> None:
    with pytest.raises(sqlchess.UnknownVariant, match="nonsense"):
        sqlchess.Position(variant="nonsense")
    with pytest.raises(sqlchess.UnknownVariant):
        sqlchess.perft("8/8/8/8/8/8/8/K6k w - - 0 1", 1, variant="nonsense")


def test_moves() -> None:
    start = sqlchess.Position()
    with pytest.raises(sqlchess.IllegalMove, match='illegal move "e5"'):
        start.play("e5")
    with pytest.raises(sqlchess.IllegalMove):
        start.play("e2e5")
    with pytest.raises(sqlchess.InvalidMove, match="expected UCI"):
        start.play("hello")
    with pytest.raises(sqlchess.InvalidMove):
        start.parse_move("")
    ambiguous = sqlchess.Position("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1")
    with pytest.raises(sqlchess.AmbiguousMove, match="ambiguous"):
        ambiguous.play("Ne2")
    # A move of another position that is not legal here.
    e4 = start.parse_move("e4")
    with pytest.raises(sqlchess.IllegalMove):
        start.play("e4").play(e4)
    with pytest.raises(TypeError):
        start.play(42)  # type: ignore[arg-type]


def test_packed() -> None:
    with pytest.raises(sqlchess.InvalidPacked):
        sqlchess.Position.unpack(b"\x00" * 5)
    with pytest.raises(sqlchess.InvalidPacked):
        sqlchess.Position.unpack(b"")


def test_depth() -> None:
    with pytest.raises(sqlchess.InvalidDepth, match="outside"):
        sqlchess.Position().perft(-1)
    with pytest.raises(sqlchess.InvalidDepth):
        sqlchess.Position().perft(1000)
    with pytest.raises(sqlchess.InvalidDepth):
        sqlchess.perft(sqlchess.Position().fen(), 99)
    with pytest.raises(sqlchess.InvalidDepth):
        sqlchess.Position().next_move(depth=-3)


def test_variants_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ini"
    bad.write_text("[broken:nosuchparent]\nmaxRank = 99\n")
    with pytest.raises(sqlchess.SqlchessError):
        sqlchess.load_variants(bad)
    with pytest.raises(FileNotFoundError):
        sqlchess.load_variants(tmp_path / "missing.ini")


def test_pgn_errors(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        sqlchess.read_pgn(tmp_path / "missing.pgn")
    with pytest.raises(TypeError):
        sqlchess.read_pgn(42)  # type: ignore[arg-type]
    # A game without a readable start cannot be written back.
    (game,) = list(sqlchess.read_pgn(io.StringIO('[Variant "nonsense"]\n\n1. e4 *\n')))
    assert game.error is not None and "nonsense" in game.error
    with pytest.raises(sqlchess.SqlchessError, match="start position"):
        game.to_pgn()


def test_a_rust_panic_is_a_python_exception() -> None:
    with pytest.raises(sqlchess.SqlchessError, match="internal error.*deliberate panic"):
        sqlchess._native._panic()
