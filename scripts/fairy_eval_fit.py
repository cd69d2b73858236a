#!/usr/bin/env python3
"""Fits the fairy evaluation's weights to Fairy-Stockfish's scores.

    cargo build --release -p sqlchess-search --example fairy_features
    target/release/examples/fairy_features VARIANT < DATA.tsv > FEATURES.tsv
    scripts/fairy_eval_fit.py FEATURES.tsv... [--ridge 1] [--clip 800] [--folds 5]

DATA.tsv is what `scripts/fairy_texel.py data` writes (quiet positions
from Fairy-Stockfish's games against itself, each with its search's
score); `examples/fairy_features.rs` lists the parts of sqlchess's
evaluation of each. This script keeps the material and placement
(`fairy_texel.py fit` fits those) and the king-safety terms as the
engine sums them, and fits by least squares, pulled towards the
engine's weights by a ridge term, the weights of what
`Position::activity` counts: mobility per piece letter, threats and
hanging pieces of the side to move and of the other side, the side to
move's tempo, passed pawns and pawn structure. Positions scored beyond
--clip centipawns are left out (decided games teach a linear
evaluation nothing). Several files are fitted together, one set of
weights (mobility letters shared by name).

It reports the error of the engine's own weights and, by k-fold cross
validation (contiguous folds, so that positions of one game stay
together), of the fitted ones, then the weights: a fit that lowers the
held-out error only a little is noise, and one that lowers it is still
only a candidate for a match (`scripts/match.py`). The engine's current
weights are below (`CURRENT`); keep them in step with
`crates/sqlchess-search/src/fairy.rs`.

Needs numpy.
"""

import argparse

import numpy

# The engine's weights (crates/sqlchess-search/src/fairy.rs).
MOBILITY = 5
TEMPO = 30
THREAT = 60
THREAT_SIDE_TO_MOVE = 40
HANGING = 30
PASSED_PAWN = [(120, 160), (80, 105), (35, 60), (12, 30), (10, 20), (6, 15), (0, 10), (0, 10)]
STRUCTURE = {"isolated": (-8, -8), "doubled": (-12, -20), "supported": (10, 6),
             "phalanx": (8, 4)}
KING_DANGER = (20, 15, 80, 3, 150, 600)  # per attacker, attack, safe check; checks; divisor; cap


def read(path):
    """The header and the rows of numbers of a features file."""
    with open(path) as f:
        head = f.readline().rstrip("\n").split("\t")
        rows = [[float(x) for x in line.rstrip("\n").split("\t")] for line in f if line.strip()]
    return head, numpy.array(rows)


def features(head, data):
    """The fitted features (name -> column) and the fixed part of the
    evaluation, White's view, from a features file."""
    col = {h: i for i, h in enumerate(head)}
    get = lambda name: data[:, col[name]]
    phase = get("phase")
    white = get("white_to_move") > 0.5
    stm = numpy.where(white, 1.0, -1.0)

    def attack(side):
        per_attacker, per_attack, per_check, checks, divisor, cap = KING_DANGER
        attackers, safe = get(f"{side}_king_attackers"), get(f"{side}_safe_checks")
        danger = (per_attacker * attackers + per_attack * get(f"{side}_king_attacks")
                  + per_check * numpy.minimum(safe, checks))
        on = (attackers >= 2) | ((safe > 0) & (attackers >= 1))
        return numpy.where(on, numpy.minimum(danger * danger // divisor, cap), 0) * phase // 256

    fixed = get("placement") + get("king_safety") + attack("white") - attack("black")
    cols, current = {}, {}
    cols["tempo"], current["tempo"] = stm, TEMPO
    for h in head:
        if h.startswith("mobility_") and h not in ("mobility_p", "mobility_k"):
            cols[h], current[h] = get(h), MOBILITY
    for name, weight, extra in (("threats", THREAT, THREAT_SIDE_TO_MOVE), ("hanging", HANGING, 0)):
        mover = numpy.where(white, get(f"white_{name}"), get(f"black_{name}"))
        other = numpy.where(white, get(f"black_{name}"), get(f"white_{name}"))
        cols[f"{name}_side_to_move"], current[f"{name}_side_to_move"] = stm * mover, weight + extra
        cols[f"{name}_other_side"], current[f"{name}_other_side"] = -stm * other, weight
    for i, (mg, eg) in enumerate(PASSED_PAWN):
        for ph, w in (("mg", mg), ("eg", eg)):
            cols[f"passed_{i + 1}_{ph}"], current[f"passed_{i + 1}_{ph}"] = get(f"passed_{i + 1}_{ph}"), w
    for name, (mg, eg) in STRUCTURE.items():
        for ph, w in (("mg", mg), ("eg", eg)):
            cols[f"{name}_{ph}"], current[f"{name}_{ph}"] = get(f"{name}_{ph}"), w
    return cols, current, fixed, get("score")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+", help="what examples/fairy_features.rs wrote")
    ap.add_argument("--ridge", type=float, default=1.0,
                    help="pull towards the engine's weights (per position, in units of a feature's spread)")
    ap.add_argument("--clip", type=float, default=800, help="leave out positions scored beyond this")
    ap.add_argument("--folds", type=int, default=5)
    args = ap.parse_args()

    parts = [features(*read(p)) for p in args.files]
    names = sorted({n for cols, _, _, _ in parts for n in cols})
    current = {}
    for _, cur, _, _ in parts:
        current.update(cur)
    X = numpy.vstack([numpy.column_stack([cols.get(n, numpy.zeros(len(y))) for n in names])
                      for cols, _, _, y in parts])
    fixed = numpy.concatenate([f for _, _, f, _ in parts])
    y = numpy.concatenate([y for _, _, _, y in parts])
    fold = numpy.concatenate([numpy.arange(len(p[3])) * args.folds // len(p[3]) for p in parts])
    keep = numpy.abs(y) <= args.clip
    w0 = numpy.array([current[n] for n in names], float)
    target = y - fixed
    spread = X[keep].std(0) + 1e-9

    def solve(rows):
        A, b = X[rows], target[rows]
        D = numpy.diag(args.ridge * len(b) * spread ** 2 / 1e4)
        return numpy.linalg.solve(A.T @ A + D, A.T @ b + D @ w0)

    held_out = numpy.zeros(len(y))
    for f in range(args.folds):
        held_out[fold == f] = (X @ solve(keep & (fold != f)))[fold == f]
    fitted = solve(keep)

    def report(label, pred):
        e = pred[keep] + fixed[keep] - y[keep]
        r = numpy.corrcoef(pred[keep] + fixed[keep], y[keep])[0, 1]
        print(f"| {label} | {numpy.sqrt((e ** 2).mean()):.1f} | {r:.4f} |")

    print(f"{keep.sum()} of {len(y)} positions within {args.clip:g} cp, {args.folds} folds, ridge {args.ridge:g}\n")
    print("| weights | error, cp | correlation |\n| --- | ---: | ---: |")
    report("the engine's", X @ w0)
    report("fitted, held out", held_out)
    print("\n| feature | engine | fitted |\n| --- | ---: | ---: |")
    for n, a, b in zip(names, w0, fitted):
        print(f"| {n} | {a:g} | {b:.1f} |")


if __name__ == "__main__":
    main()
