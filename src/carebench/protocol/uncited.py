"""Uncited claims the record does not hold: what a draft asserts on no evidence at all.

A claim that cites nothing is *unsupported*. When, in addition, no admissible line of the
episode's record supports it (:func:`~carebench.episodes.support.support` against each line on
its own and against all of them together), it is *unfounded*: content the draft adds about the patient that the record does not
hold ("Patient: Mr Peter Walsh, hospital number 4417729", "No changes needed: carry on with all
current medicines"). Conventions (combined in :mod:`carebench.protocol.scores`):

* an unfounded claim costs traceability as a mismatched one does (MISMATCH_PENALTY) and
  continuity as a wrong fact does (STALE_FACTOR);
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

__all__ = ["unfounded"]


def unfounded(episode: Episode, draft: Sequence[Claim], kinds: Sequence[str]) -> int:
    """How many uncited claims of ``draft`` no admissible record line supports.

    ``kinds`` are the claims' verdict kinds in draft order (``"unsupported"`` marks a claim that
    cites nothing; see :func:`carebench.protocol.scores.traceability`).
    """
    uncited = [c.text for c, k in zip(draft, kinds, strict=True) if k == "unsupported"]
    if not uncited:
        return 0
    lines = admissible_evidence(episode_sources(episode))
    texts = [*lines, "\n".join(lines)]
    return sum(
        not any(support(text, line) is Verdict.SUPPORTED for line in texts) for text in uncited
    )
