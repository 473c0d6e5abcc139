"""What one wrong claim costs a draft: a swapped exclusive value vetoes the note.

Helpers of :mod:`carebench.protocol.scores`. Conventions:

* A claim **swaps** a value when its verdict is *contradicted* for holding another side than its
  cited lines: of a polarity group (:func:`~carebench.episodes.support.conflict`'s "another
  side": raised for low, continue for withhold) or, when no other contradiction rule fires first
  (as :func:`~carebench.episodes.support.support` reads them), of an exclusive class: a wrong
  route, frequency, side, blood group, before / after, next / last
  (:func:`~carebench.episodes.exclusive.swapped`); or of time: a current fact moved to the future
  or the past by a frame word its lines lack ("will start X", "X d/c":
  :func:`~carebench.episodes.framewords.frame_match`), or marked former where its lines state it
  as current ("Ex-warfarin 4 mg daily", "Stopped: X": :func:`~carebench.episodes.readable.frame`);
  or two values of one unit exchanged
  (:func:`~carebench.episodes.pairing.exchanged`); or a number given in another unit of its
  dimension (:func:`rescaled`: "400 mg" for "400 micrograms"); or the line's dose given to a
  drug it never names (:func:`~carebench.episodes.support.other_drug`); or a drug given an earlier stage of its course
  than its lines give it ("amoxicillin started" for "stopped the amoxicillin":
  :func:`~carebench.episodes.sequence.moved_back`); or a score given another scale's maximum
  ("PHQ-9 9 out of 60") or a quantity glossed as another amount ("5 mL (one tablespoon)";
  :func:`~carebench.episodes.scales.misrestated`, round 45).
* Each swapped claim multiplies the draft's continuity and traceability by :data:`SWAP_FACTOR`,
  however many other claims are right: a clinician does not sign a note that gives a wrong route
  or blood group. Other contradictions (another number, a finding negated) keep their share of
  the draft: the scorer calls such contradictions in correct hand-written drafts too (dev sets
  1-3: 9 claims of 64 drafts), and it calls no correct claim a swap.
"""

from __future__ import annotations

from collections.abc import Sequence

from carebench.agents.workproduct import Claim
from carebench.episodes.exclusive import swapped
from carebench.episodes.framewords import TIME_KINDS, frame_match
from carebench.episodes.pairing import exchanged
from carebench.episodes.readable import compatible, frame
from carebench.episodes.scales import misrestated
from carebench.episodes.schema import Episode
from carebench.episodes.sequence import moved_back
from carebench.episodes.sources import episode_sources
from carebench.episodes.support import analyze, conflict, other_drug

__all__ = ["SWAP_FACTOR", "swapped_claims", "swaps"]

SWAP_FACTOR = 0.25
"""A draft with one swapped claim keeps a quarter of its continuity and traceability (two: a
sixteenth), as one carried stale fact quarters continuity and one level of under-triage a
handoff."""


def swaps(claim_text: str, evidence_text: str) -> bool:
    """Whether ``claim_text`` swaps an exclusive value its cited text holds (module conventions)."""
    if exchanged(claim_text, evidence_text) is not None:
        return True  # before "another value": glucose and ketones traded are one error
    if other_drug(claim_text, evidence_text):
        return True  # the drug is the claim's subject: another one is a swap, not a number
    if misrestated(claim_text):
        return True  # another scale's maximum, a wrong unit gloss (round 45)
    rule = conflict(claim_text, evidence_text)
    if rule is not None:
        return rule == "another side" or (
            rule.startswith("another value") and rescaled(claim_text, evidence_text)
        )
    shift = frame_match(claim_text, evidence_text)
    return (
        swapped(claim_text, evidence_text) is not None
        or (shift is not None and shift[0] in TIME_KINDS)
        or (frame(claim_text) == "former" and not compatible(claim_text, evidence_text))
        or moved_back(claim_text, evidence_text) is not None
    )


def rescaled(claim_text: str, evidence_text: str) -> bool:
    """Whether a quantity of ``claim_text`` is one of ``evidence_text``'s in another unit.

    The same number in another unit of the same dimension ("400 mg" for "400 micrograms", "4 g"
    for "4 mg") under a label they share: the unit is an exclusive value, and a thousandfold dose
    error is the swap of it.
    """
    evidence = [e for e in analyze(evidence_text).quantities if e.base is not None]
    return any(
        q.base is not None
        and e.base is not None
        and (e.value, e.base[0]) == (q.value, q.base[0])
        and e.unit != q.unit
        and bool(e.label & q.label or not (e.label or q.label))
        for q in analyze(claim_text).quantities
        for e in evidence
    )


def tenfold(claim_text: str, evidence_text: str) -> bool:
    """Whether a quantity of ``claim_text`` is one of ``evidence_text``'s shifted by a power of ten.

    The same unit under a label they share, the number 10, 100 or 1000 times larger or smaller
    ("insulin glargine 240 units" for 24 units, "sertraline 1000 mg" for 100 mg: a dropped or
    added decimal point), where the evidence holds no quantity of that value in that unit (round
    14, red team 12).
    """
    evidence = analyze(evidence_text).quantities
    held = {(e.value, e.unit) for e in evidence}
    return any(
        q.unit
        and e.unit == q.unit
        and e.value
        and (q.value, q.unit) not in held
        and any(abs(q.value - e.value * f) < 1e-9 * max(1.0, q.value) for f in _POWERS)
        and bool(e.label & q.label or not (e.label or q.label))
        for q in analyze(claim_text).quantities
        for e in evidence
    )


_POWERS = (10.0, 100.0, 1000.0, 0.1, 0.01, 0.001)


def swapped_claims(episode: Episode, draft: Sequence[Claim], kinds: Sequence[str]) -> int:
    """How many claims of ``draft`` (read, with their verdict kinds) swap an exclusive value."""
    known = {s.id: s.evidence for s in episode_sources(episode)}
    return sum(
        kind == "contradicted"
        and swaps(claim.text, "\n".join(known[i] for i in claim.sources if i in known))
        for claim, kind in zip(draft, kinds, strict=True)
    )
