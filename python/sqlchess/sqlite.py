"""The sqlchess SQLite loadable extension, for Python's :mod:`sqlite3`.

>>> import sqlite3, sqlchess.sqlite
>>> conn = sqlite3.connect(":memory:")
>>> sqlchess.sqlite.load(conn)
>>> conn.execute("SELECT count(*) FROM legal_moves("
...              "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')").fetchone()
(20,)

The same library loads in the ``sqlite3`` shell (``.load PATH``, with
``PATH`` from :func:`extension_path`) and in any program through
``sqlite3_load_extension``.
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

from sqlchess._native import SqlchessError

__all__ = ["ENTRY_POINT", "extension_path", "load"]

#: The extension's entry point (also the default SQLite derives from the
#: file name ``libsqlchess``).
ENTRY_POINT = "sqlite3_sqlchess_init"

_NAMES = {"darwin": "libsqlchess.dylib", "win32": "sqlchess.dll"}


def extension_path() -> str:
    """The path of the loadable extension shipped in this package.

    Raises :class:`sqlchess.SqlchessError` if the package was built
    without it (a plain ``cargo build`` of the module, not a wheel).
    """
    path = Path(__file__).with_name(_NAMES.get(sys.platform, "libsqlchess.so"))
    if not path.is_file():
        raise SqlchessError(
            f"the SQLite extension is not installed at {path}: install the "
            "package with `pip install ./python` or a wheel from `maturin build`"
        )
    return str(path)


def load(conn: sqlite3.Connection) -> None:
    """Loads the sqlchess extension into ``conn``.

    Every sqlchess SQL function and table (``legal_moves``, ``perft``,
    ``read_pgn``, ...) is then available on that connection. Extension
    loading is switched on only while loading.

    Raises :class:`sqlchess.SqlchessError` when this Python's ``sqlite3``
    module cannot load extensions (pyenv's and some other builds leave it
    out), and :class:`sqlite3.OperationalError` if SQLite refuses the file.
    """
    if not hasattr(conn, "enable_load_extension"):
        raise SqlchessError(
            f"this Python ({sys.executable}) was built without SQLite "
            "extension loading (sqlite3.Connection has no enable_load_extension); "
            "use a Python that has it, such as Debian's /usr/bin/python3, or "
            "rebuild Python with --enable-loadable-sqlite-extensions "
            "(pyenv: PYTHON_CONFIGURE_OPTS=--enable-loadable-sqlite-extensions)"
        )
    path = extension_path()
    conn.enable_load_extension(True)
    try:
        conn.load_extension(path)
    finally:
        conn.enable_load_extension(False)
