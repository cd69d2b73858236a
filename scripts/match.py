#!/usr/bin/env python3
"""Play sqlchess against another UCI engine in any variant and rate it.

Games run in parallel (one pair of engine processes per worker, one thread
each), pyffish adjudicates every move (checkmate, stalemate, the variant's own
ends, repetition, the n-move rule, insufficient material) and rejects illegal
ones, openings are random legal plies from a seed, and every opening is played
twice with the colours swapped. The report gives wins, draws and losses, the
score, and the Elo difference with its 95 % interval from the pentanomial
distribution of the game pairs (the same opening with both colours). With
--sprt the match stops as soon as the sequential probability ratio test
accepts H1 (elo >= elo1) or H0 (elo <= elo0).

Needs pyffish (pip install pyffish), and the opponents: Debian's
fairy-stockfish and stockfish (/usr/games/...).

Examples:
    # 100 games of chess against Fairy-Stockfish, 100 ms a move
    scripts/match.py --opponent fairy-stockfish --variant chess --games 100
    # the fairy set, 100 games each
    scripts/match.py --variant capablanca grand xiangqi shogi seirawan crazyhouse
    # a change against the previous binary, SPRT [0, 10]
    scripts/match.py --opponent "/tmp/sqlchess-base uci" --sprt 0 10 --games 2000
    # Stockfish at limited strength
    scripts/match.py --opponent stockfish --uci-elo 2200 --games 40
    # nodes per second of sqlchess on middlegame positions
    scripts/match.py --nps-only
"""

import argparse
import concurrent.futures
import datetime
import math
import os
import platform
import queue
import random
import shlex
import subprocess
import sys
import threading
import time

try:
    import pyffish
except ImportError:  # pragma: no cover - the message is the point
    sys.exit("match.py needs pyffish: pip install pyffish (and chess for --nps)")

KNOWN = {
    "fairy-stockfish": "/usr/games/fairy-stockfish",
    "stockfish": "/usr/games/stockfish",
}

# Middlegame positions for the speed measurement.
NPS_POSITIONS = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 0 10",
    "2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 12",
]


class EngineError(Exception):
    """An engine died, timed out or spoke nonsense."""


class Engine:
    """A UCI engine process, driven line by line."""

    def __init__(self, cmd, name, options):
        self.name = name
        self.cmd = cmd
        self.proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.send("uci")
        self.options = set()
        for line in self._until("uciok", 30):
            if line.startswith("option name "):
                words = line.split()
                self.options.add(" ".join(words[2:words.index("type")]))
        for key, value in options.items():
            self.setoption(key, value)
        self.variant = "chess"
        self.ready()

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def _until(self, word, timeout):
        deadline = time.monotonic() + timeout
        out = []
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(left, 0.001))
            except queue.Empty:
                raise EngineError(f"{self.name}: no '{word}' within {timeout:.1f} s")
            if line is None:
                raise EngineError(f"{self.name}: exited (code {self.proc.poll()})")
            out.append(line)
            if line == word or line.startswith(word + " "):
                return out

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EngineError(f"{self.name}: cannot write ({e})")

    def setoption(self, key, value):
        if key in self.options:
            self.send(f"setoption name {key} value {value}")

    def ready(self):
        self.send("isready")
        self._until("readyok", 60)

    def new_game(self, variant):
        if variant != self.variant:
            if "UCI_Variant" not in self.options:
                raise EngineError(f"{self.name} has no UCI_Variant option")
            self.setoption("UCI_Variant", variant)
            self.variant = variant
        self.send("ucinewgame")
        self.ready()

    def best_move(self, moves, movetime_ms, depth=None):
        """The engine's move after `moves` from the start, and its last info."""
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        if depth:
            self.send(f"go depth {depth}")
            timeout = 600
        else:
            self.send(f"go movetime {movetime_ms}")
            timeout = movetime_ms / 1000 * 10 + 5
        lines = self._until("bestmove", timeout)
        info = next((line for line in reversed(lines[:-1]) if line.startswith("info ")), "")
        words = lines[-1].split()
        return (words[1] if len(words) > 1 else "(none)"), info

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (EngineError, subprocess.TimeoutExpired):
            self.proc.kill()


