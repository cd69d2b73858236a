#!/usr/bin/env python3
"""Trains a chess evaluation network on labelled positions.

    python3 scripts/nnue_train.py LABELLED.txt NET.bin [--hidden 128] [--epochs 20] [--mirror]
        [--residual SCORES.txt] [--baseline SCORES.txt] [--init NET.bin] [--buckets 8]
        [--factors]

LABELLED.txt holds `FEN;RESULT;SCORE` lines: positions of
`examples/texel_data.rs` labelled by `scripts/texel_label.py` (RESULT is the
game's result for White, SCORE White's expected score by Stockfish's search).
The network is the small "efficiently updatable" kind: 768 inputs per side
(each piece on its square, seen from that side: the board turned for Black),
one hidden layer shared by both sides' views, clipped to 0..1, and one output
from both layers, the side to move's first; with `--buckets B`, B outputs of
which the number of pieces on the board picks one (2 to 32 pieces in B
equal steps), so that the opening, the middlegame and the endgame weigh
the hidden layer each its own way. The output is a score in
centipawns; the fit minimises the squared difference between its expected
score, `1 / (1 + 10^(-K * cp / 400))` with the chess evaluation's K, and
`LAMBDA * RESULT + (1 - LAMBDA) * SCORE`, by Adam on mini-batches; every
twentieth block of 1,000 positions (a few games) is held out, and the
network with the least held-out error is written. `--mirror` adds every
position with its files mirrored. `--residual` fits the network to what
another evaluation leaves over (the score is that evaluation's plus the
network's); `--baseline` reports another evaluation's held-out error.
`--init` starts from a network already trained (its held-out error on the
new positions is reported first; a network of one output given to
`--buckets` starts every bucket with that output), so that positions
generated in a later run add to what an earlier run's taught rather than
start afresh; a lower `--lr` then keeps more of it. `--hidden` above
`--init`'s widens it: the new neurons start with small random weights, so
that the wider network begins where the narrow one stood.
Both read a score a line for the side to move, in LABELLED's order, as
`examples/chess_eval.rs` writes sqlchess's.

NET.bin is what `sqlchess_search::net::Network` reads (and `chess_eval NET.bin`
evaluates with): the magic `SQCN`, the hidden size (u32), then little-endian
i16 arrays: the input weights (768 × hidden, scaled by 255), the hidden
biases (by 255), the output weights (2 × hidden, by 64), and the output
bias as i32 (by 255 × 64). With buckets, the magic is `SQCB`, the number of
buckets (u32) follows the hidden size, and the output weights and biases
are those of every bucket in turn (B × 2 × hidden i16, then B i32).

A fairy variant's network is trained the same way on what
`examples/fairy_net_data.rs` writes from its labelled positions: a
`#inputs N kinds K width W height H` line, then
`WHITE;BLACK;TURN;RESULT;SCORE` lines (the active inputs of both views, as
the engine lists them, and 1 when White is to move); `--mirror` mirrors
their board inputs, for variants whose rules do not tell the wings
apart. `--factors` trains each board input beside inputs its piece
shares with every square, with its rank and with its file (so that what
a piece is worth anywhere is learnt from all its squares, not from each
square's few positions alone) and adds them into its weights when the
network is written, so the engine reads a network of the usual shape.
Such a network is written as `SQFN`, the number of inputs, the hidden
size and the number of buckets (u32 each), then the arrays as above with
N rows of input weights.
Fairy-Stockfish's scores are labelled on the scale `10^(-cp / 400)`;
`--k` sets the sigmoid's scale for sqlchess's centipawns (the chess
evaluation's K by default); `--k fit` picks the scale at which the
`--residual` evaluation best predicts the training labels, since
Fairy-Stockfish's centipawns run larger in some variants (crazyhouse)
than in others.

Needs numpy, and scipy to read positions.
"""

import argparse
import math
import sys
import time
from array import array

import numpy as np

K = 1.4081  # the chess evaluation's scale (crates/sqlchess-search/src/eval_weights.rs)
CP_PER_UNIT = 400.0  # the network's output unit, in centipawns
QA, QB = 255, 64
PIECES = "PNBRQKpnbrqk"


