"""A drug's class in brackets after its name: "amoxicillin (an antibiotic)", "glargine (basal)".

Round 46 (issue 21, red team 35's control "insulin glargine (long-acting) 24 units", 0.19). A
writer glosses a drug by its class for a receiver who may not know the name. The gloss states
nothing new when the drug belongs to the class, so the readers that ask every word to be the
record's should not refuse it; when it does not ("insulin glargine (rapid-acting)", "warfarin
(an antibiotic)") it tells the receiver the drug acts otherwise than it does. Conventions:

* A gloss is a bracket after a drug name (a drug of
  :data:`~carebench.episodes.drug_names.DRUG_CLASSES` or
  :data:`~carebench.episodes.drug_names.INSULIN_ACTIONS`, a brand of one, or such a name followed
  by "insulin") and at most six words of its dose, none of them a drug and none ending a
  sentence (round 49: "sertraline 100 mg daily (an SSRI)"), that holds only a class: an
  optional "a" / "an", a class name of either table (singular or plural; hyphen or space: "long
  acting"; "blood thinner" for anticoagulant), and an optional "insulin", "drug", "medicine",
  "medication" or "tablet".
* :func:`without_class_glosses` drops a gloss whose class holds the drug; :func:`misclassed`
  gives one whose class does not. A bracket holding anything else is no gloss (other readers
  read it).
"""

from __future__ import annotations

import re

from carebench.episodes.drug_names import BRANDS, DRUG_CLASSES, INSULIN_ACTIONS

__all__ = ["misclassed", "without_class_glosses"]

_CLASSES: dict[str, frozenset[str]] = {
    **DRUG_CLASSES,
    **INSULIN_ACTIONS,
    "blood thinner": DRUG_CLASSES["anticoagulant"],
}
_DRUGS = frozenset().union(*_CLASSES.values())
_NAMES = {d: d for d in _DRUGS} | {b: d for b, d in BRANDS.items() if d in _DRUGS}


def _pattern(words: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\-", "[- ]?") for w in sorted(words, key=len)[::-1])


_GLOSS = re.compile(
    rf"\b(?P<drug>{_pattern(list(_NAMES))})(?:\s+insulin)?"
    rf"(?:\s+(?!(?:{_pattern(list(_NAMES))})\b)(?:\d+(?:\.\d+)?|[^\s()\[\];,.]+)){{0,6}}?"
    r"(?P<gloss>\s*\(\s*(?:an?\s+)?"
    rf"(?P<cls>{_pattern(list(_CLASSES))})s?(?:\s+(?:insulin|drug|medicine|medication|tablet)s?)?"
    r"\s*\))",
    re.IGNORECASE,
)


_FOLDED = {re.sub(r"[- ]+", "-", name): drugs for name, drugs in _CLASSES.items()}
"""Each class name with its spaces and hyphens folded to one hyphen, and its drugs."""


def _right(m: re.Match[str]) -> bool:
    drug = _NAMES[re.sub(r"[- ]+", "-", m["drug"].lower())]
    return drug in _FOLDED.get(re.sub(r"[- ]+", "-", m["cls"].lower()), frozenset())


def without_class_glosses(text: str) -> str:
    """``text`` less each class gloss whose class holds its drug (module conventions)."""
    return _GLOSS.sub(lambda m: m[0][: m.start("gloss") - m.start()] if _right(m) else m[0], text)


def misclassed(text: str) -> str | None:
    """A class gloss of ``text`` whose class does not hold its drug, or None."""
    for m in _GLOSS.finditer(text):
        if not _right(m):
            return m.group(0)
    return None
