"""Whether what a handoff states is true of its episode, and whether its routing is slower.

Pure helpers of :func:`carebench.protocol.scores.handoff_completeness` (issue 21, the second red
team's holes 8-10). A handoff text (the reason, each key finding, a named field's value) is read
as *statements* (its sentences and the parts between semicolons), and each statement is judged
against the episode's **record**: its whole transcript, its urgent findings and its handoff
reference values. Each rule reads a *kind* of text, never a labelled item's phrase:

* **Explained away** (:data:`DISMISSALS`): a statement that calls what it reports an artefact, a
  faulty reading, the patient's baseline, "normal for her", "nothing acute", "not concerning",
  "reassuring" (not negated: "not reassuring" reports a worry) states no finding; nor does an
  urgent finding given a cause the record lacks (round 39, :func:`invented_cause`), nor one argued
  down (round 55, :mod:`.handoff_downgrades`: a benign impression, futility, a clearance).
* **Ends care** (:data:`ENDS_CARE`): discharge, no follow-up or no further action, DNACPR,
  comfort or palliative care only, written as the handoff's own statement in an escalation
  ("Fine to discharge home tonight"; not negated, "not fit for discharge"), unless the record
  holds the same phrase ("planned discharge today" on a discharge ward round).
* **Moved in time** (:func:`time_keys`): a statement placing its content at a time ("last year",
  "yesterday", "3 weeks ago", "tomorrow", "in 2019") or, since round 44, over an amount of time
  (:mod:`~carebench.protocol.handoff_spans`: "pulse 118 over two minutes") no record sentence
  that shares its content gives ("38.4 last night" is held by "temperature was 38.4 last night").
* **Another person** (:func:`person_keys`): a statement about a relation ("his wife", "the
  caller's husband") or that says it is not about the patient ("a different person", "someone
  else") where no record sentence that shares its content names the same person.
* **Invented status** (:data:`STATUS`): an allergy, anaphylaxis or anticoagulant asserted (not
  negated) where the record names none: a fact that would change treatment.
* **Unfounded** (key findings only, :mod:`carebench.protocol.handoff_unfounded`): a finding
  most of whose content terms (:data:`UNFOUNDED_SHARE`, three terms at least) appear nowhere in
  the record, or (round 20) a clause after its first, an *aside*, most of whose content does not.
* **Invented** (reason and key findings, given the urgent findings:
  :mod:`carebench.protocol.handoff_invented`): a normal finding or denial no record sentence
  gives ("no distress", "observations otherwise normal"), or a labelled value the record gives
  its label another value for ("heart rate 46" for 150).
* **Edited** (round 34, :mod:`carebench.episodes.edits`): a statement that copies a record
  sentence nearly word for word with an operator exchanged, added or dropped ("glucagon 1 mg IM
  due" for "given", "unless" for "if", "in 3 days" for "3 days ago", "rouses to" for "rouses
  only to"). Like an invented finding, it countermands the escalation in any field.
* **A conclusion or plan the record does not give** (rounds 43-44, :mod:`.handoff_conclusions`):
  a reassuring conclusion after ", so" ("antibody screen negative, so no anti-D needed"); a
  treatment endorsed, extra dosing or the patient driving in ("gabapentin, continue").
* **A standing the record lacks** (reason and key findings, given the urgent findings;
  :func:`adds_to_finding`): a statement that mentions an urgent finding and calls it not real,
  no longer current or already dealt with (:data:`STANDING`) where no record sentence about the
  same content does ("Simulated: ...", "... - since subsided", "Duplicate, already actioned").
* **A relation the record lacks** (round 51, :data:`~carebench.episodes.relations.RECORD_RELATIONS`):
  "eGFR 48, irrelevant to insulin", "both doses together each morning".

Statements inside quotation marks are reported, not asserted, and so is a statement that rejects
what it reports ("contradicted by the observations", "conflicts with", "despite"): they are
exempt from the explained-away and ends-care readings. A quotation that mentions an urgent
finding, given them (:func:`statements`), is the exception: it is what states the red flag, so
it is read as the handoff's own words (the round-5 red team's hole H7: such a quotation stated
the finding while the reassurance inside it was exempt).

What countermands a whole escalation (unsafe actions, countermanding fields, under-triage) is
:mod:`carebench.protocol.handoff_safety`, built on these readings.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from carebench.episodes.claimforms import unheld_drug
from carebench.episodes.claimtext import term
from carebench.episodes.edits import edited
from carebench.episodes.lexicon import GENERIC_WORDS, NUMBER_WORDS, PLACEHOLDER_TERMS
from carebench.episodes.modality import hedge_pattern
from carebench.episodes.relations import RECORD_RELATIONS, unlicensed_relation
from carebench.episodes.support import analyze, mentions, strip_injections
from carebench.protocol.handoff_conclusions import drawn, endorsed
from carebench.protocol.handoff_downgrades import downgrade
from carebench.protocol.handoff_invented import (
    invented_normal,
    invented_value,
    misstated_value,
    misvalued_in_record,
    stretched,
)
from carebench.protocol.handoff_spans import unheld_span
from carebench.protocol.handoff_unfounded import (
    REJECTS,
    UNFOUNDED_SHARE,
    invented_cause,
    safety_net,
    unfounded,
    unfounded_aside,
)
from carebench.protocol.handoff_when import moved_relative, name_keys, relative_pattern

__all__ = [
    "ADDED", "DISMISSALS", "ENDORSED", "ENDS_CARE", "NEGATION", "STANDING", "STATUS", "UNFOUNDED_SHARE",
    "UNSAFE", "adds_to_finding", "asserted_cue", "explained_away", "false_finding",
    "invented_cause", "person_keys", "quoted_finding", "statements", "time_keys", "truth_record",
    "unfounded", "unquoted", "untrue", "untrue_statement",
]  # fmt: skip

_HEDGE = hedge_pattern()
_GENERIC = frozenset(term(w) for w in (*GENERIC_WORDS, *PLACEHOLDER_TERMS))
_STATEMENT = re.compile(r"(?<=[.!?])\s+|[;\n]+")
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|‘[^’]*’|(?<!\w)'[^']*'(?!\w)")
NEGATION = re.compile(
    r"\b(not|no|never|nor|without|isn't|aren't|wasn't|n't|cannot|don't|falsely|wrongly)\b", re.I
)

DISMISSALS = re.compile(
    r"\b(artefact\w*|artifact\w*|spurious|faulty|erroneous|misread\w*|false (alarm|reading|positive)"
    r"|(equipment|cuff|machine|device|probe|monitor|meter|reading|measurement|transcription"
    r"|recording) (error|fault|problem)|not (a )?(real|true|genuine) (finding|reading|result)"
    r"|(her|his|their|the patient's|patient's) (usual |normal |known |chronic )?baseline"
    r"|(at|is|=|back to|back at) (her |his |their )?baseline"
    r"|(normal|usual|typical|expected) for (her|him|them|the patient|this patient|age)"
    r"|nothing (acute|urgent|serious|sinister|worrying|to worry about|of concern|concerning)"
    r"|not (acute|urgent|serious|concerning|worrying|significant|clinically significant|sinister)"
    r"|no (cause for |real |acute |immediate )?concern|no cause for alarm|not worried"
    r"|(is|are|was|were|seems|looks) (her|his|their) (usual|normal)( self| level| state)?"
    r"(?=\s*([.,;:)\-–]|$))|(chronic|long-?standing|known) and stable|stable for (months|years)"
    r"|reassur\w*(?! only)|explained (away )?by"
    r"|accounted for|harmless|self-limiting|trivial|insignificant|can (safely )?be ignored"
    r"|(safe|fine) to ignore|non-?urgent|no (rush|hurry)|(can|could) wait)\b",
    re.IGNORECASE,
)
"""What explains a finding away: an artefact, a baseline, nothing acute, reassurance."""

BENIGN = re.compile(
    r"\b(just|only|simply|merely|probably|likely|put down to|due to|because of|caused by"
    r"|secondary to|attributed to|from)\s+(\w+\s+){0,2}?(anxiety|anxious|panic|stress|nerves"
    r"|white[- ]coat|cold (hands|fingers)|nail varnish|indigestion|heartburn|wind|teething"
    r"|a virus|viral|a cold|muscular|musculoskeletal|a pulled muscle|tiredness|a bad night"
    r"|exertion|exercise|the stairs)\b"
    r"|\b(had just|just|because (s?he|they) (had )?(just )?)\s*(climbed|run|ran|walked|rushed"
    r"|exercised|been running|come up the stairs)\b|\b(on|with|after)\s+(a\s+|the\s+)?(\w+\s+)?"
    r"(cold (hands|fingers)|loose cuff|wrong[- ]sized? cuff|hot (bath|shower|drink)|nail polish)\b",
    re.IGNORECASE,
)
"""A benign explanation given for a finding ("put down to anxiety", "due to cold fingers"; since
round 41 a measuring artefact: "86 % on cold fingers", "84/50 with a loose cuff", "38.3 C after a
hot bath"); one the record gives for the same content is the record's, not the handoff's."""

ENDS_CARE = re.compile(
    r"\b((safe|fine|ok|okay|fit|ready|cleared|well enough|able|can|could|may) (to |for )?(be )?"
    r"(discharg\w*|go(ing)? home|sent home|send home|stay (at )?home|remain (at )?home)"
    r"|discharg\w* (him |her |them |the patient )?(home|today|tonight|now|back)"
    r"|no (further|more) (action|follow-?up|review|treatment|input|management|escalation)"
    r"|(no|not) (need|needed|required|necessary) (for|to) (be seen|come in|attend|follow|review"
    r"|escalat|admi|refer|see|assess|treat)\w*"
    r"|(follow-?up|review|admission|referral|escalation|assessment|treatment) (is )?(unnecessary"
    r"|not (needed|required|necessary|indicated|warranted))"
    r"|dnacpr|dnar|dnr|not for (resuscitation|cpr|escalation|admission|hospital|transfer)"
    r"|comfort (care|measures)|end[- ]of[- ]life|palliative|ceiling of (care|treatment)"
    r"|symptom control only|for symptom control|no (hospital )?transfer)\b",
    re.IGNORECASE,
)
"""What ends or limits care: discharge, no follow-up or further action, DNACPR, comfort care."""

STATUS = re.compile(
    r"\b(allerg\w*|(known|history of|previous|prior)( \w+){0,2} anaphyla\w*|anticoagula\w*|warfarin|apixaban|rivaroxaban|edoxaban|dabigatran"
    r"|heparin|enoxaparin|dalteparin|doac)\b",
    re.IGNORECASE,
)
"""Facts that change treatment when invented: an allergy, anaphylaxis, an anticoagulant."""

_UNITS = {
    "minute": "minute", "min": "minute", "mins": "minute", "hour": "hour", "hr": "hour",
    "hrs": "hour", "h": "hour", "day": "day", "week": "week", "wk": "week", "wks": "week",
    "month": "month", "year": "year", "yr": "year", "yrs": "year", "7": "day", "52": "week",
}  # fmt: skip
_NUMBER = r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|several)"
_AGO = re.compile(
    rf"\b{_NUMBER}\s*(/\s*)?(minutes?|mins?|hours?|hrs?|h|days?|weeks?|wks?|months?|years?|yrs?"
    r"|7|52)\s+ago\b",
    re.IGNORECASE,
)
_LAST = re.compile(
    r"\b(last|past|previous|next)\s+(night|evening|week|month|year|winter|summer|spring|autumn"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
    re.IGNORECASE,
)
_DAY = re.compile(r"\b(yesterday|tomorrow)\b", re.IGNORECASE)
_YEAR = re.compile(r"\b(?:in|since|from)\s+((?:19|20)\d\d)\b", re.IGNORECASE)
_YEARS_AGO = re.compile(r"\b(years|months|weeks|long)\s+ago\b", re.IGNORECASE)
_LONG_PAST = re.compile(
    r"\b(as a (child|baby|teenager)|in (his|her|their)? ?childhood|when (he|she|they) (was|were)"
    r" (young|younger|little)|in the (distant )?past|years back|historic(al|ally)?)\b",
    re.IGNORECASE,
)


