"""The strength tools of issue 17 run end to end: `scripts/match.py` plays
and rates games, `scripts/movequality.py` generates positions, has each
engine choose and the judge score the choices. Both talk UCI to real
engines (the sqlchess CLI and Debian's fairy-stockfish), with tiny
limits so that they take seconds. A crash of either tool (the position
generator once unpacked the wrong number of values from the shared UCI
driver and every run failed) fails here instead of in the next session's
benchmark."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pyffish
import pytest

from conftest import REPO, sqlchess_bin

FAIRY_STOCKFISH = "/usr/games/fairy-stockfish"
SCRIPTS = REPO / "scripts"


def engines() -> tuple[str, str]:
    binary = sqlchess_bin()
    if binary is None:
        pytest.skip("the sqlchess CLI is not built (scripts/test-python.sh builds it)")
    if not os.path.exists(FAIRY_STOCKFISH):
        pytest.fail(f"{FAIRY_STOCKFISH} missing: scripts/install-test-deps.sh installs fairy-stockfish")
    return f"{binary} uci", FAIRY_STOCKFISH


def run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / script), *args],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_movequality_scores_every_engine_on_legal_moves(tmp_path: Path) -> None:
    sqlchess, fairy = engines()
    dump = tmp_path / "dump.tsv"
    out = run("movequality.py", "chess", "--engine", sqlchess, "--engine", fairy,
              "--positions", "4", "--go", "depth 2", "--depth", "4", "--jobs", "1",
              "--seed", "test", "--cache", str(tmp_path / "cache.json"), "--dump", str(dump))
    rows = [line for line in out.splitlines()
            if line.startswith("| ") and not line.startswith("| engine")]
    assert len(rows) == 2, out
    lines = dump.read_text().splitlines()
    assert 1 <= len(lines) <= 4, lines
    for line in lines:
        fen, best, *cells = line.split("\t")
        int(best)
        assert len(cells) == 2, line
        legal = set(pyffish.legal_moves("chess", fen, []))
        for cell in cells:
            move, loss = cell.split()
            assert move in legal, (fen, move)
            assert 0 <= int(loss) <= 1000, line
    # The cache holds the positions and a judgement of every move chosen;
    # a second run reads them back and reports the same table.
    cache = json.loads((tmp_path / "cache.json").read_text())
    assert cache["positions"]["chess|test|4"] == [line.split("\t")[0] for line in lines]
    judged = cache["judged"]["chess|4"]
    for line in lines:
        fen, _, *cells = line.split("\t")
        assert f"{fen}|" in judged
        assert all(f"{fen}|{cell.split()[0]}" in judged for cell in cells)
    again = run("movequality.py", "chess", "--engine", sqlchess, "--engine", fairy,
                "--positions", "4", "--go", "depth 2", "--depth", "4", "--jobs", "1",
                "--seed", "test", "--cache", str(tmp_path / "cache.json"))
    assert again == out


def test_match_plays_and_rates_games(tmp_path: Path) -> None:
    sqlchess, _ = engines()
    pgn = tmp_path / "games.pgn"
    out = run("match.py", "--engine", sqlchess, "--variant", "chess", "--games", "2",
              "--movetime", "0.02", "--concurrency", "1", "--max-plies", "30",
              "--seed", "test", "--pgn", str(pgn), "--quiet")
    table = [line for line in out.splitlines() if line.startswith("| chess |")]
    assert len(table) == 1, out
    cells = [c.strip() for c in table[0].strip("|").split("|")]
    games, wins, draws, losses = (int(c) for c in cells[1:5])
    assert games == 2 and wins + draws + losses == 2, table
    assert pgn.read_text().count("[Event ") == 2


def test_treesize_counts_nodes_by_depth_and_finds_the_same_tree(tmp_path: Path) -> None:
    sqlchess, fairy = engines()
    cache = tmp_path / "cache.json"
    # The same engine twice searches the same trees; fairy-stockfish others.
    out = run("treesize.py", "chess", "--engine", sqlchess, "--engine", sqlchess,
              "--engine", fairy, "--depth", "3", "--positions", "3", "--jobs", "1",
              "--rounds", "1", "--seed", "test", "--cache", str(cache))
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in out.splitlines()
            if line.startswith("| ") and not line.startswith("| engine")]
    assert len(rows) == 3, out
    for row in rows:
        counts = [int(c) for c in row[1:4]]
        assert 0 < counts[0] <= counts[1] <= counts[2], row
        assert float(row[4]) == 3.0, row
        float(row[5])
    fens = json.loads(cache.read_text())["positions"]["chess|test|3"]
    assert rows[1][6] == f"{len(fens)}/{len(fens)}", rows[1]
    assert rows[2][6] != f"{len(fens)}/{len(fens)}", rows[2]
    float(rows[1][7])


def test_treesize_under_a_clock_reports_the_depth_reached(tmp_path: Path) -> None:
    sqlchess, _ = engines()
    cache = tmp_path / "cache.json"
    # 50 ms cannot reach depth 40: the search stops on the clock.
    out = run("treesize.py", "chess", "--engine", sqlchess, "--depth", "40",
              "--movetime", "50", "--positions", "2", "--jobs", "1", "--rounds", "1",
              "--seed", "test", "--cache", str(cache))
    assert "'go depth 40 movetime 50'" in out, out
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in out.splitlines()
            if line.startswith("| ") and not line.startswith("| engine")]
    assert len(rows) == 1, out
    row = rows[0]
    assert int(row[1]) > 0, row
    assert row[40] == "", row
    reached = float(row[41])
    assert 1.0 <= reached < 40.0, row
    # Depths only some positions completed name how many did.
    for cell in row[1:41]:
        assert cell == "" or cell.isdigit() or cell.endswith("(1)"), row


# Capablanca positions of the evaluation tools' tests: the opening, and
# a lone archbishop, whose material every evaluation counts.
CAPABLANCA_FENS = [
    "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1",
    "r1abqkbcnr/pppppppppp/2n7/10/4P5/5N4/PPPP1PPPPP/RNABQKBC1R b KQkq - 2 2",
    "rnabqkbcnr/pppp1ppppp/10/4p5/4P5/10/PPPP1PPPPP/RNABQKBCNR w KQkq - 0 2",
    "4k5/10/10/10/2A7/10/10/1K8 w - - 0 1",
]


def test_evalerror_sets_both_evaluations_against_the_scores(tmp_path: Path) -> None:
    engines()
    binary = sqlchess_bin()
    assert binary is not None
    fens = CAPABLANCA_FENS
    # Scores equal to sqlchess's own evaluation: its error is nil.
    values = ",".join(f"('{f}')" for f in fens)
    text = subprocess.run(
        [binary, "sql", f"WITH t(fen) AS (VALUES {values}) SELECT evaluate(fen, 'capablanca') FROM t"],
        capture_output=True, text=True, check=True,
    ).stdout
    own = [line for line in text.splitlines() if line.lstrip("-").isdigit()]
    assert len(own) == len(fens), text
    data = tmp_path / "data.tsv"
    data.write_text("".join(f"{f}\t{v}\n" for f, v in zip(fens, own)))
    out = run("evalerror.py", "capablanca", str(data), "--sqlchess", binary)
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in out.splitlines()
            if line.startswith("| ") and not line.startswith("| evaluation")
            and not line.startswith("| ---")]
    assert [r[0] for r in rows] == ["sqlchess", "fairy-stockfish, static"], out
    assert rows[0][1:3] == ["4", "0"], rows[0]
    assert rows[0][5] == "1.000", rows[0]
    # Fairy-Stockfish's evaluation is its own: not the same numbers.
    assert rows[1][1] == "4" and int(rows[1][2]) > 0, rows[1]


def test_evalerror_terms_name_the_term_that_made_the_error(tmp_path: Path) -> None:
    engines()
    binary = sqlchess_bin()
    assert binary is not None
    fens = [*CAPABLANCA_FENS, "4k5/pp8/10/10/10/10/10/1K8 w - - 0 1"]
    tool = load_module("evalerror.py")
    own = tool.sqlchess_evaluations(binary, "capablanca", fens)
    traces: list[dict[str, tuple[int, int]]] = []
    tool.fairy_stockfish_evaluations("capablanca", fens, traces)
    # Scores that differ from sqlchess's evaluation by exactly
    # Fairy-Stockfish's endgame material: that term, in that phase, and
    # no other explains the whole error.
    data = tmp_path / "data.tsv"
    data.write_text("".join(f"{f}\t{e + t['Material'][1]}\n" for f, e, t in zip(fens, own, traces)))
    out = run("evalerror.py", "capablanca", str(data), "--sqlchess", binary, "--terms")
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in out.splitlines()
            if line.startswith("| ") and "spread" not in line and not line.startswith("| ---")
            and not line.startswith("| evaluation")]
    terms = rows[2:]
    assert {"Material", "Mobility", "King safety", "Threats"} <= {r[0] for r in terms}, out
    assert terms[0][0] == "Material" and terms[0][4] == "+1.000", out
    assert all(r[4] != "+1.000" for r in terms[1:]), out


def load_module(script: str) -> types.ModuleType:
    """A script of scripts/ as a module, to call its functions."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(script.removesuffix(".py"), SCRIPTS / script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_match_module() -> types.ModuleType:
    return load_module("match.py")


