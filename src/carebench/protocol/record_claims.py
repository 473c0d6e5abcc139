"""Prohibited claims the record itself reads as making: a check for seed authors.

State continuity divides a draft's score by 4 for each prohibited claim one of its claims makes
(:func:`carebench.protocol.stated.prohibited_made`). When a clause of an episode's current
admissible evidence already reads as one of its prohibited claims, a correct draft that restates
that line is scored as making it. This module finds those clauses, so ``carebench episodes
validate`` can warn the author (bank 2.5 and 2.6 reworded four such claims).

Conventions:
    * A clause is a piece of an item's current evidence (superseded sentences removed) split after
      ``.``, ``;``, ``:``, ``!`` or ``?``, and the item is admissible.
    * Conflict variants are skipped: there the line that reads as the claim is the conflict the
      episode is about (a family account saying "did not hit her head" beside a bruise).
    * A warning, not an error: some claims cannot be reworded without letting the common wrong
      wordings escape (docs/protocol.md lists the packaged bank's three).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from carebench.episodes.schema import Episode, Variant
from carebench.episodes.sources import episode_sources
from carebench.protocol.stated import prohibited_made

__all__ = ["RecordClaim", "record_claims"]

_CLAUSE_END = re.compile(r"(?<=[.;:!?])\s+")


@dataclass(frozen=True, order=True)
class RecordClaim:
    """One prohibited claim a clause of the record reads as making."""

    seed_id: str
    claim: str
    source_id: str
    clause: str
    variants: tuple[str, ...]
    """The variants (by name, in the bank's order) whose episodes read it so."""


def record_claims(episodes: Iterable[Episode]) -> list[RecordClaim]:
    """Every (claim, item, clause) of ``episodes`` outside conflict variants (conventions)."""
    found: dict[tuple[str, str, str, str], list[Variant]] = {}
    for episode in episodes:
        units = episode.annotations
        if units is None or not units.prohibited_claims or episode.variant is Variant.CONFLICT:
            continue
        for source in episode_sources(episode):
            if not (source.admissible and source.evidence):
                continue
            for clause in _CLAUSE_END.split(source.evidence):
                for claim in units.prohibited_claims:
                    if prohibited_made([clause], [claim]):
                        key = (episode.seed_id, claim, source.id, clause.strip())
                        seen = found.setdefault(key, [])
                        if episode.variant not in seen:
                            seen.append(episode.variant)
    order = list(Variant)
    return sorted(
        RecordClaim(*key, tuple(v.value for v in sorted(vs, key=order.index)))
        for key, vs in found.items()
    )