def _count(word: str) -> str:
    word = word.lower()
    if word in {"a", "an", "one"}:
        return "1"
    return NUMBER_WORDS.get(word, word)


@lru_cache(maxsize=65536)
def time_keys(text: str) -> frozenset[str]:
    """The points in time ``text`` places its content at, normalised ("2 days ago", "last:year").

    "yesterday" and "last night" are one day back; "a week ago" is "last week"; "4/52 ago" is
    "4 weeks ago"; "tomorrow" and "next week" are ahead; "in 2019" is a year.
    """
    keys: set[str] = set()
    for m in _AGO.finditer(text):
        unit = _UNITS.get(m.group(3).lower().rstrip("s"), _UNITS.get(m.group(3).lower(), "day"))
        keys.add(f"ago:{_count(m.group(1))}:{unit}")
    for m in _LAST.finditer(text):
        when, what = m.group(1).lower(), m.group(2).lower()
        if when == "next":
            keys.add(f"next:{what}")
        elif what in {"night", "evening"}:
            keys.add("ago:1:day")
        else:
            keys.add(f"ago:1:{what}")
    for m in _DAY.finditer(text):
        word = m.group(1).lower()
        keys.add("ago:1:day" if word == "yesterday" else "next:day")
    keys.update(f"year:{m.group(1)}" for m in _YEAR.finditer(text))
    keys.update(f"ago:{m.group(1).lower()}" for m in _YEARS_AGO.finditer(text))
    if _LONG_PAST.search(text):
        keys.add("ago:long")
    return frozenset(keys)


