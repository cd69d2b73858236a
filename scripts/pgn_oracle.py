#!/usr/bin/env python3
"""The PGN oracle: what python-chess reads from PGN files, as JSON lines, for
the differential tests of sqlchess-pgn (crates/sqlchess-pgn/tests/oracle.rs).

Usage:
  scripts/pgn_oracle.py oracle IN.pgn OUT.jsonl   one file's oracle
  scripts/pgn_oracle.py games N SEED OUT.pgn      random games written by python-chess
  scripts/pgn_oracle.py all                       regenerate every checked-in file:

    crates/sqlchess-pgn/tests/data/corpus.pgn          gen_corpus 80 86 (cargo, release)
    crates/sqlchess-pgn/tests/data/pychess.pgn         `games 120 2026` + the edge cases
    crates/sqlchess-pgn/tests/data/*.oracle.jsonl      the oracles of both
    crates/sqlchess-pgn/tests/data/eco.oracle.jsonl    the oracle of pgn-extract's eco.pgn
                                                       (/usr/share/pgn-extract/eco.pgn, the
                                                       Debian package `pgn-extract`; the file
                                                       itself is never checked in)

Needs python-chess (`python3 -m venv .venv && .venv/bin/pip install chess`;
written with 1.11.2). Deterministic: the same seed gives the same files.

One JSON object per game, in file order (empty lists are left out; the eco.pgn
oracle keeps only game, status, sans and fen):
  game       1-based number in the file
  status     "ok", "rejected" (python-chess's `game.errors` is not empty) or
             "excluded" (not compared, `reason` says why)
  errors     python-chess's error messages (rejected games)
  tags       [[name, value], ...] as they stand in the file
  variant    the Variant tag, or null
  start      the start position's FEN
  sans       the main line in SAN separated by spaces ("--" for a null move)
  fen        the final position's FEN
  comments   [[ply, text], ...]: the main line's comments (ply 0: before the first
             move) with [%clk], [%eval] and [%emt] removed by python-chess's own
             set_clock/set_eval/set_emt(None); several comments at a ply are one text
  nags       [[ply, [nag, ...]], ...] sorted (python-chess keeps NAGs as a set)
  clocks     [centiseconds or null, ...] by ply (0 to the last) from node.clock()
  evals      [[ply, centipawns], ...] or [[ply, "#N"], ...] from node.eval(), White's view
  emts       [[ply, centiseconds], ...] from node.emt()

Exclusions (each written as status "excluded" with the reason):
  - Variants python-chess does not play: capablanca, shogi, seirawan (and any other
    Variant tag python-chess's find_variant refuses, when sqlchess plays it).
  - Python-chess quirks listed in QUIRKS below, by game, with the reason.
"""

from __future__ import annotations

import io
import json
import logging
import os
import random
import subprocess
import sys

import chess
import chess.pgn
import chess.variant

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(REPO, "crates", "sqlchess-pgn", "tests", "data")
ECO = "/usr/share/pgn-extract/eco.pgn"

# Variants sqlchess plays and python-chess does not: not compared.
EXCLUDED_VARIANTS = {
    "capablanca": "python-chess has no Capablanca chess",
    "shogi": "python-chess has no shogi",
    "seirawan": "python-chess has no Seirawan chess",
    # python-chess plays these, sqlchess does not yet (not in `sqlchess
    # variants`): sqlchess rejects them as an unknown variant.
    "atomic": "sqlchess does not play atomic yet",
    "antichess": "sqlchess does not play antichess yet",
    "king of the hill": "sqlchess does not play king of the hill yet",
    "three-check": "sqlchess does not play three-check yet",
    "racing kings": "sqlchess does not play racing kings yet",
    "horde": "sqlchess does not play horde yet",
}

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


class Builder(chess.pgn.GameBuilder):
    """python-chess's GameBuilder that also keeps the tags as they stand (its
    Headers add the Seven Tag Roster's defaults and keep the last of a repeated
    tag)."""

    def begin_game(self):
        self.raw_tags = []
        return super().begin_game()

    def visit_header(self, tagname, tagvalue):
        self.raw_tags.append([tagname, tagvalue])
        return super().visit_header(tagname, tagvalue)

    def result(self):
        game = super().result()
        game.raw_tags = self.raw_tags
        return game


