"""A treatment a claim states as current that its cited lines say was stopped or switched from.

Read by :func:`carebench.episodes.support.conflict` ("former treatment stated as current"): a
claim that says a treatment is taken now ("takes", "currently on", "still", "restart") where a
cited sentence says it "was stopped" or was "switched from", unless the claim itself places it in
the past ("stopped", "previously", "ago").
"""

from __future__ import annotations

import re

from carebench.episodes.claimtext import POLAR, Analysis, term, tokens
from carebench.episodes.lexicon import ASSERTIVE_PLACEHOLDERS, GENERIC_WORDS, PLACEHOLDER_TERMS

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


def resumed(claim: Analysis, claim_text: str, evidence_text: str) -> bool:
    """Whether the claim states as current ("takes X") a treatment its cited text says was stopped.

    A claim that places it in the past itself ("stopped", "previously", "ago") does not.
    """
    if not _CURRENT_USE.search(claim_text) or _PAST.search(claim_text):
        return False
    former = _former(evidence_text)
    return any(t in former for t in claim.asserted - claim.negated)
