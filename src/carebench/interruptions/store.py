"""Study storage: the interruption study's own tables in the workspace's SQLite run store.

Tables (created next to the run store's ``runs``/``records``/``response_cache``):
``interrupt_studies`` (one manifest per study, the first one written wins), ``interrupt_trials``
(one row per study x cell x arm x trial, with the transcript, state and verdict as JSON) and
``interrupt_validations`` (validate-judge results; reports name, per study, the latest one whose
pack held that study's items). A trial
with status ``judged``, ``filtered`` or ``invalid`` is final; one with status ``error`` is replaced
when the study is resumed. Model outputs are cached in the run store's ``response_cache``.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from carebench.errors import CarebenchError
from carebench.runs.store import RunStore
from carebench.store import DB_FILE, feature

_STUDIES = feature(
    "interruption_studies",
    """
CREATE TABLE IF NOT EXISTS interrupt_studies (
    study_id TEXT PRIMARY KEY,
    label TEXT NOT NULL,
    manifest TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS interrupt_trials (
    study_id TEXT NOT NULL REFERENCES interrupt_studies(study_id),
    cell TEXT NOT NULL,
    arm TEXT NOT NULL,
    trial INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('judged', 'filtered', 'invalid', 'error')),
    payload TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (study_id, cell, arm, trial)
);
CREATE TABLE IF NOT EXISTS interrupt_validations (
    judge TEXT NOT NULL,
    result TEXT NOT NULL,
    created_at TEXT NOT NULL
);
""",
)


def has_studies(db: str | Path) -> bool:
    """Whether the store file ``db`` holds an interruption study (read-only; False without one)."""
    path = Path(db)
    if not path.is_file():
        return False
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            row = con.execute("SELECT 1 FROM interrupt_studies LIMIT 1").fetchone()
        finally:
            con.close()
    except sqlite3.DatabaseError:  # no such table, or not a database
        return False
    return row is not None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class StudyStore:
    """The interruption tables of a workspace store (and its run store, for the response cache)."""

    def __init__(self, workspace: str | Path, lock_timeout_s: float | None = None) -> None:
        self.path = Path(workspace) / DB_FILE
        self.runs = RunStore(self.path, lock_timeout_s)
        # one connection with the run store's lock handling: a long foreign write lock ends in
        # StoreLockedError (a clear message, nothing lost), as it does for runs
        self._db = self.runs.connection
        try:
            self.runs.ensure(_STUDIES)
        except BaseException:
            self.runs.close()
            raise

    def __enter__(self) -> StudyStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the store's connection."""
        self.runs.close()

    def ensure_study(self, study_id: str, label: str, manifest: dict[str, Any]) -> None:
        """Record a study's manifest unless it exists."""
        with self.runs.locked():
            self._db.execute(
                "INSERT OR IGNORE INTO interrupt_studies VALUES (?, ?, ?, ?)",
                (study_id, label, json.dumps(manifest, sort_keys=True), _now()),
            )

    def studies(self) -> list[dict[str, Any]]:
        """Every study: id, label, manifest, created_at, oldest first."""
        rows = self._db.execute(
            "SELECT study_id, label, manifest, created_at FROM interrupt_studies ORDER BY created_at"
        ).fetchall()
        return [
            {"study_id": s, "label": label, "manifest": json.loads(m), "created_at": c}
            for s, label, m, c in rows
        ]

    def resolve(self, name: str) -> str:
        """The study whose id starts with, or whose label equals, ``name``.

        Raises:
            CarebenchError: none or several match.
        """
        found = [
            s["study_id"]
            for s in self.studies()
            if s["study_id"].startswith(name) or s["label"] == name
        ]
        if len(found) != 1:
            problem = "no study matches" if not found else f"{len(found)} studies match"
            raise CarebenchError(f"{problem} {name!r} in {self.path}")
        return str(found[0])

    def done(self, study_id: str) -> set[tuple[str, str, int]]:
        """(cell, arm, trial) with a final row."""
        rows = self._db.execute(
            "SELECT cell, arm, trial FROM interrupt_trials WHERE study_id=? AND status != 'error'",
            (study_id,),
        )
        return {(c, a, t) for c, a, t in rows}

    def put_trial(
        self, study_id: str, cell: str, arm: str, trial: int, status: str, payload: dict[str, Any]
    ) -> None:
        """Store one trial (a final row is never overwritten; an error row is replaced)."""
        with self.runs.locked():
            self._db.execute(
                "INSERT INTO interrupt_trials VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(study_id, cell, arm, trial) DO UPDATE SET status=excluded.status, "
                "payload=excluded.payload, created_at=excluded.created_at "
                "WHERE interrupt_trials.status = 'error'",
                (study_id, cell, arm, trial, status, json.dumps(payload), _now()),
            )

    def put_validation(self, judge: str, result: dict[str, Any]) -> None:
        """Record a validate-judge result of ``judge`` (reports show, per study, the latest one)."""
        with self.runs.locked():
            self._db.execute(
                "INSERT INTO interrupt_validations VALUES (?, ?, ?)",
                (judge, json.dumps(result, sort_keys=True), _now()),
            )

    def validations(self) -> dict[str, dict[str, Any]]:
        """Study id -> the latest recorded validation result whose pack held that study's items.

        A result applies to the studies it names (``studies``); one without (recorded before
        results named them) applies to none.
        """
        rows = self._db.execute(
            "SELECT result FROM interrupt_validations ORDER BY created_at, rowid"
        ).fetchall()
        out: dict[str, dict[str, Any]] = {}
        for (text,) in rows:
            result = json.loads(text)
            studies = result.get("studies") if isinstance(result, dict) else None
            for sid in studies if isinstance(studies, list) else []:
                out[str(sid)] = result
        return out

    def trials(self, study_id: str) -> list[dict[str, Any]]:
        """Every stored trial of a study, as dicts with the payload merged in."""
        rows = self._db.execute(
            "SELECT cell, arm, trial, status, payload FROM interrupt_trials WHERE study_id=? "
            "ORDER BY cell, arm, trial",
            (study_id,),
        ).fetchall()
        return [
            {"study_id": study_id, "cell": c, "arm": a, "trial": t, "status": s, **json.loads(p)}
            for c, a, t, s, p in rows
        ]
