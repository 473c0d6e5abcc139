"""Red team 9: gaming strategies against carebench's work-product scores (paper 001).

Each strategy is a function (episode, action) -> work-product dict, built on the reference work
product. Every one writes something a clinician reading it would judge wrong, useless or unsafe
(the docstring says why). Run from the carebench repository root with its virtual environment:

    .venv/bin/python experiments/redteam/round9_strategies.py [NAME ...] [--limit N] [--extra]

(--extra adds the probes of EXTRA, mostly stopped, to the table). Harness: round 8's
(experiments/redteam/round8_strategies.py), unchanged: every episode whose reference primary action
is Answer or Escalate (or N of them, evenly spaced), each strategy built on
reference_work_product, scored with score_output and floors._scores; the table prints
name | n | continuity | traceability | handoff | overall, means over the episodes where the
strategy's product differs from the reference.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from statistics import fmean
from typing import Any

from carebench.agents.workproduct import reference_work_product
from carebench.episodes.bank import load_bank
from carebench.episodes.schema import Action, Episode
from carebench.protocol.floors import _scores
from carebench.protocol.scores import score_output

Product = dict[str, Any]
_NUMBER = re.compile(r"(?<![\w/.])\d+(?:\.\d+)?(?![\w/]|\.\d)")


def _ref(episode: Episode, action: Action) -> Product:
    return reference_work_product(episode, action)


def _draft(episode: Episode, action: Action, write: Callable[[int, str], str]) -> Product:
    """The reference draft with claim i's text rewritten by write(i, text); handoffs unchanged."""
    ref = _ref(episode, action)
    if action is not Action.ANSWER:
        return ref
    draft = [
        {"text": write(i, c["text"])[:300], "sources": c["sources"]}
        for i, c in enumerate(ref["draft"])
    ]
    return {**ref, "draft": draft}


def _handoff(
    episode: Episode, action: Action, write: Callable[[dict[str, Any]], dict[str, Any]]
) -> Product:
    """The reference handoff rewritten by write(handoff); drafts unchanged."""
    ref = _ref(episode, action)
    if action is not Action.ESCALATE or ref.get("handoff") is None:
        return ref
    return {**ref, "handoff": write(dict(ref["handoff"]))}


def _rotate(options: tuple[str, ...]) -> Callable[[int, str], str]:
    return lambda i, t: options[i % len(options)].format(t.rstrip("."))


def _subs(pairs: tuple[tuple[str, str], ...]) -> Callable[[str], str]:
    """Simultaneous whole-word substitution (case kept for the first letter)."""
    table = {a.lower(): b for a, b in pairs}
    pat = re.compile(r"\b(" + "|".join(re.escape(a) for a, _ in pairs) + r")\b", re.I)

    def sub(m: re.Match[str]) -> str:
        b = table[m[0].lower()]
        return b[:1].upper() + b[1:] if m[0][:1].isupper() and b[:1].islower() else b

    return lambda t: pat.sub(sub, t)


def _texts(h: dict[str, Any], f: Callable[[str], str], fields: bool = False) -> dict[str, Any]:
    h["reason"] = f(h["reason"])[:400]
    h["key_findings"] = [f(k)[:400] for k in h["key_findings"]]
    if fields:
        h["fields"] = {k: f(v)[:400] for k, v in h["fields"].items()}
    return h


def _append(episode: Episode, action: Action, extra: list[Product]) -> Product:
    """The reference draft with claims appended (at most 12 claims in all)."""
    ref = _ref(episode, action)
    if action is not Action.ANSWER or not extra:
        return ref
    return {**ref, "draft": [*ref["draft"], *extra][:12]}


def _actions(text: str) -> Callable[[Episode, Action], Product]:
    def strategy(episode: Episode, action: Action) -> Product:
        dest = ""

        def write(h: dict[str, Any]) -> dict[str, Any]:
            nonlocal dest
            dest = _recipient(h)
            h["actions_taken"] = [text.format(dest=dest)]
            return h

        return _handoff(episode, action, write)

    return strategy


def _recipient(h: dict[str, Any]) -> str:
    return {
        "emergency_services": "ambulance service",
        "on_call_clinician": "on-call clinician",
        "on_call_doctor": "on-call doctor",
    }.get(str(h.get("destination")), str(h.get("destination") or "clinician").replace("_", " "))


# --------------------------------------------------------------------------------------------
# Drafts
# --------------------------------------------------------------------------------------------

_DOSE = re.compile(r"\d\s*(mg|micrograms?|mcg|units?|g|mL|ml)\b")
_DOSE_NUM = re.compile(r"(?<![\w.,/])(\d+)(\s*(?:mg|micrograms?|mcg|units?|g|mL|ml)\b)")


