"""A real OpenAI-compatible HTTP server with scripted answers and injectable faults.

It answers ``POST /v1/chat/completions`` (and ``GET /v1/models``; ``GET /stats`` gives the number
of completions requested so far, ``{"requests": n}``) on 127.0.0.1. Each request takes
the next entry of a *plan*, cycling:

    ok         a completion whose content is a valid decision JSON
    500        HTTP 500
    429        HTTP 429 (rate limited)
    timeout    sleeps ``hang_s`` seconds before answering ok (the client should time out first)
    truncated  HTTP 200, but the message content is truncated JSON (an invalid model output)
    badbody    HTTP 200 with a response body that is not valid JSON (a broken server)
    nochoices  HTTP 200 with valid JSON that holds an error instead of ``choices`` (as some
               proxies answer when the model behind them fails)
    reject400  HTTP 400 mentioning response_format if the request has one, else ok (a server
               that does not support structured output)
    rejectextra  HTTP 400 naming ``chat_template_kwargs`` or ``reasoning_effort`` if the request
               carries one (a server that accepts no reasoning switch, like OpenAI's API for
               chat_template_kwargs), else ok
    deepnest   HTTP 200 whose body is :data:`DEEP` arrays nested in one another (hostile JSON)
    hugebody   HTTP 200 streaming :data:`HUGE_BYTES` bytes without a Content-Length (a body too
               large to hold: the client must stop reading)
    hugeoutput HTTP 200, a well-formed completion whose content is :data:`HUGE_OUTPUT_CHARS`
               characters (a runaway model output)
    slowloris  HTTP 200 that trickles one byte every 0.1 s for ``hang_s`` seconds, never a
               complete body (only a total deadline cuts it)
    varied     a valid decision that is a function of the request's messages (action and
               confidence from their SHA-256, see :func:`varied_answer`), so two clients that send
               the same prompt get the same decision and different prompts get different ones

From Python, ``make_app(respond=f)`` makes ``ok`` (and ``truncated``) answer with the content
``f(request_body)`` instead: a test's model (a claim judge that obeys injected instructions, say)
behind a real HTTP server.

Use it from tests (:func:`serve_in_thread`) or as a process (:func:`spawn` from Python)::

    python -m carebench.testing.openai_stub --port 8765 --plan ok

It needs starlette and uvicorn, which the ``stub`` extra installs
(``pip install 'carebench[stub]'``); without them every entry point raises
:class:`StubDependencyError` saying so (``main`` prints it and exits 2).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import itertools
import json
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from importlib import import_module
from typing import Any

from carebench.errors import CarebenchError

ANSWER = {"action": "Escalate", "confidence": 0.9, "reason": "scripted stub answer"}
MODES = (
    "ok",
    "500",
    "429",
    "timeout",
    "truncated",
    "badbody",
    "nochoices",
    "reject400",
    "rejectextra",
    "varied",
    "deepnest",
    "hugebody",
    "hugeoutput",
    "slowloris",
)
#: Nesting depth of the ``deepnest`` body.
DEEP = 100_000
#: Bytes the ``hugebody`` mode streams (1 GiB, generated lazily, 1 MiB per chunk).
HUGE_BYTES = 1024**3
#: Characters of the ``hugeoutput`` content (4 MB: within a client's body cap, far over a
#: record's stored text).
HUGE_OUTPUT_CHARS = 4_000_000
_REASONING_FIELDS = ("chat_template_kwargs", "reasoning_effort")
SERVER_MODULES = ("starlette", "uvicorn")


class StubDependencyError(CarebenchError):
    """The stub server's optional dependencies (the ``stub`` extra) are not installed."""


def require_server_dependencies() -> None:
    """Raise :class:`StubDependencyError` unless starlette and uvicorn can be imported."""
    missing = []
    for name in SERVER_MODULES:
        try:
            import_module(name)
        except ImportError:
            missing.append(name)
    if missing:
        raise StubDependencyError(
            f"the stub server needs {' and '.join(SERVER_MODULES)} (not installed: "
            f"{', '.join(missing)}); install the stub extra: pip install 'carebench[stub]'"
        )


_ACTIONS = ("Answer", "Ask_Clarification", "Abstain", "Escalate")


def varied_answer(messages: Any) -> dict[str, Any]:
    """The ``varied`` decision for ``messages``: action and confidence from their SHA-256.

    Only each message's role and text count (content given as a list of text parts is joined), so
    clients that format the same prompt differently on the wire still get the same answer.
    """

    def text(content: Any) -> str:
        if isinstance(content, list):
            return "".join(p.get("text", "") for p in content if isinstance(p, dict))
        return str(content)

    canonical = [[m.get("role"), text(m.get("content"))] for m in messages or []]
    digest = hashlib.sha256(json.dumps(canonical, ensure_ascii=False).encode()).digest()
    return {
        "action": _ACTIONS[digest[0] % 4],
        "confidence": round(0.5 + digest[1] / 512, 3),
        "reason": "varied stub answer",
    }


def _completion(content: str, model: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-stub",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
    }


