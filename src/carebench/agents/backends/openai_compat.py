"""The ``openai`` backend: any OpenAI-compatible chat-completions endpoint.

vLLM, SGLang, llama.cpp's server, Ollama and hosted APIs all speak this protocol. The key is read
from the environment variable named by ``--api-key-env`` (default ``OPENAI_API_KEY``) and never
stored or logged; local servers that need no key get a placeholder.

Options (``--option key=value``):
    response_format: ``json_schema`` (default: the output contract as a strict JSON schema),
        ``json_object`` (llama.cpp server style: ``{"type": "json_object", "schema": ...}``) or
        ``none``. A server that rejects the requested format (an HTTP 400, 422 or 500 naming
        response_format) is asked again with the next mode down (json_schema, json_object, none),
        which is kept for the rest of the run; without a format, tolerant parsing takes over.
        The ``json_schema`` name is the schema's ``title`` (``agent_decision`` without one).
    reasoning: what to tell a reasoning ("thinking") model. ``server-default`` (default) sends
        nothing. ``off`` sends ``chat_template_kwargs: {"enable_thinking": false, "thinking":
        false}``, the chat-template switch vLLM, SGLang and llama.cpp's server pass to the model's
        template (Qwen3-style templates read ``enable_thinking``, DeepSeek-V3.1-style ones
        ``thinking``; templates ignore variables they do not use). ``effort:LEVEL`` sends
        ``reasoning_effort: LEVEL`` (OpenAI's API, e.g. ``effort:none`` or ``effort:minimal``;
        vLLM for gpt-oss). A server that rejects the field stops the run with a clear error
        naming the option instead of silently reasoning.

A 401, 403 or 404 stops the run with a clear error (the endpoint, model or key is wrong); any other
4xx is recorded as an error for that episode.

The client's own retries are disabled: the runner retries transient faults (timeouts, connection
errors, 429, 5xx, unreadable responses) with exponential backoff and jitter, and counts them.

Requests go through AsyncOpenAI's documented raw call (``client.post("/chat/completions", body=...,
cast_to=object)``): the client still sends the key, maps HTTP errors to its exceptions and pools
connections, but carebench's request body (plain JSON: strings, numbers, the schema) is sent as
built, skipping the SDK's type-driven transform of every parameter, and the response JSON is read
directly instead of being built into typed models. That transform and the models cost about 40 %
of a bare ``chat.completions.create`` loop's client CPU time against a fast server
(docs/performance.md). A response without ``choices[0].message`` is an unreadable response.

Response bodies are hostile input. A body (a success's or an error's) longer than
:data:`MAX_RESPONSE_BYTES`, declared or actual, is cut off there: the request is refused (an
``error`` record, not retried) without reading the rest. A body nested deeper than Python's JSON
decoder allows (the interpreter's recursion limit, 1,000 by default) is an unreadable response,
never a crash; messages quote at most a few levels and 200 characters of a body.
"""

from __future__ import annotations

import os
import re
import reprlib
from collections.abc import AsyncIterator
from typing import Any

import httpx2

from carebench.agents.backends.base import (
    Generation,
    GenerationRequest,
    RequestRejectedError,
    TransientBackendError,
)
from carebench.agents.config import BackendConfig
from carebench.agents.contract import decision_json_schema
from carebench.errors import CarebenchError

_FORMATS = ("json_schema", "json_object", "none")
#: The longest response body read from a server (bytes); longer ones are refused unread.
MAX_RESPONSE_BYTES = 8 * 1024 * 1024
_PREVIEW = reprlib.Repr()
_PREVIEW.maxlevel, _PREVIEW.maxstring, _PREVIEW.maxother = 3, 200, 200
_PREVIEW.maxlist = _PREVIEW.maxdict = 4


class ResponseTooLargeError(httpx2.ReadError):
    """A response body longer than :data:`MAX_RESPONSE_BYTES` (declared or as read)."""


class _CappedStream(httpx2.AsyncByteStream):
    """A response body that stops with :class:`ResponseTooLargeError` past ``limit`` bytes."""

    def __init__(self, stream: httpx2.AsyncByteStream, limit: int) -> None:
        self.stream, self.limit = stream, limit

    async def __aiter__(self) -> AsyncIterator[bytes]:
        seen = 0
        async for chunk in self.stream:
            seen += len(chunk)
            if seen > self.limit:
                raise ResponseTooLargeError(f"response body over {self.limit} bytes")
            yield chunk

    async def aclose(self) -> None:
        """Close the inner stream."""
        await self.stream.aclose()