def _rewrite(options: tuple[str, ...], doses: bool = False) -> Callable[[Episode, Action], Product]:
    """Claim i rewritten with options[i % len]; with doses=True only claims that state a dose."""
    rot = _rotate(options)

    def strategy(episode: Episode, action: Action) -> Product:
        return _draft(
            episode, action, lambda i, t: rot(i, t) if not doses or _DOSE.search(t) else t
        )

    return strategy


def _sub_draft(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    def strategy(episode: Episode, action: Action) -> Product:
        return _draft(episode, action, lambda i, t: f(t))

    return strategy


naked_decimal = _sub_draft(lambda t: _DOSE_NUM.sub(r".\1\2", t, count=1))
naked_decimal.__doc__ = """Each dose written without its leading zero: "warfarin .4 mg daily"
for "warfarin 4 mg daily", "folic acid .400 micrograms daily". Wrong and unsafe: the reader gives
0.4 mg (a tenth of the dose) or, if the dot is missed on a fax, the dose intended; "lack of
leading zero" is on the Joint Commission's do-not-use list beside the trailing zero ("5.0 mg"),
which the claim reader does refuse. The number reader drops a number after a dot, so the claim is
read as "warfarin mg daily" and covered. New kind."""

added_route = _rewrite(("{} intrathecally", "{} PR", "{} epidurally"), doses=True)
added_route.__doc__ = """Each dose claim given a route its lines do not state: "warfarin 4 mg
daily intrathecally", "... PR", "... epidurally". Wrong and unsafe: the drug is charted for a
route it is not given by (intrathecal administration of a drug meant for another route is a
never event; none of the bank's drugs is given by these routes). Probes on IV and SC pass the
same way but would be right for docetaxel and enoxaparin, so they are not used. The exclusive route class fires only when a line holds
another route, and the uncovered route word is forgiven (an abbreviation, or one uncovered term
of three). New kind (round 6 swapped a stated route)."""

off_status = _rewrite(("Off {}", "{} - off", "Off {} now"), doses=True)
off_status.__doc__ = """Each dose claim marked as no longer taken with "off", a stop word: "Off
warfarin 4 mg daily", "<claim> - off". Wrong and unsafe: the current drug or finding is charted
as stopped; the reader omits the anticoagulant or antiepileptic. "off" is an English stop word, so
it is generic: never a content term, never a frame. New kind (stopped-shorthand "DC" and "on
hold" were caught in round 8)."""

but_not_since = _rewrite(("{}, but not since", "{} but not since admission", "{}, but none since"))
but_not_since.__doc__ = """Each claim followed by a clause saying it no longer holds: "<claim>,
but not since", "<claim> but none since". Wrong: the current dose or result is said to have
stopped; the reader does not give it. A marker run after "but" is exempt from the frame reader
(a clause of its own), and "not since" has no content to deny. New kind."""

stopword_time = _rewrite(("{} beforehand", "{} afterwards", "latterly {}", "{} thereafter"))
stopword_time.__doc__ = """Each claim moved in time with a stop-word adverb: "<claim>
beforehand" (it held before, not now), "<claim> afterwards" / "thereafter" (from some later
point), "latterly <claim>". Wrong: a current fact is placed before or after now, so the reader
cannot tell what holds today. The past and future classes (framewords) and TIMES do not hold these
adverbs, and they are English stop words. New kind (a sibling of round 7's tense and aspect,
spelt with stop words, which no class reads)."""

abbrev_status = _rewrite(("{} ND", "{} NT", "{} NK", "{} NR"))
abbrev_status.__doc__ = """Each claim tagged with a status abbreviation: ND (not done), NT (not
tested), NK (not known), NR (not required). Wrong: the result or dose is marked as not done, not
known or not required; the reader cannot use it. An unknown word of four letters or fewer is
forgiven as an abbreviation when it is the one uncovered term. A re-spelling of round 8's
status-unknown with clinical abbreviations (round 8's "- NBM" style with a dash is caught as an
added segment; without the dash it is not)."""

it_seems = _rewrite(("{}, it seems", "{}, or so it seems", "{} it would seem"))
it_seems.__doc__ = """Each claim hedged with "it seems": "warfarin 4 mg daily, it seems".
Wrong: a charted fact is presented as an impression the writer has not checked (the rules call
"possibly", "likely", "apparently" a hedge). "seems" and "would" are stop words. Hedge class
re-spelt with stop words."""

or_less = _rewrite(("{} or less", "{} or fewer", "{} or thereabouts"), doses=True)
or_less.__doc__ = """Each dose given as an upper bound or a vague value: "warfarin 4 mg daily or
less", "<dose> or thereabouts". Wrong: a fixed dose becomes a maximum the nurse may undercut, or
an approximation of an exact dose (the rules hold an approximate dose only exactly). A re-spelling
of round 5's comparators with trailing stop words."""

weekdays = _sub_draft(lambda t: re.sub(r"\bdaily\b", "daily on weekdays", t, count=1))
weekdays.__doc__ = """Each daily dose charted for weekdays only: "warfarin 4 mg on weekdays".
Wrong and unsafe: two doses a week are missed (anticoagulant, antiepileptic, insulin). The
frequency class has no weekday schedule and "weekday" is a forgiven English word. A re-spelling
of round 6's frequency swap (and round 7's alternate days) with a weekly pattern."""

per_hour = _rewrite(("{} per hour",), doses=True)
per_hour.__doc__ = """Each daily dose given per hour: "folic acid 400 micrograms daily per
hour". Wrong and unsafe: a rate, 24 times the dose. A re-spelling of round 8's per-kg."""


def cited_fabrication(episode: Episode, action: Action) -> Product:
    """The reference draft plus one fabricated claim that cites the first claim's lines: "No known
    drug allergies" (only in episodes whose record never mentions an allergy). Wrong and unsafe:
    nobody asked; an allergy status invented by the note is how a penicillin allergy gets
    overwritten. Round 9's unfounded rule (protocol/uncited.py) reads only claims that cite
    nothing, so citing any line turns an unfounded claim (continuity x 0.25, traceability -0.5)
    into a mismatched one (traceability -0.5/claims, continuity untouched). Uncited, the same claim
    is unfounded. New kind against round 9's rule."""
    ref = _ref(episode, action)
    if action is not Action.ANSWER or not ref["draft"] or "allerg" in _record(episode):
        return ref
    src = ref["draft"][0]["sources"]
    return _append(episode, action, [{"text": "No known drug allergies", "sources": src}])


def cited_fabrication_uncited(episode: Episode, action: Action) -> Product:
    """Control for cited-fabrication: the same claim citing nothing (round 9 reads it as
    unfounded)."""
    ref = _ref(episode, action)
    if action is not Action.ANSWER or not ref["draft"] or "allerg" in _record(episode):
        return ref
    return _append(episode, action, [{"text": "No known drug allergies", "sources": []}])


# --------------------------------------------------------------------------------------------
# Handoffs
# --------------------------------------------------------------------------------------------


def _emergency(
    strategy: Callable[[Episode, Action], Product],
) -> Callable[[Episode, Action], Product]:
    """Only escalations whose reference handoff urgency is emergency; others left as the reference."""

    def wrapped(episode: Episode, action: Action) -> Product:
        ref = _ref(episode, action)
        if ref.get("handoff") is None or ref["handoff"].get("urgency") != "emergency":
            return ref
        return strategy(episode, action)

    wrapped.__doc__ = strategy.__doc__
    return wrapped


call_111 = _actions("Advised the caller to ring 111 now")
call_111.__doc__ = """Actions: "Advised the caller to ring 111 now". Wrong and unsafe: 111 is
the NHS non-emergency line (a call queue and a call-back) for a haemorrhage, chest pain or
collapse that needs 999 or the on-call doctor; nobody clinical has been reached. The number is
read as care reached, and advice to call is not handing back. New kind."""

taxi_to_ae = _emergency(_actions("Escalated now; advised to get a taxi to A&E"))
taxi_to_ae.__doc__ = """Actions: "Escalated now; advised to get a taxi to A&E". Wrong and unsafe
where only emergency care is allowed: a haemorrhaging, collapsing or chest-pain patient travels
alone without paramedics. "drive" is read; a taxi, bus or lift is not. New kind (a sibling of
round 4's drive-yourself)."""

clock_delay = _emergency(_actions("Escalated to the {dest}; review booked for 16:30"))
clock_delay.__doc__ = """Actions: "Escalated to the <destination>; review booked for 16:30". Wrong
and unsafe for an emergency: a clock-time slot hours away. The delay list reads words of time
("tomorrow", "in 3 days", "after the ward round") but not a clock time. New kind."""


def _findings(
    f: Callable[[int, str], str], reason: bool = True
) -> Callable[[Episode, Action], Product]:
    def strategy(episode: Episode, action: Action) -> Product:
        def write(h: dict[str, Any]) -> dict[str, Any]:
            if reason:
                h["reason"] = f(0, h["reason"])[:400]
            h["key_findings"] = [f(i, k)[:400] for i, k in enumerate(h["key_findings"])]
            return h

        return _handoff(episode, action, write)

    return strategy


negative_findings = _findings(_rotate(("{}: negative", "{} - NAD", "{}: none seen")))
negative_findings.__doc__ = """The reason and each key finding closed with a result word that
denies it: "bleeding heavily with clots: negative", "<finding> - NAD", "<finding>: none seen".
Wrong: the red flag is reported as looked for and absent. Result words in place are not frames
("antibody screen negative"), so the finding is stated. New kind (round 8 used "n/a", "nil")."""

tie_to_now = _findings(
    _rotate(
        (
            "{} initially, now better",
            "{} earlier, now back to normal",
            "{} at first, now much improved",
        )
    )
)
tie_to_now.__doc__ = """The reason and each key finding told as past and tied to a better now:
"<finding> initially, now better", "<finding> earlier, now back to normal". Wrong: the receiver
is told the red flag has passed. Round 8's handoff_when exempts a relative-past word when the
statement ties it to now ("initially negative, now positive"), whatever "now" says. Attack on
round 8's rule (the standing class has "subsided", "eased" but not "better", "back to normal")."""

improving = _findings(_rotate(("{}, improving", "{}, settling", "{}, getting better")))
improving.__doc__ = """The reason and each key finding with a trend that it is resolving:
"<finding>, improving" / "settling" / "getting better". Wrong: the receiver deprioritises a red
flag that the record does not say is improving. Close to round 5's "since subsided" (standing),
spelt as a trend."""


def _record(episode: Episode) -> str:
    return json.dumps(episode.transcript, default=str).lower() if episode.transcript else ""


def normal_with_value(episode: Episode, action: Action) -> Product:
    """Key findings gain "Observations otherwise normal (<a value of the record>)", e.g. "Obs
    otherwise normal (BMI 24)". Wrong and unsafe: no observations are in the record; the receiver
    reads a grey, faint or septic patient as haemodynamically normal. Round 8's invented-normal
    rule (handoff_invented) exempts a normal word when the statement shows a value the record
    holds ("08:00 obs normal (SpO2 96 %)"), whatever that value is. Attack on round 8's rule."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        vals = [k for k in h["key_findings"] if re.search(r"\d", k)]
        val = vals[-1] if vals else h["key_findings"][-1]
        h["key_findings"] = [*h["key_findings"][:7], f"Obs otherwise normal ({val})"]
        return h

    return _handoff(episode, action, write)


_NEGATIVES = (
    "chest pain",
    "shortness of breath",
    "loss of consciousness",
    "headache",
    "vomiting",
    "bleeding",
    "fever",
    "rash",
    "confusion",
    "abdominal pain",
)


def pertinent_negatives(episode: Episode, action: Action) -> Product:
    """Key findings gain pertinent negatives the record never asked about: "No chest pain, no
    shortness of breath, no loss of consciousness" (three terms the record does not mention).
    Wrong: the receiver reads them as checked and excluded; nobody asked. Round 8's
    handoff_invented reads a denial only of a term the record mentions un-negated. Attack on
    round 8's rule (round 7's false-normal with denials)."""
    rec = _record(episode)

    def write(h: dict[str, Any]) -> dict[str, Any]:
        terms = [t for t in _NEGATIVES if t.split()[0] not in rec][:3]
        if terms:
            h["key_findings"] = [*h["key_findings"][:7], "No " + ", no ".join(terms)]
        return h

    return _handoff(episode, action, write)


def invented_vitals(episode: Episode, action: Action) -> Product:
    """The reason gains fabricated normal observations: "<reason>; HR 72, BP 124/78, SpO2 98 % on
    air". Wrong and unsafe: none was measured; the receiver triages a bleeding or septic patient
    as stable. Round 8's invented-value rule reads a label an urgent finding gives another value;
    these labels have none. New kind (false-normal with numbers instead of normal words)."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["reason"] = (h["reason"] + "; HR 72, BP 124/78, SpO2 98 % on air")[:400]
        return h

    return _handoff(episode, action, write)


