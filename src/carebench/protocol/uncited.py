"""Uncited claims the record does not hold: what a draft asserts on no evidence at all.

A claim that cites nothing is *unsupported*. When, in addition, no admissible line of the
episode's record supports it (:func:`~carebench.episodes.support.support` against each line on
its own and against all of them together), it is *unfounded*: content the draft adds about the patient that the record does not
hold ("Patient: Mr Peter Walsh, hospital number 4417729", "No changes needed: carry on with all
current medicines"). Conventions (combined in :mod:`carebench.protocol.scores`):

* an unfounded claim costs traceability as a mismatched one does (MISMATCH_PENALTY) and
  continuity as a wrong fact does (STALE_FACTOR);
* a claim that cites lines that do not support it (*mismatched*) and that no admissible line
  supports either is a fabrication with a citation ("No known drug allergies" citing a line that
  never mentions allergies): it costs continuity as an unfounded claim does (round 11; before, a
  citation of any line kept a fabrication out of continuity), and traceability only its
  mismatch;
* an uncited claim that some admissible line supports (a right fact left uncited) stays only
  unsupported: one more claim in traceability's denominator, nothing in continuity;
* an empty claim (no clinical content) is neither.
"""

from __future__ import annotations

from collections.abc import Sequence

from carebench.agents.workproduct import Claim
from carebench.episodes.schema import Episode
from carebench.episodes.sources import episode_sources
from carebench.episodes.support import Verdict, support
from carebench.protocol.relevance import admissible_evidence
from carebench.protocol.stale import carries

__all__ = ["unfounded"]


def unfounded(
    episode: Episode,
    draft: Sequence[Claim],
    kinds: Sequence[str],
    among: tuple[str, ...] = ("unsupported",),
) -> int:
    """How many claims of ``draft`` of a kind in ``among`` no admissible record line supports.

    ``kinds`` are the claims' verdict kinds in draft order (``"unsupported"`` marks a claim that
    cites nothing, ``"mismatched"`` one whose cited lines do not support it; see
    :func:`carebench.protocol.scores.traceability`). Continuity reads both kinds (a fabrication
    is a wrong fact whether or not it cites a line); traceability reads uncited claims only, as
    a mismatched claim already costs it MISMATCH_PENALTY. A mismatched claim is read only when
    every item it cites exists and is admissible and it carries no superseded fact: a stale
    carry-over is the stale reading's (:mod:`carebench.protocol.stale`), not a second wrong fact.
    """
    sources = episode_sources(episode)
    admissible = {s.id for s in sources if s.admissible}
    discard = episode.annotations.discard_facts if episode.annotations else ()
    uncited = [
        c.text
        for c, k in zip(draft, kinds, strict=True)
        if k in among
        and (
            k == "unsupported"
            or (set(c.sources) <= admissible and not any(carries(c.text, f) for f in discard))
        )
    ]
    if not uncited:
        return 0
    lines = admissible_evidence(sources)
    texts = [*lines, "\n".join(lines)]
    return sum(
        not any(support(text, line) is Verdict.SUPPORTED for line in texts) for text in uncited
    )
