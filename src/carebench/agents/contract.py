"""The output contract: one JSON object {action, confidence, reason}, and tolerant parsing of it.

Conventions:
    * ``confidence`` is the agent's stated probability, in [0, 1], that its chosen action is correct.
      Values outside [0, 1] (including percentages such as 85) make the output invalid: rescaling
      would guess at the agent's meaning.
    * Tolerant parsing accepts what servers that ignore constrained decoding commonly send: code
      fences, text around the object, and action names differing only in case, spaces or hyphens
      (``ask clarification``). It does not repair truncated JSON or fill in missing fields.
    * An output that still fails is invalid; its raw text is kept and the reason recorded.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from carebench.episodes.schema import Action

REASON_MAX_CHARS = 500


class AgentDecision(BaseModel):
    """A parsed agent decision."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    action: Action
    confidence: float = Field(ge=0.0, le=1.0)
    reason: str = Field(max_length=REASON_MAX_CHARS)


def decision_json_schema() -> dict[str, Any]:
    """The JSON schema used for constrained decoding (grammar or ``response_format``)."""
    return {
        "type": "object",
        "properties": {
            "action": {"type": "string", "enum": [a.value for a in Action]},
            "confidence": {"type": "number", "minimum": 0, "maximum": 1},
            "reason": {"type": "string", "maxLength": 120},
        },
        "required": ["action", "confidence", "reason"],
        "additionalProperties": False,
    }


@dataclass(frozen=True)
class ParseResult:
    """The outcome of parsing one raw output: a decision, or the reason it is invalid."""

    decision: AgentDecision | None
    error: str | None

    @property
    def valid(self) -> bool:
        """True iff the output satisfied the contract."""
        return self.decision is not None


_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL | re.IGNORECASE)
_ACTIONS = {re.sub(r"[\s_-]+", "", a.value.lower()): a for a in Action}


def _first_object(text: str) -> Any:
    """The first JSON object with an ``action`` key, else the first JSON object."""
    decoder = json.JSONDecoder()
    found: list[dict[str, Any]] = []
    for start in (m.start() for m in re.finditer(r"\{", text)):
        try:
            value, _ = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            if "action" in value:
                return value
            found.append(value)
    if found:
        return found[0]
    raise ValueError("no JSON object found")


def parse_decision(raw: str) -> ParseResult:
    """Parse a raw model output against the contract (see the module conventions)."""
    fenced = _FENCE.search(raw)
    text = fenced.group(1) if fenced else raw
    try:
        data = _first_object(text)
    except ValueError as exc:
        return ParseResult(None, str(exc))
    action = data.get("action")
    if isinstance(action, str):
        data["action"] = _ACTIONS.get(re.sub(r"[\s_-]+", "", action.lower()), action)
    try:
        return ParseResult(AgentDecision.model_validate(data), None)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "output"
        return ParseResult(None, f"{field}: {first['msg']}")
