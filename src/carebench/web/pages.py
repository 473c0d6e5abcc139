"""The HTML pages: the unit list, a unit (label or adjudicate), agreement and the export download.

Each page is one template of the served kind (:mod:`carebench.web.kinds`); a form that does not
validate comes back with the person's values and the error (409 for a conflict, 422 otherwise).
"""

from __future__ import annotations

import io
import zipfile
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import ValidationError

from carebench.errors import CarebenchError
from carebench.protocol.annotation_store import (
    AnnotationConflict,
    StoredLabel,
    agreement_json,
    release_files,
    visible_labels,
)
from carebench.web.actions import save_adjudication, save_label, unit_rows
from carebench.web.core import (
    Auth,
    Authed,
    Served,
    State,
    adjudicator_only,
    check_csrf,
    db,
    message_of,
)
from carebench.web.kinds import AnyUnit

router = APIRouter()
_MESSAGES = {"draft": "Draft saved.", "submitted": "Submitted.", "adjudicated": "Saved."}


def _unit_page(
    state: Served, auth: Auth, template: str, unit: AnyUnit, status: int, **context: Any
) -> HTMLResponse:
    """One unit's page for the signed-in user (their name and CSRF token, the unit)."""
    return state.page(template, status, user=auth.user, csrf=auth.csrf, unit=unit, **context)


async def annotator_page(
    state: Served,
    auth: Auth,
    unit: AnyUnit,
    status: int = 200,
    values: dict[str, Any] | None = None,
    **extra: Any,
) -> HTMLResponse:
    """An annotator's view of ``unit``: the form, or their submitted label (and the other's)."""
    labels: list[StoredLabel] = await db(state.store.labels, unit.id)
    mine = next((label for label in labels if label.user.id == auth.user.id), None)
    seen = visible_labels(auth.user, labels)
    blocked = None
    if mine is None and len(labels) >= 2:
        blocked = f"Two other annotators already label this {state.kind.noun}."
    return _unit_page(
        state,
        auth,
        state.kind.label_template,
        unit,
        status,
        mine=mine,
        others=[label for label in seen if label.user.id != auth.user.id],
        blocked=blocked,
        values=values or state.kind.values(mine.labels if mine else None),
        **extra,
    )


async def adjudicator_page(
    state: Served,
    auth: Auth,
    unit: AnyUnit,
    status: int = 200,
    values: dict[str, Any] | None = None,
    chosen: dict[str, str] | None = None,
    **extra: Any,
) -> HTMLResponse:
    """The adjudicator's view of ``unit``: both submitted labels side by side, the final form."""
    pair = visible_labels(auth.user, await db(state.store.labels, unit.id))
    found = await db(state.store.adjudications, unit.id)
    adjudication = found[0] if found else None
    context: dict[str, Any] = {"pair": pair, "adjudication": adjudication}
    if len(pair) == 2:
        a, b = (state.kind.labels.coerce(x.labels, unit.id) for x in pair)
        context |= state.kind.adjudication_defaults(a, b, adjudication)
        context["values"] = values or context["values"]
        context["chosen"] = chosen or context["chosen"]
    return _unit_page(state, auth, state.kind.adjudicate_template, unit, status, **context, **extra)


@router.get("/", response_class=HTMLResponse)
async def index(auth: Authed, state: State) -> HTMLResponse:
    """The units served, with the caller's status of each."""
    rows = await unit_rows(state, auth.user)
    return state.page("index.j2", user=auth.user, csrf=auth.csrf, rows=rows)


@router.get("/units/{uid}", response_class=HTMLResponse)
async def unit_page(request: Request, uid: str, auth: Authed, state: State) -> HTMLResponse:
    """A unit: the annotator's form or label, or the adjudicator's comparison."""
    unit = state.unit(uid)
    message = _MESSAGES.get(request.query_params.get("saved") or "")
    if auth.user.role == "adjudicator":
        return await adjudicator_page(state, auth, unit, message=message)
    return await annotator_page(state, auth, unit, message=message)


@router.post("/units/{uid}/label", response_model=None)
async def label_form(request: Request, uid: str, auth: Authed, state: State) -> Response:
    """Save a draft (``action=save``) or submit (``action=submit``) the annotator's label."""
    form = await request.form()
    check_csrf(auth, str(form.get("csrf", "")))
    unit = state.unit(uid)
    submit = form.get("action") == "submit"
    values = state.kind.form_values(form)
    try:
        await save_label(state, auth, unit, values, submit)
    except AnnotationConflict as exc:
        return await annotator_page(state, auth, unit, 409, values, error=str(exc))
    except (CarebenchError, ValidationError) as exc:
        return await annotator_page(state, auth, unit, 422, values, error=message_of(exc))
    state_name = "submitted" if submit else "draft"
    return RedirectResponse(f"/units/{unit.id}?saved={state_name}", status_code=303)


@router.post("/units/{uid}/adjudicate", response_model=None)
async def adjudicate_form(request: Request, uid: str, auth: Authed, state: State) -> Response:
    """Save the adjudicator's final labels and disagreement types."""
    form = await request.form()
    check_csrf(auth, str(form.get("csrf", "")))
    adjudicator_only(auth)
    unit = state.unit(uid)
    values = state.kind.form_values(form, "final_")
    chosen = state.kind.chosen(form)
    try:
        await save_adjudication(state, auth.user, unit, values, chosen)
    except AnnotationConflict as exc:
        return await adjudicator_page(state, auth, unit, 409, values, chosen, error=str(exc))
    except (CarebenchError, ValidationError) as exc:
        error = message_of(exc)
        return await adjudicator_page(state, auth, unit, 422, values, chosen, error=error)
    return RedirectResponse(f"/units/{unit.id}?saved=adjudicated", status_code=303)


@router.get("/agreement", response_class=HTMLResponse)
async def agreement_page(auth: Authed, state: State) -> HTMLResponse:
    """Agreement per unit type and the disagreement types (adjudicator only)."""
    adjudicator_only(auth)
    data = await db(agreement_json, state.store)
    return state.page("agreement.j2", user=auth.user, csrf=auth.csrf, data=data)


@router.get("/export.zip")
async def export_zip(auth: Authed, state: State) -> Response:
    """The export as a zip (adjudicator only): the files ``carebench annotate export`` writes."""
    adjudicator_only(auth)
    files: dict[str, str] = await db(release_files, state.store)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in sorted(files.items()):
            archive.writestr(name, text)
    return Response(
        buffer.getvalue(),
        media_type="application/zip",
        headers={"Content-Disposition": 'attachment; filename="carebench-annotations.zip"'},
    )