class CappedTransport(httpx2.AsyncBaseTransport):
    """An HTTP transport whose response bodies are capped at ``limit`` bytes."""

    def __init__(self, limit: int = MAX_RESPONSE_BYTES) -> None:
        # the SDK's own connection limits (1,000 connections), which a given transport replaces
        self.inner = httpx2.AsyncHTTPTransport(
            limits=httpx2.Limits(max_connections=1000, max_keepalive_connections=100)
        )
        self.limit = limit

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        """Send ``request``; refuse a declared length over the cap, cap the rest while read."""
        response = await self.inner.handle_async_request(request)
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.limit:
            await response.aclose()
            raise ResponseTooLargeError(
                f"response body of {declared} bytes declared, over {self.limit}"
            )
        stream = response.stream
        assert isinstance(stream, httpx2.AsyncByteStream)
        response.stream = _CappedStream(stream, self.limit)
        return response

    async def aclose(self) -> None:
        """Close the inner transport's connections."""
        await self.inner.aclose()


def _preview(value: object) -> str:
    """A bounded quotation of a parsed body (a few levels, 200 characters)."""
    return _PREVIEW.repr(value)[:200]


_REASONING = ("server-default", "off", "effort:LEVEL")


def reasoning_fields(value: str) -> dict[str, Any]:
    """The request fields of the ``reasoning`` option (see the module docstring).

    Raises:
        CarebenchError: the value is not ``server-default``, ``off`` or ``effort:LEVEL``.
    """
    if value == "server-default":
        return {}
    if value == "off":
        return {"chat_template_kwargs": {"enable_thinking": False, "thinking": False}}
    kind, _, level = value.partition(":")
    if kind == "effort" and level.strip():
        return {"reasoning_effort": level.strip()}
    raise CarebenchError(
        f"openai backend option reasoning={value!r}: expected one of {list(_REASONING)}"
    )


def read_completion(response: object) -> Generation:
    """The text and token counts of a chat-completion response (parsed JSON).

    The text is ``choices[0].message.content``: a string, null (empty text), or a list of content
    parts, as some servers send (Mistral's, with ``thinking`` parts), whose ``text`` parts are
    joined in order; other parts are not the answer and are left out.

    Raises:
        TransientBackendError: the response has no ``choices[0].message`` object, or its content
            is none of the above (a server fault: the runner asks again).
    """
    try:
        choice = response["choices"][0]  # type: ignore[index]
        content = choice["message"].get("content")
    except (TypeError, KeyError, IndexError, AttributeError):
        raise TransientBackendError(
            f"unreadable response (no choices[0].message): {_preview(response)}"
        ) from None
    if isinstance(content, list) and all(isinstance(part, dict) for part in content):
        texts = [part.get("text") for part in content if part.get("type") == "text"]
        if all(isinstance(text, str) for text in texts):
            content = "".join(texts)
    if content is not None and not isinstance(content, str):
        raise TransientBackendError(f"unreadable response: message content {_preview(content)}")
    usage = response.get("usage") if isinstance(response, dict) else None
    usage = usage if isinstance(usage, dict) else {}
    return Generation(
        text=content or "",
        prompt_tokens=_count(usage.get("prompt_tokens")),
        completion_tokens=_count(usage.get("completion_tokens")),
    )


