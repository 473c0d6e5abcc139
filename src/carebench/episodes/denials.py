"""A conjunct of a claim that denies what its cited line states of the patient (round 31).

Read by :func:`carebench.episodes.support.support`. Conventions:

* A claim's **statements about the patient** are the sentences of its cited text (split after
  ``. ! ? ;`` and at line ends, :data:`EVIDENCE_SENTENCE`) that are not guidance or questions
  (:data:`GENERAL`: "if", "should", "needs", "avoid", a question mark, ...).
* A **conjunct** is a piece of a claim between commas, semicolons, "and" and sentence ends. In
  a claim of two conjuncts or more, one read as negated as a whole
  (:func:`~carebench.episodes.readable.frame`: "no vomiting", "denies chest pain") *denies* the
  line when the statements do not carry its frame
  (:func:`~carebench.episodes.readable.compatible`), assert every term it negates and negate
  none of them: "No vomiting and no fever" against "No fever; vomited 3 times today". A claim of
  one conjunct is read by its own frame, as before.
* Only every negated term asserted counts: "no bladder or bowel change" is not denied by
  "opening bowels normally", and a line that negates one of the terms elsewhere carries it.
"""

from __future__ import annotations

import re

from carebench.episodes.claimtext import analyze, term
from carebench.episodes.lexicon import GENERIC_WORDS
from carebench.episodes.quantities import term_found
from carebench.episodes.readable import compatible, frame

__all__ = ["EVIDENCE_SENTENCE", "GENERAL", "denied_part"]

EVIDENCE_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")
"""Where a cited text's sentences end."""
GENERAL = re.compile(
    r"\?|\b(if|unless|who|whose|should|avoid\w*|consider|whether|needs?|requires?|recommend\w*)\b",
    re.IGNORECASE,
)
"""A sentence of guidance or a question: it states nothing about the patient."""
_BOUND = re.compile(r"\b(?:no|not)\s+(?:more|less|fewer|longer|later|sooner)\s+than\b", re.I)
"""A bound, not a denial: "no more than 7 days" limits what the line gives (round 39)."""
_CONJUNCTS = re.compile(r"[,;]|\band\b|(?<=[.!?])\s+")
_GENERIC = frozenset(term(w) for w in GENERIC_WORDS)


def denied_part(claim_text: str, evidence_text: str) -> str | None:
    """The first conjunct of ``claim_text`` that denies ``evidence_text``, or None (conventions)."""
    parts = [p for p in _CONJUNCTS.split(claim_text) if p.strip()]
    if len(parts) < 2:
        return None
    sentences = [s for s in EVIDENCE_SENTENCE.split(evidence_text) if s and not GENERAL.search(s)]
    statements = " ".join(sentences)
    asserted = frozenset().union(*(analyze(s).asserted for s in sentences))
    negated = analyze(statements).negated
    for part in parts:
        if frame(part) != "negated" or _BOUND.search(part) or compatible(part, statements):
            continue
        denied = {t for t in analyze(part).negated if len(t) > 2 and t not in _GENERIC}
        if (
            denied
            and all(term_found(t, asserted) for t in denied)
            and not any(term_found(t, negated) for t in denied)
        ):
            return part.strip()
    return None
