"""Two ways a handoff field's value says the opposite of its reference with its own words.

Pure helpers of :mod:`carebench.protocol.handoff_reading` (``field_value_correct``, ``inverts``),
added in rounds 12 and 13 (red teams 10 and 11): a glued "non-" on the reference's word
(:func:`negates_reference`) and another review span (:func:`review_spans`: "same-month" for
"same-day", a class of :data:`~carebench.episodes.exclusive.EXCLUSIVE`).
"""

from __future__ import annotations

import re

from carebench.episodes.exclusive import SPAN, sides

__all__ = ["negates_reference", "review_spans"]


def negates_reference(value: str, references: str) -> bool:
    """Whether ``value`` glues "non-" to a word its references use without it.

    "same-day non-urgent mental health assessment" for "same-day urgent mental health
    assessment", "non-suicidal" for "suicidal" (round 13, red team 11's non-prefix): the value
    says the opposite of its reference with the reference's own word.
    """
    return any(
        re.search(rf"\b{re.escape(word)}\b", references, re.IGNORECASE)
        and not re.search(rf"\bnon[- ]?{re.escape(word)}\b", references, re.IGNORECASE)
        for word in _NON.findall(value)
    )


_NON = re.compile(r"\bnon[- ]?([a-z]{3,})\b", re.IGNORECASE)


def review_spans(text: str) -> frozenset[int]:
    """The review spans ``text`` holds (:data:`~carebench.episodes.exclusive.SPAN`).

    Same day, same week, same month.
    """
    return frozenset(k for g, k in sides(text) if g == SPAN)
