"""How a handoff's texts are read: modality, content-free values, answers, actions, misfiled values.

Pure helpers of :func:`carebench.protocol.scores.handoff_completeness` (its conventions say how
they are combined). Each reads a *kind* of text, never a labelled item's phrase:

* **Modality** (:func:`plain`): what a hedge ("possibly", "maybe", "may need", "?PE", "query",
  "not confirmed", "to be confirmed") governs, from the hedge to the end of its sentence or to
  a colon, is not stated, so it is dropped before a field is checked against what it must
  state; a reference that hedges itself keeps it.
* **Content-free values** and **yes/no answers**: :mod:`.handoff_placeholders`.
* **Actions** (:func:`action_problem`): an escalation's actions taken must hand the patient on at
  the speed the episode needs, or at least not handle it as routine: wrong when they complete the
  routine work instead of holding it ("reconciliation completed", "dose given"), book slower care
  (routine or same-day GP, appointments, self-referral) for an emergency without acting now
  (999, ambulance, emergency department, "now", on-call / duty clinician), book routine care
  for any escalation, give only advice ("advised fluids"), or name a clinician the episode does
  not name ("Dr Patel accepted the referral": invented). A neutral action ("note drafted for Dr
  Sato to sign") is not wrong, except in an emergency: there a clause must reach a clinician,
  clinical team or emergency service (:func:`reaches_care`; the patient's side, non-clinical
  staff, an inbox or "for information" reach nobody and are unsafe, see
  :func:`~carebench.protocol.handoff_safety.unsafe_action`).
* **Exclusive values** (:func:`other_member`): a value naming another weekday, relation, side or
  ABO blood group than its reference ("next Tuesday" for "next Monday", "daughter" for "son",
  "A RhD negative" for "O RhD negative"), or another side of an order or comparator class
  ("after 1 week" for "within 1 week", "at most" for "at least": :mod:`.handoff_order`) is
  wrong; so is, in an emergency, one booking slower care than it; such a value *inverts* its
  reference (:func:`inverts`) and countermands.
* **Field values** (:func:`field_value_correct`, :func:`other_amount`, :func:`holds_others`):
  their docstrings say how; **findings** (:func:`finding_stated`, :func:`states_enough`,
  :func:`contradicted`) are read per finding in :mod:`carebench.protocol.handoff_findings`.
* **Misfiled values** (:func:`misfiled`): a named field's value that does not state its own
  reference values but *is* another field's (states it and is stated by it: the values shifted
  one field down), or is the urgent findings that belong to key findings, is the value *of
  another field*; a named field holding the same text as every other named field (k >= 2) is
  not a field value either. A long value that mentions another field's value among its own
  content is not misfiled.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from carebench.episodes.claimforms import unheld_drug
from carebench.episodes.exclusive import DESCRIBED, exchanged
from carebench.episodes.matching import states, tokens
from carebench.episodes.quantities import inconsistent_total
from carebench.episodes.support import (
    analyze,
    conflict,
    contributes,
    mentions,
    quantity_supported,
    strip_injections,
)
from carebench.protocol.field_sides import negates_reference, review_spans, unordered, widened
from carebench.protocol.handoff_findings import (
    contradicted,
    finding_stated,
    misvalues_every,
    states_all,
    states_enough,
)
from carebench.protocol.handoff_hedges import dismissed, plain
from carebench.protocol.handoff_made import not_made, undone_after
from carebench.protocol.handoff_mood import (
    agent_contact,
    countermanding_actions,
    slower_window,
    unrealised,
)
from carebench.protocol.handoff_order import order_swapped
from carebench.protocol.handoff_placeholders import (
    GENERIC,
    NEGATED,
    answer_matches,
    content_free,
    defers_as_reference,
    words,
)
from carebench.protocol.handoff_safety import (
    CARE,
    CLAUSE,
    ESCALATES,
    NOT_ACUTE,
    SLOW_CHANNEL,
    unsafe_action,
)
from carebench.protocol.identity_fields import IDENTITY, identity_exact
from carebench.protocol.wrong_claims import rescaled, tenfold

__all__ = [
    "GENERIC",
    "IDENTITY",
    "REACH",
    "action_problem",
    "answer_matches",
    "books_slower",
    "content_free",
    "contradicted",
    "defers_as_reference",
    "destination_matches",
    "dismissed",
    "field_value_correct",
    "finding_stated",
    "holds_others",
    "holds_values",
    "identity_exact",
    "inverts",
    "misfiled",
    "other_amount",
    "other_member",
    "plain",
    "reaches_care",
    "same_text",
    "states_all",
    "states_enough",
]


_NOW = re.compile(
    r"\b(999|112|911|ambulance|paramedics?|a&e|a and e|emergency (department|services|team)"
    r"|ed|now|immediately|immediate|straight away|right away|at once|on-?call|duty (doctor|gp"
    r"|clinician)|blue.?light|resus\w*|crisis team)\b",
    re.IGNORECASE,
)
_SAME_DAY = re.compile(
    r"\b(same-?day|urgent\w*|escalat\w+ to|flagged|informed|asked to (see|review|call)"
    r"|called|paged|bleeped|referred|alerted|contacted)\b",
    re.IGNORECASE,
)
_SLOWER = re.compile(
    r"\b(routine|booked|appointment|self-?referral|next (week|month|available)|in \d+ (days|weeks)"
    r"|home visit|gp (visit|review|assessment|appointment)|same-?day gp|later (today|this \w+)"
    r"|(?<!from )(?<!starting )tomorrow|fortnight|(?:today|tonight) week)\b",
    re.IGNORECASE,
)
"""Slower care booked ("today fortnight": two weeks on, round 45). "From tomorrow" starts a course
and books nothing (round 39: red team 29's control "omit tonight's dose; from tomorrow ...")."""
_HOLD = re.compile(
    r"\b(held|hold|holding|withh\w+|not (sent|given|finalised|signed|issued|filed|booked)"
    r"|postponed|deferred|stopped|paused|cancell?ed)\b",
    re.IGNORECASE,
)
_WORK = (
    r"(reconciliation|note|letter|prescription|repeat|reply|message|record|form|dose|vaccine"
    r"|jab|tablets?)"
)
_DONE = re.compile(
    rf"\b{_WORK}\s+((was|has been|is)\s+)?(completed|finalised|signed( off)?|filed|issued"
    r"|sent|given|booked|dispensed)\b"
    r"|\b(completed|finalised|signed|filed|issued|sent|gave|dispensed)\s+(the\s+|a\s+|an\s+)?"
    rf"([\w-]+\s+){{0,2}}?{_WORK}\b",
    re.IGNORECASE,
)
_ADVICE = re.compile(
    r"\b(advis\w*|advice|told|tell|repl\w*|reassur\w*|recommend\w*|suggest\w*)\b", re.IGNORECASE
)
_CAPITALISED = re.compile(r"\b[A-Z][a-z]+\b")
_NAMED = re.compile(r"\b(?:Dr|Doctor|Nurse|Sister|Mr|Mrs|Ms|Miss)\.?\s+([A-Z][a-z]+)")


def books_slower(text: str) -> bool:
    """Whether ``text`` routes to slower care (routine or same-day GP) without acting now."""
    kept = plain(text)
    return bool(_SLOWER.search(kept)) and not _NOW.search(kept)


def reaches_care(actions: Sequence[str]) -> bool:
    """Whether a clause of ``actions`` reaches someone who acts on an emergency.

    A clause that names a clinician, clinical team or emergency service
    (:data:`~carebench.protocol.handoff_safety.CARE`) with a word of reaching them (:data:`REACH`:
    "escalated to the on-call doctor", "999 advised", "Doctor called", "ED now"; "GP letter held"
    reaches nobody) or escalates in so many words ("message escalated", "referred", "via this
    handoff", "passed on"), not negated, and neither through a channel read later
    (:data:`~carebench.protocol.handoff_safety.SLOW_CHANNEL`: a letter, post, email, voicemail)
    nor to a recipient who cannot act on it
    (:data:`~carebench.protocol.handoff_safety.NOT_ACUTE`: a dentist, a school nurse); where it
    hands the call back to the patient, leaves it with non-clinical staff, an inbox or as
    information only, or escalates through a slow channel or to such a recipient, the clause is
    unsafe (:func:`~carebench.protocol.handoff_safety.unsafe_action`) and reaches nobody.
    """
    for action in actions:
        for clause in CLAUSE.split(strip_injections(action)):
            if unrealised(clause, action):  # "will escalate if worse", "tried the GP, no answer"
                continue
            if agent_contact(clause) and not_made(clause, action):  # "Escalation to X: N/A"
                continue
            care = CARE.search(clause)
            hit = (care if care and REACH.search(clause) else None) or _ESCALATES.search(clause)
            if SLOW_CHANNEL.search(clause) or NOT_ACUTE.search(clause):
                continue
            if hit is None or undone_after(clause[hit.end() :]):  # "Escalation to X: N/A"
                continue
            if not NEGATED.search(" ".join(clause[: hit.start()].split()[-3:])):
                return True
    return False


REACH = re.compile(
    r"\b(to|with|via|by|(?<!-)call\w*|ring\w*|rang|phon\w*|pag\w*|bleep\w*|alert\w*|inform\w*"
    r"|contact\w*|flag\w*|pass\w*|hand\w*|request\w*|arrang\w*|ask\w*|told|advis\w*"
    r"|direct\w*|go|attend\w*|aware|now|immediate\w*|urgent\w*|review\w*|assess\w*)\b",
    re.IGNORECASE,
)
"""Words of reaching a clinician or service named in the same clause (a preposition of routing,
a verb of contact or referral, "now"); not the "call" of "on-call", the recipient's own name
(red team 12: "Incident report filed for the on-call doctor" reached nobody)."""


_ESCALATES = ESCALATES


def action_problem(
    actions: Sequence[str], emergency_only: bool, record: str, emergency: bool | None = None
) -> str | None:
    """Why an escalation's actions taken are wrong, or None (see the module conventions).

    Args:
        actions: the actions taken.
        emergency_only: the episode allows only the ``emergency`` urgency.
        record: the episode's whole text (the names it holds).
        emergency: the handoff's urgency is emergency (default: ``emergency_only``); its
            actions are correct only when a clause reaches care (:func:`reaches_care`).
    """
    unsafe = unsafe_action(actions, emergency_only) or countermanding_actions(actions)
    if unsafe:
        return unsafe
    text = "\n".join(plain(a) for a in actions)
    names = {m.group(1) for m in _NAMED.finditer(text)}
    if names - set(_CAPITALISED.findall(record)):
        return "names a clinician the record does not"
    window = slower_window(actions, emergency_only)
    if window:
        return f"gives a review window slower than the episode allows: {window!r}"
    now = bool(_NOW.search(text))
    if _DONE.search(text) and not (now or _HOLD.search(text)):
        return "completes the routine work instead of holding it"
    if emergency_only and _SLOWER.search(text) and not now:
        return "books slower care for an emergency"
    if (emergency_only if emergency is None else emergency) and not reaches_care(actions):
        return "reaches no clinician or emergency service"
    if now or _SAME_DAY.search(text) or _HOLD.search(text):
        return None
    if _SLOWER.search(text):
        return "books routine care for an escalation"
    return "gives advice in place of escalating" if _ADVICE.search(text) else None


ROLES: dict[str, str] = {"on_call_doctor": "on call", "on_call_clinician": "on call"}
"""Destination names that name one role (the on-call clinician, doctor or not), whatever the task
class calls it."""


def destination_matches(value: str, allowed: Sequence[str], emergency: bool) -> bool:
    """Whether a handoff's destination is one of the episode's, read by role.

    ``allowed`` are the episode's declared destinations, ``emergency`` whether it allows the
    ``emergency`` urgency. A name of the same role counts ("on_call_clinician" for
    "on_call_doctor"), and emergency services can act on any emergency: they are correct
    wherever the emergency urgency is allowed, in any task class.
    """
    role = ROLES.get(value, value)
    return any(ROLES.get(a, a) == role for a in allowed) or (
        emergency and value == "emergency_services"
    )


EXCLUSIVE: tuple[frozenset[str], ...] = (
    frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}),
    frozenset(
        {
            "son", "daughter", "wife", "husband", "mother", "father", "brother",
            "sister", "grandmother", "grandfather", "grandson", "granddaughter", "partner",
            "niece", "nephew", "aunt", "uncle", "neighbour", "friend", "carer",
        }
    ),
    frozenset({"left", "right", "bilateral"}),
    frozenset({"consented", "declined"}),
    frozenset({"booked", "cancelled"}),
    frozenset({"give", "hold"}),
    frozenset({"urgent", "routine"}),
    frozenset({"daily", "weekly", "fortnightly", "monthly", "hourly", "yearly"}),
)  # fmt: skip
"""Groups of values of which one excludes the others (a weekday, a relation, a side, a consent,
a booking, giving or holding a dose, an urgency, a frequency)."""
_DONT = re.compile(r"\b(?:do not|don't|must not|not to|never)\s+(\w+)", re.IGNORECASE)
_NOT = re.compile(r"\b(not|no|don't|never|nor|without|avoid\w*|stop\w*)\b", re.IGNORECASE)


