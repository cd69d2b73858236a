#!/usr/bin/env python3
"""How soon `sqlchess uci` answers `stop` (issue 17: within 10 ms).

For each position and variant below, the engine is given `go infinite`,
then `stop` after a random 100 to 600 ms; the time from writing `stop` to
reading `bestmove` is recorded (the clock of this process, both ends on
this machine). Prints each latency's median, 90th percentile and maximum,
per variant and in all.

Usage: scripts/bench-uci-stop.py [ENGINE] [ROUNDS]
(THREADS=N in the environment sets the engine's Threads option first)
    ENGINE  the engine command (default: target/release/sqlchess uci)
    ROUNDS  stops per position (default 20)

Standard library only; nothing but the engine's own pipes.
"""

from __future__ import annotations

import os
import random
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

POSITIONS = [
    ("chess", "startpos"),
    ("chess", "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("chess", "fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ("capablanca", "startpos"),
    ("grand", "startpos"),
    ("xiangqi", "startpos"),
    ("shogi", "startpos"),
    ("crazyhouse", "startpos moves e2e4 d7d5 e4d5 d8d5"),
]


def main() -> None:
    engine = shlex.split(sys.argv[1]) if len(sys.argv) > 1 else [str(ROOT / "target/release/sqlchess"), "uci"]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    rng = random.Random(17)
    proc = subprocess.Popen(engine, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    assert proc.stdin and proc.stdout

    def send(line: str) -> None:
        assert proc.stdin
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def wait_for(prefix: str) -> str:
        assert proc.stdout
        while True:
            line = proc.stdout.readline()
            if not line:
                raise SystemExit(f"engine ended before {prefix!r}")
            if line.startswith(prefix):
                return line

    send("uci")
    wait_for("uciok")
    if os.environ.get("THREADS"):
        send(f"setoption name Threads value {int(os.environ['THREADS'])}")
    latencies: dict[str, list[float]] = {}
    for variant, position in POSITIONS:
        send(f"setoption name UCI_Variant value {variant}")
        send("ucinewgame")
        send("isready")
        wait_for("readyok")
        for _ in range(rounds):
            send(f"position {position}")
            send("go infinite")
            time.sleep(rng.uniform(0.1, 0.6))
            started = time.perf_counter()
            send("stop")
            wait_for("bestmove")
            latencies.setdefault(variant, []).append((time.perf_counter() - started) * 1000)
    send("quit")
    proc.wait(timeout=10)

    def summary(xs: list[float]) -> str:
        xs = sorted(xs)
        p90 = xs[min(len(xs) - 1, int(0.9 * len(xs)))]
        return f"n={len(xs):4d}  median {statistics.median(xs):6.2f} ms  p90 {p90:6.2f} ms  max {xs[-1]:6.2f} ms"

    for variant, xs in latencies.items():
        print(f"{variant:<12} {summary(xs)}")
    print(f"{'all':<12} {summary([x for xs in latencies.values() for x in xs])}")


if __name__ == "__main__":
    main()
