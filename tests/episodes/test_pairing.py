"""Words bound to their own head (issue 21, round 9: red team 7's H7, H8, donor attribution).

Hand-written cases, worded apart from red team 7's strategies; each wrong claim is supported on
447de44.
"""

from __future__ import annotations

import pytest

from carebench.episodes.pairing import exchanged
from carebench.episodes.sequence import moved_back
from carebench.episodes.support import Verdict, explain, support
from carebench.protocol.wrong_claims import swaps

DOSES = "Methotrexate 15 mg once weekly (not 15 mg daily); folic acid 5 mg on Mondays."
TAPER = "Prednisolone 30 mg daily for 5 days, then 20 mg daily for 5 days."
SUGARS = "Capillary glucose 3.1 mmol/L, ketones 0.4 mmol/L at 06:10."


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Prednisolone 20 mg daily for 5 days, then 30 mg daily", TAPER),
        ("Warfarin 35 mg a day (5 mg a week)", "Warfarin 5 mg a day (35 mg a week)."),
    ],
)
def test_two_values_of_one_unit_exchanged_contradict(claim: str, line: str) -> None:
    assert exchanged(claim, line) is not None
    assert support(claim, line) is Verdict.CONTRADICTS
    assert swaps(claim, line)  # a swap: it vetoes the draft as a wrong route does


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Prednisolone 30 mg daily for 5 days, then 20 mg daily", TAPER),
        ("ketones 0.4 mmol/L, glucose 3.1 mmol/L", SUGARS),  # each value keeps its label
        ("glucose 3.1 mmol/L and ketones 0.4 mmol/L at 06:10", SUGARS),  # "and" vs ","
        ("Warfarin 5 mg a day, 35 mg weekly", "Warfarin 5 mg a day (35 mg a week)."),
    ],
)
def test_values_kept_with_their_own_words_are_not_exchanged(claim: str, line: str) -> None:
    assert exchanged(claim, line) is None


LINES = (
    "Dr Osei stopped the flucloxacillin started on Tuesday and prescribed doxycycline 100 mg daily. "
    "Gliclazide 80 mg twice daily (held while vomiting). Today: resume gliclazide 80 mg twice daily."
)


@pytest.mark.parametrize("claim", ["flucloxacillin started", "gliclazide 80 mg twice daily held"])
def test_a_status_from_earlier_in_the_drugs_course_contradicts(claim: str) -> None:
    assert moved_back(claim, LINES) is not None
    assert explain(claim, LINES).startswith("contradicts: an earlier status")
    assert swaps(claim, LINES)


@pytest.mark.parametrize(
    "claim",
    ["flucloxacillin stopped", "doxycycline 100 mg daily started", "gliclazide resumed"],
)
def test_the_drugs_latest_status_is_not_moved_back(claim: str) -> None:
    assert moved_back(claim, LINES) is None


def test_a_possessive_names_whose_the_fact_is() -> None:
    line = "Blood group A RhD positive; eGFR 61."
    assert support("Donor's blood group A RhD positive", line) is Verdict.UNSUPPORTED
    assert support("the recipient's eGFR 61", line) is Verdict.UNSUPPORTED
    assert support("Patient's blood group A RhD positive", line) is Verdict.SUPPORTED


def test_values_traded_between_labels_are_a_swap() -> None:
    """Caught before as "another value" (a share of the draft); now also a swap (a veto)."""
    claim = "glucose 0.4 mmol/L and ketones 3.1 mmol/L"
    assert support(claim, SUGARS) is Verdict.CONTRADICTS
    assert exchanged(claim, SUGARS) is not None
    assert swaps(claim, SUGARS)
