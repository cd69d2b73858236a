"""Type stubs for the Rust module ``sqlchess._native`` (re-exported by ``sqlchess``)."""

import os
from collections.abc import Iterator
from typing import IO, Literal, final

class SqlchessError(Exception):
    """The base of every error sqlchess raises."""

class InvalidFen(SqlchessError):
    """A FEN that is not a legal position of the variant; the message names the field."""

class InvalidMove(SqlchessError):
    """Text that is neither a UCI nor a SAN move."""

class IllegalMove(SqlchessError):
    """A well-formed move that is not legal in the position."""

class AmbiguousMove(IllegalMove):
    """SAN that matches several legal moves."""

class UnknownVariant(SqlchessError):
    """No built-in or loaded variant has that name."""

class InvalidPacked(SqlchessError):
    """Bytes that are not a packed position (or a position that cannot be packed)."""

class InvalidDepth(SqlchessError):
    """A perft or search depth out of range."""

class InvalidVariants(SqlchessError):
    """A variants.ini text that cannot be loaded."""

Status = Literal[
    "ongoing",
    "checkmate",
    "stalemate",
    "insufficient_material",
    "fifty_moves",
    "repetition",
    "variant_end",
]
Result = Literal["1-0", "0-1", "1/2-1/2"]

@final
class Move:
    """A legal move of a position, described as python-chess users expect."""

    @property
    def uci(self) -> str:
        """The move in UCI (``e2e4``, ``e7e8q``, ``P@e4``)."""
    @property
    def san(self) -> str:
        """The move in SAN, with ``+`` or ``#``."""
    @property
    def from_square(self) -> str:
        """The departure square's name (for a drop, the target square)."""
    @property
    def to_square(self) -> str:
        """Where the moving piece lands (for castling, the king's square)."""
    @property
    def piece(self) -> str | None:
        """The moving piece's lower-case name (``"pawn"``, ``"knight"``, ...)."""
    @property
    def captured(self) -> str | None:
        """The captured piece's name, or None."""
    @property
    def promotion(self) -> str | None:
        """The name of the piece promoted to, or None."""
    @property
    def gives_check(self) -> bool:
        """Whether the move gives check."""
    @property
    def position(self) -> Position:
        """The position the move is played from."""
    def after(self) -> Position:
        """The position after the move."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Position:
    """A position of any variant; immutable (``play`` returns a new one).

    ``Position()`` is the start of standard chess, ``Position(fen)`` reads a
    FEN, ``Position(variant="xiangqi")`` starts a variant.
    """

    def __init__(self, fen: str | None = None, variant: str = "chess") -> None: ...
    @property
    def variant(self) -> str:
        """The variant's name."""
    @property
    def turn(self) -> Literal["white", "black"]:
        """The side to move."""
    def fen(self) -> str:
        """The position in FEN."""
    def play(self, move: str | Move) -> Position:
        """The position after ``move`` (UCI, SAN or a ``Move``)."""
    def parse_move(self, text: str) -> Move:
        """The legal move that ``text`` (UCI or SAN) names."""
    def legal_moves(self) -> list[Move]:
        """Every legal move, as ``Move`` objects."""
    def legal_moves_uci(self) -> list[str]:
        """Every legal move in UCI: the fast bulk form."""
    def legal_move_codes(self) -> bytes:
        """Every legal move as a little-endian 16-bit code, from + 64 * to + 4096 * promotion
        (standard chess and Chess960 only): the array form."""
    def legal_moves_text(self) -> str:
        """Every legal move in UCI as one space-separated string: the fastest form."""
    def legal_moves_san(self) -> list[str]:
        """Every legal move in SAN."""
    def count_legal(self) -> int:
        """The number of legal moves."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def is_checkmate(self) -> bool:
        """Whether the side to move is checkmated."""
    def is_stalemate(self) -> bool:
        """Whether the side to move is stalemated."""
    def status(self) -> Status:
        """How the game stands."""
    def outcome(self) -> Result | None:
        """The result when the game is over, else None."""
    def zobrist(self) -> int:
        """The Zobrist hash (64 bits, unsigned)."""
    def without_clocks(self) -> Position:
        """The same position with the clocks at ``0 1``."""
    def material(self) -> str:
        """The material signature, as SQL's ``material(fen)``."""
    def pack(self) -> bytes:
        """The packed form (32 bytes for standard chess)."""
    @staticmethod
    def unpack(data: bytes) -> Position:
        """The position ``pack()`` wrote."""
    def perft(self, depth: int) -> int:
        """The number of leaf nodes ``depth`` plies deep."""
    def divide(self, depth: int) -> list[tuple[str, int]]:
        """``(uci, nodes)`` for each legal move."""
    def next_move(
        self, depth: int | None = None, movetime: int | None = None, nodes: int | None = None
    ) -> Move | None:
        """The engine's move to ``depth`` plies, for ``movetime`` ms or within ``nodes``."""
    def svg(self) -> str:
        """The board as an SVG picture."""
    def _repr_svg_(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Game:
    """A game read from PGN; ``error`` is None for a good game, else the reason."""

    @property
    def error(self) -> str | None:
        """None for a good game, else why it was rejected."""
    @property
    def headers(self) -> dict[str, str]:
        """The tag pairs, in file order."""
    @property
    def number(self) -> int:
        """The 1-based number of the game in its file."""
    @property
    def line(self) -> int:
        """The 1-based line where the game starts."""
    @property
    def result(self) -> str:
        """The result token: ``1-0``, ``0-1``, ``1/2-1/2`` or ``*``."""
    @property
    def variant(self) -> str | None:
        """The variant's name (None when the tags name an unknown one)."""
    @property
    def moves(self) -> list[str]:
        """The main line's moves in UCI (``0000`` for a null move)."""
    def sans(self) -> list[str]:
        """The main line's moves in SAN (``--`` for a null move)."""
    def start_fen(self) -> str | None:
        """The start position's FEN."""
    def final_fen(self) -> str | None:
        """The FEN after the last move read."""
    def positions(self) -> list[Position]:
        """Every position of the main line, the start first."""
    def to_pgn(self) -> str:
        """The game in PGN export format."""

@final
class PgnReader(Iterator[Game]):
    """An iterator over the games of a PGN file."""

    def __iter__(self) -> PgnReader: ...
    def __next__(self) -> Game: ...

def variants() -> list[str]:
    """Every variant name ``Position(variant=...)`` accepts."""

def pieces() -> list[tuple[str, str]]:
    """The built-in pieces as ``(name, notation)`` pairs."""

def load_variants(path: str | os.PathLike[str]) -> list[str]:
    """Loads a Fairy-Stockfish ``variants.ini`` file section by section; returns the names
    that loaded (a refused section is named in a ``UserWarning``)."""

def uci_of_code(code: int) -> str:
    """The UCI text of a code of ``Position.legal_move_codes`` (ValueError for no such code)."""

def perft(fen: str, depth: int, variant: str = "chess") -> int:
    """Perft: the leaf nodes ``depth`` plies below ``fen``."""

def read_pgn(source: str | os.PathLike[str] | IO[str] | IO[bytes]) -> PgnReader:
    """Reads every game of a PGN file (a path, ``.gz``/``.zst``/``.bz2`` too, or an open file)."""

def _panic() -> None: ...

# Columnar calls for sqlchess.spark: Arrow buffers in and out.
def _expand_packed(offsets: bytes, data: bytes, counts: bytes) -> tuple[bytes, bytes, bytes]: ...
def _perft_packed(offsets: bytes, data: bytes, depth: int) -> bytes: ...
def _pgn_ranges(path: str | os.PathLike[str], target: int) -> tuple[bool, list[int]]: ...
def _pgn_range_counts(path: str | os.PathLike[str], start: int, end: int) -> tuple[int, int]: ...
def _pgn_range_games(
    path: str | os.PathLike[str],
    start: int,
    end: int,
    compressed: bool,
    first_game: int,
    first_line: int,
) -> dict[str, list[object]]: ...
def _game_positions(game: bytes) -> list[tuple[int, int, str]]: ...
def _game_moves(
    game: bytes,
) -> list[
    tuple[int, str, str, str, str, str | None, str | None, float | None, str | None]
]: ...
