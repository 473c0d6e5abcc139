"""Sign-in and sign-out: the token form, the session cookie.

The cookie is HttpOnly, SameSite=Strict, lasts the session's lifetime
(:data:`carebench.protocol.annotation_store.SESSION_LIFETIME_S`) and is ``Secure`` when the app is
told so (``serve --secure-cookies``, implied off loopback) or the request came over HTTPS (its
own scheme, or ``X-Forwarded-Proto: https`` from a TLS proxy). A sign-in from another site is
refused before this router sees it (:mod:`carebench.web.guard`).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from carebench.protocol.annotation_store import SESSION_LIFETIME_S
from carebench.web.core import COOKIE, Authed, PageError, State, check_csrf, db

router = APIRouter()


def over_https(request: Request) -> bool:
    """Whether ``request`` reached the app (or its TLS proxy) over HTTPS."""
    forwarded = request.headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    return request.url.scheme == "https" or forwarded == "https"


@router.get("/login", response_class=HTMLResponse)
async def login_form(state: State) -> HTMLResponse:
    """The sign-in form."""
    return state.page("login.j2", user=None)


@router.post("/login")
async def login(request: Request, state: State) -> Response:
    """Sign in with a token: a session cookie, then the unit list (a 401 for a wrong token)."""
    form = await request.form()
    token = str(form.get("token", "")).strip()
    user = await db(state.store.user_by_token, token) if token else None
    if user is None:
        raise PageError(401, "wrong token")
    key, _ = await db(state.store.open_session, user)
    response = RedirectResponse("/", status_code=303)
    response.set_cookie(
        COOKIE,
        key,
        max_age=SESSION_LIFETIME_S,
        httponly=True,
        samesite="strict",
        secure=state.secure_cookies or over_https(request),
        path="/",
    )
    return response


@router.post("/logout")
async def logout(request: Request, auth: Authed, state: State) -> Response:
    """Sign out: the session ends on the server, the cookie is dropped."""
    form = await request.form()
    check_csrf(auth, str(form.get("csrf", "")))
    await db(state.store.close_session, request.cookies.get(COOKIE, ""))
    response = RedirectResponse("/login", status_code=303)
    response.delete_cookie(COOKIE, path="/")
    return response
