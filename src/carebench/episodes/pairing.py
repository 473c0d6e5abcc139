"""Values of one unit exchanged within a claim: each value must keep its own neighbours.

A claim that holds two values of one unit ("warfarin 28 mg daily (4 mg per week)") is held
term by term by a line that has both ("warfarin 4 mg daily (28 mg per week)"), though the two
values have traded places. Conventions:

* a value's *neighbours* are the content word just before its number and the first content word
  after its unit, in its clause and not past another value ("daily" after "4 mg"; "glucose"
  before "0.3 mmol/L"; in "glucose 14.6 mmol/L and ketones 0.3", "ketones" is only 0.3's);
  function words and words of a period ("per", "a", "every", "and") are skipped;
* only units written with two or more different values in the claim are read;
* the claim exchanges values when a neighbour of one of its values sits, in a cited sentence that
  holds that value, beside another value of the same unit and not beside this one. A paraphrase
  that keeps each value with its own words ("4 mg daily, 28 mg weekly") or uses words the line
  does not have is not an exchange.
"""

from __future__ import annotations

import re
from collections import defaultdict

__all__ = ["exchanged"]

_VALUE = re.compile(
    r"(?<![\w/.:])(\d+(?:\.\d+)?)\s*(mg|micrograms?|mcg|units?|ml|g|tablets?|puffs?|mmol/l"
    r"|micromol/l|kg|mmol|iu)(?![\w/])",
    re.IGNORECASE,
)
_SKIP = frozenset({"per", "a", "an", "the", "of", "every", "each", "and", "with", "to", "in", "at"})
_WORD = re.compile(r"[a-z][a-z'-]+")
_SENTENCE = re.compile(r"(?<=[.;])\s+|\n")
_CLAUSE_END = re.compile(r"[,;:()\[\]]")

Neighbours = dict[tuple[str, str], set[str]]


def _unit(unit: str) -> str:
    unit = unit.lower()
    return unit[:-1] if unit.endswith("s") and unit not in ("mmol/l",) else unit


def _neighbours(text: str) -> Neighbours:
    """(value, unit) -> the content words beside that value in ``text`` (module conventions)."""
    out: Neighbours = defaultdict(set)
    for clause in _CLAUSE_END.split(text.lower()):
        found = list(_VALUE.finditer(clause))
        for k, m in enumerate(found):
            key = (m[1].rstrip("0").rstrip(".") if "." in m[1] else m[1], _unit(m[2]))
            start = found[k - 1].end() if k else 0
            end = found[k + 1].start() if k + 1 < len(found) else len(clause)
            prev = [w for w in _WORD.findall(clause[start : m.start()]) if w not in _SKIP]
            nxt = [w for w in _WORD.findall(clause[m.end() : end]) if w not in _SKIP]
            if k + 1 < len(found):
                nxt = nxt[:-1]  # the last word before the next value is that value's label
            out[key].update(prev[-1:] + nxt[:1])
    return out


def exchanged(claim: str, evidence: str) -> str | None:
    """A value of ``claim`` given another value's neighbour in a cited sentence, or None.

    Returns ``"'28 mg' beside 'daily'"``-style text naming the value and the neighbour.
    """
    mine = _neighbours(claim)
    units: dict[str, set[str]] = defaultdict(set)
    for value, unit in mine:
        units[unit].add(value)
    read = {u for u, values in units.items() if len(values) > 1}
    if not read:
        return None
    for sentence in _SENTENCE.split(evidence):
        theirs = _neighbours(sentence)
        for (value, unit), words in mine.items():
            if unit not in read or (value, unit) not in theirs:
                continue
            others = set().union(*(w for (v, u), w in theirs.items() if u == unit and v != value))
            for word in sorted(words):
                if word in others and word not in theirs[(value, unit)]:
                    return f"'{value} {unit}' beside {word!r}"
    return None
