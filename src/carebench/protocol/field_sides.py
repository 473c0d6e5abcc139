"""Ways a handoff field's value says something else than its reference with its own words.

Pure helpers of :mod:`carebench.protocol.handoff_reading` (``field_value_correct``, ``inverts``),
added in rounds 12 and 13 (red teams 10 and 11): a glued "non-" on the reference's word
(:func:`negates_reference`) and another review span (:func:`review_spans`: "same-month" for
"same-day", a class of :data:`~carebench.episodes.exclusive.EXCLUSIVE`); round 29 (red team 22)
adds a single value widened into a range (:func:`widened`: "INR 2.3-4.6" for "INR 4.6").
"""

from __future__ import annotations

import re

from carebench.episodes.exclusive import SPAN, sides

__all__ = ["negates_reference", "review_spans", "widened"]


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


_NUMBER = r"\d+(?:\.\d+)?"
_RANGE = re.compile(rf"(?<![\d.:/])({_NUMBER})\s*(?:-|\u2013|to)\s*({_NUMBER})(?![\d.:/])")


def widened(value: str, references: str) -> bool:
    """Whether ``value`` widens a single value of its references into a range.

    A range one of whose ends is a number of the references and the other none of theirs ("INR
    2.3-4.6" for "INR 4.6 today", "enoxaparin 20-40 mg" for "enoxaparin 40 mg") is not the
    measured value or the prescribed dose: it leaves the value to the reader. A range the
    references give ("U&E in 1-2 weeks") is theirs.
    """
    theirs = {(float(a), float(b)) for a, b in _RANGE.findall(references)}
    numbers = {float(n) for n in re.findall(rf"(?<![\d.]){_NUMBER}", references)}
    return any(
        (float(a), float(b)) not in theirs and ((float(a) in numbers) != (float(b) in numbers))
        for a, b in _RANGE.findall(value)
    )