def random_opening(variant, plies, rng):
    """`plies` random legal moves from the start that do not end the game."""
    start = pyffish.start_fen(variant)
    for _ in range(100):
        moves = []
        for _ in range(plies):
            legal = pyffish.legal_moves(variant, start, moves)
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
        if len(moves) == plies and pyffish.legal_moves(variant, start, moves) \
                and not pyffish.is_immediate_game_end(variant, start, moves)[0]:
            return moves
    return moves


class PyffishReferee:
    """Adjudicates a game of any variant with pyffish.

    pyffish rebuilds its tables on every call (about 4 ms), so a ply asks it
    as few questions as it can: the legal moves once, for both the end of
    the game and the legality of the next move. It also replays every move
    it is given at every question (11 ms a ply at ply 80, most of a 10 ms
    match's time), so it is asked from the position after the last move
    that reset the move-rule clock (a capture or a pawn move), with the
    moves since: Fairy-Stockfish looks no further back for a repetition,
    and the FEN carries the clock and the variant's counters."""

    # Moves replayed before the referee looks for a later starting point.
    REANCHOR_AFTER = 12
    # At most this many pieces (royal ones and those in hand included)
    # where the referee asks whether neither side can mate.
    FEW_PIECES = 12

    def __init__(self, variant, opening):
        self.variant = variant
        self.start = pyffish.start_fen(variant)
        self.moves = list(opening)
        self.legal = None
        # The position pyffish is asked from, and the moves played since.
        self.anchor = self.start
        self.tail = list(opening)
        self.next_look = self.REANCHOR_AFTER
        # Pieces on the board and in hand at the last look: a position
        # where neither side can mate has few (xiangqi's, at most 12).
        self.pieces = sum(ch.isalpha() for ch in self.start.split()[0])

    def push(self, move):
        """Plays `move`; False if it is illegal."""
        if move not in self.legal:
            return False
        self.moves.append(move)
        self.tail.append(move)
        return True

    def reanchor(self):
        """Moves the starting point to the last position where the
        move-rule clock stood at 0, if that is later than the current one."""
        if len(self.tail) < self.next_look:
            return
        fen = pyffish.get_fen(self.variant, self.anchor, self.tail)
        self.next_look = len(self.tail) + self.REANCHOR_AFTER
        self.pieces = sum(ch.isalpha() for ch in fen.split()[0])
        try:
            clock = int(fen.split()[-2])
        except (IndexError, ValueError):
            return
        if clock < len(self.tail):
            self.next_look = self.REANCHOR_AFTER
            cut = len(self.tail) - clock
            self.anchor = pyffish.get_fen(self.variant, self.anchor, self.tail[:cut])
            self.tail = self.tail[cut:]

    def result(self):
        """None while the game goes on, else (result text, reason)."""
        self.reanchor()
        variant, start, moves = self.variant, self.anchor, self.tail
        white_to_move = (len(self.moves) % 2 == 0) == (" w " in self.start)

        def result(value, reason):
            # pyffish's values are for the side to move.
            if value == 0:
                return "1/2-1/2", reason
            side_to_move_wins = value > 0
            return ("1-0" if side_to_move_wins == white_to_move else "0-1"), reason

        end, value = pyffish.is_immediate_game_end(variant, start, moves)
        if end:
            return result(value, "variant end")
        self.legal = set(pyffish.legal_moves(variant, start, moves))
        if not self.legal:
            value = pyffish.game_result(variant, start, moves)
            return result(value, "checkmate" if value else "stalemate")
        end, value = pyffish.is_optional_game_end(variant, start, moves)
        if end:
            return result(value, "repetition or move rule")
        # Asked only with few pieces left (a question costs 2.5 ms): the
        # count is at most REANCHOR_AFTER plies old, and a game where
        # neither side can mate stays drawn whenever it is called.
        if self.pieces <= self.FEW_PIECES:
            white_short, black_short = pyffish.has_insufficient_material(variant, start, moves)
            if white_short and black_short:
                return "1/2-1/2", "insufficient material"
        return None


