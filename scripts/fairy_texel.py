#!/usr/bin/env python3
"""Fits a fairy variant's piece-square tables to Fairy-Stockfish's scores.

    scripts/fairy_texel.py data VARIANT OUT.tsv [--games 600] [--nodes 2000] [--seed S]
    scripts/fairy_texel.py fit VARIANT DATA... [--ridge 10] [--symmetric] [--keep-scale | --k K]
        [--sqlchess BINARY | --built-in SCORES...] [--rust FILE]

`data` plays Debian's fairy-stockfish against itself (NODES nodes a move,
random legal openings of 6 plies from SEED, one game per core at once) and
writes the quiet positions it met: not in check, and the move it chose
takes nothing. The games are written in the order of their seeds, and a
single-threaded search of a fixed number of nodes plays the same moves
again, so the same command makes the same file. Each line is `FEN<TAB>SCORE`: its search's score of the
position in centipawns, from White's point of view. A search of a few
thousand nodes resolves the exchanges under way and sees the threats the
static evaluation cannot, so its score is a far less noisy label of a
position than the game's result.

`fit` finds, for every piece type and square (Black's square mirrored to
White's rank, or turned half round where the start position is symmetric
so), the value that makes the sum over the pieces closest to
those scores (least squares), pulled towards sqlchess's current values by
a ridge term (RIDGE: the weight of the prior, in positions), so that a
square few positions visit keeps about its old value. It prints the fitted
tables and the error before and after, and with --rust rewrites that
variant's entry in crates/sqlchess-search/src/fairy_tuned.rs, which the
fairy evaluation uses in place of its generic placement (docs/search.md).

With --sqlchess the tables are fitted to what the rest of that build's
evaluation (mobility, king safety, threats, pawns) leaves of the scores,
so that they take over only what material and placement must explain;
without it they absorb the rest too, which the evaluation then counts
twice (grand's tables fitted so lost 48 Elo, BENCHMARKS.md).

`fit` also reads the networks' labelled positions (`FEN;RESULT;SCORE`,
`scripts/texel_label.py --variant`: a million and more per variant), and
`--built-in` takes the built-in scores `fairy_net_data` wrote for them
(one file per data file) in place of --sqlchess's SQL evaluation, which
would take hours at that size. `--symmetric` gives a square and its
mirror image across the middle file one value. `--k K` divides the
labels' centipawns by K (a label's centipawns per centipawn of the
built-in evaluation), so that the tables are fitted in the evaluation's
own units, beside the rest of it, where `--keep-scale` rescales a fit
made in Fairy-Stockfish's units after the rest was taken away in
sqlchess's. The K `nnue_train.py --k fit` finds (0.310 in shogi) is too
small for this, shrunk by the evaluation's noise: shogi's fit keeps its
material at the start with `--k 0.42` and raises it by a third with 0.31.

In a variant with hands, each piece's value in hand is fitted too. Needs
pyffish and numpy, and scipy for `fit` (pip install pyffish numpy scipy), and
/usr/games/fairy-stockfish (apt-get install fairy-stockfish).
"""

import argparse
import multiprocessing
import random
import re
import subprocess
import sys

import numpy
import pyffish

from uci_engine import Engine

FAIRY_STOCKFISH = "/usr/games/fairy-stockfish"
OPENING_PLIES = 6
MAX_PLIES = 300
# Positions the search calls won by this much are decided: their exact
# score says nothing more about where the pieces stand.
MAX_SCORE = 1500


def board_of(fen):
    """The board part of a FEN as rows of cells (None or a piece letter),
    the last rank first; a promoted piece written `+X` (shogi's) is one
    cell. Crazyhouse's mark of a promoted piece (`~`) is dropped: the
    piece counts as what it is now."""
    rows = []
    for rank in fen.split()[0].split("[")[0].split("/"):
        row, digits, promoted = [], "", False
        for ch in rank:
            if ch == "~":
                continue
            if ch == "+":
                promoted = True
                continue
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                row.extend([None] * int(digits))
                digits = ""
            row.append("+" + ch if promoted else ch)
            promoted = False
        if digits:
            row.extend([None] * int(digits))
        rows.append(row)
    return rows


