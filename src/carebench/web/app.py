"""The annotation and adjudication app: FastAPI over the annotation database.

Security conventions (each one tested):

* Sign-in takes a person's token (``carebench annotate user add``) in a form and sets a session
  cookie (HttpOnly, SameSite=Strict); the JSON API also takes ``Authorization: Bearer <token>``.
  A wrong or missing credential is a 401, on pages (with the sign-in form) and on the API.
* Every POST made with the session cookie must carry the session's CSRF token (form field
  ``csrf``, or header ``X-CSRF-Token`` on the API); Bearer requests carry no ambient credential
  and need none.
* Blinding: an annotator never receives another annotator's label, on any page or API route,
  until both have submitted (:func:`carebench.protocol.annotation_store.visible_labels`); only the
  adjudicator sees both, and only the adjudicator reads agreement and the export.
* No episode or annotator text is rendered as HTML: Jinja2 autoescaping everywhere, no script at
  all, and a Content-Security-Policy that forbids scripts.

The app serves one of two kinds of unit, on the same routes and under the same rules: episode
units (:class:`carebench.protocol.annotation.Unit`, labelled with the protocol's units) or the
items of an interruption study's judge-validation pack
(:class:`carebench.interruptions.validation.PackItem`, labelled ``pass`` / ``fail`` with a note;
:mod:`carebench.protocol.pack_annotation`). On the API a pack item's label is
``{"verdict": "pass", "note": "..."}`` and its adjudication ``{"final": {"verdict": ...},
"disagreements": {"verdict": TYPE}}``.
"""

from __future__ import annotations

import errno
import hmac
import io
import socket
import zipfile
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from jinja2 import Environment, PackageLoader
from pydantic import BaseModel, ValidationError
from starlette.concurrency import run_in_threadpool

from carebench.episodes.review import LIST_UNITS, UNIT_TYPES, DisagreementType, UnitLabels
from carebench.episodes.schema import Action
from carebench.errors import CarebenchError
from carebench.interruptions.validation import PackItem
from carebench.protocol.annotation import (
    Unit,
    allowed_types,
    check_disagreements,
    differing_units,
    make_labels,
    normalize_item,
    structural_type,
)
from carebench.protocol.annotation_store import (
    AnnotationConflict,
    AnnotationStore,
    StoredLabel,
    User,
    agreement_json,
    format_percent,
    pack_kind,
    release_files,
    visible_labels,
)
from carebench.protocol.pack_annotation import (
    JudgeLabel,
    allowed_pack_types,
    check_pack_disagreements,
    make_judge_label,
)

COOKIE = "carebench_session"
_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}
_TEXT_UNITS = tuple(u for u in LIST_UNITS if u != "admissible_sources")


@dataclass(frozen=True)
class Auth:
    """Who made a request and how: ``csrf`` is the session's token (None for Bearer requests)."""

    user: User
    csrf: str | None


class LabelIn(BaseModel):
    """API body of a label save."""

    labels: dict[str, Any]
    submit: bool = False


class AdjudicationIn(BaseModel):
    """API body of an adjudication."""

    final: dict[str, Any]
    disagreements: dict[str, str]