def strip_commands(node):
    """The comment of `node` without clock, eval and emt commands, as
    python-chess removes them, and their values."""
    clock = node.clock()
    emt = node.emt()
    ev = node.eval() if node.parent is not None else None
    while node.clock() is not None:
        node.set_clock(None)
    while node.emt() is not None:
        node.set_emt(None)
    while node.parent is not None and node.eval() is not None:
        node.set_eval(None)
    return node.comment, clock, emt, ev


def entry(number: int, game: chess.pgn.Game) -> dict:
    tags = game.raw_tags
    variant = next((v for n, v in tags if n == "Variant"), None)
    out = {"game": number, "tags": tags, "variant": variant}
    if variant is not None and variant.strip().lower() in EXCLUDED_VARIANTS:
        out["status"] = "excluded"
        out["reason"] = EXCLUDED_VARIANTS[variant.strip().lower()]
        return out
    if game.errors:
        out["status"] = "rejected"
        out["errors"] = [str(e) for e in game.errors]
        return out
    out["status"] = "ok"
    board = game.board()
    out["start"] = board.fen()
    sans, comments, nags, clocks, evals, emts = [], [], [], [], [], []
    nodes = [game] + list(game.mainline())
    for ply, node in enumerate(nodes):
        if ply > 0:
            sans.append(board.san(node.move))
            board.push(node.move)
        text, clock, emt, ev = strip_commands(node)
        if text.strip():
            comments.append([ply, text])
        if node.nags:
            nags.append([ply, sorted(node.nags)])
        if clock is not None:
            clocks.append([ply, round(clock * 100)])
        if emt is not None:
            emts.append([ply, round(emt * 100)])
        if ev is not None:
            w = ev.white()
            evals.append([ply, f"#{w.mate()}" if w.is_mate() else w.score()])
    plies = len(sans)
    out.update(sans=" ".join(sans), fen=board.fen())
    for name, pairs in [("comments", comments), ("nags", nags), ("evals", evals), ("emts", emts)]:
        if pairs:
            out[name] = pairs
    if clocks:
        # By ply, null where there is none: most games have one on every move.
        by_ply = [None] * (plies + 1)
        for ply, c in clocks:
            by_ply[ply] = c
        out["clocks"] = by_ply
    return out


