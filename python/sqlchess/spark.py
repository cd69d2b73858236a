"""sqlchess on Apache Spark: the embedded engine's SQL functions in Spark SQL,
set-based perft on a cluster, and PGN archives as DataFrames.

>>> from pyspark.sql import SparkSession
>>> import sqlchess.spark
>>> spark = SparkSession.builder.master("local[2]").getOrCreate()  # doctest: +SKIP
>>> sqlchess.spark.register(spark)  # doctest: +SKIP
>>> spark.sql("SELECT count(*) FROM legal_moves("
...           "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')").first()[0]
... # doctest: +SKIP
20

Every function is a thin call into the Rust wheel, which every executor's
Python must have installed (``pip install`` on each node, or the environment
shipped with ``spark-submit --archives``; ``PYSPARK_PYTHON`` names that
Python). Variants are the built-in ones: a ``variants.ini`` loaded on the
driver is not seen by the executors.

- :func:`register` adds the SQL names of the embedded engine (SPEC.md), with
  the same arguments (FEN text, an optional last ``variant``), and packed
  forms beside them for heavy jobs.
- :func:`perft` counts leaves with set-based perft: one ply per statement,
  transpositions merged by ``GROUP BY`` the packed position, native perft
  of each distinct position below a split ply.
- :func:`read_pgn` reads many PGN files (plain, ``.gz``, ``.zst``, ``.bz2``),
  each plain file split at game boundaries so that every core works, into a
  DataFrame of games and one of rejected games.
"""

from __future__ import annotations

import glob
import itertools
import os
import uuid
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
import pyarrow as pa  # type: ignore[import-untyped]

from sqlchess import _native
from sqlchess._native import Position

if TYPE_CHECKING:
    from pyspark.sql import DataFrame, SparkSession

__all__ = ["GAME_COLUMNS", "perft", "read_pgn", "register"]

T = TypeVar("T")

#: The scalar functions :func:`register` adds: name → (Spark SQL type,
#: number of leading arguments before the optional ``variant``).
SCALARS: dict[str, tuple[str, int]] = {
    "apply_move": ("string", 2),
    "validate_move": ("string", 2),
    "is_check": ("boolean", 1),
    "is_checkmate": ("boolean", 1),
    "is_stalemate": ("boolean", 1),
    "game_status": ("string", 1),
    "perft": ("bigint", 2),
    "next_move": ("string", 2),
    "pack_position": ("binary", 1),
    "zobrist": ("bigint", 1),
    "position_key": ("bigint", 1),
    "without_clocks": ("string", 1),
    "material": ("string", 1),
    "board_svg": ("string", 1),
}

LEGAL_MOVES_SCHEMA = (
    "uci string, san string, from_square string, to_square string, piece string, "
    "captured string, promotion string, gives_check boolean, fen_after string"
)

_SQL_TYPES = {pa.string(): "string", pa.int64(): "bigint", pa.binary(): "binary"}

#: The columns of :func:`read_pgn`'s games: the ``games`` relation's, with the
#: file's ``path``.
_GAME_FIELDS: list[tuple[str, pa.DataType]] = [
    ("path", pa.string()),
    ("game_no", pa.int64()),
    ("line", pa.int64()),
    *((name, pa.string()) for name in ("event", "site", "date", "round", "white", "black")),
    ("result", pa.string()),
    ("white_elo", pa.int64()),
    ("black_elo", pa.int64()),
    *((name, pa.string()) for name in ("eco", "opening", "time_control", "termination")),
    ("variant", pa.string()),
    ("fen", pa.string()),
    ("game", pa.binary()),
    ("ply_count", pa.int64()),
    ("final_fen", pa.string()),
    ("tags", pa.string()),
]
_READ_SCHEMA = pa.schema(_GAME_FIELDS + [("error", pa.string()), ("pgn", pa.string())])


def _ddl(schema: pa.Schema) -> str:
    return ", ".join(f"{f.name} {_SQL_TYPES[f.type]}" for f in schema)


#: :func:`read_pgn`'s games columns as a Spark DDL schema.
GAME_COLUMNS = _ddl(pa.schema(_GAME_FIELDS))

#: Bytes of a plain PGN file read by one task (a part ends at a game boundary).
DEFAULT_PART_BYTES = 64 * 1024 * 1024


