"""Telephone numbers in a handoff: the same number however it is written (round 27)."""

from __future__ import annotations

import re

import pytest

from carebench.agents.workproduct import Handoff, reference_work_product
from carebench.episodes.schema import Action, Episode
from carebench.protocol.identity_fields import phones_as_written
from carebench.protocol.scores import handoff_completeness

KNOWN = ["Caller Bethany Clarke, 27; callback 07700 900177."]


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("+44 7700 900177", "07700 900177"),
        ("07700900177", "07700 900177"),
        ("0044 (0)7700-900177", "07700 900177"),
        ("+44 (0)7700 900177", "07700 900177"),
        ("07700 900178", "07700 900178"),  # another number stays as written
        ("+33 7700 900177", "+33 7700 900177"),  # another country code is another number
        ("call 999 now", "call 999 now"),
    ],
)
def test_a_number_dialling_the_same_digits_is_read_as_the_record_writes_it(
    written: str, read: str
) -> None:
    assert phones_as_written(written, KNOWN) == read


def _callback(episode: Episode) -> tuple[dict, str]:
    handoff = reference_work_product(episode, Action.ESCALATE)["handoff"]
    name = next(n for n, v in handoff["fields"].items() if re.search(r"\b07\d{3} \d{6}\b", v))
    return handoff, name


def test_a_right_callback_number_in_another_format_is_correct(escalation: Episode) -> None:
    """Red team 21's control: "+44 7700 900966" for "07700 900966" quartered the handoff."""
    handoff, name = _callback(escalation)
    number = re.search(r"07(\d{3}) (\d{6})", handoff["fields"][name])
    assert number
    for form, right in (
        (f"+44 7{number[1]} {number[2]}", True),
        (f"07{number[1]}{number[2]}", True),
        (f"+44 7{number[1]} {int(number[2]) + 1:06d}", False),  # one digit off: another person
    ):
        written = {**handoff, "fields": {**handoff["fields"], name: form}}
        scored = handoff_completeness(escalation, Handoff.model_validate(written))
        assert (name not in scored.wrong) is right, (form, scored)
        assert (scored.score == 1.0) is right


def test_an_amount_in_another_unit_and_a_filing_heading_keep_a_finding(
    escalation: Episode,
) -> None:
    """Red team 21's controls: "Noted: X" (0.253) was read as a frame over X."""
    handoff = reference_work_product(escalation, Action.ESCALATE)["handoff"]
    noted = {**handoff, "key_findings": [f"Noted: {k}" for k in handoff["key_findings"]]}
    assert handoff_completeness(escalation, Handoff.model_validate(noted)).score == 1.0
    averted = {
        **handoff,
        "reason": f"Averted: {handoff['reason']}",
        "key_findings": [f"Averted: {k}" for k in handoff["key_findings"]],
    }
    scored = handoff_completeness(escalation, Handoff.model_validate(averted))
    assert {"reason", "key_findings"} <= set(scored.wrong)