def oracle(pgn_path: str, out_path: str, quirks: dict | None = None, brief: bool = False) -> None:
    """Writes the oracle of `pgn_path`; `quirks` maps game numbers to the
    reason they are excluded; `brief` keeps only the moves and final FEN."""
    quirks = quirks or {}
    counts = {}
    with open(pgn_path, encoding="utf-8-sig", errors="replace") as f, \
            open(out_path, "w", encoding="utf-8") as out:
        number = 0
        while True:
            game = chess.pgn.read_game(f, Visitor=Builder)
            if game is None:
                break
            number += 1
            e = entry(number, game)
            event = next((v for n, v in e["tags"] if n == "Event"), None)
            if event in QUIRK_EVENTS:
                quirks = {**quirks, number: QUIRK_EVENTS[event]}
            if number in quirks:
                e = {"game": number, "tags": e["tags"], "variant": e["variant"],
                     "status": "excluded", "reason": quirks[number]}
            if brief:
                e = {k: v for k, v in e.items() if k in ("game", "status", "reason", "sans", "fen")}
            counts[e["status"]] = counts.get(e["status"], 0) + 1
            out.write(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{out_path}: {number} games {counts}", file=sys.stderr)


# --- Games written by python-chess -------------------------------------------

COMMENTS = [
    "good move", "the only move", "White is better", "Nach 20 Minuten Bedenkzeit",
    "a comment with \"quotes\" and \\backslash", "[%cal Ge2e4,Rd7d5]", "[%csl Ra1]",
    "long " * 30, "line one\nline two",
]
NAGS = [1, 2, 3, 4, 5, 6, 10, 13, 14, 15, 16, 17, 18, 19, 22, 32, 36, 40, 132, 146, 255]
VARIANTS = [
    (chess.variant.CrazyhouseBoard, "Crazyhouse"),
    (chess.variant.AtomicBoard, "Atomic"),
    (chess.variant.AntichessBoard, "Antichess"),
    (chess.variant.KingOfTheHillBoard, "King of the Hill"),
    (chess.variant.ThreeCheckBoard, "Three-check"),
    (chess.variant.RacingKingsBoard, "Racing Kings"),
    (chess.variant.HordeBoard, "Horde"),
]


def pick_move(rng: random.Random, board: chess.Board):
    moves = list(board.legal_moves)
    if not moves:
        return None
    captures = [m for m in moves if board.is_capture(m) or board.gives_check(m)]
    if captures and rng.random() < 0.4:
        return rng.choice(captures)
    return rng.choice(moves)


def comment(rng: random.Random, side_clock: list, ply: int) -> str:
    parts = []
    r = rng.random()
    if r < 0.3:
        parts.append(rng.choice(COMMENTS))
    if rng.random() < 0.3:
        cp = rng.randrange(-500, 500)
        parts.append(f"[%eval {cp / 100:.2f}]" if rng.random() < 0.9
                     else f"[%eval #{rng.choice([-3, -1, 2, 5])}]")
    if rng.random() < 0.5:
        side_clock[ply % 2] = max(0, side_clock[ply % 2] - rng.randrange(0, 2000))
        c = side_clock[ply % 2]
        frac = f".{c % 100 // 10}" if rng.random() < 0.3 else ""
        parts.append(f"[%clk {c // 360000}:{c // 6000 % 60:02d}:{c // 100 % 60:02d}{frac}]")
    if rng.random() < 0.05:
        parts.append(f"[%emt 0:00:{rng.randrange(60):02d}]")
    return " ".join(parts)


def add_line(rng: random.Random, node, board: chess.Board, plies: int, depth: int) -> None:
    """Random moves after `node` (whose position is `board`), with
    annotations; variations (nested to `depth`) and null moves now and then."""
    clocks = [rng.randrange(6000, 60000)] * 2
    for ply in range(plies):
        mv = pick_move(rng, board)
        if mv is None:
            break
        if rng.random() < 0.01 and not board.is_check() and board.uci_variant == "chess":
            mv = chess.Move.null()
        child = node.add_variation(mv)
        if rng.random() < 0.35:
            child.comment = comment(rng, clocks, ply)
        if rng.random() < 0.08:
            child.nags.update(rng.sample(NAGS, rng.choice([1, 1, 1, 2, 3])))
        if depth > 0 and rng.random() < 0.07:
            alt = pick_move(rng, board)
            if alt is not None and alt != mv:
                alt_node = node.add_variation(alt)
                if rng.random() < 0.3:
                    alt_node.starting_comment = "or"
                b = board.copy()
                b.push(alt)
                add_line(rng, alt_node, b, rng.randrange(0, 6), depth - 1)
        board.push(mv)
        node = child
        if board.is_game_over():
            break


def random_game(rng: random.Random, number: int) -> chess.pgn.Game:
    game = chess.pgn.Game()
    game.headers["Event"] = f"python-chess game {number}"
    game.headers["Site"] = "?"
    game.headers["Date"] = f"20{rng.randrange(10, 26):02d}.{rng.randrange(1, 13):02d}.??"
    # No '"' in names: python-chess writes tag values without escaping them
    # (`[White "O'Neil "Hammer""]`), which is not PGN (sqlchess rejects it as
    # a malformed tag).
    game.headers["White"] = rng.choice(["Müller, Jörg", "O'Neil", "back\\slash", "白"])
    game.headers["Black"] = rng.choice(["Anna", "Boris", "Zoë"])
    r = rng.random()
    if r < 0.5:
        board = chess.Board()
    elif r < 0.6:
        board = chess.Board()
        for _ in range(rng.randrange(4, 30)):
            mv = pick_move(rng, board)
            if mv is None or board.is_game_over():
                break
            board.push(mv)
        board = chess.Board(board.fen())
    elif r < 0.72:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
    elif r < 0.85:
        board = chess.variant.CrazyhouseBoard()
    else:
        cls, _name = rng.choice(VARIANTS[1:])
        board = cls()
    game.setup(board)
    if rng.random() < 0.1:
        game.comment = rng.choice(["Annotated by nobody", "[%clk 0:10:00] start"])
    add_line(rng, game, board.copy(), rng.randrange(0, 140), 2)
    end = game.end().board()
    game.headers["Result"] = end.result() if end.is_game_over() else rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
    return game


def edge_cases(rng: random.Random) -> list[str]:
    """Hand-made games at the edges of the PGN standard and of SAN, each with
    what it tests in its Event tag."""
    games = []

    def add(event: str, movetext: str, tags: str = "") -> None:
        games.append(f'[Event "{event}"]\n{tags}\n{movetext}\n')

    add("no tags needed", "1. e4 e5 2. Nf3 *")
    add("zeros for castling", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 5. d3 0-0 *")
    add("over-disambiguated SAN", "1. Ngf3 d5 2. Nb1c3 Ng8f6 *")
    add("long algebraic", "1. e2e4 e7e5 2. g1f3 *")
    add("check mark on a quiet move", "1. e4+ e5 2. Nf3# *")
    add("missing check mark", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0")
    add("annotation glyphs", "1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! $14 *")
    add("illegal: king into check", "1. e4 e5 2. Ke2 Ke7 3. Kd3 Bc5 4. Kc4 Qg5 5. Kxc5 *")
    add("illegal: castling through check", "1. e4 e5 2. Nf3 Bc5 3. Bc4 Nf6 4. d4 Bxd4 5. Nxd4 Qe7 6. Nf5 Qc5 7. Bb5 Qxb5 8. O-O *")
    add("illegal: castling after the king moved", "1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Nf3 Nf6 5. Be2 Be7 6. O-O *")
    add("illegal move in a variation", "1. e4 e5 (1... Ke7 2. Qh5 Ke6 3. Qe5 Kxe5) 2. Nf3 (2. Ke3) *")
    add("unknown piece letter", "1. e4 e5 2. Xf3 *")
    add("pawn capture without x", "1. e4 d5 2. ed5 Qxd5 *")
    add("promotion without =", "1. h4 g5 2. hxg5 h6 3. gxh6 Nf6 4. h7 Ng8 5. hxg8Q *")
    add("lower-case promotion", "1. h4 g5 2. hxg5 h6 3. gxh6 Nf6 4. h7 Ng8 5. hxg8=q *")
    add("en passant", "1. e4 Nf6 2. e5 d5 3. exd6 *")
    add("en passant that is not available", "1. e4 Nf6 2. e5 d6 3. Nf3 d5 4. exd6 *")
    add("comments everywhere", "{before} 1. e4 {after e4} {and again} e5 ; to the end of the line\n2. Nf3 {multi\nline} *")
    add("percent escape line", "1. e4 e5\n% an escaped line\n2. Nf3 *")
    add("FEN with four fields", "1. e4 *", '[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"]\n')
    add("FEN with castling rights but no rook", "1. Kd1 *", '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1"]\n')
    add("FEN with an en passant square that no pawn can take", "1... Kd8 *", '[SetUp "1"]\n[FEN "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"]\n')
    add("FEN with Black to move", "1... e5 2. Nf3 *", '[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]\n')
    add("invalid FEN", "1. e4 *", '[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1"]\n')
    add("FEN without kings", "*", '[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n')
    add("From Position variant", "1. e4 *", '[Variant "From Position"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]\n')
    add("unknown variant", "1. e4 *", '[Variant "Nonexistent"]\n')
    add("null move in the main line", "1. e4 -- 2. d4 *")
    add("null move while in check", "1. e4 f5 2. Qh5+ -- 3. Qxf5 *")
    add("empty game", "*")
    add("result only in the tag", "1. e4 e5", '[Result "1-0"]\n')
    # Not here: "1. e4 e5 1-0 2. Nf3". python-chess reads on after a result
    # token until an empty line (main line e4 e5 Nf3); the PGN standard and
    # sqlchess end the game at the result, and read "2. Nf3" as a second game,
    # so the two would no longer agree on game numbers.
    add("tag value with escapes", "1. e4 *", '[White "a \\"quoted\\" \\\\ name"]\n')
    add("repeated tag", "1. e4 *", '[White "first"]\n[White "second"]\n')

    # Ambiguous SAN, found by random play: a move written without the
    # disambiguation it needs.
    for attempt in range(2000):
        board = chess.Board()
        moves = []
        for _ in range(rng.randrange(6, 60)):
            mv = pick_move(rng, board)
            if mv is None:
                break
            moves.append(board.san(mv))
            board.push(mv)
        amb = None
        for mv in board.legal_moves:
            san = board.san(mv)
            piece = board.piece_at(mv.from_square)
            if piece.piece_type != chess.PAWN and len(san.rstrip("+#").replace("x", "")) > 3:
                amb = san[0] + san[2:] if san[1] in "abcdefgh12345678" and san[2] in "abcdefghx" else None
                if amb:
                    break
        if amb:
            n = len(moves)
            text = " ".join((f"{i // 2 + 1}. " if i % 2 == 0 else "") + s for i, s in enumerate(moves))
            prefix = f"{n // 2 + 1}. " if n % 2 == 0 else f"{n // 2 + 1}... "
            add("ambiguous SAN", f"{text} {prefix}{amb} *")
            break
    return games


# Games of the checked-in files that python-chess reads differently from what
# the PGN standard (and sqlchess) says, by file and game number: not compared.
# Filled in from the differential test's findings; each with its reason.
QUIRKS: dict[str, dict[int, str]] = {"corpus.pgn": {}, "pychess.pgn": {}, "eco.pgn": {}}

# The edge cases (by Event tag) where python-chess departs from the PGN
# standard or is more lenient than sqlchess: not compared, for this reason.
QUIRK_EVENTS = {
    "unknown piece letter":
        "python-chess's tokenizer skips the letter X and reads Xf3 as the pawn move f3",
    "lower-case promotion":
        "python-chess accepts a lower-case promotion piece (hxg8=q); PGN and sqlchess want upper case",
    "comments everywhere":
        "python-chess drops ';' rest-of-line comments; sqlchess keeps them as comments",
    "FEN with castling rights but no rook":
        "python-chess accepts castling rights without a rook and drops them; sqlchess rejects the FEN",
    "FEN without kings":
        "python-chess accepts any FEN that parses (no kings, here) and fails only at a move; "
        "sqlchess rejects the FEN",
    "null move while in check":
        "python-chess plays a null move in check (it never checks null moves); sqlchess rejects it",
    "tag value with escapes":
        "python-chess keeps \\\" and \\\\ in tag values as they stand; sqlchess unescapes them",
}


def write_games(n: int, seed: int, path: str) -> None:
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as f:
        for i in range(1, n + 1):
            game = random_game(rng, i)
            if i % 2:
                text = str(game)
            else:
                text = game.accept(chess.pgn.StringExporter(headers=True, variations=True, comments=True))
            f.write(text + "\n\n")
        for text in edge_cases(rng):
            f.write(text + "\n")


def eco_quirks() -> dict[int, str]:
    return QUIRKS["eco.pgn"]


def main(argv: list[str]) -> int:
    if len(argv) >= 3 and argv[0] == "oracle":
        oracle(argv[1], argv[2], QUIRKS.get(os.path.basename(argv[1]), {}))
    elif len(argv) >= 4 and argv[0] == "games":
        write_games(int(argv[1]), int(argv[2]), argv[3])
    elif argv[:1] == ["all"]:
        os.makedirs(DATA, exist_ok=True)
        corpus = os.path.join(DATA, "corpus.pgn")
        with open(corpus, "wb") as f:
            subprocess.run(["cargo", "run", "--quiet", "--release", "-p", "sqlchess-pgn",
                            "--example", "gen_corpus", "--", "80", "86"],
                           cwd=REPO, stdout=f, check=True)
        pychess = os.path.join(DATA, "pychess.pgn")
        write_games(120, 2026, pychess)
        oracle(corpus, os.path.join(DATA, "corpus.oracle.jsonl"), QUIRKS["corpus.pgn"])
        oracle(pychess, os.path.join(DATA, "pychess.oracle.jsonl"), QUIRKS["pychess.pgn"])
        if not os.path.exists(ECO):
            print(f"{ECO} is missing: apt-get install pgn-extract", file=sys.stderr)
            return 1
        oracle(ECO, os.path.join(DATA, "eco.oracle.jsonl"), QUIRKS["eco.pgn"], brief=True)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
