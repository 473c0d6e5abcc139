"""The app's outer guard (ASGI middleware), applied before any route, authentication included.

* Every response gets the security headers (:data:`SECURITY_HEADERS`).
* A request body is bounded: a ``Content-Length`` over :data:`MAX_BODY_BYTES` is refused (413)
  before a byte of the body is read, and a body without one (chunked) is read only up to the
  bound, then refused; nothing larger is ever held in memory.
* A state-changing request (any method but GET, HEAD and OPTIONS) from another site is refused
  (403): one a browser marks ``Sec-Fetch-Site: cross-site`` / ``same-site``, or, from a browser
  that sends no ``Sec-Fetch-Site``, one whose ``Origin`` is ``null`` or names another host than
  the request's ``Host`` (or ``X-Forwarded-Host``). Browsers send ``Origin`` on every cross-origin
  POST, so this is what stops a page elsewhere from signing someone in (login CSRF); clients
  that are no browser (curl, scripts) send neither header and are not affected.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY_BYTES = 1024 * 1024
"""The largest request body accepted (1 MiB; a label at every size limit is about 0.3 MB of ASCII)."""
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    # same-origin, not no-referrer: under no-referrer a browser sends ``Origin: null`` on the
    # app's own forms, which the cross-site check could not tell from a foreign page's
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}
_SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
_DEFAULT_PORTS = {"http": "80", "https": "443"}


def refusal(scope: Scope, status: int, message: str) -> Response:
    """A refusal with the security headers: JSON ``{"detail"}`` on the API, text elsewhere."""
    if str(scope.get("path", "")).startswith("/api/"):
        body, media = json.dumps({"detail": message}), "application/json"
    else:
        body, media = message + "\n", "text/plain; charset=utf-8"
    return Response(body, status, headers=SECURITY_HEADERS, media_type=media)


def _host(netloc: str, scheme: str) -> str:
    """``host[:port]`` case-folded, the scheme's default port dropped."""
    host = netloc.strip().lower()
    default = _DEFAULT_PORTS.get(scheme)
    if default and host.endswith(":" + default):
        host = host[: -len(default) - 1]
    return host


def cross_site(headers: Headers) -> str | None:
    """Why a state-changing request with these headers comes from another site (None if not)."""
    site = headers.get("sec-fetch-site", "").lower()
    if site in ("cross-site", "same-site"):
        return f"Sec-Fetch-Site: {site}"
    if site in ("same-origin", "none"):
        return None  # a browser that says so (every current one) is believed
    origin = headers.get("origin")
    if origin is None:
        return None
    if origin.strip().lower() == "null":
        return "Origin: null"
    parts = urlsplit(origin.strip())
    own = {_host(h, parts.scheme) for h in (headers.get("host"), headers.get("x-forwarded-host"))
           if h}  # fmt: skip
    if not parts.netloc or _host(parts.netloc, parts.scheme) not in own:
        return f"Origin {origin!r} is not this server"
    return None


class Guard:
    """The middleware of the module doc, around the whole app."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY_BYTES) -> None:
        """Guard ``app``; bodies over ``max_body`` bytes are refused."""
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse or pass the request on, adding the security headers to the answer."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        why = None if scope["method"] in _SAFE_METHODS else cross_site(headers)
        if why is not None:
            message = f"refused: a request from another site ({why})"
            await refusal(scope, 403, message)(scope, receive, send)
            return
        length = headers.get("content-length")
        if length is not None and (not length.strip().isdigit() or int(length) > self.max_body):
            status = 413 if length.strip().isdigit() else 400
            message = f"request body over {self.max_body} bytes" if status == 413 else (
                "Content-Length: expected a number of bytes")  # fmt: skip
            await refusal(scope, status, message)(scope, receive, send)
            return
        body = await self._read(receive)
        if body is None:
            message = f"request body over {self.max_body} bytes"
            await refusal(scope, 413, message)(scope, receive, send)
            return
        await self.app(scope, _replay(body, receive), _with_headers(send))

    async def _read(self, receive: Receive) -> bytes | None:
        """The whole body, or None as soon as it passes the bound (the rest is never read)."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break  # the client went away; the app sees an empty body
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay


def _with_headers(send: Send) -> Send:
    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            names = {k.lower() for k, _ in message.get("headers", [])}
            extra = [
                (k.lower().encode("latin-1"), v.encode("latin-1"))
                for k, v in SECURITY_HEADERS.items()
                if k.lower().encode("latin-1") not in names
            ]
            message = {**message, "headers": [*message.get("headers", []), *extra]}
        await send(message)

    return wrapped
