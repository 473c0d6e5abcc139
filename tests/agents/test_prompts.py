from __future__ import annotations

from carebench import load_bank, render_transcript
from carebench.agents.prompts import Condition, prompt_hash, render_messages, template_hash


def test_messages_carry_the_exact_transcript() -> None:
    episode = load_bank()[0]
    for condition in Condition:
        system, user = render_messages(episode, condition)
        assert user == {"role": "user", "content": render_transcript(episode)}
        for option in episode.action_space:
            assert f"- {option.action.value}: {option.meaning}" in system["content"]
        assert '"action"' in system["content"] and '"confidence"' in system["content"]


def test_uncertainty_adds_the_checklist_and_asymmetry() -> None:
    episode = load_bank()[0]
    vanilla = render_messages(episode, Condition.VANILLA)[0]["content"]
    uncertainty = render_messages(episode, Condition.UNCERTAINTY)[0]["content"]
    for phrase in (
        "missing",
        "stale",
        "conflict",
        "after the request",
        "more harmful",
        "confidence honestly",
    ):
        assert phrase in uncertainty
        assert phrase not in vanilla or phrase == "after the request"
    assert "more harmful" not in vanilla


def test_hashes_identify_templates_and_prompts() -> None:
    a, b = load_bank()[:2]
    assert template_hash(Condition.VANILLA) != template_hash(Condition.UNCERTAINTY)
    assert len(template_hash(Condition.VANILLA)) == 64
    assert prompt_hash(render_messages(a, Condition.VANILLA)) == prompt_hash(
        render_messages(a, Condition.VANILLA)
    )
    assert prompt_hash(render_messages(a, Condition.VANILLA)) != prompt_hash(
        render_messages(b, Condition.VANILLA)
    )


def test_system_prompt_is_shared_within_a_task_class() -> None:
    bank = load_bank()
    systems = {(e.task_class, render_messages(e, Condition.VANILLA)[0]["content"]) for e in bank}
    assert len(systems) == 4
