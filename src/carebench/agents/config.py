"""Backend and sampling configuration; both are part of a run's identity."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class SamplingParams(BaseModel):
    """Decoding parameters. Greedy (temperature 0) by default.

    ``seed`` is passed to the backend; repeat ``r`` of an episode uses ``seed + r`` so repeats at a
    positive temperature are distinct samples.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

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
        base_url: the OpenAI-compatible endpoint (openai only).
        api_key_env: name of the environment variable holding the API key. The key itself is never
            stored or logged.
        options: backend-specific options (see each backend's docstring).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = "embedded"
    model: str | None = None
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    options: dict[str, str] = Field(default_factory=dict)
