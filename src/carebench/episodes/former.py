"""A treatment or a value a claim states as current that its cited lines place in the past.

Read by :func:`carebench.episodes.support.conflict`:

- "former treatment stated as current": a claim that says a treatment is taken now ("takes",
  "currently on", "still", "restart") where a cited sentence says it "was stopped" or was
  "switched from", unless the claim itself places it in the past ("stopped", "previously", "ago");
- "past entry stated as current" (round 41): a claim that dates a value to now ("PHQ-9 17 today",
  "Hb 92 currently") where every cited clause holding that value dates it to a past time ("PHQ-9
  was 17 at diagnosis", "Hb 92 two weeks ago", "TSH 1.8 in September", "baseline 90") and none to
  now; or, for a claim without values, every cited sentence holding most of its content terms
  ("cough improving at phone review today" for "Phone review 3 days ago: cough improving"). Not
  where the claim itself gives a past time ("8 days before today" is one). A clause is a stretch
  between ``.``, ``;``, ``,`` and brackets, so "was 17 at diagnosis, 9 today" dates each value by
  its own clause.
"""

from __future__ import annotations

import re

from carebench.episodes.claimtext import POLAR, Analysis, analyze, term, tokens
from carebench.episodes.lexicon import ASSERTIVE_PLACEHOLDERS, GENERIC_WORDS, PLACEHOLDER_TERMS
from carebench.episodes.quantities import same_value

__all__ = ["resumed"]

#: A past discontinuation: "X was stopped 6 months ago", "switched from X", "X ... replaced by".
_STOPPED = re.compile(
    r"\b(?:was|were|has been|had been)\s+(?:stopped|discontinued|withdrawn|replaced|switched)\b"
)
_SWITCHED_FROM = re.compile(
    r"\b(?:switched|changed|converted|stepped\s+(?:down|up))\s+(?:over\s+)?from\s+([\w-]+)"
)
#: Words by which a claim states a treatment as current ("takes", "currently on").
_CURRENT_USE = re.compile(
    r"\b(takes?|taking|uses?|using|current(?:ly)?|still|continues?|continuing|restart\w*|resum\w*|"
    r"(?:is|are|remains?|stays?)\s+on)\b",
    re.I,
)
#: Words by which a claim itself places a treatment in the past.
_PAST = re.compile(
    r"\b(stopped|discontinued|previously|formerly|former|used to|was on|were on|switched|"
    r"replaced|no longer|ago|until|history of)\b",
    re.I,
)
_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
#: A past time a clause gives its value ("at diagnosis", "2 weeks ago", "in September").
_DATED_PAST = re.compile(
    r"\b(ago|yesterday|last\s+(?:week|month|year|night|visit|review|appointment|time)|"
    r"previous(?:ly)?|prior|earlier|initially|originally|(?:at|on)\s+diagnosis|baseline|"
    r"(?:before|pre)[\s-]+(?:starting|treatment|surgery|the\s+\w+)|at\s+(?:the|his|her)\s+last|"
    rf"in\s+(?:{_MONTHS}|(?:19|20)\d\d))\b",
    re.I,
)
#: Words by which a claim or a clause dates a value to now.
_NOW = re.compile(
    r"\b(today|now|current(?:ly)?|latest|tonight|this\s+(?:morning|afternoon|evening))\b", re.I
)
_CLAUSE = re.compile(r"[.,](?!\d)|[;()\n]|\bbut\b|\bwhereas\b")
"""A clause of a cited line: between ``.`` and ``,`` (not in a number), ``;``, brackets, "but"."""
_PLACEHOLDERS = frozenset(term(w) for w in PLACEHOLDER_TERMS)
_ASSERTIVE = frozenset(term(w) for w in ASSERTIVE_PLACEHOLDERS)
_GENERIC = frozenset(term(w) for w in GENERIC_WORDS) | (_PLACEHOLDERS - _ASSERTIVE)


def _former(evidence_text: str) -> frozenset[str]:
    """Treatments the cited text says were stopped or switched from (their first content term).

    "Naproxen 500 mg twice daily, started for a sprain, was stopped 2 months ago" -> naproxen;
    "switched from desogestrel 18 months ago" -> desogestrel.
    """
    found: set[str] = set()
    for sentence in re.split(r"[.;:\n]", evidence_text.lower()):
        stopped = _STOPPED.search(sentence)
        if stopped:
            head = [w for w in tokens(sentence[: stopped.start()]) if _content(w)]
            found.update(term(w) for w in head[:1])
        found.update(term(m[1]) for m in _SWITCHED_FROM.finditer(sentence) if _content(m[1]))
    return frozenset(found)


def _content(word: str) -> bool:
    return (
        len(word) > 3 and word.isalpha() and term(word) not in _GENERIC and term(word) not in POLAR
    )


def resumed(claim: Analysis, claim_text: str, evidence_text: str) -> str | None:
    """Which past thing the claim states as current (module conventions), or None.

    A treatment its cited text says was stopped ("takes X"), then a value every cited clause
    holding it dates to the past; a claim that places either in the past itself does not.
    """
    if _PAST.search(claim_text):
        return None
    former = _former(evidence_text)
    if _CURRENT_USE.search(claim_text) and any(t in former for t in claim.asserted - claim.negated):
        return "former treatment stated as current"
    past = _DATED_PAST.search(claim_text) or any(q.ago for q in claim.quantities)
    dated = not past and _dated(claim, claim_text, evidence_text)
    return "past entry stated as current" if dated else None


def _dated(claim: Analysis, claim_text: str, evidence_text: str) -> bool:
    """Whether what the claim dates to now is held only by clauses dated to the past.

    A value is held by a clause with the same value; a claim without values by a sentence holding
    most of its content terms (three at least: "cough improving at phone review today" for "at a
    phone review 3 days ago the cough was improving").
    """
    if not _NOW.search(claim_text):
        return False
    clauses = [(c, analyze(c)) for c in _CLAUSE.split(evidence_text) if c.strip()]
    past = [c for c, _ in clauses if _DATED_PAST.search(c) and not _NOW.search(c)]
    for q in claim.quantities:
        holding = [c for c, a in clauses if any(same_value(q, e) for e in a.quantities)]
        if holding and set(holding) <= set(past):
            return True
    content = {t for t in claim.terms - claim.negated if _content(t)} - _NOW_TERMS
    if claim.quantities or len(content) < 3:
        return False
    sentences = [c for c in re.split(r"[.;\n](?!\d)", evidence_text) if c.strip()]
    holding = [c for c in sentences if len(content & analyze(c).terms) >= 0.75 * len(content)]
    return bool(holding) and all(_DATED_PAST.search(c) and not _NOW.search(c) for c in holding)


_NOW_TERMS = frozenset(term(w) for w in ["today", "now", "current", "currently", "latest"])
