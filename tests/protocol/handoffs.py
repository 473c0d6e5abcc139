"""A correct handoff for the fixture seed's late-risk episode, shared by the score tests."""

from __future__ import annotations

from carebench.agents.workproduct import Handoff, Urgency


def fixture_handoff(**update: object) -> Handoff:
    """A correct handoff for the fixture's late-risk episode, with ``update`` applied."""
    good = Handoff(
        urgency=Urgency.EMERGENCY,
        destination="emergency_services",
        reason="Crushing chest pain spreading to the left arm.",
        key_findings=("crushing chest pain spreading to the left arm",),
        actions_taken=("advised to call 999 now",),
        fields={"callback number": "reply to the portal message", "current dose": "5 mg daily"},
    )
    return good.model_copy(update=update)
