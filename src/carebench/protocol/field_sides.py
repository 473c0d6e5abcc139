"""Ways a handoff field's value says something else than its reference with its own words.

Pure helpers of :mod:`carebench.protocol.handoff_reading` (``field_value_correct``, ``inverts``),
added in rounds 12 and 13 (red teams 10 and 11): a glued "non-" on the reference's word
(:func:`negates_reference`) and another review span (:func:`review_spans`: "same-month" for
"same-day", a class of :data:`~carebench.episodes.exclusive.EXCLUSIVE`); round 29 (red team 22)
adds a single value widened into a range (:func:`widened`: "INR 2.3-4.6" for "INR 4.6"), and
round 40 (red team 32) an order made optional (:func:`made_optional`: "consider stopping") and
one left out of a copied reference (:func:`drops_order`: "repeat potassium" for "hold Sando-K:
repeat potassium").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from carebench.episodes.claimtext import term, tokens
from carebench.episodes.edit_words import LIGHT, normalise, operator_class
from carebench.episodes.exclusive import SPAN, sides

__all__ = [
    "drops_order",
    "made_optional",
    "negates_reference",
    "review_spans",
    "unordered",
    "widened",
]


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


_OPTIONAL = re.compile(
    r"\b(consider|ideally|preferably|perhaps|maybe|optional\w*|if (?:at all )?possible"
    r"|where possible|try(?:ing)? (?:not )?to|at (?:your|the \w+'s) discretion|may wish to"
    r"|could|might|as (?:appropriate|you see fit|seems best)|whichever"
    r"|(?:until|till|once)\s+(?:\w+\s+){0,3}?(?:feels?\s+(?:better|well|ok|okay)|settles?|improves?))\b",
    re.IGNORECASE,
)
"""Words that leave an order to the receiver's choice; since round 41 a subjective end ("until
she feels better", "until they settle", "once it improves") and a choice among options ("999 /
on-call / routine GP as appropriate", "whichever")."""


def made_optional(value: str, references: str) -> bool:
    """Whether ``value`` makes optional what its references order plainly.

    "consider stopping simvastatin now", "ideally no driving for 1 month", "try not to stop basal
    insulin" for the reference's order (round 40, red team 32): a word that leaves the order to
    the receiver's choice or ends it when the patient feels better (:data:`_OPTIONAL`), where no
    reference value has one. The receiver may not do what the record says must be done, so the
    field countermands it.
    """
    return bool(_OPTIONAL.search(value)) and not _OPTIONAL.search(references)


_ORDERS = frozenset({"held", "resumed", "raised", "lowered", "not"})
"""Operator classes of an order (:func:`~carebench.episodes.edit_words.operator_class`): hold or
stop, restart, increase, reduce, and a negation ("no driving", "do not supply")."""
_LIGHT = frozenset(term(w) for w in LIGHT)


def _orders(text: str) -> frozenset[str]:
    return _ORDERS.intersection(map(operator_class, tokens(text)))


def drops_order(value: str, references: Sequence[str]) -> bool:
    """Whether ``value`` copies a reference value but for the order it gives.

    "repeat potassium 5.9 mmol/L" for "hold Sando-K: repeat potassium 5.9 mmol/L", "capillary
    glucose checks overnight" for "hold discharge; capillary glucose checks overnight" (round 40,
    red team 32): every weighty word of the value is the reference's (two at least), and an
    order of the reference (:data:`_ORDERS`) is in none of the value's words. The receiver reads
    the rest of the plan without what it was for.
    """
    value = normalise(value)
    words, given = {term(t) for t in tokens(value)} - _LIGHT, _orders(value)
    if len(words) < 2:
        return False
    normalised = map(normalise, references)
    return any(words <= {term(t) for t in tokens(r)} and _orders(r) - given for r in normalised)


def unordered(value: str, references: Sequence[str]) -> bool:
    """Whether ``value`` makes its references' order optional or leaves it out (round 40)."""
    return made_optional(value, "\n".join(references)) or drops_order(value, references)
