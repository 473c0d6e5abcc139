"""A dose glossed as a count of tablets that does not make it (round 53, red team 41's kind)."""

from __future__ import annotations

import pytest

from carebench.episodes.dose_counts import miscounted
from carebench.episodes.relations import RECORD_RELATIONS, unlicensed_relation


@pytest.mark.parametrize(
    ("text", "gloss"),
    [
        ("prednisolone 30 mg daily (six 25 mg tablets)", "six 25 mg tablets"),
        ("levothyroxine 75 micrograms (three 75 microgram tablets)",
         "three 75 microgram tablets"),
        ("amitriptyline 10 mg at night (2 x 25 mg tablets)", "2 x 25 mg tablets"),
        ("bisoprolol 2.5 mg daily (one 5 mg white tablet)", "one 5 mg white tablet"),
    ],
)  # fmt: skip
def test_a_count_that_does_not_make_the_dose_is_read(text: str, gloss: str) -> None:
    assert miscounted(text) == gloss


@pytest.mark.parametrize(
    "text",
    [
        "prednisolone 30 mg daily (six 5 mg tablets)",  # the arithmetic holds
        "levothyroxine 75 micrograms (one 50 microgram and one 25 microgram tablet)",
        "amitriptyline 10 mg at night (2 x 5 mg tablets)",
        "paracetamol 1 g four times daily (eight 500 mg tablets a day)",  # a day's total
        "paracetamol 1 g (2 x 500 mg tablets)",  # grams and milligrams
        "Sando-K 2 tablets three times daily",  # no strength
        "warfarin 4 mg daily (28 mg per week)",  # no tablets
    ],
)
def test_a_count_that_makes_the_dose_or_totals_a_schedule_is_not_read(text: str) -> None:
    assert miscounted(text) is None


def test_a_miscounted_gloss_is_a_relation_the_record_must_hold() -> None:
    record = "Prednisolone 30 mg once daily for 5 days."
    text = "prednisolone 30 mg daily (six 25 mg tablets)"
    assert unlicensed_relation(text, record, RECORD_RELATIONS) == "six 25 mg tablets"
    assert unlicensed_relation(text, f"{record} Given as {text}.", RECORD_RELATIONS) is None
    assert unlicensed_relation("prednisolone 30 mg daily (six 5 mg tablets)", record) is None


def test_hostile_text_is_read_in_bounded_time() -> None:
    """Only the first 5,000 characters are read: the gloss reader's work is bounded."""
    assert miscounted("15 mg (six 10 mg tablets) " * 10_000) == "six 10 mg tablets"