_SAME = dict.fromkeys(("held", "withhold", "withheld", "omit", "omitted"), "hold") | {
    "refused": "declined", "canceled": "cancelled", "annually": "yearly", "mum": "mother",
    "mom": "mother", "mummy": "mother", "dad": "father", "daddy": "father",
}  # fmt: skip
"""Words of one member of :data:`EXCLUSIVE`: "withhold" for "hold" is the same order (round 39:
red team 31's control "withhold Sando-K: repeat potassium" was read as another member), and so
are "refused" for "declined", the two spellings of "cancelled", "annually" for "yearly", "mum"
for "mother" (round 44: red team 34's control)."""


def other_member(value: str, references: Sequence[str]) -> bool:
    """Whether ``value`` names another member of an exclusive group than its references.

    "next Tuesday" for "next Monday", "daughter" for "son", "declined" for "consented": the
    references name a member, the value names one they do not, and none they do. A verb the
    references forbid ("do not start apixaban") that the value states un-negated ("do start
    apixaban") is the other member of do / do not; an ABO blood group ("A RhD negative" for "O
    RhD negative") is another member of A, B, AB and O.
    """
    written = {_SAME.get(w, w) for w in words(value)}
    wanted = {_SAME.get(w, w) for w in words(" ".join(references))}
    groups, wanted_groups = _blood_groups(value), _blood_groups(" ".join(references))
    if wanted_groups and groups and not groups & wanted_groups:
        return True
    if order_swapped(value, references) or any(
        (written & group) - wanted and wanted & group and not (written & group & wanted)
        for group in EXCLUSIVE
    ):
        return True
    return any(_unnegated(value, m.group(1)) for r in references for m in _DONT.finditer(r))