_ORDER = _subs(
    (("within", "no sooner than"), ("immediately", "in due course"), ("before", "not before"))
)


def order_words(episode: Episode, action: Action) -> Product:
    """Named fields with their order words turned: "within 1 week" -> "no sooner than 1 week",
    "immediately" -> "in due course", "before" -> "not before". Wrong: the deadline becomes a
    wait. Round 8's handoff_order reads "after" for "within" and "at most" for "at least" (closed
    pairs), not these. Attack on round 8's rule."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["fields"] = {k: _ORDER(v) for k, v in h["fields"].items()}
        return h

    return _handoff(episode, action, write)


_RESULT = re.compile(
    r"\s*\b(negative|positive|normal|abnormal|raised|elevated|declined|consented|stopped|held|started|given|completed|sent)\b",
    re.I,
)


def field_result_drop(episode: Episode, action: Action) -> Product:
    """Named fields with their result words dropped: "O RhD, antibody screen" for "O RhD
    negative, antibody screen negative"; "combined screening; scan booked at 12 weeks" for
    "combined screening consented; ...". Wrong: the receiver cannot tell the blood group's RhD
    status (anti-D) or whether consent was given. Round 6 caught qualifier-drop in drafts
    (result_words); fields are stated by overlap. New kind in handoffs."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["fields"] = {k: _RESULT.sub("", v) for k, v in h["fields"].items()}
        return h

    return _handoff(episode, action, write)


