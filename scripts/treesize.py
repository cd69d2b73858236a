#!/usr/bin/env python3
"""Measures the size of engines' search trees on a fixed set of positions.

    scripts/treesize.py VARIANT --engine "A uci" [--engine "B uci" ...] --depth 9
        [--movetime MS] [--positions 40] [--sample N] [--seed S]
        [--cache FILE.json] [--rounds 2] [--variants-file INI]

Two questions about a search change need no judge and no games. How
many nodes does each engine search to reach each depth (the geometric
mean over the positions of the cumulative count its `info depth N`
line reports), which is where sqlchess and fairy-stockfish differ most?
And is a change that should only be faster really the same search: for
each engine after the first, the positions where it reports the same
nodes and the same best move as the first at the last depth, and the
ratio of its time to the first's (all positions, the engines taking
turns round by round, so a slower minute of a shared machine falls on
both).

With --movetime, each search has a clock as in a match (`go depth D
movetime MS`): sqlchess prunes under a clock as it does in games (a
search to a fixed depth keeps its promise of mates and prunes less), and
the engines are compared where each gets in the same time. A depth some
positions did not complete in time shows the number that did in
parentheses, and the table gives the mean depth completed; the same-tree
column is left empty, since where a search stops depends on the machine.

The positions are those of `scripts/movequality.py` for the same
variant, SEED and count (`fairy-stockfish` playing itself; shared
through FILE when given, so both tools can run on the same positions);
with --sample, N of them evenly spaced.
Every search starts with a fresh table (`ucinewgame`) and runs one
engine at a time, so the times are comparable.

Needs pyffish (pip install pyffish) and /usr/games/fairy-stockfish
(apt-get install fairy-stockfish) to make the positions.
"""

import argparse
import json
import math
import os
import re
import time

from movequality import cached_positions
from uci_engine import Engine


def go_command(depth, movetime):
    """The UCI search command: to `depth`, and within `movetime` ms if given."""
    return f"go depth {depth}" + (f" movetime {movetime}" if movetime else "")


def search(engine, fen, depth, movetime=None):
    """(cumulative nodes by completed depth, best move, seconds)."""
    engine.new_game()
    engine.send(f"position fen {fen}")
    start = time.perf_counter()
    engine.send(go_command(depth, movetime))
    lines = engine.read_until("bestmove")
    seconds = time.perf_counter() - start
    by_depth = {}
    for line in lines:
        m = re.match(r"info depth (\d+) .*?nodes (\d+)", line)
        if m and " pv " in line and "bound" not in line:
            by_depth[int(m.group(1))] = int(m.group(2))
    return by_depth, lines[-1].split()[1], seconds


def geometric_mean(values):
    return math.exp(sum(math.log(max(v, 1)) for v in values) / len(values))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("variant")
    ap.add_argument("--engine", action="append", required=True)
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--movetime", type=int, metavar="MS",
                    help="search under a clock of MS milliseconds as well")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--sample", type=int, help="search only this many, evenly spaced")
    ap.add_argument("--seed", default="quality")
    ap.add_argument("--cache", help="movequality.py's JSON file: its positions are shared")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--jobs", type=int, default=max(1, os.cpu_count() or 1),
                    help="processes making new positions")
    ap.add_argument("--variants-file")
    args = ap.parse_args()
    cache, fens = cached_positions(args)
    if args.cache:
        with open(args.cache, "w", encoding="utf-8") as f:
            json.dump(cache, f)

    if args.sample and args.sample < len(fens):
        fens = [fens[i * len(fens) // args.sample] for i in range(args.sample)]

    engines = [Engine(c, args.variant, args.variants_file) for c in args.engine]
    seconds = [0.0] * len(engines)
    results = [[] for _ in engines]
    for r in range(args.rounds):
        order = range(len(engines)) if r % 2 == 0 else reversed(range(len(engines)))
        for e in order:
            results[e] = []
            for fen in fens:
                by_depth, move, took = search(engines[e], fen, args.depth, args.movetime)
                results[e].append((by_depth, move))
                seconds[e] += took
    for e in engines:
        e.close()

    print(f"# {args.variant}: {len(fens)} positions (seed {args.seed!r}), "
          f"'{go_command(args.depth, args.movetime)}', {args.rounds} rounds")
    depths = range(1, args.depth + 1)
    print("| engine | " + " | ".join(f"nodes to depth {d}" for d in depths)
          + " | mean depth | seconds | same tree as the first | time / the first's |")
    print("|---" * (len(depths) + 5) + "|")
    for e, command in enumerate(args.engine):
        cells = []
        for d in depths:
            counts = [by[d] for by, _ in results[e] if d in by]
            if len(counts) == len(fens):
                cells.append(f"{geometric_mean(counts):.0f}")
            elif counts:
                cells.append(f"{geometric_mean(counts):.0f} ({len(counts)})")
            else:
                cells.append("")
        reached = sum(max(by, default=0) for by, _ in results[e]) / len(fens)
        cells.append(f"{reached:.2f}")
        if e == 0 or args.movetime:
            same, ratio = "", ""
        else:
            equal = sum(
                mine[1] == first[1] and mine[0].get(args.depth) == first[0].get(args.depth)
                for mine, first in zip(results[e], results[0]))
            same = f"{equal}/{len(fens)}"
            ratio = f"{seconds[e] / max(seconds[0], 1e-9):.3f}"
        print(f"| {command} | " + " | ".join(cells) + f" | {seconds[e]:.2f} | {same} | {ratio} |")


if __name__ == "__main__":
    main()
