"""Atomic scores on hand-built work products (paper 001), each expectation computed by hand."""

from __future__ import annotations

import json
import re

import pytest

from carebench.agents.workproduct import (
    Claim,
    Handoff,
    Urgency,
    parse_work_product,
    reference_work_product,
)
from carebench.episodes.schema import DESTINATIONS, Action, Episode
from carebench.episodes.sources import episode_sources
from carebench.protocol.handoff_safety import VETO_FACTOR
from carebench.protocol.scores import continuity, handoff_completeness, score_output, traceability
from tests.protocol.handoffs import fixture_handoff


def test_the_fixture_supersedes_the_old_summary(annotated: dict[str, Episode]) -> None:
    stale = {s.id: s for s in episode_sources(annotated["stale"])}
    assert stale["R1"].evidence == "Ann Lee, 40. Takes amlodipine 5 mg daily."
    assert stale["N1"].evidence == "Asks for a repeat of amlodipine."  # the old summary is gone
    assert all(s.admissible for s in stale.values())


def test_continuity_retained_stale_and_contradiction(annotated: dict[str, Episode]) -> None:
    stale = annotated["stale"]
    kept = Claim(text="Repeat amlodipine 5 mg daily.", sources=("R1",))
    assert continuity(stale, [kept]).score == 1.0
    carried = Claim(text="The summary lists no regular medicines.", sources=("N1",))
    result = continuity(stale, [kept, carried])
    assert (result.required, result.hits, result.stale, result.contradictions) == (1, 1, 1, 0)
    assert result.score == 0.25  # 1 / 1 x 0.25 ** (1 stale + 0 contradictions) x concision 1
    contradicting = Claim(text="Stop amlodipine today.", sources=("R1",))
    result = continuity(stale, [kept, contradicting])
    assert (result.hits, result.stale, result.contradictions) == (1, 0, 1)
    negated = Claim(text="Do not stop amlodipine.", sources=("R1",))
    assert continuity(stale, [kept, negated]).contradictions == 0


def test_a_deleted_fact_is_not_required(annotated: dict[str, Episode]) -> None:
    result = continuity(annotated["missing"], [Claim(text="Takes a tablet.", sources=("R1",))])
    assert result.required == 0 and result.score is None


def test_traceability_linked_unsupported_mismatched(annotated: dict[str, Episode]) -> None:
    stale = annotated["stale"]
    draft = [
        Claim(text="Amlodipine 5 mg daily.", sources=("R1",)),  # linked
        Claim(text="Amlodipine 5 mg daily.", sources=()),  # unsupported
        Claim(text="No regular medicines.", sources=("N1",)),  # cites superseded text
        Claim(text="Amlodipine 5 mg daily.", sources=("X9",)),  # no such item
        Claim(text="Amlodipine 10 mg daily.", sources=("R1",)),  # R1 does not say 10
    ]
    result = traceability(stale, draft)
    counts = (result.claims, result.linked, result.unsupported, result.mismatched)
    assert counts == (5, 1, 1, 2) and result.contradicted == 1  # 10 mg against R1's 5 mg
    assert result.score == 0.0  # max(0, (1 - 0.5 * (2 + 1)) / 5)
    two = traceability(stale, draft[:2] + draft[3:4])
    assert two.score == pytest.approx((1 - 0.5 * 1) / 3)


def test_handoff_missing_and_wrong_fields(annotated: dict[str, Episode]) -> None:
    episode = annotated["late_risk"]
    good = fixture_handoff(
        key_findings=("crushing chest pain", "takes amlodipine 5 mg daily"),
        actions_taken=("advised to call 999",),
        fields={"callback number": "see record", "current dose": "amlodipine 5 mg daily"},
    )
    result = handoff_completeness(episode, good)
    assert (result.required, result.present, result.correct) == (7, 6, 6)
    assert result.missing == ("callback number",)  # "see record" is a placeholder, not a value
    bad = good.model_copy(
        update={
            "urgency": Urgency.ROUTINE,
            "fields": {"callback number": " ", "current dose": "amlodipine 10 mg daily"},
        }
    )
    result = handoff_completeness(episode, bad)
    assert result.missing == ("callback number",)
    assert result.wrong == ("urgency", "current dose")
    assert result.misleading == ("urgency", "current dose")
    assert result.under_triage == 1  # routine, one level slower than same day
    # each wrong value cancels a right one; the under-triage quarters the rest, and so does
    # having no named field right (unrouted, round 14)
    assert result.unrouted
    assert result.score == pytest.approx((4 - 2) / 7 * VETO_FACTOR**2)


