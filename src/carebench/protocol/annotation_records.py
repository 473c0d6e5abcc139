"""The records of an annotation database: people, stored labels and adjudications, the blinding rule.

Plain data; :mod:`carebench.protocol.annotation_store` reads and writes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from carebench.episodes.review import DisagreementType
from carebench.errors import CarebenchError
from carebench.protocol.annotation_kind import AnyLabels

Role = Literal["annotator", "adjudicator"]
ROLES: tuple[Role, ...] = ("annotator", "adjudicator")


class AnnotationConflict(CarebenchError):
    """A save the unit's state does not allow (already submitted, two annotators already)."""


@dataclass(frozen=True)
class User:
    """A person who signs in (``removed``: their access was revoked; their labels stay)."""

    id: int
    name: str
    role: Role
    removed: bool = False


@dataclass(frozen=True)
class StoredLabel:
    """One annotator's label of one unit."""

    unit: str
    user: User
    claim: int
    labels: AnyLabels
    submitted: bool
    revision: int
    updated: str


@dataclass(frozen=True)
class StoredAdjudication:
    """The adjudicated labels of one unit."""

    unit: str
    adjudicator: User
    final: AnyLabels
    disagreements: dict[str, DisagreementType]
    revision: int
    updated: str


def visible_labels(viewer: User, labels: Sequence[StoredLabel]) -> list[StoredLabel]:
    """The labels of one unit that ``viewer`` may see (the blinding rule).

    An annotator sees their own label, and the other annotator's only once both have submitted;
    the adjudicator sees submitted labels only (drafts are nobody's business but their author's).
    """
    if viewer.role == "adjudicator":
        return [label for label in labels if label.submitted]
    mine = [label for label in labels if label.user.id == viewer.id]
    submitted = [label for label in labels if label.submitted]
    if mine and len(submitted) == 2:
        return submitted
    return mine
