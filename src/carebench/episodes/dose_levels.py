"""A dose's level in brackets after it: "apixaban 5 mg twice daily (the standard dose)".

Round 50 (issue 21, red team 38's control "dose-level-correct", 0.19, below its wrong twin). A
writer tells the receiver where a dose sits: standard or reduced, a starting or a maximum dose,
a loading dose, a prophylactic or a treatment dose, a statin's intensity. The gloss states
nothing new when the level is the dose's, so the readers that ask every word to be the record's
should not refuse it; when it is not ("apixaban 5 mg (the reduced dose)", "enoxaparin 40 mg (a
treatment dose)") it tells the receiver a wrong fact about the dose, as a wrong drug class does
(:mod:`carebench.episodes.drug_glosses`). Conventions:

* A gloss is a bracket after a drug of :data:`DOSE_LEVELS` (or a brand of one) and its amount
  (a number and a mass unit, then at most six words of schedule, none a drug, none ending a
  sentence) that holds only: an optional "a" / "an" / "the", one or more level words
  (:data:`LEVEL_WORDS`: "reduced", "low starting", "high-intensity"), and an optional "dose",
  "intensity", "strength" or "regimen".
* :data:`DOSE_LEVELS` gives, per drug and adult amount (in milligrams), the levels the amount
  *is* and the levels it *is not*, from public prescribing knowledge (BNF / NICE-style dose
  ranges; written for this round, not copied from a licensed text). A level the table names
  neither way for that amount is left unjudged: the bracket is no gloss, and the other readers
  read its words. So is an amount the table does not list.
* :func:`without_level_glosses` drops a gloss whose every level is right; :func:`mislevelled`
  gives one with a level the table calls wrong.
"""

from __future__ import annotations

import re

from carebench.episodes.drug_names import BRANDS
from carebench.episodes.matching import MASS_UNIT, in_milligrams

__all__ = ["DOSE_LEVELS", "LEVEL_WORDS", "mislevelled", "without_level_glosses"]

LEVEL_WORDS: dict[str, str] = {
    "standard": "standard", "usual": "standard", "normal": "standard", "full": "standard",
    "maintenance": "maintenance", "reduced": "reduced", "low": "low", "lower": "low",
    "starting": "starting", "initial": "starting", "start": "starting",
    "maximum": "maximum", "max": "maximum", "highest": "maximum", "top": "maximum",
    "high": "high", "higher": "high", "loading": "loading", "treatment": "treatment",
    "therapeutic": "treatment", "prophylactic": "prophylactic", "prophylaxis": "prophylactic",
    "preventive": "prophylactic", "preventative": "prophylactic",
    "high-intensity": "high-intensity", "moderate-intensity": "moderate-intensity",
    "medium-intensity": "moderate-intensity", "low-intensity": "low-intensity",
}  # fmt: skip
"""Each level word (hyphen or space before "intensity" folded to a hyphen) and its level."""

_Row = tuple[float, frozenset[str], frozenset[str]]


def _row(mg: float, right: str, wrong: str) -> _Row:
    return mg, frozenset(right.split()), frozenset(wrong.split())


