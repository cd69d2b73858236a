#!/usr/bin/env python3
"""Play sqlchess against Stockfish at limited strength and estimate its Elo.

Uses python-chess's engine module (`pip install chess`) and Debian's
`stockfish` (binary /usr/games/stockfish). For each UCI_Elo setting, every
opening is played twice with colours swapped, at a fixed time per move.
Prints the score against each setting with an Elo estimate (the logistic
model: diff = -400 log10(1/p - 1)) and a 95% interval from the per-game
standard deviation. With --nps, also measures nodes per second of
sqlchess on middlegame positions (the `nps` of its last `info` line).

Examples:
    scripts/match.py --elo 1350 1800 2200 --games-per-elo 20
    scripts/match.py --nps-only
"""

import argparse
import datetime
import math
import platform
import shlex
import sys
import time

import chess
import chess.engine
import chess.pgn

# Varied openings (ECO names), played from both sides.
OPENINGS = [
    ("Ruy Lopez", "e4 e5 Nf3 Nc6 Bb5 a6"),
    ("Sicilian Najdorf", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6"),
    ("Queen's Gambit Declined", "d4 d5 c4 e6 Nc3 Nf6"),
    ("King's Indian", "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6"),
    ("French Winawer", "e4 e6 d4 d5 Nc3 Bb4"),
    ("English", "c4 e5 Nc3 Nf6 g3"),
    ("Caro-Kann Advance", "e4 c6 d4 d5 e5 Bf5"),
    ("London", "d4 d5 Bf4 Nf6 e3 c5"),
    ("Giuoco Piano", "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6"),
    ("Reti", "Nf3 d5 g3 Nf6 Bg2 c6 O-O"),
]

# Middlegame positions for the speed measurement.
NPS_POSITIONS = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 0 10",
    "2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 12",
]


def elo_from_score(p):
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400.0 * math.log10(1.0 / p - 1.0)


def combined_elo(results):
    """The rating R at which the expected total score against every
    setting, E = sum n / (1 + 10^((elo - R) / 400)), equals the points
    scored (maximum likelihood under the logistic model), by bisection."""
    points = sum(score * n for _, n, score in results)
    lo, hi = -1000.0, 5000.0
    for _ in range(60):
        mid = (lo + hi) / 2
        expected = sum(n / (1 + 10 ** ((elo - mid) / 400)) for elo, n, _ in results)
        lo, hi = (mid, hi) if expected < points else (lo, mid)
    return (lo + hi) / 2


def play_game(engines, names, opening, movetime, max_plies):
    """engines/names indexed by colour (True = White). Returns (result, game)."""
    board = chess.Board()
    for san in opening.split():
        board.push_san(san)
    limit = chess.engine.Limit(time=movetime)
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        engine = engines[board.turn]
        result = engine.play(board, limit)
        if result.move is None:
            break
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    result = outcome.result() if outcome else "1/2-1/2"
    game = chess.pgn.Game.from_board(board)
    game.headers["White"] = names[True]
    game.headers["Black"] = names[False]
    game.headers["Result"] = result
    game.headers["Termination"] = (
        outcome.termination.name.lower() if outcome else "ply limit"
    )
    return result, game


