#!/usr/bin/env python3
"""Adds Stockfish's expected score to the positions of texel_data.

    python3 scripts/texel_label.py IN.txt OUT.txt [--depth 6] [--jobs N] [--variant V]

Reads `FEN;RESULT` lines (crates/sqlchess-search/examples/texel_data.rs),
writes `FEN;RESULT;SCORE`: SCORE is White's expected score after a search of
DEPTH plies by Debian's stockfish (`UCI_ShowWDL`: wins plus half the draws,
per thousand, of its win-draw-loss model), in the input's order. A game's
result says who won from the position with the engine's own play on both
sides, a noisy label for one position; Stockfish's estimate is a far less
noisy one. texel_tune fits a blend of the two (its TEXEL_LAMBDA).

With `--variant V` (positions of `texel_data ... V`, a fairy variant),
the labeller is Debian's fairy-stockfish playing V, which has no
win-draw-loss model: SCORE is then `1 / (1 + 10^(-cp / 400))` of its
score in centipawns (a mate 1 or 0), White's. The network's trainer
brings that scale to sqlchess's with its `--k`.

A position the engine dies on (fairy-stockfish 11.1 reads a seirawan
FEN's gating right of an unmoved rook beside a king that walked there,
`4R1KR[] w H`, its own way of writing it, as castling and crashes) is
left out: the engine is started again, and the positions left out are
counted, with the first of them, on standard error at the end.

Needs /usr/games/stockfish (apt-get install stockfish), or
/usr/games/fairy-stockfish for a variant; N processes run at once
(default: every core).
"""

import argparse
import multiprocessing
import subprocess
import sys

STOCKFISH = "/usr/games/stockfish"
FAIRY_STOCKFISH = "/usr/games/fairy-stockfish"
_engine = None
_variant = None


def _start(depth, variant):
    global _engine, _depth, _variant
    _depth, _variant = depth, variant
    _engine = subprocess.Popen([FAIRY_STOCKFISH if variant else STOCKFISH],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, bufsize=1)
    setup = [f"setoption name UCI_Variant value {variant}"] if variant else \
        ["setoption name UCI_ShowWDL value true"]
    for line in ["uci", *setup,
                 "setoption name Threads value 1", "setoption name Hash value 16", "isready"]:
        _engine.stdin.write(line + "\n")
    for line in _engine.stdout:
        if line.startswith("readyok"):
            break


class EngineDied(Exception):
    """The labelling engine stopped while searching a position."""


def _label(line):
    """`line` labelled, `None` for a position without legal moves, or the
    FEN the engine died on as an `EngineDied` (returned, not raised, so
    that the pool goes on)."""
    fen, result = line.rstrip("\n").rsplit(";", 1)
    try:
        return _search(fen, result)
    except (BrokenPipeError, EngineDied):
        _engine.kill()
        _engine.wait()
        _start(_depth, _variant)
        return EngineDied(fen)


def _search(fen, result):
    _engine.stdin.write(f"position fen {fen}\ngo depth {_depth}\n")
    _engine.stdin.flush()
    wdl = None
    while True:
        out = _engine.stdout.readline()
        if not out:
            raise EngineDied(fen)
        if _variant and out.startswith("info") and " score " in out:
            words = out.split()
            kind, value = words[words.index("score") + 1:words.index("score") + 3]
            if kind == "mate":
                wdl = [1000, 0, 0] if int(value) > 0 else [0, 0, 1000]
            else:
                win = 1000 / (1 + 10 ** (-int(value) / 400))
                wdl = [win, 0, 1000 - win]
        elif out.startswith("info") and " wdl " in out:
            words = out.split()
            i = words.index("wdl")
            wdl = [int(w) for w in words[i + 1:i + 4]]
        elif out.startswith("bestmove"):
            break
    if wdl is None:  # no legal move: the game would have ended here
        return None
    score = (wdl[0] + wdl[1] / 2) / 1000
    if fen.split()[1] == "b":
        score = 1 - score
    return f"{fen};{result};{score:.3f}\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    ap.add_argument("--variant", help="a fairy variant, labelled by fairy-stockfish")
    args = ap.parse_args()
    with open(args.input) as f:
        lines = f.readlines()
    done = 0
    died = []
    with multiprocessing.Pool(args.jobs, _start, (args.depth, args.variant)) as pool, \
            open(args.output, "w") as out:
        for labelled in pool.imap(_label, lines, chunksize=256):
            if isinstance(labelled, EngineDied):
                died.append(str(labelled))
            elif labelled:
                out.write(labelled)
            done += 1
            if done % 50000 == 0:
                print(f"{done}/{len(lines)}", file=sys.stderr, flush=True)
    if died:
        print(f"{len(died)} of {len(lines)} positions left out: the engine died on them "
              f"(the first: {died[0]})", file=sys.stderr)


if __name__ == "__main__":
    main()