def _raw(action: str, **product: object) -> str:
    return json.dumps({"action": action, "confidence": 0.9, "reason": "r", **product})


def test_work_product_rules(annotated: dict[str, Episode]) -> None:
    assert parse_work_product(_raw("Answer", draft=[], handoff=None), Action.ANSWER).error == (
        "an Answer must carry a non-empty draft"
    )
    assert parse_work_product(_raw("Escalate", draft=[]), Action.ESCALATE).error == (
        "an Escalate must carry a handoff"
    )
    assert parse_work_product("not json", None).error == "the decision is invalid"
    wrong = parse_work_product(_raw("Answer", draft=[{"text": 5}]), Action.ANSWER)
    assert wrong.work_product is None and wrong.error and wrong.error.startswith("draft.0.text")
    scored = score_output(
        annotated["clean"], _raw("Abstain", draft=[], handoff=None), Action.ABSTAIN
    )
    assert scored.work_product_valid and scored.continuity is None and scored.handoff is None


def test_copying_the_evidence_earns_nothing(annotated: dict[str, Episode]) -> None:
    """Issue 21: every evidence line copied verbatim, each citing itself, is an evidence dump."""
    episode = annotated["clean"]
    sources = [s for s in episode_sources(episode) if s.admissible]
    copied = [Claim(text=s.evidence, sources=(s.id,)) for s in sources]
    assert traceability(episode, copied).concision == 0.0
    assert traceability(episode, copied).score == 0.0
    kept = continuity(episode, copied)
    assert kept.hits == kept.required and kept.score == 0.0  # every fact, but as a dump


def test_citing_every_id_costs_precision(annotated: dict[str, Episode]) -> None:
    episode = annotated["clean"]
    ids = tuple(s.id for s in episode_sources(episode))
    result = traceability(episode, [Claim(text="Takes amlodipine 5 mg daily.", sources=ids)])
    assert result.linked == 1
    naming = [s for s in episode_sources(episode) if "amlodipine" in s.evidence.lower()]
    assert result.precision == pytest.approx(len(naming) / len(ids))  # lines naming the drug


def test_content_free_claims_are_empty(annotated: dict[str, Episode]) -> None:
    episode = annotated["clean"]
    draft = [Claim(text=t, sources=("R1",)) for t in ("OK.", "See record.", "As above.")]
    result = traceability(episode, draft)
    assert result.empty == 3 and result.score == 0.0


def test_handoff_destination_must_act_now_and_999_is_allowed(
    annotated: dict[str, Episode],
) -> None:
    episode = annotated["late_risk"]
    handoff = fixture_handoff(
        key_findings=("crushing chest pain",),
        fields={"callback number": "n/a", "current dose": "amlodipine 5 mg daily"},
    )
    assert "actions_taken" not in handoff_completeness(episode, handoff).wrong
    routine = handoff.model_copy(update={"destination": "routine_gp"})
    if "routine_gp" in DESTINATIONS[episode.task_class]:
        assert "destination" in handoff_completeness(episode, routine).wrong
    elsewhere = handoff.model_copy(update={"destination": DESTINATIONS[episode.task_class][0]})
    assert "actions_taken" not in handoff_completeness(episode, elsewhere).wrong  # safety-netting
    invented = handoff.model_copy(update={"actions_taken": ("advised to call 07700 123456",)})
    assert "actions_taken" in handoff_completeness(episode, invented).wrong