async def _stream(mode: str, hang_s: float) -> Any:
    """The body of ``hugebody`` (1 GiB in 1 MiB chunks) or ``slowloris`` (a byte per 0.1 s)."""
    if mode == "hugebody":
        chunk = b"[" + b" " * (1024 * 1024 - 1)
        for _ in range(HUGE_BYTES // len(chunk)):
            yield chunk
        return
    end = time.monotonic() + hang_s
    yield b'{"choices": ['
    while time.monotonic() < end:
        await asyncio.sleep(0.1)
        yield b" "


def make_app(
    plan: Sequence[str] = ("ok",),
    hang_s: float = 5.0,
    log: bool = True,
    respond: Callable[[dict[str, Any]], str] | None = None,
) -> Any:
    """The ASGI app.

    With ``log``, ``app.state`` keeps the modes served, request bodies and authorization headers
    (off for benchmarks, where the log would grow without bound). ``respond`` (request body ->
    message content) replaces the answer of the ``ok`` and ``truncated`` modes.
    """
    require_server_dependencies()
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response, StreamingResponse
    from starlette.routing import Route

    unknown = set(plan) - set(MODES)
    if unknown:
        raise ValueError(f"unknown stub modes {sorted(unknown)}; expected {MODES}")
    cycle = itertools.cycle(plan)
    lock = threading.Lock()

    async def chat(request: Request) -> Response:
        body = await request.json()
        with lock:
            mode = next(cycle)
            app.state.requests += 1
            if log:
                app.state.modes.append(mode)
                app.state.bodies.append(body)
                app.state.authorization.append(request.headers.get("authorization"))
        model = body.get("model", "stub")
        if mode == "500":
            return JSONResponse({"error": {"message": "injected failure"}}, status_code=500)
        if mode == "429":
            return JSONResponse({"error": {"message": "slow down"}}, status_code=429)
        if mode == "reject400" and "response_format" in body:
            return JSONResponse(
                {"error": {"message": "response_format is not supported"}}, status_code=400
            )
        extra = next((f for f in _REASONING_FIELDS if f in body), None)
        if mode == "rejectextra" and extra is not None:
            return JSONResponse(
                {"error": {"message": f"Unrecognized request argument supplied: {extra}"}},
                status_code=400,
            )
        if mode == "badbody":
            return Response('{"id": "chatcmpl-stub", "choices": [', media_type="application/json")
        if mode == "nochoices":
            return JSONResponse({"error": {"message": "upstream model overloaded"}})
        if mode == "timeout":
            await asyncio.sleep(hang_s)
        if mode == "deepnest":
            return Response("[" * DEEP + "]" * DEEP, media_type="application/json")
        if mode in ("hugebody", "slowloris"):
            return StreamingResponse(_stream(mode, hang_s), media_type="application/json")
        if mode == "hugeoutput":
            return JSONResponse(_completion("x" * HUGE_OUTPUT_CHARS, model))
        if respond is not None and mode in ("ok", "truncated"):
            content = respond(body)
        else:
            content = json.dumps(
                varied_answer(body.get("messages")) if mode == "varied" else ANSWER
            )
        if mode == "truncated":
            content = content[: len(content) // 2]
        return JSONResponse(_completion(content, model))

    async def models(request: Request) -> Response:
        return JSONResponse({"object": "list", "data": [{"id": "stub", "object": "model"}]})

    async def stats(request: Request) -> Response:
        return JSONResponse({"requests": app.state.requests})

    app = Starlette(
        routes=[
            Route("/v1/chat/completions", chat, methods=["POST"]),
            Route("/v1/models", models, methods=["GET"]),
            Route("/stats", stats, methods=["GET"]),
        ]
    )
    app.state.requests = 0
    app.state.modes = []
    app.state.bodies = []
    app.state.authorization = []
    return app


def free_port() -> int:
    """An unused TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def serve_in_thread(app: Any, port: int | None = None) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1 in a background thread; yields the ``/v1`` base URL."""
    require_server_dependencies()
    import uvicorn

    port = port or free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error", lifespan="off")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the stub server did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def spawn(*args: str, port: int | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """Start the stub as its own process with command-line ``args``; wait until it answers.

    Returns:
        The process (stop it with ``terminate`` or ``kill``) and its ``/v1`` base URL.

    Raises:
        RuntimeError: it did not answer within 20 s.
    """
    port = port or free_port()
    command = [sys.executable, "-m", "carebench.testing.openai_stub", "--port", str(port), *args]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(f"{url}/models", timeout=1):
                return process, url
        except OSError:
            time.sleep(0.05)
    process.kill()
    process.wait()
    raise RuntimeError(f"the stub server on port {port} did not start")


def requests_served(base_url: str) -> int:
    """How many completions the stub at ``base_url`` (its ``/v1`` URL) was asked for."""
    root = base_url.removesuffix("/v1")
    with urllib.request.urlopen(f"{root}/stats", timeout=5) as response:
        count: int = json.load(response)["requests"]
        return count


def main(argv: list[str] | None = None) -> None:
    """Run the stub as a process (exit 2 with a message when the ``stub`` extra is missing)."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--plan", default="ok", help="comma-separated modes, cycled")
    parser.add_argument("--hang", type=float, default=5.0, help="seconds a 'timeout' request hangs")
    args = parser.parse_args(argv)
    try:
        require_server_dependencies()
    except StubDependencyError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    import uvicorn

    app = make_app(args.plan.split(","), args.hang, log=False)
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning", access_log=False)


if __name__ == "__main__":
    main()
