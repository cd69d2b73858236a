#!/usr/bin/env python3
"""How well static evaluations predict a search's scores.

    scripts/evalerror.py VARIANT DATA.tsv [--positions 3000]
        [--sqlchess target/release/sqlchess]

DATA is what `scripts/fairy_texel.py data` writes: quiet positions from
Fairy-Stockfish's games against itself, each with its search's score
(`FEN<TAB>SCORE`, centipawns, White's view). Both static evaluations
are set against those scores: sqlchess's (its SQL function `evaluate`,
through `SQLCHESS sql`) and Fairy-Stockfish's own (its `eval` command's
total). For each the report gives the root-mean-square error, the
scale that fits the scores best, the error at that scale and the
correlation.

A static evaluation cannot see what a search of a few thousand nodes
finds (threats, exchanges under way), so neither comes near zero; the
two figures side by side say whether sqlchess's evaluation predicts the
search worse than Fairy-Stockfish's own does.

Needs /usr/games/fairy-stockfish (apt-get install fairy-stockfish).
"""

import argparse
import math
import re
import subprocess

FAIRY_STOCKFISH = "/usr/games/fairy-stockfish"


def sqlchess_evaluations(binary, variant, fens):
    """sqlchess's evaluation of each FEN, White's view."""
    out = []
    for i in range(0, len(fens), 500):
        chunk = fens[i:i + 500]
        values = ",".join("('" + f.replace("'", "''") + "')" for f in chunk)
        query = f"WITH t(fen) AS (VALUES {values}) SELECT evaluate(fen, '{variant}') FROM t"
        text = subprocess.run([binary, "sql", query], check=True, capture_output=True,
                              text=True).stdout
        numbers = [int(v) for v in re.findall(r"^-?\d+$", text, re.M)]
        if len(numbers) != len(chunk):
            raise SystemExit(f"{binary} sql gave {len(numbers)} evaluations for {len(chunk)}")
        out += numbers
    return out


def fairy_stockfish_evaluations(variant, fens):
    """Fairy-Stockfish's static evaluation of each FEN, White's view
    (None where it prints none)."""
    engine = subprocess.Popen([FAIRY_STOCKFISH], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    engine.stdin.write(f"uci\nsetoption name UCI_Variant value {variant}\n")
    out = []
    for fen in fens:
        engine.stdin.write(f"position fen {fen}\neval\nisready\n")
        engine.stdin.flush()
        value = None
        while True:
            line = engine.stdout.readline()
            if not line:
                raise SystemExit("fairy-stockfish stopped")
            m = re.match(r"Total evaluation: ([-+]?[\d.]+)", line)
            if m:
                value = round(float(m.group(1)) * 100)
            if line.startswith("readyok"):
                break
        out.append(value)
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait()
    return out


def report(name, predictions, scores):
    pairs = [(x, y) for x, y in zip(predictions, scores) if x is not None]
    n = len(pairs)
    rms = math.sqrt(sum((x - y) ** 2 for x, y in pairs) / n)
    sxx = sum(x * x for x, _ in pairs) or 1
    scale = sum(x * y for x, y in pairs) / sxx
    rms_scaled = math.sqrt(sum((scale * x - y) ** 2 for x, y in pairs) / n)
    mx, my = sum(x for x, _ in pairs) / n, sum(y for _, y in pairs) / n
    cov = sum((x - mx) * (y - my) for x, y in pairs)
    vx = sum((x - mx) ** 2 for x, _ in pairs)
    vy = sum((y - my) ** 2 for _, y in pairs)
    corr = cov / math.sqrt(vx * vy) if vx and vy else float("nan")
    print(f"| {name} | {n} | {rms:.0f} | {scale:.2f} | {rms_scaled:.0f} | {corr:.3f} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variant")
    ap.add_argument("data")
    ap.add_argument("--positions", type=int, default=3000)
    ap.add_argument("--sqlchess", default="target/release/sqlchess")
    args = ap.parse_args()
    rows = [line.rstrip("\n").split("\t") for line in open(args.data)][:args.positions]
    fens = [r[0] for r in rows]
    scores = [int(r[1]) for r in rows]
    print("| evaluation | positions | error, cp | best scale | error at that scale | correlation |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    report("sqlchess", sqlchess_evaluations(args.sqlchess, args.variant, fens), scores)
    report("fairy-stockfish, static", fairy_stockfish_evaluations(args.variant, fens), scores)


if __name__ == "__main__":
    main()
