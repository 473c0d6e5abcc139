"""The workspace store: one SQLite database per workspace (WAL), shared by every feature.

Runs (:mod:`carebench.runs.store`), registered analysis plans (:mod:`carebench.protocol.registry`)
and interruption studies (:mod:`carebench.interruptions.store`) keep their tables in the same file
and are clients of this layer: each declares its tables once with :func:`feature` and calls
:meth:`WorkspaceStore.ensure` before using them. This module owns the connection, the lock
handling and the transactions; it knows no feature's tables.

Conventions:
    * ``meta`` holds the schema version; ``schema_tables`` records which feature created each table.
      A database with tables but no schema version, or with a table no feature recorded, is not a
      carebench store and is refused before anything is written to it.
    * A store made before ``schema_tables`` existed (schema version 1, the first releases) has
      its tables adopted, under the feature ``legacy``, the first time it is opened for writing.
    * A writer waits up to :data:`LOCK_TIMEOUT_S` seconds for another process's write lock, then
      stops with :class:`StoreLockedError`; everything committed before stays stored.
    * :meth:`WorkspaceStore.transaction` is ``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back on any
      exception (Ctrl-C included), so a reader never sees half a write.
    * A damaged file is refused by name before anything reads or writes it: a 0-byte file (a
      truncated copy, never a new store: a new store is created only where no file exists; one
      with a ``-wal`` or ``-journal`` file beside it is being created by another process), and
      a file that fails SQLite's ``PRAGMA quick_check`` (bytes flipped mid-file). The check reads
      every page once at open, linear in the store's size.
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Self

from carebench.errors import CarebenchError

SCHEMA_VERSION = "1"
DB_FILE = "carebench.db"
#: How long a write waits for another connection's lock before giving up (seconds).
LOCK_TIMEOUT_S = 60.0
_OWN_TABLES = {"meta", "schema_tables"}
_TABLE = re.compile(r"CREATE TABLE IF NOT EXISTS (\w+)", re.IGNORECASE)

__all__ = [
    "DB_FILE",
    "LOCK_TIMEOUT_S",
    "SCHEMA_VERSION",
    "Feature",
    "StoreLockedError",
    "WorkspaceStore",
    "feature",
    "refuse_overwriting_database",
    "statements",
    "write_transaction",
]

_SQLITE_HEADER = b"SQLite format 3\x00"


def refuse_unwritable(path: Path) -> None:
    """Refuse a store in a folder this process cannot write (see :meth:`WorkspaceStore.writable`).

    SQLite's write-ahead log lives beside the file, so even reading a store writes there; a
    store in a read-only folder would otherwise read as a damaged store. A read-only file in a
    writable folder can be read; a write to it is refused by :meth:`WorkspaceStore.locked`.

    Raises:
        CarebenchError: the folder is not writable (names it, and the way out).
    """
    folder = next((p for p in (path.parent, *path.parent.parents) if p.exists()), None)
    if folder is not None and not os.access(folder, os.W_OK):
        raise _unwritable(folder, "folder")


def _unwritable(where: Path, what: str) -> CarebenchError:
    return CarebenchError(
        f"{where}: the {what} is not writable; carebench writes beside its store even to read it "
        "(SQLite's write-ahead log). The store was left untouched: make it writable, or copy the "
        "workspace to a folder you can write and use that copy"
    )


def refuse_overwriting_database(path: Path) -> None:
    """Refuse an output path that is an existing SQLite database (a run or annotation store).

    Every command that writes a file the user names calls this first, so a mistyped ``--out``
    (the workspace's ``carebench.db``) never replaces stored results with an export.

    Raises:
        CarebenchError: ``path`` is a SQLite database (the message names it and what to do).
    """
    if not path.is_file():
        return  # absent, a folder, a pipe or a device (never read: /dev/stdout would block)
    try:
        with path.open("rb") as handle:
            head = handle.read(len(_SQLITE_HEADER))
    except OSError:
        return  # unreadable: the writer's own error says so
    if head == _SQLITE_HEADER:
        raise CarebenchError(
            f"{path}: is a SQLite database (a carebench store?); refusing to overwrite it. "
            "Choose another --out"
        )


class StoreLockedError(CarebenchError):
    """Another process held the store's write lock for longer than the lock timeout."""

    exit_code = 75  # EX_TEMPFAIL: try again later


@dataclass(frozen=True)
class Feature:
    """A feature's tables: its name, its DDL (``CREATE TABLE IF NOT EXISTS`` ...), their names."""

    name: str
    ddl: str
    tables: frozenset[str]


_FEATURES: dict[str, Feature] = {}


def feature(name: str, ddl: str) -> Feature:
    """Declare feature ``name``'s tables (idempotent); the table names are read from ``ddl``."""
    declared = Feature(name, ddl, frozenset(_TABLE.findall(ddl)))
    _FEATURES[name] = declared
    return declared


def statements(ddl: str) -> list[str]:
    """The complete SQL statements of ``ddl``, in order (a trigger's inner ``;`` kept whole)."""
    out, pending = [], ""
    for line in ddl.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            out.append(pending.strip())
            pending = ""
    if pending.strip():
        out.append(pending.strip())
    return out


@contextmanager
def write_transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` on an autocommit connection; ``COMMIT`` on exit, ``ROLLBACK`` on error.

    Every write transaction of carebench's SQLite files goes through here (this store's and the
    annotation database's).
    """
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


_BASE = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS schema_tables (name TEXT PRIMARY KEY, feature TEXT NOT NULL);
"""


class WorkspaceStore:
    """A workspace's SQLite database. Use as a context manager or call :meth:`close`.

    Args:
        path: the database file (created, with its folder, when missing).
        lock_timeout_s: how long a write waits for another connection's lock
            (default :data:`LOCK_TIMEOUT_S`).

    Raises:
        CarebenchError: the file is not a SQLite database, holds tables that are not a carebench
            store's, or has another schema version; the file is left untouched.
    """

    def __init__(self, path: str | Path, lock_timeout_s: float | None = None) -> None:
        self.path = Path(path)
        self.lock_timeout_s = LOCK_TIMEOUT_S if lock_timeout_s is None else lock_timeout_s
        self._ensured: set[str] = set()
        creating = any(Path(f"{self.path}{end}").exists() for end in ("-wal", "-journal"))
        if self.path.is_file() and self.path.stat().st_size == 0 and not creating:
            raise CarebenchError(
                f"{self.path}: the store file is empty (0 bytes; a truncated copy?); it was left "
                "untouched. Restore it from a backup, or remove it to start a new store"
            )
        refuse_unwritable(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except (sqlite3.DatabaseError, OSError) as exc:
            raise CarebenchError(f"{self.path}: not a usable carebench store: {exc}") from exc
        try:
            self._db.execute(f"PRAGMA busy_timeout={int(self.lock_timeout_s * 1000)}")
            self._check_integrity()
            version, adopt = self._inspect()
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            if version is None or adopt:
                with self.transaction() as db:
                    for statement in statements(_BASE):
                        db.execute(statement)
                    db.execute(
                        "INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (SCHEMA_VERSION,)
                    )
                    db.executemany(
                        "INSERT OR IGNORE INTO schema_tables VALUES (?, 'legacy')",
                        [(t,) for t in sorted(adopt)],
                    )
        except CarebenchError:
            self._db.close()
            raise
        except (sqlite3.DatabaseError, OSError) as exc:
            self._db.close()
            self._refuse_readonly(exc)
            raise CarebenchError(f"{self.path}: not a usable carebench store: {exc}") from exc
        if version is not None and version != SCHEMA_VERSION:
            self._db.close()
            raise CarebenchError(
                f"{self.path}: store schema version {version}, this carebench reads version "
                f"{SCHEMA_VERSION}; use a matching carebench or another workspace"
            )

    def _check_integrity(self) -> None:
        """Refuse a damaged file by name (``PRAGMA quick_check``).

        Raises:
            CarebenchError: the file is not a SQLite database or its pages are damaged.
        """
        try:
            rows = self._db.execute("PRAGMA quick_check(3)").fetchall()
        except sqlite3.DatabaseError as exc:
            self._refuse_readonly(exc)  # a read-only file system: no write-ahead log
            problem = str(exc)
        else:
            problem = "; ".join(" ".join(str(r[0]).split()) for r in rows)
            if problem == "ok":
                return
        raise CarebenchError(
            f"{self.path}: not a usable carebench store: {problem[:300]}; it was left untouched. "
            "Restore it from a backup, or recover what SQLite can with `sqlite3 FILE .recover`"
        )

    def _inspect(self) -> tuple[str | None, set[str]]:
        """(schema version or None for an empty database, tables of an old store to adopt).

        Raises:
            CarebenchError: the database holds tables but is not a carebench store.
        """
        tables = {
            name
            for (name,) in self._db.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
            )
        }
        if not tables:
            return None, set()
        row = (
            self._db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
            if "meta" in tables
            else None
        )
        if row is None:
            foreign = sorted(tables - _OWN_TABLES)
            found = f"it holds table(s) {', '.join(foreign)}" if foreign else "no schema version"
            raise CarebenchError(
                f"{self.path}: not a carebench store ({found}); it was left untouched. "
                "Choose another --workspace"
            )
        if "schema_tables" not in tables:  # a store of the first releases: adopt its tables
            return str(row[0]), tables - _OWN_TABLES
        recorded = {n for (n,) in self._db.execute("SELECT name FROM schema_tables")}
        foreign = sorted(tables - _OWN_TABLES - recorded)
        if foreign:
            raise CarebenchError(
                f"{self.path}: not a carebench store (it holds table(s) {', '.join(foreign)}); "
                "it was left untouched. Choose another --workspace"
            )
        return str(row[0]), set()

    def ensure(self, declared: Feature) -> None:
        """Create ``declared``'s tables if missing and record them as that feature's."""
        if declared.name in self._ensured:
            return
        recorded = {
            n
            for (n,) in self._db.execute(
                "SELECT name FROM schema_tables WHERE feature IN (?, 'legacy')", (declared.name,)
            )
        }
        if declared.tables <= recorded:
            self._ensured.add(declared.name)
            return
        try:
            with self.transaction() as db:
                for statement in statements(declared.ddl):
                    db.execute(statement)
                db.executemany(
                    "INSERT OR IGNORE INTO schema_tables VALUES (?, ?)",
                    [(t, declared.name) for t in sorted(declared.tables)],
                )
        except sqlite3.DatabaseError as exc:
            raise CarebenchError(f"{self.path}: not a usable carebench store: {exc}") from exc
        self._ensured.add(declared.name)

    def writable(self) -> None:
        """Refuse, before any work, a store file this process cannot write (a read-only copy).

        Raises:
            CarebenchError: the file is not writable (names it, and the way out).
        """
        if self.path.exists() and not os.access(self.path, os.W_OK):
            raise _unwritable(self.path, "store file")

    def _refuse_readonly(self, exc: BaseException) -> None:
        """Raise the clear error for SQLite's 'readonly' (a read-only file or file system)."""
        if "readonly" in str(exc):
            raise _unwritable(self.path, "store (or its file system)") from exc

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Turn SQLite's 'locked' (after the busy timeout) and 'readonly' into clear errors."""
        try:
            yield
        except sqlite3.OperationalError as exc:
            self._refuse_readonly(exc)
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            raise StoreLockedError(
                f"{self.path}: another process held the write lock for more than "
                f"{self.lock_timeout_s:g} s; every record stored so far is kept. Run the same "
                "command again to resume once the other process is done"
            ) from exc

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``), committed on exit, rolled back on error."""
        with self.locked(), write_transaction(self._db) as db:
            yield db

    @property
    def connection(self) -> sqlite3.Connection:
        """The store's connection (autocommit, WAL), for reads."""
        return self._db

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection."""
        self._db.close()
