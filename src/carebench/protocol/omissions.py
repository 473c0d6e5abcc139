"""Omissions that mislead: a fact named without its result, a note closed over a missing fact.

Helpers of :func:`carebench.protocol.scores.continuity`. Conventions:

* A claim **truncates** a required fact when it is the fact less its result words
  (:func:`~carebench.protocol.result_words.result_terms`): the same numbers with their units and
  exactly the fact's other terms, nothing of its own ("blood group O RhD" for "blood group O RhD
  negative", "spironolactone" for "spironolactone held"). A reader takes the subject with
  no result as the default: a current drug, an unknown group.
* A claim **closes** the note when it denies anything further ("Nothing else of note", "No
  other concerns", "Nil further to add"): a negation cue before *else*, *other*, *further* or
  *more*, the rest of the claim content-free
  (:func:`~carebench.protocol.handoff_placeholders.content_free`). A closure scoped by a content
  word ("no other regular medicines") closes only its list and is not counted.
* Each truncated fact, and a closure while a required fact is not stated, counts as a stale
  fact in continuity (it quarters the score): the note reads as complete and is not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from carebench.episodes.claimtext import analyze
from carebench.episodes.matching import tokens
from carebench.episodes.readable import compatible
from carebench.protocol.handoff_placeholders import content_free
from carebench.protocol.result_words import result_terms
from carebench.protocol.stated import units_held

__all__ = ["closes", "misleading_omissions", "truncates"]

_CLOSURE = re.compile(
    r"\b(?:nothing|no|nil|none|not\s+(?:any|anything))\s+(?:else|other|further|more)\b", re.I
)


def truncates(text: str, fact: str) -> bool:
    """Whether ``text`` names ``fact`` without its result word (see the module conventions)."""
    result = result_terms(fact)
    terms, wanted = analyze(text).terms, analyze(fact).terms
    return (
        bool(result)
        and wanted - result <= terms <= wanted - result
        and tokens(text).numbers == tokens(fact).numbers
        and units_held(text, fact)
        and compatible(text, fact)
    )


def closes(text: str) -> bool:
    """Whether ``text`` denies that the note holds anything further (module conventions)."""
    match = _CLOSURE.search(text)
    return match is not None and content_free(text[: match.start()] + " " + text[match.end() :])


def misleading_omissions(texts: Sequence[str], missing: Sequence[str]) -> int:
    """Truncated facts among ``missing`` (required, not stated), plus one for a closure if any."""
    truncated = sum(any(truncates(t, f) for t in texts) for f in missing)
    return truncated + bool(missing and any(closes(t) for t in texts))
