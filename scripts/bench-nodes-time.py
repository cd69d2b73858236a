#!/usr/bin/env python3
"""Time two builds of a UCI engine for the same number of nodes.

A speed change that leaves the tree alone (the same moves in the same
order, legality tested elsewhere) is judged by the time each build takes
to search a fixed number of nodes on the same positions, measured in the
same run so that the machine's noise falls on both:

    scripts/bench-nodes-time.py --new "target/release/sqlchess uci" \\
        --old "/tmp/base uci" --variant capablanca seirawan --positions 25 --nodes 100000

Positions come from random legal play (pyffish, seeded: 16 to 40 plies
from the start); each is searched from a fresh `ucinewgame` by both
builds, twice, the order of the builds swapped in the second round.
Prints, per variant, the seconds of each and how much faster the new
build is.
"""

import argparse
import random
import shlex
import subprocess
import sys
import time

try:
    import pyffish
except ImportError:
    sys.exit("bench-nodes-time.py needs pyffish: pip install pyffish")


def positions(variant, count, seed):
    """`count` FENs of `variant` reached by random legal play, not over."""
    rng = random.Random(f"{seed}-{variant}")
    found = []
    while len(found) < count:
        fen = pyffish.start_fen(variant)
        for _ in range(rng.randint(16, 40)):
            moves = pyffish.legal_moves(variant, fen, [])
            if not moves:
                break
            fen = pyffish.get_fen(variant, fen, [rng.choice(moves)])
        if pyffish.legal_moves(variant, fen, []):
            found.append(fen)
    return found


class Engine:
    """A UCI engine kept running between searches."""

    def __init__(self, command, variant, hash_mb):
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send(f"uci\nsetoption name UCI_Variant value {variant}\n"
                  f"setoption name Hash value {hash_mb}")
        self.ready()

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def ready(self):
        self.send("isready")
        while self.proc.stdout.readline().strip() != "readyok":
            pass

    def seconds_for(self, fen, nodes):
        self.send(f"ucinewgame\nposition fen {fen}")
        self.ready()
        start = time.perf_counter()
        self.send(f"go nodes {nodes}")
        while not self.proc.stdout.readline().startswith("bestmove"):
            pass
        return time.perf_counter() - start

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--new", required=True, help="command of the new build")
    ap.add_argument("--old", required=True, help="command of the build to compare with")
    ap.add_argument("--variant", nargs="+", default=["capablanca"])
    ap.add_argument("--positions", type=int, default=25)
    ap.add_argument("--nodes", type=int, default=50000)
    ap.add_argument("--hash", type=int, default=16, help="MB for each engine")
    ap.add_argument("--seed", default="nodes-time")
    ap.add_argument("--fens", help="read the positions from this file (a FEN in the first "
                    "tab-separated field of each line; one variant only) instead")
    args = ap.parse_args()
    print("| variant | positions | nodes | new s | old s | new faster by |")
    print("|---|---:|---:|---:|---:|---:|")
    for variant in args.variant:
        if args.fens:
            with open(args.fens) as f:
                fens = [line.split("\t")[0].strip() for line in f if line.strip()]
            fens = fens[:args.positions]
        else:
            fens = positions(variant, args.positions, args.seed)
        engines = [Engine(args.new, variant, args.hash), Engine(args.old, variant, args.hash)]
        seconds = [0.0, 0.0]
        for round_ in range(2):
            order = [0, 1] if round_ == 0 else [1, 0]
            for fen in fens:
                for i in order:
                    seconds[i] += engines[i].seconds_for(fen, args.nodes)
        for e in engines:
            e.close()
        gain = seconds[1] / seconds[0] - 1
        print(f"| {variant} | {len(fens)} | {args.nodes} | {seconds[0]:.2f} | {seconds[1]:.2f} "
              f"| {100 * gain:+.1f} % |", flush=True)


if __name__ == "__main__":
    main()
