"""What every backend provides: ``generate`` one chat completion for one episode."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from carebench.agents.config import SamplingParams
from carebench.agents.prompts import Message
from carebench.episodes.schema import Episode


@dataclass(frozen=True)
class GenerationRequest:
    """One request: the episode (scripted policies read it), the messages and the sampling.

    ``episode`` is None for requests that are not about an episode (the dialogue roles of the
    interruption study); backends other than the scripted decision policies never read it.
    ``schema`` is the JSON schema that constrained decoding enforces (a grammar, or the server's
    ``response_format``) when the backend constrains at all; None means the decision contract's
    schema (:func:`carebench.agents.contract.decision_json_schema`).
    """

    episode: Episode | None
    messages: list[Message]
    params: SamplingParams
    repeat: int
    schema: dict[str, Any] | None = None


@dataclass(frozen=True)
class Generation:
    """A backend's raw answer with token counts where the backend reports them."""

    text: str
    prompt_tokens: int | None = None
    completion_tokens: int | None = None


class TransientBackendError(Exception):
    """A failure worth retrying: timeout, connection error, HTTP 429 or 5xx, broken response."""


class RequestRejectedError(Exception):
    """The backend refused this one request (e.g. HTTP 400): recorded as an error, not retried."""


class Backend(Protocol):
    """The backend interface. Backends are async-first; blocking ones run in a worker thread."""

    #: The most requests this backend should have in flight (None: the runner's setting).
    max_concurrency: int | None
    #: Whether outputs may be served from the response cache (False for scripted policies).
    cacheable: bool

    def describe(self) -> dict[str, Any]:
        """Facts for the run manifest (model file, resolved model name...); never secrets."""
        ...

    def notes(self) -> list[str]:
        """Lines for the run summary about how this backend served (``[]`` when nothing to say)."""
        ...

    async def generate(self, request: GenerationRequest) -> Generation:
        """Produce one raw completion; raise :class:`TransientBackendError` for retryable faults."""
        ...

    async def aclose(self) -> None:
        """Release connections or models."""
        ...
