"""The study's design vocabulary (paper 002): phases, interruption types, cells, arms, patient modes.

Conventions:
    * A **cell** is a phase x interruption type; the four cells of paper 002 are
      gathering-recognitional, gathering-competitive, provision-transitional, provision-competitive.
    * An **arm** is what varies within a cell: ``baseline`` (cooperative patient, no interruption),
      ``interrupt``, the marker ablation pair ``marker-with`` / ``marker-without`` (hard-coded patient
      turn with and without the pathway's "sorry to interrupt" marker; nothing else differs),
      ``defensive`` (the interrupt arm with a strong resume-after-interruption instruction in the
      agent's system prompt) and ``tracker`` (the interrupt arm with the obligation tracker wrapped
      around the agent).
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """The conversation phase a cell targets."""

    GATHERING = "gathering"  # history-taking: the agent must ask the target question
    PROVISION = "provision"  # FAQ answer: the agent must convey every required content point


class InterruptionType(StrEnum):
    """Operational overlap types adapted from conversation analysis (paper 002, section 3.1)."""

    TRANSITIONAL = "transitional"  # at a possible completion point inside a multi-unit turn
    RECOGNITIONAL = (
        "recognitional"  # the patient projects where the turn is going and answers early
    )
    COMPETITIVE = "competitive"  # the patient takes the floor with a new topic


class Cell(StrEnum):
    """The four cells of paper 002."""

    GATHERING_RECOGNITIONAL = "gathering-recognitional"
    GATHERING_COMPETITIVE = "gathering-competitive"
    PROVISION_TRANSITIONAL = "provision-transitional"
    PROVISION_COMPETITIVE = "provision-competitive"

    @property
    def phase(self) -> Phase:
        """The phase half of the cell."""
        return Phase(self.value.split("-")[0])

    @property
    def itype(self) -> InterruptionType:
        """The interruption-type half of the cell."""
        return InterruptionType(self.value.split("-")[1])


class Arm(StrEnum):
    """The arms run in every cell."""

    BASELINE = "baseline"
    INTERRUPT = "interrupt"
    MARKER_WITH = "marker-with"
    MARKER_WITHOUT = "marker-without"
    DEFENSIVE = "defensive"
    TRACKER = "tracker"

    @property
    def interrupts(self) -> bool:
        """Whether the patient interrupts in this arm."""
        return self is not Arm.BASELINE

    @property
    def hard_coded(self) -> bool:
        """The marker arms always use the hard-coded patient turn."""
        return self in (Arm.MARKER_WITH, Arm.MARKER_WITHOUT)


class Decision(StrEnum):
    """Who decides whether the target turn is interrupted (paper 002, section 3.3).

    ``rule``: the cell's fixed rule, every interrupting trial interrupts its target turn. ``patient``:
    the patient simulator classifies whether it would cut in on the target turn (an answer of
    ``yes`` or ``no``, validated, retried a bounded number of times); a ``no`` yield-filters the
    trial, so yield then measures how often the simulated patient chose to interrupt.
    """

    RULE = "rule"
    PATIENT = "patient"


class PatientMode(StrEnum):
    """How the interrupting patient turn is produced (paper 002, appendix D)."""

    DIRECTIVE = "directive"  # the patient role follows the cell's directive for this pathway
    FREE = "free"  # the patient role is told only the interruption type
    HARD_CODED = "hard-coded"  # the pathway's fixed utterance (the marker arms)


__all__ = ["Arm", "Cell", "Decision", "InterruptionType", "PatientMode", "Phase"]
