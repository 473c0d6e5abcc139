from __future__ import annotations

import asyncio
import json

import pytest

from carebench import load_bank
from carebench.agents.backends import backend_names, create_backend
from carebench.agents.backends.base import GenerationRequest
from carebench.agents.config import BackendConfig, SamplingParams
from carebench.agents.prompts import Condition, render_messages
from carebench.episodes.schema import Action
from carebench.errors import CarebenchError


def _decide(policy: str, episode, repeat: int = 0, seed: int = 0) -> dict:
    backend = create_backend(BackendConfig(name="scripted", model=policy))
    request = GenerationRequest(
        episode, render_messages(episode, Condition.VANILLA), SamplingParams(seed=seed), repeat
    )
    return json.loads(asyncio.run(backend.generate(request)).text)


def test_registry_lists_builtins() -> None:
    assert {"embedded", "openai", "scripted"} <= set(backend_names())
    with pytest.raises(CarebenchError, match="unknown backend 'nope'"):
        create_backend(BackendConfig(name="nope"))


def test_oracle_returns_the_primary_action() -> None:
    for episode in load_bank()[:20]:
        assert _decide("oracle", episode)["action"] == episode.reference.primary.value


@pytest.mark.parametrize(
    ("policy", "action"),
    [
        ("always-answer", Action.ANSWER),
        ("always-escalate", Action.ESCALATE),
        ("always-ask", Action.ASK_CLARIFICATION),
        ("always-abstain", Action.ABSTAIN),
    ],
)
def test_always_policies(policy: str, action: Action) -> None:
    assert _decide(policy, load_bank()[5])["action"] == action.value


def test_random_is_seeded_per_episode() -> None:
    bank = load_bank()[:30]
    first = [_decide("random", e) for e in bank]
    again = [_decide("random", e) for e in reversed(bank)][::-1]
    assert first == again
    assert len({d["action"] for d in first}) > 1
    assert first != [_decide("random", e, seed=1) for e in bank]
    assert all(0 <= d["confidence"] <= 1 for d in first)


def test_rule_policy_reads_only_the_transcript() -> None:
    episode = next(e for e in load_bank() if e.episode_id == "exertional-chest-pain.s1.late_risk")
    assert _decide("rule", episode)["action"] == "Escalate"
    relabelled = episode.model_copy(update={"reference": load_bank()[0].reference})
    assert _decide("rule", relabelled) == _decide("rule", episode)


def test_unknown_policy_and_option() -> None:
    with pytest.raises(CarebenchError, match="unknown scripted policy 'psychic'"):
        create_backend(BackendConfig(name="scripted", model="psychic"))
    with pytest.raises(CarebenchError, match="unknown scripted backend option"):
        create_backend(BackendConfig(name="scripted", model="oracle", options={"speed": "1"}))


def test_only_the_oracle_writes_a_work_product() -> None:
    from carebench.agents.backends.scripted import ScriptedBackend
    from carebench.agents.workproduct import work_product_schema

    episode = next(e for e in load_bank() if e.reference.primary.value == "Answer")
    request = GenerationRequest(
        episode,
        render_messages(episode, Condition.VANILLA, extended=True),
        SamplingParams(),
        0,
        work_product_schema(episode),
    )

    def answer(policy: str) -> dict:
        backend = ScriptedBackend(BackendConfig(name="scripted", model=policy))
        return json.loads(asyncio.run(backend.generate(request)).text)

    assert answer("oracle")["draft"]  # the reference draft, citing evidence lines
    baseline = answer("always-answer")
    assert (
        baseline["action"] == "Answer" and baseline["draft"] == [] and baseline["handoff"] is None
    )
