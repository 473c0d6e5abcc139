"""Shared handoff test material: the fixture's correct handoff and a record to check statements by."""

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


# A record of the kinds the handoff statement rules read: a relative's message, an earlier time, a
# plan that ends care, a time span.
RECORD = (
    "Message from the daughter, 14:05: her father has crushing chest pain spreading to the left "
    "arm for 20 minutes, sweaty and grey.\n"
    "He had a similar ache last week when walking uphill.\n"
    "Ward round today: discharge on glargine 24 units at 22:00.\n"
    "Seen today 5 days after 20 minutes of right arm weakness."
)
