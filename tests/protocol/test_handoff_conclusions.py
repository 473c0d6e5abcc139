"""Reassuring conclusions a handoff draws that the record does not (round 43, red team 33).

Hand-written cases in wording of their own (carebench.protocol.handoff_conclusions).
"""

from __future__ import annotations

import pytest

from carebench.protocol.handoff_conclusions import drawn
from carebench.protocol.handoff_truth import CONCLUDED, untrue

RECORD = (
    "Call 10:20: 79-year-old with a productive cough for 3 days; confused since this morning.\n"
    "Observations: respiratory rate 31, BP 88/50, SpO2 90 % in air.\n"
    "Urine dip negative for nitrites, so a urinary source is unlikely.\n"
    "E2. Hospital assessment for a CRB-65 score of 3 or more."
)


@pytest.mark.parametrize(
    "text",
    [
        "SpO2 90 % in air, so no oxygen needed",
        "BP 88/50 - therefore sepsis unlikely",
        "confused since this morning, which means no CT needed",
        "productive cough for 3 days, hence not a pneumonia",
    ],
)
def test_a_reassuring_conclusion_the_record_does_not_draw_is_untrue(text: str) -> None:
    assert drawn(text, RECORD.split("\n"))
    assert untrue(text, RECORD) == CONCLUDED


@pytest.mark.parametrize(
    "text",
    [
        "urine dip negative for nitrites, so a urinary source is unlikely",  # the record's own
        "respiratory rate 31 and BP 88/50, so needs hospital assessment now",  # raises concern
        "so breathless that she cannot finish a sentence",  # a degree, no conclusion
        "BP 88/50, so not safe to wait for a GP visit",  # a concern
        "confused since this morning, so no driving and not fit to go home alone",
        "confused, so far only since this morning",
        "SpO2 90 % in air; no oxygen at home",  # no conclusion word
    ],
)
def test_other_conclusions_are_not_read(text: str) -> None:
    assert not drawn(text, RECORD.split("\n"))