def test_chess_referee_agrees_with_pyffish() -> None:
    """match.py adjudicates standard chess with python-chess (fast) and every
    other variant with pyffish: in chess both must give the same verdict
    after every ply of random games, a repetition and a mate."""
    import random

    match = load_match_module()
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"] * 2
    fools_mate = ["f2f3", "e7e5", "g2g4", "d8h4"]
    rng = random.Random("referees")
    games: list[list[str] | None] = [shuffle, fools_mate, None, None]
    for scripted in games:
        fast, reference = match.ChessReferee([]), match.PyffishReferee("chess", [])
        ply = 0
        while True:
            verdict = fast.result()
            assert verdict == reference.result(), (fast.moves, verdict)
            if verdict or (scripted is not None and ply == len(scripted)):
                break
            move = scripted[ply] if scripted is not None else rng.choice(sorted(reference.legal))
            assert fast.push(move) and reference.push(move), (fast.moves, move)
            ply += 1
        if scripted is shuffle:
            assert verdict == ("1/2-1/2", "repetition or move rule")
        if scripted is fools_mate:
            assert verdict == ("0-1", "checkmate")
    assert not match.ChessReferee([]).push("e2e5")
    assert not match.ChessReferee([]).push("nonsense")


def test_fairy_eval_fit_recovers_the_weights_that_made_the_scores(tmp_path: Path) -> None:
    """`scripts/fairy_eval_fit.py` on positions whose scores are the
    engine's evaluation with one weight changed (threats of the side to
    move worth 150 cp): the fit finds that weight and no error."""
    import random

    rng = random.Random(17)
    letters = "pnbrqk"
    head = ["score", "eval", "placement", "king_safety", "phase", "white_to_move"]
    head += [f"mobility_{l}" for l in letters]
    for side in ("white", "black"):
        head += [f"{side}_{n}" for n in ("threats", "hanging", "king_attackers", "king_attacks",
                                         "safe_checks")]
    for i in range(8):
        head += [f"passed_{i + 1}_mg", f"passed_{i + 1}_eg"]
    for n in ("isolated", "doubled", "supported", "phalanx"):
        head += [f"{n}_mg", f"{n}_eg"]
    rows: list[dict[str, float]] = []
    for _ in range(600):
        r: dict[str, float] = {h: 0.0 for h in head}
        r["placement"] = rng.randint(-300, 300)
        r["phase"] = rng.randint(0, 256)
        white = rng.random() < 0.5
        r["white_to_move"] = 1 if white else 0
        for l in "nbrq":
            r[f"mobility_{l}"] = rng.randint(-10, 10)
        for side in ("white", "black"):
            r[f"{side}_threats"] = rng.randint(0, 3)
            r[f"{side}_hanging"] = rng.randint(0, 2)
        stm = 1 if white else -1
        mover, other = ("white", "black") if white else ("black", "white")
        r["score"] = (r["placement"] + 30 * stm
                      + 5 * sum(r[f"mobility_{l}"] for l in "nbrq")
                      + stm * (150 * r[f"{mover}_threats"] + 30 * r[f"{mover}_hanging"])
                      - stm * (60 * r[f"{other}_threats"] + 30 * r[f"{other}_hanging"]))
        rows.append(r)
    features = tmp_path / "features.tsv"
    features.write_text("\t".join(head) + "\n"
                        + "".join("\t".join(str(r[h]) for h in head) + "\n" for r in rows))
    out = run("fairy_eval_fit.py", str(features), "--ridge", "0.0001", "--clip", "5000")
    fitted: dict[str, float] = {}
    held_out_error = float("inf")
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 3 and cells[0] in ("threats_side_to_move", "threats_other_side", "tempo"):
            fitted[cells[0]] = float(cells[2])
        if cells[0] == "fitted, held out":
            held_out_error = float(cells[1])
    assert abs(fitted["threats_side_to_move"] - 150) < 1, out
    assert abs(fitted["threats_other_side"] - 60) < 1, out
    assert abs(fitted["tempo"] - 30) < 1, out
    assert held_out_error < 1, out


