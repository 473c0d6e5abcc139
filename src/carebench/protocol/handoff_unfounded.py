"""Key findings and asides whose content the record does not hold (split from handoff_truth).

Pure helpers of :mod:`carebench.protocol.handoff_truth` (re-exported there):

* **Unfounded** (:func:`unfounded`): a key finding most of whose content terms
  (:data:`UNFOUNDED_SHARE`, :data:`UNFOUNDED_MIN` terms at least) appear nowhere in the record.
* **Unfounded aside** (:func:`unfounded_aside`, round 20): a clause after a key finding's first
  most of whose content the record lacks; round 22 also reads a clause's last prepositional
  phrase and a leading one.
* **Invented cause** (:func:`invented_cause`, round 39): a cause given for what a statement
  reports ("since starting iron tablets") whose content the record lacks.
* **Safety net** (:func:`safety_net`, round 54): a key finding that only tells the caller to ring
  an emergency number again if things get worse is advice filed among the findings, not a
  finding; it is never unfounded (red team 41's control "call 999 again at once if things get
  worse before the crew arrives" cost a correct 999 handoff 0.8, its restrictive twin less).
* :data:`REJECTS`: words with which a statement rejects what it reports ("contradicted by the
  observations", "conflicts with", "despite").

Content terms and their absence are :func:`~carebench.episodes.support.absent_terms`'s.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from carebench.episodes.scales import without_stated_restated
from carebench.episodes.support import absent_terms, strip_injections

__all__ = [
    "ASIDE_MIN",
    "ASIDE_SHARE",
    "REJECTS",
    "UNFOUNDED_MIN",
    "UNFOUNDED_SHARE",
    "invented_cause",
    "safety_net",
    "unfounded",
    "unfounded_aside",
    "unfounded_tail",
]

REJECTS = re.compile(
    r"\b(contradict\w*|conflict\w*|despite|disputed?|inconsistent|does not fit|even though"
    r"|at odds)\b",
    re.IGNORECASE,
)

_CALL_999 = (
    r"(?:(?:advised|told|asked)(?: \w+)? to )?(?:call|ring|dial|phone)(?: \w+){0,2}? (?:999|112|911"
    r"|an ambulance|emergency services)\b(?: (?:again|back|straight away|at once|immediately|now"
    r"|urgently))*"
)
_IF = r"(?:if|should|while|before|when)\b"
_SAFETY_NET = re.compile(
    rf"^\W*(?:safety[- ]?net(?:ting)?(?: advice)?\W+)?(?:(?P<call>{_CALL_999})\W*{_IF}[^;.:]*"
    rf"|{_IF}[^;.:,]*,\s*(?P<after>{_CALL_999}))\W*$",
    re.IGNORECASE,
)
_REFUSES = re.compile(r"\b(?:not|no|never|nothing|don't|do not)\b|n't\b", re.IGNORECASE)
"""Words that refuse the call itself (those that restrict anywhere are :data:`_ANYWHERE`)."""


_ANYWHERE = re.compile(r"\b(?:only|unless|but|instead|rather|except|first)\b", re.IGNORECASE)


def safety_net(finding: str) -> bool:
    """Whether a key finding is only a safety net: ring an emergency number (again) if worse.

    The whole finding is one instruction to call 999 / 112 / 911, an ambulance or emergency
    services, on a condition before or after it ("call 999 again if she gets worse", "if no
    better in 5 minutes, ring 999 again"), and no word restricts or refuses the call itself
    ("do not call 999 if ..."; a "no" or "not" inside the condition restricts nothing) nor the
    instruction ("only", "unless", "but", "instead", "rather", "except", "first" anywhere:
    "only if no longer breathing", "if worse, but the GP can see him tomorrow first").
    """
    found = _SAFETY_NET.match(finding)
    if found is None or _ANYWHERE.search(finding):
        return False
    return not _REFUSES.search(found["call"] or found["after"])


UNFOUNDED_SHARE = 0.75
UNFOUNDED_MIN = 3
"""A key finding is unfounded when at least UNFOUNDED_SHARE of its content terms, and
UNFOUNDED_MIN at least, are absent from the whole record ("breathing fast" for "breathing
quickly" is two terms: a paraphrase)."""


def unfounded(finding: str, record: str) -> bool:
    """Whether most of a key finding's content is absent from the whole record.

    At least :data:`UNFOUNDED_SHARE` of its content terms, and :data:`UNFOUNDED_MIN` at least,
    appear nowhere in the record (truncations and class names count as found, as claim coverage
    reads them).
    """
    terms, missing = absent_terms(finding, record)
    return missing >= UNFOUNDED_MIN and missing >= UNFOUNDED_SHARE * terms


ASIDE_MIN = 2
ASIDE_SHARE = 0.5
"""A clause after a text's first is an unfounded aside when at least ASIDE_MIN of its content
terms, and ASIDE_SHARE of them, are absent from the whole record (round 20)."""
_ASIDE = re.compile(
    r"[;()\[\]]|\s[-\u2013\u2014]+\s|(?<=[.!?])\s+|,\s+|:\s+|\s[/+=]\s"
    r"|\b(?:but|though|tho|although|however|except|whereas|unless)\b",
    re.IGNORECASE,
)

_GLUED = re.compile(
    r"\s((?:in|from|during|at|on|by|for|with|after|according to|as per|per)\s(?:(?!\b(?:in|from"
    r"|during|at|on|by|for|with|after)\b)[^,;])+)$",
    re.IGNORECASE,
)
"""A clause's last prepositional phrase, read as an aside too (round 22): "... in the film she
watched", "... from her screenplay" glued on with no punctuation."""

_LEADING = re.compile(
    r"\W*(?:in|from|during|according to|as per|per|on|at|for|with)\b", re.IGNORECASE
)
"""A first clause that is a prepositional phrase before the finding ("In her screenplay, X"):
an aside put first (round 22)."""


def unfounded_aside(text: str, record: str) -> bool:
    """Whether a clause after the first of a key finding or field adds what the record lacks.

    The first clause states the finding or value; each later one (after a bracket, a dash, a
    comma, a semicolon, a colon, a spaced slash, plus or equals sign, a sentence end or "but" /
    "though"), each clause's last prepositional phrase (:data:`_GLUED`) and a leading one
    (:data:`_LEADING`) is an *aside*, and an aside most of
    whose content (:data:`ASIDE_SHARE`, :data:`ASIDE_MIN` terms at least) appears nowhere in the
    record qualifies the finding by what the record does not say: a source, a time, a person or
    a judgement the receiver cannot check ("... - that's the husband's", "(in the novel she is
    writing)", "... she says that about every migraine though"). It is read in kind, by absence
    from the record, never by its words (round 20: red teams 8-17 got through with word lists'
    gaps; measured on a blind labelled set of asides, docs/scorer-history.md). What restates the
    text rightly (a scale's maximum, a unit or class gloss, round 46; a band, round 47) is no
    aside.
    """
    parts = [
        p for p in _ASIDE.split(without_stated_restated(strip_injections(text))) if p and p.strip()
    ]
    glued = [m[1] for p in parts if (m := _GLUED.search(p))] + parts[:1] * bool(
        parts and _LEADING.match(parts[0]) and len(parts) > 1
    )
    for part in parts[1:] + glued:
        if REJECTS.search(part):
            continue  # "- contradicted by the observations": the aside upholds the finding
        terms, missing = absent_terms(part, record)
        if missing >= ASIDE_MIN and missing >= ASIDE_SHARE * terms:
            return True
    return False


def unfounded_tail(value: str, references: Sequence[str], record: str) -> bool:
    """Whether a field value that copies a reference value adds around it what the record lacks.

    Round 43 (red team 33): "call an ambulance now; meanwhile lay him flat to rest", "mother, a
    paediatric nurse who will monitor him overnight". The copied reference is the value; what
    the value adds before or after it is read as asides are (:func:`unfounded_aside`). Read only
    where a reference is copied whole (case and spacing folded, at word boundaries): a value in
    other words is left to the value readers (the same reading on every field called 47
    labelled-correct fields wrong, round 20).
    """
    folded = " ".join(value.split())
    for reference in references:
        wanted = " ".join(reference.split())
        copied = re.search(rf"(?<!\w){re.escape(wanted)}(?!\w)", folded, re.I) if wanted else None
        if copied is None:
            continue  # not "mother" in "grandmother", "3 days" in "13 days"
        rest = f"{folded[: copied.start()]} ; {folded[copied.end() :]}".strip(" ;")
        if rest and unfounded_aside(f"{reference}; {rest}", record):
            return True
    return False


_CAUSE = re.compile(
    r"\b(?:due to|because of|caused by|secondary to|brought on by|triggered by|put down to"
    r"|(?:since|after) (?:starting|taking|eating|drinking|having)|after (an?))\s+([^,;.()\[\]\n]+)",
    re.IGNORECASE,
)


def invented_cause(text: str, record: str) -> bool:
    """Whether ``text`` gives what it reports a cause with a content term the record lacks.

    Round 39 (red team 31): "black, sticky stool since starting iron tablets", "coughed up
    bright blood after a nosebleed" (a cause the record gives nowhere: "iron", "nosebleed"). The
    cause is the first four words after a causal phrase ("due to", "since starting"); after a
    bare "after a" (mostly a time: "3 h after a UTI call") every content term of it must be
    absent. A cause the record holds is the record's to state. Read beside an urgent finding only
    (:func:`~carebench.protocol.handoff_truth.untrue_statement`): an invented cause explains the
    red flag away.
    """
    for m in _CAUSE.finditer(strip_injections(text)):
        terms, missing = absent_terms(" ".join(m[2].split()[:4]), record)
        if missing and (not m[1] or missing == terms):
            return True
    return False