class ChessReferee:
    """Adjudicates standard chess with python-chess, which keeps the board
    between plies (pyffish replays the game and rebuilds its tables at every
    question: at 10 ms a move that was most of a match's time). The same
    rules: checkmate, stalemate, threefold repetition, the fifty-move rule
    and insufficient material on both sides."""

    def __init__(self, opening):
        import chess

        self.chess = chess
        self.board = chess.Board()
        self.moves = []
        for move in opening:
            self.board.push_uci(move)
            self.moves.append(move)

    def push(self, move):
        """Plays `move`; False if it is illegal."""
        try:
            parsed = self.chess.Move.from_uci(move)
        except ValueError:
            return False
        if not self.board.is_legal(parsed):
            return False
        self.board.push(parsed)
        self.moves.append(move)
        return True

    def result(self):
        """None while the game goes on, else (result text, reason)."""
        board = self.board
        if not any(board.generate_legal_moves()):
            if board.is_check():
                return ("0-1" if board.turn else "1-0"), "checkmate"
            return "1/2-1/2", "stalemate"
        if board.is_repetition(3) or board.is_fifty_moves():
            return "1/2-1/2", "repetition or move rule"
        if board.is_insufficient_material():
            return "1/2-1/2", "insufficient material"
        return None


def referee(variant, opening, args):
    """python-chess for standard chess, pyffish for everything else."""
    if variant == "chess" and not args.variants_file:
        try:
            return ChessReferee(opening)
        except ImportError:
            pass
    return PyffishReferee(variant, opening)


def play_game(engines, variant, opening, args):
    """engines: {True: white, False: black}. Returns (result, reason, moves)."""
    start = pyffish.start_fen(variant)
    game = referee(variant, opening, args)
    for engine in engines.values():
        engine.new_game(variant)
    while True:
        over = game.result()
        if over:
            return over[0], over[1], game.moves
        if len(game.moves) >= args.max_plies:
            return "1/2-1/2", "ply limit", game.moves
        white = (len(game.moves) % 2 == 0) == (" w " in start)
        engine = engines[white]
        loser = "0-1" if white else "1-0"
        try:
            move, _ = engine.best_move(game.moves, args.movetime_ms)
        except EngineError as e:
            return loser, f"forfeit: {e}", game.moves
        if not game.push(move):
            return loser, f"forfeit: {engine.name} played illegal {move}", game.moves


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / score - 1.0)


def pair_stats(pairs):
    """Score and 95 % interval (in score units) from game-pair sums (0..2)."""
    n = len(pairs)
    if n == 0:
        return 0.5, 0.0
    mean = sum(pairs) / n / 2
    var = sum((p / 2 - mean) ** 2 for p in pairs) / n
    return mean, 1.96 * math.sqrt(var / n)


def sprt_llr(pairs, elo0, elo1):
    """Log-likelihood ratio of H1 (elo1) against H0 (elo0), by the normal
    approximation over pair scores (as fishtest's pentanomial GSPRT)."""
    n = len(pairs)
    if n < 2:
        return 0.0
    mean = sum(pairs) / n / 2
    var = sum((p / 2 - mean) ** 2 for p in pairs) / n
    if var <= 0:
        return 0.0
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def opponent_command(text):
    return shlex.split(KNOWN.get(text, text))