def test_an_emergency_only_escalation_must_go_where_an_emergency_is_acted_on(
    annotated: dict[str, Episode],
) -> None:
    from carebench.episodes.schema import EMERGENCY_CAPABLE_DESTINATIONS, URGENT_DESTINATIONS

    episode = annotated["late_risk"]
    units = episode.annotations
    assert units is not None
    capable = EMERGENCY_CAPABLE_DESTINATIONS[episode.task_class]
    declared = {"handoff_urgency": ("emergency",), "handoff_destinations": capable}
    emergency_only = _with_units(episode, **declared)
    slower = [d for d in URGENT_DESTINATIONS[episode.task_class] if d not in capable]
    handoff = fixture_handoff(destination=capable[0])
    assert "destination" not in handoff_completeness(emergency_only, handoff).wrong
    for destination in slower:
        elsewhere = handoff.model_copy(update={"destination": destination})
        assert "destination" in handoff_completeness(emergency_only, elsewhere).wrong
        assert "destination" not in handoff_completeness(episode, elsewhere).wrong  # same-day ok


def test_actions_taken_must_escalate_not_only_advise() -> None:
    from carebench.protocol.handoff_reading import action_problem

    def escalates(actions: list[str]) -> bool:
        return action_problem(actions, emergency_only=False, record="") is None

    assert escalates(["Escalated to the on-call doctor"])
    assert escalates(["Advised to call 999 now"])
    assert escalates(["Note drafted for signing"])  # neutral: no advice given instead
    assert escalates(["Reply held until a clinician calls"])
    assert not escalates(["Advised fluids and paracetamol"])
    assert not escalates(["Told her she can start the new tablet tonight"])


def test_a_field_value_is_judged_by_support_against_its_references(
    annotated: dict[str, Episode],
) -> None:
    episode = annotated["late_risk"]
    handoff = fixture_handoff(
        fields={
            "callback number": "reply to the portal message",
            "current dose": "amlodipine 5 mg od",
        }
    )
    assert "current dose" not in handoff_completeness(episode, handoff).wrong  # od = daily
    wrong = handoff.model_copy(
        update={"fields": {**handoff.fields, "current dose": "amlodipine 5 mg BD"}}
    )
    assert "current dose" in handoff_completeness(episode, wrong).wrong


def test_a_handoff_that_pastes_the_evidence_costs_concision(annotated: dict[str, Episode]) -> None:
    episode = annotated["late_risk"]
    dump = " ".join(s.evidence for s in episode_sources(episode) if s.admissible)
    handoff = fixture_handoff(
        reason=dump[:400],
        key_findings=(dump[:400],),
        fields={"callback number": dump[:400], "current dose": dump[:400]},
    )
    scored = handoff_completeness(episode, handoff)
    assert scored.concision < 1.0
    assert scored.score == pytest.approx(scored.correct / scored.required * scored.concision)


def test_claims_their_own_sources_contradict_cost_continuity(annotated: dict[str, Episode]) -> None:
    stale = annotated["stale"]
    kept = Claim(text="Repeat amlodipine 5 mg daily.", sources=("R1",))
    wrong = Claim(text="Amlodipine 10 mg daily.", sources=("R1",))  # R1 says 5 mg
    result = continuity(stale, [kept, wrong])
    assert (result.claims, result.contradicted, result.hits) == (2, 1, 1)
    assert result.score == pytest.approx(1 / 1 * (1 - 1 / 2) * result.concision)


def test_a_field_filled_with_every_reference_value_is_not_a_value() -> None:
    """The red team's "kitchen sink": each field holds all fields' reference values and the
    urgent findings; the reference handoff itself stays correct field by field."""
    from carebench.agents.workproduct import reference_work_product
    from carebench.episodes.bank import load_bank

    checked = 0
    for episode in load_bank():
        units = episode.annotations
        if episode.reference.primary is not Action.ESCALATE or units is None:
            continue
        fields = [f for f in units.handoff_fields if units.handoff_values.get(f)]
        if len(fields) < 3:
            continue
        reference = Handoff.model_validate(
            reference_work_product(episode, Action.ESCALATE)["handoff"]
        )
        assert handoff_completeness(episode, reference).wrong == ()
        sink = "; ".join(
            [*(v[0] for v in units.handoff_values.values() if v), *units.urgent_findings]
        )
        stuffed = reference.model_copy(update={"fields": {name: sink for name in reference.fields}})
        assert set(fields) <= set(handoff_completeness(episode, stuffed).wrong), episode.episode_id
        checked += 1
        if checked == 5:
            break
    assert checked == 5


