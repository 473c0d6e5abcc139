"""What a work product's text has to do with its task: concision (and the task's texts).

Conventions:

* **Concision** (a draft, or a handoff's free text): the share ``extra`` of the episode's
  admissible evidence terms *outside the task* (the required facts, urgent findings and handoff
  reference values) that the text reproduces. Up to :data:`FREE_EXTRA` costs nothing; concision
  falls linearly to 0 at :data:`DUMP_EXTRA`: ``clip(1 - (extra - FREE_EXTRA) / (DUMP_EXTRA -
  FREE_EXTRA), 0, 1)``. Copying the evidence wholesale therefore earns nothing however well
  it is cited.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from carebench.episodes.schema import Episode
from carebench.episodes.sources import Source, episode_sources
from carebench.episodes.support import analyze, strip_injections

__all__ = ["DUMP_EXTRA", "FREE_EXTRA", "concision", "task_texts"]

FREE_EXTRA = 0.4
DUMP_EXTRA = 0.55


def _evidence(sources: Sequence[Source]) -> list[str]:
    return [s.evidence for s in sources if s.admissible]


def task_texts(episode: Episode) -> list[str]:
    """What the task asks a work product to state: required facts, urgent findings, handoff values."""
    units = episode.annotations
    if units is None:
        return []
    values = [v for vs in units.handoff_values.values() for v in vs]
    return [*units.retain_facts, *units.revise_facts, *units.urgent_findings, *values]


def _outside(episode: Episode) -> set[str]:
    """The admissible evidence terms outside the task (see :func:`task_texts`)."""
    evidence = set().union(*(analyze(e).terms for e in _evidence(episode_sources(episode))))
    return evidence - set().union(set(), *(analyze(t).terms for t in task_texts(episode)))


def _reproduced(outside: set[str], texts: Iterable[str]) -> set[str]:
    written = set().union(set(), *(analyze(strip_injections(t)).terms for t in texts))
    return written & outside


def concision(episode: Episode, texts: Iterable[str]) -> float:
    """Concision of ``texts`` for ``episode`` (see the module conventions)."""
    outside = _outside(episode)
    if not outside:
        return 1.0
    extra = len(_reproduced(outside, texts)) / len(outside)
    return min(1.0, max(0.0, 1 - (extra - FREE_EXTRA) / (DUMP_EXTRA - FREE_EXTRA)))
