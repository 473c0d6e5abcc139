from __future__ import annotations

import json
from pathlib import Path

import pytest

from carebench.agents.contract import (
    MAX_OUTPUT_CHARS,
    REASON_MAX_CHARS,
    AgentDecision,
    decision_json_schema,
    parse_decision,
)
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
        (
            '{"action": "Escalate", "confidence": 0.9, "reas',
            "the output is truncated: its JSON object opens but never closes (47 characters; "
            "raise max_tokens or shorten the work product)",
        ),
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
        (
            '{"action": "Answer", "confidence": true, "reason": "x"}',
            "confidence: Input should be a valid number",
        ),
        (
            '{"action": "Answer", "confidence": "0.7", "reason": "x"}',
            "confidence: Input should be a valid number",
        ),
        (
            '{"action": "Answer", "confidence": NaN, "reason": "x"}',
            "no JSON object found (NaN is not a JSON number)",
        ),
        (
            '{"action": "Answer", "confidence": Infinity, "reason": "x"}',
            "no JSON object found (Infinity is not a JSON number)",
        ),
        (
            '{"action": "Answer", "confidence": 0.5, "reason": 7}',
            "reason: Input should be a string",
        ),
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


def _output(reason: str) -> str:
    return json.dumps({"action": "Answer", "confidence": 0.5, "reason": reason})


def test_reason_length_is_one_limit_for_decoding_and_parsing() -> None:
    limit = decision_json_schema()["properties"]["reason"]["maxLength"]
    assert limit == REASON_MAX_CHARS
    assert parse_decision(_output("r" * limit)).valid
    longer = parse_decision(_output("r" * (limit + 1)))
    assert longer.error == f"reason: String should have at most {limit} characters"


def test_schema_is_flat_and_strict() -> None:
    schema = decision_json_schema()
    assert schema["additionalProperties"] is False
    assert schema["properties"]["confidence"] == {"type": "number", "minimum": 0, "maximum": 1}
    assert "$ref" not in json.dumps(schema) and "title" not in json.dumps(schema)


def _schema_allows(schema: dict, value: object) -> bool:
    """JSON Schema semantics for the keywords the contract uses (booleans are not numbers)."""
    kind = schema.get("type")
    if kind == "number":
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        return schema.get("minimum", value) <= value <= schema.get("maximum", value)
    if kind == "string":
        if not isinstance(value, str):
            return False
        if "enum" in schema and value not in schema["enum"]:
            return False
        return len(value) <= schema.get("maxLength", len(value))
    raise AssertionError(f"unexpected schema {schema}")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        *[
            ("confidence", v)
            for v in (True, False, "0.7", "1", None, [0.5], -0.01, 1.01, 0, 1, 0.5)
        ],
        *[("reason", v) for v in ("", "r" * 120, "r" * 121, 7, None, ["x"])],
        *[("action", v) for v in ("Answer", "Escalate", "Refer", 1, None)],
    ],
)
def test_parser_agrees_with_the_decoding_schema(field: str, value: object) -> None:
    data: dict[str, object] = {"action": "Answer", "confidence": 0.5, "reason": "x", field: value}
    schema = decision_json_schema()["properties"][field]
    assert parse_decision(json.dumps(data)).valid == _schema_allows(schema, value)


def test_docs_state_the_contract_limits() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "running.md").read_text()
    assert f"at most {REASON_MAX_CHARS} characters" in doc
    assert f"{MAX_OUTPUT_CHARS:,}".replace(",", " ") in doc or str(MAX_OUTPUT_CHARS) in doc


# hostile outputs: each must become a result (valid or invalid), never an exception
NESTED = '{"action": "Escalate", "reason": ' + "[" * 1000
HOSTILE = [
    NESTED,
    NESTED + "]" * 1000 + ', "confidence": 0.5}',
    "{" * 400_000,
    "{" * (MAX_OUTPUT_CHARS - 1),
    '{"a": "' + '"' * 60_000,
    "```" * 20_000,
    '{"x": ' * 5_000 + '{"action": "Answer", "confidence": 1, "reason": "inner"}',
]


@pytest.mark.parametrize("raw", HOSTILE, ids=lambda raw: f"{raw[:12]}...{len(raw)}")
def test_hostile_outputs_are_invalid_not_exceptions(raw: str) -> None:
    result = parse_decision(raw)
    assert not result.valid and result.error


def test_object_after_deep_junk_is_still_found() -> None:
    raw = "[" * 5_000 + ' answer: {"action": "Abstain", "confidence": 0.2, "reason": "r"}'
    result = parse_decision(raw)
    assert result.decision == AgentDecision(action=Action.ABSTAIN, confidence=0.2, reason="r")


def test_braces_and_quotes_inside_strings_do_not_confuse_the_scan() -> None:
    raw = r'x {"action": "Answer", "confidence": 0.5, "reason": "use {x}, \\ and \"}\" ["} {'
    result = parse_decision(raw)
    assert result.valid and result.decision is not None
    assert result.decision.reason == 'use {x}, \\ and "}" ['


def test_over_long_output_names_the_limit() -> None:
    result = parse_decision(" " * (MAX_OUTPUT_CHARS + 1))
    assert (
        result.error
        == f"output is {MAX_OUTPUT_CHARS + 1} characters; at most {MAX_OUTPUT_CHARS} are parsed"
    )


def test_a_truncated_extended_output_says_it_was_truncated() -> None:
    from carebench.agents.contract import parse_decision

    raw = '{"action": "Answer", "confidence": 0.8, "reason": "r", "draft": [{"text": "a", "sources": ["R1"]}, {"text": "b'
    result = parse_decision(raw)
    assert result.decision is None
    assert "truncated" in str(result.error) and "Field required" not in str(result.error)
