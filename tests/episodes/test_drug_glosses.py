"""A drug's class in brackets (carebench.episodes.drug_glosses): hand-written cases."""

from __future__ import annotations

import pytest

from carebench.episodes.drug_glosses import misclassed, without_class_glosses
from carebench.episodes.support import Verdict, support


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("insulin glargine (long-acting) 24 units", "insulin glargine 24 units"),
        ("insulin degludec (basal) 18 units daily", "insulin degludec 18 units daily"),
        ("Lantus (long acting insulin) 24 units", "Lantus 24 units"),
        ("amoxicillin (an antibiotic) 500 mg", "amoxicillin 500 mg"),
        ("warfarin (a blood thinner) 4 mg", "warfarin 4 mg"),
        ("insulin aspart (mealtime) with meals", "insulin aspart with meals"),
    ],
)
def test_a_class_that_holds_the_drug_says_nothing_new(text: str, kept: str) -> None:
    assert without_class_glosses(text) == kept
    assert misclassed(text) is None


@pytest.mark.parametrize(
    "text",
    ["insulin glargine (rapid-acting) 24 units", "warfarin (an antibiotic) 4 mg", "aspart (basal)"],
)
def test_a_class_that_does_not_hold_the_drug_is_misclassed(text: str) -> None:
    assert misclassed(text) is not None
    assert without_class_glosses(text) == text


def test_a_bracket_that_is_not_only_a_class_is_no_gloss() -> None:
    for text in ("amoxicillin (an antibiotic she tolerates)", "insulin glargine (24 units)"):
        assert without_class_glosses(text) == text
        assert misclassed(text) is None


def test_claims_read_the_gloss_as_the_drug_or_as_a_contradiction() -> None:
    line = "insulin degludec 18 units daily and insulin aspart with meals"
    assert support("insulin degludec (long-acting) 18 units daily", line) is Verdict.SUPPORTED
    assert support("insulin degludec (rapid-acting) 18 units daily", line) is Verdict.CONTRADICTS
    assert support("amoxicillin (an antibiotic) 500 mg", "amoxicillin 500 mg") is Verdict.SUPPORTED


@pytest.mark.parametrize(
    "text",
    [
        "sertraline 100 mg daily (an SSRI)",
        "clopidogrel 75 mg daily (an antiplatelet)",
        "enoxaparin 40 mg once daily (a low molecular weight heparin)",
        "amlodipine 10 mg (a calcium-channel blocker)",
    ],
)
def test_a_gloss_after_the_dose_is_read(text: str) -> None:
    """Round 49 (red team 38's control): the class may follow the drug's dose."""
    assert misclassed(text) is None
    assert "(" not in without_class_glosses(text)


@pytest.mark.parametrize(
    "text",
    ["warfarin and amoxicillin (an antibiotic)", "warfarin 3 mg. Amoxicillin (an antibiotic)"],
)
def test_a_gloss_belongs_to_the_nearest_drug_in_its_sentence(text: str) -> None:
    assert misclassed(text) is None
    assert without_class_glosses(text) == text.replace(" (an antibiotic)", "")


def test_a_wrong_class_after_the_dose_is_misclassed() -> None:
    assert misclassed("sertraline 50 mg (a benzodiazepine)") is not None
    assert (
        support("sertraline 50 mg daily (an SSRI)", "sertraline 50 mg daily") is Verdict.SUPPORTED
    )
