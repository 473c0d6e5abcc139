"""Registered analysis plans: the ``analysis_plans`` table of the workspace store.

Conventions:
    * A plan is registered under its name with its SHA-256 (:meth:`AnalysisPlan.sha256`), its
      canonical JSON and the registration time (UTC). Registering the same content again is a
      no-op that returns the existing version; changed content under the same name is the next
      version (1, 2, ...). Rows are never updated or deleted (SQLite triggers refuse it), so a
      registered plan is immutable.
    * Every read recomputes the SHA-256 of the stored content and refuses a row whose content
      does not hash to its recorded ``sha256`` (a row rewritten inside the database, triggers
      dropped or ``INSERT OR REPLACE``): a registered plan cannot change silently.
    * A plan reference (``NAME_OR_FILE``) is a file path (its content must be registered), a name
      (its latest version), or ``NAME@vN`` (version N).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from carebench.errors import CarebenchError
from carebench.protocol.plans import AnalysisPlan, load_plan
from carebench.store import WorkspaceStore, feature

_PLANS = feature(
    "analysis_plans",
    """
CREATE TABLE IF NOT EXISTS analysis_plans (
    name TEXT NOT NULL,
    version INTEGER NOT NULL,
    sha256 TEXT NOT NULL,
    plan TEXT NOT NULL,
    registered_at TEXT NOT NULL,
    PRIMARY KEY (name, version),
    UNIQUE (name, sha256)
);
CREATE TRIGGER IF NOT EXISTS analysis_plans_no_update BEFORE UPDATE ON analysis_plans
BEGIN SELECT RAISE(ABORT, 'registered analysis plans are immutable'); END;
CREATE TRIGGER IF NOT EXISTS analysis_plans_no_delete BEFORE DELETE ON analysis_plans
BEGIN SELECT RAISE(ABORT, 'registered analysis plans are immutable'); END;
""",
)


@dataclass(frozen=True)
class RegisteredPlan:
    """A plan as registered: its content, version, hash and registration time."""

    plan: AnalysisPlan
    version: int
    sha256: str
    registered_at: str

    @property
    def name(self) -> str:
        """The plan's name."""
        return self.plan.name

    def ref(self) -> dict[str, Any]:
        """What a run manifest records about the plan it was made under."""
        return {
            "name": self.name,
            "version": self.version,
            "sha256": self.sha256,
            "registered_at": self.registered_at,
        }

    def __str__(self) -> str:
        return f"{self.name} v{self.version} ({self.sha256[:12]}, registered {self.registered_at})"


class PlanRegistry:
    """The plan table of an open :class:`~carebench.store.WorkspaceStore` (created if missing)."""

    def __init__(self, store: WorkspaceStore) -> None:
        self.store = store
        self._db = store.connection
        store.ensure(_PLANS)

    def _select(self, where: str, args: tuple[Any, ...]) -> list[RegisteredPlan]:
        rows = self._db.execute(
            "SELECT name, version, sha256, plan, registered_at FROM analysis_plans "
            f"WHERE {where} ORDER BY name, version",
            args,
        ).fetchall()
        return [self._verified(*row) for row in rows]

    def _verified(self, name: str, version: int, sha: str, text: str, at: str) -> RegisteredPlan:
        """A stored row as a plan, once its content is shown to hash to its recorded SHA-256.

        Raises:
            CarebenchError: the row was rewritten inside the database (its content no longer
                hashes to its ``sha256``, or is not a plan).
        """
        try:
            plan = AnalysisPlan.model_validate(json.loads(text))
        except ValueError:
            plan = None
        if plan is None or plan.sha256() != sha or plan.name != name:
            found = plan.sha256()[:12] if plan is not None else "content that is not a plan"
            raise CarebenchError(
                f"{self.store.path}: registered plan {name!r} v{version} was rewritten inside the "
                f"database (recorded sha256 {sha[:12]}, stored content hashes to {found}); "
                "registered plans are immutable, so nothing made under it can be trusted from "
                "this store: restore the store from a backup"
            )
        return RegisteredPlan(plan, version, sha, at)

    def register(self, plan: AnalysisPlan) -> tuple[RegisteredPlan, bool]:
        """Register ``plan``; return it with True when this call created a new version."""
        sha = plan.sha256()
        text = json.dumps(plan.canonical(), sort_keys=True)
        with self.store.transaction() as db:
            existing = self._select("name = ? AND sha256 = ?", (plan.name, sha))
            if existing:
                return existing[0], False
            (last,) = db.execute(
                "SELECT COALESCE(MAX(version), 0) FROM analysis_plans WHERE name = ?", (plan.name,)
            ).fetchone()
            now = datetime.now(UTC).isoformat(timespec="seconds")
            db.execute(
                "INSERT INTO analysis_plans VALUES (?, ?, ?, ?, ?)",
                (plan.name, last + 1, sha, text, now),
            )
        return RegisteredPlan(plan, last + 1, sha, now), True

    def plans(self, name: str | None = None) -> list[RegisteredPlan]:
        """Every registered version (of ``name``, or of every plan), by name and version."""
        if name is None:
            return self._select("1", ())
        return self._select("name = ?", (name,))

    def by_sha(self, sha256: str) -> RegisteredPlan | None:
        """The registered plan with this hash, or None."""
        found = self._select("sha256 = ?", (sha256,))
        return found[0] if found else None

    def resolve(self, ref: str) -> RegisteredPlan:
        """The registered plan a ``NAME_OR_FILE`` reference names (see the module docstring).

        Raises:
            CarebenchError: the file's content, the name or the version is not registered.
        """
        path = Path(ref)
        if path.suffix in (".yaml", ".yml") or path.is_file():
            plan = load_plan(path)
            found = self.by_sha(plan.sha256())
            if found is None:
                versions = self.plans(plan.name)
                hint = (
                    f"; registered versions of {plan.name!r}: "
                    + ", ".join(f"v{v.version} ({v.sha256[:12]})" for v in versions)
                    if versions
                    else ""
                )
                raise CarebenchError(
                    f"{path}: this plan (sha256 {plan.sha256()[:12]}) is not registered in "
                    f"{self.store.path}{hint}. Register it before evaluating: "
                    f"carebench plan register {path}"
                )
            return found
        name, _, version = ref.partition("@v")
        versions = self.plans(name)
        if not versions:
            known = sorted({p.name for p in self.plans()})
            raise CarebenchError(
                f"no analysis plan named {name!r} is registered in {self.store.path} "
                f"(registered: {', '.join(known) or 'none'}); register it first: "
                "carebench plan register FILE"
            )
        if not version:
            return versions[-1]
        chosen = [v for v in versions if str(v.version) == version]
        if not chosen:
            raise CarebenchError(
                f"plan {name!r} has no version {version!r}; registered versions: "
                + ", ".join(f"v{v.version}" for v in versions)
            )
        return chosen[0]
