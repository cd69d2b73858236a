#!/usr/bin/env python3
"""Compares engines by the quality of their moves on a fixed set of positions.

    scripts/movequality.py VARIANT --engine "A uci" [--engine "B uci" ...]
        [--positions 300] [--movetime 0.1 | --go "depth 7"] [--depth 12] [--seed S]
        [--cache FILE.json] [--jobs 2] [--variants-file INI] [--dump FILE.tsv]
        [--judge "/usr/games/stockfish"]

A match needs hundreds of games to tell two builds 30 Elo apart. This
asks a narrower question with far fewer CPU-seconds: on the same
positions, how much worse by Fairy-Stockfish's judgement are the moves
each engine picks in MOVETIME seconds?

Positions come from Debian's fairy-stockfish playing itself (3,000 nodes a
move, random legal openings of 6 plies from SEED): every third position
from ply 10 on whose score (that search's) is within 300 centipawns, so
that the game is still open. Each engine chooses a move in each position
with a fresh table (`ucinewgame`), by `go movetime`, or by the `go`
command GO names (`--go "depth 7"`: the same depth for every engine).
The judge, fairy-stockfish (or the
engine JUDGE names: for chess, Stockfish's network judges without
favouring fairy-stockfish's own classical evaluation) at
`go depth DEPTH`, scores the position and, with `searchmoves`, each move
chosen; a move's loss is the difference, at least 0 and at most 1,000
centipawns (a mate counts as 30,000 less its length). Judgements are
cached by position and move in FILE, so a later run with a new build
scores only the moves nobody chose before.

Reports each engine's mean loss, how often it lost 100 and 300
centipawns or more, the nodes it searched a move (its last `info`'s),
and for each engine after the first the paired difference of the mean
loss against the first with its 95 % interval (negative: better moves).
A position the judge gives no score (a finished game) is left out and
counted in the report. Engines and the judge run one per core, JOBS at
once. With --dump, each position's line (FEN, the judge's score, then
each engine's move and loss) goes to a tab-separated file, to find the
positions where an engine goes wrong.

Needs pyffish (pip install pyffish) and /usr/games/fairy-stockfish
(apt-get install fairy-stockfish).
"""

import argparse
import json
import math
import multiprocessing
import os
import random

import pyffish

from uci_engine import Engine

FAIRY_STOCKFISH = "/usr/games/fairy-stockfish"
MAX_LOSS = 1000
OPEN_SCORE = 300
OPENING_PLIES = 6
FIRST_PLY = 10
EVERY = 3
MAX_PLIES = 250
SELF_PLAY_NODES = 3000


def self_play_positions(job):
    """The open positions of one fairy-stockfish game against itself."""
    variant, seed, variants_file = job
    rng = random.Random(seed)
    fen = pyffish.start_fen(variant)
    moves = []
    for _ in range(OPENING_PLIES):
        legal = pyffish.legal_moves(variant, fen, moves)
        if not legal:
            return []
        moves.append(rng.choice(sorted(legal)))
    engine = Engine(FAIRY_STOCKFISH, variant, variants_file)
    found = []
    while len(moves) < MAX_PLIES and pyffish.legal_moves(variant, fen, moves):
        over, _ = pyffish.is_optional_game_end(variant, fen, moves)
        if over:
            break
        score, best, _ = engine.go(fen, f"go nodes {SELF_PLAY_NODES}", moves)
        if best in ("(none)", "0000"):
            break
        if (len(moves) >= FIRST_PLY and len(moves) % EVERY == 0 and score is not None
                and abs(score) <= OPEN_SCORE):
            found.append(pyffish.get_fen(variant, fen, moves))
        moves.append(best)
    engine.close()
    return found


def positions(args):
    out = []
    game = 0
    with multiprocessing.Pool(args.jobs) as pool:
        while len(out) < args.positions:
            jobs = [(args.variant, f"{args.seed}-{game + i}", args.variants_file)
                    for i in range(args.jobs * 2)]
            game += len(jobs)
            for found in pool.map(self_play_positions, jobs):
                out.extend(found)
    return out[:args.positions]


def cached_positions(args):
    """(the cache file's contents, the positions for ARGS' variant, seed and
    count): read from --cache when it has them, else made and added to it
    (the caller writes the file back). Loads --variants-file into pyffish
    first, before any worker process starts: they inherit it."""
    if args.variants_file:
        with open(args.variants_file, encoding="utf-8") as f:
            pyffish.load_variant_config(f.read())
    cache = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache, encoding="utf-8") as f:
            cache = json.load(f)
    key = f"{args.variant}|{args.seed}|{args.positions}"
    fens = cache.get("positions", {}).get(key)
    if fens is None:
        fens = positions(args)
        cache.setdefault("positions", {})[key] = fens
    return cache, fens


def choose(job):
    """Each engine's move in each of a slice of positions."""
    commands, variant, variants_file, go, fens = job
    engines = [Engine(c, variant, variants_file) for c in commands]
    chosen = []
    for fen in fens:
        row = []
        for e in engines:
            e.new_game()
            _, move, nodes = e.go(fen, go)
            row.append((move, nodes))
        chosen.append(row)
    for e in engines:
        e.close()
    return chosen


