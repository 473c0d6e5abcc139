"""Tests for carebench.episodes.duplicates: a second product of one drug (round 52)."""

from __future__ import annotations

import pytest

from carebench.episodes.duplicates import duplicate_product
from carebench.episodes.relations import RECORD_RELATIONS, unlicensed_relation
from carebench.episodes.support import Verdict, support


@pytest.mark.parametrize(
    ("text", "second"),
    [
        ("sertraline 100 mg daily, plus Lustral 100 mg daily", "Lustral 100 mg"),
        ("Eliquis 5 mg twice daily and apixaban 5 mg twice daily", "apixaban 5 mg"),
        ("insulin glargine 24 units at night; also Lantus 24 units", "Lantus 24 units"),
        ("Zocor 40 mg at night with simvastatin 40 mg from the old box", "simvastatin 40 mg"),
        ("Marevan 4 mg daily (28 mg per week), plus Coumadin 4 mg daily", "Coumadin 4 mg"),
        ("Eliquis 5 mg bd as well as apixaban 5 mg bd", "apixaban 5 mg"),
        ("furosemide 40 mg twice daily and frusemide 40 mg twice daily", "frusemide 40 mg"),
        ("paracetamol 1 g four times daily, plus co-codamol two tablets", "co-codamol two tablets"),
    ],
)  # fmt: skip
def test_one_drug_under_two_names_each_dosed_is_a_second_product(text: str, second: str) -> None:
    assert duplicate_product(text) == second


@pytest.mark.parametrize(
    "text",
    [
        "sertraline 100 mg daily (Lustral 100 mg)",  # a bracketed gloss
        "Lustral 50 mg tablets, i.e. sertraline 50 mg",
        "apixaban 5 mg twice daily, also known as Eliquis 5 mg",
        "warfarin 5 mg on Monday, warfarin 3 mg on Tuesday",  # one name: a schedule
        "sertraline 100 mg daily and amlodipine 10 mg daily",  # two drugs
        "Lustral (sertraline) 100 mg daily",  # only one dosed mention
        "paracetamol 1 g four times daily; ibuprofen 400 mg three times daily",
        "switched from Lipitor 20 mg to atorvastatin 40 mg",  # a switch
        "stopped Zocor 40 mg; now simvastatin 20 mg",
        "Calpol 120 mg/5 mL: paracetamol 180 mg",  # a strength beside a dose
        "Ventolin 100 micrograms per puff, salbutamol 2 puffs",
    ],
)  # fmt: skip
def test_glosses_schedules_and_other_drugs_are_not_duplicates(text: str) -> None:
    assert duplicate_product(text) is None


def test_a_claim_naming_a_second_product_is_unsupported_by_a_line_naming_one() -> None:
    line = "Sertraline 100 mg daily since March."
    assert support("sertraline 100 mg daily", line) is Verdict.SUPPORTED
    duplicate = "sertraline 100 mg daily, plus Lustral 100 mg daily"
    assert support(duplicate, line) is Verdict.UNSUPPORTED
    assert unlicensed_relation(duplicate, line) == "Lustral 100 mg"
    twice = "Sertraline 100 mg daily, and Lustral 100 mg daily left over from the old repeat."
    assert unlicensed_relation(duplicate, twice) is None  # the line names both: licensed
    other = "Apixaban 5 mg twice daily and Eliquis 5 mg twice daily from two pharmacies."
    assert unlicensed_relation(duplicate, other) == "Lustral 100 mg"  # licensed per drug


def test_a_handoff_statement_reads_the_duplicate_against_the_record() -> None:
    record = "Apixaban 5 mg twice daily. Tooth extraction next Tuesday."
    text = "apixaban 5 mg twice daily, plus Eliquis 5 mg twice daily"
    assert unlicensed_relation(text, record, RECORD_RELATIONS) == "Eliquis 5 mg"
    assert (
        unlicensed_relation("apixaban (Eliquis) 5 mg twice daily", record, RECORD_RELATIONS) is None
    )


@pytest.mark.parametrize(
    "text",
    [
        "co-codamol 30/500 two tablets qds and paracetamol 1 g stopped",  # the reconciliation
        "Sando-K 2 tablets and potassium chloride 24 mmol are the same thing",
        "Sando-K 2 tablets three times daily with food, potassium chloride 24 mmol per dose",
        "Calpol 120 mg/5 mL with paracetamol 180 mg per dose",  # a strength, then a dose
    ],
)  # fmt: skip
def test_a_second_product_stopped_named_the_same_or_a_strength_is_no_duplicate(text: str) -> None:
    """The second review's false positives on the first landed version (session 36)."""
    assert duplicate_product(text) is None
