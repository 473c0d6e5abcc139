"""A dose's level in brackets (carebench.episodes.dose_levels): hand-written cases."""

from __future__ import annotations

import pytest

from carebench.episodes.dose_levels import (
    DOSE_LEVELS,
    LEVEL_WORDS,
    mislevelled,
    without_level_glosses,
)
from carebench.episodes.scales import misrestated, without_restated
from carebench.episodes.support import Verdict, support


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("apixaban 2.5 mg twice daily (the reduced dose)", "apixaban 2.5 mg twice daily"),
        ("Eliquis 5 mg BD (standard)", "Eliquis 5 mg BD"),
        ("atorvastatin 80 mg nightly (high-intensity)", "atorvastatin 80 mg nightly"),
        ("simvastatin 20 mg at night (low intensity)", "simvastatin 20 mg at night"),
        ("folic acid 5 mg daily (high dose)", "folic acid 5 mg daily"),
        ("aspirin 300 mg stat (a loading dose)", "aspirin 300 mg stat"),
        ("ramipril 2.5 mg once daily (a low starting dose)", "ramipril 2.5 mg once daily"),
        ("amoxicillin 1 g three times daily (high dose)", "amoxicillin 1 g three times daily"),
    ],
)
def test_a_level_that_is_the_doses_says_nothing_new(text: str, kept: str) -> None:
    assert without_level_glosses(text) == kept
    assert mislevelled(text) is None
    assert without_restated(text) == kept


@pytest.mark.parametrize(
    "text",
    [
        "apixaban 2.5 mg twice daily (the standard dose)",
        "atorvastatin 20 mg at night (maximum dose)",
        "aspirin 75 mg daily (a loading dose)",
        "enoxaparin 40 mg daily (therapeutic dose)",
        "amlodipine 5 mg (the maximum dose)",
        "folic acid 400 micrograms (high strength)",
        "clopidogrel 300 mg (maintenance dose)",
    ],
)
def test_a_level_the_dose_is_not_is_mislevelled(text: str) -> None:
    assert mislevelled(text) is not None
    assert misrestated(text) is not None
    assert without_level_glosses(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "sertraline 100 mg daily (a higher dose since June)",  # not only a level
        "warfarin 4 mg (the usual dose)",  # a drug the table does not hold
        "apixaban 7.5 mg (reduced)",  # an amount the table does not hold
        "bisoprolol 5 mg (the standard dose)",  # a level the table leaves unjudged
        "atorvastatin (high intensity) 80 mg",  # not after the amount
    ],
)
def test_what_the_table_cannot_judge_is_left_to_the_other_readers(text: str) -> None:
    assert without_level_glosses(text) == text
    assert mislevelled(text) is None


def test_claims_read_the_gloss_as_the_dose_or_as_a_contradiction() -> None:
    line = "Regular medicines: apixaban 2.5 mg twice daily, atorvastatin 80 mg at night."
    assert support("Apixaban 2.5 mg twice daily (reduced dose).", line) is Verdict.SUPPORTED
    assert support("Atorvastatin 80 mg at night (high intensity).", line) is Verdict.SUPPORTED
    assert support("Apixaban 2.5 mg twice daily (standard dose).", line) is Verdict.CONTRADICTS
    assert support("Atorvastatin 80 mg at night (a low dose).", line) is Verdict.CONTRADICTS


def test_every_row_names_its_levels_one_way_only() -> None:
    """A level that an amount both is and is not would make the gloss both right and wrong."""
    levels = set(LEVEL_WORDS.values())
    for drug, rows in DOSE_LEVELS.items():
        amounts = [mg for mg, _, _ in rows]
        assert len(amounts) == len(set(amounts)), drug
        for mg, right, wrong in rows:
            assert not right & wrong, (drug, mg)
            assert right | wrong <= levels, (drug, mg)  # a misspelt level would never match