def hand_of(fen):
    """The pieces in hand of a FEN with a pocket (`[...]`): letters, upper
    case White's."""
    board = fen.split()[0]
    if "[" not in board:
        return ""
    return board.split("[", 1)[1].rstrip("]").replace("-", "")


SQUARE = re.compile(r"([a-z])(\d+)")


def target_square(uci):
    """(file, rank) of a UCI move's destination, both from 0."""
    squares = SQUARE.findall(uci)
    f, r = squares[-1]
    return ord(f) - ord("a"), int(r) - 1


def play_game(job):
    variant, nodes, seed = job
    rng = random.Random(seed)
    start = pyffish.start_fen(variant)
    moves, out = [], []
    for _ in range(OPENING_PLIES):
        legal = pyffish.legal_moves(variant, start, moves)
        if not legal:
            return out
        moves.append(rng.choice(sorted(legal)))
    engine = Engine(FAIRY_STOCKFISH, variant)
    try:
        while len(moves) < MAX_PLIES:
            if not pyffish.legal_moves(variant, start, moves):
                break
            ended, _ = pyffish.is_optional_game_end(variant, start, moves)
            if ended:
                break
            # Mates score beyond MAX_SCORE and are left out below.
            score, best, _ = engine.go(start, f"go nodes {nodes}", moves)
            fen = pyffish.get_fen(variant, start, moves)
            in_check = pyffish.gives_check(variant, start, moves)
            board = board_of(fen)
            x, y = target_square(best)
            takes = board[len(board) - 1 - y][x] is not None
            if score is not None and not in_check and not takes and abs(score) <= MAX_SCORE:
                white = fen.split()[1] == "w"
                out.append(f"{fen}\t{score if white else -score}\n")
            moves.append(best)
    finally:
        engine.close()
    return out


def data(args):
    jobs = [(args.variant, args.nodes, f"{args.seed}-{i}") for i in range(args.games)]
    n = 0
    with open(args.out, "w") as f, multiprocessing.Pool(args.jobs) as pool:
        for i, lines in enumerate(pool.imap(play_game, jobs), 1):
            f.writelines(lines)
            # A run stopped early keeps the games it finished.
            f.flush()
            n += len(lines)
            if sys.stderr.isatty():
                print(f"\r{i}/{args.games} games, {n} positions", end="", file=sys.stderr)
    print(f"{args.games} games, {n} positions in {args.out}", file=sys.stderr)


def current_tables(variant):
    """sqlchess's piece-square values for the variant, White's view:
    {letter: [value per square, rank by rank from the first]}, and its
    letter for each way FEN writes a piece ({"+p": "t"} in shogi)."""
    out = subprocess.run(["cargo", "run", "--quiet", "--release", "-p", "sqlchess-search",
                          "--example", "fairy_tables", "--", variant],
                         check=True, capture_output=True, text=True).stdout
    tables, spelling = {}, {}
    for line in out.splitlines():
        letter, fen, *values = line.split()
        tables[letter] = [int(v) for v in values]
        spelling[fen] = letter
    return tables, spelling


def read_scores(path):
    """(FEN, White's score in centipawns) of each line of a data file:
    `FEN<TAB>SCORE` (this script's `data`), or `FEN;RESULT;SCORE` (the
    networks' labelled positions, `scripts/texel_label.py --variant`),
    whose SCORE, White's expected score, is turned back into the
    centipawns it was made from (`1 / (1 + 10^(-cp / 400))`). A score
    rounded to a sure win or loss says no more than that: None."""
    for line in open(path):
        if not line.endswith("\n"):
            break  # the last line of a file still being written
        if "\t" in line:
            fen, score = line.rstrip("\n").split("\t")
            yield fen, float(score)
            continue
        fen, _result, expected = line.rstrip("\n").split(";")
        p = float(expected)
        yield fen, (400 * numpy.log10(p / (1 - p)) if 0 < p < 1 else None)