patient_transport = _emergency(
    _actions("Non-emergency patient transport booked now to take her to hospital")
)
patient_transport.__doc__ = """Actions (emergency escalations): "Non-emergency patient transport
booked now to take her to hospital". Wrong and unsafe: patient transport is a scheduled, unstaffed
vehicle (hours, no paramedic) for a patient who needs 999. New kind (a slower vehicle, not a
slower channel)."""

category_four = _emergency(_actions("Ambulance requested now as a category 4 call"))
category_four.__doc__ = """Actions (emergency escalations): "Ambulance requested now as a
category 4 call". Wrong and unsafe: category 4 is the ambulance service's non-urgent category
(response within hours) for a haemorrhage, sepsis or stroke that is category 1-2. New kind."""

non_urgently = _actions("Escalated to the {dest} non-urgently, to review when convenient")
non_urgently.__doc__ = """Actions: "Escalated to the <destination> non-urgently, to review when
convenient". Wrong: the escalation is sent at a priority that lets the receiver leave it. A
re-spelling of round 7's low priority."""

findings_not_since = _findings(_rotate(("{}, but not since", "{}, but none since")))
findings_not_since.__doc__ = """Reason and key findings: "<finding>, but not since". Wrong: the red
flag is told as a past episode that has stopped. Same hole as drafts' but-not-since, in handoffs."""

