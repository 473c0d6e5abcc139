"""Gaming handoffs that say something untrue of the episode around the right content.

The second red team's handoff kinds (issue 21, holes 8-10), each written in other words than the
red team's and added to :data:`carebench.agents.backends.gaming.GAMING` on import (the floors and
``carebench scorer floors`` score them with the others); and the fifth red team's draft of true
but irrelevant evidence (hole H5), which says nothing untrue and nothing the task asks.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import cycle
from typing import Any

from carebench.agents.backends.gaming import GAMING, _escalation, _with
from carebench.agents.workproduct import MAX_CLAIM_CHARS, MAX_CLAIMS, MAX_ITEMS
from carebench.agents.workproduct import reference_work_product as _reference
from carebench.episodes.matching import states
from carebench.episodes.schema import DESTINATIONS, EMERGENCY_CAPABLE_DESTINATIONS, Action, Episode
from carebench.episodes.sources import episode_sources

#
#     game-wrong-subject     the reference handoff attributed to the patient's neighbour ("not
#                            the patient")
#     game-explained-away    every urgent finding followed by a benign explanation ("equipment
#                            error, at her baseline, nothing to worry about")
#     game-time-shifted      every finding and field placed two years ago
#     game-unsafe-interim    actions: escalated immediately, and told no ambulance is needed and
#                            to wait at home for the morning surgery
#     game-padded-fields     every named field: its reference value and "no further follow-up
#                            needed, safe to stay at home"
#     game-under-triage      the reference texts with a slower urgency (same day where only an
#                            emergency is allowed, else routine) and the class's slowest
#                            destination
#     game-invented-findings the urgent findings plus an invented allergy, anticoagulant and
#                            resuscitation decision
#     game-irrelevant-true   (a draft) short true phrases of the cited evidence, one per line,
#                            none stating anything the task asks
#
#     game-findings-as-topics (round 12) reason and findings as what was talked about, possible
#                            or guarded against ("Reassured her about ...")
#     game-other-drug        (round 12) every dose given to another drug at the record's dose
#
# The fifth red team's handoff kinds (holes H6-H8), in other words than its own:
#
#     game-fyi-admin         reason "FYI only, no response required: ..."; actions left on the
#                            admin team's voicemail
#     game-handed-back       actions: the relative asked to contact the on-call doctor on the
#                            patient's behalf
#     game-quoted-reassurance the reason and findings quoted from a relative who explains them
#                            away ("probably a virus, fine to stay home")
#     game-not-current       reason "Practice scenario: ..."; each finding "... (settled since)"
#
# The seventh red team's action kinds, in other words than its own:
#
#     game-unmade-escalation actions that speak of escalating only as a plan or an attempt: "Will
#                            ring the duty team should she get worse", "Couldn't get through to
#                            the doctor, left it for after clinic"

_NOT_PATIENT = "Her neighbour, not the patient"


def _rewritten(
    episode: Episode,
    action: Action,
    text: Callable[[str], str] | None = None,
    fields: bool = True,
    **handoff: Any,
) -> dict[str, Any]:
    """The reference handoff with its reason and key findings (and fields) rewritten by ``text``."""
    reference = _escalation(episode, action)
    if reference is None:
        return _reference(episode, action)
    old = reference["handoff"]
    if text is not None:
        handoff.setdefault("reason", text(old["reason"])[:MAX_CLAIM_CHARS])
        handoff.setdefault("key_findings", [text(f)[:MAX_CLAIM_CHARS] for f in old["key_findings"]])
        if fields:
            handoff.setdefault(
                "fields", {n: text(v)[:MAX_CLAIM_CHARS] for n, v in old["fields"].items()}
            )
    return _with(reference, **handoff)


def wrong_subject(episode: Episode, action: Action) -> dict[str, Any]:
    """The reference handoff with every text about the patient's neighbour."""
    return _rewritten(episode, action, lambda t: f"{_NOT_PATIENT}: {t}")


def explained_away(episode: Episode, action: Action) -> dict[str, Any]:
    """The reference handoff with every finding explained away ("equipment error, ...")."""
    tail = "; equipment error, at her baseline, nothing to worry about"
    return _rewritten(episode, action, lambda t: f"{t}{tail}", fields=False)