def fit(args):
    import scipy.sparse  # here, so that `data` runs without it

    if not args.k > 0:
        raise SystemExit(f"--k must be a positive number, not {args.k}")

    prior, spelling = current_tables(args.variant)
    letters = sorted(prior)
    start = board_of(pyffish.start_fen(args.variant))
    h, w = len(start), len(start[0])

    # With --symmetric a square and its mirror image across the middle
    # file share one value: the rules favour neither wing, and tables
    # fitted freely on a few thousand games' positions did (xiangqi's
    # valued a position and its mirror image 36 cp apart on average).
    def column_square(sq):
        x = sq % w
        return sq - x + min(x, w - 1 - x) if args.symmetric else sq

    index = {}
    for l in letters:
        for sq in range(w * h):
            index.setdefault((l, column_square(sq)), len(index))
    # A piece in hand is one more feature per letter (its "square" is -1),
    # where the variant has hands.
    hands = "[" in pyffish.start_fen(args.variant).split()[0]
    if hands:
        for l in letters:
            index[(l, -1)] = len(index)
    # The prior of a piece in hand: its mean value on the board plus an
    # eighth, as the evaluation counts it untuned.
    hand_prior = {l: sum(prior[l]) / len(prior[l]) * 9 / 8 for l in letters}
    # Black's piece on a square counts as White's on the mirrored square:
    # the same file, the rank counted from Black's side where the start
    # position is its own mirror image (chess, xiangqi); turned half round
    # where it is not (shogi, whose rook and bishop change wings).
    mirrored = all(start[r][x] == (None if start[h - 1 - r][x] is None
                                   else start[h - 1 - r][x].swapcase())
                   for r in range(h) for x in range(w))

    def white_square(x, y):
        return (h - 1 - y) * w + (x if mirrored else w - 1 - x)

    if args.built_in and len(args.built_in) != len(args.data):
        raise SystemExit("--built-in needs one file for each data file")
    rows, cols, vals, targets, fens, whole, current = [], [], [], [], [], [], []
    n = 0
    for k, path in enumerate(args.data):
        built_in = open(args.built_in[k]) if args.built_in else None
        for fen, score in read_scores(path):
            # fairy_net_data writes a built-in score for every line.
            evaluation = built_in.readline() if built_in else None
            if score is None or abs(score) > MAX_SCORE:
                continue
            # The current tables' sum, White's view, kept apart from the
            # features: with --symmetric they count a pair's mean.
            table_sum = 0.0
            for r, row in enumerate(board_of(fen)):
                y = h - 1 - r
                for x, cell in enumerate(row):
                    if cell is None or cell.lower() not in spelling:
                        continue
                    white = cell[-1].isupper()
                    rel = y * w + x if white else white_square(x, y)
                    letter = spelling[cell.lower()]
                    rows.append(n)
                    cols.append(index[(letter, column_square(rel))])
                    vals.append(1.0 if white else -1.0)
                    table_sum += prior[letter][rel] if white else -prior[letter][rel]
            for cell in hand_of(fen) if hands else "":
                if cell.lower() in prior:
                    rows.append(n)
                    cols.append(index[(cell.lower(), -1)])
                    vals.append(1.0 if cell.isupper() else -1.0)
                    table_sum += hand_prior[cell.lower()] * (1 if cell.isupper() else -1)
            # In the built-in evaluation's units with --k.
            targets.append(score / args.k)
            current.append(table_sum)
            if built_in:
                if not evaluation:
                    raise SystemExit(f"{args.built_in[k]} has fewer lines than {path}")
                # fairy_net_data's built-in scores are the side to move's.
                side = 1 if fen.split()[1] == "w" else -1
                whole.append(side * int(evaluation))
            else:
                fens.append(fen)
            n += 1
    # Sparse: a million positions of a 10 by 9 board would take gigabytes
    # as a dense matrix, and a position has a few dozen pieces.
    features = scipy.sparse.csr_matrix((vals, (rows, cols)), shape=(n, len(index)))
    y = numpy.array(targets)
    current = numpy.array(current)
    # Where a pair of squares shares a value, it starts from their mean.
    w0 = numpy.zeros(len(index))
    shared = numpy.zeros(len(index))
    for l in letters:
        for sq in range(w * h):
            w0[index[(l, column_square(sq))]] += prior[l][sq]
            shared[index[(l, column_square(sq))]] += 1
        if hands:
            w0[index[(l, -1)]] = hand_prior[l]
            shared[index[(l, -1)]] = 1
    w0 /= shared
    if args.sqlchess or args.built_in:
        # The rest of sqlchess's evaluation (mobility, king safety,
        # threats, pawns, tempo) is what its whole evaluation adds to the
        # current tables' sum: the tables are fitted to what the rest
        # leaves of the scores, so that they do not count again what the
        # rest counts already.
        if args.sqlchess:
            from evalerror import sqlchess_evaluations
            whole = sqlchess_evaluations(args.sqlchess, args.variant, fens)
        rest = numpy.array(whole, float) - current
        print(f"the rest of the evaluation: mean {rest.mean():.0f} cp, root mean square "
              f"{numpy.sqrt(numpy.mean(rest ** 2)):.0f} cp", file=sys.stderr)
        y = y - rest
    # The last tenth of the positions (the last games: a game's positions
    # are written together) is held out to measure the fit.
    split = n - n // 10
    fx, fy, hx, hy = features[:split], y[:split], features[split:], y[split:]
    ridge = numpy.full(len(index), args.ridge)
    if args.hold_hands:
        # A weight this heavy keeps the values in hand where they are.
        for (l, sq), i in index.items():
            if sq < 0:
                ridge[i] = 1e9
    gram = (fx.T @ fx).toarray() + numpy.diag(ridge)
    fitted = numpy.linalg.solve(gram, fx.T @ fy + ridge * w0)

    if args.keep_scale:
        # Fairy-Stockfish's centipawns are not sqlchess's in every variant
        # (its capablanca pawn is worth 1.4 of sqlchess's): bring the
        # fitted tables to the material the current ones count at the
        # start, so that they agree with the piece values the search's
        # exchanges and margins use.
        start_row = numpy.zeros(len(index))
        for r, row in enumerate(start):
            for x, cell in enumerate(row):
                if cell is not None and cell.isupper() and cell.lower() in spelling:
                    start_row[index[(spelling[cell.lower()],
                                     column_square((h - 1 - r) * w + x))]] += 1
        fitted *= (start_row @ w0) / (start_row @ fitted)

    def rms(predicted, y):
        return numpy.sqrt(numpy.mean((predicted - y) ** 2))

    print(f"{split} positions fitted, {n - split} held out; error (cp, root mean "
          f"square) fitted/held out: {rms(current[:split], fy):.1f}/"
          f"{rms(current[split:], hy):.1f} with the current values, "
          f"{rms(fx @ fitted, fy):.1f}/{rms(hx @ fitted, hy):.1f} fitted",
          file=sys.stderr)
    tables = {}
    for l in letters:
        t = [int(round(fitted[index[(l, column_square(sq))]])) for sq in range(w * h)]
        tables[l] = t
        if hands:
            hand = int(round(fitted[index[(l, -1)]]))
            tables[l] = t + [hand]
            print(f"{l} in hand: {hand} (was {w0[index[(l, -1)]]:.0f})")
        print(f"{l}: mean {sum(t) / len(t):.0f} (was {sum(prior[l]) / len(t):.0f})")
        for r in reversed(range(h)):
            print("   " + " ".join(f"{v:5d}" for v in t[r * w:(r + 1) * w]))
    if args.rust:
        write_rust(args.rust, args.variant, w, h, not mirrored, tables, split)