DOSE_LEVELS: dict[str, tuple[_Row, ...]] = {
    # (adult amount in mg, levels it is, levels it is not)
    "apixaban": (
        _row(2.5, "reduced low prophylactic", "standard maximum high loading"),
        _row(5, "standard starting maintenance", "reduced low loading maximum high"),
        _row(10, "loading high", "reduced low standard maintenance prophylactic"),
    ),
    "atorvastatin": (
        _row(20, "standard starting high-intensity", "maximum low-intensity"),
        _row(80, "maximum high high-intensity", "low reduced starting low-intensity "
             "moderate-intensity"),
    ),
    "simvastatin": (
        _row(20, "low low-intensity", "maximum high high-intensity"),
        _row(40, "moderate-intensity standard", "maximum low-intensity high-intensity"),
    ),
    "sertraline": (
        _row(50, "standard starting", "maximum high loading"),
        _row(100, "", "maximum starting loading low"),
        _row(200, "maximum high", "starting low reduced"),
    ),
    "enoxaparin": (
        _row(20, "prophylactic reduced low", "treatment loading high"),
        _row(40, "prophylactic standard", "treatment loading high"),
    ),
    "folic acid": (
        _row(0.4, "standard low prophylactic", "high maximum"),
        _row(5, "high", "standard low"),
    ),
    "clopidogrel": (
        _row(75, "standard maintenance", "loading high"),
        _row(300, "loading", "maintenance standard low"),
        _row(600, "loading", "maintenance standard low"),
    ),
    "aspirin": (
        _row(75, "low standard maintenance", "loading high"),
        _row(300, "loading high", "low maintenance"),
    ),
    "amlodipine": (
        _row(5, "starting standard", "maximum high"),
        _row(10, "maximum high", "starting low reduced"),
    ),
    "ramipril": (
        _row(1.25, "starting low", "maximum high standard"),
        _row(2.5, "starting low", "maximum high"),
        _row(10, "maximum high", "starting low reduced"),
    ),
    "amitriptyline": (_row(10, "low starting", "maximum high"),),
    "bisoprolol": (
        _row(1.25, "starting low", "maximum high"),
        _row(2.5, "", "maximum"),
        _row(5, "", "maximum"),
    ),
    "doxycycline": (
        _row(100, "standard maintenance", "loading"),
        _row(200, "loading", "maintenance low"),
    ),
    "amoxicillin": (_row(500, "standard", "high maximum"), _row(1000, "high", "low standard")),
    "prednisolone": (_row(5, "low maintenance", "high loading"),),
}  # fmt: skip
"""Per drug (lower case) and adult amount: the levels it is and is not (module conventions)."""

_NAMES = {d: d for d in DOSE_LEVELS} | {b: d for b, d in BRANDS.items() if d in DOSE_LEVELS}


def _pattern(words: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len)[::-1])


_LEVEL = r"(?:high|low|moderate|medium)[- ]intensity|" + _pattern(list(LEVEL_WORDS))
_GLOSS = re.compile(
    rf"\b(?P<drug>{_pattern(list(_NAMES))})\s+(?P<amount>\d+(?:\.\d+)?)\s*"
    rf"(?P<unit>{MASS_UNIT})\b"
    rf"(?:\s+(?!(?:{_pattern(list(_NAMES))})\b)[^\s()\[\];,.]+){{0,6}}?"
    rf"(?P<gloss>\s*\(\s*(?:an?\s+|the\s+)?(?P<levels>(?:(?:{_LEVEL})[\s,]+(?:and\s+)?)*"
    rf"(?:{_LEVEL}))(?:\s+(?:dose|doses|intensity|strength|regimen))?\s*\))",
    re.IGNORECASE,
)


def _levels(words: str) -> set[str]:
    folded = re.sub(r"\s+(?=intensity)", "-", words.lower())
    return {LEVEL_WORDS[w] for w in re.findall(r"[a-z-]+", folded) if w in LEVEL_WORDS}


def _verdict(m: re.Match[str]) -> bool | None:
    """True: every level is the dose's; False: one is not; None: the table cannot say."""
    drug = _NAMES[re.sub(r"\s+", " ", m["drug"].lower())]
    mg = float(in_milligrams(m["amount"], m["unit"].lower()))
    row = next((r for r in DOSE_LEVELS[drug] if abs(r[0] - mg) < 1e-9), None)
    if row is None:
        return None
    levels = _levels(m["levels"])
    if levels & row[2]:
        return False
    return True if levels and levels <= row[1] else None


def without_level_glosses(text: str) -> str:
    """``text`` less each dose-level gloss whose every level is right (module conventions)."""
    if "(" not in text:
        return text
    return _GLOSS.sub(lambda m: m[0][: m.start("gloss") - m.start()] if _verdict(m) else m[0], text)


def mislevelled(text: str) -> str | None:
    """A dose-level gloss of ``text`` with a level its dose is not, or None."""
    if "(" not in text:
        return None
    return next((m[0] for m in _GLOSS.finditer(text) if _verdict(m) is False), None)
