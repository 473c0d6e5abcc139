"""The run store: the run tables of the workspace store (:mod:`carebench.store`).

Tables: ``runs`` (one manifest per run, written in the same
transaction as the run's first records, so a run that stored nothing is not listed), ``records``
(one row per episode x repeat of a run), ``response_cache`` (content-addressed raw outputs
shared by all runs) and ``banks`` (a copy of each episode bank runs were made on, by its SHA-256:
the zlib-compressed canonical JSONL, written with the run's records, so a run stays reportable
after its seeds move or a newer carebench ships another packaged bank). A record with status
``ok`` or ``invalid`` is final and is never overwritten; a record with status ``error`` (a
transport failure after retries) is replaced when the run is resumed. Records are written in
transactions of whole records, so an interrupted run never leaves half a record.

The workspace store refuses a database that is not a carebench store, and turns a long foreign
write lock into :class:`carebench.store.StoreLockedError`. Manifests are strict JSON (no NaN or
infinity).
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from operator import attrgetter
from pathlib import Path
from typing import Any

from carebench.agents.backends.base import Generation
from carebench.episodes.canonical import episodes_bytes
from carebench.episodes.schema import Episode
from carebench.errors import CarebenchError, first_error
from carebench.runs.config import RunManifest
from carebench.store import WorkspaceStore, feature

_RUNS = feature(
    "runs",
    """
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
CREATE TABLE IF NOT EXISTS banks (
    sha256 TEXT PRIMARY KEY,
    episodes BLOB NOT NULL,
    created_at TEXT NOT NULL
);
""",
)


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


REMEDY = "restore the store from a backup, or remove the run with `carebench runs delete {run_id}`"
"""What to do about a run whose stored manifest cannot be read."""
_COLUMNS = [f.name for f in fields(Record)]
assert _COLUMNS[-1] == "created_at"  # stamped by put_records
# a record's column values but created_at, in column order (bool cache_hit is stored as 0/1)
_VALUES = attrgetter(*_COLUMNS[:-1])
_UPSERT = (
    f"INSERT INTO records ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' for _ in _COLUMNS)}) "
    "ON CONFLICT(run_id, episode_id, repeat) DO UPDATE SET "
    + ", ".join(
        f"{c}=excluded.{c}" for c in _COLUMNS if c not in ("run_id", "episode_id", "repeat")
    )
    + " WHERE records.status = 'error'"
)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _manifest_json(manifest: dict[str, Any]) -> str:
    try:
        return json.dumps(manifest, sort_keys=True, allow_nan=False)
    except ValueError as exc:
        raise CarebenchError(
            f"run {manifest.get('run_id', '?')}: the manifest holds a NaN or infinite number; "
            "every declared value must be finite"
        ) from exc


BankCopy = tuple[str, bytes]
"""A bank's SHA-256 and its canonical JSONL, zlib-compressed: a row of the ``banks`` table."""


def bank_copy(bank: Sequence[Episode], sha256: str) -> BankCopy:
    """The ``banks`` row of ``bank``.

    ``sha256`` is the bank's :func:`~carebench.episodes.canonical.bank_sha256`.

    Raises:
        CarebenchError: ``bank`` is not the bank ``sha256`` names.
    """
    body = episodes_bytes(bank)
    if hashlib.sha256(body).hexdigest() != sha256:
        raise CarebenchError(f"these episodes are not bank {sha256[:12]}")
    return sha256, zlib.compress(body, 6)


def _body(blob: object, sha256: str) -> bytes:
    """The canonical JSONL of a ``banks`` row.

    Raises:
        zlib.error, TypeError, ValueError: the row is not the bank ``sha256`` names.
    """
    body = zlib.decompress(blob)  # type: ignore[arg-type]  # TypeError when not bytes
    if hashlib.sha256(body).hexdigest() != sha256:
        raise ValueError("its content has another hash")
    return body


def _intact(blob: object, sha256: str) -> bool:
    try:
        _body(blob, sha256)
    except (zlib.error, TypeError, ValueError):
        return False
    return True


@dataclass(frozen=True)
class StoredRun:
    """One stored run with its typed manifest and its record counts by status."""

    run_id: str
    label: str
    created_at: str
    manifest: RunManifest
    ok: int
    invalid: int
    error: int


@dataclass(frozen=True)
class DamagedRun:
    """A stored run whose manifest cannot be read: its id, stored label and the error naming it."""

    run_id: str
    label: str
    error: CarebenchError