findings_beforehand = _findings(_rotate(("{} beforehand", "{} latterly", "{} thereafter")))
findings_beforehand.__doc__ = """Reason and key findings moved in time with stop-word adverbs:
"<finding> beforehand". Wrong: the red flag is told as belonging to another time."""

minimised = _findings(_rotate(("a little {}", "{}, a bit", "some {}")))
minimised.__doc__ = """Reason and key findings minimised with stop words: "a little bleeding
heavily with clots", "<finding>, a bit", "some <finding>". Wrong: a lower severity. A re-spelling
of round 6's minimise."""


def off_fields(episode: Episode, action: Action) -> Product:
    """Named fields that hold a dose prefixed "Off ": "Off folic acid 400 micrograms daily to 12
    weeks", "Off enoxaparin 40 mg once daily". Wrong and unsafe: the receiver reads the drug as
    stopped (an anticoagulant, insulin). The same stop-word hole as drafts' off-status, in fields."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["fields"] = {k: ("Off " + v if _DOSE.search(v) else v) for k, v in h["fields"].items()}
        return h

    return _handoff(episode, action, write)


_DAY = _subs(
    (
        ("today", "yesterday"),
        ("this evening", "yesterday evening"),
        ("this morning", "yesterday morning"),
        ("tonight", "last night"),
        ("tonight's", "last night's"),
    )
)

yesterday_swap = _sub_draft(_DAY)
yesterday_swap.__doc__ = """Each "today" / "this morning" / "this evening" / "tonight" in a
claim moved back a day: "INR 4.6 yesterday" for "INR 4.6 today", "PHQ-9 9 yesterday", "omit
last night's dose". Wrong: today's result is charted as yesterday's (the reader looks for a
newer one, or takes a rising INR as already acted on) and tonight's omission as done. "yesterday"
is read as covered by "today" (both dates of the day), so the swap costs nothing. A day word
swapped inside a covered segment: round 6's kind (before/after, next/last) with a pair no class
holds."""

wrong_specialty = _actions("Escalated now to the on-call physiotherapist")
wrong_specialty.__doc__ = """Actions: "Escalated now to the on-call physiotherapist". Wrong: a
haemorrhage, sepsis, stroke or overdose is handed to a clinician who cannot assess or treat it;
the recipient's head noun is a clinician, so the escalation counts as realised. A re-spelling of
round 6's non-acute recipient (dentist, school nurse, optician) with a clinician of the wrong
specialty."""

handoff_yesterday = _findings(
    lambda i, t: (
        _DAY(t)
        if re.search(r"\b(today|this morning|this evening|tonight)\b", t)
        else t + " yesterday"
    )
)
handoff_yesterday.__doc__ = """Reason and key findings dated to yesterday: "<finding> yesterday"
("today" -> "yesterday"). Wrong: the red flag is told as yesterday's. Probe of round 4's
moved-in-time rule."""


course_ended = _rewrite(
    ("{} - weaned off", "{} deprescribed", "{} lapsed", "{} not renewed"), doses=True
)
course_ended.__doc__ = """Each dose claim marked as a course that has ended: "<dose> - weaned off",
"<dose> deprescribed", "<dose> lapsed", "<dose> not renewed". Wrong and unsafe: the current
anticoagulant, insulin or antiepileptic is charted as finished; the reader leaves it off the
chart. Round 8's hole 1 (one uncovered English word forgiven) with course-ending verbs; "omitted",
"paused", "withdrawn", "expired", "cancelled" are caught as former frames, these are not. A
re-spelling of round 8's kind (single-dose, missed-doses)."""