def features(fen, mirror=False):
    """The active inputs of both views and whether White is to move; with
    `mirror`, of the board with its files mirrored (the same position but
    for castling, which the network does not see)."""
    board, turn = fen.split()[:2]
    white, black = [], []
    rank = 7
    file = 0
    for c in board:
        if c == "/":
            rank -= 1
            file = 0
        elif c.isdigit():
            file += int(c)
        else:
            p = PIECES.index(c)
            role, colour = p % 6, p // 6  # colour 0 White
            sq = rank * 8 + (7 - file if mirror else file)
            white.append((colour * 6 + role) * 64 + sq)
            black.append(((1 - colour) * 6 + role) * 64 + (sq ^ 56))
            file += 1
    return white, black, turn == "w"


def mirrored_fairy_inputs(shape):
    """A function from a fairy view's active inputs to those of the same
    position with its files mirrored: each board input moves to the file
    as far from the other edge, whichever way the view turns the board;
    pieces in hand stay. Sound only where the variant's rules and the
    built-in evaluation the network corrects are the same mirrored (grand,
    shogi; not xiangqi, whose fitted tables are not, nor where castling
    or a gating square tells the wings apart)."""
    kinds, width, height = shape
    squares = width * height
    board = 2 * kinds * squares

    def flip(inputs):
        out = []
        for i in inputs:
            if i < board:
                x = i % squares % width
                i += width - 1 - 2 * x
            out.append(i)
        return out

    return flip


def load(path, lam, mirror):
    """The positions of `path`, each followed by its mirror image if `mirror`,
    and the number of inputs per view. The inputs go to typed arrays (4
    bytes each) rather than lists of Python integers (over 30 bytes each),
    so that tens of millions of positions fit in memory."""
    wi, bi, indptr = array("i"), array("i"), array("q", [0])
    stm, target = array("b"), array("f")
    inputs, shape = 768, None
    with open(path) as f:
        first = f.readline()
        if first.startswith("#inputs "):
            header = first.split()
            # `#inputs N kinds K width W height H`: the layout of the
            # board inputs, which --factors needs.
            fields = dict(zip(header[2::2], header[3::2]))
            try:
                inputs = int(header[1])
                if {"kinds", "width", "height"} <= fields.keys():
                    shape = tuple(int(fields[k]) for k in ("kinds", "width", "height"))
            except ValueError:
                sys.exit(f"{path}: line 1: {first.strip()!r} is not `#inputs N` with "
                         "`kinds K width W height H` as whole numbers")
            if mirror and shape is None:
                sys.exit(f"{path}: --mirror needs the board's shape (`kinds K width W "
                         "height H`) on line 1")
            flip = mirrored_fairy_inputs(shape) if mirror else None
            for line in f:
                w, b, white_to_move, result, score = line.rstrip("\n").split(";")
                w, b = [int(x) for x in w.split()], [int(x) for x in b.split()]
                for views in ((w, b), (flip(w), flip(b))) if mirror else ((w, b),):
                    wi.extend(views[0])
                    bi.extend(views[1])
                    indptr.append(len(wi))
                    stm.append(white_to_move == "1")
                    target.append(lam * float(result) + (1 - lam) * float(score))
        else:
            f.seek(0)
            for line in f:
                fen, result, score = line.rstrip("\n").rsplit(";", 2)
                for flip in (False, True) if mirror else (False,):
                    w, b, white_to_move = features(fen, flip)
                    wi.extend(w)
                    bi.extend(b)
                    indptr.append(len(wi))
                    stm.append(white_to_move)
                    target.append(lam * float(result) + (1 - lam) * float(score))
    import scipy.sparse as sp  # here, so that the rest is usable with numpy alone

    n = len(stm)
    indptr = np.frombuffer(indptr, dtype=np.int64)
    ones = np.ones(len(wi), dtype=np.float32)
    columns = (np.frombuffer(wi, dtype=np.int32), np.frombuffer(bi, dtype=np.int32))
    xw = sp.csr_matrix((ones, columns[0], indptr), shape=(n, inputs))
    xb = sp.csr_matrix((ones, columns[1], indptr), shape=(n, inputs))
    return (xw, xb, np.frombuffer(stm, dtype=np.int8).astype(bool),
            np.frombuffer(target, dtype=np.float32).copy(), inputs, shape)