def _signed(key: int) -> int:
    """A 64-bit hash as the signed integer SQL stores (as ``zobrist`` does)."""
    return key - (1 << 64) if key >= 1 << 63 else key


def _position(fen: str, variant: str | None) -> Position:
    return Position(fen, variant or "chess")


def _validate(fen: str, move: str, variant: str | None = None) -> str | None:
    try:
        _position(fen, variant).parse_move(move)
    except _native.IllegalMove as e:
        return str(e)
    except _native.InvalidMove as e:
        return str(e)
    return None


def _next_move(fen: str, depth: int, variant: str | None = None) -> str | None:
    move = _position(fen, variant).next_move(depth=depth)
    return None if move is None else move.uci


#: What each scalar computes from its non-NULL arguments.
_SCALAR_BODIES: dict[str, Callable[..., Any]] = {
    "apply_move": lambda f, m, v=None: _position(f, v).play(m).fen(),
    "validate_move": _validate,
    "is_check": lambda f, v=None: _position(f, v).is_check(),
    "is_checkmate": lambda f, v=None: _position(f, v).is_checkmate(),
    "is_stalemate": lambda f, v=None: _position(f, v).is_stalemate(),
    "game_status": lambda f, v=None: _position(f, v).status(),
    "perft": lambda f, d, v=None: _position(f, v).perft(d),
    "next_move": _next_move,
    "pack_position": lambda f, v=None: _position(f, v).pack(),
    "zobrist": lambda f, v=None: _signed(_position(f, v).zobrist()),
    "position_key": lambda f, v=None: _signed(_position(f, v).zobrist()),
    "without_clocks": lambda f, v=None: _position(f, v).without_clocks().fen(),
    "material": lambda f, v=None: _position(f, v).material(),
    "board_svg": lambda f, v=None: _position(f, v).svg(),
}


def _elementwise(body: Callable[..., Any], arrow_type: pa.DataType) -> Callable[..., pa.Array]:
    """An Arrow batch function applying ``body`` row by row: NULL in any
    argument gives NULL (SQL's rule), an error fails the query with
    sqlchess's message."""

    def apply(*columns: pa.Array) -> pa.Array:
        rows = zip(*(c.to_pylist() for c in columns))
        out = [None if any(a is None for a in row) else body(*row) for row in rows]
        return pa.array(out, type=arrow_type)

    return apply


_ARROW_TYPES = {
    "string": pa.string(),
    "boolean": pa.bool_(),
    "bigint": pa.int64(),
    "binary": pa.binary(),
}


def _binary_buffers(column: pa.Array) -> tuple[bytes, bytes]:
    """An Arrow binary column as ``(offsets, data)`` bytes, its offset applied."""
    if column.null_count:
        raise _native.SqlchessError("a NULL packed position in a frontier")
    if pa.types.is_large_binary(column.type):
        column = column.cast(pa.binary())
    _, offsets, data = column.buffers()
    offs = np.frombuffer(offsets, dtype="<i4")[column.offset : column.offset + len(column) + 1]
    return offs.tobytes(), b"" if data is None else data.to_pybytes()


def _int64_bytes(column: pa.Array) -> bytes:
    values: np.ndarray[Any, Any] = column.to_numpy(zero_copy_only=False)
    return values.astype("<i8").tobytes()


def _binary_array(offsets: bytes, data: bytes) -> pa.Array:
    n = len(offsets) // 4 - 1
    return pa.Array.from_buffers(
        pa.binary(), n, [None, pa.py_buffer(offsets), pa.py_buffer(data)]
    )


