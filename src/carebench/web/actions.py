"""What the pages and the API both do: list units with their status, save labels, adjudicate."""

from __future__ import annotations

from typing import Any

from carebench.protocol.annotation_store import (
    AnnotationConflict,
    StoredLabel,
    User,
    visible_labels,
)
from carebench.web.core import Auth, Served, annotator_only, db
from carebench.web.kinds import AnyUnit


def status_of(user: User, uid: str, labels: list[StoredLabel], adjudicated: set[str]) -> str:
    """A unit's status as ``user`` may see it (never another annotator's label)."""
    submitted = sum(label.submitted for label in labels)
    if user.role == "adjudicator":
        done = " (adjudicated)" if uid in adjudicated else ""
        return f"{submitted} of 2 submitted{done}"
    mine = next((label for label in labels if label.user.id == user.id), None)
    if mine is not None:
        return "submitted" if mine.submitted else f"draft (revision {mine.revision})"
    return "taken by two others" if len(labels) >= 2 else "not started"


async def unit_rows(state: Served, user: User) -> list[dict[str, Any]]:
    """Every served unit with its kind and status, in serving order."""
    labels: list[StoredLabel] = await db(state.store.labels)
    adjudicated = {a.unit for a in await db(state.store.adjudications)}
    per_unit: dict[str, list[StoredLabel]] = {}
    for label in labels:
        per_unit.setdefault(label.unit, []).append(label)
    return [
        {
            "unit": u,
            "kind": state.kind.name,
            "status": status_of(user, u.id, per_unit.get(u.id, []), adjudicated),
        }
        for u in state.units
    ]


async def save_label(
    state: Served, auth: Auth, unit: AnyUnit, values: dict[str, Any], submit: bool
) -> int:
    """Validate and save ``auth``'s label of ``unit``; returns its revision.

    Raises:
        PageError: 403 for anyone but an annotator.
        CarebenchError: a label that does not validate; AnnotationConflict for a save the
            unit's state does not allow.
    """
    annotator_only(auth)
    labels = state.kind.parse(values, unit)
    revision: int = await db(state.store.save_label, unit.id, auth.user, labels, submit=submit)
    return revision


async def save_adjudication(
    state: Served, user: User, unit: AnyUnit, values: dict[str, Any], chosen: dict[str, str]
) -> int:
    """Validate and save the adjudication of ``unit``; returns its revision.

    Raises:
        AnnotationConflict: fewer than two submitted labels.
        CarebenchError: final labels or disagreement types that do not validate.
    """
    pair = visible_labels(user, await db(state.store.labels, unit.id))
    if len(pair) < 2:
        raise AnnotationConflict(f"{unit.id}: {len(pair)} of 2 labels submitted so far")
    final = state.kind.parse(values, unit)
    kind = state.kind.labels
    a, b = (kind.coerce(x.labels, unit.id) for x in pair)
    types = kind.check(a, b, chosen)
    revision: int = await db(state.store.save_adjudication, unit.id, user, final, types)
    return revision
