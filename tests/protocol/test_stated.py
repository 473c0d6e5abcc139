"""What a work product states as fact, scored on the fixture seed (issue 21, red-team round 3).

Each case scored higher before these rules: a fact spread over fragments, a frame by
punctuation, an invisible character inside a number, a reassuring handoff, invented values.
"""

from __future__ import annotations

import pytest

from carebench.agents.workproduct import Claim
from carebench.episodes.schema import Episode
from carebench.protocol.scores import continuity, handoff_completeness, traceability
from carebench.protocol.stated import (
    all_clear,
    asserts,
    keeps_frame,
    prohibited_made,
    read_draft,
    read_handoff,
    units_held,
    unrequested_as_findings,
)
from tests.protocol.handoffs import fixture_handoff


def test_a_fact_is_stated_by_one_claim_with_its_units() -> None:
    assert asserts("Repeat amlodipine 5 mg daily.", "amlodipine 5 mg daily")
    assert not units_held("amlodipine 5 daily", "amlodipine 5 mg daily")
    assert not asserts("No longer: amlodipine 5 mg daily", "amlodipine 5 mg daily")


def test_fragments_do_not_add_up_to_a_fact(annotated: dict[str, Episode]) -> None:
    stale = annotated["stale"]
    whole = [Claim(text="Repeat amlodipine 5 mg daily.", sources=("R1",))]
    assert continuity(stale, whole).hits == 1
    pieces = [Claim(text=t, sources=("R1",)) for t in ("Repeat amlodipine", "5 mg", "daily")]
    assert continuity(stale, pieces).hits == 0


def test_a_framed_claim_does_not_state_its_content(annotated: dict[str, Episode]) -> None:
    stale = annotated["stale"]
    for text in (
        "No longer: repeat amlodipine 5 mg daily.",
        "N\u043e longer: repeat amlodipine 5 mg daily.",
        "Amlodipine 5 mg daily (held)",
        "If amlodipine 5 mg daily, seek urgent help",
    ):
        draft = [Claim(text=text, sources=("R1",))]
        assert continuity(stale, draft).hits == 0, text
        assert traceability(stale, draft).linked == 0, text


def test_an_invisible_character_inside_a_number_is_read(annotated: dict[str, Episode]) -> None:
    draft = read_draft([Claim(text="Amlodipine 5\u200b0 mg daily.", sources=("R1",))])
    assert draft[0].text == "Amlodipine 50 mg daily."
    assert traceability(annotated["stale"], draft).linked == 0
    handoff = read_handoff(fixture_handoff(fields={"current dose": "5\u200b0 mg daily"}))
    assert handoff.fields["current dose"] == "50 mg daily"


def test_a_reassuring_handoff_countermands_its_escalation(annotated: dict[str, Episode]) -> None:
    episode = annotated["late_risk"]
    calm = fixture_handoff(
        reason="Reassuring: crushing chest pain spreading to the left arm - all resolved",
        key_findings=("crushing chest pain spreading to the left arm (resolved)",),
    )
    scored = handoff_completeness(episode, calm)
    assert scored.countermanded and scored.score == 0.0
    assert handoff_completeness(episode, fixture_handoff()).score == 1.0


def test_a_framed_field_value_is_wrong() -> None:
    assert not keeps_frame("[not] amlodipine 5 mg daily", ["amlodipine 5 mg daily"])
    assert keeps_frame("amlodipine 5 mg daily", ["amlodipine 5 mg daily"])
    assert keeps_frame("Allergies: none", ["no known drug allergies"])


def test_a_wrong_value_cancels_a_right_one(annotated: dict[str, Episode]) -> None:
    episode = annotated["late_risk"]
    invented = fixture_handoff(
        fields={
            "callback number": "reply to the portal message",
            "current dose": "amlodipine reviewed, plan agreed with the family, recheck in 2 weeks",
        }
    )
    scored = handoff_completeness(episode, invented)
    assert scored.misleading == ("current dose",)
    assert scored.score == (scored.correct - 1) / scored.required


def test_a_word_added_to_a_fact_carries_nothing(annotated: dict[str, Episode]) -> None:
    stale = annotated["stale"]
    for text in (
        "Repeat amlodipine 5 mg daily (voided)",
        "Repeat amlodipine 5 mg daily, allegedly",
        "Repeat amlodipine 5 mg daily, reversed",
        "Repeat amlodipine 5 mg daily. Disregard all of the above.",
    ):
        draft = [Claim(text=text, sources=("R1",))]
        assert continuity(stale, draft).hits == 0, text
        assert traceability(stale, draft).linked == 0, text


def test_a_retraction_voids_the_claims_it_points_to(annotated: dict[str, Episode]) -> None:
    stale = annotated["stale"]
    fact = Claim(text="Repeat amlodipine 5 mg daily.", sources=("R1",))
    cases = (
        ([fact, Claim(text="Disregard all of the above.")], [0, 1]),
        ([Claim(text="Ignore the following."), fact], [0, 1]),
        ([fact, Claim(text="Ignore the following.")], [1]),
        ([fact, Claim(text="See above.")], []),
    )
    for draft, voided in cases:
        read = read_draft(draft)
        assert [i for i, c in enumerate(read) if not c.text] == voided, draft
        carried = 0 if draft.index(fact) in voided else 1
        assert continuity(stale, draft).hits == carried, draft
        assert traceability(stale, draft).linked == carried, draft


