"""Atomic scores of paper 001 from annotation units: continuity, traceability, handoff completeness.

Every score is judge-free: citation ids and field values are checked structurally and facts are
matched by :mod:`carebench.episodes.matching`. Conventions:

* **State continuity** (an Answer's draft). Required facts are the episode's facts to retain or
  revise that some admissible item's evidence states (a fact the missing variant deleted is not
  required; see :mod:`carebench.episodes.sources` for evidence). ``hits`` counts required facts
  the draft states; ``stale`` counts facts to discard that no admissible evidence states but the
  draft does (carried forward); ``contradictions``
  counts prohibited claims some claim makes. Score = max(0, (hits - stale - contradictions) /
  required); None (not applicable) when nothing is required.
* **Evidence traceability** (an Answer's draft). Each claim is *linked* when it cites at least one
  item, every cited item exists and is admissible, and the cited items support it
  (:func:`~carebench.episodes.matching.supported_by`); *unsupported* when it cites nothing;
  *mismatched* otherwise (a missing or inadmissible item, or a citation that does not support the
  claim). Score = max(0, (linked - MISMATCH_PENALTY * mismatched) / claims), so an uncited claim
  earns nothing and a wrong citation costs half a claim.
* **Handoff completeness** (an Escalate's handoff). Required fields are the five routing fields and
  the seed's handoff fields; each is *present* when non-empty and *correct* when present and: urgency
  is not ``routine`` (an escalation is urgent by the action's definition); the destination is one of
  the task class's; every number in the reason, key findings or a seed field occurs in the admissible
  evidence (a stale or invented value is wrong). Score = correct / required.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from carebench.agents.workproduct import (
    Claim,
    Handoff,
    Urgency,
    handoff_fields,
    parse_work_product,
)
from carebench.episodes.matching import claims, states, supported_by, tokens
from carebench.episodes.schema import DESTINATIONS, Action, Episode
from carebench.episodes.sources import Source, episode_sources

MISMATCH_PENALTY = 0.5


@dataclass(frozen=True)
class Continuity:
    """State continuity of one draft (see the module conventions)."""

    required: int
    hits: int
    stale: int
    contradictions: int

    @property
    def score(self) -> float | None:
        """max(0, (hits - stale - contradictions) / required); None when nothing is required."""
        if not self.required:
            return None
        return max(0.0, (self.hits - self.stale - self.contradictions) / self.required)


@dataclass(frozen=True)
class Traceability:
    """Evidence traceability of one draft (see the module conventions)."""

    claims: int
    linked: int
    unsupported: int
    mismatched: int

    @property
    def score(self) -> float | None:
        """max(0, (linked - penalty * mismatched) / claims); None for an empty draft."""
        if not self.claims:
            return None
        return max(0.0, (self.linked - MISMATCH_PENALTY * self.mismatched) / self.claims)


@dataclass(frozen=True)
class HandoffScore:
    """Handoff completeness of one handoff (see the module conventions)."""

    required: int
    present: int
    correct: int
    missing: tuple[str, ...] = ()
    wrong: tuple[str, ...] = ()

    @property
    def score(self) -> float | None:
        """The share of required fields present and correct: correct / required."""
        return self.correct / self.required if self.required else None


@dataclass(frozen=True)
class EpisodeScores:
    """The atomic scores of one extended output; a score is None where it does not apply."""

    work_product_valid: bool
    error: str | None = None
    continuity: Continuity | None = None
    traceability: Traceability | None = None
    handoff: HandoffScore | None = None


def _evidence(sources: Sequence[Source]) -> list[str]:
    return [s.evidence for s in sources if s.admissible]


def continuity(episode: Episode, draft: Sequence[Claim]) -> Continuity:
    """State continuity of ``draft`` for ``episode``."""
    units = episode.annotations
    if units is None:
        return Continuity(0, 0, 0, 0)
    evidence = _evidence(episode_sources(episode))
    output = "\n".join(c.text for c in draft)

    def stated(fact: str) -> bool:
        return any(states(e, fact) for e in evidence)

    required = [f for f in (*units.retain_facts, *units.revise_facts) if stated(f)]
    stale = [f for f in units.discard_facts if not stated(f)]
    return Continuity(
        required=len(required),
        hits=sum(states(output, f) for f in required),
        stale=sum(states(output, f) for f in stale),
        contradictions=sum(any(claims(c.text, p) for c in draft) for p in units.prohibited_claims),
    )


def traceability(episode: Episode, draft: Sequence[Claim]) -> Traceability:
    """Evidence traceability of ``draft`` for ``episode``."""
    known = {s.id: s for s in episode_sources(episode)}
    linked = unsupported = mismatched = 0
    for claim in draft:
        if not claim.sources:
            unsupported += 1
            continue
        cited = [known.get(i) for i in claim.sources]
        if any(s is None or not s.admissible for s in cited) or not supported_by(
            claim.text, "\n".join(s.evidence for s in cited if s is not None)
        ):
            mismatched += 1
        else:
            linked += 1
    return Traceability(len(draft), linked, unsupported, mismatched)


def handoff_completeness(episode: Episode, handoff: Handoff) -> HandoffScore:
    """Handoff completeness of ``handoff`` for ``episode``."""
    numbers = tokens("\n".join(_evidence(episode_sources(episode)))).numbers

    def grounded(*texts: str) -> bool:
        return all(tokens(t).numbers <= numbers for t in texts)

    values: dict[str, tuple[bool, bool]] = {
        "urgency": (True, handoff.urgency is not Urgency.ROUTINE),
        "destination": (
            bool(handoff.destination),
            handoff.destination in DESTINATIONS[episode.task_class],
        ),
        "reason": (bool(handoff.reason.strip()), grounded(handoff.reason)),
        "key_findings": (
            any(f.strip() for f in handoff.key_findings),
            grounded(*handoff.key_findings),
        ),
        "actions_taken": (any(a.strip() for a in handoff.actions_taken), True),
    }
    for name in handoff_fields(episode):
        value = handoff.fields.get(name, "")
        values[name] = (bool(value.strip()), grounded(value))
    missing = tuple(name for name, (present, _) in values.items() if not present)
    wrong = tuple(name for name, (present, ok) in values.items() if present and not ok)
    return HandoffScore(
        required=len(values),
        present=len(values) - len(missing),
        correct=len(values) - len(missing) - len(wrong),
        missing=missing,
        wrong=wrong,
    )


def score_output(episode: Episode, raw: str, action: Action | None) -> EpisodeScores:
    """Parse one extended output and score the work product its action calls for."""
    parsed = parse_work_product(raw, action)
    product = parsed.work_product
    if product is None:
        return EpisodeScores(work_product_valid=False, error=parsed.error)
    if action is Action.ANSWER:
        return EpisodeScores(
            work_product_valid=True,
            continuity=continuity(episode, product.draft),
            traceability=traceability(episode, product.draft),
        )
    if action is Action.ESCALATE and product.handoff is not None:
        return EpisodeScores(
            work_product_valid=True, handoff=handoff_completeness(episode, product.handoff)
        )
    return EpisodeScores(work_product_valid=True)