def run_variant(variant, args, ours_cmd, theirs_cmd, theirs_opts, pgn_out, log):
    rng = random.Random(f"{args.seed}:{variant}")
    n_pairs = max(1, math.ceil(args.games / 2))
    openings = [random_opening(variant, args.opening_plies, rng) for _ in range(n_pairs)]
    local = threading.local()
    all_engines = []
    lock = threading.Lock()
    stop = threading.Event()
    pair_points = {}
    games = []
    llr_bounds = (math.log(args.beta / (1 - args.alpha)), math.log((1 - args.beta) / args.alpha))
    decision = None
    deadline = time.time() + args.max_seconds if args.max_seconds else None

    def engines():
        if not hasattr(local, "pair"):
            ours_opts = {"Hash": args.hash, "Threads": args.threads}
            if args.variants_file:
                ours_opts["VariantPath"] = os.path.abspath(args.variants_file)
            ours = Engine(ours_cmd, "sqlchess", ours_opts)
            theirs = Engine(theirs_cmd, args.opponent_name,
                            {"Hash": args.hash, "Threads": 1, **theirs_opts})
            local.pair = (ours, theirs)
            with lock:
                all_engines.extend(local.pair)
        return local.pair

    def one(index):
        nonlocal decision
        if stop.is_set() or (deadline and time.time() >= deadline):
            return
        pair, we_are_white = divmod(index, 2)
        we_are_white = we_are_white == 0
        ours, theirs = engines()
        table = {True: ours if we_are_white else theirs, False: theirs if we_are_white else ours}
        result, reason, moves = play_game(table, variant, openings[pair], args)
        points = 0.5 if result == "1/2-1/2" else float((result == "1-0") == we_are_white)
        with lock:
            games.append(points)
            pair_points.setdefault(pair, []).append(points)
            done = len(games)
            colour = "white" if we_are_white else "black"
            print(f"  {variant} game {index + 1:>4} (opening {pair + 1}, sqlchess {colour}): "
                  f"{result} [{reason}, {len(moves)} plies]  running score "
                  f"{sum(games)}/{done}", file=log, flush=True)
            if pgn_out:
                write_pgn(pgn_out, variant, moves, result, reason, table, index)
            if args.sprt:
                complete = [sum(p) for p in pair_points.values() if len(p) == 2]
                llr = sprt_llr(complete, *args.sprt)
                if llr <= llr_bounds[0] or llr >= llr_bounds[1]:
                    decision = "H1 accepted" if llr >= llr_bounds[1] else "H0 accepted"
                    stop.set()

    start = time.time()
    with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
        futures = [pool.submit(one, i) for i in range(2 * n_pairs)]
        try:
            for f in futures:
                f.result()
        finally:
            stop.set()
            for e in all_engines:
                e.quit()
    complete = [sum(p) for p in pair_points.values() if len(p) == 2]
    return {
        "variant": variant,
        "games": len(games),
        "wins": games.count(1.0),
        "draws": games.count(0.5),
        "losses": games.count(0.0),
        "pairs": complete,
        "seconds": time.time() - start,
        "llr": sprt_llr(complete, *args.sprt) if args.sprt else None,
        "bounds": llr_bounds,
        "decision": decision,
    }


def write_pgn(out, variant, moves, result, reason, table, index):
    start = pyffish.start_fen(variant)
    try:
        san = pyffish.get_san_moves(variant, start, moves)
    except Exception:  # noqa: BLE001 - fall back to the UCI moves
        san = moves
    body = []
    for i, m in enumerate(san):
        if i % 2 == 0:
            body.append(f"{i // 2 + 1}.")
        body.append(m)
    out.write(f'[Event "sqlchess match"]\n[Round "{index + 1}"]\n'
              f'[White "{table[True].name}"]\n[Black "{table[False].name}"]\n'
              f'[Result "{result}"]\n[Variant "{variant}"]\n'
              f'[Termination "{reason}"]\n\n{" ".join(body)} {result}\n\n')
    out.flush()


def describe(r):
    n = r["games"]
    score, half = pair_stats(r["pairs"])
    if n and not r["pairs"]:
        score = (r["wins"] + r["draws"] / 2) / n
    diff = elo(score)
    lo, hi = elo(max(score - half, 1e-6)), elo(min(score + half, 1 - 1e-6))
    return score, diff, lo, hi