def measure_nps(cmd, seconds):
    engine = chess.engine.SimpleEngine.popen_uci(cmd)
    total_nodes, total_time = 0, 0.0
    rows = []
    for fen in NPS_POSITIONS:
        engine.configure({"Hash": 64})
        info = engine.analyse(chess.Board(fen), chess.engine.Limit(time=seconds))
        nodes, t = info.get("nodes", 0), info.get("time", 0.0)
        total_nodes += nodes
        total_time += t
        rows.append((fen, info.get("depth"), nodes, int(nodes / t) if t else 0))
    engine.quit()
    for fen, depth, nodes, nps in rows:
        print(f"  depth {depth:>2} nodes {nodes:>9} nps {nps:>9}  {fen}")
    nps = int(total_nodes / total_time) if total_time else 0
    print(f"  total: {total_nodes} nodes in {total_time:.2f} s = {nps} nodes/s")
    return nps


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", default="target/release/sqlchess uci",
                    help="command line of sqlchess's UCI engine")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--elo", type=int, nargs="+", default=[1350, 1800, 2200])
    ap.add_argument("--versus", metavar="CMD",
                    help="play this UCI engine (e.g. an older sqlchess) instead of Stockfish")
    ap.add_argument("--games-per-elo", type=int, default=20,
                    help="games per setting (rounded up to a pair per opening)")
    ap.add_argument("--movetime", type=float, default=0.1, help="seconds per move")
    ap.add_argument("--hash", type=int, default=16, help="MB for each engine")
    ap.add_argument("--max-plies", type=int, default=400,
                    help="score a draw after this many plies")
    ap.add_argument("--pgn", help="append the games to this PGN file")
    ap.add_argument("--nps", action="store_true", help="also measure nodes/second")
    ap.add_argument("--nps-only", action="store_true", help="only measure nodes/second")
    ap.add_argument("--nps-seconds", type=float, default=2.0)
    args = ap.parse_args()

    cmd = shlex.split(args.engine)
    print(f"# sqlchess match, {datetime.datetime.now().isoformat(timespec='seconds')}")
    print(f"# machine: {platform.node()} {platform.machine()} {platform.processor() or ''}")
    print(f"# engine: {args.engine}; opponent: {args.versus or args.stockfish}; "
          f"{args.movetime * 1000:.0f} ms/move; hash {args.hash} MB each")
    if args.nps or args.nps_only:
        print(f"## nodes per second ({args.nps_seconds:.1f} s a position)")
        measure_nps(cmd, args.nps_seconds)
        if args.nps_only:
            return

    pgn_out = open(args.pgn, "a") if args.pgn else None
    ours = chess.engine.SimpleEngine.popen_uci(cmd)
    ours.configure({"Hash": args.hash})
    summary = []
    for elo in ([0] if args.versus else args.elo):
        if args.versus:
            sf = chess.engine.SimpleEngine.popen_uci(shlex.split(args.versus))
            sf.configure({"Hash": args.hash})
            sf_name = args.versus
        else:
            sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
            sf.configure({"UCI_LimitStrength": True, "UCI_Elo": elo,
                          "Threads": 1, "Hash": args.hash})
            sf_name = f"Stockfish UCI_Elo {elo}"
        wins = draws = losses = 0
        scores = []
        pairs = max(1, math.ceil(args.games_per_elo / 2))
        start = time.time()
        for g in range(2 * pairs):
            name, moves = OPENINGS[(g // 2) % len(OPENINGS)]
            we_are_white = g % 2 == 0
            engines = {True: ours if we_are_white else sf,
                       False: sf if we_are_white else ours}
            names = {True: "sqlchess" if we_are_white else sf_name,
                     False: sf_name if we_are_white else "sqlchess"}
            ours.protocol.send_line("ucinewgame")
            result, game = play_game(engines, names, moves, args.movetime, args.max_plies)
            game.headers["Event"] = f"sqlchess vs {sf_name}"
            game.headers["Opening"] = name
            game.headers["Round"] = str(g + 1)
            if pgn_out:
                print(game, file=pgn_out, end="\n\n")
                pgn_out.flush()
            if result == "1/2-1/2":
                s = 0.5
                draws += 1
            elif (result == "1-0") == we_are_white:
                s = 1.0
                wins += 1
            else:
                s = 0.0
                losses += 1
            scores.append(s)
            colour = "white" if we_are_white else "black"
            label = "versus" if args.versus else f"elo {elo}"
            print(f"  {label} game {g + 1:>2} ({name}, sqlchess {colour}): {result} "
                  f"[{game.headers['Termination']}, {len(list(game.mainline_moves()))} plies]",
                  flush=True)
        sf.quit()
        n = len(scores)
        p = sum(scores) / n
        sd = math.sqrt(sum((s - p) ** 2 for s in scores) / n) / math.sqrt(n)
        lo, hi = max(p - 1.96 * sd, 0.0), min(p + 1.96 * sd, 1.0)
        diff = elo_from_score(p)
        summary.append((elo, n, wins, draws, losses, p, diff, elo_from_score(lo),
                        elo_from_score(hi), time.time() - start))
    ours.quit()

    if args.versus:
        _, n, w, d, l, p, diff, lo, hi, _ = summary[0]
        print(f"\nagainst {args.versus}: {n} games +{w} ={d} -{l}, score {100 * p:.1f}%, "
              f"Elo diff {diff:+.0f} ({lo:+.0f} .. {hi:+.0f})")
        return 0
    print("\n| Stockfish UCI_Elo | games | +  | =  | -  | score | Elo diff (95%) | sqlchess Elo est. |")
    print("|---|---|---|---|---|---|---|---|")
    for elo, n, w, d, l, p, diff, lo, hi, _ in summary:
        if 0 < p < 1:
            est = f"{diff:+.0f} ({lo:+.0f} .. {hi:+.0f}) | {elo + diff:.0f}"
        else:
            est = "n/a (no draw or loss) | n/a" if p == 1 else "n/a (no win or draw) | n/a"
        print(f"| {elo} | {n} | {w} | {d} | {l} | {100 * p:.1f}% | {est} |")
    combined = combined_elo([(elo, n, p) for elo, n, _, _, _, p, *_ in summary])
    print(f"\nsqlchess rating on Stockfish's UCI_Elo scale, all games together "
          f"(maximum likelihood): {combined:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