def judge(job):
    """The judge's scores of positions and of moves in them."""
    command, variant, variants_file, depth, items = job
    engine = Engine(command, variant, variants_file)
    out = {}
    for fen, move in items:
        engine.new_game()
        command = f"go depth {depth}" + (f" searchmoves {move}" if move else "")
        out[f"{fen}|{move}"] = engine.go(fen, command)[0]
    engine.close()
    return out


def split(items, n):
    return [items[i::n] for i in range(n) if items[i::n]]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("variant")
    ap.add_argument("--engine", action="append", required=True)
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--movetime", type=float, default=0.1)
    ap.add_argument("--go", help="the engines' go command's arguments, in place of movetime")
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--judge", default=FAIRY_STOCKFISH,
                    help="the judging engine's command (default: fairy-stockfish)")
    ap.add_argument("--seed", default="quality")
    ap.add_argument("--cache", help="a JSON file of positions and judgements, read and updated")
    ap.add_argument("--jobs", type=int, default=max(1, os.cpu_count() or 1))
    ap.add_argument("--variants-file")
    ap.add_argument("--dump", help="write each position's moves and losses to this TSV file")
    args = ap.parse_args()
    cache, fens = cached_positions(args)
    judge_key = f"{args.variant}|{args.depth}"
    if args.judge != FAIRY_STOCKFISH:
        judge_key += f"|{args.judge}"
    judged = cache.setdefault("judged", {}).setdefault(judge_key, {})

    go = f"go {args.go}" if args.go else f"go movetime {round(args.movetime * 1000)}"
    with multiprocessing.Pool(args.jobs) as pool:
        slices = split(list(range(len(fens))), args.jobs)
        results = pool.map(choose, [
            (args.engine, args.variant, args.variants_file, go, [fens[i] for i in s])
            for s in slices])
        chosen = [None] * len(fens)
        nodes = [[] for _ in args.engine]
        for s, rows in zip(slices, results):
            for i, row in zip(s, rows):
                chosen[i] = [move for move, _ in row]
                for e, (_, n) in enumerate(row):
                    nodes[e].append(n)
        # The judge ignores a `searchmoves` move it does not know and would
        # score the best move instead: an illegal choice is an error here.
        for fen, row in zip(fens, chosen):
            legal = set(pyffish.legal_moves(args.variant, fen, []))
            for command, move in zip(args.engine, row):
                if move not in legal:
                    raise SystemExit(f"{command} chose {move!r}, not a legal move in {fen}")
        wanted = sorted({(fen, "") for fen in fens}
                        | {(fen, m) for fen, row in zip(fens, chosen) for m in row})
        wanted = [w for w in wanted if f"{w[0]}|{w[1]}" not in judged]
        for part in pool.map(judge, [(args.judge, args.variant, args.variants_file, args.depth, s)
                                     for s in split(wanted, args.jobs)]):
            judged.update(part)
    if args.cache:
        with open(args.cache, "w", encoding="utf-8") as f:
            json.dump(cache, f)

    losses = [[] for _ in args.engine]
    dump = open(args.dump, "w", encoding="utf-8") if args.dump else None
    for fen, row in zip(fens, chosen):
        best = judged.get(f"{fen}|")
        scores = [judged.get(f"{fen}|{m}") for m in row]
        if best is None or any(s is None for s in scores):
            continue
        for e, s in enumerate(scores):
            losses[e].append(min(MAX_LOSS, max(0, best - s)))
        if dump:
            cells = [f"{m} {losses[e][-1]}" for e, m in enumerate(row)]
            dump.write("\t".join([fen, str(best)] + cells) + "\n")
    if dump:
        dump.close()
    n = len(losses[0])
    if n == 0:
        raise SystemExit("the judge scored none of the positions")
    print(f"# {args.variant}: {n} positions (seed {args.seed!r}; {len(fens) - n} the judge "
          f"could not score left out), {go!r}, judged by {args.judge} depth {args.depth}")
    print("| engine | mean loss, cp | lost ≥ 100 | lost ≥ 300 | against the first, cp (95 %) "
          "| nodes a move (mean) |")
    print("|---|---|---|---|---|---|")
    for e, command in enumerate(args.engine):
        ls = losses[e]
        mean = sum(ls) / n
        versus = ""
        if e > 0:
            d = [b - a for a, b in zip(losses[0], ls)]
            md = sum(d) / n
            sd = math.sqrt(sum((x - md) ** 2 for x in d) / max(1, n - 1))
            half = 1.96 * sd / math.sqrt(n)
            versus = f"{md:+.1f} ({md - half:+.1f} .. {md + half:+.1f})"
        print(f"| {command} | {mean:.1f} | {sum(x >= 100 for x in ls)} "
              f"| {sum(x >= 300 for x in ls)} | {versus} | {sum(nodes[e]) / len(nodes[e]):.0f} |")


if __name__ == "__main__":
    main()