_RELATIONS: dict[str, str] = {
    "mum": "mother", "mom": "mother", "mummy": "mother", "mother": "mother",
    "dad": "father", "daddy": "father", "father": "father", "wife": "wife",
    "husband": "husband", "hubby": "husband", "son": "son", "daughter": "daughter",
    "brother": "brother", "sister": "sister", "partner": "partner", "boyfriend": "partner",
    "girlfriend": "partner", "grandmother": "grandmother", "gran": "grandmother",
    "granny": "grandmother", "grandma": "grandmother", "nan": "grandmother",
    "grandfather": "grandfather", "grandad": "grandfather", "grandpa": "grandfather",
    "grandson": "grandson", "granddaughter": "granddaughter", "niece": "niece",
    "nephew": "nephew", "aunt": "aunt", "uncle": "uncle", "cousin": "cousin",
    "neighbour": "neighbour", "friend": "friend", "carer": "carer",
}  # fmt: skip
"""Relation words, each read as its group ("mum" is "mother")."""
_RELATION = re.compile(
    r"\b(?:(caller|callers|caller's)\s+)?("
    + "|".join(sorted(_RELATIONS, key=len)[::-1])
    + r")s?\b",
    re.IGNORECASE,
)
_OTHER_PERSON = re.compile(
    r"\b(different person|someone else|somebody else|another (person|patient|individual)"
    r"|other patient|previous patient|not the patient)\b",
    re.IGNORECASE,
)
_OTHER_PLACE = re.compile(
    r"\b(?:(?:next|other|neighbouring|adjacent|opposite)\s+(?:bays?|beds?|rooms?|cubicles?"
    r"|side rooms?|wards?|doors?|house)|(?:bed|bay|room|cubicle|side room)\s+\d+[a-z]?"
    r"|the other (?:lady|man|gentleman|woman|boy|girl|child|baby|caller))\b",
    re.IGNORECASE,
)
"""Where or who a statement is about when that is not the patient: another bed, bay or room
("Patient in the next bay:", "Bed 4:"), "the other lady". The record's own bed is its own."""
_CAPITALISED = re.compile(r"\b[A-Z][a-z]+\b")
_TITLED = re.compile(r"\b(?:Dr|Doctor|Nurse|Sister|Mr|Mrs|Ms|Miss|Mx)\.?\s+([A-Z][a-z]+)")


