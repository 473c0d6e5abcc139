"""Numbers a handoff text gives that are no episode number (carebench.protocol.grounding)."""

from __future__ import annotations

from carebench.episodes.matching import grounded_in
from carebench.protocol.grounding import spelled, unnumbered


def test_line_ids_notation_and_a_rates_day_are_not_numbers_of_the_episode() -> None:
    numbers = frozenset({"3", "500"})
    text = "R1: amoxicillin 500 mg, max 3 doses in 24 h (per E2); day 2/7"
    assert not grounded_in(text, numbers, frozenset({"500"}))
    assert grounded_in(unnumbered(text), numbers, frozenset({"500"}))


def test_a_number_beside_a_letter_that_is_not_a_line_id_stays() -> None:
    assert "G3" in unnumbered("diarrhoea G3")  # a toxicity grade is a value
    assert "24" in unnumbered("review within 24 hours")  # a deadline, not a rate's day


def test_numbers_written_as_words_include_a_unit_with_its_article() -> None:
    assert spelled("Dark thoughts for an hour or so, twice this week.") == frozenset({"1", "2"})
    assert spelled("No numbers here.") == frozenset()


def test_half_an_hour_grounds_thirty() -> None:
    """Round 49: "began half an hour ago" grounds a handoff's "for 30 min"."""
    assert "30" in spelled("a headache that began half an hour ago")
