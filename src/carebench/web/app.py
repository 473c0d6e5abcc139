"""The annotation and adjudication app: FastAPI over the annotation database.

Security conventions (each one tested):

* Sign-in takes a person's token (``carebench annotate user add``) in a form and sets a session
  cookie (HttpOnly, SameSite=Strict, ``Secure`` over HTTPS or when told; :mod:`carebench.web.auth`);
  the JSON API also takes ``Authorization: Bearer <token>``. A wrong, missing, expired or revoked
  credential is a 401, on pages (with the sign-in form) and on the API.
* Every POST made with the session cookie must carry the session's CSRF token (form field
  ``csrf``, or header ``X-CSRF-Token`` on the API); Bearer requests carry no ambient credential
  and need none. A state-changing request from another site, sign-in included, is refused before
  any route runs, and so is a body over the size bound (:mod:`carebench.web.guard`).
* Blinding: an annotator never receives another annotator's label, on any page or API route,
  until both have submitted (:func:`carebench.protocol.annotation_store.visible_labels`); only the
  adjudicator sees both, and only the adjudicator reads agreement and the export. The adjudicator
  labels nothing (403).
* No episode or annotator text is rendered as HTML: Jinja2 autoescaping everywhere, no script at
  all, and a Content-Security-Policy that forbids scripts. Every answer, errors included, carries
  the security headers; a body that does not validate (text that is not Unicode, a number out of
  range) is a 422 naming the field, never a 500.

The app serves one of two kinds of unit, on the same routes and under the same rules
(:mod:`carebench.web.kinds`): episode units (:class:`carebench.protocol.annotation.Unit`) or the
items of an interruption study's judge-validation pack
(:class:`carebench.interruptions.validation.PackItem`). On the API a pack item's label is
``{"verdict": "pass", "note": "..."}`` and its adjudication ``{"final": {"verdict": ...},
"disagreements": {"verdict": TYPE}}``. The routers: :mod:`~carebench.web.auth` (sign-in),
:mod:`~carebench.web.pages` (HTML), :mod:`~carebench.web.api` (JSON).
"""

from __future__ import annotations

import errno
import json
import socket
from collections.abc import Sequence

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from jinja2 import Environment, PackageLoader

from carebench.episodes.review import LIST_UNITS, UNIT_TYPES, DisagreementType
from carebench.episodes.schema import Action
from carebench.errors import CarebenchError, error_message
from carebench.interruptions.validation import PackItem
from carebench.protocol.annotation import Unit
from carebench.protocol.annotation_kind import format_coefficient, format_percent
from carebench.protocol.annotation_store import AnnotationStore
from carebench.web import api, auth, pages
from carebench.web.core import PageError, Served
from carebench.web.guard import MAX_BODY_BYTES, SECURITY_HEADERS, Guard
from carebench.web.kinds import TEXT_UNITS, unit_kind

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _environment() -> Environment:
    env = Environment(loader=PackageLoader("carebench.web", "templates"), autoescape=True)
    env.globals.update(
        actions=[a.value for a in Action],
        list_units=LIST_UNITS,
        text_units=TEXT_UNITS,
        unit_types=UNIT_TYPES,
        type_names=[t.value for t in DisagreementType],
        fmt=format_coefficient,
        pct=format_percent,
    )
    return env


def _printable(text: str) -> str:
    """``text`` with anything UTF-8 cannot encode (a lone surrogate) escaped."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _handlers(app: FastAPI, state: Served) -> None:
    async def page_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, PageError)
        message = _printable(exc.message)
        if request.url.path.startswith("/api/"):
            extra = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
            return JSONResponse({"detail": message}, exc.status, headers=extra)
        if exc.status == 401:
            return state.page("login.j2", 401, user=None, error=message)
        return state.page("error.j2", exc.status, user=None, code=exc.status, error=message)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return await page_error(request, PageError(exc.status_code, str(exc.detail)))

    async def invalid_body(request: Request, exc: Exception) -> Response:
        # FastAPI's own answer echoes the input, which JSON cannot hold when it is inf or a lone
        # surrogate (a 500); name the field and what is wrong instead
        assert isinstance(exc, RequestValidationError)
        errors = exc.errors()
        first = errors[0] if errors else {"loc": (), "msg": "invalid body"}
        where = ".".join(str(p) for p in first["loc"]) or "body"
        return await page_error(request, PageError(422, f"{where}: {error_message(first)}"))

    async def internal(request: Request, exc: Exception) -> Response:
        body = json.dumps({"detail": f"internal error: {type(exc).__name__}"})
        return Response(body, 500, headers=SECURITY_HEADERS, media_type="application/json")

    app.add_exception_handler(PageError, page_error)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(RequestValidationError, invalid_body)
    app.add_exception_handler(Exception, internal)


def create_app(
    store: AnnotationStore,
    units: Sequence[Unit] | Sequence[PackItem],
    *,
    secure_cookies: bool = False,
    max_body: int = MAX_BODY_BYTES,
) -> FastAPI:
    """The app serving ``units`` over ``store`` (the units are registered in the store).

    Args:
        store: the annotation database.
        units: episode units, or the items of one judge-validation pack.
        secure_cookies: always mark the session cookie ``Secure`` (the app is reached over TLS).
        max_body: the largest request body accepted, in bytes.

    Raises:
        CarebenchError: both kinds of unit, or the store already holds units of the other kind,
            or another pack's items.
    """
    kind = unit_kind(units)
    kind.register(store, units)
    state = Served(
        store, kind, tuple(units), {u.id: u for u in units}, _environment(), secure_cookies
    )
    app = FastAPI(title="carebench annotation", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.served = state
    app.state.store = store
    for router in (auth.router, pages.router, api.router):
        app.include_router(router)
    _handlers(app, state)
    app.add_middleware(Guard, max_body=max_body)
    return app


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine only (then nothing travels over a network)."""
    return host in LOOPBACK or host.startswith("127.")


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
