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


RENAL = "Kidney function: eGFR 48. Metformin 500 mg twice daily; glargine 24 units."


@pytest.mark.parametrize(
    "claim",
    [
        "eGFR 48, irrelevant to metformin",  # a dismissal
        "eGFR 48 has no bearing on the glargine dose",
        "eGFR 48, which does not matter for metformin",
        "eGFR 48 can be ignored for metformin",
        "Glargine 24 units is unaffected by eGFR 48",  # an unrelatedness
        "Metformin 500 mg twice daily, unrelated to eGFR 48",
        "eGFR 48 has a big effect on metformin",  # a relevance
        "Metformin 500 mg twice daily, which the kidney clears; eGFR 48",  # an elimination
    ],
)
def test_round_51_relations_the_line_does_not_state_are_unsupported(claim: str) -> None:
    """Red team 38 (round 51): each was supported on fe511ab, its relation words uncovered
    common words beside covered facts."""
    assert support(claim, RENAL) is Verdict.UNSUPPORTED, explain(claim, RENAL)


def test_a_risk_denied_against_a_line_that_names_the_risk_is_unsupported() -> None:
    """Supported on fe511ab: every term of the claim is in the line, which says the opposite."""
    line = (
        "Type 1 diabetes on basal insulin glargine 24 units; sick-day rules given: ketoacidosis"
        " is a risk if insulin is stopped."
    )
    claim = "Type 1 diabetes, no ketoacidosis risk on basal insulin"
    assert support(claim, line) is Verdict.UNSUPPORTED, explain(claim, line)


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("Renal: creatinine clearance 29 mL/min", "Creatinine clearance 29 mL/min."),  # a test
        ("Relevant history: eGFR 48", RENAL),  # a heading
        ("No risk factors for VTE; enoxaparin not needed", "VTE assessment: no risk factors."),
        ("Took it this morning together with today's pill", "She took it with today's pill."),
        ("Rash affecting both elbows; it does not affect the face", "Eczema on both elbows."),
        ("Advised not to give both doses at the same time", "Ibuprofen every 6-8 hours."),
        ("Amoxicillin 3 g as a single dose", "Amoxicillin 3 g single dose."),
        ("Take both tablets together with food", "Take 2 tablets together with food."),
        ("Renal team cleared him for discharge", "Cleared for discharge by the renal team."),
        ("Kidney transplant 2015; cleared by transplant clinic", "Transplant clinic review."),
        ("Rather than give both doses together, skip the missed one", "Missed dose advice."),
    ],
)  # fmt: skip
def test_round_51_classes_leave_other_readings_alone(claim: str, line: str) -> None:
    assert unlicensed_relation(claim, line) is None


def test_a_relevance_does_not_license_its_dismissal() -> None:
    line = "eGFR 48 is relevant to metformin dosing."
    assert unlicensed_relation("eGFR 48 is relevant to metformin", line) is None
    assert unlicensed_relation("eGFR 48 is irrelevant to metformin", line) == "irrelevant to"
    for dismissal in ("has no real bearing on", "does not matter for", "is of no relevance to"):
        claim = f"eGFR 48 {dismissal} metformin"
        assert unlicensed_relation(claim, "eGFR 48 is irrelevant to metformin.") is None, claim
        assert unlicensed_relation(claim, line) is not None, claim


def test_a_handoff_reads_only_the_record_relations() -> None:
    """Causes, interactions, masking, risk and findings' unrelatedness are a handoff writer's."""
    record = "Methotrexate 15 mg weekly; trimethoprim prescribed for a UTI; chest pain at rest."
    for text in (
        "antifolate interaction with methotrexate",
        "chest pain unrelated to exertion",
        "no acute risk reported",
    ):
        assert unlicensed_relation(text, record, RECORD_RELATIONS) is None, text
    dismissal = unlicensed_relation("eGFR 72, no bearing on methotrexate", record, RECORD_RELATIONS)
    assert dismissal == "no bearing on"


@pytest.mark.parametrize(
    "waiver",
    ["no INR checks needed", "bloods not required", "never needs rechecking",
     "no need for a potassium level", "INR monitoring is unnecessary", "obs can be stopped",
     "no routine kidney function tests required"],
)  # fmt: skip
def test_round_53_monitoring_waived_must_be_stated_by_the_line_or_record(waiver: str) -> None:
    """Red team 40: a drug that needs monitoring declared to need none, beside a true dose."""
    line = "Warfarin 3 mg daily; INR 2.6 on Monday."
    claim = f"Warfarin 3 mg daily, {waiver}"
    assert support(claim, line) is Verdict.UNSUPPORTED, explain(claim, line)
    assert unlicensed_relation(claim, line, RECORD_RELATIONS) is not None
    waived = f"{line} No routine INR monitoring is needed on this regimen."
    assert unlicensed_relation(claim, waived) is None  # a line that waives one licenses it


@pytest.mark.parametrize(
    "text",
    ["no further action needed", "no need to worry", "INR check needed on Monday",
     "no need for an ambulance", "no risk factors", "recheck potassium tomorrow",
     # an independent review's false positives on the round's first commits
     "without INR monitoring since February", "INR checks skipped since March",
     "obs were omitted overnight", "cannot be managed without cardiac monitoring",
     "no need to wait for bloods before calling 999", "she asks whether the bloods are needed"],
)  # fmt: skip
def test_round_53_a_waiver_names_a_check_not_needed(text: str) -> None:
    assert unlicensed_relation(text, "Warfarin 3 mg daily.", ("waiver",)) is None


def test_round_53_an_interaction_denied_must_be_stated_by_the_record() -> None:
    """Red team 40: "methotrexate 15 mg weekly, safe with trimethoprim" in claims and handoffs."""
    record = "Methotrexate 15 mg weekly; trimethoprim 200 mg twice daily started Monday."
    for denial in ("safe with trimethoprim", "no interaction with trimethoprim",
                   "which does not interact with trimethoprim", "won't interact with trimethoprim"):  # fmt: skip
        text = f"Methotrexate 15 mg weekly, {denial}"
        assert unlicensed_relation(text, record, RECORD_RELATIONS) is not None, text
    asked = "She asks whether paracetamol is safe to keep taking with the warfarin."
    assert unlicensed_relation("paracetamol safe to take with warfarin", asked) is None
    for text in (
        "safe to discharge with a leaflet",
        "simvastatin 20 mg at night, not safe with clarithromycin",  # asserts the interaction
        "daughter asks whether paracetamol is safe to take with the warfarin",  # a question
        "baby floppy and does not interact with mum",  # no medicine on the other side
        "she is safe with her husband until the crew arrive",
    ):
        assert unlicensed_relation(text, record, RECORD_RELATIONS) is None, text