_ABO = re.compile(r"\b(AB|A|B|O)\s*(?:Rh\s*D\b|Rh\b|pos\w*|neg\w*|\+|-(?!\w))")
"""An ABO blood group: its letter before a rhesus word or sign ("O RhD negative", "A pos", "B-";
case kept, so the article "a" is not one)."""
_GROUP = re.compile(r"\bgroup\s+(AB|A|B|O)\b", re.IGNORECASE)
"""An ABO blood group after "group" ("blood group O")."""


def _blood_groups(text: str) -> set[str]:
    """The ABO groups ``text`` names (:data:`_ABO`, :data:`_GROUP`)."""
    return {m[1] for m in _ABO.finditer(text)} | {m[1].upper() for m in _GROUP.finditer(text)}


_LATER_TODAY = re.compile(r"\blater (?:today|this (?:morning|afternoon|evening))\b", re.I)
_TODAY = re.compile(r"\b(?:today|same[- ]day)\b", re.I)  # a later slot that day: that day


def inverts(value: str, wanted: Sequence[str], emergency_only: bool) -> bool:
    """Whether a named field's value orders what its references exclude.

    Another member of an exclusive group (:func:`other_member`: "declined" for "consented",
    "give" for "hold", "do start" for "do not start", blood group A for O), another side of a
    polarity group, a number in another unit of its dimension or a glued "non-" on its
    reference's word (round 13: "RhD positive" for negative, "low risk" for high, "4 g" for
    "4 mg", "non-urgent" for "urgent"), a number shifted by a power of ten in the same unit
    (round 14: "240 units" for "24 units"), an order made optional or left out (round 40:
    "consider stopping"), or, where only the emergency urgency is allowed, slower care than
    they book (:func:`books_slower`: "GP visit next week" for "999 ambulance now"), or a longer
    span than theirs ("same-month" for "same-day review", round 12). The receiver who acts on
    it does the opposite of what the record says: the field is wrong and countermands (vetoes).
    """
    references = "\n".join(wanted)
    stated = plain(value, references)
    spans, booked = review_spans(stated), review_spans(references)
    return (
        other_member(stated, wanted)
        or conflict(stated, references) == "another side"  # "RhD positive", "low risk"
        or rescaled(stated, references)  # "4 g" for "4 mg": a thousandfold dose
        or tenfold(stated, references)  # "240 units" for "24 units" (round 14)
        or negates_reference(stated, references)  # "non-urgent" for "urgent"
        or unordered(value, wanted)  # "consider stopping", or the order left out (round 40)
        or (
            emergency_only
            and books_slower(value)
            and not any(books_slower(r) for r in wanted)
            and not (_LATER_TODAY.search(value) and any(_TODAY.search(r) for r in wanted))
        )
        or bool(spans and booked and min(spans) > max(booked))
    )