def measure_nps(cmd, seconds):
    engine = Engine(cmd, "sqlchess", {"Hash": 64})
    total_nodes, total_ms = 0, 0
    for fen in NPS_POSITIONS:
        engine.send(f"position fen {fen}")
        engine.send(f"go movetime {int(seconds * 1000)}")
        lines = engine._until("bestmove", seconds * 10 + 5)
        info = next(line for line in reversed(lines) if " nodes " in line).split()
        nodes, ms = int(info[info.index("nodes") + 1]), int(info[info.index("time") + 1])
        depth = info[info.index("depth") + 1]
        total_nodes += nodes
        total_ms += ms
        print(f"  depth {depth:>2} nodes {nodes:>9} nps {nodes * 1000 // max(ms, 1):>9}  {fen}")
    engine.quit()
    print(f"  total: {total_nodes} nodes in {total_ms / 1000:.2f} s = "
          f"{total_nodes * 1000 // max(total_ms, 1)} nodes/s")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[1:]))
    ap.add_argument("--engine", default="target/release/sqlchess uci",
                    help="command line of sqlchess's UCI engine")
    ap.add_argument("--opponent", default="fairy-stockfish",
                    help="fairy-stockfish, stockfish, or a UCI command line")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a UCI option for the opponent (repeatable)")
    ap.add_argument("--uci-elo", type=int,
                    help="set the opponent's UCI_LimitStrength and UCI_Elo")
    ap.add_argument("--variant", nargs="+", default=["chess"])
    ap.add_argument("--games", type=int, default=100, help="games per variant (even)")
    ap.add_argument("--movetime", type=float, default=0.1, help="seconds per move")
    ap.add_argument("--hash", type=int, default=16, help="MB for each engine")
    ap.add_argument("--threads", type=int, default=1, help="sqlchess's Threads")
    ap.add_argument("--concurrency", type=int, default=max(1, (os.cpu_count() or 2) // 2),
                    help="games at once (default: cores / 2, as each game runs two engines)")
    ap.add_argument("--opening-plies", type=int, default=4)
    ap.add_argument("--seed", default="sqlchess")
    ap.add_argument("--max-plies", type=int, default=400, help="a draw after this many plies")
    ap.add_argument("--max-seconds", type=float,
                    help="start no game after this many seconds (per variant); "
                         "the games under way finish")
    ap.add_argument("--sprt", type=float, nargs=2, metavar=("ELO0", "ELO1"))
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    ap.add_argument("--pgn", help="append the games to this PGN file")
    ap.add_argument("--variants-file", help="a variants.ini both engines and pyffish load")
    ap.add_argument("--quiet", action="store_true", help="no line per game")
    ap.add_argument("--nps-only", action="store_true", help="only measure nodes/second")
    ap.add_argument("--nps-seconds", type=float, default=2.0)
    args = ap.parse_args()
    args.movetime_ms = max(1, int(args.movetime * 1000))

    ours_cmd = shlex.split(args.engine)
    print(f"# sqlchess match, {datetime.datetime.now().isoformat(timespec='seconds')}")
    print(f"# machine: {platform.node()} {platform.machine()}, {os.cpu_count()} cores")
    if args.nps_only:
        measure_nps(ours_cmd, args.nps_seconds)
        return 0

    theirs_cmd = opponent_command(args.opponent)
    theirs_opts = dict(o.split("=", 1) for o in args.option)
    if args.uci_elo:
        theirs_opts.update({"UCI_LimitStrength": "true", "UCI_Elo": str(args.uci_elo)})
    if args.variants_file:
        pyffish.load_variant_config(open(args.variants_file).read())
        theirs_opts["VariantPath"] = os.path.abspath(args.variants_file)
    args.opponent_name = os.path.basename(theirs_cmd[0]) + (
        f" UCI_Elo {args.uci_elo}" if args.uci_elo else "")
    print(f"# {args.engine} (Threads {args.threads}) against {' '.join(theirs_cmd)} "
          f"{theirs_opts or ''}; {args.movetime_ms} ms a move, hash {args.hash} MB each, "
          f"{args.concurrency} games at once, openings of {args.opening_plies} random plies "
          f"(seed {args.seed!r}), colours swapped")
    log = open(os.devnull, "w") if args.quiet else sys.stdout
    pgn_out = open(args.pgn, "a") if args.pgn else None
    results = []
    for variant in args.variant:
        r = run_variant(variant, args, ours_cmd, theirs_cmd, theirs_opts, pgn_out, log)
        results.append(r)
        score, diff, lo, hi = describe(r)
        line = (f"{variant}: {r['games']} games +{r['wins']} ={r['draws']} -{r['losses']}, "
                f"score {100 * score:.1f}%, Elo {diff:+.0f} ({lo:+.0f} .. {hi:+.0f}), "
                f"{r['seconds']:.0f} s")
        if args.sprt:
            line += (f"; SPRT [{args.sprt[0]:g}, {args.sprt[1]:g}] LLR {r['llr']:.2f} "
                     f"({r['bounds'][0]:.2f}, {r['bounds'][1]:.2f}): "
                     f"{r['decision'] or 'no decision'}")
        print(line, flush=True)

    print("\n| variant | games | + | = | - | score | Elo (95 %) |")
    print("|---|---|---|---|---|---|---|")
    for r in results:
        score, diff, lo, hi = describe(r)
        print(f"| {r['variant']} | {r['games']} | {r['wins']} | {r['draws']} | {r['losses']} | "
              f"{100 * score:.1f}% | {diff:+.0f} ({lo:+.0f} .. {hi:+.0f}) |")
    if len(results) > 1:
        mean = sum(describe(r)[0] for r in results) / len(results)
        print(f"\naverage score over {len(results)} variants: {100 * mean:.1f}% "
              f"(Elo {elo(mean):+.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
