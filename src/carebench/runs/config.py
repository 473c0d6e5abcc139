"""Run configuration, the declared cost matrix and the run manifest.

A run is one agent (backend + model + options, prompt condition, sampling) over a selection of
episodes. Its id is a hash of that identity plus the model file's content hash (backends that run
a local file), the episode bank's hash and the declared cost matrix, so re-running the same command
finds the same run and resumes it, and replacing a model file at the same path makes a new run.
A run made under a registered analysis plan (:mod:`carebench.protocol.plans`) also has the plan's
name, hash and cost matrices per task class in its identity. Operational settings (concurrency,
timeout, retries), the endpoint URLs (one server or several replicas of it serve the same model; the
manifest records them) and the name of the API-key variable are not part of the identity.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from collections.abc import Mapping
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from carebench._version import __version__
from carebench.agents.backends import backend_identity
from carebench.agents.config import BackendConfig, SamplingParams
from carebench.agents.prompts import EXTENDED, Condition, template_hash
from carebench.agents.requests import RequestPolicy
from carebench.metrics.costs import ROBUSTNESS, ClassCosts, CostMatrix, uniform
from carebench.metrics.costs import declared_costs as stored_costs
from carebench.protocol.levels import EvidenceLevel

Selection = Literal["dev", "test", "all"]
Output = Literal["decision", "extended"]


class RunPlan(BaseModel):
    """The registered analysis plan a run is made under (what the run needs of it).

    Build it from a registered plan (:meth:`from_registered`): the runner refuses a plan the
    workspace has not registered.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    version: int = Field(ge=1)
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    registered_at: str
    costs: ClassCosts
    robustness_costs: ClassCosts
    #: The plan's full canonical content, recorded in the manifest (not part of the identity:
    #: the hash already is) so a report can compare it with the registered plan's.
    content: dict[str, Any] | None = None

    @classmethod
    def from_registered(cls, registered: Any) -> RunPlan:
        """From a :class:`carebench.protocol.registry.RegisteredPlan`."""
        return cls(
            name=registered.name,
            version=registered.version,
            sha256=registered.sha256,
            registered_at=registered.registered_at,
            costs=registered.plan.costs,
            robustness_costs=registered.plan.robustness_costs,
            content=registered.plan.canonical(),
        )

    def identity(self) -> dict[str, Any]:
        """The part of a run's identity that comes from its plan (not its version number)."""
        return {
            "name": self.name,
            "sha256": self.sha256,
            "costs": self.costs.as_json(),
            "robustness_costs": self.robustness_costs.as_json(),
        }


