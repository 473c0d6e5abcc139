"""The study runner: every cell x arm x trial for one agent, stored and resumable.

A study is one agent (one model) on one pathway; several studies (one per agent model) are
reported side by side. A study's identity (its id) is the SHA-256 of its configuration and the
pathway's content, so changing anything (a role, n, a prompt, the pathway) makes a new study;
re-running the same configuration resumes, skipping trials already stored. Trial ``t`` uses
sampling seed ``seed + t`` for every role.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from carebench._version import __version__
from carebench.agents.backends import backend_identity
from carebench.errors import CarebenchError, RunFailedError
from carebench.interruptions.cells import Arm, Cell, Decision, PatientMode
from carebench.interruptions.judges import JUDGES, Judge
from carebench.interruptions.latency import latency_by_arm
from carebench.interruptions.pathway import Pathway, load_pathway, pathway_summary
from carebench.interruptions.players import Agent, ModelAgent, ModelPatient, Patient
from carebench.interruptions.roles import (
    BackendPool,
    ModelRole,
    RoleError,
    RoleSpec,
    reasoning_setting,
)
from carebench.interruptions.scripted import ScriptedAgent, ScriptedPatient
from carebench.interruptions.simulator import Simulator
from carebench.interruptions.store import StudyStore
from carebench.interruptions.tracker import TrackedAgent
from carebench.interruptions.transcript import delivered
from carebench.protocol.levels import EvidenceLevel


class StudyConfig(BaseModel):
    """Everything that defines a study (all of it is part of the study id).

    Attributes:
        pathway: packaged pathway id or a YAML path.
        agent, patient: role specs; ``judge`` None means the deterministic concept judge.
        judge_name: a judge registered in :data:`.judges.JUDGES` (a plugin's); None: ``llm`` when
            ``judge`` is a model role, else ``concept``.
        cells, arms: what to run; ``n`` trials per cell x arm (paper 002: 30), ``n_arm`` an arm's
            own n where it differs (paper 002 ran defensive-strong at 10).
        mode: the patient-turn mode of the interrupt, defensive and tracker arms.
        decision: who decides whether the target turn is interrupted (the cell's rule, or the
            patient simulator; see :class:`.cells.Decision`).
        max_attempts: placement proposals before a trial is yield-filtered.
        target_turns, follow_up: the trial window (see :mod:`.simulator`).
        seed: base sampling seed; trial ``t`` uses ``seed + t``.
        label: display name (defaults to the agent's label).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    pathway: str = "cataract-follow-up"
    agent: RoleSpec = Field(default_factory=RoleSpec)
    patient: RoleSpec = Field(default_factory=RoleSpec)
    judge: RoleSpec | None = None
    judge_name: str | None = None
    cells: tuple[Cell, ...] = tuple(Cell)
    arms: tuple[Arm, ...] = tuple(Arm)
    n: int = Field(default=30, ge=1, le=10_000)
    n_arm: dict[Arm, Annotated[int, Field(ge=1, le=10_000)]] = Field(default_factory=dict)
    mode: PatientMode = PatientMode.DIRECTIVE
    decision: Decision = Decision.RULE
    max_attempts: int = Field(default=3, ge=1, le=20)
    target_turns: int = Field(default=2, ge=1, le=10)
    follow_up: int = Field(default=2, ge=1, le=10)
    seed: int = 0
    concurrency: int = Field(default=4, ge=1, le=256)
    label: str | None = None

    def n_for(self, arm: Arm) -> int:
        """Trials per cell for ``arm``: its ``n_arm`` entry, else ``n``."""
        return self.n_arm.get(arm, self.n)


_IDENTITY_EXCLUDES = {"concurrency", "label"}


def study_id(config: StudyConfig, pathway: Pathway) -> str:
    """The study's id: SHA-256 of its configuration (less display and scheduling) and pathway.

    Each role's backend enters as :func:`~carebench.agents.backends.backend_identity`, as a run's
    does: a replaced model file makes a new study, a key variable's name does not.
    """
    roles = {"agent": config.agent, "patient": config.patient, "judge": config.judge}
    # studies made before ``decision`` existed were rule-decided: the default keeps their ids
    default = {"decision"} if config.decision is Decision.RULE else set()
    default |= {"judge_name"} if config.judge_name is None else set()
    default |= {"n_arm"} if not config.n_arm else set()
    payload = {
        "config": config.model_dump(mode="json", exclude=_IDENTITY_EXCLUDES | set(roles) | default),
        "roles": {
            name: None
            if spec is None
            else {
                "backend": backend_identity(spec.backend),
                "sampling": spec.sampling.model_dump(mode="json"),
            }
            for name, spec in roles.items()
        },
        "pathway": pathway.digest(),
    }
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:16]


@dataclass
class Players:
    """The agent (per arm kind), the patient and the judge of a study."""

    agent: Agent
    patient: Patient
    judge: Judge
    roles: dict[str, ModelRole] = field(default_factory=dict)
    pool: BackendPool = field(default_factory=BackendPool)

    async def aclose(self) -> None:
        """Release backends."""
        await self.pool.aclose()


def build_players(config: StudyConfig, store: StudyStore | None) -> Players:
    """Create the roles: scripted policies directly, model roles through the backend registry."""
    pool = BackendPool()
    roles: dict[str, ModelRole] = {}
    runs = store.runs if store is not None else None

    def model(name: str, spec: RoleSpec) -> ModelRole:
        roles[name] = ModelRole(name, spec, pool, runs)
        return roles[name]

    agent: Agent
    if config.agent.scripted:
        agent = ScriptedAgent(config.agent.backend.model or "recovering")
    else:
        agent = ModelAgent(model("agent", config.agent))
    patient: Patient
    if config.patient.scripted:
        patient = ScriptedPatient(config.patient.backend.model or "rule")
    else:
        patient = ModelPatient(model("patient", config.patient))
    role = None if config.judge is None or config.judge.scripted else model("judge", config.judge)
    name = config.judge_name or ("concept" if role is None else "llm")
    judge: Judge = JUDGES.get(name)(role)
    return Players(agent, patient, judge, roles, pool)


@dataclass
class StudySummary:
    """What one invocation did."""

    study_id: str
    label: str
    total: int
    already_done: int
    judged: int = 0
    filtered: int = 0
    invalid: int = 0
    errors: int = 0
    wall_s: float = 0.0
    simulator_s: float = 0.0
    role_s: dict[str, float] = field(default_factory=dict)
    first_error: str | None = None
    agent_latency: list[dict[str, Any]] = field(default_factory=list)
    """Per arm, the agent-turn latency of this invocation's trials (:mod:`.latency`)."""

    def check(self) -> None:
        """Raise :class:`~carebench.errors.RunFailedError` when a trial of this run ended in error.

        The message quotes the first error (naming the role and its endpoint) and says that
        running again resumes.
        """
        if self.errors:
            raise RunFailedError(
                f"study {self.study_id} ({self.label}): {self.errors} trial(s) ended in errors; "
                f"first: {self.first_error}; fix the cause and run the same command again: it "
                "resumes, keeping the finished trials and re-running the failed ones"
            )


async def run_trial(
    pathway: Pathway, config: StudyConfig, players: Players, cell: Cell, arm: Arm, trial: int
) -> tuple[str, dict[str, Any]]:
    """Run and judge one trial; returns (status, payload)."""
    agent = TrackedAgent(players.agent) if arm is Arm.TRACKER else players.agent
    sim = Simulator(
        pathway,
        cell,
        arm,
        agent,
        players.patient,
        mode=config.mode,
        decision=config.decision,
        max_attempts=config.max_attempts,
        target_turns=config.target_turns,
        follow_up=config.follow_up,
    )
    seed = config.seed + trial
    try:
        history, state = await sim.run(seed)
        payload: dict[str, Any] = {
            "turns": [t.model_dump(mode="json") for t in history],
            "state": {
                "agent_turns": state.agent_turns,
                "target_turn": state.target_turn,
                "interrupted": state.interrupted,
                "attempts": state.attempts,
                "decisions": state.decisions,
                "rejected": list(state.rejected),
                "filtered": state.filtered,
                "agent_latency": [
                    {"source": source, "seconds": seconds} for source, seconds in state.latencies
                ],
            },
        }
        if state.filtered is not None:
            return "filtered", payload
        verdict = await players.judge.judge(pathway, cell, delivered(history), seed)
    except RoleError as exc:
        return "error", {"error": str(exc)}
    payload["verdict"] = verdict.model_dump(mode="json")
    return ("invalid" if verdict.passed is None else "judged"), payload


def manifest(config: StudyConfig, pathway: Pathway, players: Players) -> dict[str, Any]:
    """The study manifest: config, pathway, roles and versions."""
    return {
        "config": config.model_dump(mode="json"),
        "pathway": pathway_summary(pathway),
        "agent": config.agent.label,
        "patient": config.patient.label,
        "judge": players.judge.name,
        "reasoning": {
            name: reasoning_setting(spec)
            for name, spec in (("agent", config.agent), ("patient", config.patient))
        }
        | ({} if config.judge is None else {"judge": reasoning_setting(config.judge)}),
        "roles": {name: role.describe() for name, role in players.roles.items()},
        "carebench_version": __version__,
        "started_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "evidence_level": EvidenceLevel.SIMULATED_WORKFLOW.value,
    }


async def run_study_async(config: StudyConfig, workspace: str | Path) -> StudySummary:
    """Run (or resume) a study in ``workspace``; see the module docstring."""
    pathway = load_pathway(config.pathway)
    sid = study_id(config, pathway)
    label = config.label or f"{config.agent.label} @ {pathway.id}"
    start = time.perf_counter()
    with StudyStore(workspace) as store:
        players = build_players(config, store)
        try:
            store.ensure_study(sid, label, manifest(config, pathway, players))
            done = store.done(sid)
            todo = [
                (cell, arm, t)
                for cell in config.cells
                for arm in config.arms
                for t in range(config.n_for(arm))
                if (cell.value, arm.value, t) not in done
            ]
            total = len(config.cells) * sum(config.n_for(arm) for arm in config.arms)
            summary = StudySummary(sid, label, total, total - len(todo))
            limit = min(
                [config.concurrency]
                + [r.backend.max_concurrency or config.concurrency for r in players.roles.values()]
            )
            semaphore = asyncio.Semaphore(limit)
            ran: list[dict[str, Any]] = []

            async def one(cell: Cell, arm: Arm, t: int) -> None:
                async with semaphore:
                    status, payload = await run_trial(pathway, config, players, cell, arm, t)
                store.put_trial(sid, cell.value, arm.value, t, status, payload)
                ran.append({"study_id": sid, "label": label, "arm": arm.value, **payload})
                if status == "error" and summary.first_error is None:
                    summary.first_error = payload["error"]
                setattr(summary, _COUNTER[status], getattr(summary, _COUNTER[status]) + 1)

            await asyncio.gather(*(one(*item) for item in todo))
        finally:
            await players.aclose()
    summary.wall_s = time.perf_counter() - start
    summary.role_s = {name: role.stats.seconds for name, role in players.roles.items()}
    summary.simulator_s = summary.wall_s - sum(summary.role_s.values())
    order = {arm.value: i for i, arm in enumerate(config.arms)}
    summary.agent_latency = sorted(latency_by_arm(ran), key=lambda r: order[r["arm"]])
    return summary


_COUNTER = {"judged": "judged", "filtered": "filtered", "invalid": "invalid", "error": "errors"}


def run_study(config: StudyConfig, workspace: str | Path) -> StudySummary:
    """Synchronous wrapper of :func:`run_study_async`."""
    try:
        return asyncio.run(run_study_async(config, workspace))
    except RuntimeError as exc:
        if "asyncio.run() cannot be called" in str(exc):
            raise CarebenchError(
                "run_study was called inside an event loop; await run_study_async"
            ) from exc
        raise
