"""The obligation tracker closes an obligation only when the patient heard it delivered (issue 22)."""

from __future__ import annotations

from carebench.interruptions.pathway import load_pathway
from carebench.interruptions.prompts import agent_system_prompt
from carebench.interruptions.scripted import ScriptedAgent
from carebench.interruptions.tracker import open_obligations
from carebench.interruptions.transcript import Turn, delivered

P = load_pathway("cataract-follow-up")
ANSWER = " ".join(P.faq.answer)
ESCALATION = "Tell the patient (light-sensitivity): " + next(
    p.description for p in P.faq.points if p.id == "escalation"
)


def _heard(after_cut: str) -> list:
    """Prelude about pain, vision and redness; the patient asks the FAQ; a cut after sentence 1."""
    cut = len(P.faq.answer[0])
    turns = [
        Turn(speaker="agent", text="Any pain? Any change in vision? Any redness?", prelude=True),
        Turn(speaker="patient", text="No pain, vision fine, not red.", prelude=True),
        Turn(speaker="agent", text="Okay.", prelude=False),
        Turn(speaker="patient", text=P.faq.patient_question),
        Turn(speaker="agent", text=ANSWER),
        Turn(speaker="patient", text="Can I just ask, when can I drive again?", cuts=cut),
        Turn(speaker="agent", text=after_cut),
    ]
    return delivered(turns)


def test_prelude_and_stray_words_never_close_the_escalation_point() -> None:
    for text in (
        "I will note that right away.",  # stray urgency words; prelude has pain, vision, red
        "Right away: once you meet the eyesight standard.",
        "If the eye gets more painful or red, call straight away.",  # partial: no vision
    ):
        assert ESCALATION in open_obligations(P, _heard(text)), text


def test_delivery_after_the_interruption_closes_it() -> None:
    assert ESCALATION not in open_obligations(P, _heard(P.faq.answer[1]))


def test_the_cued_agent_acts_on_the_list_it_is_given() -> None:
    h = _heard("Once you meet the standard.")
    wrong = agent_system_prompt(
        P, open_obligations=['Ask: "Are you managing to put in your eye drops as prescribed?"']
    )
    right = agent_system_prompt(P, open_obligations=open_obligations(P, h))
    agent = ScriptedAgent("cued")
    from carebench.interruptions.prompts import agent_messages

    led_right = agent.turn(agent_messages(right, h), P)
    led_wrong = agent.turn(agent_messages(wrong, h), P)
    assert P.faq.answer[1] in led_right
    assert P.faq.answer[1] not in led_wrong
