"""The annotation database: people, sessions, labels and adjudications in one SQLite file.

Conventions:

* WAL journal, ``synchronous=FULL``, one short ``BEGIN IMMEDIATE`` transaction per save, so
  concurrent saves queue (busy timeout 30 s) instead of failing, and a process killed mid-save
  leaves the last committed state (SQLite's atomic commit).
* A person's token is shown once (:meth:`AnnotationStore.add_user`); only its SHA-256 is stored
  (tokens are 32 random bytes, so a fast hash is enough). Session keys are stored the same way;
  the per-session CSRF token is stored as is (it is no credential on its own).
* Each unit takes two annotators: the first two people who save a label on it, in that order
  (``claim`` 1 and 2). A submitted label is final; drafts may be saved any number of times.
* A database holds one kind of unit: episode units (seed x variant, any selection of the bank over
  time), or the items of one judge-validation pack (:mod:`carebench.protocol.pack_annotation`),
  recorded per unit as ``kind`` (``episode`` or ``pack:<digest of the item ids>``). Serving
  another kind into it is refused, so agreement and export always cover one kind.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from carebench.episodes.review import UNIT_TYPES, DisagreementType, UnitLabels
from carebench.errors import CarebenchError
from carebench.protocol.annotation import (
    AdjudicatedUnit,
    RatedUnit,
    agreement_by_unit_type,
    export_files,
)
from carebench.protocol.pack_annotation import (
    PACK_UNIT_TYPES,
    AdjudicatedItem,
    JudgeLabel,
    pack_agreement,
    pack_export_files,
)
from carebench.store import write_transaction

Role = Literal["annotator", "adjudicator"]
AnyLabels = UnitLabels | JudgeLabel
"""A label of either kind of unit: an episode unit's, or a pack item's verdict."""
EPISODE = "episode"
ROLES: tuple[Role, ...] = ("annotator", "adjudicator")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS users(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  role TEXT NOT NULL CHECK (role IN ('annotator', 'adjudicator')),
  token_sha256 TEXT NOT NULL UNIQUE,
  created TEXT NOT NULL
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


class AnnotationConflict(CarebenchError):
    """A save the unit's state does not allow (already submitted, two annotators already)."""


@dataclass(frozen=True)
class User:
    """A person who signs in."""

    id: int
    name: str
    role: Role


@dataclass(frozen=True)
class StoredLabel:
    """One annotator's label of one unit."""

    unit: str
    user: User
    claim: int
    labels: AnyLabels
    submitted: bool
    revision: int
    updated: str


@dataclass(frozen=True)
class StoredAdjudication:
    """The adjudicated labels of one unit."""

    unit: str
    adjudicator: User
    final: AnyLabels
    disagreements: dict[str, DisagreementType]
    revision: int
    updated: str


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _parse_labels(data: Any) -> AnyLabels:
    """A stored label: a pack item's verdict when it has one, else an episode unit's labels."""
    if isinstance(data, str):
        data = json.loads(data)
    if isinstance(data, dict) and "verdict" in data:
        return JudgeLabel.model_validate(data)
    return UnitLabels.model_validate(data)


def _episode(labels: AnyLabels, unit: str) -> UnitLabels:
    if not isinstance(labels, UnitLabels):
        raise CarebenchError(f"{unit}: holds a judge-pack verdict where episode labels belong")
    return labels


def _verdict(labels: AnyLabels, unit: str) -> JudgeLabel:
    if not isinstance(labels, JudgeLabel):
        raise CarebenchError(f"{unit}: holds episode labels where a judge-pack verdict belongs")
    return labels


def pack_kind(item_ids: Sequence[str]) -> str:
    """The ``kind`` recorded for the items of one pack: ``pack:`` and a digest of its item ids."""
    return "pack:" + _sha256("\n".join(sorted(item_ids)))[:16]


