"""Modality of a claim (:mod:`carebench.episodes.modality`): hand-written cases."""

from __future__ import annotations

import pytest

from carebench.episodes.modality import hedge_pattern, hedges_between, uncertain


@pytest.mark.parametrize(
    ("claim", "line", "expected"),
    [
        ("Possibly a lower UTI.", "Dipstick: nitrite positive; lower UTI.", True),
        ("?PE - needs same-day assessment.", "Pleuritic pain, HR 112, SpO2 93 %.", True),
        ("Headaches usually settle within a week.", "Headache for 3 days.", True),
        ("Either viral or bacterial tonsillitis.", "Exudate on both tonsils.", True),
        ("Possible sepsis.", "Possible sepsis: temperature 39.2 C, HR 124.", False),
        ("No weakness in either leg.", "Legs feel strong; no weakness.", False),
        ("Lower UTI.", "Dipstick: nitrite positive; lower UTI.", False),
    ],
)
def test_a_claim_is_uncertain_where_its_line_is_plain(
    claim: str, line: str, expected: bool
) -> None:
    assert uncertain(claim, line) is expected


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("Continue or stop the ramipril.", True),
        ("Withhold or continue metformin tonight.", True),
        ("Continue ramipril and stop the naproxen.", False),
        ("Paracetamol or ibuprofen for the pain.", False),
    ],
)
def test_hedging_between_exclusive_sides(claim: str, expected: bool) -> None:
    assert hedges_between(claim) is expected


def test_the_hedge_pattern_takes_extra_words_and_queried_terms() -> None:
    plain = hedge_pattern()
    extra = hedge_pattern(("in all likelihood",))
    assert plain.search("query appendicitis") and plain.search("sepsis?")
    assert not plain.search("in all likelihood a sprain")  # whole words: not "likely"
    assert extra.search("In all  likelihood a sprain")
    assert not plain.search("Temperature 38.1 C, pulse 96.")