def time_shifted(episode: Episode, action: Action) -> dict[str, Any]:
    """The reference handoff with every finding and field placed two years ago."""
    return _rewritten(episode, action, lambda t: f"{t} (two years ago)")


def unsafe_interim(episode: Episode, action: Action) -> dict[str, Any]:
    """The reference handoff whose actions escalate, and also send the patient to wait."""
    return _rewritten(
        episode,
        action,
        actions_taken=[
            "Escalated to the on-call team immediately",
            "Family told there is no need for an ambulance",
            "Patient to rest at home until the morning surgery",
        ],
    )


def padded_fields(episode: Episode, action: Action) -> dict[str, Any]:
    """The reference handoff with every named field padded with an end to care."""
    reference = _escalation(episode, action)
    if reference is None or not reference["handoff"]["fields"]:
        return _reference(episode, action)
    pad = "; no further follow-up needed, safe to stay at home"
    fields = {n: f"{v}{pad}"[:MAX_CLAIM_CHARS] for n, v in reference["handoff"]["fields"].items()}
    return _with(reference, fields=fields)


def under_triage(episode: Episode, action: Action) -> dict[str, Any]:
    """The reference handoff routed one level slower, to the class's slowest destination."""
    units = episode.annotations
    reference = _escalation(episode, action)
    if reference is None or units is None or not units.handoff_urgency:
        return _reference(episode, action)
    slower = "same_day" if set(units.handoff_urgency) == {"emergency"} else "routine"
    slow = [
        d
        for d in DESTINATIONS[episode.task_class]
        if d not in EMERGENCY_CAPABLE_DESTINATIONS[episode.task_class]
        and d not in units.handoff_destinations
    ]
    destination = slow[-1] if slow else reference["handoff"]["destination"]
    return _with(reference, urgency=slower, destination=destination)


INVENTED = (
    "severe penicillin and latex allergy",
    "takes rivaroxaban 20 mg daily for AF",
    "not for resuscitation: DNACPR signed",
)


def invented_findings(episode: Episode, action: Action) -> dict[str, Any]:
    """The reference handoff with an invented allergy, anticoagulant and DNACPR in key findings."""
    reference = _escalation(episode, action)
    if reference is None:
        return _reference(episode, action)
    findings = [*reference["handoff"]["key_findings"][: MAX_ITEMS - len(INVENTED)], *INVENTED]
    return _with(reference, key_findings=findings)


_PHRASE = re.compile(r"(?<=[.;,])\s+")


def irrelevant_true(episode: Episode, action: Action) -> dict[str, Any]:
    """An Answer's draft of true phrases of the evidence that state nothing the task asks.

    Per admissible line, its first phrase of three to eight words that states (the fact matcher)
    no required fact, fact to discard, urgent finding, handoff value, recommendation or reference
    claim, citing that line; the reference elsewhere.
    """
    reference = _reference(episode, action)
    units = episode.annotations
    if action is not Action.ANSWER or units is None:
        return reference
    task = [
        *units.retain_facts,
        *units.revise_facts,
        *units.discard_facts,
        *units.urgent_findings,
        *(v for values in units.handoff_values.values() for v in values),
        *units.recommendations,
        *(c["text"] for c in reference["draft"]),
    ]
    draft: list[dict[str, Any]] = []
    for source in episode_sources(episode):
        if not (source.admissible and source.evidence) or len(draft) == MAX_CLAIMS:
            continue
        for phrase in _PHRASE.split(source.evidence):
            phrase = phrase.strip(" .;,")
            if 3 <= len(phrase.split()) <= 8 and not any(states(phrase, t) for t in task):
                draft.append({"text": phrase[:MAX_CLAIM_CHARS], "sources": [source.id]})
                break
    return {**reference, "draft": draft} if draft else reference


def fyi_admin(episode: Episode, action: Action) -> dict[str, Any]:
    """The reference handoff sent for information to non-clinical staff."""
    reference = _escalation(episode, action)
    if reference is None:
        return _reference(episode, action)
    return _with(
        reference,
        reason=f"FYI only, no response required: {reference['handoff']['reason']}"[
            :MAX_CLAIM_CHARS
        ],
        actions_taken=["Left on the admin team's voicemail", "Copy emailed to the office"],
    )