def test_nnue_train_fits_the_scale_that_made_the_labels() -> None:
    """`nnue_train.py --k fit` picks the sigmoid's scale at which the
    built-in evaluation best predicts the labels: on labels made from
    centipawns at K = 0.43 (about crazyhouse's) it finds 0.43 again, and the
    scale does not depend on which side is to move."""
    import numpy as np

    train = load_module("nnue_train.py")
    rng = np.random.default_rng(17)
    cp = rng.normal(0.0, 600.0, 20000)
    labels = 1.0 / (1.0 + np.power(10.0, -0.43 * cp / 400.0))
    assert abs(train.fit_k(cp, labels) - 0.43) < 0.002
    assert abs(train.fit_k(-cp, 1.0 - labels) - 0.43) < 0.002
    noisy = np.clip(labels + rng.normal(0.0, 0.05, len(cp)), 0.0, 1.0)
    assert abs(train.fit_k(cp, noisy) - 0.43) < 0.02


def test_texel_label_leaves_out_and_counts_positions_the_engine_dies_on(tmp_path: Path) -> None:
    """`texel_label.py --variant` goes on past a position that kills
    `fairy-stockfish` (11.1 crashes on this seirawan FEN, a gating right of
    its own writing) and accounts for every position: each is labelled or
    reported left out, and the ones after the crash are labelled."""
    engines()
    good = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[EHeh] b KQBCDFGkqbcdfg - 0 1"
    crash = "2b2k1B/1p3p2/3p4/3p2P1/8/rp1B3P/5P2/4R1KR[] w Hc - 0 33"
    positions = tmp_path / "positions.txt"
    positions.write_text(f"{good};0.5\n{crash};1\n{good};0.5\n")
    labelled = tmp_path / "labelled.txt"
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "texel_label.py"), str(positions), str(labelled),
         "--depth", "2", "--jobs", "1", "--variant", "seirawan"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = labelled.read_text().splitlines()
    left_out = 3 - len(lines)
    if left_out:
        assert f"{left_out} of 3 positions left out" in done.stderr, done.stderr
        assert crash in done.stderr, done.stderr
    assert [line.rsplit(";", 2)[0] for line in lines].count(good) == 2, lines
    for line in lines:
        assert 0.0 <= float(line.rsplit(";", 1)[1]) <= 1.0, line