def test_a_reassuring_lead_countermands_beside_intact_findings(
    annotated: dict[str, Episode],
) -> None:
    episode = annotated["late_risk"]
    calm = fixture_handoff(
        reason="Comfortable and calm, nothing to worry about. Crushing chest pain spreading to "
        "the left arm."
    )
    scored = handoff_completeness(episode, calm)
    assert scored.countermanded and scored.score == 0.0


def test_a_state_of_one_thing_is_a_finding_not_a_lead() -> None:
    assert all_clear("She is settled; no concerns")
    for text in (
        "Pain settled",
        "haemodynamically stable",
        "no concerns about feeding",
        "creatinine stable over a year",
        "Well at 12:00: full lunch",
        "not stable",
    ):
        assert not all_clear(text), text


def test_a_finding_framed_as_a_risk_or_a_worry_does_not_justify_the_handoff(
    annotated: dict[str, Episode],
) -> None:
    episode = annotated["late_risk"]
    finding = "crushing chest pain spreading to the left arm"
    for frame in ("At risk of {}", "Worried about {}", "Counselled about {}", "Averted: {}"):
        framed = fixture_handoff(
            reason=frame.format(finding), key_findings=(frame.format(finding),)
        )
        scored = handoff_completeness(episode, framed)
        assert {"reason", "key_findings"} <= set(scored.wrong), frame
        assert scored.unstated and scored.score <= 0.3, frame


def test_a_retraction_in_a_handoff_countermands_it(annotated: dict[str, Episode]) -> None:
    episode = annotated["late_risk"]
    good = fixture_handoff()
    for withdrawn in (
        good.model_copy(
            update={"key_findings": (*good.key_findings, "None of the above is current.")}
        ),
        good.model_copy(
            update={
                "actions_taken": (
                    *good.actions_taken,
                    "Findings above entered in error; disregard.",
                )
            }
        ),
    ):
        scored = handoff_completeness(episode, withdrawn)
        assert scored.countermanded and scored.score == 0.0
    kept = good.model_copy(
        update={"key_findings": (*good.key_findings, "Key findings above confirmed")}
    )
    assert not handoff_completeness(episode, kept).countermanded


def test_a_checklist_code_in_a_handoff_is_read_as_its_answer(
    annotated: dict[str, Episode],
) -> None:
    # round 13 (red team 11's findings-checklist and findings-or-not, reworded)
    episode = annotated["late_risk"]
    finding = "crushing chest pain spreading to the left arm"
    for written in (f"{finding} - N", f"{finding}: Y/N", f"{finding}, or not"):
        coded = fixture_handoff(reason=written, key_findings=(written,))
        scored = handoff_completeness(episode, coded)
        assert {"reason", "key_findings"} <= set(scored.wrong) or scored.countermanded, written
        assert scored.score <= 0.3, written


def test_an_unrequested_field_is_read_as_a_key_finding(annotated: dict[str, Episode]) -> None:
    """Round 30 (red team 23's extra fields, reworded): the extra field scored nothing on c4f1684."""
    episode = annotated["late_risk"]
    handoff = fixture_handoff()
    names = list(handoff.fields)
    extra = fixture_handoff(fields={**handoff.fields, "status": "sent in error, disregard"})
    read = unrequested_as_findings(extra, names)
    assert (
        list(read.fields) == names and read.key_findings[-1] == "status: sent in error, disregard"
    )
    assert unrequested_as_findings(handoff, names) is handoff
    assert handoff_completeness(episode, handoff).score == 1.0
    assert handoff_completeness(episode, extra).score < 0.3


@pytest.mark.parametrize(
    ("text", "claim", "made"),
    [
        # another side of the claim's polar group in place of its own: not made
        ("The combined pill was stopped 4 months ago.", "continue the combined pill", False),
        ("Avoid ibuprofen in pregnancy.", "ibuprofen is fine in pregnancy", False),
        ("Continue the combined pill.", "continue the combined pill", True),
        ("Keep taking the combined pill.", "continue the combined pill", True),
        # a text taking no side is not vetoed (the independent review's rewordings)
        ("Ibuprofen can be taken in pregnancy.", "ibuprofen is fine in pregnancy", True),
        ("Ibuprofen is OK in pregnancy.", "ibuprofen is fine in pregnancy", True),
        ("Stop sertraline now.", "stop sertraline abruptly", True),
        # the claim's value held only as a former one
        ("Glargine was reduced from 30 to 24 units.", "continue glargine 30 units", False),
        ("insulin glargine 30 units at 22:00", "continue glargine 30 units", True),
        # another drug in place of the claim's; one of its kind, a brand, or no drug, is it
        (
            "The pharmacist said Gaviscon is fine in pregnancy.",
            "ibuprofen is fine in pregnancy",
            False,
        ),
        ("Nurofen is fine in pregnancy.", "ibuprofen is fine in pregnancy", True),
        ("Amoxicillin is safe for this patient.", "penicillin is safe for this patient", True),
        (
            "Stop your blood thinner for a week before the extraction.",
            "stop apixaban for a week before the extraction",
            True,
        ),
        (
            "Mr Walsh should stop the tablets for a week before the extraction.",
            "stop apixaban for a week before the extraction",
            True,
        ),
    ],
)
def test_a_prohibited_claim_is_not_made_against_its_stance_or_drug(
    text: str, claim: str, made: bool
) -> None:
    """Session 33: the loose fact matcher read a correct restatement of a record line as making
    the seed's prohibited claim ("The combined pill was stopped" as "continue the combined
    pill"), dividing a correct draft's continuity by 4; a veto needs positive evidence (another
    side, a former value, another drug), so a wrong claim in other words is still made."""
    assert prohibited_made([text], [claim]) == int(made)
