"""What every router of the app shares: who is asking, the served units, errors and page rendering."""

from __future__ import annotations

import hmac
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from carebench.errors import first_error
from carebench.protocol.annotation_store import AnnotationStore, User
from carebench.web.kinds import AnyUnit, UnitKind

COOKIE = "carebench_session"


@dataclass(frozen=True)
class Auth:
    """Who made a request and how: ``csrf`` is the session's token (None for Bearer requests)."""

    user: User
    csrf: str | None


class PageError(Exception):
    """An error shown on a page with the given status (JSON on the API)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Served:
    """The app's state: the store, the units served and their kind, the templates.

    ``secure_cookies``: the session cookie always gets ``Secure`` (else only on an HTTPS request,
    or one a proxy marks ``X-Forwarded-Proto: https``).
    """

    store: AnnotationStore
    kind: UnitKind
    units: tuple[AnyUnit, ...]
    by_id: dict[str, AnyUnit]
    env: Environment
    secure_cookies: bool

    def unit(self, uid: str) -> AnyUnit:
        """The served unit ``uid`` (a 404 otherwise)."""
        unit = self.by_id.get(uid)
        if unit is None:
            raise PageError(404, f"no unit {uid!r} is served here")
        return unit

    def page(self, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        """Template ``name`` rendered (autoescaped) with ``context``."""
        return HTMLResponse(self.env.get_template(name).render(**context), status_code=status)


def served(request: Request) -> Served:
    """The app's :class:`Served` state (a FastAPI dependency)."""
    state: Served = request.app.state.served
    return state


async def db(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)`` (a store call) in the thread pool, off the event loop."""
    return await run_in_threadpool(fn, *args, **kwargs)


async def authenticate(request: Request) -> Auth:
    """Who sent ``request``: a Bearer token, else the session cookie (a 401 otherwise)."""
    store = served(request).store
    header = request.headers.get("authorization", "")
    if header:
        scheme, _, token = header.partition(" ")
        user = None
        if scheme.lower() == "bearer" and token.strip():
            user = await db(store.user_by_token, token.strip())
        if user is None:
            raise PageError(401, "wrong token: sign in with the token you were given")
        return Auth(user, None)
    key = request.cookies.get(COOKIE)
    session = await db(store.session, key) if key else None
    if session is None:
        raise PageError(401, "sign in with your token")
    return Auth(*session)


Authed = Annotated[Auth, Depends(authenticate)]
State = Annotated[Served, Depends(served)]


def check_csrf(auth: Auth, supplied: str | None) -> None:
    """Refuse (403) a cookie request whose CSRF token is missing or wrong; Bearer needs none."""
    if auth.csrf is None:
        return
    if not supplied or not hmac.compare_digest(supplied, auth.csrf):
        raise PageError(403, "missing or wrong CSRF token: reload the page and try again")


def adjudicator_only(auth: Auth) -> None:
    """Refuse (403) anyone but the adjudicator."""
    if auth.user.role != "adjudicator":
        raise PageError(403, "only the adjudicator may see this")


def annotator_only(auth: Auth) -> None:
    """Refuse (403) anyone but an annotator (the adjudicator labels nothing)."""
    if auth.user.role != "annotator":
        raise PageError(403, f"only annotators label units; {auth.user.name} is the adjudicator")


def message_of(exc: Exception) -> str:
    """A one-line message of a validation error (the field, then what is wrong)."""
    if isinstance(exc, ValidationError):
        where, message = first_error(exc, "labels")
        return f"{where}: {message}"
    return str(exc)