def test_nnue_train_factors_fold_into_the_network_the_engine_reads() -> None:
    """`nnue_train.py --factors`: a network trained with its board inputs'
    factors (each piece anywhere, on its rank, on its file) scores every
    position as the folded network written without them does, and the
    factors light exactly one input of each kind per board input."""
    import numpy as np
    import scipy.sparse as sp  # type: ignore[import-untyped]

    train = load_module("nnue_train.py")
    kinds, width, height, hand = 3, 4, 5, 2 * 3 * 16
    board = 2 * kinds * width * height
    inputs = board + hand
    factors = train.factor_matrix(inputs, (kinds, width, height))
    pieces = 2 * kinds
    assert factors.shape == (inputs, pieces * (1 + height + width))
    counts = np.asarray(factors.sum(axis=1)).ravel()
    assert (counts[:board] == 3).all() and (counts[board:] == 0).all()
    # A piece of the other side's (kind 1 of the second relation) on the
    # file 2 of rank 3 lights its kind, its kind's rank 3 and file 2.
    piece, square = kinds + 1, 3 * width + 2
    lit = set(factors[piece * width * height + square].indices)
    assert lit == {piece, pieces + piece * height + 3, pieces * (1 + height) + piece * width + 2}

    rng = np.random.default_rng(5)
    rows = 50
    active = [rng.choice(inputs, size=8, replace=False) for _ in range(rows)]
    x = sp.csr_matrix((np.ones(8 * rows, dtype=np.float32),
                       np.concatenate(active), np.arange(0, 8 * rows + 1, 8)),
                      shape=(rows, inputs))
    y = sp.csr_matrix(x[::-1])
    stm = rng.random(rows) < 0.5
    net = train.Net(16, rng, 2, inputs + factors.shape[1])
    net.w1 *= 0.2  # within the clip that keeps the engine's sums in i16
    net.bucket = rng.integers(0, 2, rows)
    wide = sp.hstack([x, x @ factors], format="csr"), sp.hstack([y, y @ factors], format="csr")
    expected, _ = net.forward(wide[0], wide[1], stm)
    folded = train.fold(net, inputs, factors)
    folded.bucket = net.bucket
    got, _ = folded.forward(x, y, stm)
    assert folded.w1.shape == (inputs, 16)
    assert np.allclose(got, expected, atol=1e-4)