class RunConfig(BaseModel):
    """Everything that defines a run, plus how to execute it.

    ``costs`` is the declared primary cost matrix; under a ``plan`` it must be the plan's default
    matrix, and the plan's per-class and robustness matrices apply (:meth:`declared_costs`).
    """

    #: Every run of the escalation benchmark is agent-level evidence (paper 001).
    evidence_level: ClassVar[EvidenceLevel] = EvidenceLevel.AGENT

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    backend: BackendConfig = Field(default_factory=BackendConfig)
    condition: Condition = Condition.VANILLA
    sampling: SamplingParams = Field(default_factory=SamplingParams)
    split: Selection = "all"
    episode_ids: tuple[str, ...] | None = None
    bank_paths: tuple[str, ...] | None = None
    costs: CostMatrix = Field(default_factory=CostMatrix)
    output: Output = "decision"
    plan: RunPlan | None = None
    # operational, not part of the identity
    concurrency: int = Field(default=8, ge=1, le=1024)
    timeout_s: float = Field(default=300.0, gt=0)
    deadline_s: float = Field(default=600.0, gt=0)
    max_retries: int = Field(default=4, ge=0, le=20)
    backoff_base_s: float = Field(default=0.5, ge=0)
    backoff_max_s: float = Field(default=30.0, ge=0)

    @model_validator(mode="after")
    def _costs_follow_the_plan(self) -> RunConfig:
        if self.plan is not None and self.costs != self.plan.costs.default:
            raise ValueError(
                f"the run declares costs {self.costs.describe()} but its plan {self.plan.name!r} "
                f"declares {self.plan.costs.default.describe()}; under a plan the costs are the "
                "plan's"
            )
        return self

    def declared_costs(self) -> tuple[ClassCosts, ClassCosts]:
        """(primary, robustness) cost matrices per task class (see :func:`carebench.metrics.costs.declared_costs`)."""
        if self.plan is not None:
            return self.plan.costs, self.plan.robustness_costs
        return uniform(self.costs), uniform(ROBUSTNESS)

    def request_policy(self) -> RequestPolicy:
        """The request policy of this run's model calls (:mod:`carebench.agents.requests`)."""
        return RequestPolicy(
            timeout_s=self.timeout_s,
            deadline_s=self.deadline_s,
            max_retries=self.max_retries,
            backoff_base_s=self.backoff_base_s,
            backoff_max_s=self.backoff_max_s,
        )

    def backend_identity(self) -> dict[str, Any]:
        """What determines the backend's answers.

        Its config less the key variable's name, plus content facts such as the model file's
        SHA-256 (see :func:`~carebench.agents.backends.content_identity`).
        """
        return backend_identity(self.backend)

    def identity(self, bank_sha256: str) -> dict[str, Any]:
        """The fields that make two runs the same run.

        ``output`` and the extended addendum's hash appear only for extended runs, so the ids of
        decision-only runs are what they were before extended output existed.
        """
        extended = (
            {"output": self.output, "extended_template_sha256": template_hash(EXTENDED)}
            if self.output == "extended"
            else {}
        )
        return {
            **extended,
            "backend": self.backend_identity(),
            "condition": self.condition.value,
            "template_sha256": template_hash(self.condition),
            "sampling": self.sampling.model_dump(mode="json"),
            "split": self.split,
            "episode_ids": list(self.episode_ids) if self.episode_ids else None,
            "bank_sha256": bank_sha256,
            "costs": self.costs.model_dump(mode="json"),
            **({"plan": self.plan.identity()} if self.plan is not None else {}),
        }

    @staticmethod
    def identity_keys() -> tuple[str, ...]:
        """Every key :meth:`identity` may hold (``plan`` only under a plan, ``output`` if extended)."""
        # a scripted backend has no content identity: listing keys never touches a model file
        scripted = RunConfig(backend=BackendConfig(name="scripted"))
        return (*scripted.identity("").keys(), "plan", "output", "extended_template_sha256")

    def run_id(self, bank_sha256: str) -> str:
        """A short stable hash of :meth:`identity`."""
        canonical = json.dumps(self.identity(bank_sha256), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()[:12]

    def label(self) -> str:
        """A human-readable name: backend:model/condition."""
        defaults = {"embedded": "smollm2-135m", "scripted": "oracle"}
        model = self.backend.model or defaults.get(self.backend.name, "-")
        suffix = "/extended" if self.output == "extended" else ""
        return f"{self.backend.name}:{Path(model).name}/{self.condition.value}{suffix}"


@cache
def git_revision() -> str | None:
    """The git revision of the carebench source tree, when it is a checkout (asked once).

    A revision whose package files (``src/carebench``: code, seeds, labelled sets) differ from
    the commit, staged or not, or that git does not track and does not ignore (a new seed file),
    ends in ``-dirty`` (git describe's mark): the revision alone does not give the code or the
    bank the run was made with.
    """
    return folder_revision(Path(__file__).parents[1])


def folder_revision(package: Path) -> str | None:
    """The git revision of the checkout holding ``package`` (see :func:`git_revision`)."""

    def git(*args: str) -> subprocess.CompletedProcess[str] | None:
        try:
            return subprocess.run(
                ["git", "--no-optional-locks", *args],
                cwd=package,
                capture_output=True,
                text=True,
                timeout=5,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            return None

    head = git("rev-parse", "HEAD")
    if head is None or head.returncode != 0 or not head.stdout.strip():
        return None
    status = git("status", "--porcelain", "--", ".")
    dirty = status is None or status.returncode != 0 or bool(status.stdout.strip())
    return head.stdout.strip() + ("-dirty" if dirty else "")


class ManifestBackend(BaseModel):
    """The backend part of a manifest: its identity (name, model and options)."""

    model_config = ConfigDict(extra="allow", frozen=True)

    name: str
    model: str | None = None


class ManifestSampling(BaseModel):
    """The sampling part of a manifest: how many samples per episode the run declared."""

    model_config = ConfigDict(extra="allow", frozen=True)

    repeats: int = 1


class RunManifest(BaseModel):
    """A run's manifest as stored: what the run is, and what it was made on.

    The fields every reader relies on are typed; the rest of a stored manifest (the identity
    fields of :meth:`RunConfig.identity`, backend facts, the plan's content) is kept as extra
    fields, so a manifest written by an older carebench still reads. ``bank_paths`` is None for
    the packaged bank, whose version is ``bank_version`` (None for a custom bank, and for runs
    stored before versions were recorded); ``plan`` is the plan identity of a run made under one;
    ``output`` is ``extended`` for runs that write work products; ``sampling.repeats`` is 1 for
    manifests written before sampling existed. :meth:`stored` gives back the stored JSON object.
    """

    model_config = ConfigDict(extra="allow", frozen=True)

    run_id: str
    label: str
    backend: ManifestBackend
    condition: str
    bank_sha256: str
    costs: dict[str, float] | None = None
    bank_paths: list[str] | None = None
    bank_version: str | None = None
    n_episodes: int | None = None
    evidence_level: str = EvidenceLevel.AGENT.value
    plan: dict[str, Any] | None = None
    plan_version: int | None = None
    carebench_version: str | None = None
    output: str = "decision"
    split: str | None = None
    sampling: ManifestSampling | None = None
    started_at: str | None = None

    @classmethod
    def of(cls, manifest: RunManifest | Mapping[str, Any]) -> RunManifest:
        """``manifest`` as the model (a stored JSON object is validated; a model is kept)."""
        return manifest if isinstance(manifest, RunManifest) else cls.model_validate(manifest)

    def stored(self) -> dict[str, Any]:
        """The manifest as the JSON object the store holds (fields it did not hold left out)."""
        return self.model_dump(mode="json", exclude_unset=True)

    @property
    def repeats(self) -> int:
        """The samples per episode the run declared (1 for manifests without sampling)."""
        return self.sampling.repeats if self.sampling is not None else 1

    @property
    def planned_records(self) -> int | None:
        """The records the run planned: its episodes times samples (None: not recorded)."""
        return None if self.n_episodes is None else self.n_episodes * self.repeats

    def declared_costs(self) -> tuple[ClassCosts, ClassCosts]:
        """(primary, robustness) costs per task class (:func:`carebench.metrics.costs.declared_costs`)."""
        return stored_costs(self.stored())


def manifest_paths(config: RunConfig) -> list[str] | None:
    """The bank paths a manifest records (None: the packaged bank).

    Absolute, so the run's bank is found from any working directory.
    """
    return [str(Path(p).resolve()) for p in config.bank_paths] if config.bank_paths else None


def build_manifest(
    config: RunConfig, bank_sha256: str, n_episodes: int, backend_facts: dict[str, Any]
) -> dict[str, Any]:
    """The manifest recorded before the first request of a run (valid as a :class:`RunManifest`)."""
    from carebench.episodes.bank import BANK_VERSION  # the validator: only when a run starts

    manifest = {
        "run_id": config.run_id(bank_sha256),
        "label": config.label(),
        **config.identity(bank_sha256),
        "bank_paths": manifest_paths(config),
        **({} if config.bank_paths else {"bank_version": BANK_VERSION}),
        "n_episodes": n_episodes,
        "backend_facts": backend_facts,
        "carebench_version": __version__,
        "git_revision": git_revision(),
        "started_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "evidence_level": config.evidence_level.value,
        **(
            {
                "plan_version": config.plan.version,
                "plan_registered_at": config.plan.registered_at,
                "plan_content": config.plan.content,
            }
            if config.plan is not None
            else {}
        ),
    }
    RunManifest.model_validate(manifest)
    return manifest
