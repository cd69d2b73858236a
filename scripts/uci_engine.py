"""A UCI engine over pipes, set to one variant: what scripts/movequality.py
and scripts/blunders.py drive fairy-stockfish and sqlchess with."""

import re
import subprocess

# A mate in N scores this less N (from the side to move's view).
MATE_SCORE = 30000


class Engine:
    """A UCI engine over pipes, set to one variant."""

    def __init__(self, command, variant, variants_file=None):
        self.proc = subprocess.Popen(
            command, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1,
        )
        self.send("uci")
        self.read_until("uciok")
        if variants_file:
            self.send(f"setoption name VariantPath value {variants_file}")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("setoption name Hash value 16")
        self.send("isready")
        self.read_until("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def read_until(self, prefix):
        lines = []
        for line in self.proc.stdout:
            lines.append(line)
            if line.startswith(prefix):
                return lines
        raise RuntimeError(f"engine closed before {prefix!r}")

    def go(self, fen, command, moves=()):
        """(score of the last complete iteration, best move, nodes searched)."""
        tail = f" moves {' '.join(moves)}" if moves else ""
        self.send(f"position fen {fen}{tail}")
        self.send(command)
        score = None
        nodes = 0
        lines = self.read_until("bestmove")
        for line in lines:
            n = re.search(r" nodes (\d+)", line)
            if n:
                nodes = int(n.group(1))
            m = re.search(r"score (cp|mate) (-?\d+)", line)
            if m and " pv " in line and "bound" not in line:
                value = int(m.group(2))
                if m.group(1) == "mate":
                    value = (MATE_SCORE - abs(value)) * (1 if value > 0 else -1)
                score = value
        return score, lines[-1].split()[1], nodes

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.read_until("readyok")

    def close(self):
        self.send("quit")
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