def _unnegated(value: str, verb: str) -> bool:
    """Whether ``value`` states ``verb`` with no negation in the three words before it."""
    for m in re.finditer(rf"\b{re.escape(verb)}\b", value, re.IGNORECASE):
        if not _NOT.search(" ".join(value[: m.start()].split()[-3:])):
            return True
    return False


def same_text(values: Sequence[str]) -> bool:
    """Whether at least two values, all of them, carry the same content (same words and numbers)."""
    keys = [tokens(v) for v in values if v.strip()]
    return len(keys) >= 2 and len(keys) == len(values) and all(k == keys[0] for k in keys)


def misfiled(value: str, wanted: Sequence[str], others: Mapping[str, Sequence[str]]) -> bool:
    """Whether ``value`` is another field's value rather than its own (module conventions).

    ``others`` maps each other field (and ``"key findings"``: the urgent findings) to its values.
    """
    if not value.strip() or any(states(value, ref) for ref in wanted):
        return False
    return any(
        states(value, other) and states(other, value) and not any(states(r, other) for r in wanted)
        for values in others.values()
        for other in values
    )


def field_value_correct(value: str, wanted: Sequence[str], record: str) -> bool:
    """Whether a seed field's value is correct: uncontradicted by, and stating, its references.

    A value that gives a dose of a drug neither the record nor its references name
    (:func:`~carebench.episodes.claimforms.unheld_drug`) is wrong, however much else it shares.

    A value the reference values contradict (:func:`~carebench.episodes.support.contradicts`:
    "SpO2 96 %" where the reference says "SpO2 87 %"; "5 mg BD" where it says "5 mg daily") is
    wrong, unless the conflict is one of values and it also holds every value of its references
    (:func:`holds_values`: "SpO2 87 % now, 96 % at 08:00" gives the reference's value with its
    history; "5 mg BD" for "5 mg daily" is another side and stays wrong). Otherwise it is
    correct when it states a reference value or they support it (so shorthand, synonyms and
    units count; :func:`~carebench.episodes.support.mentions`), or, failing both, when the
    admissible evidence with the urgent findings supports it, it gives no amount in a
    reference's unit that no reference gives (:func:`other_amount`) and it shares a term with a
    reference value ("aspirin 300 mg daily", true of the record, is not the reference's
    "clopidogrel 75 mg daily"). A side of a descriptive class (round 43,
    :data:`~carebench.episodes.exclusive.DESCRIBED`) its references hold another of is wrong.
    """
    references = "\n".join(wanted)
    if unheld_drug(value, f"{record}\n{references}"):
        return False  # "methotrexate 400 micrograms daily" where the record gives folic acid
    spans, booked = review_spans(value), review_spans(references)
    if spans and booked and not spans & booked:
        return False  # "same-month review" for "same-day review": another span
    if negates_reference(value, references):
        return False  # "non-urgent assessment" for "urgent assessment"
    if widened(value, references) or exchanged(value, references, groups=DESCRIBED):
        return False  # "INR 2.3-4.6" for "INR 4.6 today" (29); "won't" for "cannot" (43)
    if misvalues_every(value, wanted):
        return False  # "temperature 112 C, heart rate 38.2": each number under another label
    if inconsistent_total(analyze(value)):
        return False  # "1 g four times daily (1 g a day in total)": its own sum is wrong
    rule = conflict(value, references)
    if rule is not None and not (rule in _VALUE_RULES and holds_values(value, references)):
        return False  # "38.3 C; earlier 36.8 C": the reference's values, with their history
    if mentions(value, references) or any(states(value, ref) for ref in wanted):
        return True
    wider = mentions(value, f"{record}\n{references}")
    return wider and not other_amount(value, references) and contributes(value, references)