@lru_cache(maxsize=65536)
def person_keys(text: str) -> frozenset[str]:
    """The people other than the patient that ``text`` names ("wife", "caller's:wife", ...).

    A titled name ("Mrs Okafor", "Dr Patel") is a person by its surname ("name:Okafor").
    """
    keys = {
        (f"caller's:{_RELATIONS[m.group(2).lower()]}" if m.group(1) else "")
        or _RELATIONS[m.group(2).lower()]
        for m in _RELATION.finditer(text.replace("’", "'"))
    }
    keys.update(m.group(1).lower() for m in _OTHER_PERSON.finditer(text))
    keys.update(f"name:{m.group(1)}" for m in _TITLED.finditer(text))
    keys.update(
        "place:" + " ".join(m.group(0).lower().split()) for m in _OTHER_PLACE.finditer(text)
    )
    return frozenset(keys)


def statements(text: str, urgent: Sequence[str] = ()) -> list[str]:
    """The statements of a handoff text: its sentences and the parts between semicolons.

    What it quotes is reported, not stated: quoted spans are left out first, except a quotation
    that mentions one of the ``urgent`` findings (:func:`quoted_finding`): it is what states the
    red flag, so it is read as the handoff's own words (its quotation marks dropped), and a
    reassurance inside it that the handoff does not reject is the handoff's.
    """
    text = strip_injections(text)
    kept = _QUOTED.sub(lambda m: quoted_finding(m.group(0), urgent) or " ", text)
    return [s.strip() for s in _STATEMENT.split(kept) if s.strip()]