class RunStore(WorkspaceStore):
    """The run tables of a workspace store (see :class:`carebench.store.WorkspaceStore`).

    Args:
        path: the database file (created, with its folder, when missing).
        lock_timeout_s: how long a write waits for another connection's lock
            (default :data:`carebench.store.LOCK_TIMEOUT_S`).

    Raises:
        CarebenchError: the file is not a SQLite database, holds tables that are not a carebench
            store's, or has another schema version; the file is left untouched.
    """

    def __init__(self, path: str | Path, lock_timeout_s: float | None = None) -> None:
        super().__init__(path, lock_timeout_s)
        try:
            self.ensure(_RUNS)
        except BaseException:
            self.close()
            raise

    # runs -------------------------------------------------------------------------------------
    def ensure_run(self, run_id: str, label: str, manifest: dict[str, Any]) -> RunManifest:
        """Record the manifest of a new run; return the stored manifest (the first one wins).

        Raises:
            CarebenchError: ``manifest`` is not a run manifest (names the run and the field), or
                holds a NaN or infinite number; nothing is written.
        """
        text = _manifest_json(manifest)
        self._validate(run_id, manifest)
        with self.transaction() as db:
            db.execute(
                "INSERT OR IGNORE INTO runs VALUES (?, ?, ?, ?)", (run_id, label, text, _now())
            )
        stored = self.manifest(run_id)
        assert stored is not None
        return stored

    def _validate(self, run_id: str, manifest: dict[str, Any]) -> RunManifest:
        """``manifest`` as the model, or a one-line error naming the run and the field."""
        from pydantic import ValidationError

        try:
            return RunManifest.model_validate(manifest)
        except ValidationError as exc:
            where, message = first_error(exc)
            raise CarebenchError(
                f"{self.path}: the manifest of run {run_id} is not a run manifest: "
                f"{where}: {message}"
            ) from exc

    def _decode_manifest(self, run_id: str, text: str) -> RunManifest:
        try:
            manifest = json.loads(text)
        except ValueError as exc:
            manifest = exc
        if not isinstance(manifest, dict):
            raise CarebenchError(
                f"{self.path}: the stored manifest of run {run_id} is corrupted (not a JSON "
                f"object); {REMEDY.format(run_id=run_id)}"
            )
        try:
            return self._validate(run_id, manifest)
        except CarebenchError as exc:
            raise CarebenchError(f"{exc}; {REMEDY.format(run_id=run_id)}") from exc

    def manifest(self, run_id: str) -> RunManifest | None:
        """The manifest of a run (typed; :meth:`RunManifest.stored` gives its JSON), or None.

        Raises:
            CarebenchError: the stored manifest is not a JSON object, or not a run manifest
                (names the run and the field).
        """
        row = self._db.execute("SELECT manifest FROM runs WHERE run_id=?", (run_id,)).fetchone()
        return self._decode_manifest(run_id, row[0]) if row else None

    def runs(self) -> list[StoredRun]:
        """Every run with its typed manifest and record counts by status, oldest first.

        Raises:
            CarebenchError: a stored manifest cannot be read (the first such, named).
        """
        readable, damaged = self.readable_runs()
        if damaged:
            raise damaged[0].error
        return readable

    def readable_runs(self) -> tuple[list[StoredRun], list[DamagedRun]]:
        """The runs whose manifests can be read (as :meth:`runs`), and those whose cannot.

        One damaged manifest then leaves the other runs listable and usable by name.
        """
        rows = self._db.execute(
            """SELECT r.run_id, r.label, r.created_at, r.manifest,
                      SUM(c.status='ok'), SUM(c.status='invalid'), SUM(c.status='error')
               FROM runs r LEFT JOIN records c ON c.run_id = r.run_id
               GROUP BY r.run_id ORDER BY r.created_at, r.run_id"""
        ).fetchall()
        readable: list[StoredRun] = []
        damaged: list[DamagedRun] = []
        for run_id, label, created, manifest, ok, invalid, error in rows:
            try:
                decoded = self._decode_manifest(run_id, manifest)
            except CarebenchError as exc:
                damaged.append(DamagedRun(run_id, label, exc))
                continue
            readable.append(
                StoredRun(run_id, label, created, decoded, ok or 0, invalid or 0, error or 0)
            )
        return readable, damaged

    def resolve(self, name: str) -> str:
        """The run whose id starts with ``name``, or whose label is or contains ``name``.

        Raises:
            CarebenchError: none or several runs match.
        """
        return self._match(name, contains=True)[0]

    def _match(self, name: str, contains: bool) -> tuple[str, str]:
        """(run id, label) of the one run whose id starts with ``name`` or whose label is it.

        With ``contains``, failing those, of the one run whose label contains ``name``. Reads
        only ids and labels, never a manifest.

        Raises:
            CarebenchError: none or several runs match.
        """
        rows = self._db.execute("SELECT run_id, label FROM runs ORDER BY run_id").fetchall()
        matches = [(r, lb) for r, lb in rows if r.startswith(name) or lb == name]
        if not matches and contains:
            matches = [(r, lb) for r, lb in rows if name in lb]
        if len(matches) != 1:
            problem = "no run matches" if not matches else f"{len(matches)} runs match"
            raise CarebenchError(f"{problem} {name!r} in {self.path}; see `carebench runs list`")
        ((run_id, label),) = matches
        return str(run_id), str(label)

    def delete_run(
        self, name: str, confirm: Callable[[str, str], bool] | None = None
    ) -> tuple[str, str, int] | None:
        """Delete one run and its records; return (run id, label, records deleted).

        ``name`` is a run id, a unique id prefix or an exact stored label. The manifest is not
        read, so a run whose manifest is corrupted can be removed. Other runs, the response cache
        and the other features' tables are untouched. ``confirm``, given the matched run's id and
        label, may decline: then nothing is deleted and None is returned.

        Raises:
            CarebenchError: ``name`` is empty (a prefix every id starts with), or no run or
                several runs match it.
        """
        if not name.strip():
            raise CarebenchError(f"{self.path}: give the run id, an id prefix or a label to delete")
        run_id, label = self._match(name, contains=False)
        if confirm is not None and not confirm(run_id, label):
            return None
        with self.transaction() as db:
            n = db.execute("DELETE FROM records WHERE run_id=?", (run_id,)).rowcount
            db.execute("DELETE FROM runs WHERE run_id=?", (run_id,))
            db.execute(  # a bank copy no other run was made on (none while a manifest is unread)
                "DELETE FROM banks WHERE NOT EXISTS (SELECT 1 FROM runs WHERE NOT "
                "json_valid(manifest)) AND sha256 NOT IN (SELECT json_extract(manifest, "
                "'$.bank_sha256') AS sha FROM runs WHERE sha NOT NULL)"
            )
        return run_id, label, int(n)

    # banks ------------------------------------------------------------------------------------
    def put_bank(self, bank: Sequence[Episode], sha256: str) -> None:
        """Keep a copy of bank ``sha256`` unless an intact one is stored (:func:`bank_copy`).

        A damaged copy is replaced.

        Raises:
            CarebenchError: ``bank`` is not the bank ``sha256`` names; nothing is written.
        """
        row = self._db.execute("SELECT episodes FROM banks WHERE sha256=?", (sha256,)).fetchone()
        if row is not None and _intact(row[0], sha256):
            return
        copy = bank_copy(bank, sha256)
        with self.transaction() as db:
            db.execute("INSERT OR REPLACE INTO banks VALUES (?, ?, ?)", (*copy, _now()))

    def bank_damaged(self, sha256: str) -> bool:
        """Whether a copy of bank ``sha256`` is stored and damaged (:meth:`put_bank` replaces it)."""
        row = self._db.execute("SELECT episodes FROM banks WHERE sha256=?", (sha256,)).fetchone()
        return row is not None and not _intact(row[0], sha256)

    def bank(self, sha256: str) -> list[Episode] | None:
        """The stored copy of bank ``sha256`` in bank order, or None when none is stored.

        Raises:
            CarebenchError: the copy is damaged (its content is not the bank ``sha256`` names) or
                this carebench cannot read its episodes (names the bank and what failed).
        """
        row = self._db.execute("SELECT episodes FROM banks WHERE sha256=?", (sha256,)).fetchone()
        if row is None:
            return None
        where = f"{self.path}: the stored copy of episode bank {sha256[:12]}"
        try:
            body = _body(row[0], sha256)
        except (zlib.error, TypeError, ValueError) as exc:
            raise CarebenchError(
                f"{where} is damaged ({exc}); to store it anew, run the run's command again with "
                "the seeds it was made on"
            ) from exc
        from pydantic import ValidationError

        try:
            return [Episode.model_validate_json(line) for line in body.splitlines()]
        except ValidationError as exc:
            place, message = first_error(exc)
            raise CarebenchError(
                f"{where} does not read as episodes of this carebench: {place}: {message}"
            ) from exc

    # records ----------------------------------------------------------------------------------
    def record_count(self, run_id: str) -> int:
        """How many records of ``run_id`` the store holds (every status)."""
        row = self._db.execute("SELECT COUNT(*) FROM records WHERE run_id=?", (run_id,)).fetchone()
        return int(row[0])

    def completed(self, run_id: str) -> set[tuple[str, int]]:
        """(episode id, repeat) pairs with a final record (status ok or invalid)."""
        rows = self._db.execute(
            "SELECT episode_id, repeat FROM records WHERE run_id=? AND status != 'error'", (run_id,)
        )
        return {(episode_id, repeat) for episode_id, repeat in rows}

    def put_records(
        self,
        records: Sequence[Record],
        cache: Sequence[tuple[str, Generation]] = (),
        run: tuple[str, str, dict[str, Any]] | None = None,
        bank: BankCopy | None = None,
    ) -> None:
        """Write records (and new cache entries) in one transaction; final records are kept.

        Either every record of the batch is stored or none is; a record with status ok or invalid
        is never overwritten, one with status error is replaced. ``run`` (run id, label,
        manifest) registers the run in the same transaction unless it exists (the first manifest
        wins), so a run is listed exactly when it has records; ``bank`` (:func:`bank_copy` of the
        run's bank) is kept with it unless a copy is stored.
        """
        if not records and not cache:
            return
        now = _now()
        rows = [(*_VALUES(r), now) for r in records]
        manifest = _manifest_json(run[2]) if run and records else None
        with self.transaction() as db:
            if run and manifest is not None:
                db.execute(
                    "INSERT OR IGNORE INTO runs VALUES (?, ?, ?, ?)",
                    (run[0], run[1], manifest, now),
                )
                if bank is not None:
                    db.execute("INSERT OR IGNORE INTO banks VALUES (?, ?, ?)", (*bank, now))
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
