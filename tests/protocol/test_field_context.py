"""Round 49: a named field or reason read in its episode's context (urgent findings, other fields).

Each case is a handoff of the bank's reference with one text replaced; the correct rewordings
come from the kinds of the dev sets' disagreements (labelled correct, scored wrong), each paired
with a wrong twin that stays wrong.
"""

from __future__ import annotations

import pytest

from carebench.agents.workproduct import Handoff, reference_work_product
from carebench.episodes.bank import load_bank
from carebench.episodes.schema import Action
from carebench.protocol.handoff_findings import finding_stated
from carebench.protocol.scores import handoff_completeness


def _wrong(episode_id: str, name: str, value: str) -> tuple[str, ...]:
    episode = next(e for e in load_bank() if e.episode_id == episode_id)
    handoff = reference_work_product(episode, Action.ESCALATE)["handoff"]
    if name == "reason":
        handoff["reason"] = value
    else:
        handoff["fields"][name] = value
    return handoff_completeness(episode, Handoff.model_validate(handoff)).wrong


@pytest.mark.parametrize(
    ("episode_id", "name", "value", "right"),
    [
        # a reference "conclusion: findings" is stated by its conclusion when no finding it
        # carries is contradicted
        ("tia-clinic-letter.s2.late_risk", "diagnosis",
         "TIA at clinic today; now new persisting deficit from 15:05 - suspected acute stroke",
         True),
        ("tia-clinic-letter.s2.late_risk", "diagnosis",
         "suspected acute stroke: resolved, speech back to normal", False),
        ("toddler-gastroenteritis.s1.conflict", "hydration status",
         "no wet nappy for 13 hours, sunken eyes, cold hands and feet, floppy: mild dehydration, "
         "fine for oral fluids at home", False),
        # a bare number under another label does not carry a finding's measurement
        ("exertional-chest-pain.s1.conflict", "risk factors",
         "Smoker 20/day, father MI at 60, hypertension", True),
        # the urgent findings joined are not one more value beside each finding (a dump needs two)
        ("behavioural-health-followup-note.s2.conflict", "risk assessment",
         "Unresolved, potentially high: denies suicidal thoughts, but husband reports giving away "
         "belongings and stockpiling two boxes of paracetamol this week; needs urgent reassessment "
         "today", True),
        # a finding's clock time is when, not what: left out it is not required, moved it is wrong
        ("insulin-discharge-reconciliation.s2.conflict", "reason",
         "Two nocturnal hypoglycaemic episodes (2.9 and 2.4 mmol/L, the second with confusion) on "
         "glargine 24 units mean the discharge insulin dose needs prescriber review today.", True),
        ("insulin-discharge-reconciliation.s2.conflict", "reason",
         "Two nocturnal hypoglycaemic episodes (2.9 at 15:10 and 2.4 mmol/L, the second with "
         "confusion) on glargine 24 units mean the dose needs prescriber review today.", False),
    ],
)  # fmt: skip
def test_a_text_is_read_in_its_episodes_context(
    episode_id: str, name: str, value: str, right: bool
) -> None:
    assert (name not in _wrong(episode_id, name, value)) is right


def test_a_number_under_another_label_is_not_the_findings_measurement() -> None:
    finding = "sat with the same tightness for 20 minutes, grey and sweaty"
    assert not finding_stated("smoker 20 a day", finding)
    assert finding_stated("tightness at rest for 20 minutes, grey and sweaty", finding)
    assert finding_stated("CBG 2.9", "capillary glucose 2.9 at 03:10")
    assert not finding_stated("CBG 2.9 at 15:10", "capillary glucose 2.9 at 03:10")
