"""The word lists of near-copy reading (carebench.episodes.edit_words)."""

from __future__ import annotations

import pytest

from carebench.episodes.edit_words import (
    ABSENT_ONLY,
    DROPPED,
    FAMILIES,
    INSERTED,
    OPERATORS,
    normalise,
)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("SpO2 93% on RA", "in air"),
        ("not yet given", "not given"),
        ("clear for now", " yet "),
        ("review in 3 days", "later 3 days"),
        ("pain spreading to the jaw", "into the jaw"),
        ("noisy with each breath in", "breath inhaling"),
        ("unable to stand", "not able to stand"),
        ("to rule out a clot", " ruleout "),
        ("a side-effect of codeine", " intolerance "),
        ("family history of stroke", " familyhistory "),
        ("her father had a stroke at 55", " familyhistory  had a stroke at 55"),
        # round 47: a bound's side, and immediacy
        ("for no more than 7 days", "atmost 7 days"),
        ("for up to 7 days", "atmost 7 days"),
        ("for a maximum of 7 days", "atmost 7 days"),
        ("for at least 7 days", "atleast 7 days"),
        ("no less than 4 hours apart", "atleast 4 hours"),
        ("call 999 at once", " now "),
    ],
)
def test_a_phrase_an_operator_is_read_from_is_one_word(text: str, read: str) -> None:
    read_as = normalise(text)
    assert read in read_as or read in " ".join(read_as.split())  # spacing aside


@pytest.mark.parametrize(
    "text",
    [
        "Mother reports a rash since Tuesday",
        "her father has crushing chest pain for 20 minutes",  # a caller's relative, the patient
        "her father had a fall this morning",
    ],
)
def test_a_relative_who_reports_or_is_the_patient_is_not_a_history_owner(text: str) -> None:
    assert "familyhistory" not in normalise(text)


def test_over_and_under_bound_only_a_number() -> None:
    assert "atleast" not in normalise("worse over the past week")
    assert "atmost" not in normalise("under the care of the renal team")
    assert "atleast" in normalise("temperature over 38")


def test_every_operator_class_is_read_by_some_rule() -> None:
    """A class in no family, added-list or dropped-list would be an operator no rule reads."""
    read = set().union(*FAMILIES) | INSERTED | DROPPED
    assert set(OPERATORS.values()) - read == set()
    assert ABSENT_ONLY <= INSERTED
