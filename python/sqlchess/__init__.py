"""sqlchess: chess and fairy chess, fast.

Positions of any variant, legal moves, SAN and UCI, perft, an engine, PGN
reading and writing, and (in :mod:`sqlchess.sqlite`) the SQLite loadable
extension. Everything runs in Rust; the names follow python-chess where it
has one.

>>> import sqlchess
>>> pos = sqlchess.Position()
>>> len(pos.legal_moves())
20
>>> pos.play("e4").fen()
'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
"""

from sqlchess._native import (
    AmbiguousMove,
    Game,
    IllegalMove,
    InvalidDepth,
    InvalidFen,
    InvalidMove,
    InvalidPacked,
    InvalidVariants,
    Move,
    PgnReader,
    Position,
    SqlchessError,
    UnknownVariant,
    load_variants,
    perft,
    pieces,
    read_pgn,
    uci_of_code,
    variants,
)

__all__ = [
    "AmbiguousMove",
    "Game",
    "IllegalMove",
    "InvalidDepth",
    "InvalidFen",
    "InvalidMove",
    "InvalidPacked",
    "InvalidVariants",
    "Move",
    "PgnReader",
    "Position",
    "SqlchessError",
    "UnknownVariant",
    "load_variants",
    "perft",
    "pieces",
    "read_pgn",
    "uci_of_code",
    "variants",
]
