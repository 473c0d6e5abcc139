"""The role a number plays in its clause (round 33, red team 25).

A value, a change, an item number, a day's total, or for a time an interval, a span or a point.

Red team 25 kept a line's own words and numbers and changed only what a number *is*: "every 21
days" written "for 21 days", "at 28 weeks" written "for 28 weeks", "heart rate 150" written
"heart rate up by 150", "PHQ-9 9" written "PHQ-9 item 9", "metformin 500 mg twice daily" written
"(500 mg a day in total)". A number's role is read from the words next to it (tokens of
:func:`carebench.episodes.claimtext.tokens`), and two values are the same value only in agreeing
roles (:func:`roles_agree`). Conventions:

* **change** (:data:`CHANGE`): after "by" or "of" that follows a word of change ("up by 22", "fell
  by 22", "a rise of 2"): the size of a change, never the value itself;
* **item**: after "item" or "question" ("PHQ-9 item 9"): an item's number, not a score;
* **total**: a dose followed within :data:`_AFTER` tokens by "total" or at once by "a day" /
  "per day" (or week), or a dose after "total": the day's sum, held only by a total of the same
  value or by a dose times its times a day
  (:func:`carebench.episodes.quantities.total_held`); a text's own total must be its own dose
  times its times a day (:func:`carebench.episodes.quantities.inconsistent_total`); a week's
  sum ("28 mg per week", "weekly total") is **total-week**, another role (round 38, red team 30:
  "28 mg per day" is not held by "28 mg per week");
* for a time: **every** after "every" / "each", **for** after "for", "over", "lasting", "x" or
  "complete", **at** after "at", "on", "aged", "since" or "from" or as "day 5" (a point, or
  the point a state started: "since 28 weeks" is "at 28 weeks", not "for 28 weeks"); "for N
  weeks after" is unmarked (a point or a span); up to two of the words "the", "next",
  "another", "further", "a", "first", "last" may stand between.

An unmarked number ("" role) agrees with every role but change and item: "7 days" holds "for 7
days", but "eGFR 22" never holds "eGFR fell by 22".
"""

from __future__ import annotations

__all__ = [
    "CHANGE",
    "DOSE_UNITS",
    "STRICT",
    "TOTAL_UNITS",
    "number_role",
    "roles_agree",
    "total_tail",
]

CHANGE = frozenset(
    {"up", "down", "fell", "fallen", "fall", "rose", "risen", "rise", "drop", "dropped", "increas",
     "decreas", "reduc", "chang", "jump", "jumped", "gone", "went", "climb", "climbed", "improv",
     "worsen", "increase", "increased", "decrease", "decreased", "reduced", "reduction", "change",
     "changed", "improved", "worsened", "deteriorated", "gain", "gained", "lost", "loss"}
)  # fmt: skip
"""Words of change before "by" / "of" (raw tokens and their stems)."""
STRICT = frozenset({"change", "item"})
"""Roles an unmarked number never stands for (a total is read by
:func:`carebench.episodes.quantities.total_held`)."""
_TIME_ROLES = {
    "every": "every", "each": "every", "for": "for", "over": "for", "lasting": "for",
    "x": "for", "complete": "for", "at": "at", "on": "at", "aged": "at", "since": "at",
    "from": "at",
}  # fmt: skip
_BETWEEN = frozenset({"the", "next", "another", "further", "a", "first", "last"})
DOSE_UNITS = frozenset({"mg", "mcg", "g", "ml", "unit", "iu", "mmol", "#tablet", "#puff", "#dose"})
"""Units of a dose (canonical units, and counts of a dose form): an approximate dose ("about 27
units") is held only by the same value or one worked out exactly ("about 2800 micrograms a week"
of 400 micrograms daily; :mod:`carebench.episodes.quantities`)."""
TOTAL_UNITS = frozenset(u for u in DOSE_UNITS if not u.startswith("#"))
"""Units of a dose that a total is written in ("10 mg a day"; not a count of tablets)."""
_PERIODS = frozenset({"day", "days", "week", "weeks", "24"})
_AFTER = 4
"""How many tokens after a dose's unit may hold "total"."""


def _before(words: tuple[str, ...], i: int) -> str:
    """The nearest word before ``words[i]`` that is not one of :data:`_BETWEEN` (two at most)."""
    for j in (i - 1, i - 2, i - 3):
        if j < 0:
            return ""
        if words[j] not in _BETWEEN:
            return words[j]
    return ""


def total_tail(words: tuple[str, ...], i: int) -> tuple[str, ...]:
    """The words after the unit of the number ``words[i]`` when they make it a total, else ().

    Up to :data:`_AFTER` words, stopping at the next number: those holding "total", or starting
    "a day" / "per day" (or week). Support reads them with the quantity, not as terms
    (:func:`carebench.episodes.claimforms.held_units`).
    """
    after: list[str] = []
    for w in words[i + 2 : i + 2 + _AFTER]:
        if any(c.isdigit() for c in w) and not w.startswith("freq"):
            break  # the next number's words
        after.append(w)
    per_period = len(after) > 1 and after[0] in ("a", "per", "each") and after[1] in _PERIODS
    return tuple(after) if per_period or "total" in after else ()


def number_role(words: tuple[str, ...], i: int, unit: str, time: bool, day_unit: bool) -> str:
    """The role of the number ``words[i]`` whose unit is ``unit`` (module conventions).

    Args:
        words: the clause's tokens.
        i: the number's index.
        unit: its canonical unit ("" when none).
        time: whether the unit is a time.
        day_unit: whether the unit was the word before the number ("day 5").
    """
    prev = words[i - 1] if i else ""
    if prev in ("by", "of") and i > 1 and words[i - 2] in CHANGE:
        return "change"
    if prev in ("item", "question"):
        return "item"
    if unit in TOTAL_UNITS:
        before, tail = words[max(0, i - 3) : i], total_tail(words, i)
        if "total" in before or tail:
            return "total-week" if {*before, *tail} & {"week", "weeks", "weekly"} else "total"
    if time:
        if day_unit:
            return "at"
        role = _TIME_ROLES.get(_before(words, i), "")
        if role == "for" and words[i + 2 : i + 3] in (("after",), ("from",), ("post",)):
            return ""  # "booked for 4 weeks after starting": a point or a span
        return role
    return ""


def roles_agree(a: str, b: str) -> bool:
    """Whether two values in roles ``a`` and ``b`` may be one value (module conventions)."""
    return a == b or (not (a and b) and (a or b) not in STRICT)
