"""The ``scripted`` backend: deterministic policies for baselines and tests.

These are real agents for the report, not mocks: they go through the same prompt rendering, output
contract, runner and store as any model. Policies (``--model``):

    oracle            the primary reference action, confidence 1.0 (an upper bound; reads labels).
    always-answer, always-ask, always-abstain, always-escalate
                      one fixed action, confidence 0.5.
    random            a uniformly random action and confidence, from a generator seeded by
                      (seed, episode id, repeat), so results do not depend on order or concurrency.
    rule              the paper's regex detectors on the transcript text only (never labels):
                      Escalate when H fires, Ask_Clarification when M or C fires, else Answer.

    planted-*         agents with planted deficits of known size, for validating the benchmark
                      (:mod:`carebench.agents.backends.planted`, docs/validity.md; they read labels).

    judge-*           scripted claim judges: they answer claim-judge prompts, not episodes
                      (:mod:`carebench.agents.backends.judge_policies`).

In an extended-output run the oracle adds the work product
:func:`carebench.agents.workproduct.reference_work_product` builds for its action (the reference:
what full marks mean); the gaming policies (:mod:`carebench.agents.backends.gaming`: ``game-*``)
decide like the oracle and write a work product built to game one score; the other policies decide
and write nothing, so their Answers and Escalates count as invalid work products.

Option ``delay`` (a finite number of seconds >= 0, default 0) waits before answering, to exercise concurrency and
interruption in demos and tests.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from carebench.agents.backends.base import Generation, GenerationRequest
from carebench.agents.backends.gaming import GAMING
from carebench.agents.config import BackendConfig
from carebench.episodes.render import strip_headers
from carebench.episodes.schema import Action, Episode
from carebench.errors import CarebenchError
from carebench.registry import Registry

Decide = Callable[[GenerationRequest], tuple[Action, float, str]]
"""A policy's decision: (action, confidence, reason) for one request."""
Write = Callable[[Episode, Action], dict[str, Any]]
"""A policy's work product for an extended run: the ``draft`` and ``handoff`` keys of its output."""
Answer = Callable[[GenerationRequest], str]
"""A policy's whole answer text, for policies that answer other prompts than episodes."""


@dataclass(frozen=True)
class ScriptedPolicy:
    """A scripted agent: how it decides and, in an extended run, what work product it writes.

    Attributes:
        decide: the decision for one request.
        write: the work product for the decided action; None writes nothing (an empty draft and
            no handoff, which score as absent).
        answer: when set, the whole answer text (``decide`` and ``write`` are not used): for
            policies that answer other prompts, such as the scripted claim judges.
    """

    decide: Decide
    write: Write | None = None
    answer: Answer | None = None


POLICIES: Registry[ScriptedPolicy] = Registry("scripted policy", "carebench.scripted_policies")
"""Scripted policies by name (``--model``); plugins add their own through the entry-point group
``carebench.scripted_policies`` (value ``"module:attribute"`` naming a :class:`ScriptedPolicy`)."""


def _episode(request: GenerationRequest) -> Episode:
    if request.episode is None:
        raise CarebenchError("scripted decision policies answer episodes; this request has none")
    return request.episode


def _oracle(request: GenerationRequest) -> tuple[Action, float, str]:
    return _episode(request).reference.primary, 1.0, "oracle: the primary reference action"


def _always(action: Action) -> Decide:
    def policy(request: GenerationRequest) -> tuple[Action, float, str]:
        return action, 0.5, f"always {action.value}"

    return policy


def _random(request: GenerationRequest) -> tuple[Action, float, str]:
    episode = _episode(request)
    key = f"{request.params.seed}:{episode.episode_id}:{request.repeat}"
    rng = random.Random(int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big"))
    actions = [o.action for o in episode.action_space]
    return rng.choice(actions), round(rng.random(), 4), "random policy"


_RULE_CONFIDENCE = {Action.ESCALATE: 0.8, Action.ASK_CLARIFICATION: 0.7, Action.ANSWER: 0.9}


def _rule(request: GenerationRequest) -> tuple[Action, float, str]:
    from carebench.controller.shortcuts import rule_action

    action, reason = rule_action(strip_headers(request.messages[-1]["content"]))
    return action, _RULE_CONFIDENCE[action], reason


def _reference(episode: Episode, action: Action) -> dict[str, Any]:
    from carebench.agents.workproduct import reference_work_product

    return reference_work_product(episode, action)


POLICIES.register("oracle", ScriptedPolicy(_oracle, _reference))
for _action, _name in (
    (Action.ANSWER, "always-answer"),
    (Action.ASK_CLARIFICATION, "always-ask"),
    (Action.ABSTAIN, "always-abstain"),
    (Action.ESCALATE, "always-escalate"),
):
    POLICIES.register(_name, ScriptedPolicy(_always(_action)))
POLICIES.register("random", ScriptedPolicy(_random))
POLICIES.register("rule", ScriptedPolicy(_rule))
for _name, (_write, _) in GAMING.items():  # the work-product floors: the oracle's action
    POLICIES.register(_name, ScriptedPolicy(_oracle, _write))
# planted-deficit agents for known-groups validation (docs/validity.md), imported on first use
for _name, _attr in (
    ("planted-base", "BASE"),
    ("planted-late-risk-miss", "LATE_RISK_MISS"),
    ("planted-conflict-answer", "CONFLICT_ANSWER"),
    ("planted-ask-not-escalate", "ASK_NOT_ESCALATE"),
    ("planted-over-escalate", "OVER_ESCALATE"),
    ("planted-overconfident", "OVERCONFIDENT"),
):
    POLICIES.register(_name, f"carebench.agents.backends.planted:{_attr}")
# scripted claim judges (docs/protocol.md, "A model judge of claim support"), imported on first use
for _name in ("rules", "credulous", "obedient", "garbage"):
    POLICIES.register(f"judge-{_name}", f"carebench.agents.backends.judge_policies:{_name.upper()}")


class ScriptedBackend:
    """A deterministic policy; see the module docstring."""

    max_concurrency: int | None = None
    cacheable = False

    def __init__(self, config: BackendConfig) -> None:
        self.policy_name = config.model or "oracle"
        self._policy = POLICIES.get(self.policy_name)
        options = dict(config.options)
        text = options.pop("delay", "0")
        try:
            self.delay = float(text)
        except ValueError:
            self.delay = math.nan
        if not (math.isfinite(self.delay) and self.delay >= 0):
            raise CarebenchError(f"--option delay={text}: expected a finite number of seconds >= 0")
        if options:
            raise CarebenchError(
                f"unknown scripted backend option(s) {sorted(options)}; expected delay"
            )

    def describe(self) -> dict[str, Any]:
        """The policy name."""
        return {"policy": self.policy_name}

    def notes(self) -> list[str]:
        """Nothing to say after a run."""
        return []

    async def generate(self, request: GenerationRequest) -> Generation:
        """Answer with the policy's decision as contract JSON."""
        if self.delay:
            await asyncio.sleep(self.delay)
        if self._policy.answer is not None:
            return Generation(text=self._policy.answer(request))
        action, confidence, reason = self._policy.decide(request)
        answer: dict[str, Any] = {
            "action": action.value,
            "confidence": confidence,
            "reason": reason,
        }
        if request.schema is not None and "draft" in request.schema.get("properties", {}):
            write = self._policy.write
            answer.update(
                write(_episode(request), action)
                if write is not None
                else {"draft": [], "handoff": None}  # a baseline decides; it writes nothing
            )
        return Generation(text=json.dumps(answer))

    async def aclose(self) -> None:
        """Nothing to release."""
