"""A quantity's equivalent in another unit, in brackets: "57 kg (about 9 stone)", "5 mL (1 tsp)".

Round 45 (issue 21, red team 35's stone and spoon glosses). Writers gloss a record's quantity in
the unit a patient or carer uses. The gloss states nothing new when it is the same amount, so the
readers that ask every number to be the record's should not refuse it (a correct "about 9
stone" scored 0.11); when it is another amount ("5 mL (one tablespoon)", "57 kg (about 12
stone)") it hands the receiver a wrong dose or weight. Conventions:

* A gloss is a bracket right after a quantity that holds one quantity of the same dimension in
  another unit, after an optional "about", "approx.", "roughly", "around", "~" or "=": mass (kg,
  g, stone, lb), volume (mL, teaspoon 5 mL, dessertspoon 10 mL, tablespoon 15 mL) or body
  temperature (C, F); since round 47 a glucose in mmol/L and mg/dL (18.016 mg/dL a mmol/L,
  glucose's molar mass), only after a glucose label ("capillary glucose 2.9 mmol/L (52
  mg/dL)"). Counts may be spelt ("one", "two", "half a").
* The same amount: within 5 % (7 % after "about" and its kin: "about 9 stone" is 57.2 kg), or
  0.3 degrees for a temperature. :func:`without_glosses` drops a gloss of the same amount;
  :func:`misglossed` gives one of another amount.
"""

from __future__ import annotations

import re

__all__ = ["misglossed", "without_glosses"]

_UNITS: dict[str, tuple[str, float]] = {
    "kg": ("mass", 1000.0), "g": ("mass", 1.0), "stone": ("mass", 6350.29), "st": ("mass", 6350.29),
    "lb": ("mass", 453.592), "lbs": ("mass", 453.592), "pounds": ("mass", 453.592),
    "ml": ("volume", 1.0), "teaspoon": ("volume", 5.0), "teaspoons": ("volume", 5.0),
    "tsp": ("volume", 5.0), "dessertspoon": ("volume", 10.0), "dessertspoons": ("volume", 10.0),
    "tablespoon": ("volume", 15.0), "tablespoons": ("volume", 15.0), "tbsp": ("volume", 15.0),
    "c": ("temperature", 1.0), "°c": ("temperature", 1.0), "f": ("temperature", 1.0),
    "°f": ("temperature", 1.0), "mmol/l": ("glucose", 18.016), "mg/dl": ("glucose", 1.0),
}  # fmt: skip
"""Each unit's dimension and size in grams or millilitres (temperatures are converted apart)."""
_COUNTS = {"one": 1.0, "a": 1.0, "two": 2.0, "three": 3.0, "four": 4.0, "half a": 0.5}
_UNIT = "|".join(re.escape(u) for u in sorted(_UNITS, key=len)[::-1])
_NUMBER = r"\d+(?:\.\d+)?"
_GLOSSED = re.compile(
    rf"(?<![\w.])(?P<v>{_NUMBER})\s*(?P<u>{_UNIT})\b\s*\(\s*"
    r"(?P<about>(?:about|approx(?:imately)?\.?|roughly|around|~|=)\s*)?"
    rf"(?P<w>{_NUMBER}|one|a|two|three|four|half a)\s*(?P<x>{_UNIT})\b\s*\)",
    re.IGNORECASE,
)


def _amount(value: str, unit: str) -> tuple[str, float]:
    kind, size = _UNITS[unit.lower()]
    number = _COUNTS.get(value.lower()) or float(value)
    if kind == "temperature" and unit.lower().endswith("f"):
        return kind, (number - 32) * 5 / 9
    return kind, number * size


_GLUCOSE = re.compile(r"\b(?:glucose|sugars?|cbg|bm|bg)\b[^;.()]{0,20}$", re.IGNORECASE)
"""A glucose label just before a quantity: mmol/L and mg/dL convert only for glucose."""


def _same(m: re.Match[str]) -> bool | None:
    """Whether a gloss is the same amount; None when it is no gloss (same unit, other kinds)."""
    if m["u"].lower().lstrip("°") == m["x"].lower().lstrip("°"):
        return None
    if _UNITS[m["u"].lower()][0] == "glucose" and not _GLUCOSE.search(m.string[: m.start()]):
        return None
    kind, first = _amount(m["v"], m["u"])
    other, second = _amount(m["w"], m["x"])
    if kind != other:
        return None
    if kind == "temperature":
        return abs(first - second) <= 0.3
    share = 0.07 if m["about"] else 0.05
    return abs(first - second) <= share * max(first, second)


def without_glosses(text: str) -> str:
    """``text`` with each gloss of the same amount dropped (module conventions)."""
    if "(" not in text:
        return text
    return _GLOSSED.sub(lambda m: m.group(0)[: m.start("u") - m.start() + len(m["u"])]
                        if _same(m) else m.group(0), text)  # fmt: skip


def misglossed(text: str) -> str | None:
    """A gloss of ``text`` that is another amount than the quantity it follows, or None."""
    if "(" not in text:
        return None
    return next((m.group(0) for m in _GLOSSED.finditer(text) if _same(m) is False), None)
