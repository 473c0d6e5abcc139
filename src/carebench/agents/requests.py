"""The request policy: how every model call is made (the runner's and the interruption roles').

One policy for every caller, so a run and a study treat a stalled or failing server alike.

Conventions:
    * **Timeouts**: each attempt ends within ``timeout_s`` seconds (its whole duration, not a
      read timeout: bytes trickling in do not extend it), and the request as a whole (every
      attempt and every backoff sleep together) within ``deadline_s`` seconds of its start; an
      attempt gets ``min(timeout_s, time left)``. A server that trickles bytes (slowloris) is
      cut at the deadline, however slowly it keeps sending, and the request becomes an error
      ``deadline of D s passed after N attempt(s)``.
    * **Bounded retries with jitter**: a transient failure (:class:`TransientBackendError`, or an
      attempt that timed out) is retried at most ``max_retries`` times while time is left;
      before retry ``k`` (1-based) the caller sleeps
      ``min(backoff_max_s, backoff_base_s * 2**(k-1)) * U(0.5, 1.0)``, never past the deadline.
      A request the backend rejects (:class:`RequestRejectedError`) is not retried.
    * **Response cache**: only a backend whose ``cacheable`` is true is cached, and only a
      generation of at most :data:`MAX_STORED_CHARS` characters (a longer one is stored once, in
      its record, truncated; see :func:`stored_text`): :func:`cache_worthy`.
    * **Stored raw text**: a record keeps at most :data:`MAX_STORED_CHARS` characters of a raw
      output; a longer one is cut there and ends with the marker :func:`truncation_marker`
      (naming the full length). Parsing sees the whole output first.
    * **Backend notes**: what a backend has to say after a run (a structured-output downgrade,
      replica failovers) comes from its :meth:`~carebench.agents.backends.base.Backend.notes`.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass
from typing import Protocol

from carebench.agents.backends.base import (
    Backend,
    Generation,
    GenerationRequest,
    RequestRejectedError,
    TransientBackendError,
)
from carebench.agents.contract import MAX_OUTPUT_CHARS

#: The most characters of a raw output a record stores (the parser reads no more either).
MAX_STORED_CHARS = MAX_OUTPUT_CHARS

__all__ = [
    "MAX_STORED_CHARS",
    "Outcome",
    "RequestPolicy",
    "ResponseCache",
    "cache_worthy",
    "stored_text",
    "truncation_marker",
]


def truncation_marker(length: int) -> str:
    """The marker that ends a stored raw output cut at :data:`MAX_STORED_CHARS` characters."""
    return f"\n[carebench: truncated; the output was {length} characters, the first {MAX_STORED_CHARS} are stored]"


def stored_text(text: str) -> str:
    """``text`` as a record stores it: whole, or cut with :func:`truncation_marker` appended."""
    if len(text) <= MAX_STORED_CHARS:
        return text
    return text[:MAX_STORED_CHARS] + truncation_marker(len(text))


def cache_worthy(backend: Backend, generation: Generation | None) -> bool:
    """Whether ``generation`` goes into the response cache (see the module conventions)."""
    return backend.cacheable and generation is not None and len(generation.text) <= MAX_STORED_CHARS


class ResponseCache(Protocol):
    """Where generations are cached by key (the run store)."""

    def cache_get_many(self, keys: list[str]) -> dict[str, Generation]:
        """The cached generations of those keys that have one."""
        ...


@dataclass(frozen=True)
class Outcome:
    """How one request ended: a generation, or the error; and how many attempts it took."""

    generation: Generation | None
    error: str | None
    attempts: int

    @property
    def retries(self) -> int:
        """Attempts after the first."""
        return max(self.attempts - 1, 0)


@dataclass(frozen=True)
class RequestPolicy:
    """Deadline, retries and backoff of every model call (see the module conventions).

    Defaults are the runner's (``carebench run --timeout 300 --deadline 600 --retries 4``).
    """

    timeout_s: float = 300.0
    deadline_s: float = 600.0
    max_retries: int = 4
    backoff_base_s: float = 0.5
    backoff_max_s: float = 30.0

    def backoff_delay(self, retry: int, rng: random.Random) -> float:
        """Seconds to wait before retry number ``retry`` (1-based), jittered."""
        cap = min(self.backoff_max_s, self.backoff_base_s * 2.0 ** (retry - 1))
        return float(cap * rng.uniform(0.5, 1.0))

    async def generate(
        self, backend: Backend, request: GenerationRequest, rng: random.Random
    ) -> Outcome:
        """Send ``request`` under the policy; never raises for a failed request.

        Raises:
            CarebenchError: only what the backend raises as fatal (a wrong endpoint or key).
        """
        end = time.monotonic() + self.deadline_s
        error = "no attempt made"
        attempt = 0
        for attempt in range(1, self.max_retries + 2):
            left = end - time.monotonic()
            if left <= 0:
                return Outcome(None, f"{error} ({self._late(attempt - 1)})", attempt - 1)
            try:
                async with asyncio.timeout(min(self.timeout_s, left)):
                    return Outcome(await backend.generate(request), None, attempt)
            except TimeoutError:
                if self.timeout_s < left:
                    error = f"timeout after {self.timeout_s:g} s"
                else:
                    return Outcome(None, self._late(attempt), attempt)
            except TransientBackendError as exc:
                error = str(exc)
            except RequestRejectedError as exc:
                return Outcome(None, f"rejected: {exc}", attempt)
            if attempt <= self.max_retries:
                delay = self.backoff_delay(attempt, rng)
                if time.monotonic() + delay >= end:
                    return Outcome(None, f"{error} ({self._late(attempt)})", attempt)
                await asyncio.sleep(delay)
        return Outcome(None, f"{error} (gave up after {attempt} attempts)", attempt)

    def _late(self, attempts: int) -> str:
        plural = "s" if attempts != 1 else ""
        return f"deadline of {self.deadline_s:g} s passed after {attempts} attempt{plural}"
