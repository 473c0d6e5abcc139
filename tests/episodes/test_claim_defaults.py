"""Round 10's inverted claim defaults (red team 8's holes 1-3), hand-written cases.

Worded apart from red team 8's strategies; each wrong case below is supported on bfbc1df unless
marked (caught there by coverage; its frame is read here).
"""

from __future__ import annotations

import pytest

from carebench.episodes.framewords import frame_shift, provenance
from carebench.episodes.support import Verdict, explain, support

LINE = (
    "Medicines: bisoprolol 2.5 mg once daily, started 3 months ago; "
    "levothyroxine 75 micrograms each morning; dalteparin 5000 units subcutaneously once daily."
)


@pytest.mark.parametrize(
    "claim",
    [
        "Levothyroxine 75 micrograms each morning forgotten",  # appended outcome
        "Bisoprolol 2.5 mg once daily nominally",  # appended irrealis adverb
        "Dalteparin 5000 units subcutaneously once daily regardless",  # appended adverb
        "Triple bisoprolol 2.5 mg once daily",  # a multiplier before the dose
        "Dalteparin 5000 units subcutaneously once daily per kg",  # a divisor unit
    ],
)
def test_an_appended_or_quantity_word_is_not_forgiven(claim: str) -> None:
    assert support(claim, LINE) is Verdict.UNSUPPORTED, explain(claim, LINE)


@pytest.mark.parametrize(
    "claim",
    [
        "Bisoprolol remains 2.5 mg once daily",  # a present-state verb: a closed empty class
        "She is still on levothyroxine 75 micrograms each morning",
        "Dalteparin 5000 units once daily, taken as prescribed",
    ],
)
def test_words_of_an_empty_class_stay_free(claim: str) -> None:
    assert support(claim, LINE) is Verdict.SUPPORTED, explain(claim, LINE)


def test_a_noun_after_a_quantity_names_what_it_measures() -> None:
    line = "Finished a 5-day course of doxycycline 100 mg daily on Monday."
    assert support("Doxycycline 100 mg daily, 5-day regimen", line) is Verdict.SUPPORTED
    # "finished" and "completed" are one synonym group
    assert support("Doxycycline course completed", line) is Verdict.SUPPORTED


@pytest.mark.parametrize(
    ("claim", "kind"),
    [
        ("Bisoprolol 2.5 mg once daily - status unknown", "status"),
        ("Levothyroxine 75 micrograms each morning, under review", "status"),
        ("Dalteparin 5000 units once daily (other pt)", "person"),
        ("Bisoprolol 2.5 mg once daily, same as last patient", "person"),
        ("Levothyroxine 75 micrograms each morning by report", "hearsay"),
        ("Bisoprolol 2.5 mg once daily when awake", "condition"),
        ("Dalteparin 5000 units once daily wherever feasible", "condition"),
        ("Levothyroxine 75 micrograms each morning as able", "condition"),
        ("Levothyroxine 75 micrograms each morning n/a", "status"),
        ("Bisoprolol 2.5 mg once daily till Tuesday", "end"),
        ("Dalteparin 5000 units once daily for three more nights", "end"),  # caught before too,
        ("Levothyroxine 75 micrograms each morning now and then", "frequency"),
        ("Dalteparin 5000 units once daily, one-off", "one-off"),
        ("Bisoprolol 2.5 mg once daily in principle", "irrealis"),
        ("Bisoprolol 2.5 mg once daily at most", "bound"),
        ("Formerly on levothyroxine 75 micrograms each morning", "past"),  # caught before too,
    ],
)
def test_a_placeholder_or_frame_phrase_the_line_lacks_is_read(claim: str, kind: str) -> None:
    shift = frame_shift(claim, LINE)
    assert shift is not None and shift.startswith(kind)
    assert support(claim, LINE) is not Verdict.SUPPORTED


def test_a_per_unit_dose_needs_a_line_that_divides_by_it() -> None:
    """The line's weight covers "kg", so only the frame reads "per kg"."""
    line = LINE + " Weight 70 kg."
    claim = "Bisoprolol 2.5 mg once daily per kg"
    assert frame_shift(claim, line) == "per-unit 'per kg'"
    assert support(claim, line) is Verdict.UNSUPPORTED
    assert frame_shift(claim, "Bisoprolol 2.5 mg once daily per kg (trial dosing).") is None


def test_a_provenance_must_be_named_by_the_line() -> None:
    claim = "Bisoprolol 2.5 mg once daily as per the GP summary"
    assert provenance(claim, LINE) is not None
    assert support(claim, LINE) is Verdict.UNSUPPORTED
    named = "GP summary: bisoprolol 2.5 mg once daily."
    assert provenance(claim, named) is None
    assert support(claim, named) is Verdict.SUPPORTED
    # "per" dividing a quantity and "per" citing a line are not provenances
    assert provenance("Dalteparin 5000 units per day", LINE) is None
    assert provenance("Bisoprolol 2.5 mg once daily as per N1", LINE) is None


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Paracetamol 1 g when needed", "Paracetamol 1 g when needed for pain."),
        ("Amoxicillin 500 mg TDS until Friday", "Amoxicillin 500 mg TDS for 5 days, until Friday."),
        ("Blood group unknown", "Blood group unknown; sample sent."),
        ("Headaches occasionally", "Occasional headaches, eased by paracetamol."),
        ("Up to 8 puffs a day", "Reliever up to 8 puffs a day."),
        ("Seen when Dr Ali phoned", "Dr Ali phoned at 10:00."),  # a temporal "when" clause
    ],
)
def test_a_frame_phrase_licensed_by_the_line_is_not_a_shift(claim: str, line: str) -> None:
    assert frame_shift(claim, line) is None
