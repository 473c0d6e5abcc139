from __future__ import annotations

import pytest

from carebench.agents.contract import AgentDecision, decision_json_schema, parse_decision
from carebench.episodes.schema import Action


@pytest.mark.parametrize(
    ("raw", "action", "confidence", "reason"),
    [
        (
            '{"action": "Escalate", "confidence": 0.9, "reason": "red flag"}',
            Action.ESCALATE,
            0.9,
            "red flag",
        ),
        (
            '```json\n{"action": "Answer", "confidence": 1, "reason": "ok"}\n```',
            Action.ANSWER,
            1.0,
            "ok",
        ),
        (
            'Sure! {"action": "ask clarification", "confidence": 0.4, "reason": "dose?"} done',
            Action.ASK_CLARIFICATION,
            0.4,
            "dose?",
        ),
        (
            '{"action": "ABSTAIN", "confidence": 0, "reason": "no evidence", "extra": 1}',
            Action.ABSTAIN,
            0.0,
            "no evidence",
        ),
        (
            '{"note": "x"} then {"action": "Ask-Clarification", "confidence": 0.5, "reason": "r"}',
            Action.ASK_CLARIFICATION,
            0.5,
            "r",
        ),
    ],
)
def test_tolerant_parsing_accepts(raw: str, action: Action, confidence: float, reason: str) -> None:
    result = parse_decision(raw)
    assert result.valid and result.error is None
    assert result.decision == AgentDecision(action=action, confidence=confidence, reason=reason)


@pytest.mark.parametrize(
    ("raw", "error"),
    [
        ('{"action": "Escalate", "confidence": 0.9, "reas', "no JSON object found"),
        ("I would escalate this.", "no JSON object found"),
        (
            '{"action": "Escalate", "confidence": 85, "reason": "x"}',
            "confidence: Input should be less than or equal to 1",
        ),
        (
            '{"action": "Refer", "confidence": 0.5, "reason": "x"}',
            "action: Input should be 'Answer', 'Ask_Clarification', 'Abstain' or 'Escalate'",
        ),
        ('{"action": "Answer", "reason": "x"}', "confidence: Field required"),
        (
            '{"action": "Answer", "confidence": -0.1, "reason": "x"}',
            "confidence: Input should be greater than or equal to 0",
        ),
        ("", "no JSON object found"),
    ],
)
def test_invalid_outputs_are_reported(raw: str, error: str) -> None:
    result = parse_decision(raw)
    assert not result.valid
    assert result.error == error


def test_schema_matches_the_model() -> None:
    schema = decision_json_schema()
    assert schema["properties"]["action"]["enum"] == [a.value for a in Action]
    assert set(schema["required"]) == set(AgentDecision.model_fields)