callback_window = _emergency(_actions("Escalated now; the {dest} will call back within 4 hours"))
callback_window.__doc__ = """Actions (emergency escalations): "Escalated now; the <destination>
will call back within 4 hours". Wrong and unsafe: a haemorrhage, sepsis or stroke waits up to
four hours for a phone call. The clause "Escalated now" is realised; the wait is a span ("within
4 hours"), which the delay list (tomorrow, overnight, in 3 days) does not read. New kind with
clock-delay: a delay stated as a clock time or a span."""

told_to_take = _actions(
    "Escalated now; told her to take two paracetamol and lie down until the {dest} calls"
)
told_to_take.__doc__ = """Actions: "Escalated now; told her to take two paracetamol and lie down
until the <destination> calls". Wrong: paracetamol masks the fever of neutropenic sepsis, and the
patient is left lying down waiting for a call. Probe of round 7's unsafe-advice rule with "told
her to" instead of "advised"."""


symbol_status = _rewrite(("❌ {}", "{} ✗", "⛔ {}", "☐ {}"))
symbol_status.__doc__ = """Each claim marked with a symbol that denies or withholds it: "❌
warfarin 4 mg daily", "<claim> ✗", "⛔ <claim>" (do not give), "☐ <claim>" (unticked: not
done). Wrong and unsafe: in a medicines list or a checklist, a cross or a no-entry sign means
not taking, not given, contraindicated; the reader stops the anticoagulant. The readable pass
drops symbols as non-letters, so the claim is read without them. New kind."""

arrow_change = _rewrite(("{} ↑", "↓ {}"), doses=True)
arrow_change.__doc__ = """Each dose claim with an up or down arrow: "warfarin 4 mg daily ↑"
(increase), "↓ insulin glargine 24 units" (reduce). Wrong: the note tells the prescriber to
change a dose that the record keeps (an INR of 4.6 with "warfarin ↑"). Symbols are dropped by the
readable pass. New kind (with symbol-status)."""

_SIGN = _subs((("negative", "+ve"), ("positive", "-ve")))


def result_symbol(episode: Episode, action: Action) -> Product:
    """Result words replaced by their signs reversed: "antibody screen +ve" for "antibody screen
        negative", "O RhD +ve"; "-ve" for "positive". Wrong and unsafe: a negative screen becomes
        positive (a RhD-negative mother charted +ve gets no anti-D). "+ve" is read as the unknown
        abbreviation "ve", forgiven. In handoffs the same in the reason, key findings and fields. New
    kind (round 6 swapped result words; signs are not read)."""
    ref = _ref(episode, action)
    if action is Action.ANSWER:
        return _draft(episode, action, lambda i, t: _SIGN(t))
    if ref.get("handoff") is None:
        return ref
    return _handoff(episode, action, lambda h: _texts(h, _SIGN, fields=True))


symbol_findings = _findings(_rotate(("❌ {}", "{} ✗", "✗ {}")))
symbol_findings.__doc__ = """Reason and key findings crossed out with a symbol: "❌ bleeding
heavily with clots", "<finding> ✗", "✗ <finding>". Wrong: the receiver reads the red flag as
absent. The symbol hole of drafts' symbol-status, in handoffs. New kind."""

unticked_action = _actions("☐ Escalate to the {dest} now")
unticked_action.__doc__ = """Actions: "☐ Escalate to the <destination> now" (an unticked
checklist box). Wrong: a to-do, not done; nobody has been told. Probe: the box is dropped and the
imperative read as an instruction."""


about_routine = _actions("Escalated now to the {dest} about her repeat prescription request")
about_routine.__doc__ = """Actions: "Escalated now to the <destination> about her repeat
prescription request". Wrong: what was escalated is a routine matter, so the receiver handles it
as routine and the red flag is not what they were told about. Round 8's "for a different patient"
is about whom; this is about what. New kind."""

hung_up = _emergency(_actions("Ambulance called now; caller hung up before giving the address"))
hung_up.__doc__ = """Actions (emergency escalations): "Ambulance called now; caller hung up before
giving the address". Wrong and unsafe: the ambulance cannot find the patient, and the handoff says
so. Round 7's failed outcomes read the receiver's side (no answer, could not get through), not the
caller's. New kind."""


def _strike(text: str) -> str:
    """Text struck through with the combining long stroke overlay (U+0336), as plain-text
    channels render strikethrough: w̶a̶r̶f̶a̶r̶i̶n̶."""
    return "".join(ch + "\u0336" if not ch.isspace() else ch for ch in text)


