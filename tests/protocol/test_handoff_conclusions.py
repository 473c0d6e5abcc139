"""Reassuring conclusions a handoff draws that the record does not (round 43, red team 33).

Hand-written cases in wording of their own (carebench.protocol.handoff_conclusions).
"""

from __future__ import annotations

import pytest

from carebench.protocol.handoff_conclusions import drawn, endorsed
from carebench.protocol.handoff_truth import CONCLUDED, ENDORSED, untrue

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


ENDORSED_RECORD = (
    "Tramadol 50 mg started by the walk-in centre on Monday for back pain.\n"
    "Now sweating, shaking and jerking; on sertraline 100 mg daily.\n"
    "Penicillin allergy: widespread hives with amoxicillin in 2019.\n"
    "Carry on with the ibuprofen gel on the back as before.\n"
    "Metformin 500 mg twice daily; take an extra 2 units of insulin if glucose is over 15."
)


@pytest.mark.parametrize(
    "text",
    [
        "tramadol 50 mg, continue",  # the culprit kept going
        "sertraline 100 mg daily, keep taking both",  # "both" names nothing: the statement
        "cefalexin is fine despite the penicillin allergy",
        "safe to take co-amoxiclav",
        "attend the emergency department now, driving herself",
        "she will drive to the hospital",
        "metformin 500 mg twice daily, and an extra tablet at night if needed",
    ],
)
def test_a_plan_the_record_does_not_give_is_endorsed(text: str) -> None:
    assert endorsed(text, ENDORSED_RECORD.split("\n"))
    assert untrue(text, ENDORSED_RECORD) == ENDORSED


@pytest.mark.parametrize(
    "text",
    [
        "continue the ibuprofen gel",  # the record's own
        "stop tramadol; do not continue it",  # negated
        "do not drive herself: 999 ambulance",
        "extra 2 units of insulin if glucose over 15",  # the record gives the extra dose
        "continue",  # nothing named
        "continue to monitor tramadol side effects hourly",  # observation, not a treatment
        "sertraline was fine until Monday",  # a past state
    ],
)
def test_a_plan_the_record_gives_or_forbids_is_not_endorsed(text: str) -> None:
    assert not endorsed(text, ENDORSED_RECORD.split("\n"))
