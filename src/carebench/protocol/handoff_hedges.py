"""What a handoff text hedges or dismisses: the modality reading of handoff values (round 14-15).

Pure helper of :mod:`carebench.protocol.handoff_reading` (which re-exports :func:`plain` and
:func:`dismissed`). Conventions: a hedge (:data:`~carebench.episodes.lexicon.HEDGES`, the one
list claims also read) governs the rest of its sentence or colon-part; one that ends its part
governs the segment before it ("A ruled out", "A, B unlikely"; round 14), a hedge alone in its
segment the one before that ("A; unlikely"), and a trailing segment that files what precedes it
as the patient's usual state with no number ("A (long-standing, unchanged for years)"; not
"SpO2 88% (baseline 94%)") does the same (round 15, red team 13).
"""

from __future__ import annotations

import re

from carebench.episodes.modality import hedge_pattern

__all__ = ["dismissed", "plain"]

_HEDGE = hedge_pattern()
"""Hedges in a handoff value (the one list, :data:`~carebench.episodes.lexicon.HEDGES`)."""
_SCOPE = re.compile(r"(?<=[.!?:])(?<!\b[A-Za-z]\.)\s+|\n+")
"""Sentence and colon ends; not the stop of a one-letter short form ("v. unlikely", round 18)."""

_DEGREE = re.compile(
    r"\b(very|highly|most|quite|extremely|rather|fairly|pretty|really|so|much|somewhat|thought"
    r"|felt|considered|deemed|seems?|judged|now|v|vv|only)\b",
    re.IGNORECASE,
)
"""Degree and judgement words a hedge may carry ("A (very unlikely)", "A - thought unlikely",
"A (ddx only)", round 19):
the hedge is still alone in its segment and governs the one before (round 17, red team 15; "v."
and "vv", the written short forms of very, round 18)."""
_TRAILED = re.compile(r"[,;(]|\s[-\u2013\u2014]\s")
"""Where a trailing hedge's segment starts."""


_USUAL = re.compile(
    r"\b(long-?standing|chronic(ally)?|baseline|usual|unchanged|as (always|usual|before)"
    r"|normal for (her|him|them)|same as (always|ever|usual))\b",
    re.IGNORECASE,
)
_DURATION = re.compile(r"\d+\s*(years?|yrs?|months?|weeks?|days?)\b", re.IGNORECASE)


def _files_usual(segment: str) -> bool:
    """Whether a trailing segment files what precedes it as the patient's usual state.

    It holds a usual-state word and no number but a duration ("X (long-standing, unchanged for
    years)", "X (her usual for the last 10 years)"; not "SpO2 88% (baseline 94%)"); round 15,
    any position in the segment since round 16 (red team 14: "(her usual)").
    """
    return bool(_USUAL.search(segment)) and not re.search(r"\d", _DURATION.sub(" ", segment))


def _unusual(part: str) -> str:
    """``part`` less a finding its trailing segments file as the patient's usual state."""
    cuts = [0, *(m.start() for m in _TRAILED.finditer(part))]
    trailing = 0
    while len(cuts) > 1 and _files_usual(part[cuts[-1] :]):
        part = part[: cuts.pop()]
        trailing += 1
    return part[: cuts[-1]] if trailing else part


def plain(text: str, reference: str = "") -> str:
    """``text`` without what it hedges (all of it kept when ``reference`` hedges too).

    A hedge governs the rest of its sentence: each sentence (or part before or after a colon)
    is cut at its first hedge, so "possibly A; B" states neither, while "A, B - possible C" and
    "Suspected C: A, B" still state A and B. A hedge that ends its part governs the segment
    before it (round 14): "A ruled out", "A, B unlikely" state no A (and no B), "A; B
    unconfirmed" still states A; a hedge alone in its segment governs the one before it ("A;
    unlikely", round 15), and so does a trailing segment that files it as the patient's usual
    state (:data:`_USUAL`: "A (long-standing, unchanged for years)", round 15).
    """
    if _HEDGE.search(reference):
        return text
    return " ".join(k for k, _ in map(_trailing, _SCOPE.split(text)) if k.strip())


def dismissed(text: str) -> str:
    """What ``text`` states only to dismiss it after it (round 15).

    The segments a trailing hedge or usual-state segment governs (:func:`plain`: "A ruled out",
    "A; unlikely", "A (long-standing)"): a reason or key finding that so dismisses an urgent
    finding countermands the handoff (:func:`carebench.protocol.scores.handoff_completeness`).
    """
    return " ".join(c for _, c in map(_trailing, _SCOPE.split(text)) if c.strip())


def _trailing(part: str) -> tuple[str, str]:
    """``part`` as :func:`plain` keeps it, and what a trailing dismissal in it governs."""
    hedge = _HEDGE.search(part)
    if hedge and not re.search(r"\w", _DEGREE.sub("", part[hedge.end() :])):  # "X unlikely"
        starts = [0, *(m.end() for m in _TRAILED.finditer(part[: hedge.start()]))]
        while len(starts) > 1 and not re.search(
            r"\w", _DEGREE.sub("", part[starts[-1] : hedge.start()])
        ):
            starts.pop()  # "X; unlikely": a hedge alone governs the segment before it
        return part[: starts[-1]], part[starts[-1] : hedge.start()]
    if hedge:
        return part[: hedge.start()], ""
    kept = _unusual(part)
    return kept, part[len(kept) :] if kept != part else ""
