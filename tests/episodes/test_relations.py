"""Relations a claim asserts must be ones its cited lines state (round 31, red team 22)."""

from __future__ import annotations

import pytest

from carebench.episodes.relations import unlicensed_relation
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