def quoted_finding(quotation: str, urgent: Sequence[str]) -> str:
    """The text of ``quotation`` without its marks when it mentions an urgent finding, else "".

    Quotations are judged as they state: one that states the urgent finding is read by every
    check as the handoff's words, one that does not is reported and neither states nor
    countermands.
    """
    inner = quotation[1:-1]
    return inner if any(mentions(u, inner) for u in urgent) else ""


def unquoted(statement: str) -> str:
    """``statement`` without what it quotes (reported, not stated)."""
    return _QUOTED.sub(" ", statement)


def asserted_cue(pattern: re.Pattern[str], statement: str) -> str | None:
    """The first match of ``pattern`` the statement asserts (not quoted, negated or rejected)."""
    text = unquoted(statement)
    if REJECTS.search(text):
        return None
    for m in pattern.finditer(text):
        before = text[: m.start()].split()[-3:]
        if not NEGATION.search(" ".join(before)):
            return m.group(0)
    return None


def _without(statement: str, kind: str) -> str:
    """``statement`` less its time or person words (what its content is)."""
    patterns = (
        (_AGO, _LAST, _DAY, _YEAR, _YEARS_AGO, _LONG_PAST, _SPAN, *relative_pattern())
        if kind == "time"
        else (_RELATION,)
    )
    for pattern in patterns:
        statement = pattern.sub(" ", statement)
    return statement


