"""A fact's result word: what makes "antibody screen negative" a fact and "antibody screen" a topic.

Helpers of :func:`carebench.protocol.stated.asserts`. Conventions:

* A fact's **result words** are its exclusive sides (:data:`~carebench.episodes.lexicon.POLARITY`
  as :func:`~carebench.episodes.claimtext.analyze` reads them, negation included: negative /
  positive, stopped / held / continued, raised / low / normal, left / right, once / twice daily,
  ...) and its status words (:data:`~carebench.episodes.lexicon.STATUSES` other than the
  negation cues, which the fact matcher already requires: resolved, declined, allergy, ...;
  a stop word such as "off" is no term) and :data:`OUTCOMES` (completed, sent, improving).
* A claim **keeps** a fact's result when it holds every side the fact holds and the term of
  every status word of the fact (synonyms and stems folded by
  :func:`~carebench.episodes.claimtext.term`: "discontinued" holds "stopped", "RhD-negative"
  holds "negative"). A share of the fact's other words is the fact matcher's business
  (:func:`~carebench.episodes.matching.states`); its result word is not optional.
"""

from __future__ import annotations

from functools import cache

from carebench.episodes.claimtext import POLAR, analyze, term
from carebench.episodes.lexicon import NEGATIONS, STATUSES

__all__ = ["OUTCOMES", "keeps_result", "result_terms", "result_words"]

OUTCOMES = frozenset({"completed", "complete", "sent", "improving", "improved", "abnormal"})
"""Outcome words of a task or course that the status list lacks ("clarithromycin course completed",
"culture sent", "cough improving"): result words too."""
_STATUS_TERMS = frozenset(term(w) for w in (STATUSES | OUTCOMES) - NEGATIONS) - frozenset(POLAR)


@cache
def result_words(fact: str) -> tuple[frozenset[tuple[int, int]], frozenset[str]]:
    """(sides, status terms) of ``fact``: its result words (see the module conventions)."""
    read = analyze(fact)
    return read.sides, read.terms & _STATUS_TERMS


def result_terms(fact: str) -> frozenset[str]:
    """The terms of ``fact``'s result words: its side and status terms ("absent", "withhold")."""
    return frozenset(t for t in analyze(fact).terms if t in POLAR or t in _STATUS_TERMS)


def keeps_result(text: str, fact: str) -> bool:
    """Whether ``text`` holds every result word of ``fact`` (see the module conventions)."""
    sides, status = result_words(fact)
    if not sides and not status:
        return True
    read = analyze(text)
    return sides <= read.sides and status <= read.terms
