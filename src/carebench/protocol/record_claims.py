"""Prohibited claims the record itself reads as making: a check for seed authors.

State continuity divides a draft's score by 4 for each prohibited claim one of its claims makes
(:func:`carebench.protocol.stated.prohibited_made`). When a clause of an episode's current
admissible evidence already reads as one of its prohibited claims, a correct draft that restates
that line is scored as making it. This module finds those clauses, so ``carebench episodes
validate`` can warn the author (bank 2.5 and 2.6 changed three such claims).

Conventions:
    * The pieces of an admissible item's current evidence (superseded sentences removed) are read
      one at a time, as a draft's claims are read whole: the whole evidence, each sentence (split
      after ``.``, ``!`` or ``?``) and each clause (split after those or ``;`` and ``:``;
      :func:`pieces`). A first version read clauses only and missed whole sentences that make a
      claim no clause of them does (type1-sick-day-rules' E4; an independent review).
    * Conflict variants are skipped: there the line that reads as the claim is the conflict the
      episode is about (a family account saying "did not hit her head" beside a bruise).
    * A warning, not an error: some claims cannot be reworded without letting the common wrong
      wordings escape (docs/protocol.md lists the packaged bank's seven and why they stay).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from carebench.episodes.schema import Episode, Variant
from carebench.episodes.sources import episode_sources
from carebench.protocol.stated import prohibited_made

__all__ = ["RecordClaim", "pieces", "record_claims"]

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_CLAUSE_END = re.compile(r"(?<=[.;:!?])\s+")


def pieces(text: str) -> list[str]:
    """``text``, its sentences and its clauses, each once, in that order (conventions)."""
    found = [text.strip(), *_SENTENCE_END.split(text), *_CLAUSE_END.split(text)]
    return list(dict.fromkeys(p.strip() for p in found if p.strip()))


@dataclass(frozen=True, order=True)
class RecordClaim:
    """One prohibited claim a clause of the record reads as making."""

    seed_id: str
    claim: str
    source_id: str
    clause: str
    """The shortest piece of the item that reads as the claim, in the first episode read (the
    surfaces may word it differently)."""
    variants: tuple[str, ...]
    """The variants (by name, in the bank's order) whose episodes read it so."""


def record_claims(episodes: Iterable[Episode]) -> list[RecordClaim]:
    """Every (claim, item) of ``episodes`` outside conflict variants that reads as the claim.

    Each names the shortest piece of the item that does (conventions).
    """
    found: dict[tuple[str, str, str], tuple[str, list[Variant]]] = {}
    for episode in episodes:
        units = episode.annotations
        if units is None or not units.prohibited_claims or episode.variant is Variant.CONFLICT:
            continue
        for source in episode_sources(episode):
            if not (source.admissible and source.evidence):
                continue
            for claim in units.prohibited_claims:
                made = [p for p in pieces(source.evidence) if prohibited_made([p], [claim])]
                if made:
                    key = (episode.seed_id, claim, source.id)
                    _, seen = found.setdefault(key, (min(made, key=len), []))
                    if episode.variant not in seen:
                        seen.append(episode.variant)
    order = list(Variant)
    return sorted(
        RecordClaim(*key, piece, tuple(v.value for v in sorted(vs, key=order.index)))
        for key, (piece, vs) in found.items()
    )
