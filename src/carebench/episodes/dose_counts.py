"""A dose glossed as a count of tablets that does not make the dose (round 53, red team 41).

Read by :func:`carebench.episodes.relations.unlicensed_relation` as the class
:data:`~carebench.episodes.relations.DOSE_COUNT`. Red team 41 glossed true doses with counts that
multiply them ("methotrexate 15 mg weekly (six 10 mg tablets)": 60 mg, the 10 mg / 2.5 mg tablet
error; "sertraline 100 mg daily (two 100 mg tablets)"), and the claims and key findings kept
their credit: the numbers were the record's, and the gloss's arithmetic was never done.
Conventions:

* A **count gloss** is a count (digits or "one" to "twelve", "a", "half a") of tablets,
  capsules or sachets of a strength ("six 10 mg tablets", "2 x 500 mg capsules", "four 5 mg pink
  tablets"), within 40 characters after an amount of mass (:data:`~.matching.MASS_UNIT`) with no
  other amount between them.
* It **miscounts** when the count times the strength is not the amount, in milligrams. A count
  per day or per week ("eight 500 mg tablets a day") totals a schedule, not the dose, and is not
  read; nor is a count without a strength ("two tablets"), nor strengths combined ("one 50
  microgram and one 25 microgram tablet").
* The arithmetic needs no clinical knowledge: the correct twin ("six 2.5 mg tablets") is never
  read, whatever the drug.
"""

from __future__ import annotations

import re

from carebench.episodes.matching import MASS_UNIT, in_milligrams

__all__ = ["miscounted"]

_COUNTS = {
    "a": 1.0, "an": 1.0, "one": 1.0, "two": 2.0, "three": 3.0, "four": 4.0, "five": 5.0,
    "six": 6.0, "seven": 7.0, "eight": 8.0, "nine": 9.0, "ten": 10.0, "eleven": 11.0,
    "twelve": 12.0, "half a": 0.5,
}  # fmt: skip
_AMOUNT = rf"(?<![\d.,])(?P<{{0}}>\d+(?:\.\d+)?)\s?(?P<{{1}}>{MASS_UNIT})\b(?!\s?/|\s?per\b)"
_GLOSS = re.compile(
    _AMOUNT.format("dose", "dose_unit")
    + r"(?P<between>[^\d]{0,40}?)"
    + r"(?P<count>\d+(?:\.\d+)?|half a|an?|one|two|three|four|five|six|seven|eight|nine|ten"
    r"|eleven|twelve)\s*(?:x\s*|times\s+)?"
    + _AMOUNT.format("strength", "strength_unit")
    + r"(?:\s+[a-z-]+){0,2}?\s+(?:tablets?|tabs?|capsules?|caps?|sachets?)\b"
    r"(?P<after>[^);.\n]{0,30})",
    re.IGNORECASE,
)
_JOINED = re.compile(r"\b(?:and|plus|with)\b|\+", re.IGNORECASE)
_TOTALS = re.compile(r"\b(?:a|per|each|every)\s+(?:day|week|24 hours)|\bdaily\b|\bin total\b", re.I)


def miscounted(text: str) -> str | None:
    """The first count gloss of ``text`` that does not make its dose, or None (conventions)."""
    for m in _GLOSS.finditer(text[:5000]):
        gloss = re.split(r"[(,:;]", m["between"])[-1]  # the schedule before it is the dose's
        if _TOTALS.search(m["after"]) or _TOTALS.search(gloss):
            continue  # "eight 500 mg tablets a day": a day's total
        if _JOINED.search(m["between"]):
            continue  # "(one 50 microgram and one 25 microgram tablet)": strengths combined
        count = m["count"].lower()
        number = _COUNTS.get(count) or float(count)
        dose = float(in_milligrams(m["dose"], m["dose_unit"].lower()))
        strength = float(in_milligrams(m["strength"], m["strength_unit"].lower()))
        if abs(number * strength - dose) > 1e-6 * max(dose, 1.0):
            return m[0][m.start("count") - m.start() :].strip()
    return None
