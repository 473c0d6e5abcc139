"""The three roles (agent, patient simulator, judge), each over any registered backend.

A role is specified as ``NAME[:MODEL][@BASE_URL]``: ``embedded`` (the packaged SmolLM2),
``embedded:/path/model.gguf``, ``openai:qwen2.5-7b-instruct@http://127.0.0.1:8000/v1``, or
``scripted:POLICY`` for the deterministic dialogue policies of :mod:`.scripted`. Model roles are
created through the backend registry (:func:`carebench.agents.backends.create_backend`), so plugins
work too.

Role defaults (:data:`ROLE_DEFAULTS`, merged under the user's options, so ``--ROLE-option``
overrides them; all of them are backend options, hence part of the role's identity):

* agent and patient speak free text: the embedded backend runs with ``constrained=off``, the
  openai backend with ``response_format=none``;
* the agent runs without reasoning ("thinking"): the openai backend sends ``reasoning=off`` (see
  :mod:`carebench.agents.backends.openai_compat`); the embedded backend has no switch (SmolLM2 does
  not reason; choose a non-reasoning GGUF);
* the judge decodes under its verdict schema (the backends' defaults, grammar or
  ``response_format``, with the schema passed per request; see :mod:`.judges`).

Every model call is cached in the run store's response cache under SHA-256 of (role, backend,
sampling, messages, schema): each role has its own key, and a resumed or repeated study re-uses
answers.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from carebench.agents.backends import backend_identity, create_backend
from carebench.agents.backends.base import Backend, GenerationRequest
from carebench.agents.config import BackendConfig, SamplingParams
from carebench.agents.prompts import Message
from carebench.agents.requests import RequestPolicy, cache_worthy
from carebench.errors import CarebenchError, first_error
from carebench.runs.store import RunStore

ROLES = ("agent", "patient", "judge")

#: Per role and backend name, the backend options a role spec starts from.
ROLE_DEFAULTS: dict[str, dict[str, dict[str, str]]] = {
    "agent": {
        "embedded": {"constrained": "off"},
        "openai": {"response_format": "none", "reasoning": "off"},
    },
    "patient": {"embedded": {"constrained": "off"}, "openai": {"response_format": "none"}},
    "judge": {},
}


class RoleSpec(BaseModel):
    """Which backend plays a role and how it samples (both part of a study's identity)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    backend: BackendConfig = Field(default_factory=BackendConfig)
    sampling: SamplingParams = Field(default_factory=SamplingParams)

    @property
    def scripted(self) -> bool:
        """Whether this is a deterministic scripted dialogue policy."""
        return self.backend.name == "scripted"

    @property
    def label(self) -> str:
        """A short display name (``scripted:cued``, ``openai:qwen``, ``embedded``)."""
        model = self.backend.model
        if self.backend.name == "embedded" and model:
            model = model.rsplit("/", 1)[-1]
        return f"{self.backend.name}:{model}" if model else self.backend.name


def parse_role(
    spec: str,
    *,
    role: str = "agent",
    options: dict[str, str] | None = None,
    temperature: float = 0.0,
    max_tokens: int = 256,
    api_key_env: str = "OPENAI_API_KEY",
) -> RoleSpec:
    """Parse ``NAME[:MODEL][@BASE_URL]`` into a :class:`RoleSpec` for ``role``.

    ``options`` are merged over the role's :data:`ROLE_DEFAULTS` for that backend.

    Raises:
        CarebenchError: the spec is empty or malformed, or ``role`` is unknown.
    """
    if role not in ROLES:
        raise CarebenchError(f"unknown role {role!r}; expected one of {list(ROLES)}")
    text = spec.strip()
    if not text:
        raise CarebenchError("a role spec is empty; expected NAME[:MODEL][@BASE_URL]")
    head, _, base_url = text.partition("@")
    name, _, model = head.partition(":")
    if not name:
        raise CarebenchError(f"role spec {spec!r}: expected NAME[:MODEL][@BASE_URL]")
    merged = {**ROLE_DEFAULTS[role].get(name, {}), **(options or {})}
    try:
        return RoleSpec(
            backend=BackendConfig(
                name=name,
                model=model or None,
                base_url=(base_url,) if base_url else (),
                api_key_env=api_key_env,
                options=merged,
            ),
            sampling=SamplingParams(temperature=temperature, max_tokens=max_tokens),
        )
    except ValidationError as exc:
        where, message = first_error(exc, "spec")
        raise CarebenchError(
            f"--{role} {spec!r}: {where}: {message} (expected NAME[:MODEL][@BASE_URL])"
        ) from None


def reasoning_setting(spec: RoleSpec) -> str:
    """What a role was told about reasoning, for the manifest (see :data:`ROLE_DEFAULTS`)."""
    if spec.scripted:
        return "n/a (scripted policy)"
    if spec.backend.name == "openai":
        return spec.backend.options.get("reasoning", "server-default")
    return f"no switch sent (the {spec.backend.name} backend has none; use a non-reasoning model)"


def cache_key(
    role: str,
    spec: RoleSpec,
    messages: list[Message],
    seed: int,
    identity: dict[str, Any] | None = None,
    schema: dict[str, Any] | None = None,
) -> str:
    """The response-cache key of one role call (the role name keeps roles' keys apart).

    The backend enters as :func:`~carebench.agents.backends.backend_identity` (``identity``,
    computed when omitted): a replaced model file changes the key, a key variable's name does not.
    A decoding ``schema`` enters when given (free-text calls keep the keys they had without it).
    """
    sampling = spec.sampling.model_dump(mode="json")
    sampling.pop("repeats")
    payload = {
        "role": role,
        "backend": identity if identity is not None else backend_identity(spec.backend),
        "sampling": sampling,
        "seed": seed,
        "messages": messages,
    }
    if schema is not None:
        payload["schema"] = schema
    return hashlib.sha256(
        json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()
    ).hexdigest()


class RoleError(CarebenchError):
    """A role's backend failed for one request after retries (the trial is stored as an error)."""


@dataclass
class CallStats:
    """Counts and time of a role's model calls."""

    calls: int = 0
    cache_hits: int = 0
    retries: int = 0
    seconds: float = 0.0


@dataclass(frozen=True)
class CallRecord:
    """One role call as the caller experienced it.

    Attributes:
        seconds: from the call to its answer (cache look-up, retries and backoff included).
        cached: answered from the response cache.
        retries: transient failures retried before the answer.
    """

    seconds: float
    cached: bool = False
    retries: int = 0


@dataclass
class BackendPool:
    """Creates each distinct backend once (three embedded roles share one loaded model)."""

    backends: dict[str, Backend] = field(default_factory=dict)

    def get(self, config: BackendConfig) -> Backend:
        """The backend for ``config``, created through the registry on first use."""
        key = config.model_dump_json()
        if key not in self.backends:
            self.backends[key] = create_backend(config)
        return self.backends[key]

    async def aclose(self) -> None:
        """Close every backend."""
        for backend in self.backends.values():
            await backend.aclose()
        self.backends.clear()


class ModelRole:
    """One role played by a backend: cached chat completions returning text.

    Calls go through the request policy (:mod:`carebench.agents.requests`), by default the
    runner's (a total deadline of 300 s per call, 4 retries with jittered backoff), so a stalled
    server holds a trial no longer than it holds an episode of a run.
    """

    def __init__(
        self,
        role: str,
        spec: RoleSpec,
        pool: BackendPool,
        store: RunStore | None = None,
        policy: RequestPolicy | None = None,
    ) -> None:
        self.role, self.spec, self.store = role, spec, store
        self.policy = policy if policy is not None else RequestPolicy()
        self._rng = random.Random(0)
        self.backend = pool.get(spec.backend)
        self.identity = backend_identity(spec.backend)
        self.stats = CallStats()
        urls = ", ".join(spec.backend.base_url)
        self.where = f"{role} ({spec.label}{' at ' + urls if urls else ''})"

    def _detail(self, error: str) -> str:
        """The backend's message less a leading endpoint, which :attr:`where` already names."""
        text = error
        for url in self.spec.backend.base_url:
            text = text.removeprefix(f"{url}: ")
        return text

    async def complete(
        self,
        messages: list[Message],
        seed: int,
        schema: dict[str, Any] | None = None,
        calls: list[CallRecord] | None = None,
    ) -> str:
        """One completion for ``messages`` with sampling seed ``seed`` (cached when allowed).

        ``schema`` is the JSON schema to decode under (the judge's verdict); None for free text.
        ``calls``, when given, receives the call's :class:`CallRecord` once it is answered.

        Raises:
            RoleError: the backend rejected the request or kept failing transiently.
        """
        loop = asyncio.get_running_loop()
        start = loop.time()
        key = cache_key(self.role, self.spec, messages, seed, self.identity, schema)
        cacheable = self.store is not None and self.backend.cacheable
        if cacheable and self.store is not None:
            hit = self.store.cache_get_many([key]).get(key)
            if hit is not None:
                self.stats.calls += 1
                self.stats.cache_hits += 1
                self.stats.seconds += loop.time() - start
                if calls is not None:
                    calls.append(CallRecord(loop.time() - start, cached=True))
                return hit.text
        params = self.spec.sampling.model_copy(update={"seed": seed})
        request = GenerationRequest(None, messages, params, 0, schema)
        outcome = await self.policy.generate(self.backend, request, self._rng)
        self.stats.retries += outcome.retries
        generation = outcome.generation
        if generation is None:
            raise RoleError(f"{self.where}: {self._detail(outcome.error or 'no answer')}")
        if cacheable and self.store is not None and cache_worthy(self.backend, generation):
            self.store.put_records([], [(key, generation)])
        self.stats.calls += 1
        self.stats.seconds += loop.time() - start
        if calls is not None:
            calls.append(CallRecord(loop.time() - start, retries=outcome.retries))
        return generation.text

    def describe(self) -> dict[str, Any]:
        """The role's spec and backend facts for the manifest."""
        return {"spec": self.spec.model_dump(mode="json"), "backend": self.backend.describe()}
