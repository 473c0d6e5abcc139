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

In an extended-output run the oracle adds the work product
:func:`carebench.protocol.workproduct.reference_work_product` builds for its action (full marks by
construction: it checks the scoring path); the other policies decide and write nothing, so their
Answers and Escalates count as invalid work products.

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
from typing import Any

from carebench.agents.backends.base import Generation, GenerationRequest
from carebench.agents.config import BackendConfig
from carebench.episodes.render import strip_headers
from carebench.episodes.schema import Action, Episode
from carebench.errors import CarebenchError

Policy = Callable[[GenerationRequest], tuple[Action, float, str]]


def _episode(request: GenerationRequest) -> Episode:
    if request.episode is None:
        raise CarebenchError("scripted decision policies answer episodes; this request has none")
    return request.episode


def _oracle(request: GenerationRequest) -> tuple[Action, float, str]:
    return _episode(request).reference.primary, 1.0, "oracle: the primary reference action"


def _always(action: Action) -> Policy:
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
    from carebench.episodes.shortcuts import rule_action

    action, reason = rule_action(strip_headers(request.messages[-1]["content"]))
    return action, _RULE_CONFIDENCE[action], reason


POLICIES: dict[str, Policy] = {
    "oracle": _oracle,
    "always-answer": _always(Action.ANSWER),
    "always-ask": _always(Action.ASK_CLARIFICATION),
    "always-abstain": _always(Action.ABSTAIN),
    "always-escalate": _always(Action.ESCALATE),
    "random": _random,
    "rule": _rule,
}


class ScriptedBackend:
    """A deterministic policy; see the module docstring."""

    max_concurrency: int | None = None
    cacheable = False

    def __init__(self, config: BackendConfig) -> None:
        self.policy_name = config.model or "oracle"
        if self.policy_name not in POLICIES:
            raise CarebenchError(
                f"unknown scripted policy {self.policy_name!r}; expected one of {', '.join(POLICIES)}"
            )
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
        self._policy = POLICIES[self.policy_name]

    def describe(self) -> dict[str, Any]:
        """The policy name."""
        return {"policy": self.policy_name}

    async def generate(self, request: GenerationRequest) -> Generation:
        """Answer with the policy's decision as contract JSON."""
        if self.delay:
            await asyncio.sleep(self.delay)
        action, confidence, reason = self._policy(request)
        answer: dict[str, Any] = {
            "action": action.value,
            "confidence": confidence,
            "reason": reason,
        }
        if request.schema is not None and "draft" in request.schema.get("properties", {}):
            from carebench.protocol.workproduct import reference_work_product

            if self.policy_name == "oracle":
                answer.update(reference_work_product(_episode(request), action))
            else:  # a baseline decides; it writes nothing
                answer.update({"draft": [], "handoff": None})
        return Generation(text=json.dumps(answer))

    async def aclose(self) -> None:
        """Nothing to release."""
