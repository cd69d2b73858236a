#!/usr/bin/env python3
"""Generate the mate suite: positions from games with a unique mate in N.

Games: Stockfish plays itself at a low skill level (so that games end in
mates and blunders into them) from random openings. Every position of
every game is looked at by Stockfish; where it announces a mate in 1 to 3
for the side to move and MultiPV 2 shows no second move mating as fast,
the position is verified exhaustively with python-chess's move generator
(an AND-OR search over every legal move, not Stockfish's word): the key
mates in exactly N, no other first move mates in N or fewer, and there is
no mate in fewer than N. The suite is written as EPD lines:

    FEN bm KEY; dm N; id "game G ply P";

and read by crates/sqlchess-search/tests/mate_suite.rs, which checks that
sqlchess finds the key and the mate with `depth 2N+1`.

Needs python-chess and Debian's stockfish (/usr/games/stockfish).
Usage: scripts/gen_mate_suite.py [--games 300] [--out crates/sqlchess-search/tests/data/mates.epd]
"""

import argparse
import random
import sys
import time

import chess
import chess.engine


def mates_in(board, n, deadline):
    """True if the side to move forces mate in at most n moves."""
    if time.monotonic() > deadline:
        raise TimeoutError
    moves = list(board.legal_moves)
    # Checks first: at n == 1 only checks can mate.
    checks = [m for m in moves if board.gives_check(m)]
    for m in checks if n == 1 else checks + [m for m in moves if m not in checks]:
        board.push(m)
        try:
            if board.is_checkmate() or (n > 1 and defender_loses(board, n - 1, deadline)):
                return True
        finally:
            board.pop()
    return False


def defender_loses(board, n, deadline):
    """True if every reply of the side to move allows mate in at most n."""
    replies = list(board.legal_moves)
    if not replies:
        return board.is_check()
    for m in replies:
        board.push(m)
        try:
            if not mates_in(board, n, deadline):
                return False
        finally:
            board.pop()
    return True


def verify(board, key, n, seconds):
    """Exhaustive: key mates in exactly n, uniquely. None if it takes too long."""
    deadline = time.monotonic() + seconds
    try:
        if n > 1 and mates_in(board, n - 1, deadline):
            return False
        for m in board.legal_moves:
            board.push(m)
            try:
                mates = board.is_checkmate() or (n > 1 and defender_loses(board, n - 1, deadline))
            finally:
                board.pop()
            if mates != (m == key):
                return False
        return True
    except TimeoutError:
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--want", type=int, default=150, help="stop after this many positions")
    ap.add_argument("--max-mate", type=int, default=3)
    ap.add_argument("--per-n", type=int, default=50,
                    help="keep at most this many positions of each N")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--seed", type=int, default=20261123)
    ap.add_argument("--verify-seconds", type=float, default=20.0)
    ap.add_argument("--out", default="crates/sqlchess-search/tests/data/mates.epd")
    args = ap.parse_args()
    rng = random.Random(args.seed)

    player = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    player.configure({"Skill Level": 3, "Threads": 1, "Hash": 16})
    judge = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    judge.configure({"Threads": 1, "Hash": 64})
    found, seen = [], set()
    per_n = {}
    try:
        for g in range(args.games):
            board = chess.Board()
            for _ in range(6):
                board.push(rng.choice(list(board.legal_moves)))
                if board.is_game_over():
                    break
            while not board.is_game_over(claim_draw=True) and board.ply() < 300:
                board.push(player.play(board, chess.engine.Limit(time=0.01)).move)
            # Look back over the game for announced short mates.
            game = board
            replay = chess.Board()
            for ply, move in enumerate(game.move_stack):
                if ply >= 12:
                    key_fen = replay.epd()
                    if key_fen not in seen:
                        seen.add(key_fen)
                        found_one = look(replay, judge, args, g, ply)
                        if found_one and per_n.get(found_one[2], 0) < args.per_n:
                            found.append(found_one)
                            per_n[found_one[2]] = per_n.get(found_one[2], 0) + 1
                replay.push(move)
            print(f"game {g + 1}: {len(found)} positions {dict(sorted(per_n.items()))}",
                  file=sys.stderr, flush=True)
            if len(found) >= args.want or all(
                    per_n.get(n, 0) >= args.per_n for n in range(1, args.max_mate + 1)):
                break
    finally:
        player.quit()
        judge.quit()
    with open(args.out, "w") as out:
        out.write("# Unique mates in N from Stockfish games, verified exhaustively with\n"
                  "# python-chess: regenerate with scripts/gen_mate_suite.py\n")
        for fen, key, n, ident in found:
            out.write(f'{fen} bm {key}; dm {n}; id "{ident}";\n')
    print(f"wrote {len(found)} positions to {args.out}: {dict(sorted(per_n.items()))}")


def look(board, judge, args, g, ply):
    info = judge.analyse(board, chess.engine.Limit(depth=8))
    score = info["score"].relative
    if not score.is_mate() or not 1 <= score.mate() <= args.max_mate:
        return None
    n = score.mate()
    infos = judge.analyse(board, chess.engine.Limit(depth=16), multipv=2)
    best = infos[0]["score"].relative
    if not best.is_mate() or best.mate() != n:
        return None
    if len(infos) > 1:
        second = infos[1]["score"].relative
        if second.is_mate() and 0 < second.mate() <= n:
            return None
    key = infos[0]["pv"][0]
    ok = verify(board.copy(stack=False), key, n, args.verify_seconds)
    if not ok:
        return None
    fen = board.epd()
    return fen, board.san(key), n, f"game {g + 1} ply {ply}"


if __name__ == "__main__":
    main()
