"""Numbers a handoff text gives that no episode number grounds: ids, notation, spelled numbers.

Pure helpers of :meth:`carebench.protocol.scores._Context.grounded` (every number of a handoff
text must be one the episode states): what is not a number of the episode's is taken out of the
text (:func:`unnumbered`), and the numbers an episode writes as words are added to its numbers
(:func:`spelled`).
"""

from __future__ import annotations

import re

from carebench.episodes.lexicon import NUMBER_WORDS
from carebench.episodes.scales import without_restated

__all__ = ["spelled", "unnumbered"]

_NOTATION = re.compile(r"\b\d{1,2}/(7|40|52)\b")
"""Days, weeks of gestation and weeks written as fractions ("2/7", "33/40", "4/52")."""
_CITED = re.compile(r"\b[RNEM]\d{1,2}\b|\b(?:in|per|a)\s+24\s*(?:h|hrs?|hours?)\b", re.I)
"""Line ids ("R1:", "per E2") and a rate's day ("3 doses in 24 h"): no number of the episode's
(round 41: dev set 3's W3H36 cited its lines by id, set 2's W2H20 gave "max 3 doses in 24 h")."""
_NUMBER_WORDS = {w: n for w, n in NUMBER_WORDS.items() if w != "_"} | {
    "one": "1",
    "twice": "2",
    "once": "1",
}
"""The lexicon's number words, with "one", "once" and "twice": numbers spelled in a handoff's
grounding (the lexicon leaves "one" out of claims, where it is mostly an article)."""
_ONE_UNIT = re.compile(r"\b(?:an?|one)\s+(?:hour|day|week|month|year|minute)s?\b")
"""A unit of time with an article ("for an hour or so"): one of it (round 41)."""
_HALF_HOUR = re.compile(r"\bhalf an hour\b")
"""Half an hour: 30 minutes (round 49: "began half an hour ago" grounds "for 30 min")."""


def unnumbered(text: str) -> str:
    """``text`` without the numbers that are no episode number: notation, line ids, a rate's day.

    A score's maximum where it is the scale's ("NEWS2 11 (of a possible 20)") and a bracketed
    gloss of the same amount ("57 kg (about 9 stone)") are none either (round 45:
    :func:`~carebench.episodes.scales.without_restated`).
    """
    return _CITED.sub(" ", _NOTATION.sub(" ", without_restated(text)))


def spelled(transcript: str) -> frozenset[str]:
    """The numbers ``transcript`` writes as words ("two days", "twice", "an hour"), as digits."""
    text = transcript.lower()
    words = re.findall(r"[a-z]+", text)
    one = {"1"} if _ONE_UNIT.search(text) else set()
    half = {"30"} if _HALF_HOUR.search(text) else set()
    return frozenset(_NUMBER_WORDS[w] for w in words if w in _NUMBER_WORDS) | one | half
