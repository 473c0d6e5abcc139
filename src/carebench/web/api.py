"""The JSON API under ``/api/`` (docs/protocol.md, "The JSON API"): the same rules as the pages."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ValidationError

from carebench.errors import CarebenchError
from carebench.protocol.annotation_store import (
    AnnotationConflict,
    StoredLabel,
    agreement_json,
    visible_labels,
)
from carebench.web.actions import save_adjudication, save_label, unit_rows
from carebench.web.core import (
    Authed,
    PageError,
    State,
    adjudicator_only,
    check_csrf,
    db,
    message_of,
)

router = APIRouter(prefix="/api")


class LabelIn(BaseModel):
    """API body of a label save."""

    labels: dict[str, Any]
    submit: bool = False


class AdjudicationIn(BaseModel):
    """API body of an adjudication."""

    final: dict[str, Any]
    disagreements: dict[str, str]


def label_json(label: StoredLabel) -> dict[str, Any]:
    """One stored label as the API shows it."""
    return {
        "annotator": label.user.name,
        "claim": label.claim,
        "submitted": label.submitted,
        "revision": label.revision,
        "labels": label.labels.model_dump(mode="json"),
    }


@router.get("/me")
async def api_me(auth: Authed) -> dict[str, Any]:
    """Who is asking, and the session's CSRF token (null with a Bearer token)."""
    return {"name": auth.user.name, "role": auth.user.role, "csrf": auth.csrf}


@router.get("/units")
async def api_units(auth: Authed, state: State) -> list[dict[str, Any]]:
    """Every served unit with its kind and the caller's status."""
    return [
        {"unit": r["unit"].id, "kind": r["kind"], "status": r["status"]}
        | state.kind.row_json(r["unit"])
        for r in await unit_rows(state, auth.user)
    ]


@router.get("/units/{uid}")
async def api_unit(uid: str, auth: Authed, state: State) -> dict[str, Any]:
    """One unit's text."""
    return state.kind.unit_json(state.unit(uid))


@router.post("/units/{uid}/label")
async def api_label(
    request: Request, uid: str, body: LabelIn, auth: Authed, state: State
) -> dict[str, Any]:
    """Save a draft, or with ``submit`` the final label (annotators only)."""
    check_csrf(auth, request.headers.get("x-csrf-token"))
    unit = state.unit(uid)
    try:
        values = state.kind.api_values(body.labels)
        revision = await save_label(state, auth, unit, values, body.submit)
    except AnnotationConflict as exc:
        raise PageError(409, str(exc)) from exc
    except (CarebenchError, ValidationError) as exc:
        raise PageError(422, message_of(exc)) from exc
    return {"unit": unit.id, "revision": revision, "submitted": body.submit}


@router.get("/units/{uid}/labels")
async def api_labels(uid: str, auth: Authed, state: State) -> dict[str, Any]:
    """The labels of the unit the caller may see (blinded until both submit)."""
    unit = state.unit(uid)
    seen = visible_labels(auth.user, await db(state.store.labels, unit.id))
    return {"unit": unit.id, "labels": [label_json(label) for label in seen]}


@router.get("/units/{uid}/labels/{name}")
async def api_label_of(uid: str, name: str, auth: Authed, state: State) -> dict[str, Any]:
    """One person's label, if the caller may see it (403 while blinded)."""
    unit = state.unit(uid)
    labels = await db(state.store.labels, unit.id)
    if auth.user.role != "adjudicator" and name != auth.user.name:
        mine = any(label.user.id == auth.user.id for label in labels)
        if not (mine and sum(label.submitted for label in labels) == 2):
            raise PageError(403, "blinded: another annotator's label is hidden until both submit")
    seen = [label for label in visible_labels(auth.user, labels) if label.user.name == name]
    if not seen:
        raise PageError(404, f"no label of {name!r} on {unit.id} that you may see")
    return label_json(seen[0])


@router.get("/units/{uid}/adjudication")
async def api_adjudication(uid: str, auth: Authed, state: State) -> dict[str, Any]:
    """The recorded adjudication (adjudicator only)."""
    adjudicator_only(auth)
    unit = state.unit(uid)
    found = await db(state.store.adjudications, unit.id)
    if not found:
        raise PageError(404, f"{unit.id} is not adjudicated yet")
    return {
        "unit": unit.id,
        "revision": found[0].revision,
        "final": found[0].final.model_dump(mode="json"),
        "disagreements": {k: v.value for k, v in found[0].disagreements.items()},
    }


@router.post("/units/{uid}/adjudication")
async def api_adjudicate(
    request: Request, uid: str, body: AdjudicationIn, auth: Authed, state: State
) -> dict[str, Any]:
    """Record the final labels and disagreement types (adjudicator only)."""
    check_csrf(auth, request.headers.get("x-csrf-token"))
    adjudicator_only(auth)
    unit = state.unit(uid)
    try:
        values = state.kind.api_values(body.final)
        revision = await save_adjudication(state, auth.user, unit, values, body.disagreements)
    except AnnotationConflict as exc:
        raise PageError(409, str(exc)) from exc
    except (CarebenchError, ValidationError) as exc:
        raise PageError(422, message_of(exc)) from exc
    return {"unit": unit.id, "revision": revision}


@router.get("/agreement")
async def api_agreement(auth: Authed, state: State) -> dict[str, object]:
    """Agreement per unit type, as on the Agreement page (adjudicator only)."""
    adjudicator_only(auth)
    result: dict[str, object] = await db(agreement_json, state.store)
    return result