def _int64_array(data: bytes) -> pa.Array:
    return pa.Array.from_buffers(pa.int64(), len(data) // 8, [None, pa.py_buffer(data)])


def _perft_packed(positions: pa.Array, depth: pa.Array) -> pa.Array:
    """``perft_packed(position, depth)``: native perft of packed positions,
    one call per batch (each batch has one depth in set-based perft; mixed
    depths are grouped)."""
    depths = depth.to_pylist()
    out: list[int | None] = [None] * len(positions)
    present = [i for i, d in enumerate(depths) if d is not None and positions[i].is_valid]
    for d, group in itertools.groupby(sorted(present, key=lambda i: depths[i]), lambda i: depths[i]):
        idx = list(group)
        offsets, data = _binary_buffers(positions.take(pa.array(idx)))
        counts = np.frombuffer(_native._perft_packed(offsets, data, int(d)), dtype="<i8")
        for i, c in zip(idx, counts):
            out[i] = int(c)
    return pa.array(out, type=pa.int64())


def _unpack_position(packed: pa.Array) -> pa.Array:
    return pa.array(
        [None if b is None else Position.unpack(b).fen() for b in packed.to_pylist()],
        type=pa.string(),
    )


class _LegalMoves:
    """``legal_moves(fen [, variant])``: one row per legal move."""

    def eval(self, fen: str | None, variant: str | None = None) -> Iterator[tuple[Any, ...]]:
        if fen is None:
            return
        for m in _position(fen, variant).legal_moves():
            yield (
                m.uci,
                m.san,
                m.from_square,
                m.to_square,
                m.piece,
                m.captured,
                m.promotion,
                m.gives_check,
                m.after().fen(),
            )


class _GamePositions:
    """``game_positions(game)``: ``(ply, position, fen)`` of every position of
    a game value, ``position`` keyed as ``position_key``."""

    def eval(self, game: bytes | None) -> Iterator[tuple[int, int, str]]:
        if game is None:
            return
        yield from _native._game_positions(bytes(game))


class _GameMoves:
    """``game_moves(game)``: one row per move of a game value, as SQL's."""

    def eval(self, game: bytes | None) -> Iterator[tuple[Any, ...]]:
        if game is None:
            return
        yield from _native._game_moves(bytes(game))


class _ExpandPositions:
    """``expand_positions(TABLE(frontier))``: one ply of set-based perft. The
    frontier's columns are ``position`` (packed) and ``n`` (paths); the rows
    out are the distinct children of each batch, packed without clocks, with
    the sums of their parents' paths (Spark's ``GROUP BY`` then merges
    across batches)."""

    def eval(self, batch: pa.RecordBatch) -> Iterator[pa.Table]:
        offsets, data = _binary_buffers(batch.column("position"))
        out_offsets, out_data, out_counts = _native._expand_packed(
            offsets, data, _int64_bytes(batch.column("n"))
        )
        yield pa.table(
            {
                "position": _binary_array(out_offsets, out_data),
                "n": _int64_array(out_counts),
            }
        )


def register(spark: SparkSession) -> None:
    """Adds sqlchess's functions to ``spark`` under the embedded engine's
    names: scalars (``apply_move``, ``validate_move``, ``is_check``,
    ``is_checkmate``, ``is_stalemate``, ``game_status``, ``perft``,
    ``next_move``, ``pack_position``, ``unpack_position``, ``zobrist``,
    ``position_key``, ``without_clocks``, ``material``, ``board_svg``), each
    with an optional last ``variant``; table functions ``legal_moves(fen [,
    variant])``, ``game_positions(game)`` and ``game_moves(game)``, usable
    with ``LATERAL``; and
    the packed forms ``perft_packed(position, depth)`` and
    ``expand_positions(TABLE(frontier))``."""
    from pyspark.sql.functions import arrow_udtf, udtf
    from pyspark.sql.pandas.functions import ArrowUDFType, arrow_udf
    from pyspark.sql.udtf import UserDefinedTableFunction

    def table_function(f: object) -> UserDefinedTableFunction:
        assert isinstance(f, UserDefinedTableFunction)
        return f

    # pyspark would rather infer the UDF type from type hints, which these
    # generic batch functions (any number of columns) cannot give.
    warnings.filterwarnings("ignore", message="It is preferred to specify type hints")
    for name, (sql_type, _) in SCALARS.items():
        body = _elementwise(_SCALAR_BODIES[name], _ARROW_TYPES[sql_type])
        spark.udf.register(name, arrow_udf(body, sql_type, ArrowUDFType.SCALAR))
    spark.udf.register(
        "unpack_position", arrow_udf(_unpack_position, "string", ArrowUDFType.SCALAR)
    )
    spark.udf.register("perft_packed", arrow_udf(_perft_packed, "bigint", ArrowUDFType.SCALAR))
    spark.udtf.register(
        "legal_moves",
        table_function(udtf(_LegalMoves, returnType=LEGAL_MOVES_SCHEMA, useArrow=True)),
    )
    spark.udtf.register(
        "game_positions",
        table_function(
            udtf(
                _GamePositions, returnType="ply bigint, position bigint, fen string", useArrow=True
            )
        ),
    )
    spark.udtf.register(
        "game_moves",
        table_function(
            udtf(
                _GameMoves,
                returnType="ply bigint, uci string, san string, fen_before string, "
                "fen_after string, comment string, nags string, clock double, eval string",
                useArrow=True,
            )
        ),
    )
    spark.udtf.register(
        "expand_positions",
        table_function(arrow_udtf(_ExpandPositions, returnType="position binary, n bigint")),
    )


#: Frontiers up to this many positions grow on the driver (microseconds
#: natively) rather than in a Spark stage (about a second of scheduling).
DRIVER_FRONTIER_ROWS = 10_000


def _expand_on_driver(frontier: list[tuple[bytes, int]]) -> list[tuple[bytes, int]]:
    """One ply of set-based perft in this process (the same native call as
    ``expand_positions``)."""
    offsets, data = _binary_buffers(pa.array([p for p, _ in frontier], type=pa.binary()))
    counts = np.array([n for _, n in frontier], dtype="<i8").tobytes()
    out_offsets, out_data, out_counts = _native._expand_packed(offsets, data, counts)
    children = _binary_array(out_offsets, out_data).to_pylist()
    return list(zip(children, np.frombuffer(out_counts, dtype="<i8").tolist()))


def perft(
    spark: SparkSession,
    fen: str,
    depth: int,
    variant: str = "chess",
    split: int | None = None,
    driver_plies: int | None = None,
) -> int:
    """Perft by set-based enumeration on Spark. The frontier (distinct packed
    positions with ``n``, the paths from the root to each) grows one ply per
    statement up to the ``split`` ply (default ``depth - 3``, at least 0):
    ``SELECT position, sum(n) FROM expand_positions(TABLE(frontier)) GROUP BY
    position``; then ``perft_packed`` counts each distinct position's subtree
    once, weighted by its paths. The first ``driver_plies`` plies grow on the
    driver (default: while the frontier holds at most
    :data:`DRIVER_FRONTIER_ROWS` positions; 0 grows every ply on Spark).
    Equals native perft.

    Raises :class:`sqlchess.InvalidFen`, :class:`sqlchess.UnknownVariant` or
    :class:`sqlchess.InvalidDepth` before any Spark job runs."""
    root = Position(fen, variant)
    if not 0 <= depth <= 12:
        raise _native.InvalidDepth(f"depth {depth} out of range: 0 to 12")
    if split is None:
        split = max(depth - 3, 0)
    if not 0 <= split <= depth:
        raise _native.InvalidDepth(f"split {split} out of range: 0 to the depth {depth}")
    if driver_plies is not None and not 0 <= driver_plies <= split:
        raise _native.InvalidDepth(f"driver_plies {driver_plies} out of range: 0 to the split")
    register(spark)
    frontier = [(root.without_clocks().pack(), 1)]
    ply = 0
    while ply < split and (
        len(frontier) <= DRIVER_FRONTIER_ROWS if driver_plies is None else ply < driver_plies
    ):
        frontier = _expand_on_driver(frontier)
        ply += 1
    tag = uuid.uuid4().hex[:12]
    views = [f"sqlchess_frontier_{tag}_{p}" for p in range(ply, split + 1)]
    parallelism = spark.sparkContext.defaultParallelism
    spark.createDataFrame(frontier, "position binary, n bigint").repartition(
        parallelism * 4
    ).createOrReplaceTempView(views[0])
    try:
        for step in range(1, len(views)):
            grown = spark.sql(
                f"SELECT position, sum(n) AS n "
                f"FROM expand_positions(TABLE({views[step - 1]})) GROUP BY position"
            )
            # Spread the next step over every core: adaptive execution would
            # otherwise coalesce a small frontier into one task.
            grown.repartition(parallelism * 4).createOrReplaceTempView(views[step])
        row = spark.sql(
            f"SELECT sum(n * perft_packed(position, {depth - split})) AS nodes FROM {views[-1]}"
        ).first()
    finally:
        for view in views:
            spark.catalog.dropTempView(view)
    return 0 if row is None or row[0] is None else int(row[0])


#: The files of a directory that read_pgn reads.
_PGN_SUFFIXES = (".pgn", ".gz", ".zst", ".zstd", ".bz2")


def _expand_paths(paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]]) -> list[str]:
    """Files named by paths, glob patterns and directories (every ``.pgn``,
    ``.gz``, ``.zst`` and ``.bz2`` file in them, recursively), sorted, each
    once."""
    items = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    out: list[str] = []
    for item in items:
        text = os.fspath(item)
        matches = sorted(glob.glob(text)) if glob.has_magic(text) else [text]
        if not matches:
            raise FileNotFoundError(f"no PGN file matches {text!r}")
        for m in matches:
            if os.path.isdir(m):
                for root, _, files in sorted(os.walk(m)):
                    out.extend(
                        os.path.abspath(os.path.join(root, f))
                        for f in sorted(files)
                        if f.lower().endswith(_PGN_SUFFIXES)
                    )
            elif os.path.isfile(m):
                out.append(os.path.abspath(m))
            else:
                raise FileNotFoundError(f"no PGN file {m!r}")
    return list(dict.fromkeys(out))