class AnnotationStore:
    """Access to one annotation database file (each call opens its own connection)."""

    def __init__(self, path: str | Path, *, create: bool = True) -> None:
        """Open (and with ``create``, create) the database at ``path``.

        Raises:
            CarebenchError: the file is missing (``create=False``) or not an annotation database.
        """
        self.path = Path(path)
        if not create and not self.path.is_file():
            raise CarebenchError(
                f"{self.path}: no annotation database here (create one with "
                "`carebench annotate user add NAME --role annotator --db FILE`)"
            )
        try:
            with self._connect() as conn:
                conn.execute("PRAGMA journal_mode=WAL")
                conn.executescript(_SCHEMA)
                columns = {r[1] for r in conn.execute("PRAGMA table_info(units)")}
                if "kind" not in columns:  # a database made before pack items were served
                    try:
                        conn.execute(
                            "ALTER TABLE units ADD COLUMN kind TEXT NOT NULL DEFAULT 'episode'"
                        )
                    except sqlite3.OperationalError as exc:  # another process added it first
                        if "duplicate column" not in str(exc):
                            raise
        except sqlite3.DatabaseError as exc:
            raise CarebenchError(f"{self.path}: not an annotation database ({exc})") from exc

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
            CarebenchError: an empty name, a name already taken, or an unknown role.
        """
        name = name.strip()
        if not name:
            raise CarebenchError("user name: expected a non-empty name")
        if role not in ROLES:
            raise CarebenchError(f"role {role!r}: expected one of {list(ROLES)}")
        token = "cbt_" + secrets.token_urlsafe(32)
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM users WHERE name = ?", (name,)).fetchone():
                raise CarebenchError(f"user {name!r} already exists in {self.path}")
            conn.execute(
                "INSERT INTO users(name, role, token_sha256, created) VALUES (?, ?, ?, ?)",
                (name, role, _sha256(token), _now()),
            )
        return token

    def users(self) -> list[User]:
        """Everyone, in the order they were added."""
        with self._connect() as conn:
            rows = conn.execute("SELECT id, name, role FROM users ORDER BY id").fetchall()
        return [User(i, n, r) for i, n, r in rows]

    def user_by_token(self, token: str) -> User | None:
        """The person whose token this is, or None."""
        with self._connect() as conn:
            row = conn.execute(
                "SELECT id, name, role FROM users WHERE token_sha256 = ?", (_sha256(token),)
            ).fetchone()
        return User(*row) if row else None

    def user_by_name(self, name: str) -> User | None:
        """The person called ``name``, or None."""
        with self._connect() as conn:
            row = conn.execute(
                "SELECT id, name, role FROM users WHERE name = ?", (name,)
            ).fetchone()
        return User(*row) if row else None

    def open_session(self, user: User) -> tuple[str, str]:
        """Start a session for ``user``: returns (session key for the cookie, CSRF token)."""
        key, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        with self._write() as conn:
            conn.execute(
                "INSERT INTO sessions(key_sha256, user_id, csrf, created) VALUES (?, ?, ?, ?)",
                (_sha256(key), user.id, csrf, _now()),
            )
        return key, csrf

    def session(self, key: str) -> tuple[User, str] | None:
        """The session's person and CSRF token, or None for an unknown key."""
        with self._connect() as conn:
            row = conn.execute(
                "SELECT u.id, u.name, u.role, s.csrf FROM sessions s JOIN users u "
                "ON u.id = s.user_id WHERE s.key_sha256 = ?",
                (_sha256(key),),
            ).fetchone()
        return (User(row[0], row[1], row[2]), row[3]) if row else None

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
            claim = mine[1] if mine else 1 + max((r[1] for r in rows), default=0)
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
            "SELECT l.unit, u.id, u.name, u.role, l.claim, l.data, l.submitted, l.revision, "
            "l.updated FROM labels l JOIN users u ON u.id = l.user_id"
        )
        args: tuple[str, ...] = ()
        if unit is not None:
            sql, args = sql + " WHERE l.unit = ?", (unit,)
        with self._connect() as conn:
            rows = conn.execute(sql + " ORDER BY l.unit, l.claim", args).fetchall()
        return [
            StoredLabel(
                r[0],
                User(r[1], r[2], r[3]),
                r[4],
                _parse_labels(r[5]),
                bool(r[6]),
                r[7],
                r[8],
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
            "SELECT a.unit, u.id, u.name, u.role, a.data, a.revision, a.updated "
            "FROM adjudications a JOIN users u ON u.id = a.user_id"
        )
        args: tuple[str, ...] = ()
        if unit is not None:
            sql, args = sql + " WHERE a.unit = ?", (unit,)
        with self._connect() as conn:
            rows = conn.execute(sql + " ORDER BY a.unit", args).fetchall()
        out = []
        for r in rows:
            data = json.loads(r[4])
            out.append(
                StoredAdjudication(
                    r[0],
                    User(r[1], r[2], r[3]),
                    _parse_labels(data["final"]),
                    {k: DisagreementType(v) for k, v in data["disagreements"].items()},
                    r[5],
                    r[6],
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

    def rated_units(self) -> list[RatedUnit]:
        """Every unit with two submitted labels, for agreement (claim order: first, second)."""
        with self._connect() as conn:
            sources = {
                u: tuple(json.loads(ids))
                for u, ids in conn.execute("SELECT unit, source_ids FROM units").fetchall()
            }
        by_unit = self._by_unit(submitted_only=True)
        return [
            RatedUnit(
                unit,
                _episode(pair[0].labels, unit),
                _episode(pair[1].labels, unit),
                sources.get(unit, ()),
            )
            for unit, pair in sorted(by_unit.items())
            if len(pair) == 2
        ]

    def adjudicated_units(self) -> list[AdjudicatedUnit]:
        """Every adjudicated unit with both annotators' labels, for export."""
        by_unit = self._by_unit(submitted_only=False)
        out = []
        for adj in self.adjudications():
            first, second = by_unit[adj.unit]
            out.append(
                AdjudicatedUnit(
                    adj.unit,
                    (
                        (first.user.name, _episode(first.labels, adj.unit)),
                        (second.user.name, _episode(second.labels, adj.unit)),
                    ),
                    _episode(adj.final, adj.unit),
                    adj.disagreements,
                    adj.adjudicator.name,
                )
            )
        return out

    def rated_items(self) -> list[tuple[JudgeLabel, JudgeLabel]]:
        """Both submitted verdicts of every pack item that has two, in claim order, by item id."""
        by_unit = self._by_unit(submitted_only=True)
        return [
            (_verdict(pair[0].labels, unit), _verdict(pair[1].labels, unit))
            for unit, pair in sorted(by_unit.items())
            if len(pair) == 2
        ]

    def adjudicated_items(self) -> list[AdjudicatedItem]:
        """Every adjudicated pack item with both annotators' verdicts, for export."""
        by_unit = self._by_unit(submitted_only=False)
        out = []
        for adj in self.adjudications():
            first, second = by_unit[adj.unit]
            out.append(
                AdjudicatedItem(
                    adj.unit,
                    (
                        (first.user.name, _verdict(first.labels, adj.unit)),
                        (second.user.name, _verdict(second.labels, adj.unit)),
                    ),
                    _verdict(adj.final, adj.unit),
                    adj.disagreements["verdict"],
                    adj.adjudicator.name,
                )
            )
        return out

    def integrity(self) -> str:
        """SQLite's ``PRAGMA integrity_check`` result (``ok`` when the file is sound)."""
        with self._connect() as conn:
            return str(conn.execute("PRAGMA integrity_check").fetchone()[0])


def visible_labels(viewer: User, labels: Sequence[StoredLabel]) -> list[StoredLabel]:
    """The labels of one unit that ``viewer`` may see (the blinding rule).

    An annotator sees their own label, and the other annotator's only once both have submitted;
    the adjudicator sees submitted labels only (drafts are nobody's business but their author's).
    """
    if viewer.role == "adjudicator":
        return [label for label in labels if label.submitted]
    mine = [label for label in labels if label.user.id == viewer.id]
    submitted = [label for label in labels if label.submitted]
    if mine and len(submitted) == 2:
        return submitted
    return mine


def _describe(kinds: set[str]) -> str:
    names = ["episode units" if k == EPISODE else f"the items of judge pack {k}" for k in kinds]
    return " and ".join(sorted(names))


def is_pack(kind: str | None) -> bool:
    """Whether a database of this kind (:meth:`AnnotationStore.kind`) holds pack items."""
    return kind is not None and kind.startswith("pack:")


def agreement_json(store: AnnotationStore) -> dict[str, Any]:
    """Agreement per unit type and the adjudicated disagreement types, JSON-ready.

    For a pack database the one unit type is ``verdict``; ``kind`` says which kind it is.
    """
    kind = store.kind()
    adjudications = store.adjudications()
    if is_pack(kind):
        pairs = store.rated_items()
        rated_count, types = len(pairs), PACK_UNIT_TYPES
        agreement = pack_agreement(pairs)
    else:
        rated = store.rated_units()
        rated_count, types = len(rated), UNIT_TYPES
        agreement = agreement_by_unit_type(rated)
    counts: dict[str, dict[str, int]] = {}
    for unit_type in types if adjudications else ():
        counts[unit_type] = {t.value: 0 for t in DisagreementType}
        for adj in adjudications:
            counts[unit_type][adj.disagreements[unit_type].value] += 1
    return {
        "kind": kind or EPISODE,
        "units_with_two_labels": rated_count,
        "units_adjudicated": len(adjudications),
        "agreement": {k: v.as_dict() for k, v in agreement.items()},
        "disagreements": counts,
    }


def release_files(store: AnnotationStore) -> dict[str, str]:
    """Every file of an export, as ``relative path -> text``.

    The per-seed files of :func:`carebench.protocol.annotation.export_files` (episode units) or
    the files of :func:`carebench.protocol.pack_annotation.pack_export_files` (pack items), plus
    ``agreement.json`` (:func:`agreement_json`).
    """
    if is_pack(store.kind()):
        files = pack_export_files(store.adjudicated_items())
    else:
        files = export_files(store.adjudicated_units())
    files["agreement.json"] = json.dumps(agreement_json(store), indent=2, sort_keys=True) + "\n"
    return files


def write_release(store: AnnotationStore, out_dir: str | Path) -> list[Path]:
    """Write :func:`release_files` under ``out_dir``, replacing files already there.

    For episode units ``review/`` and ``labels/`` always exist afterwards (empty when nothing is
    adjudicated); for pack items ``labels.csv`` always does (header only when nothing is).
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    if not is_pack(store.kind()):
        for folder in ("review", "labels"):
            (out / folder).mkdir(parents=True, exist_ok=True)
    written = []
    for relative, text in release_files(store).items():
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def format_percent(share: float | None) -> str:
    """A share in [0, 1] as a percentage with two decimals (``86.46 %``), like validate-judge."""
    return "n/a" if share is None else f"{100 * share:.2f} %"


def format_agreement(data: dict[str, Any]) -> str:
    """Markdown tables of :func:`agreement_json` (NaN coefficients shown as ``n/a``).

    Percent agreement is shown in percent (:func:`format_percent`); ``agreement.json`` keeps it as
    a share in [0, 1] (field ``percent``).
    """

    def fmt(x: float | None) -> str:
        return "n/a" if x is None else f"{x:.3f}"

    lines = [
        f"Units with two submitted labels: {data['units_with_two_labels']}; "
        f"adjudicated: {data['units_adjudicated']}.",
        "",
        "| unit type | units | paired ratings | percent agreement | Cohen's kappa | "
        "Krippendorff's alpha |",
        "|---|---|---|---|---|---|",
    ]
    for name, row in data["agreement"].items():
        lines.append(
            f"| {name} | {row['units']} | {row['ratings']} | {format_percent(row['percent'])} | "
            f"{fmt(row['kappa'])} | {fmt(row['alpha'])} |"
        )
    if data["disagreements"]:
        kinds = [t.value for t in DisagreementType]
        lines += ["", "| unit type | " + " | ".join(kinds) + " |", "|---" * (len(kinds) + 1) + "|"]
        for name, counts in data["disagreements"].items():
            lines.append(f"| {name} | " + " | ".join(str(counts[k]) for k in kinds) + " |")
    return "\n".join(lines)