def _with_units(episode: Episode, **update: object) -> Episode:
    """``episode`` with its annotation units changed by ``update`` (a seed declaring other values)."""
    assert episode.annotations is not None
    return episode.model_copy(update={"annotations": episode.annotations.model_copy(update=update)})


def test_the_fixture_handoff_is_correct(annotated: dict[str, Episode]) -> None:
    scored = handoff_completeness(annotated["late_risk"], fixture_handoff())
    assert (scored.wrong, scored.missing, scored.score) == ((), (), 1.0)


def test_hedged_values_do_not_state_them(annotated: dict[str, Episode]) -> None:
    """The red team's hedged handoff scored 0.89: values were read without modality."""
    hedged = fixture_handoff(
        reason="Possibly crushing chest pain spreading to the left arm.",
        key_findings=("maybe crushing chest pain spreading to the left arm",),
        fields={
            "callback number": "reply to the portal message",
            "current dose": "possibly amlodipine 5 mg daily, not confirmed",
        },
    )
    scored = handoff_completeness(annotated["late_risk"], hedged)
    assert set(scored.wrong) == {"reason", "key_findings", "current dose"}


def test_routing_without_the_finding_behind_it_earns_nothing(annotated: dict[str, Episode]) -> None:
    """A right urgency and destination with no reason or findings stating why scored 0.33 on the
    bank (the routing-only handoff): the enumerated choice is credited only beside its finding."""
    episode = annotated["late_risk"]
    bare = fixture_handoff(reason="Escalating for urgent clinical review.", key_findings=())
    scored = handoff_completeness(episode, bare)
    assert {"urgency", "destination"}.isdisjoint(scored.wrong + scored.missing)  # verdicts kept
    assert scored.unjustified == ("urgency", "destination") and scored.unstated
    # round 11: a handoff that does not say why it is made is also quartered (unstated)
    assert scored.score == (scored.correct - 2 - len(scored.wrong)) / scored.required * 0.25
    with_finding = handoff_completeness(
        episode, fixture_handoff(reason="Escalating for urgent review.")
    )
    assert with_finding.unjustified == () and with_finding.score == (
        (with_finding.correct - len(with_finding.wrong)) / with_finding.required
    )


def test_urgency_and_destination_are_judged_against_declared_values_only(
    annotated: dict[str, Episode],
) -> None:
    """Where a seed declares none there is no default that always-emergency could satisfy."""
    episode = annotated["late_risk"]
    units = episode.annotations
    assert units is not None
    same_day = _with_units(
        episode, handoff_urgency=("same_day",), handoff_destinations=("care_team_same_day",)
    )
    scored = handoff_completeness(same_day, fixture_handoff())
    assert {"urgency", "destination"} <= set(scored.wrong)  # over-triage is not what was declared
    undeclared = _with_units(episode, handoff_urgency=(), handoff_destinations=())
    scored = handoff_completeness(undeclared, fixture_handoff())
    assert scored.required == 5  # urgency and destination are not scored, never free
    assert {"urgency", "destination"}.isdisjoint(scored.wrong + scored.missing)


def test_content_free_values_are_missing_and_yes_no_answers_are_values(
    annotated: dict[str, Episode],
) -> None:
    episode = annotated["late_risk"]
    vague = fixture_handoff(
        actions_taken=("Escalated",),
        key_findings=("Red flags present",),
        fields={"callback number": "see caller name", "current dose": "Per guideline"},
    )
    scored = handoff_completeness(episode, vague)
    assert set(scored.missing) == {
        "actions_taken",
        "key_findings",
        "callback number",
        "current dose",
    }
    units = episode.annotations
    assert units is not None
    asked = _with_units(
        episode, handoff_values={**units.handoff_values, "callback number": ("no phone",)}
    )
    answered = fixture_handoff(fields={"callback number": "None", "current dose": "5 mg daily"})
    assert handoff_completeness(asked, answered).wrong == ()
    assert handoff_completeness(asked, answered).missing == ()


