"""Relations a claim asserts between two things: each must be one its cited lines state (round 31).

Read by :func:`carebench.episodes.support.support`. Red team 22 joined two true claims with an
invented relation ("MRI no acute infarct caused by clopidogrel 75 mg daily", "folic acid 400
micrograms daily is the indication for BMI 24"); once two true claims joined by "and" were read
as true (round 31), such a claim was supported, its relation word an uncovered common word.
Conventions:

* A relation is a phrase of a closed class (:data:`RELATIONS`): a cause ("caused by", "due to",
  "because of", "secondary to", "as a result of", "led to", "explains", ...), an indication
  ("indicated for", "the indication for"), an interaction ("interacts with") or a masking
  ("masking", "masked by").
* A claim that holds a relation of a class none of its cited lines holds asserts what they do
  not state: it is unsupported (:func:`unlicensed_relation`). Any phrase of the same class
  licenses it ("because of" in the line licenses "due to" in the claim), and a rule's condition
  ("if", "unless": :data:`LICENSES`) licenses a cause; the class is checked, not which two
  things it joins. "Due to" before a verb ("due to come off") is a time, not a cause.
"""

from __future__ import annotations

import re

__all__ = ["RELATIONS", "unlicensed_relation"]

RELATIONS: dict[str, tuple[str, ...]] = {
    "cause": (
        r"caus(?:e|es|ed|ing)\b", r"due to(?! (?:be|come|start|stop|finish|begin|restart|have)\b)",
        r"because\b", r"secondary to", r"as a result of",
        r"result(?:s|ed|ing)? (?:from|in)", r"(?:led|leads?|leading) to", r"owing to",
        r"attribut(?:ed|able) to", r"responsible for", r"(?:triggered|provoked|brought on) by",
        r"explain(?:s|ed|ing)?\b", r"accounts? for",
    ),
    "indication": (r"indicat(?:ed|ion)s? for", r"the indication\b"),
    "interaction": (r"interact(?:s|ed|ing|ion|ions)?\b",),
    "masking": (r"mask(?:s|ed|ing)?\b",),
}  # fmt: skip
"""Classes of relation phrases (regular expressions, matched case-insensitively on word starts)."""

LICENSES: dict[str, tuple[str, ...]] = {"cause": (r"if\b", r"unless\b")}
"""Phrases that license a class without naming it: a rule's condition ("reduce if CrCl is
15-29") licenses "reduced because CrCl is 29"."""


def _pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(phrases) + ")", re.IGNORECASE)


_CLAIMED = {name: _pattern(phrases) for name, phrases in RELATIONS.items()}
_LICENSED = {
    name: _pattern(phrases + LICENSES.get(name, ())) for name, phrases in RELATIONS.items()
}


def unlicensed_relation(claim_text: str, evidence_text: str) -> str | None:
    """The first relation phrase of ``claim_text`` whose class ``evidence_text`` lacks, or None."""
    for name, claimed in _CLAIMED.items():
        found = claimed.search(claim_text)
        if found and not _LICENSED[name].search(evidence_text):
            return found[0]
    return None
