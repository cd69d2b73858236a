"""Variants against Fairy-Stockfish (pyffish): legal moves and positions
after random play, custom variants from variants.ini."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pyffish
import pytest

import sqlchess
from conftest import REPO

VARIANTS_INI = REPO / "crates" / "sqlchess-fairy" / "tests" / "data" / "variants.ini"


def playout(variant: str, seed: int, plies: int) -> list[str]:
    """FENs of a random game played by pyffish."""
    rng = random.Random(seed)
    fen = pyffish.start_fen(variant)
    out = [fen]
    for _ in range(plies):
        moves = pyffish.legal_moves(variant, fen, [])
        if not moves:
            break
        fen = pyffish.get_fen(variant, fen, [rng.choice(sorted(moves))])
        out.append(fen)
    return out


@pytest.mark.parametrize("variant", ["capablanca", "makruk", "xiangqi", "grand", "shogi", "crazyhouse"])
def test_legal_moves_match_fairy_stockfish(variant: str) -> None:
    checked = 0
    for seed in range(6):
        for fen in playout(variant, seed, 60):
            pos = sqlchess.Position(fen, variant=variant)
            want = pyffish.legal_moves(variant, fen, [])
            assert pos.count_legal() == len(want), (variant, fen)
            if variant not in ("shogi",):  # shogi's UCI notation differs (USI-like)
                assert set(pos.legal_moves_uci()) == set(want), (variant, fen)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("variant", ["capablanca", "xiangqi", "makruk"])
def test_fen_after_each_move_matches_fairy_stockfish(variant: str) -> None:
    for fen in playout(variant, 99, 40)[::4]:
        pos = sqlchess.Position(fen, variant=variant)
        for uci in pos.legal_moves_uci():
            got = pos.play(uci).fen()
            want = pyffish.get_fen(variant, fen, [uci])
            # Board, side to move and clocks; castling fields differ in
            # convention between engines for some variants.
            g, w = got.split(" "), want.split(" ")
            assert g[0] == w[0] and g[1] == w[1] and g[-2:] == w[-2:], (fen, uci, got, want)


def test_perft_matches_fairy_stockfish() -> None:
    for variant, depth in [("capablanca", 2), ("xiangqi", 2), ("shogi", 2), ("grand", 2)]:
        fen = pyffish.start_fen(variant)
        want = sum(
            len(pyffish.legal_moves(variant, pyffish.get_fen(variant, fen, [m]), []))
            for m in pyffish.legal_moves(variant, fen, [])
        )
        assert sqlchess.perft(fen, depth, variant=variant) == want, variant


def test_load_variants_registers_custom_variants(tmp_path: Path) -> None:
    names = sqlchess.load_variants(VARIANTS_INI)
    assert "nightriders" in names and "hoppers" in names
    assert "nightriders" in sqlchess.variants()
    pyffish.load_variant_config(VARIANTS_INI.read_text())
    for name in ["nightriders", "cannonhorse", "hoppers"]:
        start = sqlchess.Position(variant=name)
        assert start.variant == name
        fen = pyffish.start_fen(name)
        assert start.count_legal() == len(pyffish.legal_moves(name, fen, []))
        assert set(start.legal_moves_uci()) == set(pyffish.legal_moves(name, fen, []))
    # Packed positions of a loaded variant unpack through the registry.
    pos = sqlchess.Position(variant="nightriders").play(
        sqlchess.Position(variant="nightriders").legal_moves_uci()[0]
    )
    assert sqlchess.Position.unpack(pos.pack()) == pos
    ini = tmp_path / "tiny.ini"
    ini.write_text(
        "[tiny:chess]\nmaxRank = 6\npromotionRank = 6\n"
        "startFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    )
    assert sqlchess.load_variants(str(ini)) == ["tiny"]
    assert sqlchess.Position(variant="tiny").fen().startswith("rnbqkbnr/pppppppp/8/8/PPPPPPPP")


def test_a_refused_section_warns_and_the_others_load(tmp_path: Path) -> None:
    ini = tmp_path / "variants.ini"
    ini.write_text("[good:chess]\ncastling = false\n\n[bad:chess]\nnoSuchOption = 1\n")
    with pytest.warns(UserWarning, match="refused"):
        names = sqlchess.load_variants(ini)
    assert "good" in names and "bad" not in names, names


def test_fairy_stockfish_variants_ini_loads_section_by_section() -> None:
    # Fairy-Stockfish's own file, read where it lies (never copied).
    ini = REPO.parent / "shared" / "fairy-stockfish" / "variants.ini"
    # Every one of its sections loads now: no refusal to warn of.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        names = sqlchess.load_variants(ini)
    sections = [line for line in ini.read_text().splitlines() if line.startswith("[")]
    assert len(names) == len(sections), names
    pyffish.load_variant_config(ini.read_text())
    for name in names[:10]:
        start = pyffish.start_fen(name)
        first = pyffish.legal_moves(name, start, [])
        expected = sum(len(pyffish.legal_moves(name, start, [m])) for m in first)
        assert sqlchess.perft(start, 2, name) == expected, name