class _PageError(Exception):
    """An error shown on a page with the given status (JSON on the API)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


async def authenticate(request: Request) -> Auth:
    """Who sent ``request``: a Bearer token, else the session cookie (a 401 otherwise)."""
    store: AnnotationStore = request.app.state.store
    header = request.headers.get("authorization", "")
    if header:
        scheme, _, token = header.partition(" ")
        user = None
        if scheme.lower() == "bearer" and token.strip():
            user = await run_in_threadpool(store.user_by_token, token.strip())
        if user is None:
            raise _PageError(401, "wrong token: sign in with the token you were given")
        return Auth(user, None)
    key = request.cookies.get(COOKIE)
    session = await run_in_threadpool(store.session, key) if key else None
    if session is None:
        raise _PageError(401, "sign in with your token")
    return Auth(*session)


Authed = Annotated[Auth, Depends(authenticate)]


def _fmt(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.3f}"


def create_app(store: AnnotationStore, units: Sequence[Unit] | Sequence[PackItem]) -> FastAPI:
    """The app serving ``units`` over ``store`` (the units are registered in the store).

    ``units`` are either episode units or the items of one judge-validation pack.

    Raises:
        CarebenchError: the store already holds units of the other kind, or another pack's items.
    """
    by_id: dict[str, Unit | PackItem] = {u.id: u for u in units}
    items = [u for u in units if isinstance(u, PackItem)]
    episodes = [u for u in units if isinstance(u, Unit)]
    if items and episodes:
        raise CarebenchError("serve episode units or the items of one pack, not both at once")
    if items:
        store.register_units([(i.id, ()) for i in items], kind=pack_kind([i.id for i in items]))
    else:
        store.register_units([(u.id, u.source_ids) for u in episodes])
    env = Environment(loader=PackageLoader("carebench.web", "templates"), autoescape=True)
    env.globals.update(
        actions=[a.value for a in Action],
        list_units=LIST_UNITS,
        text_units=_TEXT_UNITS,
        unit_types=UNIT_TYPES,
        type_names=[t.value for t in DisagreementType],
        fmt=_fmt,
        pct=format_percent,
    )
    app = FastAPI(title="carebench annotation", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.store = store

    async def db(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return await run_in_threadpool(fn, *args, **kwargs)

    def page(name: str, status: int = 200, **context: Any) -> HTMLResponse:
        return HTMLResponse(env.get_template(name).render(**context), status_code=status)

    def is_api(request: Request) -> bool:
        return request.url.path.startswith("/api/")

    @app.middleware("http")
    async def headers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        response = await call_next(request)
        response.headers.update(_HEADERS)
        return response

    @app.exception_handler(_PageError)
    async def page_error(request: Request, exc: _PageError) -> Response:
        if is_api(request):
            extra = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
            return JSONResponse({"detail": exc.message}, exc.status, headers=extra)
        if exc.status == 401:
            return page("login.j2", 401, user=None, error=exc.message)
        return page("error.j2", exc.status, user=None, code=exc.status, error=exc.message)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        return await page_error(request, _PageError(exc.status_code, str(exc.detail)))

    def check_csrf(auth: Auth, supplied: str | None) -> None:
        if auth.csrf is None:
            return
        if not supplied or not hmac.compare_digest(supplied, auth.csrf):
            raise _PageError(403, "missing or wrong CSRF token: reload the page and try again")

    def unit_or_404(uid: str) -> Unit | PackItem:
        unit = by_id.get(uid)
        if unit is None:
            raise _PageError(404, f"no unit {uid!r} is served here")
        return unit

    def adjudicator_only(auth: Auth) -> None:
        if auth.user.role != "adjudicator":
            raise _PageError(403, "only the adjudicator may see this")

    def status_of(user: User, uid: str, labels: list[StoredLabel], adjudicated: set[str]) -> str:
        submitted = sum(label.submitted for label in labels)
        if user.role == "adjudicator":
            done = " (adjudicated)" if uid in adjudicated else ""
            return f"{submitted} of 2 submitted{done}"
        mine = next((label for label in labels if label.user.id == user.id), None)
        if mine is not None:
            return "submitted" if mine.submitted else f"draft (revision {mine.revision})"
        return "taken by two others" if len(labels) >= 2 else "not started"

    async def unit_rows(user: User) -> list[dict[str, Any]]:
        labels: list[StoredLabel] = await db(store.labels)
        adjudicated = {a.unit for a in await db(store.adjudications)}
        per_unit: dict[str, list[StoredLabel]] = {}
        for label in labels:
            per_unit.setdefault(label.unit, []).append(label)
        return [
            {
                "unit": u,
                "kind": "pack" if isinstance(u, PackItem) else "episode",
                "status": status_of(user, u.id, per_unit.get(u.id, []), adjudicated),
            }
            for u in units
        ]

    # ---- sign-in ----

    @app.get("/login", response_class=HTMLResponse)
    async def login_form() -> HTMLResponse:
        return page("login.j2", user=None)

    @app.post("/login")
    async def login(request: Request) -> Response:
        form = await request.form()
        token = str(form.get("token", "")).strip()
        user = await db(store.user_by_token, token) if token else None
        if user is None:
            raise _PageError(401, "wrong token")
        key, _ = await db(store.open_session, user)
        response = RedirectResponse("/", status_code=303)
        response.set_cookie(COOKIE, key, httponly=True, samesite="strict", path="/")
        return response

    @app.post("/logout")
    async def logout(request: Request, auth: Authed) -> Response:
        form = await request.form()
        check_csrf(auth, str(form.get("csrf", "")))
        await db(store.close_session, request.cookies.get(COOKIE, ""))
        response = RedirectResponse("/login", status_code=303)
        response.delete_cookie(COOKIE, path="/")
        return response

    # ---- pages ----

    @app.get("/", response_class=HTMLResponse)
    async def index(request: Request, auth: Authed) -> HTMLResponse:
        rows = await unit_rows(auth.user)
        return page("index.j2", user=auth.user, csrf=auth.csrf, rows=rows)

    def label_values(labels: UnitLabels | None) -> dict[str, Any]:
        if labels is None:
            empty: dict[str, Any] = {name: [] for name in LIST_UNITS}
            return {**empty, "primary": None, "acceptable": [], "note": ""}
        data = labels.model_dump(mode="json")
        return data

    def form_values(form: Any, prefix: str = "") -> dict[str, Any]:
        values: dict[str, Any] = {
            "primary": str(form.get(prefix + "primary", "")),
            "acceptable": [str(a) for a in form.getlist(prefix + "acceptable")],
            "admissible_sources": [str(s) for s in form.getlist(prefix + "admissible_sources")],
            "note": str(form.get(prefix + "note", "")).replace("\r\n", "\n"),
        }
        for name in _TEXT_UNITS:
            values[name] = str(form.get(prefix + name, "")).splitlines()
        return values

    def labels_from_values(values: dict[str, Any], unit: Unit) -> UnitLabels:
        if not values["primary"]:
            raise CarebenchError("choose a primary action")
        lists = {name: values[name] for name in LIST_UNITS}
        return make_labels(values["primary"], values["acceptable"], lists, values["note"], unit)

    async def annotator_page(
        auth: Auth,
        unit: Unit,
        status: int = 200,
        values: dict[str, Any] | None = None,
        **extra: Any,
    ) -> HTMLResponse:
        labels: list[StoredLabel] = await db(store.labels, unit.id)
        mine = next((label for label in labels if label.user.id == auth.user.id), None)
        seen = visible_labels(auth.user, labels)
        others = [label for label in seen if label.user.id != auth.user.id]
        blocked = (
            "Two other annotators already label this unit."
            if mine is None and len(labels) >= 2
            else None
        )
        if values is None:
            values = label_values(_as_unit_labels(mine.labels) if mine else None)
        return page(
            "unit.j2",
            status,
            user=auth.user,
            csrf=auth.csrf,
            unit=unit,
            mine=mine,
            others=others,
            blocked=blocked,
            values=values,
            **extra,
        )

    async def adjudicator_page(
        auth: Auth,
        unit: Unit,
        status: int = 200,
        values: dict[str, Any] | None = None,
        **extra: Any,
    ) -> HTMLResponse:
        pair = visible_labels(auth.user, await db(store.labels, unit.id))
        found = await db(store.adjudications, unit.id)
        adjudication = found[0] if found else None
        context: dict[str, Any] = {"pair": pair, "adjudication": adjudication}
        if len(pair) == 2:
            a, b = _as_unit_labels(pair[0].labels), _as_unit_labels(pair[1].labels)
            context["differing"] = differing_units(a, b)
            context["types"] = {t: allowed_types(a, b, t) for t in UNIT_TYPES}
            if adjudication is not None:
                chosen = {k: v.value for k, v in adjudication.disagreements.items()}
                default = label_values(_as_unit_labels(adjudication.final))
            else:
                chosen = {t: "" for t in UNIT_TYPES}
                chosen["decision"] = structural_type(a, b).value
                for t in LIST_UNITS:
                    if t not in context["differing"]:
                        chosen[t] = DisagreementType.NONE.value
                default = label_values(None)
                if "decision" not in context["differing"]:
                    default["primary"] = a.primary.value
                    default["acceptable"] = [x.value for x in a.acceptable]
                for t in LIST_UNITS:
                    theirs = {normalize_item(x) for x in getattr(b, t)}
                    default[t] = [x for x in getattr(a, t) if normalize_item(x) in theirs]
            context["chosen"] = extra.pop("chosen", None) or chosen
            context["values"] = values or default
        return page(
            "adjudicate.j2", status, user=auth.user, csrf=auth.csrf, unit=unit, **context, **extra
        )

    @app.get("/units/{uid}", response_class=HTMLResponse)
    async def unit_page(request: Request, uid: str, auth: Authed) -> HTMLResponse:
        unit = unit_or_404(uid)
        saved = request.query_params.get("saved")
        message = {"draft": "Draft saved.", "submitted": "Submitted.", "adjudicated": "Saved."}.get(
            saved or ""
        )
        if isinstance(unit, PackItem):
            return await pack_page(auth, unit, message=message)
        if auth.user.role == "adjudicator":
            return await adjudicator_page(auth, unit, message=message)
        return await annotator_page(auth, unit, message=message)

    @app.post("/units/{uid}/label", response_model=None)
    async def label_form(request: Request, uid: str, auth: Authed) -> Response:
        form = await request.form()
        check_csrf(auth, str(form.get("csrf", "")))
        unit = unit_or_404(uid)
        submit = form.get("action") == "submit"
        if isinstance(unit, PackItem):
            return await pack_label_form(auth, unit, form, submit)
        values = form_values(form)
        try:
            labels = labels_from_values(values, unit)
            await db(store.save_label, unit.id, auth.user, labels, submit=submit)
        except AnnotationConflict as exc:
            return await annotator_page(auth, unit, 409, values=values, error=str(exc))
        except (CarebenchError, ValidationError) as exc:
            return await annotator_page(auth, unit, 422, values=values, error=_message(exc))
        state = "submitted" if submit else "draft"
        return RedirectResponse(f"/units/{unit.id}?saved={state}", status_code=303)

    @app.post("/units/{uid}/adjudicate", response_model=None)
    async def adjudicate_form(request: Request, uid: str, auth: Authed) -> Response:
        form = await request.form()
        check_csrf(auth, str(form.get("csrf", "")))
        adjudicator_only(auth)
        unit = unit_or_404(uid)
        if isinstance(unit, PackItem):
            return await pack_adjudicate_form(auth, unit, form)
        values = form_values(form, "final_")
        chosen = {t: str(form.get(f"type_{t}", "")) for t in UNIT_TYPES}
        try:
            await save_adjudication(auth.user, unit, values, chosen)
        except AnnotationConflict as exc:
            return await adjudicator_page(auth, unit, 409, values, chosen=chosen, error=str(exc))
        except (CarebenchError, ValidationError) as exc:
            return await adjudicator_page(
                auth, unit, 422, values, chosen=chosen, error=_message(exc)
            )
        return RedirectResponse(f"/units/{unit.id}?saved=adjudicated", status_code=303)

    async def save_adjudication(
        user: User, unit: Unit, values: dict[str, Any], chosen: dict[str, str]
    ) -> int:
        pair = visible_labels(user, await db(store.labels, unit.id))
        if len(pair) < 2:
            raise AnnotationConflict(f"{unit.id}: {len(pair)} of 2 labels submitted so far")
        final = labels_from_values(values, unit)
        kinds = check_disagreements(
            _as_unit_labels(pair[0].labels), _as_unit_labels(pair[1].labels), chosen
        )
        revision: int = await db(store.save_adjudication, unit.id, user, final, kinds)
        return revision

    # ---- judge-validation pack items ----

    def pack_values(labels: JudgeLabel | None) -> dict[str, str]:
        return {"verdict": "", "note": ""} if labels is None else labels.model_dump(mode="json")

    async def pack_page(
        auth: Auth,
        item: PackItem,
        status: int = 200,
        values: dict[str, str] | None = None,
        **extra: Any,
    ) -> HTMLResponse:
        labels: list[StoredLabel] = await db(store.labels, item.id)
        seen = visible_labels(auth.user, labels)
        context: dict[str, Any] = {"item": item, "pair": seen}
        if auth.user.role == "adjudicator":
            found = await db(store.adjudications, item.id)
            adjudication = found[0] if found else None
            context["adjudication"] = adjudication
            if len(seen) == 2:
                a, b = (_as_verdict(x.labels) for x in seen)
                context["types"] = allowed_pack_types(a, b)
                context["differs"] = a.verdict != b.verdict
                if adjudication is not None:
                    default = pack_values(_as_verdict(adjudication.final))
                    chosen = adjudication.disagreements["verdict"].value
                else:
                    agreed = a.verdict if a.verdict == b.verdict else ""
                    default = {"verdict": agreed, "note": ""}
                    chosen = "" if context["differs"] else DisagreementType.NONE.value
                context["values"] = values or default
                context["chosen"] = extra.pop("chosen", None) or chosen
            return page(
                "pack_adjudicate.j2", status, user=auth.user, csrf=auth.csrf, **context, **extra
            )
        mine = next((x for x in labels if x.user.id == auth.user.id), None)
        context["mine"] = mine
        context["others"] = [x for x in seen if x.user.id != auth.user.id]
        context["blocked"] = (
            "Two other annotators already label this item."
            if mine is None and len(labels) >= 2
            else None
        )
        context["values"] = values or pack_values(_as_verdict(mine.labels) if mine else None)
        return page("pack_item.j2", status, user=auth.user, csrf=auth.csrf, **context, **extra)

    async def pack_label_form(auth: Auth, item: PackItem, form: Any, submit: bool) -> Response:
        values = {"verdict": str(form.get("verdict", "")), "note": str(form.get("note", ""))}
        try:
            label = make_judge_label(values["verdict"] or None, values["note"])
            await db(store.save_label, item.id, auth.user, label, submit=submit)
        except AnnotationConflict as exc:
            return await pack_page(auth, item, 409, values, error=str(exc))
        except CarebenchError as exc:
            return await pack_page(auth, item, 422, values, error=str(exc))
        state = "submitted" if submit else "draft"
        return RedirectResponse(f"/units/{item.id}?saved={state}", status_code=303)

    async def pack_adjudicate_form(auth: Auth, item: PackItem, form: Any) -> Response:
        values = {
            "verdict": str(form.get("final_verdict", "")),
            "note": str(form.get("final_note", "")),
        }
        chosen = str(form.get("type_verdict", ""))
        try:
            final = make_judge_label(values["verdict"] or None, values["note"])
            await save_pack_adjudication(auth.user, item, final, {"verdict": chosen})
        except AnnotationConflict as exc:
            return await pack_page(auth, item, 409, values, chosen=chosen, error=str(exc))
        except CarebenchError as exc:
            return await pack_page(auth, item, 422, values, chosen=chosen, error=str(exc))
        return RedirectResponse(f"/units/{item.id}?saved=adjudicated", status_code=303)

    async def save_pack_adjudication(
        user: User, item: PackItem, final: JudgeLabel, chosen: dict[str, str]
    ) -> int:
        pair = visible_labels(user, await db(store.labels, item.id))
        if len(pair) < 2:
            raise AnnotationConflict(f"{item.id}: {len(pair)} of 2 labels submitted so far")
        a, b = (_as_verdict(x.labels) for x in pair)
        kinds = check_pack_disagreements(a, b, chosen)
        revision: int = await db(store.save_adjudication, item.id, user, final, kinds)
        return revision

    @app.get("/agreement", response_class=HTMLResponse)
    async def agreement_page(request: Request, auth: Authed) -> HTMLResponse:
        adjudicator_only(auth)
        return page(
            "agreement.j2", user=auth.user, csrf=auth.csrf, data=await db(agreement_json, store)
        )

    @app.get("/export.zip")
    async def export_zip(request: Request, auth: Authed) -> Response:
        adjudicator_only(auth)
        files: dict[str, str] = await db(release_files, store)
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, text in sorted(files.items()):
                archive.writestr(name, text)
        return Response(
            buffer.getvalue(),
            media_type="application/zip",
            headers={"Content-Disposition": 'attachment; filename="carebench-annotations.zip"'},
        )

    # ---- JSON API ----

    def label_json(label: StoredLabel) -> dict[str, Any]:
        return {
            "annotator": label.user.name,
            "claim": label.claim,
            "submitted": label.submitted,
            "revision": label.revision,
            "labels": label.labels.model_dump(mode="json"),
        }

    @app.get("/api/me")
    async def api_me(request: Request, auth: Authed) -> dict[str, Any]:
        return {"name": auth.user.name, "role": auth.user.role, "csrf": auth.csrf}

    @app.get("/api/units")
    async def api_units(request: Request, auth: Authed) -> list[dict[str, Any]]:
        return [
            {"unit": r["unit"].id, "kind": r["kind"], "status": r["status"]}
            | ({} if r["kind"] == "pack" else {"task_class": r["unit"].task_class.value})
            for r in await unit_rows(auth.user)
        ]

    @app.get("/api/units/{uid}")
    async def api_unit(request: Request, uid: str, auth: Authed) -> dict[str, Any]:
        unit = unit_or_404(uid)
        if isinstance(unit, PackItem):
            return {
                "unit": unit.id,
                "kind": "pack",
                "question": unit.question,
                "transcript": unit.transcript,
            }
        return {
            "unit": unit.id,
            "kind": "episode",
            "seed": unit.seed_id,
            "variant": unit.variant.value,
            "task_class": unit.task_class.value,
            "topic": unit.topic,
            "transcript": unit.transcript,
            "sources": [{"id": s.id, "text": s.text} for s in unit.sources],
        }

    @app.post("/api/units/{uid}/label")
    async def api_label(request: Request, uid: str, body: LabelIn, auth: Authed) -> dict[str, Any]:
        check_csrf(auth, request.headers.get("x-csrf-token"))
        unit = unit_or_404(uid)
        raw = body.labels
        labels: UnitLabels | JudgeLabel
        try:
            if isinstance(unit, PackItem):
                unknown = sorted(set(raw) - {"verdict", "note"})
                if unknown:
                    raise CarebenchError(f"unknown field(s) {unknown}; expected verdict and note")
                labels = make_judge_label(raw.get("verdict"), raw.get("note", ""))
                revision = await db(
                    store.save_label, unit.id, auth.user, labels, submit=body.submit
                )
                return {"unit": unit.id, "revision": revision, "submitted": body.submit}
            lists = {name: _str_list(raw.get(name, []), name) for name in LIST_UNITS}
            labels = make_labels(
                str(raw.get("primary", "")),
                _str_list(raw.get("acceptable", []), "acceptable"),
                lists,
                str(raw.get("note", "")),
                unit,
            )
            revision = await db(store.save_label, unit.id, auth.user, labels, submit=body.submit)
        except AnnotationConflict as exc:
            raise _PageError(409, str(exc)) from exc
        except (CarebenchError, ValidationError) as exc:
            raise _PageError(422, _message(exc)) from exc
        return {"unit": unit.id, "revision": revision, "submitted": body.submit}

    @app.get("/api/units/{uid}/labels")
    async def api_labels(request: Request, uid: str, auth: Authed) -> dict[str, Any]:
        unit = unit_or_404(uid)
        seen = visible_labels(auth.user, await db(store.labels, unit.id))
        return {"unit": unit.id, "labels": [label_json(label) for label in seen]}

    @app.get("/api/units/{uid}/labels/{name}")
    async def api_label_of(request: Request, uid: str, name: str, auth: Authed) -> dict[str, Any]:
        unit = unit_or_404(uid)
        labels = await db(store.labels, unit.id)
        if auth.user.role != "adjudicator" and name != auth.user.name:
            mine = any(label.user.id == auth.user.id for label in labels)
            if not (mine and sum(label.submitted for label in labels) == 2):
                raise _PageError(
                    403, "blinded: another annotator's label is hidden until both submit"
                )
        seen = [label for label in visible_labels(auth.user, labels) if label.user.name == name]
        if not seen:
            raise _PageError(404, f"no label of {name!r} on {unit.id} that you may see")
        return label_json(seen[0])

    @app.get("/api/units/{uid}/adjudication")
    async def api_adjudication(request: Request, uid: str, auth: Authed) -> dict[str, Any]:
        adjudicator_only(auth)
        unit = unit_or_404(uid)
        found = await db(store.adjudications, unit.id)
        if not found:
            raise _PageError(404, f"{unit.id} is not adjudicated yet")
        return {
            "unit": unit.id,
            "revision": found[0].revision,
            "final": found[0].final.model_dump(mode="json"),
            "disagreements": {k: v.value for k, v in found[0].disagreements.items()},
        }

    @app.post("/api/units/{uid}/adjudication")
    async def api_adjudicate(
        request: Request, uid: str, body: AdjudicationIn, auth: Authed
    ) -> dict[str, Any]:
        check_csrf(auth, request.headers.get("x-csrf-token"))
        adjudicator_only(auth)
        unit = unit_or_404(uid)
        raw = body.final
        try:
            if isinstance(unit, PackItem):
                final = make_judge_label(raw.get("verdict"), raw.get("note", ""))
                revision = await save_pack_adjudication(auth.user, unit, final, body.disagreements)
                return {"unit": unit.id, "revision": revision}
            values = {
                "primary": str(raw.get("primary", "")),
                "acceptable": _str_list(raw.get("acceptable", []), "acceptable"),
                "note": str(raw.get("note", "")),
                **{name: _str_list(raw.get(name, []), name) for name in LIST_UNITS},
            }
            revision = await save_adjudication(auth.user, unit, values, body.disagreements)
        except AnnotationConflict as exc:
            raise _PageError(409, str(exc)) from exc
        except (CarebenchError, ValidationError) as exc:
            raise _PageError(422, _message(exc)) from exc
        return {"unit": unit.id, "revision": revision}

    @app.get("/api/agreement")
    async def api_agreement(request: Request, auth: Authed) -> dict[str, object]:
        adjudicator_only(auth)
        result: dict[str, object] = await db(agreement_json, store)
        return result

    return app


def _as_unit_labels(labels: UnitLabels | JudgeLabel) -> UnitLabels:
    if not isinstance(labels, UnitLabels):
        raise CarebenchError("this database holds pack verdicts where episode labels belong")
    return labels


def _as_verdict(labels: UnitLabels | JudgeLabel) -> JudgeLabel:
    if not isinstance(labels, JudgeLabel):
        raise CarebenchError("this database holds episode labels where pack verdicts belong")
    return labels


def _str_list(value: object, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise CarebenchError(f"{what}: expected a list of strings")
    return list(value)


def _message(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "labels"
        return f"{where}: {first['msg']}"
    return str(exc)


def check_port(host: str, port: int) -> None:
    """Bind ``host:port`` once (as uvicorn will, address reuse on) and release it.

    Raises:
        CarebenchError: the host does not resolve, or the port is in use or not bindable; the
            message names the port and ``--port``.
    """
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, IndexError) as exc:
        raise CarebenchError(f"--host {host!r}: cannot resolve it ({exc})") from exc
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise CarebenchError(
                    f"port {port} on {host} is already in use (another server?); choose a free "
                    "one with --port"
                ) from exc
            raise CarebenchError(
                f"cannot serve on {host}:{port} ({exc.strerror}); choose another --port or --host"
            ) from exc


def serve(app: FastAPI, host: str = "127.0.0.1", port: int = 8765) -> None:
    """Serve ``app`` (from :func:`create_app`) with uvicorn until interrupted."""
    import uvicorn

    uvicorn.run(app, host=host, port=port, log_level="warning")