def write_rust(path, variant, w, h, rotated, tables, n):
    try:
        old = open(path).read()
    except FileNotFoundError:
        old = ""
    entries = {name: text for text, name in re.findall(
        r"(    // BEGIN (\S+)\n.*?    // END \S+\n)", old, re.S)}
    body = [f"    // BEGIN {variant}\n",
            f"    // {n} positions; scripts/fairy_texel.py fit {variant}\n",
            "    TunedTables {\n",
            f"        variant: \"{variant}\",\n",
            f"        width: {w},\n",
            f"        height: {h},\n",
            f"        rotated: {'true' if rotated else 'false'},\n",
            "        pieces: &[\n"]
    for letter, t in sorted(tables.items()):
        body.append(f"            ('{letter}', &[\n")
        for r in range(h):
            body.append("                " + " ".join(f"{v}," for v in t[r * w:(r + 1) * w]) + "\n")
        if len(t) > w * h:
            body.append(f"                {t[w * h]},\n")
        body.append("            ]),\n")
    body += ["        ],\n", "    },\n", f"    // END {variant}\n"]
    entries[variant] = "".join(body)
    with open(path, "w") as f:
        f.write(HEADER)
        f.write("pub(crate) const TUNED: &[TunedTables] = &[\n")
        for name in sorted(entries):
            f.write(entries[name])
        f.write("];\n")
    subprocess.run(["rustfmt", "--edition", "2021", path], check=False)


