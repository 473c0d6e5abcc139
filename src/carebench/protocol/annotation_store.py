"""The annotation database: people, sessions, labels and adjudications in one SQLite file.

Conventions:

* WAL journal, ``synchronous=FULL``, one short ``BEGIN IMMEDIATE`` transaction per save, so
  concurrent saves queue (busy timeout 30 s) instead of failing, and a process killed mid-save
  leaves the last committed state (SQLite's atomic commit).
* A new database file is created readable and writable by its owner only (mode 0600; SQLite gives
  its ``-wal`` and ``-shm`` files the same mode), since it holds every label unblinded.
* A person's token is shown once (:meth:`AnnotationStore.add_user`, :meth:`~AnnotationStore.rotate_token`);
  only its SHA-256 is stored (tokens are 32 random bytes, so a fast hash is enough). Session keys
  are stored the same way; the per-session CSRF token is stored as is (no credential on its own).
  A session lasts :data:`SESSION_LIFETIME_S` seconds from sign-in, then the person signs in again.
* Removing a person (:meth:`~AnnotationStore.remove_user`) revokes their token and ends their
  sessions at once. Their submitted labels and adjudications stay, under their name (the export
  still names who labelled what); their unsubmitted drafts are deleted, which frees the unit for
  another annotator. The name stays taken.
* Each unit takes two annotators: the first two people who save a label on it (``claim`` 1 and 2;
  a claim freed by a removed person's draft goes to the next one). A submitted label is final;
  drafts may be saved any number of times.
* A database holds one kind of unit: episode units (seed x variant, any selection of the bank over
  time), or the items of one judge-validation pack (:mod:`carebench.protocol.pack_annotation`),
  recorded per unit as ``kind`` (``episode`` or ``pack:<digest of the item ids>``). Serving
  another kind into it is refused, so agreement and export always cover one kind
  (:mod:`carebench.protocol.annotation_kind`).
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from carebench.episodes.review import DisagreementType
from carebench.errors import CarebenchError
from carebench.protocol.annotation import AdjudicatedUnit, RatedUnit
from carebench.protocol.annotation_kind import (
    EPISODE,
    PACK_PREFIX,
    AnyLabels,
    LabelKind,
    agreement_report,
    format_agreement,
    format_percent,
    is_pack,
    label_kind,
    parse_labels,
)
from carebench.protocol.annotation_records import (
    ROLES,
    AnnotationConflict,
    StoredAdjudication,
    StoredLabel,
    User,
    visible_labels,
)
from carebench.store import write_transaction

__all__ = [
    "EPISODE",
    "ROLES",
    "SESSION_LIFETIME_S",
    "AnnotationConflict",
    "AnnotationStore",
    "AnyLabels",
    "StoredAdjudication",
    "StoredLabel",
    "User",
    "agreement_json",
    "format_agreement",
    "format_percent",
    "is_pack",
    "pack_kind",
    "release_files",
    "visible_labels",
    "write_release",
]

SESSION_LIFETIME_S = 12 * 3600
"""How long a session lasts after sign-in (12 hours): a working day, then the token again."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS users(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  role TEXT NOT NULL CHECK (role IN ('annotator', 'adjudicator')),
  token_sha256 TEXT NOT NULL UNIQUE,
  created TEXT NOT NULL,
  removed TEXT
);
CREATE TABLE IF NOT EXISTS sessions(
  key_sha256 TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  csrf TEXT NOT NULL,
  created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS units(
  unit TEXT PRIMARY KEY,
  source_ids TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'episode'
);
CREATE TABLE IF NOT EXISTS labels(
  unit TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id),
  claim INTEGER NOT NULL CHECK (claim IN (1, 2)),
  data TEXT NOT NULL,
  submitted INTEGER NOT NULL,
  revision INTEGER NOT NULL,
  updated TEXT NOT NULL,
  PRIMARY KEY (unit, user_id),
  UNIQUE (unit, claim)
);
CREATE TABLE IF NOT EXISTS adjudications(
  unit TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  data TEXT NOT NULL,
  revision INTEGER NOT NULL,
  updated TEXT NOT NULL
);
"""
# columns added after the first release: (table, column, definition)
_ADDED = (
    ("units", "kind", "TEXT NOT NULL DEFAULT 'episode'"),
    ("users", "removed", "TEXT"),
)
_USER = "u.id, u.name, u.role, u.removed IS NOT NULL"


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _cutoff() -> str:
    """The creation time before which a session has expired."""
    then = datetime.now(UTC) - timedelta(seconds=SESSION_LIFETIME_S)
    return then.isoformat(timespec="microseconds")


def _user(row: Sequence[Any]) -> User:
    return User(row[0], row[1], row[2], bool(row[3]))


def pack_kind(item_ids: Sequence[str]) -> str:
    """The ``kind`` recorded for the items of one pack: ``pack:`` and a digest of its item ids."""
    return PACK_PREFIX + _sha256("\n".join(sorted(item_ids)))[:16]


def _create_private(path: Path) -> None:
    """Create ``path`` empty with mode 0600 unless it exists (SQLite then keeps its mode)."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        return
    except OSError as exc:
        raise CarebenchError(f"{path}: cannot create the annotation database ({exc})") from exc


