#!/usr/bin/env python3
"""Generate the standard-chess and Chess960 oracle data of sqlchess-core's tests.

Writes four files into crates/sqlchess-core/tests/data/ (format: docs/test-data.md):

  standard.perft   the six positions of the chessprogramming wiki's "Perft Results"
                   page (plus its mirrored position 4), published counts checked
                   against Stockfish
  chess960.perft   Chess960 start arrays with unusual king and rook squares, the same
                   arrays after some moves, positions from the chessprogramming wiki's
                   "Chess960 Perft Results" page and hand-made castling traps
  tricky.perft     the TalkChess perft test suite (published counts checked) and
                   hand-made positions for en passant, castling and promotion rules
  random.csv       ~300 positions reached by seeded random play, chosen to include
                   en passant, promotions, castling, checks, mates and stalemates

Every count comes from Stockfish's `go perft` (the Debian `stockfish` package,
/usr/games/stockfish, or $STOCKFISH). Counts up to a small size are also recomputed
with python-chess (`pip install chess`), a second, independent move generator, and the
script stops on any disagreement. The output is deterministic: the same seed gives the
same files.

Usage: python3 scripts/gen_chess_oracles.py [--out DIR] [--check-only]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
from dataclasses import dataclass, field

import chess

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(REPO, "crates", "sqlchess-core", "tests", "data")
STOCKFISH = os.environ.get("STOCKFISH", "/usr/games/stockfish")

# python-chess recomputes every depth whose count is at most this many nodes.
PY_CHECK_LIMIT = 60_000

SEED = 20261122


class Stockfish:
    """A persistent Stockfish process used as a perft oracle."""

    def __init__(self, path: str) -> None:
        self.proc = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.send("uci")
        self.version = ""
        for line in self.read_until("uciok"):
            if line.startswith("id name "):
                self.version = line[len("id name ") :]
        self.chess960: bool | None = None

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix: str) -> list[str]:
        assert self.proc.stdout is not None
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited unexpectedly")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def perft(self, fen: str, depth: int, chess960: bool) -> int:
        if chess960 != self.chess960:
            self.send(f"setoption name UCI_Chess960 value {'true' if chess960 else 'false'}")
            self.send("isready")
            self.read_until("readyok")
            self.chess960 = chess960
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        last = self.read_until("Nodes searched:")[-1]
        return int(last.split(":")[1])

    def close(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=10)


def py_perft(board: chess.Board, depth: int) -> int:
    """Perft with python-chess, the second oracle."""
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for mv in list(board.legal_moves):
        board.push(mv)
        nodes += py_perft(board, depth - 1)
        board.pop()
    return nodes


@dataclass
class Entry:
    fen: str
    chess960: bool
    comment: str = ""
    # Published counts from the cited source, depth -> nodes; checked, not trusted.
    published: dict[int, int] = field(default_factory=dict)
    max_depth: int = 0
    counts: dict[int, int] = field(default_factory=dict)


def board_of(fen: str, chess960: bool) -> chess.Board:
    board = chess.Board(fen, chess960=chess960)
    if not board.is_valid():
        raise SystemExit(f"python-chess says {fen!r} is not valid: {board.status()!r}")
    return board


def compute(sf: Stockfish, entry: Entry, max_nodes: int | None = None) -> None:
    """Fill entry.counts from Stockfish for depths 1..max_depth, cross-checking."""
    board = board_of(entry.fen, entry.chess960)
    for depth in range(1, entry.max_depth + 1):
        nodes = sf.perft(entry.fen, depth, entry.chess960)
        if nodes <= PY_CHECK_LIMIT:
            py = py_perft(board, depth)
            if py != nodes:
                raise SystemExit(
                    f"oracles disagree on {entry.fen!r} depth {depth}: "
                    f"stockfish {nodes}, python-chess {py}"
                )
        if depth in entry.published and entry.published[depth] != nodes:
            raise SystemExit(
                f"published count differs on {entry.fen!r} depth {depth}: "
                f"published {entry.published[depth]}, stockfish {nodes}"
            )
        entry.counts[depth] = nodes
        if max_nodes is not None and nodes > max_nodes:
            break
    missing = set(entry.published) - set(entry.counts)
    if missing:
        raise SystemExit(f"published depths {sorted(missing)} of {entry.fen!r} not checked")


def perft_line(entry: Entry) -> str:
    return entry.fen + "".join(f"; D{d} {n}" for d, n in sorted(entry.counts.items()))


def write_perft_file(path: str, header: list[str], entries: list[Entry]) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for line in header:
            out.write(f"# {line}".rstrip() + "\n")
        for entry in entries:
            out.write("\n")
            for line in entry.comment.splitlines():
                out.write(f"# {line}".rstrip() + "\n")
            out.write(perft_line(entry) + "\n")


def header_lines(sf: Stockfish, what: list[str]) -> list[str]:
    return [
        *what,
        "",
        "Generated by scripts/gen_chess_oracles.py; do not edit by hand.",
        f"Counts: {sf.version} `go perft N`; depths with at most {PY_CHECK_LIMIT}",
        "nodes recomputed with python-chess " + chess.__version__ + ".",
        "Format (docs/test-data.md): FEN; D<depth> <nodes>; ...",
    ]


# ---------------------------------------------------------------------------
# standard.perft

WIKI_PERFT = "chessprogramming wiki, 'Perft Results' (www.chessprogramming.org/Perft_Results)"

STANDARD = [
    Entry(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        False,
        f"Initial position. Source: {WIKI_PERFT}.",
        {1: 20, 2: 400, 3: 8902, 4: 197281, 5: 4865609, 6: 119060324},
        6,
    ),
    Entry(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        False,
        f"Position 2, 'Kiwipete' by Peter McKenzie. Source: {WIKI_PERFT}.",
        {1: 48, 2: 2039, 3: 97862, 4: 4085603, 5: 193690690},
        5,
    ),
    Entry(
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        False,
        f"Position 3. Source: {WIKI_PERFT}.",
        {1: 14, 2: 191, 3: 2812, 4: 43238, 5: 674624, 6: 11030083, 7: 178633661},
        7,
    ),
    Entry(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        False,
        f"Position 4. Source: {WIKI_PERFT}.",
        {1: 6, 2: 264, 3: 9467, 4: 422333, 5: 15833292, 6: 706045033},
        6,
    ),
    Entry(
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        False,
        f"Position 4 mirrored (colours swapped). Source: {WIKI_PERFT}.",
        {1: 6, 2: 264, 3: 9467, 4: 422333, 5: 15833292, 6: 706045033},
        6,
    ),
    Entry(
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        False,
        f"Position 5 (from the TalkChess forum). Source: {WIKI_PERFT}.",
        {1: 44, 2: 1486, 3: 62379, 4: 2103487, 5: 89941194},
        5,
    ),
    Entry(
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        False,
        f"Position 6, by Steven Edwards. Source: {WIKI_PERFT}.",
        {1: 46, 2: 2079, 3: 89890, 4: 3894594, 5: 164075551},
        5,
    ),
]


# ---------------------------------------------------------------------------
# tricky.perft

TALKCHESS = (
    "TalkChess perft test suite (collected on the TalkChess forum; "
    "as listed by Peter Ellis Jones, 'Generating legal chess moves efficiently', 2017)"
)


def talkchess(fen: str, name: str, depth: int, nodes: int) -> Entry:
    return Entry(fen, False, f"{name}. Source: {TALKCHESS}: perft {depth} = {nodes}.", {depth: nodes}, depth)


TRICKY = [
    talkchess("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", "Avoid illegal en passant (Steve Maughan)", 6, 1134888),
    talkchess("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", "Avoid illegal en passant (Steve Maughan)", 6, 1015133),
    talkchess("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", "En passant capture checks opponent", 6, 1440467),
    talkchess("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "Short castling gives check", 6, 661072),
    talkchess("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "Long castling gives check", 6, 803711),
    talkchess("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", "Castling rights", 4, 1274206),
    talkchess("r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", "Castling prevented", 4, 1720476),
    talkchess("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", "Promote out of check", 6, 3821001),
    talkchess("8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", "Discovered check", 5, 1004658),
    talkchess("4k3/1P6/8/8/8/8/K7/8 w - - 0 1", "Promote to give check", 6, 217342),
    talkchess("8/P1k5/K7/8/8/8/8/8 w - - 0 1", "Underpromote to give check", 6, 92683),
    talkchess("K1k5/8/P7/8/8/8/8/8 w - - 0 1", "Self stalemate", 6, 2217),
    talkchess("8/k1P5/8/1K6/8/8/8/8 w - - 0 1", "Stalemate and checkmate", 7, 567584),
    talkchess("8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", "Stalemate and checkmate", 4, 23527),
]

HANDMADE = "Hand-made for sqlchess (scripts/gen_chess_oracles.py); counts from Stockfish."


def handmade(fen: str, what: str, depth: int) -> Entry:
    return Entry(fen, False, f"{what}. {HANDMADE}", {}, depth)


TRICKY += [
    handmade("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "En passant exd6 illegal: both pawns leave the rank, rook h5 hits king a5", 5),
    handmade("8/8/8/r2pP2K/8/8/8/k7 w - d6 0 1", "En passant exd6 illegal: rank pin from the other side", 5),
    handmade("8/8/8/8/k2Pp2Q/8/8/7K b - d3 0 1", "En passant exd3 illegal for Black: rank pin by the queen", 5),
    handmade("4k3/6b1/8/3pP3/8/2K5/8/8 w - d6 0 1", "En passant exd6 illegal: e5 pawn pinned on the diagonal", 5),
    handmade("8/8/8/3pP3/4K3/8/8/k7 w - d6 0 1", "En passant exd6 captures the checking pawn", 5),
    handmade("4k3/8/8/2pP4/8/8/8/4K2b w - c6 0 1", "En passant dxc6 legal with a bishop on the long diagonal", 5),
    handmade("4k3/8/8/8/8/8/6b1/R3K2R w KQ - 0 1", "Castling through an attacked square (f1): only O-O-O", 5),
    handmade("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "b1 attacked: O-O-O is still legal", 5),
    handmade("r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1", "Castling rook attacked: castling still legal", 4),
    handmade("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Castling out of check is illegal", 5),
    handmade("2r3rk/7p/8/8/8/8/8/R3K2R w KQ - 0 1", "Castling into check (c1 and g1 attacked)", 4),
    handmade("r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1", "Castling blocked on b1 and g1", 4),
    handmade("4r2k/8/8/8/8/3n4/8/4K3 w - - 0 1", "Double check: only king moves", 5),
    handmade("r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1", "Capture promotions onto castling rooks", 4),
    handmade("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", "Promotion-heavy position (all four pieces, with captures)", 4),
    handmade("7k/8/8/8/8/8/8/K6N w - - 0 1", "Knight in the h1 corner: no wrap-around to the a-file", 5),
    handmade("7N/8/8/8/8/8/8/K6k w - - 0 1", "Knight in the h8 corner, king in the a1 corner", 5),
    handmade("k7/8/8/8/8/8/8/B6K w - - 0 1", "Bishop on a1 and king on h1: no wrap-around on the rank", 5),
    handmade("k7/P7/8/8/8/8/7p/7K w - - 0 1", "Edge pawns next to kings", 6),
]


# ---------------------------------------------------------------------------
# chess960.perft

WIKI_960 = "chessprogramming wiki, 'Chess960 Perft Results' (www.chessprogramming.org/Chess960_Perft_Results)"

CHESS960_DEPTH = 4
# Depth 5 is added when it stays under this many nodes (for the #[ignore]d deep test).
CHESS960_D5_LIMIT = 30_000_000


def start_array(n: int) -> chess.Board:
    return chess.Board.from_chess960_pos(n)


def back_rank(board: chess.Board) -> str:
    return "".join(board.piece_at(chess.square(f, 0)).symbol() for f in range(8))  # type: ignore[union-attr]


def fen960(board: chess.Board, shredder: bool) -> str:
    if shredder:
        return board.shredder_fen(en_passant="fen")
    return board.fen(en_passant="fen")


def after_moves_with_castling(n: int, rng: random.Random) -> chess.Board:
    """Random play from start array n until a castling move is legal (after 8+ plies)."""
    for _ in range(2000):
        board = start_array(n)
        for ply in range(40):
            moves = list(board.legal_moves)
            if not moves:
                break
            if ply >= 8 and any(board.is_castling(m) for m in moves):
                return board
            board.push(rng.choice(moves))
    raise SystemExit(f"no castling position found from Chess960 array {n}")


def chess960_entries(rng: random.Random) -> list[Entry]:
    entries = [
        Entry(
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            True,
            f"Source: {WIKI_960}, position 1.",
            {1: 21, 2: 528, 3: 12189, 4: 326672},
            CHESS960_DEPTH,
        ),
        Entry(
            "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
            True,
            f"Source: {WIKI_960}, position 2.",
            {1: 21, 2: 807, 3: 18002, 4: 667366},
            CHESS960_DEPTH,
        ),
        Entry(
            "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
            True,
            f"Source: {WIKI_960}, position 3.",
            {1: 20, 2: 479, 3: 10471, 4: 273318},
            CHESS960_DEPTH,
        ),
    ]
    # Start arrays chosen for their king and rook squares (Scharnagl numbers).
    arrays = [
        (709, "king b1, rook a1"),
        (921, "king b1 between rooks a1 and c1"),
        (249, "king c1, rook b1"),
        (3, "king f1, rook g1"),
        (0, "king g1, rook h1"),
        (518, "the standard start array, in Chess960 mode"),
    ]
    for i, (n, what) in enumerate(arrays):
        board = start_array(n)
        entries.append(
            Entry(
                fen960(board, shredder=i % 2 == 0),
                True,
                f"Chess960 start array {n} ({back_rank(board)}): {what}. Counts from Stockfish.",
                {},
                CHESS960_DEPTH,
            )
        )
    for i, (n, what) in enumerate(arrays[:5]):
        board = after_moves_with_castling(n, rng)
        entries.append(
            Entry(
                fen960(board, shredder=i % 2 == 1),
                True,
                f"Array {n} ({what}) after {len(board.move_stack)} random plies (seed {SEED}),"
                " castling legal. Counts from Stockfish.",
                {},
                CHESS960_DEPTH,
            )
        )
    traps = [
        ("4k3/8/8/8/8/8/8/rRK5 w B - 0 1", "O-O-O with king c1 and rook b1 is illegal: once the rook leaves, a1 hits c1"),
        ("4k3/8/8/8/8/8/8/5KRr w G - 0 1", "O-O with king f1 and rook g1 is illegal: the king lands next to the h1 rook"),
        ("1k6/8/8/8/8/8/8/2RK4 w C - 0 1", "O-O-O swaps king d1 and rook c1"),
        ("4k3/8/8/8/8/8/8/R1RK3R w CH - 0 1", "Inner rook c1 castles (Shredder-FEN C), rook a1 does not"),
        ("4k3/8/8/8/8/8/8/R1RK3R w KC - 0 1", "The same in X-FEN: C names the inner rook, K the outermost (h1)"),
        ("1r2k3/8/8/8/8/8/8/RK3N1R w HA - 0 1", "King b1 in check from the b8 rook: no castling at all"),
        ("rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1", "Kings b1/b8, rooks a and e facing on the e-file: O-O would cross e1, which the castling rook shields"),
        ("4k3/8/8/8/8/8/8/RK1N3R w HA - 0 1", "O-O-O blocked: the rook's destination d1 is occupied"),
        ("4k3/8/8/8/8/8/8/R5KR w HA - 0 1", "King g1, rook h1: O-O leaves the king on g1; O-O-O crosses the board"),
    ]
    for fen, what in traps:
        entries.append(Entry(fen, True, f"{what}. {HANDMADE}", {}, CHESS960_DEPTH))
    return entries


# ---------------------------------------------------------------------------
# random.csv

RANDOM_QUOTAS = [
    ("en_passant", 50),
    ("promotion", 50),
    ("castling", 50),
    ("check", 50),
    ("checkmate", 10),
    ("stalemate", 10),
    ("other", 80),
]
RANDOM_MAX_NODES = 150_000


def features(board: chess.Board) -> list[str]:
    if board.is_checkmate():
        return ["checkmate"]
    if board.is_stalemate():
        return ["stalemate"]
    moves = list(board.legal_moves)
    tags = []
    if board.has_legal_en_passant():
        tags.append("en_passant")
    if any(m.promotion for m in moves):
        tags.append("promotion")
    if any(board.is_castling(m) for m in moves):
        tags.append("castling")
    if board.is_check():
        tags.append("check")
    return tags or ["other"]


def random_positions(rng: random.Random) -> list[tuple[str, str]]:
    """(fen, tag) pairs by seeded random play, filling RANDOM_QUOTAS."""
    pools: dict[str, list[str]] = {tag: [] for tag, _ in RANDOM_QUOTAS}
    seen: set[str] = set()
    for _game in range(3000):
        board = chess.Board()
        for _ply in range(300):
            fen = board.fen(en_passant="fen")
            if fen not in seen:
                seen.add(fen)
                for tag in features(board):
                    pools[tag].append(fen)
            if board.is_game_over(claim_draw=False):
                break
            moves = list(board.legal_moves)
            # Mild bias towards pawn moves so games reach promotions more often.
            pawn_moves = [m for m in moves if board.piece_type_at(m.from_square) == chess.PAWN]
            if pawn_moves and rng.random() < 0.3:
                board.push(rng.choice(pawn_moves))
            else:
                board.push(rng.choice(moves))
        if all(len(pools[tag]) >= 4 * quota for tag, quota in RANDOM_QUOTAS):
            break
    chosen: list[tuple[str, str]] = []
    taken: set[str] = set()
    for tag, quota in RANDOM_QUOTAS:
        pool = [f for f in pools[tag] if f not in taken]
        if len(pool) < quota:
            raise SystemExit(f"only {len(pool)} random positions with {tag}, want {quota}")
        for fen in rng.sample(pool, quota):
            taken.add(fen)
            chosen.append((fen, tag))
    return chosen


def write_random_csv(path: str, sf: Stockfish, rng: random.Random) -> int:
    rows = []
    for fen, tag in random_positions(rng):
        board = board_of(fen, False)
        depth = 3
        nodes = sf.perft(fen, depth, False)
        if nodes > RANDOM_MAX_NODES:
            depth = 2
            nodes = sf.perft(fen, depth, False)
        for d in (1, 2):
            if d <= depth:
                py = py_perft(board, d)
                sf_d = nodes if d == depth else sf.perft(fen, d, False)
                if py != sf_d:
                    raise SystemExit(f"oracles disagree on {fen!r} depth {d}: stockfish {sf_d}, python-chess {py}")
        rows.append((fen, depth, nodes, tag))
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write(f"# {len(rows)} positions by seeded random play (python-chess {chess.__version__}, seed {SEED}).\n")
        out.write(f"# Generated by scripts/gen_chess_oracles.py; nodes: {sf.version} `go perft depth`,\n")
        out.write("# depths 1-2 recomputed with python-chess. tag: why the position was picked.\n")
        out.write("fen,depth,nodes,tag\n")
        for fen, depth, nodes, tag in rows:
            out.write(f"{fen},{depth},{nodes},{tag}\n")
    return len(rows)


# ---------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=DEFAULT_OUT, help="output directory")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(SEED)
    sf = Stockfish(STOCKFISH)
    try:
        for entry in STANDARD:
            compute(sf, entry)
        write_perft_file(
            os.path.join(args.out, "standard.perft"),
            header_lines(sf, ["Standard chess perft positions with published counts, each verified."]),
            STANDARD,
        )
        print(f"standard.perft: {len(STANDARD)} positions", file=sys.stderr)

        for entry in TRICKY:
            compute(sf, entry)
        write_perft_file(
            os.path.join(args.out, "tricky.perft"),
            header_lines(sf, ["Standard chess positions that exercise rare rules: en passant pins,",
                              "castling through and out of check, promotions with check, stalemate."]),
            TRICKY,
        )
        print(f"tricky.perft: {len(TRICKY)} positions", file=sys.stderr)

        c960 = chess960_entries(rng)
        for entry in c960:
            compute(sf, entry)
            d5 = sf.perft(entry.fen, 5, True)
            if d5 <= CHESS960_D5_LIMIT:
                entry.counts[5] = d5
        write_perft_file(
            os.path.join(args.out, "chess960.perft"),
            header_lines(sf, ["Chess960 perft positions (Stockfish with UCI_Chess960 = true).",
                              "Castling is written in X-FEN (KQkq, or a file letter for an inner rook)",
                              "or Shredder-FEN (the castling rook's file letter); the file says which by example."]),
            c960,
        )
        print(f"chess960.perft: {len(c960)} positions", file=sys.stderr)

        n = write_random_csv(os.path.join(args.out, "random.csv"), sf, rng)
        print(f"random.csv: {n} positions", file=sys.stderr)
    finally:
        sf.close()


if __name__ == "__main__":
    main()
