#!/usr/bin/env python3
"""Finds sqlchess's costly moves in match games, and whether more time fixes them.

    scripts/blunders.py GAMES.pgn VARIANT [--engine "target/release/sqlchess uci"]
        [--depth 13] [--threshold 120] [--from-ply 8] [--recheck-ms 100 800]
        [--judge "/usr/games/stockfish"]

Reads the games `scripts/match.py --pgn` wrote (the players are named
"sqlchess" and the opponent), replays each with pyffish, and scores every
move sqlchess made from ply FROM_PLY on with Debian's fairy-stockfish (or
the engine JUDGE names: in chess, Stockfish's network favours neither
player's evaluation): its
best score before the move (`go depth DEPTH`) against its score of the
position after it (`go depth DEPTH-1`, from the mover's side). A move that
loses THRESHOLD centipawns or more is printed with the position, the move
the judge preferred, both scores, and the move sqlchess chooses there
again with each of RECHECK_MS milliseconds. A move that stays the same with
much more time points at the evaluation; one that changes, at the depth the
search reaches. Positions already lost by 600 cp or more are skipped.

Needs pyffish (pip install pyffish) and /usr/games/fairy-stockfish
(apt-get install fairy-stockfish).
"""

import argparse
import re

import pyffish

from uci_engine import Engine

FAIRY_STOCKFISH = "/usr/games/fairy-stockfish"
# Scores beyond this are decided games: a blunder there changes nothing.
LOST = 600


def games(path):
    """(sqlchess's side: 0 White, 1 Black; SAN moves) of each game."""
    text = open(path, encoding="utf-8").read()
    for chunk in text.split("[Event ")[1:]:
        white = re.search(r'\[White "([^"]*)"', chunk).group(1)
        body = chunk.split("\n\n", 1)[1]
        sans = [
            t
            for t in body.split()
            if not re.match(r"^\d+\.+$", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")
        ]
        yield (0 if white == "sqlchess" else 1), sans


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("variant")
    ap.add_argument("--engine", default="target/release/sqlchess uci")
    ap.add_argument("--depth", type=int, default=13)
    ap.add_argument("--threshold", type=int, default=120)
    ap.add_argument("--from-ply", type=int, default=8)
    ap.add_argument("--recheck-ms", type=int, nargs="+", default=[100, 800])
    ap.add_argument("--judge", default=FAIRY_STOCKFISH,
                    help="the judging engine's command (default: fairy-stockfish)")
    args = ap.parse_args()

    judge = Engine(args.judge, args.variant)
    sqlchess = Engine(args.engine, args.variant)
    flagged = same = 0
    for number, (side, sans) in enumerate(games(args.pgn), 1):
        fen = pyffish.start_fen(args.variant)
        for ply, san in enumerate(sans):
            legal = pyffish.legal_moves(args.variant, fen, [])
            move = next(
                (
                    m
                    for m in legal
                    if pyffish.get_san(args.variant, fen, m).rstrip("+#") == san.rstrip("+#")
                ),
                None,
            )
            if move is None:
                print(f"game {number}: cannot read {san!r} at ply {ply}; rest skipped")
                break
            after = pyffish.get_fen(args.variant, fen, [move])
            if ply % 2 == side and ply >= args.from_ply:
                before_score, best, _ = judge.go(fen, f"go depth {args.depth}")
                reply_score, _, _ = judge.go(after, f"go depth {args.depth - 1}")
                if (
                    before_score is not None
                    and reply_score is not None
                    and before_score > -LOST
                    and before_score + reply_score >= args.threshold
                ):
                    again = [sqlchess.go(fen, f"go movetime {ms}")[1] for ms in args.recheck_ms]
                    flagged += 1
                    same += again[-1] == move
                    print(
                        f"game {number} ply {ply}: {fen} played {move}, "
                        f"the judge {best} {before_score:+} -> {-reply_score:+}; "
                        f"sqlchess again at {args.recheck_ms} ms: {' '.join(again)}",
                        flush=True,
                    )
            fen = after
    print(f"{flagged} moves lost {args.threshold} cp or more; {same} unchanged "
          f"at {args.recheck_ms[-1]} ms")
    judge.close()
    sqlchess.close()


if __name__ == "__main__":
    main()