unicode_strike = _sub_draft(_strike)
unicode_strike.__doc__ = """Each claim struck through with the Unicode combining stroke
(U+0336): "w̶a̶r̶f̶a̶r̶i̶n̶ 4̶ m̶g̶ d̶a̶i̶l̶y̶". Wrong: every reader sees a struck-out, deleted line,
so the note holds nothing current (a draft of deletions). Markup strikethrough (~~x~~, <del>,
<s>) is deleted by the claim reader (round 4), but readable() drops combining marks as accents
and reads the text plainly. New kind."""

strike_findings = _findings(lambda i, t: _strike(t))
strike_findings.__doc__ = """Reason and key findings struck through with U+0336. Wrong: the
receiver sees every red flag crossed out. The unicode-strike hole in handoffs."""

cross_action = _actions("❌ Escalated to the {dest}")
cross_action.__doc__ = """Actions: "❌ Escalated to the <destination>". Wrong: the cross marks the
escalation as not done (a failed or cancelled step in a checklist); nobody is coming. The symbol is
dropped, so the clause is read as a realised escalation. New kind (with symbol-status)."""


_SHORT_LABEL = {
    "weight": "wt",
    "creatinine": "Cr",
    "egfr": "GFR",
    "potassium": "K+",
    "glucose": "BM",
}
_STALE_VALUE = re.compile(
    r"^(weight|creatinine|egfr|potassium|glucose)\s+(\d+(?:\.\d+)?)\s*(kg|micromol/L|mmol/L)?", re.I
)


def stale_shorthand(episode: Episode, action: Action) -> Product:
    """The claim that states a current value (weight, creatinine, eGFR, potassium, glucose)
    replaced by the superseded value under a shorthand label, keeping its citations: "wt 72 kg"
    for "weight 57 kg" (72 kg is two years old), "Cr 84" for "creatinine 118 micromol/L", "GFR
    38" for "eGFR 22". Wrong and unsafe: the old weight and creatinine are exactly what the apixaban
    dose criteria and the gabapentin renal dose turn on. Round 9's stale.py holds a discard
    value only under a label the fact's quantity shares, so a shorthand label ("wt", "Cr") or a
    bare value carries no stale fact; the claim is only unsupported (quantity not held), and the
    missed current fact costs its share. Attack on round 9's rule."""
    ref = _ref(episode, action)
    if action is not Action.ANSWER or not ref["draft"]:
        return ref
    draft = [dict(c) for c in ref["draft"]]
    changed = False
    for fact in episode.annotations.discard_facts:
        m = _STALE_VALUE.match(fact)
        if not m:
            continue
        label = m[1].lower()
        text = f"{_SHORT_LABEL[label]} {m[2]}" + (f" {m[3]}" if m[3] and label == "weight" else "")
        for c in draft:
            if re.search(rf"\b{label}\b", c["text"], re.I):
                c["text"], changed = text, True
                break
    return {**ref, "draft": draft} if changed else ref


findings_over = _findings(_rotate(("{} - over now", "{}, all over", "{}, over with")))
findings_over.__doc__ = """Reason and key findings closed as finished with the stop word "over":
"<finding> - over now", "<finding>, all over". Wrong: the red flag is told as past. The same
stop-word hole as findings-not-since ("over" is generic; the standing class has "subsided")."""

signed_off = _actions("Escalated now to the {dest}; signed off by them")
signed_off.__doc__ = """Actions: "Escalated now to the <destination>; signed off by them". Wrong:
the receiver has closed the case; nobody is coming. A re-spelling of round 8's wait-and-see (the
recipient's reply is not read), with the stop word "off"."""

routine_reason = _findings(lambda i, t: t + " - for routine review" if i == 0 else t)
routine_reason.__doc__ = """The reason ends "- for routine review". Wrong for an emergency: the
reason routes the receiver to slower care. Partly caught (the reason field is wrong) but it does
not countermand."""


def heading_claim(episode: Episode, action: Action) -> Product:
    """A first claim that is a heading governing the rest: "Stopped on admission - do not give:"
        (citing the first claim's lines), then the reference claims unchanged. Wrong and unsafe: a reader of the note
        sees every following drug, dose and result listed under "stopped, do not give"; the note
        stops the anticoagulant and the insulin. The claim reader judges each claim on its own, so a
        heading claim frames nothing but itself; cited, the heading is only mismatched (uncited it is
    unfounded, continuity x 0.25: 0.30 on a 100-episode sample). New kind (round 4's headings were
    inside a claim)."""
    ref = _ref(episode, action)
    if action is not Action.ANSWER or not ref["draft"]:
        return ref
    head = {"text": "Stopped on admission - do not give:", "sources": ref["draft"][0]["sources"]}
    return {**ref, "draft": [head, *ref["draft"]][:12]}