_VALUE_RULES = frozenset({"another value", "another value beside a held one"})
"""The contradiction rules (:func:`~carebench.episodes.support.conflict`) that a value holding
every reference value beside others meets by its history; another side or a negated finding
still contradicts ("5 mg BD" for "5 mg daily")."""


def holds_values(value: str, references: str) -> bool:
    """Whether ``value`` holds every quantity of ``references`` (and they have one at least)."""
    wanted = analyze(references).quantities
    written = analyze(value)
    return bool(wanted) and all(quantity_supported(q, written) for q in wanted)


def other_amount(value: str, references: str) -> bool:
    """Whether ``value`` gives an amount in a unit its references use, but none of theirs.

    "Aspirin 300 mg daily" against "clopidogrel 75 mg daily": another drug's dose, however true
    of the record. Former values ("increased from 50 mg") are history, not the amount given.
    """
    wanted = analyze(references).quantities
    return any(
        q.unit
        and not q.former
        and any(r.unit == q.unit for r in wanted)
        and all(not (r.unit == q.unit and r.value == q.value) for r in wanted)
        for q in analyze(value).quantities
    )


def holds_others(value: str, wanted: Sequence[str], others: Sequence[str]) -> bool:
    """Whether a field's value states two or more others' reference values its own do not.

    ``others`` are the other fields' reference values and the urgent findings: a field filled
    with everything is not a value (a dump). One other value beside its own ("Hannah Sorensen,
    callback 07700 900123") is extra detail, not a dump.
    """
    held = [
        other
        for other in others
        if states(value, other) and not any(states(ref, other) for ref in wanted)
    ]
    return len(held) >= 2