def _count(value: object) -> int | None:
    """A token count from a response's usage, or None when absent or not a count."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class OpenAIBackend:
    """AsyncOpenAI against ``base_url``; see the module docstring for options."""

    max_concurrency: int | None = None
    cacheable = True

    def __init__(self, config: BackendConfig) -> None:
        try:
            import openai
        except ImportError as exc:  # pragma: no cover - openai is a core dependency
            raise CarebenchError("the openai backend needs the openai package") from exc
        if not config.model:
            raise CarebenchError(
                "the openai backend needs the served model name: --model MODEL for a run, "
                "openai:MODEL@BASE_URL for a judge or role spec"
            )
        options = dict(config.options)
        self.format = options.pop("response_format", "json_schema")
        self.reasoning = options.pop("reasoning", "server-default")
        self.extra_body = reasoning_fields(self.reasoning)
        if self.format not in _FORMATS or options:
            raise CarebenchError(
                f"openai backend options: response_format must be one of {list(_FORMATS)}, got "
                f"{self.format!r}; unknown options {sorted(options)} (known: response_format, "
                "reasoning)"
            )
        if len(config.base_url) > 1:
            raise CarebenchError(
                "OpenAIBackend serves one base URL; create_backend spreads several over replicas"
            )
        self._openai = openai
        self.model = config.model
        self.base_url = config.base_url[0] if config.base_url else None
        self.api_key_env = config.api_key_env
        self._client = openai.AsyncOpenAI(
            base_url=self.base_url,
            api_key=os.environ.get(config.api_key_env) or "not-needed",
            max_retries=0,
            http_client=openai.DefaultAsyncHttpxClient(transport=CappedTransport()),
        )
        self.downgraded = False

    def describe(self) -> dict[str, Any]:
        """The served model name, endpoint, structured-output and reasoning modes (never the key)."""
        return {
            "model": self.model,
            "base_url": self.base_url,
            "response_format": self.format,
            "reasoning": self.reasoning,
        }

    def notes(self) -> list[str]:
        """A line when the server made this backend step its structured-output mode down."""
        if not self.downgraded:
            return []
        return [
            "the server rejected the requested response_format; continued with "
            f"response_format={self.format}"
        ]

    def _response_format(self, schema: dict[str, Any] | None) -> dict[str, Any] | None:
        schema = schema or decision_json_schema()
        if self.format == "json_schema":
            name = re.sub(r"[^A-Za-z0-9_-]", "_", str(schema.get("title") or "agent_decision"))
            return {
                "type": "json_schema",
                "json_schema": {"name": name[:64], "schema": schema, "strict": True},
            }
        if self.format == "json_object":
            return {"type": "json_object", "schema": schema}
        return None

    async def generate(self, request: GenerationRequest) -> Generation:
        """One chat completion; transient faults raise :class:`TransientBackendError`."""
        openai = self._openai
        params = request.params
        body: dict[str, Any] = {
            "model": self.model,
            "messages": request.messages,
            "temperature": params.temperature,
            "top_p": params.top_p,
            "max_tokens": params.max_tokens,
            "seed": params.seed + request.repeat,
            **self.extra_body,
        }
        try:
            response = await self._create(body, request.schema)
        except ResponseTooLargeError as exc:
            raise RequestRejectedError(f"{self.base_url or 'the endpoint'}: {exc}") from exc
        except openai.APIConnectionError as exc:
            if isinstance(exc.__cause__, ResponseTooLargeError):
                raise RequestRejectedError(
                    f"{self.base_url or 'the endpoint'}: {exc.__cause__}"
                ) from exc
            raise TransientBackendError(
                f"{self.base_url or 'the endpoint'}: {type(exc).__name__}: {exc}"
            ) from exc
        except RecursionError as exc:
            raise TransientBackendError(
                "unreadable response: the body is nested too deeply to parse"
            ) from exc
        except (
            openai.RateLimitError,
            openai.InternalServerError,
            openai.APIResponseValidationError,
        ) as exc:
            raise TransientBackendError(
                f"{self.base_url or 'the endpoint'}: {type(exc).__name__}: {exc}"
            ) from exc
        except openai.APIStatusError as exc:
            if exc.status_code >= 500:
                raise TransientBackendError(f"HTTP {exc.status_code}: {exc}") from exc
            rejected = next((f for f in self.extra_body if f in str(exc)), None)
            if exc.status_code in (400, 422) and rejected is not None:
                raise CarebenchError(
                    f"{self.base_url or 'the endpoint'} rejected {rejected} (HTTP "
                    f"{exc.status_code}), sent for the option reasoning={self.reasoning}; choose "
                    f"another reasoning option ({', '.join(_REASONING)})"
                ) from exc
            if exc.status_code in (401, 403, 404):
                raise CarebenchError(
                    f"{self.base_url or 'the endpoint'} refused the request (HTTP "
                    f"{exc.status_code}): check --base-url, --model and the key in "
                    f"${self.api_key_env}"
                ) from exc
            raise RequestRejectedError(f"HTTP {exc.status_code}: {exc}") from exc
        except ValueError as exc:  # a response body that is not JSON
            raise TransientBackendError(f"unreadable response: {exc}") from exc
        return read_completion(response)

    async def _create(self, body: dict[str, Any], schema: dict[str, Any] | None) -> object:
        """POST a completion request; the parsed response JSON (or text, if the body is not JSON).

        Steps the structured-output mode down when the server rejects it.
        """
        openai = self._openai
        while True:
            used = self.format
            response_format = self._response_format(schema)
            request = {**body, "response_format": response_format} if response_format else body
            try:
                return await self._client.post("/chat/completions", body=request, cast_to=object)
            except openai.APIStatusError as exc:
                rejected = exc.status_code in (400, 422, 500) and "response_format" in str(exc)
                if response_format is None or not rejected:
                    raise
                if self.format == used:  # concurrent requests step down only once per level
                    self.format = _FORMATS[_FORMATS.index(used) + 1]
                self.downgraded = True

    async def aclose(self) -> None:
        """Close the HTTP client."""
        await self._client.close()