def factor_matrix(inputs, shape):
    """The factors of a fairy network's board inputs, as a sparse matrix of
    `inputs` rows: each board input (a kind of piece, its own side's or the
    other's, on a square) also lights the input of its kind and side
    anywhere, on its rank and on its file. Trained beside the inputs they
    share, these learn from every square at once what a square of its own
    sees too seldom to learn; `fold` adds them back into the inputs'
    weights, so the network written is the same shape and sums the same
    scores."""
    import scipy.sparse as sp

    kinds, width, height = shape
    if min(shape) < 1:
        sys.exit(f"--factors: {kinds} kinds on {width}x{height} is no board of pieces")
    squares = width * height
    board = 2 * kinds * squares
    if board > inputs:
        sys.exit(f"--factors: {kinds} kinds on {width}x{height} need {board} inputs, "
                 f"the positions have {inputs}")
    i = np.arange(board)
    piece, square = i // squares, i % squares
    rank, file = square // width, square % width
    pieces = 2 * kinds
    rows = np.concatenate([i, i, i])
    cols = np.concatenate([piece, pieces + piece * height + rank,
                           pieces * (1 + height) + piece * width + file])
    n = pieces * (1 + height + width)
    return sp.csr_matrix((np.ones(len(rows), dtype=np.float32), (rows, cols)), shape=(inputs, n))