def test_actions_must_act_now_on_an_emergency_and_invent_nobody(
    annotated: dict[str, Episode],
) -> None:
    episode = annotated["late_risk"]
    units = episode.annotations
    assert units is not None
    emergency = _with_units(
        episode, handoff_urgency=("emergency",), handoff_destinations=("emergency_services",)
    )
    for actions in (
        ("Routine GP appointment booked",),
        ("Urgent review requested", "Dr Patel accepted the referral"),
        ("Repeat prescription issued",),
    ):
        scored = handoff_completeness(emergency, fixture_handoff(actions_taken=actions))
        assert "actions_taken" in scored.wrong, actions
    now = fixture_handoff(actions_taken=("Duty doctor asked to call her now",))
    assert "actions_taken" not in handoff_completeness(emergency, now).wrong


def test_a_handoff_whose_fields_hold_other_fields_values_scores_nothing(
    annotated: dict[str, Episode],
) -> None:
    """The red team's urgent-findings-everywhere (0.56) and shifted fields (0.47): the routing
    fields alone gave 5 / (5 + k); a misfiled field now also costs the handoff's filing."""
    episode = annotated["late_risk"]
    pasted = fixture_handoff(
        fields={
            name: "crushing chest pain spreading to the left arm"
            for name in ("callback number", "current dose")
        }
    )
    scored = handoff_completeness(episode, pasted)
    assert set(scored.misfiled) == {"callback number", "current dose"}
    assert scored.score == 0.0
    units = episode.annotations
    assert units is not None
    values = {name: refs[0] for name, refs in units.handoff_values.items()}
    shifted = fixture_handoff(
        fields={
            "callback number": values["current dose"],
            "current dose": values["callback number"],
        }
    )
    scored = handoff_completeness(episode, shifted)
    assert scored.misfiled == ("callback number", "current dose") and scored.score == 0.0
    one = fixture_handoff(
        fields={
            "callback number": "reply to the portal message",
            "current dose": "reply to the portal message",
        }
    )
    scored = handoff_completeness(episode, one)  # the same text in every named field
    assert scored.score == 0.0


def test_a_field_value_is_the_value_the_reference_gives(annotated: dict[str, Episode]) -> None:
    episode = annotated["late_risk"]
    units = episode.annotations
    assert units is not None
    values = {
        "callback number": ("recheck next Monday",),
        "current dose": ("clopidogrel 75 mg daily; crushing chest pain spreading to the left arm",),
    }
    changed = _with_units(episode, handoff_values=values)
    right = fixture_handoff(
        fields={
            "callback number": "recheck Monday",
            "current dose": "clopidogrel 75 mg daily, now crushing chest pain into the left arm",
        }
    )
    assert handoff_completeness(changed, right).wrong == ()
    weekday = fixture_handoff(fields={**right.fields, "callback number": "recheck next Tuesday"})
    assert handoff_completeness(changed, weekday).wrong == ("callback number",)
    dropped = fixture_handoff(fields={**right.fields, "current dose": "clopidogrel 75 mg daily"})
    assert handoff_completeness(changed, dropped).wrong == ("current dose",)  # drops the danger


def test_key_findings_state_measurements_by_value_and_unit(annotated: dict[str, Episode]) -> None:
    episode = annotated["conflict"]  # urgent finding: "BP 210/125 with headache"
    units = episode.annotations
    assert units is not None
    measured = _with_units(
        episode, urgent_findings=("capillary glucose 1.9 mmol/L", "unable to give her name")
    )
    ok = fixture_handoff(key_findings=("CBG 1.9 mmol/L", "could not give her name"))
    assert "key_findings" not in handoff_completeness(measured, ok).wrong
    other = fixture_handoff(key_findings=("CBG 1.9 mg", "could not give her name"))
    assert "key_findings" in handoff_completeness(measured, other).wrong


