"""What a work product's text has to do with its task: concision and relevance.

Conventions:

* **Concision** (a draft, or a handoff's free text): the share ``extra`` of the episode's
  admissible evidence terms *outside the task* (the required facts, urgent findings and handoff
  reference values) that the text reproduces. Up to :data:`FREE_EXTRA` costs nothing; concision
  falls linearly to 0 at :data:`DUMP_EXTRA`: ``clip(1 - (extra - FREE_EXTRA) / (DUMP_EXTRA -
  FREE_EXTRA), 0, 1)``. Copying the evidence wholesale therefore earns nothing however well
  it is cited.
* **Relevance** (a draft's cited claims): min(1, addressed / need), where *addressed* counts the
  task's texts (:func:`task_claims`: required facts, facts to discard, urgent findings, handoff
  values, recommendations) that one of the claims states, mentions or holds every measured value
  of (:func:`addresses`), and *need* is
  :data:`ADDRESSED` (2), or the number of required facts when fewer. True claims about nothing
  the task asks earn no traceability; two claims on the task carry any number of true asides
  (concision bounds how many).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from carebench.episodes.matching import states
from carebench.episodes.schema import Episode
from carebench.episodes.sources import Source, episode_sources
from carebench.episodes.support import analyze, mentions, quantity_supported, strip_injections

__all__ = [
    "ADDRESSED",
    "DUMP_EXTRA",
    "FREE_EXTRA",
    "admissible_evidence",
    "concision",
    "outside_terms",
    "relevance",
    "reproduced_terms",
    "task_texts",
]

FREE_EXTRA = 0.4
DUMP_EXTRA = 0.55


def admissible_evidence(sources: Sequence[Source]) -> list[str]:
    """The evidence text (less superseded sentences) of each admissible source."""
    return [s.evidence for s in sources if s.admissible]


def task_texts(episode: Episode) -> list[str]:
    """What the task asks a work product to state: required facts, urgent findings, handoff values."""
    units = episode.annotations
    if units is None:
        return []
    values = [v for vs in units.handoff_values.values() for v in vs]
    return [*units.retain_facts, *units.revise_facts, *units.urgent_findings, *values]


def outside_terms(episode: Episode) -> set[str]:
    """The admissible evidence terms outside the task (see :func:`task_texts`)."""
    evidence = set().union(
        *(analyze(e).terms for e in admissible_evidence(episode_sources(episode)))
    )
    return evidence - set().union(set(), *(analyze(t).terms for t in task_texts(episode)))


def reproduced_terms(outside: set[str], texts: Iterable[str]) -> set[str]:
    """The terms of ``outside`` that ``texts`` reproduce (injections stripped first)."""
    written = set().union(set(), *(analyze(strip_injections(t)).terms for t in texts))
    return written & outside


def concision(episode: Episode, texts: Iterable[str]) -> float:
    """Concision of ``texts`` for ``episode`` (see the module conventions)."""
    outside = outside_terms(episode)
    if not outside:
        return 1.0
    extra = len(reproduced_terms(outside, texts)) / len(outside)
    return min(1.0, max(0.0, 1 - (extra - FREE_EXTRA) / (DUMP_EXTRA - FREE_EXTRA)))


ADDRESSED = 2
"""How many of the task's texts a draft's linked claims must address for full relevance (fewer
when the episode has fewer required facts)."""


def task_claims(episode: Episode) -> list[str]:
    """What a draft may address: :func:`task_texts`, facts to discard and recommendations."""
    units = episode.annotations
    if units is None:
        return []
    return [*task_texts(episode), *units.discard_facts, *units.recommendations]


def addresses(claims: Sequence[str], text: str) -> bool:
    """Whether one of ``claims`` states the task's ``text``, mentions it or holds its values.

    Stating is the fact matcher's; mentioning, :func:`~carebench.episodes.support.mentions` (the
    text's quantities held and 40 % of its terms); holding, every measured value of a text that
    has one ("day 5 after your keyhole operation" holds "day 5 after laparoscopic
    cholecystectomy").
    """
    wanted = [q for q in analyze(text).quantities if q.unit and not q.unit.startswith("#")]
    return any(
        states(claim, text)
        or mentions(text, claim)
        or (wanted and all(quantity_supported(q, analyze(claim)) for q in wanted))
        for claim in claims
    )


def relevance(episode: Episode, claims: Sequence[str]) -> float:
    """The relevance of a draft whose substantive, cited claims are ``claims``.

    min(1, addressed / need): how many of the task's texts (:func:`task_claims`) the claims
    address, out of ``need`` = :data:`ADDRESSED`, or the number of required facts (facts to
    retain or revise) when there are fewer (one at least); 1 when the episode names no task.
    """
    task = task_claims(episode)
    units = episode.annotations
    if not task or units is None:
        return 1.0
    need = max(1, min(ADDRESSED, len(units.retain_facts) + len(units.revise_facts)))
    return min(1.0, sum(addresses(claims, t) for t in task) / need)
