"""The run store: one SQLite database per workspace, in WAL mode.

Tables: ``runs`` (one manifest per run, written before its first request), ``records`` (one row per
episode x repeat of a run) and ``response_cache`` (content-addressed raw outputs shared by all runs).
A record with status ``ok`` or ``invalid`` is final and is never overwritten; a record with status
``error`` (a transport failure after retries) is replaced when the run is resumed. Records are
written in transactions of whole records, so an interrupted run never leaves half a record.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from carebench.agents.backends.base import Generation
from carebench.errors import CarebenchError

SCHEMA_VERSION = "1"
DB_FILE = "carebench.db"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
    run_id TEXT PRIMARY KEY,
    label TEXT NOT NULL,
    manifest TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS records (
    run_id TEXT NOT NULL REFERENCES runs(run_id),
    episode_id TEXT NOT NULL,
    repeat INTEGER NOT NULL,
    prompt_hash TEXT NOT NULL,
    raw_output TEXT,
    action TEXT,
    confidence REAL,
    reason TEXT,
    status TEXT NOT NULL CHECK (status IN ('ok', 'invalid', 'error')),
    error TEXT,
    latency_s REAL,
    prompt_tokens INTEGER,
    completion_tokens INTEGER,
    attempts INTEGER NOT NULL,
    cache_hit INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (run_id, episode_id, repeat)
);
CREATE TABLE IF NOT EXISTS response_cache (
    key TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    prompt_tokens INTEGER,
    completion_tokens INTEGER,
    created_at TEXT NOT NULL
);
"""


@dataclass(frozen=True)
class Record:
    """One result: an episode x repeat of a run."""

    run_id: str
    episode_id: str
    repeat: int
    prompt_hash: str
    raw_output: str | None
    action: str | None
    confidence: float | None
    reason: str | None
    status: str
    error: str | None
    latency_s: float | None
    prompt_tokens: int | None
    completion_tokens: int | None
    attempts: int
    cache_hit: bool
    created_at: str = ""


