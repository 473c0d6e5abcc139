"""A conjunct that denies what its cited line states (round 31, carebench.episodes.denials)."""

from __future__ import annotations

import pytest

from carebench.episodes.denials import denied_part
from carebench.episodes.support import Verdict, explain, support


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        ("No vomiting and no fever.", Verdict.CONTRADICTS),
        ("No fever, no vomiting.", Verdict.CONTRADICTS),
        ("No vomiting.", Verdict.CONTRADICTS),  # one segment: the whole claim's frame, as before
        ("No fever; vomited 3 times today.", Verdict.SUPPORTED),
    ],
)
def test_a_conjunct_that_denies_what_the_line_states_contradicts(
    claim: str, verdict: Verdict
) -> None:
    """Round 31: a negated conjunct of a longer claim is read as a one-segment claim's frame is
    (on a609c43 the first two were supported: the line says she vomited)."""
    line = "No fever; vomited 3 times today."
    assert support(claim, line) is verdict, explain(claim, line)


def test_guidance_does_not_carry_a_conjunct_s_denial() -> None:
    """A rule naming the finding ("needs same-day assessment") says nothing of the patient."""
    lines = (
        "Clinic BP today 158/96. No chest pain, no headaches.\n"
        "E4. BP 180/120 or higher with new symptoms such as headache needs same-day assessment."
    )
    claim = "BP 158/96 with no headache or chest pain, so no same-day assessment needed."
    assert support(claim, lines) is Verdict.SUPPORTED, explain(claim, lines)


def test_only_a_conjunct_whose_every_negated_term_the_line_asserts_denies_it() -> None:
    line = "Passing urine and opening bowels normally; walking steadily."
    assert denied_part("Walking steadily, no bladder or bowel change", line) is None
    assert denied_part("Walking steadily, no vomiting", "Vomited twice; walking steadily.") == (
        "no vomiting"
    )
    assert denied_part("No vomiting", "Vomited twice.") is None  # one conjunct: its own frame


@pytest.mark.parametrize("bound", ["no more than 5 days", "for no more than 5 days"])
def test_a_bound_is_not_a_denial(bound: str) -> None:
    """Round 39 (red team 31's control): "no more than 5 days" limits the course the line gives;
    on a9a8752 the claim contradicted its line."""
    line = "Amoxicillin 500 mg three times daily for up to 5 days."
    claim = f"amoxicillin 500 mg three times daily, {bound}"
    assert denied_part(claim, line) is None
    assert support(claim, line) is not Verdict.CONTRADICTS, explain(claim, line)