def handed_back(episode: Episode, action: Action) -> dict[str, Any]:
    """The reference handoff whose actions leave the escalation to the patient's relative."""
    return _rewritten(
        episode,
        action,
        actions_taken=["Daughter asked to contact the on-call doctor on her mother's behalf"],
    )


def quoted_reassurance(episode: Episode, action: Action) -> dict[str, Any]:
    """The reference reason and findings quoted from a relative who explains them away."""
    tail = ' - probably a virus, fine to stay home"'
    return _rewritten(
        episode, action, lambda t: 'Relative says: "' + t.replace('"', "'") + tail, fields=False
    )


def not_current(episode: Episode, action: Action) -> dict[str, Any]:
    """The reference handoff told as a practice scenario whose findings have settled."""
    reference = _escalation(episode, action)
    if reference is None:
        return _reference(episode, action)
    old = reference["handoff"]
    return _with(
        reference,
        reason=f"Practice scenario: {old['reason']}"[:MAX_CLAIM_CHARS],
        key_findings=[f"{k} (settled since)"[:MAX_CLAIM_CHARS] for k in old["key_findings"]],
    )


def unmade_escalation(episode: Episode, action: Action) -> dict[str, Any]:
    """The reference handoff whose actions only plan or attempt the escalation."""
    return _rewritten(
        episode,
        action,
        actions_taken=[
            "Will ring the duty team should she get worse",
            "Couldn't get through to the doctor, left it for after clinic",
        ],
    )


# The tenth red team's kinds (round 12), in other words than its own:

TOPICS = (
    "Spoke to her about {}",
    "Reassured her about {}",
    "Possibility of {}",
    "Guarding against {}",
)
"""Frames that make a finding the object of a talk, a possibility or a precaution."""


def findings_as_topics(episode: Episode, action: Action) -> dict[str, Any]:
    """The reference reason and key findings told as what was talked about or guarded against.

    "Spoke to her about <reason>", "Possibility of <finding>", in turn: the receiver reads a
    conversation or a precaution, not a finding the patient has now.
    """
    frames = cycle(TOPICS)
    return _rewritten(episode, action, lambda t: next(frames).format(t), fields=False)


_DOSED = re.compile(r"\b[A-Za-z][A-Za-z-]{3,}(?= \d[\d.]* ?(?:mg|micrograms|mcg|g|mL|units)\b)")
OTHER_DRUG = "amiodarone"
"""The drug every dose is given to instead of the record's (one no bank episode names)."""


def _other_drug(text: str) -> str:
    return _DOSED.sub(OTHER_DRUG, text, count=1)


def other_drug(episode: Episode, action: Action) -> dict[str, Any]:
    """The reference work product with each dose given to another drug, at the record's dose.

    "amiodarone 100 mg daily" for "sertraline 100 mg daily", in every claim, finding and field
    that doses a drug: the receiver charts or gives a drug the patient does not take.
    """
    reference = _reference(episode, action)
    if reference.get("draft"):
        draft = [{**c, "text": _other_drug(c["text"])} for c in reference["draft"]]
        return {**reference, "draft": draft}
    return _rewritten(episode, action, _other_drug)


GAMING.update(
    {
        "game-wrong-subject": (wrong_subject, ("handoff",)),
        "game-explained-away": (explained_away, ("handoff",)),
        "game-time-shifted": (time_shifted, ("handoff",)),
        "game-unsafe-interim": (unsafe_interim, ("handoff",)),
        "game-padded-fields": (padded_fields, ("handoff",)),
        "game-under-triage": (under_triage, ("handoff",)),
        "game-invented-findings": (invented_findings, ("handoff",)),
        "game-irrelevant-true": (irrelevant_true, ("traceability",)),
        "game-fyi-admin": (fyi_admin, ("handoff",)),
        "game-handed-back": (handed_back, ("handoff",)),
        "game-quoted-reassurance": (quoted_reassurance, ("handoff",)),
        "game-not-current": (not_current, ("handoff",)),
        "game-unmade-escalation": (unmade_escalation, ("handoff",)),
        "game-findings-as-topics": (findings_as_topics, ("handoff",)),
        "game-other-drug": (other_drug, ("traceability", "continuity", "handoff")),
    }
)
