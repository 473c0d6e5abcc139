"""Backends, registered by name and imported lazily so optional dependencies stay optional.

Built-ins register exactly as plugins do. A plugin package exposes an entry point in the group
``carebench.backends`` whose value is ``"module:factory"``; the factory takes a
:class:`~carebench.agents.config.BackendConfig` and returns a :class:`~.base.Backend`. A factory
whose answers depend on content its config only points at (a model file) may also provide
``content_identity(config) -> dict[str, str]``, cheap and without loading the model; its facts
join the run's identity and the response-cache key.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from carebench.agents.backends.base import Backend
from carebench.agents.config import BackendConfig
from carebench.registry import Registry

Factory = Callable[[BackendConfig], Backend]

BACKENDS: Registry[Factory] = Registry("backend", "carebench.backends")
BACKENDS.register("embedded", "carebench.agents.backends.embedded:EmbeddedBackend")
BACKENDS.register("openai", "carebench.agents.backends.openai_compat:OpenAIBackend")
BACKENDS.register("scripted", "carebench.agents.backends.scripted:ScriptedBackend")


def register_backend(name: str, factory: str | Factory) -> None:
    """Register a backend factory (or a ``"module:attribute"`` path, imported on first use)."""
    BACKENDS.register(name, factory)


def backend_names() -> list[str]:
    """Every registered backend name, built-ins and installed plugins."""
    return BACKENDS.names()


def _factory(config: BackendConfig) -> Factory:
    return BACKENDS.get(config.name)


def create_backend(config: BackendConfig) -> Backend:
    """Instantiate the backend named in ``config``.

    A config with several base URLs (replicas of one server) gives a
    :class:`~carebench.agents.backends.replicas.ReplicaBackend` over one backend per URL.

    Raises:
        CarebenchError: the name is unknown.
    """
    factory = _factory(config)
    if len(config.base_url) <= 1:
        return factory(config)
    from carebench.agents.backends.replicas import ReplicaBackend

    urls = config.base_url
    return ReplicaBackend(
        [factory(config.model_copy(update={"base_url": (u,)})) for u in urls], urls
    )


def content_identity(config: BackendConfig) -> dict[str, str]:
    """Facts about the content a backend's config points at (``{}`` for most backends).

    The embedded backend gives ``{"model_sha256": ...}`` of its GGUF file.

    Raises:
        CarebenchError: the name is unknown, or the content is missing.
    """
    facts = getattr(_factory(config), "content_identity", None)
    return dict(facts(config)) if facts is not None else {}


def backend_identity(config: BackendConfig) -> dict[str, Any]:
    """What determines a backend's answers, the key of runs, response caches and studies.

    Its config less the endpoint URLs and the key variable's name, plus :func:`content_identity`
    (such as the model file's SHA-256).

    Raises:
        CarebenchError: the name is unknown, or the content is missing.
    """
    return {**config.identity(), **content_identity(config)}
