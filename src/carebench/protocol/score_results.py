"""What a work-product score is made of: the atomic results and how each becomes a number.

Pure data with their formulas (:mod:`carebench.protocol.scores` computes them and states the
conventions of each in full): :class:`Continuity` and :class:`Traceability` of an Answer's draft,
:class:`HandoffScore` of an Escalate's handoff, :class:`EpisodeScores` of one extended output.
"""

from __future__ import annotations

from dataclasses import dataclass

from carebench.episodes.schema import Annotations
from carebench.protocol.handoff_safety import VETO_FACTOR
from carebench.protocol.wrong_claims import SWAP_FACTOR

__all__ = [
    "MISMATCH_PENALTY",
    "STALE_FACTOR",
    "Continuity",
    "EpisodeScores",
    "HandoffScore",
    "Traceability",
    "annotated",
]

MISMATCH_PENALTY = 0.5
"""What a claim its cited lines do not support (or contradict, or no line supports) takes off
traceability's linked count."""
STALE_FACTOR = 0.25
"""What one carried stale fact, prohibited claim, misleading omission or unfounded claim leaves
of continuity."""


@dataclass(frozen=True)
class Continuity:
    """State continuity of one draft (see the module conventions)."""

    required: int
    hits: int
    stale: int
    contradictions: int
    concision: float = 1.0
    claims: int = 0
    contradicted: int = 0
    swapped: int = 0
    misleading: int = 0
    unfounded: int = 0
    hidden: int = 0
    """Claims the shown reading leaves blank where the agent wrote words (round 18)."""

    @property
    def score(self) -> float | None:
        """The continuity score; None when nothing is required.

        hits / required x STALE_FACTOR ** (stale + contradictions + misleading + unfounded) x (1 -
        contradicted / claims) x SWAP_FACTOR ** swapped x VETO_FACTOR ** hidden x concision.
        """
        if not self.required:
            return None
        wrong_facts = self.stale + self.contradictions + self.misleading + self.unfounded
        penalty = STALE_FACTOR**wrong_facts * SWAP_FACTOR**self.swapped * VETO_FACTOR**self.hidden
        wrong = self.contradicted / self.claims if self.claims else 0.0
        return self.hits / self.required * penalty * (1 - wrong) * self.concision


@dataclass(frozen=True)
class Traceability:
    """Evidence traceability of one draft (see the module conventions)."""

    claims: int
    linked: int
    unsupported: int
    mismatched: int
    contradicted: int = 0
    empty: int = 0
    precision: float = 1.0
    concision: float = 1.0
    relevance: float = 1.0
    """How far the cited claims address the task (:func:`~carebench.protocol.relevance.relevance`)."""
    swapped: int = 0
    unfounded: int = 0
    hidden: int = 0
    """Claims the shown reading leaves blank where the agent wrote words (round 18)."""

    @property
    def score(self) -> float | None:
        """The traceability score; None for an empty draft.

        max(0, (linked - penalty x (mismatched + contradicted + unfounded)) / claims) x precision
        x concision x relevance x SWAP_FACTOR ** swapped x VETO_FACTOR ** hidden.
        """
        if not self.claims:
            return None
        wrong = MISMATCH_PENALTY * (self.mismatched + self.contradicted + self.unfounded)
        share = max(0.0, (self.linked - wrong) / self.claims)
        veto = SWAP_FACTOR**self.swapped * VETO_FACTOR**self.hidden
        return share * self.precision * self.concision * self.relevance * veto


@dataclass(frozen=True)
class HandoffScore:
    """Handoff completeness of one handoff (see the module conventions)."""

    required: int
    present: int
    correct: int
    missing: tuple[str, ...] = ()
    wrong: tuple[str, ...] = ()
    concision: float = 1.0
    misfiled: tuple[str, ...] = ()
    named: int = 0
    unjustified: tuple[str, ...] = ()
    countermanded: bool = False
    under_triage: int = 0
    unsafe: tuple[str, ...] = ()
    unstated: bool = False
    unrouted: bool = False

    @property
    def misleading(self) -> tuple[str, ...]:
        """The fields present with a wrong value (not misfiled ones: they cost filing)."""
        return tuple(w for w in self.wrong if w not in self.misfiled)

    @property
    def score(self) -> float | None:
        """The share of right fields net of wrong ones, times concision, filing and vetoes.

        max(0, correct - unjustified - misleading) / required x concision x (1 - misfiled /
        named) x VETO_FACTOR ** (under_triage + unsafe + unstated + unrouted), or 0 when
        countermanded (*unstated*: the key findings are not right, round 18; round 11 asked only
        that the reason or the key findings be right;
        *unrouted*: the episode names handoff fields and none of them is right, round 14: the
        receiver cannot act on the story alone, and a handoff with every field blank kept 0.55). A wrong value
        cancels a right one (a nurse acts on both); each urgency level slower than the episode
        allows, and each field that explains the finding away, ends care, tells it as another
        time's or person's, inverts its reference or (reason, findings, actions) cannot be read,
        quarters it; a reason or key findings that frame the urgent finding
        as resolved, absent or former, stating it nowhere else, leave nothing to act on (0);
        copying the evidence wholesale costs concision; named fields holding other fields'
        values mislead in proportion; a right urgency or destination earns nothing when neither
        the reason nor the key findings state what makes the call urgent.
        """
        if not self.required:
            return None
        if self.countermanded:
            return 0.0
        filing = 1 - len(self.misfiled) / self.named if self.named else 1.0
        credited = max(0, self.correct - len(self.unjustified) - len(self.misleading))
        vetoed = VETO_FACTOR ** (
            self.under_triage + len(self.unsafe) + self.unstated + self.unrouted
        )
        return credited / self.required * self.concision * filing * vetoed


@dataclass(frozen=True)
class EpisodeScores:
    """The atomic scores of one extended output; a score is None where it does not apply."""

    work_product_valid: bool
    error: str | None = None
    continuity: Continuity | None = None
    traceability: Traceability | None = None
    handoff: HandoffScore | None = None
    unannotated: bool = False
    """A draft or handoff whose episode lacks the annotation units it is scored against."""


def annotated(units: Annotations | None, handoff: bool) -> bool:
    """Whether an episode has the units a work product is scored against (else nothing is scored).

    A draft needs annotation units; a handoff needs handoff units (fields, urgent findings,
    urgencies or destinations). On a custom seed without ``annotations:`` the reference scored
    0.00 traceability and was flagged under a gaming floor before.
    """
    if units is None:
        return False
    return not handoff or bool(
        units.handoff_fields
        or units.urgent_findings
        or units.handoff_urgency
        or units.handoff_destinations
    )
