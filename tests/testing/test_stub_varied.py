"""The stub's ``varied`` mode: a valid decision that is a function of the prompt only."""

from __future__ import annotations

import hashlib
import json

from carebench.agents.contract import parse_decision
from carebench.testing.openai_stub import varied_answer


def _messages(i: int) -> list[dict[str, str]]:
    return [{"role": "system", "content": "s"}, {"role": "user", "content": f"episode {i}"}]


def test_varied_answer_is_valid_deterministic_and_spread() -> None:
    answers = [varied_answer(_messages(i)) for i in range(64)]
    assert answers == [varied_answer(_messages(i)) for i in range(64)]
    for answer in answers:
        assert parse_decision(json.dumps(answer)).valid
    assert len({a["action"] for a in answers}) == 4


def test_varied_answer_ignores_wire_format_of_content() -> None:
    parts = [
        {"role": m["role"], "content": [{"type": "text", "text": m["content"]}]}
        for m in _messages(3)
    ]
    assert varied_answer(parts) == varied_answer(_messages(3))
    # the action is the first byte of SHA-256 over [role, text] pairs, modulo 4
    digest = hashlib.sha256(
        json.dumps([["system", "s"], ["user", "episode 3"]], ensure_ascii=False).encode()
    ).digest()
    actions = ["Answer", "Ask_Clarification", "Abstain", "Escalate"]
    assert varied_answer(_messages(3))["action"] == actions[digest[0] % 4]
