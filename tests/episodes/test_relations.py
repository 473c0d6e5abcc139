"""Relations a claim asserts must be ones its cited lines state (round 31, red team 22)."""

from __future__ import annotations

import pytest

from carebench.episodes.relations import RECORD_RELATIONS, unlicensed_relation
from carebench.episodes.support import Verdict, explain, support

LINE = (
    "Pregnancy digest: pregnant, about 10 weeks by dates; folic acid 400 micrograms daily; BMI 24."
)


@pytest.mark.parametrize(
    "relation",
    ["caused by", "secondary to", "due to", "because of", "masking", "which explains",
     "interacts with", "is the indication for", "leading to"],
)  # fmt: skip
def test_an_invented_relation_between_two_true_facts_is_unsupported(relation: str) -> None:
    """On a609c43 all but "leading to" were supported: the relation word was an uncovered
    common word beside two covered facts."""
    claim = f"Folic acid 400 micrograms daily {relation} BMI 24"
    assert support(claim, LINE) is Verdict.UNSUPPORTED, explain(claim, LINE)
    assert support("Folic acid 400 micrograms daily and BMI 24", LINE) is Verdict.SUPPORTED


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Naproxen was stopped due to indigestion.",
         "Naproxen was stopped 2 months ago because of indigestion."),  # same class, other words
        ("Reduce apixaban to 2.5 mg twice daily because creatinine clearance is 29 mL/min.",
         "Reduce to 2.5 mg twice daily if creatinine clearance is 15-29 mL/min."),  # a rule
        ("Dressings due to come off on day 5.", "Dressings off at day 5."),  # a time, no cause
    ],
)  # fmt: skip
def test_a_relation_the_line_states_or_implies_by_rule_is_licensed(claim: str, line: str) -> None:
    assert unlicensed_relation(claim, line) is None


RENAL = "Monitoring bloods last week: eGFR 48; metformin 500 mg twice daily; glargine 24 units."


@pytest.mark.parametrize(
    "claim",
    [
        "eGFR 48, irrelevant to metformin",  # relevance dismissed
        "eGFR 48 has no bearing on the glargine dose",
        "eGFR 48, which does not matter for metformin",
        "Glargine 24 units is unaffected by eGFR 48",
        "eGFR 48, relevant to metformin dosing",  # a relevance the line does not give
        "Metformin 500 mg twice daily, renally cleared; eGFR 48",  # a route of elimination
        "Glargine 24 units, which the liver breaks down; eGFR 48",
        "Metformin 500 mg twice daily, no hypoglycaemia risk",  # a risk denied
        "Metformin 500 mg twice daily, both doses together at breakfast",  # a day's doses at once
    ],
)
def test_round_51_relations_the_line_does_not_state_are_unsupported(claim: str) -> None:
    """Red team 38 (round 51): false drug facts and dismissals beside a correct value were
    supported, their relation words uncovered common words."""
    assert support(claim, RENAL) is Verdict.UNSUPPORTED, explain(claim, RENAL)


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Renal: creatinine clearance 29 mL/min", "Creatinine clearance 29 mL/min."),  # a test
        ("Took it this morning together with today's pill", "She took it with today's pill."),
        ("The affected side is the left", "Left-sided weakness."),  # a finding, no relation
        ("Rash affecting both elbows; it does not affect the face", "Eczema on both elbows."),
    ],
)  # fmt: skip
def test_round_51_classes_leave_other_readings_alone(claim: str, line: str) -> None:
    assert unlicensed_relation(claim, line) is None


def test_a_relevance_does_not_license_its_dismissal() -> None:
    line = "eGFR 48 is relevant to metformin dosing."
    assert unlicensed_relation("eGFR 48 is relevant to metformin", line) is None
    assert unlicensed_relation("eGFR 48 is irrelevant to metformin", line) == "irrelevant"


def test_a_handoff_reads_only_the_record_relations() -> None:
    """Causes, interactions, masking and risk denied are a handoff writer's clinical knowledge."""
    assert set(RECORD_RELATIONS) == {"irrelevance", "collapsed doses"}
    record = "Methotrexate 15 mg weekly; trimethoprim prescribed for a UTI."
    assert (
        unlicensed_relation("antifolate interaction with methotrexate", record, RECORD_RELATIONS)
        is None
    )
    assert (
        unlicensed_relation("eGFR 72, no bearing on methotrexate", record, RECORD_RELATIONS)
        == "no bearing on"
    )