_COLUMNS = [f.name for f in fields(Record)]
_UPSERT = (
    f"INSERT INTO records ({', '.join(_COLUMNS)}) VALUES ({', '.join(':' + c for c in _COLUMNS)}) "
    "ON CONFLICT(run_id, episode_id, repeat) DO UPDATE SET "
    + ", ".join(
        f"{c}=excluded.{c}" for c in _COLUMNS if c not in ("run_id", "episode_id", "repeat")
    )
    + " WHERE records.status = 'error'"
)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class RunStore:
    """A SQLite run store. Use as a context manager or call :meth:`close`."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA busy_timeout=5000")
            self._db.executescript(_SCHEMA)
            row = self._db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        except (sqlite3.DatabaseError, OSError) as exc:
            raise CarebenchError(f"{self.path}: not a usable carebench store: {exc}") from exc
        if row is None:
            self._db.execute("INSERT INTO meta VALUES ('schema_version', ?)", (SCHEMA_VERSION,))
        elif row[0] != SCHEMA_VERSION:
            raise CarebenchError(
                f"{self.path}: store schema version {row[0]}, this carebench reads version "
                f"{SCHEMA_VERSION}; use a matching carebench or another workspace"
            )

    def __enter__(self) -> RunStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection."""
        self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    # runs -------------------------------------------------------------------------------------
    def ensure_run(self, run_id: str, label: str, manifest: dict[str, Any]) -> dict[str, Any]:
        """Record the manifest of a new run; return the stored manifest (the first one wins)."""
        with self._transaction() as db:
            db.execute(
                "INSERT OR IGNORE INTO runs VALUES (?, ?, ?, ?)",
                (run_id, label, json.dumps(manifest, sort_keys=True), _now()),
            )
        stored = self.manifest(run_id)
        assert stored is not None
        return stored

    def manifest(self, run_id: str) -> dict[str, Any] | None:
        """The manifest of a run, or None."""
        row = self._db.execute("SELECT manifest FROM runs WHERE run_id=?", (run_id,)).fetchone()
        return json.loads(row[0]) if row else None

    def runs(self) -> list[dict[str, Any]]:
        """Every run with its record counts by status, oldest first."""
        rows = self._db.execute(
            """SELECT r.run_id, r.label, r.created_at, r.manifest,
                      SUM(c.status='ok'), SUM(c.status='invalid'), SUM(c.status='error')
               FROM runs r LEFT JOIN records c ON c.run_id = r.run_id
               GROUP BY r.run_id ORDER BY r.created_at, r.run_id"""
        ).fetchall()
        return [
            {
                "run_id": run_id,
                "label": label,
                "created_at": created,
                "manifest": json.loads(manifest),
                "ok": ok or 0,
                "invalid": invalid or 0,
                "error": error or 0,
            }
            for run_id, label, created, manifest, ok, invalid, error in rows
        ]

    def resolve(self, name: str) -> str:
        """The run whose id starts with ``name``, or whose label is or contains ``name``.

        Raises:
            CarebenchError: none or several runs match.
        """
        runs = self.runs()
        matches = [r["run_id"] for r in runs if r["run_id"].startswith(name) or r["label"] == name]
        if not matches:
            matches = [r["run_id"] for r in runs if name in r["label"]]
        if len(matches) != 1:
            problem = "no run matches" if not matches else f"{len(matches)} runs match"
            raise CarebenchError(f"{problem} {name!r} in {self.path}; see `carebench runs list`")
        return str(matches[0])

    # records ----------------------------------------------------------------------------------
    def completed(self, run_id: str) -> set[tuple[str, int]]:
        """(episode id, repeat) pairs with a final record (status ok or invalid)."""
        rows = self._db.execute(
            "SELECT episode_id, repeat FROM records WHERE run_id=? AND status != 'error'", (run_id,)
        )
        return {(episode_id, repeat) for episode_id, repeat in rows}

    def put_records(
        self, records: Sequence[Record], cache: Sequence[tuple[str, Generation]] = ()
    ) -> None:
        """Write records (and new cache entries) in one transaction; final records are kept.

        Either every record of the batch is stored or none is; a record with status ok or invalid
        is never overwritten, one with status error is replaced.
        """
        if not records and not cache:
            return
        now = _now()
        rows = [{**asdict(r), "created_at": now, "cache_hit": int(r.cache_hit)} for r in records]
        with self._transaction() as db:
            if rows:
                db.executemany(_UPSERT, rows)
            db.executemany(
                "INSERT OR IGNORE INTO response_cache VALUES (?, ?, ?, ?, ?)",
                [(k, g.text, g.prompt_tokens, g.completion_tokens, now) for k, g in cache],
            )

    def records(self, run_id: str) -> list[Record]:
        """All records of a run, ordered by episode id and repeat."""
        cursor = self._db.execute(
            "SELECT * FROM records WHERE run_id=? ORDER BY episode_id, repeat", (run_id,)
        )
        names = [d[0] for d in cursor.description]
        out = []
        for row in cursor:
            data = dict(zip(names, row, strict=True))
            data["cache_hit"] = bool(data["cache_hit"])
            out.append(Record(**data))
        return out

    # response cache ---------------------------------------------------------------------------
    def cache_get_many(self, keys: Sequence[str]) -> dict[str, Generation]:
        """The cached generations among ``keys`` (one query per 500 keys)."""
        found: dict[str, Generation] = {}
        for start in range(0, len(keys), 500):
            chunk = list(keys[start : start + 500])
            marks = ", ".join("?" * len(chunk))
            for key, text, prompt_tokens, completion_tokens in self._db.execute(
                "SELECT key, text, prompt_tokens, completion_tokens FROM response_cache "
                f"WHERE key IN ({marks})",
                chunk,
            ):
                found[key] = Generation(text, prompt_tokens, completion_tokens)
        return found
