"""Order and comparator words in field values, and identity fields that carry a delay (H14).

Readings of :func:`carebench.protocol.handoff_reading.other_member` and
:func:`~carebench.protocol.handoff_reading.identity_exact`. Conventions:

* **Order classes** (:data:`ORDER`): the drafts' temporal-order classes
  (:data:`~carebench.episodes.exclusive.EXCLUSIVE`: before / after, since / until), with
  "within" on the side of "before" ("review within 1 week" is not "after 1 week"), and the
  comparators at least / at most (more than, above; less than, below); "within minutes of" an
  event is on no side (it is a time after the event). A value *swaps* one
  (:func:`order_swapped`) when it holds a side its references do not, the references hold
  another side of that class, and the value holds none of theirs: the receiver acts at the wrong
  side of the time or threshold. A side negated just before ("not before") is not held.
* **Identity delay** (:func:`delays`): an identity field's value (a name, callback number, age)
  holds only who or how to reach; a time of day, weekday, clock time or condition on it ("07700
  900123, best after 6 pm", "call only if ...") that its references do not hold is no part of
  the value: the field is wrong (and, an identity field, countermands the escalation).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from carebench.episodes.exclusive import EXCLUSIVE

__all__ = ["ORDER", "delays", "order_swapped"]


def _class_of(word: str) -> tuple[frozenset[str], ...]:
    return next(c for c in EXCLUSIVE if any(word in side for side in c))


_BEFORE, _AFTER = _class_of("before")
ORDER: tuple[tuple[frozenset[str], ...], ...] = (
    (_BEFORE | {"within", "earlier than", "sooner than"}, _AFTER | {"later than", "beyond"}),
    _class_of("since"),
    (
        frozenset({"at least", "more than", "greater than", "above", "over", "or more"})
        | {"minimum", "no less than", "no fewer than"},
        frozenset({"at most", "less than", "fewer than", "below", "under", "or less"})
        | {"or fewer", "maximum", "up to", "no more than"},
    ),
)
"""Exclusive order classes of field values: temporal order (before / within, after), since /
until, and comparators (at least / more than / above, at most / less than / below)."""

_NEGATED = re.compile(r"\b(not|never|no)\s*$", re.IGNORECASE)
_OF_EVENT = re.compile(r"\s+(?:\S+\s+)?(?:seconds?|minutes?|mins?|hours?|days?|weeks?)\s+of\b")
""""Within minutes of IV contrast" is a time after the event, as "minutes after" is: neither a
deadline nor the side of "before" (red team 32's control)."""


_WORD = re.compile(r"[a-z0-9]+")
_SMALL = frozenset({"the", "a", "an", "of", "to", "on", "in", "at", "and", "or", "her", "his"})


def _anchors(low: str, start: int, end: int) -> frozenset[str]:
    """The content words (or numbers) just before and just after a phrase: what it orders."""
    before = [w for w in _WORD.findall(low[:start]) if w not in _SMALL][-1:]
    after = [w for w in _WORD.findall(low[end:]) if w not in _SMALL][:1]
    return frozenset(before + after)


def _held(text: str) -> dict[tuple[int, int], frozenset[str]]:
    """The (class, side) pairs of :data:`ORDER` ``text`` holds, each with its anchor words.

    A side negated just before is held as the other side of its pair (round 11, red team 9:
    "not before" is after, "no sooner than" after, "not more than" at most).
    """
    low = " ".join(text.lower().split())
    found: dict[tuple[int, int], frozenset[str]] = {}
    for c, sides in enumerate(ORDER):
        for s, phrases in enumerate(sides):
            for phrase in phrases:
                for m in re.finditer(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", low):
                    side: int | None = s
                    if not phrase.startswith("no ") and _NEGATED.search(low[: m.start()]):
                        side = 1 - s if len(sides) == 2 else None
                    if side is None or (phrase == "within" and _OF_EVENT.match(low, m.end())):
                        continue
                    anchors = _anchors(low, m.start(), m.end())
                    found[(c, side)] = found.get((c, side), frozenset()) | anchors
    return found


def order_swapped(value: str, references: Sequence[str]) -> bool:
    """Whether ``value`` orders what its references order the other way (conventions).

    The value holds a side of a class its references do not, about the same thing (a word or
    number beside it is beside the references' other side: "after 1 week" for "within 1 week",
    "40 minutes before" for "40 minutes after"), and none of the references' sides of it
    ("managed 5 m before stopping" does not swap "gasping after 5 metres").
    """
    if not references:
        return False
    written, wanted = _held(value), _held(" ".join(references))
    return any(
        (c, s) not in wanted
        and any(k == c and anchors & near for (k, _), near in wanted.items())
        and not any((k, t) in written for k, t in wanted if k == c)
        for (c, s), anchors in written.items()
    )


_DELAY = re.compile(
    r"\b(after|before|until|till|unless|if|not (?:before|until)"
    r"|tomorrow|tonight|morning|afternoon|evening|night|weekend|lunchtime|midday"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday|between"
    r"|\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)|\d{1,2}:\d\d|o'clock)\b",
    re.IGNORECASE,
)
"""Times of day, weekdays, clock times and conditions: when (not who or how) to reach someone."""


def delays(value: str, references: Sequence[str]) -> str | None:
    """The time or condition an identity ``value`` carries that its references do not, or None."""
    wanted = " ".join(references).lower()
    for m in _DELAY.finditer(value):
        if m.group(0).lower() not in wanted:
            return m.group(0)
    return None