def bucket_of(pieces, buckets):
    """The output bucket of a position with `pieces` pieces on the board
    (sqlchess_search::net::bucket)."""
    return np.minimum(np.maximum(pieces - 2, 0) * buckets // 31, buckets - 1)


class Net:
    def __init__(self, hidden, rng, buckets=1, inputs=768):
        self.w1 = rng.normal(0, 0.1, (inputs, hidden)).astype(np.float32)
        self.b1 = np.full(hidden, 0.25, dtype=np.float32)
        self.w2 = np.tile(rng.normal(0, 0.1, 2 * hidden).astype(np.float32), (buckets, 1))
        self.b2 = np.zeros(buckets, dtype=np.float32)
        self.bucket = None  # per position, set before forward

    def params(self):
        return [self.w1, self.b1, self.w2, self.b2]

    def forward(self, xw, xb, stm):
        aw = xw @ self.w1 + self.b1
        ab = xb @ self.w1 + self.b1
        s = stm[:, None]
        first = np.where(s, aw, ab)
        second = np.where(s, ab, aw)
        pre = np.concatenate([first, second], axis=1)
        h = np.clip(pre, 0.0, 1.0)
        bucket = self.bucket
        out = np.einsum("ij,ij->i", h, self.w2[bucket]) + self.b2[bucket]
        return out, (xw, xb, s, pre, h, bucket)

    def backward(self, dout, cache):
        xw, xb, s, pre, h, bucket = cache
        hidden = self.w1.shape[1]
        dw2 = np.zeros_like(self.w2)
        np.add.at(dw2, bucket, h * dout[:, None])
        db2 = np.bincount(bucket, weights=dout, minlength=len(self.b2)).astype(np.float32)
        dh = dout[:, None] * self.w2[bucket]
        dh *= (pre > 0.0) & (pre < 1.0)
        dfirst, dsecond = dh[:, :hidden], dh[:, hidden:]
        daw = np.where(s, dfirst, dsecond)
        dab = np.where(s, dsecond, dfirst)
        dw1 = xw.T @ daw + xb.T @ dab
        db1 = daw.sum(axis=0) + dab.sum(axis=0)
        return [dw1.astype(np.float32), db1, dw2, db2]


def loss_and_grad(net, xw, xb, stm, target, offset, pieces, want_grad=True):
    net.bucket = bucket_of(pieces, len(net.b2))
    out, cache = net.forward(xw, xb, stm)
    cp = out * CP_PER_UNIT + offset
    # The side to move's expected score; the labels are White's.
    p = 1.0 / (1.0 + np.power(10.0, -K * cp / 400.0))  # K: --k
    t = np.where(stm, target, 1.0 - target)
    err = p - t
    loss = float(np.mean(err * err))
    if not want_grad:
        return loss, None
    dp = 2.0 * err / len(err)
    dout = dp * p * (1 - p) * (K * math.log(10) / 400.0) * CP_PER_UNIT
    return loss, net.backward(dout.astype(np.float32), cache)


def evaluate(net, xw, xb, stm, target, offset, pieces, batch=65536):
    total = 0.0
    for i in range(0, len(stm), batch):
        j = min(i + batch, len(stm))
        loss, _ = loss_and_grad(net, xw[i:j], xb[i:j], stm[i:j], target[i:j], offset[i:j],
                                pieces[i:j], False)
        total += loss * (j - i)
    return total / max(1, len(stm))


def save(net, path):
    w1 = np.clip(np.round(net.w1 * QA), -32767, 32767).astype("<i2")
    b1 = np.clip(np.round(net.b1 * QA), -32767, 32767).astype("<i2")
    w2 = np.clip(np.round(net.w2 * QB), -32767, 32767).astype("<i2")
    b2 = np.round(net.b2.astype(np.float64) * QA * QB).astype("<i4")
    buckets = len(net.b2)
    inputs = net.w1.shape[0]
    with open(path, "wb") as f:
        if inputs != 768:
            f.write(b"SQFN")
            f.write(np.array([inputs, net.w1.shape[1], buckets], dtype="<u4").tobytes())
        elif buckets == 1:
            f.write(b"SQCN")
            f.write(np.array([net.w1.shape[1]], dtype="<u4").tobytes())
        else:
            f.write(b"SQCB")
            f.write(np.array([net.w1.shape[1], buckets], dtype="<u4").tobytes())
        for a in (w1, b1, w2, b2):
            f.write(a.tobytes())


def fold(net, inputs, factors):
    """`net` with its `factors` (`factor_matrix`) added into the weights of
    the first `inputs` inputs they factor: the network the engine reads,
    which scores every position as `net` does with its factors lit (but
    where the sum passes the bound that keeps the accumulator in i16)."""
    folded = Net(net.w1.shape[1], np.random.default_rng(0), len(net.b2), inputs)
    folded.w1 = np.clip(net.w1[:inputs] + factors @ net.w1[inputs:], -1.98, 1.98)
    folded.b1, folded.w2, folded.b2 = net.b1, net.w2, net.b2
    return folded


def load_net(path, buckets=None):
    """The network `save` wrote, its weights back in float; a network of
    one output given `buckets` has its output copied to each."""
    with open(path, "rb") as f:
        data = f.read()
    inputs = 768
    if data[:4] == b"SQCN":
        hidden, stored, offset = int(np.frombuffer(data, dtype="<u4", count=1, offset=4)[0]), 1, 8
    elif data[:4] == b"SQCB":
        hidden, stored = (int(x) for x in np.frombuffer(data, dtype="<u4", count=2, offset=4))
        offset = 12
    elif data[:4] == b"SQFN":
        inputs, hidden, stored = (int(x) for x in np.frombuffer(data, dtype="<u4", count=3, offset=4))
        offset = 16
    else:
        sys.exit(f"{path}: not a network file (no SQCN, SQCB or SQFN magic)")
    sizes = [inputs * hidden, hidden, stored * 2 * hidden]
    expected = offset + 2 * sum(sizes) + 4 * stored
    if len(data) != expected:
        sys.exit(f"{path}: {len(data)} bytes, a network of {hidden} neurons has {expected}")
    buckets = buckets or stored
    if stored not in (1, buckets):
        sys.exit(f"{path}: {stored} buckets, {buckets} asked for")
    net = Net(hidden, np.random.default_rng(0), buckets, inputs)
    arrays = []
    for size in sizes:
        arrays.append(np.frombuffer(data, dtype="<i2", count=size, offset=offset).astype(np.float32))
        offset += 2 * size
    net.w1 = (arrays[0] / QA).reshape(inputs, hidden)
    net.b1 = arrays[1] / QA
    b2 = np.frombuffer(data, dtype="<i4", count=stored, offset=offset).astype(np.float32) / (QA * QB)
    net.w2 = np.tile((arrays[2] / QB).reshape(stored, 2 * hidden), (buckets // stored, 1))
    net.b2 = np.tile(b2, buckets // stored)
    return net


def widen(net, hidden, rng):
    """Gives `net` `hidden` neurons, the new ones with small random input
    weights and output weights so small that the network's scores barely
    move: a wider network that starts from what the narrow one learnt
    rather than from nothing."""
    old = net.w1.shape[1]
    if hidden < old:
        sys.exit(f"--hidden {hidden}: the --init network has {old} neurons; it can widen, not narrow")
    buckets = net.w2.shape[0]
    # The new neurons as a fresh network would have them, their output
    # weights a tenth as large.
    new = Net(hidden - old, rng, buckets, net.w1.shape[0])
    net.w1 = np.concatenate([net.w1, new.w1], axis=1)
    net.b1 = np.concatenate([net.b1, new.b1])
    w2 = net.w2.reshape(buckets, 2, old)
    small = 0.1 * new.w2.reshape(buckets, 2, hidden - old)
    net.w2 = np.concatenate([w2, small], axis=2).reshape(buckets, 2 * hidden)


def fit_k(cp, t):
    """The sigmoid's scale at which the evaluation `cp` (centipawns for the
    side to move) predicts the side to move's labels `t` with the least
    squared error."""
    def error(k):
        p = 1.0 / (1.0 + np.power(10.0, -k * cp / 400.0))
        return float(np.mean((p - t) ** 2))

    # Golden-section search over [0.05, 5]: the error has one minimum in K
    # for any evaluation that predicts the labels at all.
    lo, hi = 0.05, 5.0
    ratio = (math.sqrt(5.0) - 1.0) / 2.0
    a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
    ea, eb = error(a), error(b)
    while hi - lo > 1e-4:
        if ea < eb:
            hi, b, eb = b, a, ea
            a = hi - ratio * (hi - lo)
            ea = error(a)
        else:
            lo, a, ea = a, b, eb
            b = lo + ratio * (hi - lo)
            eb = error(b)
    return (lo + hi) / 2.0


def main():
    global K
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("labelled")
    ap.add_argument("net")
    ap.add_argument("--hidden", type=int, default=None,
                    help="hidden neurons (default 128, or --init's; more than --init's widens it)")
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--batch", type=int, default=16384)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--lambda", dest="lam", type=float, default=0.2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mirror", action="store_true",
                    help="also train on every position with its files mirrored")
    ap.add_argument("--residual", help="a file of the evaluation the network is added to "
                    "(centipawns for the side to move, one a line, in LABELLED's order)")
    ap.add_argument("--weight-decay", type=float, default=0.0)
    ap.add_argument("--factors", action="store_true",
                    help="a fairy network: train each board input beside the inputs of its piece "
                    "anywhere, on its rank and on its file, folded into it when written")
    ap.add_argument("--init", help="a network file to start from")
    ap.add_argument("--buckets", type=int, default=None,
                    help="outputs picked by the number of pieces (default 1, or --init's)")
    ap.add_argument("--baseline", help="a file of another evaluation's scores (centipawns for "
                    "the side to move, one a line, in LABELLED's order): its held-out error")
    ap.add_argument("--k", default=str(K),
                    help="the sigmoid's scale for the network's centipawns (default the chess "
                    "evaluation's), or 'fit' to fit it to --residual's evaluation")
    args = ap.parse_args()
    if args.k == "fit":
        if not args.residual:
            sys.exit("--k fit: needs --residual, the evaluation the scale is fitted to")
    else:
        try:
            K = float(args.k)
        except ValueError:
            sys.exit(f"--k: {args.k!r} is neither a number nor 'fit'")
        if not K > 0:
            sys.exit(f"--k: {args.k} is not a positive scale")

    t0 = time.time()
    xw, xb, stm, target, inputs, shape = load(args.labelled, args.lam, args.mirror)
    n = len(stm)
    pieces = np.diff(xw.indptr).astype(np.int64)
    factors = None
    if args.factors:
        if shape is None:
            sys.exit("--factors: the positions' header has no `kinds K width W height H` "
                     "(a fairy variant's inputs, from examples/fairy_net_data.rs)")
        factors = factor_matrix(inputs, shape)
        import scipy.sparse as sp

        xw = sp.hstack([xw, xw @ factors], format="csr")
        xb = sp.hstack([xb, xb @ factors], format="csr")
    # Hold out every twentieth block of 1,000 positions (a few games each),
    # so that no held-out position has a neighbour of its game in training
    # (a mirrored position stays with its original).
    block = np.arange(n) // (2000 if args.mirror else 1000)
    held = block % 20 == 7
    train_idx, test_idx = np.flatnonzero(~held), np.flatnonzero(held)
    xw_test, xb_test = xw[test_idx], xb[test_idx]
    print(f"{n} positions ({len(test_idx)} held out) read in {time.time() - t0:.0f} s",
          file=sys.stderr, flush=True)

    if args.k == "fit":
        cp = np.loadtxt(args.residual, dtype=np.float64)
        if args.mirror:
            cp = np.repeat(cp, 2)
        K = fit_k(cp[train_idx],
                  np.where(stm[train_idx], target[train_idx], 1.0 - target[train_idx]))
        print(f"--k fit: K = {K:.3f}", file=sys.stderr, flush=True)

    if args.baseline:
        cp = np.loadtxt(args.baseline, dtype=np.float64)
        if args.mirror:
            cp = np.repeat(cp, 2)
        p = 1.0 / (1.0 + np.power(10.0, -K * cp[test_idx] / 400.0))
        t = np.where(stm[test_idx], target[test_idx], 1.0 - target[test_idx])
        print(f"baseline held out {np.mean((p - t) ** 2):.6f}", file=sys.stderr, flush=True)

    offset = np.zeros(n, dtype=np.float32)
    if args.residual:
        offset = np.loadtxt(args.residual, dtype=np.float32)
        if args.mirror:
            offset = np.repeat(offset, 2)
    rng = np.random.default_rng(args.seed)
    if args.init:
        net = load_net(args.init, args.buckets)
        if net.w1.shape[0] != inputs:
            sys.exit(f"{args.init}: {net.w1.shape[0]} inputs, the positions have {inputs}")
        if factors is not None:
            net.w1 = np.concatenate([net.w1, np.zeros((factors.shape[1], net.w1.shape[1]),
                                                      dtype=np.float32)])
        if args.hidden is not None and args.hidden != net.w1.shape[1]:
            widen(net, args.hidden, rng)
        start = evaluate(net, xw_test, xb_test, stm[test_idx], target[test_idx], offset[test_idx],
                         pieces[test_idx])
        print(f"{args.init}: held out {start:.6f}", file=sys.stderr, flush=True)
    else:
        net = Net(args.hidden or 128, rng, args.buckets or 1, xw.shape[1])
        if factors is not None:
            net.w1[inputs:] = 0.0  # the factors start out adding nothing
    m = [np.zeros_like(p) for p in net.params()]
    v = [np.zeros_like(p) for p in net.params()]
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    step = 0
    best = math.inf
    for epoch in range(args.epochs):
        lr = args.lr * (0.5 * (1 + math.cos(math.pi * epoch / args.epochs)))
        order = rng.permutation(train_idx)
        train_loss = 0.0
        for i in range(0, len(order), args.batch):
            idx = np.sort(order[i:i + args.batch])
            loss, grads = loss_and_grad(net, xw[idx], xb[idx], stm[idx], target[idx], offset[idx],
                                        pieces[idx])
            train_loss += loss * len(idx)
            step += 1
            for p, g, mi, vi in zip(net.params(), grads, m, v):
                mi *= beta1
                mi += (1 - beta1) * g
                vi *= beta2
                vi += (1 - beta2) * g * g
                mhat = mi / (1 - beta1 ** step)
                vhat = vi / (1 - beta2 ** step)
                p -= (lr * (mhat / (np.sqrt(vhat) + eps) + args.weight_decay * p)).astype(np.float32)
            # Quantised input weights must keep the accumulator in i16.
            np.clip(net.w1, -1.98, 1.98, out=net.w1)
        test_loss = evaluate(net, xw_test, xb_test, stm[test_idx], target[test_idx], offset[test_idx],
                             pieces[test_idx])
        print(f"epoch {epoch + 1}: train {train_loss / len(order):.6f}, held out {test_loss:.6f}"
              f" ({time.time() - t0:.0f} s)", file=sys.stderr, flush=True)
        if test_loss < best:
            best = test_loss
            save(net if factors is None else fold(net, inputs, factors), args.net)


if __name__ == "__main__":
    main()