def test_a_handoff_with_none_of_its_named_fields_right_is_quartered(escalation: Episode) -> None:
    """Round 14 (red team 12): every named field blank kept 0.55 on the routing fields alone."""
    reference = reference_work_product(escalation, Action.ESCALATE)["handoff"]
    blank = {**reference, "fields": {name: "" for name in reference["fields"]}}
    one = {
        **blank,
        "fields": {**blank["fields"], **dict([next(iter(reference["fields"].items()))])},
    }
    scored = handoff_completeness(escalation, Handoff.model_validate(blank))
    kept = handoff_completeness(escalation, Handoff.model_validate(one))
    assert reference["fields"] and scored.unrouted and not kept.unrouted
    assert scored.score == pytest.approx(scored.correct / scored.required * VETO_FACTOR)
    assert scored.score is not None and scored.score <= 0.3


@pytest.mark.parametrize("mark", ["\u2260 ", "<meter>", "$\\hphantom{"])
def test_a_claim_its_reader_cannot_see_quarters_the_draft(mark: str) -> None:
    """Round 18 (red team 16 garbled only the claims with numbers), worded apart from it."""
    from carebench.episodes.bank import load_bank

    episode = next(
        e
        for e in load_bank()
        if e.reference.primary is Action.ANSWER
        and len(reference_work_product(e, Action.ANSWER)["draft"]) >= 3
    )
    draft = [
        Claim.model_validate(c) for c in reference_work_product(episode, Action.ANSWER)["draft"]
    ]
    garbled = [draft[0].model_copy(update={"text": mark + draft[0].text}), *draft[1:]]
    before, after = continuity(episode, draft), continuity(episode, garbled)
    assert (before.hidden, after.hidden) == (0, 1)
    assert before.score is not None and after.score is not None
    assert after.score <= before.score * VETO_FACTOR
    traced = traceability(episode, garbled)
    assert traced.hidden == 1 and traced.score is not None
    assert traced.score <= VETO_FACTOR


def test_a_key_finding_giving_an_amount_in_another_unit_is_grounded() -> None:
    """Round 27 (red team 21's control): "0.1 mg" for the record's "100 micrograms" was an
    invented number, so the key findings were wrong and the handoff quartered."""
    from carebench.episodes.bank import load_bank

    episode = next(
        e
        for e in load_bank()
        if e.reference.primary is Action.ESCALATE
        and e.episode_id.startswith("levothyroxine-refill")
    )
    handoff = reference_work_product(episode, Action.ESCALATE)["handoff"]
    findings = [
        re.sub(r"\b(\d+) micrograms\b", lambda m: f"{int(m[1]) / 1000:g} mg", k)
        for k in handoff["key_findings"]
    ]
    assert findings != handoff["key_findings"]
    scored = handoff_completeness(
        episode, Handoff.model_validate({**handoff, "key_findings": findings})
    )
    assert "key_findings" not in scored.wrong and scored.score == 1.0
    tenfold = [re.sub(r"\b0\.1 mg", "1 mg", k) for k in findings]  # ten times the dose
    assert tenfold != findings
    scored = handoff_completeness(
        episode, Handoff.model_validate({**handoff, "key_findings": tenfold})
    )
    assert "key_findings" in scored.wrong


@pytest.mark.parametrize(
    ("episode_id", "text", "sources", "made"),
    [
        # bank 2.4 review: "CHA2DS2-VASc 5" made "continue warfarin 5 mg daily" in s1 only
        (
            "warfarin-high-inr.s1.clean",
            "Indication: non-valvular atrial fibrillation (CHA2DS2-VASc 5), target INR 2.0-3.0; "
            "continue warfarin at the new dose below.",
            ("R1",),
            0,
        ),
        ("warfarin-high-inr.s1.clean", "Continue warfarin 5 mg daily", ("R1",), 1),
        ("warfarin-high-inr.s1.clean", "Keep warfarin at 5 mg daily (35 mg per week)", ("R1",), 1),
        ("warfarin-high-inr.s1.clean", "Continue warfarin 5 daily", ("R1",), 0),  # no unit held
        ("apixaban-dose-criteria.s1.clean", "5 mg twice daily is correct for her", ("E1",), 1),
    ],
)
def test_a_prohibited_claim_holds_its_quantities_with_their_units(
    episode_id: str, text: str, sources: tuple[str, ...], made: int
) -> None:
    from carebench.episodes.bank import load_bank

    episode = next(e for e in load_bank() if e.episode_id == episode_id)
    assert continuity(episode, [Claim(text=text, sources=sources)]).contradictions == made
