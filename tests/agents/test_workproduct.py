"""The work-product contract refuses text with control characters (recorded invalid, never lost)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from carebench.agents.workproduct import MAX_ITEM_CHARS, parse_work_product
from carebench.episodes.schema import Action

HANDOFF = {
    "urgency": "same_day",
    "destination": "duty_clinician",
    "reason": "r",
    "key_findings": ["k"],
    "actions_taken": [],
    "fields": {"callback": "0123"},
}


def _escalate(**change: Any) -> str:
    handoff = {**HANDOFF, **change}
    return json.dumps({"action": "Escalate", "confidence": 0.5, "reason": "r", "handoff": handoff})


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"reason": "nul\x00here"}, "handoff.reason: control character U+0000 at character 3"),
        ({"key_findings": ["\x1b[2J"]}, "handoff.key_findings.0: control character U+001B"),
        ({"fields": {"callback": "\x07"}}, "handoff.fields.callback: control character U+0007"),
        ({"destination": "a\x7fb"}, "handoff.destination: control character U+007F"),
        ({"fields": ["a"]}, "handoff.fields: Input should be an object"),
        ({"key_findings": "chest pain"}, "handoff.key_findings: Input should be a list"),
        ({"urgency": "asap"}, "handoff.urgency: Input should be 'emergency', 'same_day'"),
        ({"reason": "x" * 401}, "handoff.reason: String should have at most 400 characters"),
        (
            {"key_findings": ["k", "x" * 601]},
            "handoff.key_findings.1: String should have at most 600",
        ),
        ({"actions_taken": ["x" * 601]}, "handoff.actions_taken.0: String should have at most 600"),
        ({"destination": "x" * 601}, "handoff.destination: String should have at most 600"),
        (
            {"fields": {"callback": "0" * 601}},
            "handoff.fields.callback: String should have at most",
        ),
        (
            {"fields": {"n" * 81: "x"}},
            f"handoff.fields.{'n' * 81}.[key]: String should have at most 80",
        ),
        (
            {"fields": {str(i): "x" for i in range(17)}},
            "handoff.fields: Object should have at most 16 items",
        ),
    ],
)
def test_a_malformed_handoff_is_invalid_with_its_reason(change: dict[str, Any], error: str) -> None:
    result = parse_work_product(_escalate(**change), Action.ESCALATE)
    assert result.work_product is None and result.error is not None
    assert result.error.startswith(error), result.error


def test_every_text_of_a_handoff_is_bounded_so_one_long_item_cannot_stall_the_scorer() -> None:
    """Key findings, actions and field values fit the bank's longest evidence line (545 chars)."""
    longest = "x" * MAX_ITEM_CHARS
    raw = _escalate(key_findings=[longest] * 8, actions_taken=[longest] * 8,
                    fields={str(i): longest for i in range(16)})  # fmt: skip
    assert parse_work_product(raw, Action.ESCALATE).error is None


def test_tabs_and_line_breaks_are_plain_text() -> None:
    result = parse_work_product(_escalate(reason="line one\nline two\tand\r\n"), Action.ESCALATE)
    assert result.error is None and result.work_product is not None


def test_a_control_character_in_a_claim_makes_the_draft_invalid() -> None:
    raw = json.dumps(
        {"action": "Answer", "confidence": 0.5, "reason": "r",
         "draft": [{"text": "BP 120/80\x00", "sources": ["E1"]}]}
    )  # fmt: skip
    result = parse_work_product(raw, Action.ANSWER)
    assert result.error == (
        "draft.0.text: control character U+0000 at character 9; expected plain text (tabs and "
        "line breaks are allowed)"
    )


def test_a_control_character_in_a_field_name_is_shown_escaped_in_the_error() -> None:
    result = parse_work_product(_escalate(fields={"\x00": "x"}), Action.ESCALATE)
    assert result.error is not None and "\x00" not in result.error
    assert result.error.startswith("handoff.fields.\\x00.[key]: control character U+0000")
