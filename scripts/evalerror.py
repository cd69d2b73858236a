#!/usr/bin/env python3
"""How well static evaluations predict a search's scores.

    scripts/evalerror.py VARIANT DATA.tsv [--positions 3000]
        [--sqlchess target/release/sqlchess] [--terms]

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

With --terms, a second table takes Fairy-Stockfish's evaluation apart
(the terms of its `eval` trace: material, mobility, king safety,
threats, passed pawns, space, initiative ..., middlegame and endgame
apart) and gives each term's correlation with sqlchess's error (the
score less sqlchess's evaluation): a term that explains much of the
error names something sqlchess's evaluation may lack. It says where to
look, not what plays: on 2026-12-05 the initiative term correlated
best (0.19 to 0.26 in capablanca, grand and seirawan), and a term
built after it lost its matches (BENCHMARKS.md, "An endgame
complexity term, and smaller trees").

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


# A row of Fairy-Stockfish's trace: the term, then White's, Black's and
# the total middlegame and endgame values in pawns ("----" where the
# side's share is not kept apart).
TRACE_ROW = re.compile(r"\s*([A-Za-z][A-Za-z ]*?)\s*\|\s*(\S+)\s+(\S+)\s*\|"
                       r"\s*(\S+)\s+(\S+)\s*\|\s*(\S+)\s+(\S+)\s*$")


def fairy_stockfish_evaluations(variant, fens, terms=None):
    """Fairy-Stockfish's static evaluation of each FEN, White's view
    (None where it prints none). With `terms` (a list), appends for each
    FEN a dict from each trace term to its total (middlegame, endgame)
    in centipawns."""
    engine = subprocess.Popen([FAIRY_STOCKFISH], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    engine.stdin.write(f"uci\nsetoption name UCI_Variant value {variant}\n")
    out = []
    for fen in fens:
        engine.stdin.write(f"position fen {fen}\neval\nisready\n")
        engine.stdin.flush()
        value = None
        trace = {}
        while True:
            line = engine.stdout.readline()
            if not line:
                raise SystemExit("fairy-stockfish stopped")
            m = re.match(r"Total evaluation: ([-+]?[\d.]+)", line)
            if m:
                value = round(float(m.group(1)) * 100)
            m = TRACE_ROW.match(line)
            if m and m.group(1) not in ("Term", "Total"):
                try:
                    trace[m.group(1)] = (round(float(m.group(6)) * 100),
                                         round(float(m.group(7)) * 100))
                except ValueError:
                    pass  # the header's "MG EG"
            if line.startswith("readyok"):
                break
        out.append(value)
        if terms is not None:
            terms.append(trace)
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait()
    return out


def correlation(xs, ys):
    """Pearson's correlation of two equally long lists; None where either
    does not vary."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    vx = sum((x - mx) ** 2 for x in xs)
    vy = sum((y - my) ** 2 for y in ys)
    if not vx or not vy:
        return None
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / math.sqrt(vx * vy)


def report_terms(traces, errors):
    """Each trace term's spread and its correlation with `errors`,
    middlegame and endgame apart, the best correlated first."""
    names = []
    for t in traces:
        names += [k for k in t if k not in names]
    rows = []
    for name in names:
        cells = []
        for phase in (0, 1):
            xs = [t.get(name, (0, 0))[phase] for t in traces]
            n = len(xs)
            sd = math.sqrt(sum((x - sum(xs) / n) ** 2 for x in xs) / n)
            cells.append((sd, correlation(xs, errors)))
        best = max(abs(c) for _, c in cells if c is not None) if any(
            c is not None for _, c in cells) else -1
        rows.append((best, name, cells))
    print()
    print("| Fairy-Stockfish term | middlegame: spread, cp | correlation with sqlchess's error"
          " | endgame: spread, cp | correlation with sqlchess's error |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for _, name, cells in sorted(rows, key=lambda r: -r[0]):
        text = [f"{sd:.0f} | {'—' if c is None else f'{c:+.3f}'}" for sd, c in cells]
        print(f"| {name} | {text[0]} | {text[1]} |")


def report(name, predictions, scores):
    pairs = [(x, y) for x, y in zip(predictions, scores) if x is not None]
    n = len(pairs)
    rms = math.sqrt(sum((x - y) ** 2 for x, y in pairs) / n)
    sxx = sum(x * x for x, _ in pairs) or 1
    scale = sum(x * y for x, y in pairs) / sxx
    rms_scaled = math.sqrt(sum((scale * x - y) ** 2 for x, y in pairs) / n)
    corr = correlation([x for x, _ in pairs], [y for _, y in pairs])
    corr = float("nan") if corr is None else corr
    print(f"| {name} | {n} | {rms:.0f} | {scale:.2f} | {rms_scaled:.0f} | {corr:.3f} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variant")
    ap.add_argument("data")
    ap.add_argument("--positions", type=int, default=3000)
    ap.add_argument("--sqlchess", default="target/release/sqlchess")
    ap.add_argument("--terms", action="store_true",
                    help="also each Fairy-Stockfish term's correlation with sqlchess's error")
    args = ap.parse_args()
    rows = [line.rstrip("\n").split("\t") for line in open(args.data)][:args.positions]
    fens = [r[0] for r in rows]
    scores = [int(r[1]) for r in rows]
    print("| evaluation | positions | error, cp | best scale | error at that scale | correlation |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    own = sqlchess_evaluations(args.sqlchess, args.variant, fens)
    traces = []
    report("sqlchess", own, scores)
    report("fairy-stockfish, static",
           fairy_stockfish_evaluations(args.variant, fens, traces), scores)
    if args.terms:
        report_terms(traces, [s - e for s, e in zip(scores, own)])


if __name__ == "__main__":
    main()