class AnnotationStore:
    """Access to one annotation database file (each call opens its own connection)."""

    def __init__(self, path: str | Path, *, create: bool = True) -> None:
        """Open (and with ``create``, create, mode 0600) the database at ``path``.

        Raises:
            CarebenchError: the file is missing (``create=False``) or not an annotation database.
        """
        self.path = Path(path)
        if not create and not self.path.is_file():
            raise CarebenchError(
                f"{self.path}: no annotation database here (create one with "
                "`carebench annotate user add NAME --role annotator --db FILE`)"
            )
        _create_private(self.path)
        try:
            with self._connect() as conn:
                conn.execute("PRAGMA journal_mode=WAL")
                conn.executescript(_SCHEMA)
                for table, column, definition in _ADDED:
                    self._add_column(conn, table, column, definition)
        except sqlite3.DatabaseError as exc:
            raise CarebenchError(f"{self.path}: not an annotation database ({exc})") from exc

    @staticmethod
    def _add_column(conn: sqlite3.Connection, table: str, column: str, definition: str) -> None:
        """Add a column a database made by an earlier release lacks (another process may race)."""
        if column in {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}:
            return
        try:
            conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")
        except sqlite3.OperationalError as exc:
            if "duplicate column" not in str(exc):
                raise

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        try:
            conn.execute("PRAGMA busy_timeout=30000")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("PRAGMA synchronous=FULL")
            yield conn
        finally:
            conn.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._connect() as conn, write_transaction(conn):
            yield conn

    # people and sessions

    def add_user(self, name: str, role: str) -> str:
        """Add a person and return their sign-in token (shown once; only its hash is kept).

        Raises:
            CarebenchError: an empty name, a name already taken (also by a removed person), or
                an unknown role.
        """
        name = name.strip()
        if not name:
            raise CarebenchError("user name: expected a non-empty name")
        if role not in ROLES:
            raise CarebenchError(f"role {role!r}: expected one of {list(ROLES)}")
        token = "cbt_" + secrets.token_urlsafe(32)
        with self._write() as conn:
            row = conn.execute("SELECT removed FROM users WHERE name = ?", (name,)).fetchone()
            if row:
                was = " (removed; their labels keep the name)" if row[0] else ""
                raise CarebenchError(f"user {name!r} already exists in {self.path}{was}")
            conn.execute(
                "INSERT INTO users(name, role, token_sha256, created) VALUES (?, ?, ?, ?)",
                (name, role, _sha256(token), _now()),
            )
        return token

    def _active(self, conn: sqlite3.Connection, name: str) -> int:
        row = conn.execute("SELECT id, removed FROM users WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise CarebenchError(f"no user {name!r} in {self.path}")
        if row[1]:
            raise CarebenchError(f"user {name!r} was already removed from {self.path}")
        return int(row[0])

    def rotate_token(self, name: str) -> str:
        """Give ``name`` a new token (returned, shown once): the old one and their sessions end.

        Raises:
            CarebenchError: no such person, or they were removed.
        """
        token = "cbt_" + secrets.token_urlsafe(32)
        with self._write() as conn:
            user_id = self._active(conn, name)
            conn.execute(
                "UPDATE users SET token_sha256 = ? WHERE id = ?", (_sha256(token), user_id)
            )
            conn.execute("DELETE FROM sessions WHERE user_id = ?", (user_id,))
        return token

    def remove_user(self, name: str) -> int:
        """Revoke ``name``'s access (module doc): token and sessions end, drafts are deleted.

        Returns:
            The number of unsubmitted drafts deleted.

        Raises:
            CarebenchError: no such person, or they were removed already.
        """
        with self._write() as conn:
            user_id = self._active(conn, name)
            # a hash nobody knows the preimage of: the UNIQUE NOT NULL token column stays valid
            revoked = _sha256("revoked:" + secrets.token_urlsafe(32))
            conn.execute(
                "UPDATE users SET token_sha256 = ?, removed = ? WHERE id = ?",
                (revoked, _now(), user_id),
            )
            conn.execute("DELETE FROM sessions WHERE user_id = ?", (user_id,))
            drafts = conn.execute(
                "DELETE FROM labels WHERE user_id = ? AND submitted = 0", (user_id,)
            ).rowcount
        return int(drafts)

    def users(self) -> list[User]:
        """Everyone, removed people included, in the order they were added."""
        with self._connect() as conn:
            rows = conn.execute(f"SELECT {_USER} FROM users u ORDER BY u.id").fetchall()
        return [_user(r) for r in rows]

    def user_by_token(self, token: str) -> User | None:
        """The person whose token this is (never a removed person), or None."""
        with self._connect() as conn:
            row = conn.execute(
                f"SELECT {_USER} FROM users u WHERE u.token_sha256 = ? AND u.removed IS NULL",
                (_sha256(token),),
            ).fetchone()
        return _user(row) if row else None

    def user_by_name(self, name: str) -> User | None:
        """The person called ``name``, or None."""
        with self._connect() as conn:
            row = conn.execute(f"SELECT {_USER} FROM users u WHERE u.name = ?", (name,)).fetchone()
        return _user(row) if row else None

    def open_session(self, user: User) -> tuple[str, str]:
        """Start a session for ``user``: returns (session key for the cookie, CSRF token).

        Sessions past :data:`SESSION_LIFETIME_S` are deleted on the way.
        """
        key, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        cutoff = _cutoff()
        with self._write() as conn:
            conn.execute("DELETE FROM sessions WHERE created < ?", (cutoff,))
            conn.execute(
                "INSERT INTO sessions(key_sha256, user_id, csrf, created) VALUES (?, ?, ?, ?)",
                (_sha256(key), user.id, csrf, _now()),
            )
        return key, csrf

    def session(self, key: str) -> tuple[User, str] | None:
        """The session's person and CSRF token; None for an unknown, expired or revoked key."""
        cutoff = _cutoff()
        with self._connect() as conn:
            row = conn.execute(
                f"SELECT {_USER}, s.csrf FROM sessions s JOIN users u ON u.id = s.user_id "
                "WHERE s.key_sha256 = ? AND s.created >= ? AND u.removed IS NULL",
                (_sha256(key), cutoff),
            ).fetchone()
        return (_user(row), row[4]) if row else None

    def close_session(self, key: str) -> None:
        """Forget a session (sign out)."""
        with self._write() as conn:
            conn.execute("DELETE FROM sessions WHERE key_sha256 = ?", (_sha256(key),))

    # units and labels

    def register_units(
        self, units: Sequence[tuple[str, Sequence[str]]], kind: str = EPISODE
    ) -> None:
        """Record the units being served, their evidence item ids (for agreement) and their kind.

        Args:
            units: ``(unit id, evidence item ids)`` pairs (no ids for pack items).
            kind: ``episode``, or :func:`pack_kind` of a pack's item ids.

        Raises:
            CarebenchError: the database already holds units of another kind (another pack, or
                episodes against a pack).
        """
        with self._write() as conn:
            held = {r[0] for r in conn.execute("SELECT DISTINCT kind FROM units")}
            if held - {kind}:
                raise CarebenchError(
                    f"{self.path} already holds {_describe(held)}; this would add "
                    f"{_describe({kind})}: use one database per pack, and another for episodes"
                )
            conn.executemany(
                "INSERT INTO units(unit, source_ids, kind) VALUES (?, ?, ?) "
                "ON CONFLICT(unit) DO UPDATE SET source_ids = excluded.source_ids",
                [(u, json.dumps(list(ids)), kind) for u, ids in units],
            )

    def kind(self) -> str | None:
        """The kind of unit the database holds (``episode`` or ``pack:...``), None when empty."""
        with self._connect() as conn:
            row = conn.execute("SELECT kind FROM units LIMIT 1").fetchone()
        return str(row[0]) if row else None

    def save_label(self, unit: str, user: User, labels: AnyLabels, *, submit: bool) -> int:
        """Save ``user``'s label of ``unit`` (a draft, or final with ``submit``): one transaction.

        Returns:
            The label's new revision (1 for the first save).

        Raises:
            AnnotationConflict: the user already submitted this unit, or two other annotators
                already claimed it, or the user is not an annotator.
        """
        if user.role != "annotator":
            raise AnnotationConflict(f"{user.name} is an {user.role}; only annotators label units")
        data = labels.model_dump_json()
        with self._write() as conn:
            rows = conn.execute(
                "SELECT user_id, claim, submitted, revision FROM labels WHERE unit = ?", (unit,)
            ).fetchall()
            mine = next((r for r in rows if r[0] == user.id), None)
            if mine is not None and mine[2]:
                raise AnnotationConflict(f"{unit}: {user.name} already submitted this unit")
            if mine is None and len(rows) >= 2:
                raise AnnotationConflict(f"{unit}: two other annotators already label this unit")
            claim = mine[1] if mine else min({1, 2} - {r[1] for r in rows})
            revision = mine[3] + 1 if mine else 1
            conn.execute(
                "INSERT INTO labels(unit, user_id, claim, data, submitted, revision, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(unit, user_id) DO UPDATE SET "
                "data = excluded.data, submitted = excluded.submitted, "
                "revision = excluded.revision, updated = excluded.updated",
                (unit, user.id, claim, data, int(submit), revision, _now()),
            )
        return revision

    def labels(self, unit: str | None = None) -> list[StoredLabel]:
        """Stored labels (of one unit, or all), ordered by unit and claim."""
        sql = (
            f"SELECT l.unit, {_USER}, l.claim, l.data, l.submitted, l.revision, l.updated "
            "FROM labels l JOIN users u ON u.id = l.user_id"
        )
        args: tuple[str, ...] = ()
        if unit is not None:
            sql, args = sql + " WHERE l.unit = ?", (unit,)
        with self._connect() as conn:
            rows = conn.execute(sql + " ORDER BY l.unit, l.claim", args).fetchall()
        return [
            StoredLabel(
                r[0], _user(r[1:5]), r[5], parse_labels(json.loads(r[6])), bool(r[7]), r[8], r[9]
            )
            for r in rows
        ]

    def save_adjudication(
        self,
        unit: str,
        user: User,
        final: AnyLabels,
        disagreements: dict[str, DisagreementType],
    ) -> int:
        """Save the adjudicated labels of ``unit`` (both labels must be submitted); one transaction.

        Returns:
            The adjudication's new revision.

        Raises:
            AnnotationConflict: the user is not an adjudicator, or the unit lacks two submitted
                labels.
        """
        if user.role != "adjudicator":
            raise AnnotationConflict(f"{user.name} is an {user.role}; only adjudicators adjudicate")
        data = json.dumps(
            {"final": final.model_dump(mode="json"), "disagreements": disagreements},
            sort_keys=True,
        )
        with self._write() as conn:
            submitted = conn.execute(
                "SELECT COUNT(*) FROM labels WHERE unit = ? AND submitted = 1", (unit,)
            ).fetchone()[0]
            if submitted < 2:
                raise AnnotationConflict(f"{unit}: {submitted} of 2 labels submitted so far")
            row = conn.execute(
                "SELECT revision FROM adjudications WHERE unit = ?", (unit,)
            ).fetchone()
            revision = row[0] + 1 if row else 1
            conn.execute(
                "INSERT INTO adjudications(unit, user_id, data, revision, updated) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT(unit) DO UPDATE SET user_id = excluded.user_id, "
                "data = excluded.data, revision = excluded.revision, updated = excluded.updated",
                (unit, user.id, data, revision, _now()),
            )
        return revision

    def adjudications(self, unit: str | None = None) -> list[StoredAdjudication]:
        """Stored adjudications (of one unit, or all), ordered by unit."""
        sql = (
            f"SELECT a.unit, {_USER}, a.data, a.revision, a.updated "
            "FROM adjudications a JOIN users u ON u.id = a.user_id"
        )
        args: tuple[str, ...] = ()
        if unit is not None:
            sql, args = sql + " WHERE a.unit = ?", (unit,)
        with self._connect() as conn:
            rows = conn.execute(sql + " ORDER BY a.unit", args).fetchall()
        out = []
        for r in rows:
            data = json.loads(r[5])
            out.append(
                StoredAdjudication(
                    r[0],
                    _user(r[1:5]),
                    parse_labels(data["final"]),
                    {k: DisagreementType(v) for k, v in data["disagreements"].items()},
                    r[6],
                    r[7],
                )
            )
        return out

    def _by_unit(self, *, submitted_only: bool) -> dict[str, list[StoredLabel]]:
        """Stored labels grouped by unit (only submitted ones when asked)."""
        by_unit: dict[str, list[StoredLabel]] = {}
        for label in self.labels():
            if label.submitted or not submitted_only:
                by_unit.setdefault(label.unit, []).append(label)
        return by_unit

    def rated_units(self, kind: LabelKind[Any] | None = None) -> list[RatedUnit[Any]]:
        """Every unit with two submitted labels, for agreement (claim order: first, second).

        Args:
            kind: the kind of unit expected (default: the database's own kind).
        """
        kind = kind or label_kind(self.kind())
        with self._connect() as conn:
            sources = {
                u: tuple(json.loads(ids))
                for u, ids in conn.execute("SELECT unit, source_ids FROM units").fetchall()
            }
        return [
            RatedUnit(
                unit,
                kind.coerce(pair[0].labels, unit),
                kind.coerce(pair[1].labels, unit),
                sources.get(unit, ()),
            )
            for unit, pair in sorted(self._by_unit(submitted_only=True).items())
            if len(pair) == 2
        ]

    def adjudicated_units(self, kind: LabelKind[Any] | None = None) -> list[AdjudicatedUnit[Any]]:
        """Every adjudicated unit with both annotators' labels, for export (claim order)."""
        kind = kind or label_kind(self.kind())
        by_unit = self._by_unit(submitted_only=True)
        out = []
        for adj in self.adjudications():
            first, second = by_unit[adj.unit]
            out.append(
                AdjudicatedUnit(
                    adj.unit,
                    (
                        (first.user.name, kind.coerce(first.labels, adj.unit)),
                        (second.user.name, kind.coerce(second.labels, adj.unit)),
                    ),
                    kind.coerce(adj.final, adj.unit),
                    adj.disagreements,
                    adj.adjudicator.name,
                )
            )
        return out

    def integrity(self) -> str:
        """SQLite's ``PRAGMA integrity_check`` result (``ok`` when the file is sound)."""
        with self._connect() as conn:
            return str(conn.execute("PRAGMA integrity_check").fetchone()[0])


def _describe(kinds: set[str]) -> str:
    names = ["episode units" if k == EPISODE else f"the items of judge pack {k}" for k in kinds]
    return " and ".join(sorted(names))


def agreement_json(store: AnnotationStore) -> dict[str, Any]:
    """Agreement per unit type and the adjudicated disagreement types, JSON-ready.

    For a pack database the one unit type is ``verdict``; ``kind`` says which kind it is.
    """
    stored, kind = store.kind(), label_kind(store.kind())
    types = [a.disagreements for a in store.adjudications()]
    return agreement_report(stored or EPISODE, kind, store.rated_units(kind), types)


def release_files(store: AnnotationStore) -> dict[str, str]:
    """Every file of an export, as ``relative path -> text``.

    The per-seed files of :func:`carebench.protocol.annotation.export_files` (episode units) or
    the files of :func:`carebench.protocol.pack_annotation.pack_export_files` (pack items), plus
    ``agreement.json`` (:func:`agreement_json`).
    """
    kind = label_kind(store.kind())
    files = kind.export(store.adjudicated_units(kind))
    files["agreement.json"] = json.dumps(agreement_json(store), indent=2, sort_keys=True) + "\n"
    return files


def write_release(store: AnnotationStore, out_dir: str | Path) -> list[Path]:
    """Write :func:`release_files` under ``out_dir``, replacing files already there.

    For episode units ``review/`` and ``labels/`` always exist afterwards (empty when nothing is
    adjudicated); for pack items ``labels.csv`` always does (header only when nothing is).
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for folder in label_kind(store.kind()).folders:
        (out / folder).mkdir(parents=True, exist_ok=True)
    written = []
    for relative, text in release_files(store).items():
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