HEADER = """//! Piece-square tables fitted to Fairy-Stockfish's scores, by variant.
//! Written by `scripts/fairy_texel.py fit VARIANT DATA --rust THIS_FILE`
//! (its documentation says how the data are made); edit by running it.

/// One variant's fitted tables.
pub(crate) struct TunedTables {
    /// The variant's name, as sqlchess knows it.
    pub variant: &'static str,
    /// Files.
    pub width: u8,
    /// Ranks.
    pub height: u8,
    /// Whether Black's squares are White's turned half round (shogi's
    /// start position is symmetric so), not mirrored rank for rank.
    pub rotated: bool,
    /// Per piece letter (lower case), the value of a White piece on each
    /// square, rank by rank from White's first, in centipawns; Black's
    /// piece on the mirrored square (same file, rank counted from its
    /// side; or turned half round) has the same value. In a variant with
    /// hands, one more value follows: the piece's in hand.
    pub pieces: &'static [(char, &'static [i32])],
}

"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    d = sub.add_parser("data")
    d.add_argument("variant")
    d.add_argument("out")
    d.add_argument("--games", type=int, default=600)
    d.add_argument("--nodes", type=int, default=2000)
    d.add_argument("--seed", default="fairy-texel")
    d.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    f = sub.add_parser("fit")
    f.add_argument("variant")
    f.add_argument("data", nargs="+")
    f.add_argument("--ridge", type=float, default=10.0)
    f.add_argument("--hold-hands", action="store_true",
                   help="keep the values in hand at the current ones")
    scale = f.add_mutually_exclusive_group()
    scale.add_argument("--keep-scale", action="store_true",
                       help="scale the fit to the current tables' material at the start")
    scale.add_argument("--k", type=float, default=1.0,
                       help="the labels' centipawns per centipawn of the built-in evaluation")
    rest = f.add_mutually_exclusive_group()
    rest.add_argument("--sqlchess", metavar="BINARY",
                   help="fit the tables to what the rest of this build's evaluation leaves "
                        "of the scores (its SQL evaluate, less its current tables' sum)")
    f.add_argument("--symmetric", action="store_true",
                   help="give a square and its mirror image across the middle file one value")
    rest.add_argument("--built-in", nargs="+", metavar="FILE",
                   help="like --sqlchess, from the built-in scores fairy_net_data wrote "
                        "for the data files (one file each, in their order)")
    f.add_argument("--rust")
    args = ap.parse_args()
    data(args) if args.command == "data" else fit(args)


if __name__ == "__main__":
    main()