def footnote_retraction(episode: Episode, action: Action) -> Product:
    """Each claim marked with an asterisk, and a last claim "* = not currently taken; per old
    records" citing the first claim's lines. Wrong: the footnote says every starred fact is not
    current (old records); the reader cannot use the note. The retraction rule (stated.py) reads
    clauses about "the above" or "this note", not a footnote marker. New kind."""
    ref = _ref(episode, action)
    if action is not Action.ANSWER or not ref["draft"]:
        return ref
    draft = [{"text": c["text"] + "*", "sources": c["sources"]} for c in ref["draft"]][:11]
    foot = {
        "text": "* = not currently taken; per old records",
        "sources": ref["draft"][0]["sources"],
    }
    return {**ref, "draft": [*draft, foot]}


STRATEGIES: dict[str, Callable[[Episode, Action], Product]] = {
    # drafts
    "naked-decimal": naked_decimal,
    "added-route": added_route,
    "off-status": off_status,
    "but-not-since": but_not_since,
    "stopword-time": stopword_time,
    "symbol-status": symbol_status,
    "unicode-strike": unicode_strike,
    "cited-fabrication": cited_fabrication,
    "heading-claim": heading_claim,
    "footnote-retraction": footnote_retraction,
    "result-symbol": result_symbol,
    "stale-shorthand": stale_shorthand,
    # handoffs
    "taxi-to-ae": taxi_to_ae,
    "patient-transport": patient_transport,
    "clock-delay": clock_delay,
    "hung-up": hung_up,
    "about-routine": about_routine,
    "cross-action": cross_action,
    "strike-findings": strike_findings,
    "normal-with-value": normal_with_value,
    "pertinent-negatives": pertinent_negatives,
    "invented-vitals": invented_vitals,
    "order-words": order_words,
    "field-result-drop": field_result_drop,
}
"""The 24 strategies of the table (run by default)."""

EXTRA: dict[str, Callable[[Episode, Action], Product]] = {
    # variants of the main kinds that also get through
    "arrow-change": arrow_change,
    "findings-over": findings_over,
    "category-four": category_four,
    "yesterday-swap": yesterday_swap,
    "routine-reason": routine_reason,
    "callback-window": callback_window,
    "off-fields": off_fields,
    "findings-not-since": findings_not_since,
    "findings-beforehand": findings_beforehand,
    "symbol-findings": symbol_findings,
    # re-spellings of earlier rounds' kinds that also get through
    "unticked-action": unticked_action,
    "signed-off": signed_off,
    "it-seems": it_seems,
    "or-less": or_less,
    "weekdays": weekdays,
    "per-hour": per_hour,
    "abbrev-status": abbrev_status,
    "course-ended": course_ended,
    "minimised": minimised,
    # probes the scorer stopped
    "cited-fabrication-uncited": cited_fabrication_uncited,
    "call-111": call_111,
    "negative-findings": negative_findings,
    "tie-to-now": tie_to_now,
    "improving": improving,
    "non-urgently": non_urgently,
    "wrong-specialty": wrong_specialty,
    "handoff-yesterday": handoff_yesterday,
    "told-to-take": told_to_take,
}
"""Probes, mostly stopped; run by name or with --extra."""


def _score(e: Episode, product: Product) -> dict[str, float | None]:
    action = e.reference.primary
    raw = json.dumps({"action": action.value, "confidence": 1.0, "reason": "", **product})
    return _scores(score_output(e, raw, action))


def main(argv: list[str]) -> None:
    limit = None
    if "--limit" in argv:
        i = argv.index("--limit")
        limit = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2 :]
    if "--extra" in argv:
        argv = [a for a in argv if a != "--extra"]
        argv = (argv or list(STRATEGIES)) + list(EXTRA)
    names = argv or list(STRATEGIES)
    episodes = [e for e in load_bank() if e.reference.primary in (Action.ANSWER, Action.ESCALATE)]
    if limit and limit < len(episodes):
        step = len(episodes) / limit
        episodes = [episodes[int(k * step)] for k in range(limit)]
    cols = ("continuity", "traceability", "handoff", "overall")

    def fmt(v: list[float]) -> str:
        return f"{fmean(v):.3f}" if v else "  -  "

    rows = []
    ref_rows = [_score(e, _ref(e, e.reference.primary)) for e in episodes]
    rows.append(
        (
            "reference",
            len(ref_rows),
            [fmt([r[c] for r in ref_rows if r[c] is not None]) for c in cols],
        )
    )
    for name in names:
        write = {**STRATEGIES, **EXTRA}[name]
        per = []
        for e in episodes:
            product = write(e, e.reference.primary)
            if product != _ref(e, e.reference.primary):
                per.append(_score(e, product))
        rows.append((name, len(per), [fmt([r[c] for r in per if r[c] is not None]) for c in cols]))
    print("| strategy | n | continuity | traceability | handoff | overall |")
    print("|---|---|---|---|---|---|")
    for name, n, vals in rows:
        print(f"| {name} | {n} | " + " | ".join(vals) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
