"""Backend and sampling configuration; both are part of a run's identity."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, field_validator

#: What an environment variable name looks like (POSIX portable names).
ENV_NAME = r"^[A-Za-z_][A-Za-z0-9_]*$"


class SamplingParams(BaseModel):
    """Decoding parameters. Greedy (temperature 0) by default.

    ``seed`` is passed to the backend; repeat ``r`` of an episode uses ``seed + r`` so repeats at a
    positive temperature are distinct samples.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    temperature: float = Field(default=0.0, ge=0.0, le=2.0)
    top_p: float = Field(default=1.0, gt=0.0, le=1.0)
    max_tokens: int = Field(default=256, ge=1, le=8192)
    seed: int = 0
    repeats: int = Field(default=1, ge=1, le=100)


class BackendConfig(BaseModel):
    """Which backend runs the agent and how it is reached.

    Attributes:
        name: a registered backend name (``embedded``, ``openai``, ``scripted`` or a plugin).
        model: model name (openai), GGUF path (embedded; the packaged SmolLM2 when omitted) or
            policy name (scripted).
        base_url: the OpenAI-compatible endpoint(s) (openai only): one, or several replicas of
            one server serving the same model, across which requests are spread (a string is
            one endpoint). Not part of a run's identity: where a model is served does not change
            its answers, so the served model name (``model``) must identify the model.
        api_key_env: name of the environment variable holding the API key (letters, digits and
            underscores, not starting with a digit). The key itself is never stored or logged, and
            a value that is not a variable name (a key passed by mistake) is refused without
            being echoed. Not part of a run's identity: it does not change the answers.
        options: backend-specific options (see each backend's docstring).
    """

    model_config = ConfigDict(extra="forbid", frozen=True, hide_input_in_errors=True)

    name: str = "embedded"
    model: str | None = None
    base_url: tuple[str, ...] = ()
    api_key_env: str = "OPENAI_API_KEY"
    options: dict[str, str] = Field(default_factory=dict)

    @field_validator("name", "model")
    @classmethod
    def _printable(cls, value: str | None) -> str | None:
        if value is not None and any(ord(c) < 32 or ord(c) == 127 for c in value):
            raise ValueError(
                f"{value!r} holds a control character (newline, tab, ...); expected one line"
            )
        return value

    @field_validator("base_url", mode="before")
    @classmethod
    def _one_or_more_urls(cls, value: Any) -> Any:
        if value is None:
            return ()
        return (value,) if isinstance(value, str) else value

    @field_validator("base_url")
    @classmethod
    def _distinct_urls(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for i, url in enumerate(value):
            if not url.strip():
                raise ValueError(f"URL {i + 1} is empty; expected e.g. http://127.0.0.1:8000/v1")
            if any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in url):
                raise ValueError(
                    f"URL {i + 1} {url!r} holds a space or control character (newline, tab, ...); "
                    "expected e.g. http://127.0.0.1:8000/v1"
                )
            parts = urlsplit(url)
            if parts.scheme not in ("http", "https") or not parts.hostname:
                raise ValueError(
                    f"URL {i + 1} {url!r} is not an http(s) URL with a host; expected e.g. "
                    "http://127.0.0.1:8000/v1"
                )
            try:
                parts.port  # noqa: B018 -- raises on a port outside 0-65535
            except ValueError:
                raise ValueError(
                    f"URL {i + 1} {url!r} has a port outside 1-65535; expected e.g. "
                    "http://127.0.0.1:8000/v1"
                ) from None
            if parts.username is not None or parts.password is not None:
                raise ValueError(
                    f"URL {i + 1} holds a user name or password; the URL is stored in the run "
                    "record, so give the key through --api-key-env instead"
                )
            if url in value[:i]:
                first = value.index(url) + 1
                raise ValueError(f"URLs {first} and {i + 1} are the same; list each replica once")
        return value

    @field_validator("api_key_env")
    @classmethod
    def _is_variable_name(cls, value: str) -> str:
        if not re.fullmatch(ENV_NAME, value):
            raise ValueError(
                "expected the name of an environment variable (letters, digits, underscores), "
                "not the key itself; export the key and pass the variable's name"
            )
        return value

    def identity(self) -> dict[str, Any]:
        """The fields that change a backend's answers (all but ``base_url`` and ``api_key_env``)."""
        return self.model_dump(mode="json", exclude={"base_url", "api_key_env"})