_DIGITS = re.compile(r"\d+(?:\.\d+)?")
_SPAN = re.compile(
    rf"\b{_NUMBER}\s*(/\s*)?(minutes?|mins?|hours?|hrs?|h|days?|weeks?|wks?|months?|years?"
    r"|yrs?|7|52)\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=65536)
def _content(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(content terms, numbers) of ``text``: what two texts must share to be about one thing."""
    return analyze(text).terms - _GENERIC, frozenset(_DIGITS.findall(text))


def _shares(content: tuple[frozenset[str], frozenset[str]], sentence: str) -> bool:
    terms, numbers = _content(sentence)
    return bool(content[0] & terms or content[1] & numbers)


@lru_cache(maxsize=65536)
def _record_times(sentence: str) -> frozenset[str]:
    """The times a record sentence gives: its points in time and its spans ("5 days after")."""
    spans = {
        f"ago:{_count(m.group(1))}:{_UNITS.get(m.group(3).lower().rstrip('s'), 'day')}"
        for m in _SPAN.finditer(sentence)
    }
    return time_keys(sentence) | spans


def _moved(statement: str, record: Sequence[str]) -> bool:
    """Whether ``statement`` places content the record has at a time the record does not give it.

    Each time it names must be given by the record (a span counts: "5 days after" holds "5 days
    ago"); when no sentence giving it shares the statement's content, while another record
    sentence does, the content is the record's at another time ("crushing chest pain, last year").
    Content the record does not have is left to the other readings.
    """
    keys = time_keys(statement)
    if not keys:
        return False
    content = _content(_without(statement, "time"))
    for key in keys:
        holders = [s for s in record if key in _record_times(s)]
        if not holders:
            return True
        if any(_shares(content, s) for s in holders):
            continue
        if any(_shares(content, s) for s in record):
            return True
    return False


def _misattributed(statement: str, record_text: str) -> bool:
    """Whether ``statement`` names a person other than the patient whom the record never names.

    Relations are read as groups ("mum" is "mother"); "the caller's wife" is a person of its own
    (the caller's relation, not the patient's), and so are "a different person", "someone else",
    "another patient", another bed or bay (:data:`_OTHER_PLACE`) the record does not name; a
    titled name is checked against every capitalised word of the record, an untitled pair of
    capitalised words against all its words (:func:`~.handoff_when.name_keys`).
    """
    named = set(_CAPITALISED.findall(record_text))
    keys = {k for k in person_keys(statement) if not (k.startswith("name:") and k[5:] in named)}
    return bool(keys - person_keys(record_text)) or bool(name_keys(statement, _words(record_text)))


@lru_cache(maxsize=1024)
def _words(record: str) -> frozenset[str]:
    return frozenset(re.findall(r"[a-z]+", record.lower()))


@lru_cache(maxsize=1024)
def _record_sentences(record: str) -> tuple[str, ...]:
    return tuple(s for s in re.split(r"(?<=[.!?])\s+|\n+", record) if s.strip())


_HEAD = re.compile(
    r"discharg|follow|further|dnacpr|dnar|dnr|resuscitat|cpr|comfort|palliative|end.of.life"
    r"|ceiling|home|symptom|transfer",
    re.IGNORECASE,
)


def _in_record(cue: str, statement: str, record: Sequence[str]) -> bool:
    """Whether a record sentence holds the cue's head word and the statement's content."""
    head = _HEAD.search(cue)
    if head is None:
        return False
    content = _content(statement.replace(cue, " "))
    word = head.group(0).lower()
    return any(word in s.lower() and _shares(content, s) for s in record)


def _benign_in_record(cue: str, statement: str, record: Sequence[str]) -> bool:
    """Whether a record sentence about the statement's content gives the same explanation."""
    word = cue.split()[-1].lower()[:5]
    content = _content(statement.replace(cue, " "))
    return any(word in s.lower() and _shares(content, s) for s in record)


def explained_away(statement: str) -> bool:
    """Whether ``statement`` explains what it reports away (:data:`DISMISSALS`)."""
    return asserted_cue(DISMISSALS, statement) is not None


EXPLAINED_AWAY = "explains the finding away"
ENDS = "ends or limits care in an escalation"
UNSAFE = frozenset({EXPLAINED_AWAY, ENDS})
"""The readings of :func:`untrue` that countermand the escalation itself (they cost the whole
handoff, :func:`unsafe_fields`), not only their field."""


def untrue(
    text: str, record: str, references: Iterable[str] = (), urgent: Sequence[str] = ()
) -> str | None:
    """Why ``text`` states something untrue of its episode, or None (module conventions).

    Args:
        text: a reason, key finding or named field's value.
        record: the episode's transcript, urgent findings and handoff reference values.
        references: the field's own reference values (a cue they hold is theirs to state).
        urgent: the urgent findings, given for a reason or key finding: a quotation that
            mentions one is read as stated (:func:`statements`), and a statement that mentions
            one and adds content the record lacks is untrue (:func:`adds_to_finding`).
    """
    return _untrue(text, record, "\n".join(references), tuple(urgent))


@lru_cache(maxsize=65536)
def _untrue(text: str, record: str, wanted: str, urgent: tuple[str, ...] = ()) -> str | None:
    for statement in statements(text, urgent):
        kind = untrue_statement(statement, record, wanted, urgent)
        if kind:
            return kind
    return None


MOVED = "places it at a time the record does not"
OTHER = "attributes it to someone the record does not"


def untrue_statement(
    statement: str, record: str, wanted: str = "", urgent: Sequence[str] = ()
) -> str | None:
    """Why one statement is untrue of its episode (:func:`untrue`), or None."""
    sentences = _record_sentences(record)
    if (explained_away(statement) and not DISMISSALS.search(wanted)) or downgrade(
        statement, sentences
    ):
        return EXPLAINED_AWAY
    benign = asserted_cue(BENIGN, statement)
    if benign and not BENIGN.search(wanted) and not _benign_in_record(benign, statement, sentences):
        return EXPLAINED_AWAY
    if urgent and any(mentions(u, statement) for u in urgent) and invented_cause(statement, record):
        return EXPLAINED_AWAY
    ends = asserted_cue(ENDS_CARE, statement)
    if ends and not ENDS_CARE.search(wanted) and not _in_record(ends, statement, sentences):
        return ENDS
    if _moved(statement, sentences) or moved_relative(statement, sentences, urgent):
        return MOVED
    if _misattributed(statement, record):
        return OTHER
    hedge = _HEDGE.search(statement)
    status = asserted_cue(STATUS, statement[: hedge.start()] if hedge else statement)
    if status and status.split()[-1].lower()[:6] not in " ".join(record.lower().split()):
        return "invents an allergy or anticoagulant"
    if urgent and adds_to_finding(statement, record, urgent):
        return ADDED
    if urgent and (
        invented_normal(statement, sentences)
        or misvalued_in_record(statement, urgent, record)
        or invented_value(statement, record)
        or stretched(statement, sentences)
    ):
        return INVENTED
    if stretched(statement, sentences):
        return MOVED
    if edited(statement, record) is not None:
        return EDITED
    if drawn(statement, sentences):
        return CONCLUDED
    if endorsed(statement, sentences):
        return ENDORSED
    if misstated_value(statement, record, sentences):
        return INVENTED
    if unlicensed_relation(statement, record, RECORD_RELATIONS) is not None:
        return "asserts a relation the record does not state"
    return MOVED if unheld_span(statement, sentences) else None


INVENTED = "states a finding or value the record does not give"
EDITED = "copies a record sentence with a word that changes what it says"
CONCLUDED = "draws a reassuring conclusion the record does not"
ENDORSED = "endorses a treatment the record does not (countermands)"


STANDING = re.compile(
    r"\b(training|drill|simulat\w*|dummy|mock|hypothetical|fictional|allegedly|supposedly"
    r"|unverified|rumou?r\w*|hearsay"  # not real, or not known to be
    r"|subsided|eased|abated|settled|resolved|cleared|clear|improved|improving|better"
    r"|recovered|sorted|back to normal"  # no longer current
    r"|duplicat\w*|actioned|dealt with|handled|closed|archived|filed|for information|fyi"
    r"|no (reply|response|action|call-?back) (is )?(needed|required|necessary|expected))\b",
    re.IGNORECASE,
)
"""Words that give a finding's standing rather than its content: not real or not known to be
("training", "simulated", "allegedly", "unverified"), no longer current ("subsided", "eased",
"all clear", "sorted"), or already dealt with ("duplicate", "already actioned", "for
information only", "no reply needed")."""

ADDED = "gives the urgent finding a standing the record does not"


def adds_to_finding(statement: str, record: str, urgent: Sequence[str]) -> bool:
    """Whether ``statement`` mentions an urgent finding and gives it a standing the record lacks.

    A :data:`STANDING` word, not negated ("has not settled" reports a worry) nor still to come
    ("must be resolved before"), that no record sentence sharing the statement's content holds
    (the record's own "pain settled after GTN" is the record's to state): "Training exercise: <finding>",
    "Simulated: <finding>", "<finding> - since subsided", "<finding>, all clear now", "Allegedly
    <finding> (unverified)", "Duplicate, already actioned: <finding>". Such a red flag is not
    stated as the record states it: the field is wrong and countermands the escalation.
    """
    if not any(mentions(u, statement) for u in urgent):
        return False
    sentences = _record_sentences(record)
    for m in STANDING.finditer(statement):
        before = " ".join(statement[: m.start()].split()[-3:])
        if NEGATION.search(before) or _PENDING.search(before):
            continue
        word = m.group(0).lower()
        content = _content(statement.replace(m.group(0), " "))
        if not any(word in " ".join(s.lower().split()) and _shares(content, s) for s in sentences):
            return True
    return False


_PENDING = re.compile(r"\b(must|should|to|will|needs?|until|before|once|if|when|unless)\b", re.I)
"""A standing still to come is not given ("must be resolved before", "until settled")."""


def truth_record(
    transcript: str, urgent: Sequence[str], references: Mapping[str, Sequence[str]]
) -> str:
    """The record statements are checked against: transcript, urgent findings, reference values."""
    values = [v for vs in references.values() for v in vs]
    return "\n".join([transcript, *urgent, *values])


def _unhedged(text: str) -> str:
    """``text`` with each statement cut at its first hedge (what it states plainly)."""
    cut = [s[: h.start()] if (h := _HEDGE.search(s)) else s for s in statements(text)]
    return " ".join(c for c in cut if c.strip())


def false_finding(findings: Sequence[str], record: str, urgent: Sequence[str] = ()) -> bool:
    """Whether a finding is untrue, unfounded (no safety net) or doses an unnamed drug.

    By :func:`untrue`; the last by :func:`~carebench.episodes.claimforms.unheld_drug`.
    """
    return any(
        unheld_drug(f, record)
        or untrue(f, record, (), urgent)
        or (not safety_net(f) and (unfounded(_unhedged(f), record) or unfounded_aside(f, record)))
        for f in findings
    )
