"""Clinical scores' maxima: "NEWS2 11 (of a possible 20)" says no more than "NEWS2 11".

Round 45 (issue 21, red team 35's controls and its inflated maximum). A score written with its
scale's maximum ("PHQ-9 9 out of 27", "CURB-65 0/5", "NEWS2 11 (of a possible 20)") states the
score and a public fact about the scale; the maximum is no number of the episode's, so the
readers that ask every number to be the record's refused such correct glosses (0.03-0.25). A
maximum that is not the scale's ("NEWS2 11 (of a possible 60)", "PHQ-9 9 out of 10") misstates
how grave the score is. Conventions:

* :data:`MAXIMA` holds the maximum of the scores the bank names and of common bedside scores
  an agent may add (published scoring rules; no licensed text): NEWS2 20, PHQ-9 27, GAD-7 21,
  CURB-65 5, CRB-65 4, CHA2DS2-VASc 9, HAS-BLED 9, GCS 15, AMTS 10, 4AT 12, qSOFA 3, Centor 4,
  FeverPAIN 5, EPDS 30. Scores named by an English word ("AUDIT": "audit 3 of 10 notes") are
  left out.
* A score's maximum follows its value after "out of", "of a possible", "of a maximum of",
  "(max", "of" or "/". :func:`without_maxima` drops the maximum where it is the scale's;
  :func:`misscaled` gives the phrase where it is not, or the value is above it.
"""

from __future__ import annotations

import re

from carebench.episodes.bands import misbanded, without_bands
from carebench.episodes.conversions import misglossed, without_glosses
from carebench.episodes.dose_levels import mislevelled, without_level_glosses
from carebench.episodes.drug_glosses import misclassed, without_class_glosses

__all__ = [
    "MAXIMA",
    "misrestated",
    "misscaled",
    "without_maxima",
    "without_restated",
    "without_stated_restated",
]

MAXIMA = {
    "news2": 20, "news 2": 20, "phq-9": 27, "phq9": 27, "gad-7": 21, "gad7": 21,
    "curb-65": 5, "curb65": 5, "crb-65": 4, "crb65": 4, "cha2ds2-vasc": 9, "cha2ds2vasc": 9,
    "has-bled": 9, "hasbled": 9, "gcs": 15, "glasgow coma scale": 15, "amts": 10, "4at": 12,
    "qsofa": 3, "centor": 4, "feverpain": 5, "epds": 30,
}  # fmt: skip
"""The maximum of each score (its name folded to lower case)."""

_NAMES = "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in sorted(MAXIMA, key=len)[::-1])
_SCORED = re.compile(
    rf"(?<![\w-])(?P<name>{_NAMES})(?![\w-])(?:\s+(?:score|total))?\s*(?:of|was|is|=|:)?\s*"
    r"(?P<value>\d{1,2})(?P<tail>\s*(?:\(\s*)?(?:out\s+of|of\s+a\s+(?:possible|maximum\s+of)"
    r"|max(?:imum)?\.?(?:\s+of)?|of|/)\s*(?P<max>\d{1,3})(?:\s*\))?)",
    re.IGNORECASE,
)


def _maximum(name: str) -> int:
    return MAXIMA[re.sub(r"\s+", " ", name.lower())]


def _right(m: re.Match[str]) -> bool:
    """Whether a score's maximum is its scale's and the value is not above it."""
    return int(m["max"]) == _maximum(m["name"]) and int(m["value"]) <= int(m["max"])


def without_maxima(text: str) -> str:
    """``text`` with each score's maximum dropped where it is the scale's (module conventions)."""
    if "/" not in text and not re.search(r"\b(of|max)", text, re.IGNORECASE):
        return text

    return _SCORED.sub(
        lambda m: m.group(0)[: m.start("tail") - m.start()] if _right(m) else m.group(0), text
    )


def misscaled(text: str) -> str | None:
    """A score of ``text`` given a maximum that is not its scale's, or above it, or None."""
    return next((m.group(0) for m in _SCORED.finditer(text) if not _right(m)), None)


def without_restated(text: str) -> str:
    """``text`` less what restates it rightly: a scale's maximum, a unit, a drug's class or level.

    (:func:`without_maxima`, :func:`~carebench.episodes.conversions.without_glosses`,
    :func:`~carebench.episodes.drug_glosses.without_class_glosses`,
    :func:`~carebench.episodes.dose_levels.without_level_glosses`, round 50.) A right band
    (:func:`~carebench.episodes.bands.without_bands`) is dropped only from what an agent states
    (:func:`without_stated_restated`): a record's band is read for its polarity ("potassium 3.1
    (low)" against "potassium within normal range").
    """
    return without_level_glosses(without_class_glosses(without_glosses(without_maxima(text))))


def without_stated_restated(text: str) -> str:
    """What an agent states, less what restates it rightly: :func:`without_restated` and a band."""
    return without_bands(without_restated(text))


def misrestated(text: str) -> str | None:
    """A maximum, unit, class or dose-level gloss or band of ``text`` that restates it wrongly."""
    return (
        misscaled(text)
        or misglossed(text)
        or misclassed(text)
        or mislevelled(text)
        or misbanded(text)
    )