def read_pgn(
    spark: SparkSession,
    paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    part_bytes: int = DEFAULT_PART_BYTES,
) -> tuple[DataFrame, DataFrame]:
    """Reads every game of PGN files into ``(games, rejected)`` DataFrames.

    ``paths``: files (plain, ``.gz``, ``.zst``, ``.bz2``), glob patterns or
    directories, at the same path on every executor (a shared filesystem, or
    ``local`` mode). Each plain file is cut at game boundaries into parts of
    about ``part_bytes``, read by one task each; a compressed file is one
    task. Game numbers and lines are the file's (a quick pass counts the
    games and lines of each part first).

    ``games`` has :data:`GAME_COLUMNS` (the ``games`` relation's columns and
    ``path``), as ``sqlchess import`` stores them; ``rejected`` has ``path,
    game_no, line, error, tags, pgn`` (the game's text as it stands in the
    file), so nothing is lost. Both are views of one lazy read: cache
    ``games`` before several actions on a large archive."""
    files = _expand_paths(paths)
    sc = spark.sparkContext
    parts: list[tuple[str, int, int, bool]] = []
    for path in files:
        compressed, cuts = _native._pgn_ranges(path, max(int(part_bytes), 1))
        parts.extend((path, s, e, compressed) for s, e in zip(cuts, cuts[1:]))
    # Numbering: where each part's games and lines begin in its file.
    firsts: list[tuple[int, int]] = [(1, 1)] * len(parts)
    counted = [i for i, p in enumerate(parts) if not p[3] and _has_later_part(parts, i)]
    if counted:
        counts = (
            sc.parallelize([parts[i] for i in counted], len(counted))
            .map(lambda p: _native._pgn_range_counts(p[0], p[1], p[2]))
            .collect()
        )
        by_part = dict(zip(counted, counts))
        for i, (path, *_rest) in enumerate(parts):
            if i > 0 and parts[i - 1][0] == path:
                n_games, n_lines = by_part[i - 1]
                prev = firsts[i - 1]
                firsts[i] = (prev[0] + n_games, prev[1] + n_lines)
    tasks = [(*part, *first) for part, first in zip(parts, firsts)]
    schema = (
        "path string, start bigint, end bigint, compressed boolean, "
        "first_game bigint, first_line bigint"
    )
    task_df = spark.createDataFrame(sc.parallelize(tasks, max(len(tasks), 1)), schema)
    everything = task_df.mapInArrow(_read_parts, _ddl(_READ_SCHEMA))
    games = everything.where("error IS NULL").drop("error", "pgn")
    rejected = everything.where("error IS NOT NULL").select(
        "path", "game_no", "line", "error", "tags", "pgn"
    )
    return games, rejected


def _has_later_part(parts: list[tuple[str, int, int, bool]], i: int) -> bool:
    return i + 1 < len(parts) and parts[i + 1][0] == parts[i][0]


def _read_parts(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    """Reads the parts of one task's batches, a record batch per part."""
    schema = _READ_SCHEMA
    for batch in batches:
        for task in batch.to_pylist():
            columns: dict[str, Any] = _native._pgn_range_games(
                task["path"],
                task["start"],
                task["end"],
                task["compressed"],
                task["first_game"],
                task["first_line"],
            )
            n = len(columns["game_no"])
            columns["path"] = [task["path"]] * n
            yield pa.RecordBatch.from_pydict(
                {name: columns[name] for name in schema.names}, schema=schema
            )
