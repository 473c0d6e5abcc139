"""Modality of a claim: hedges, generalisations and hedging between exclusive sides.

A claim that hedges ("possibly", "?PE", "ruled out"), generalises ("usually") or offers both sides
of an exclusive group ("continue or stop") does not state a fact, so a line that states it plainly
cannot support it (:mod:`carebench.episodes.support`); the handoff readers use the same hedge
pattern (:func:`hedge_pattern`).
"""

from __future__ import annotations

import re

from carebench.episodes.claimtext import POLAR, term, tokens
from carebench.episodes.lexicon import GENERALISATIONS, HEDGES
from carebench.episodes.unstated import strip_injections

_EITHER = r"\beither\b(?=[^.;:!?\n]*\bor\b)"
"""A disjunction ("either A or B", round 26): it says one of them holds and not which, so it
states neither, as a hedge does; "either" with no "or" after it in its sentence ("no weakness in
either leg") is not one."""


def hedge_pattern(extra: tuple[str, ...] = ()) -> re.Pattern[str]:
    """A pattern for the hedges of :data:`~carebench.episodes.lexicon.HEDGES` and ``extra`` words.

    Whole words, any case, with a queried term ("?PE": a question mark before a letter), a
    value that ends in a question mark ("sepsis?") and a disjunction (:data:`_EITHER`).
    """
    words = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in (*HEDGES, *extra))
    return re.compile(rf"\b(?:{words})\b|{_EITHER}|\?\s?[A-Za-z]|\?\s*$", re.IGNORECASE)


_UNCERTAIN = hedge_pattern(GENERALISATIONS)
"""Modality of a claim: a hedge (:data:`~carebench.episodes.lexicon.HEDGES`, "?PE" included) or
a generalisation (:data:`~carebench.episodes.lexicon.GENERALISATIONS`)."""


def uncertain(claim_text: str, evidence_text: str) -> bool:
    """Whether the claim hedges ("possibly", "?PE", "ruled out") where its lines state plainly.

    A hedged claim does not state the fact, so its lines cannot support it; a line that hedges
    too ("possible sepsis") can.
    """
    return bool(_UNCERTAIN.search(strip_injections(claim_text))) and not _UNCERTAIN.search(
        evidence_text
    )


def hedges_between(text: str) -> bool:
    """Whether a claim offers two sides of one exclusive group as alternatives ("continue or stop")."""
    words = tokens(strip_injections(text))
    for i in range(1, len(words) - 1):
        if words[i] == "or":
            a, b = POLAR.get(term(words[i - 1])), POLAR.get(term(words[i + 1]))
            if a and b and a[0] == b[0] and a[1] != b[1]:
                return True
    return False
