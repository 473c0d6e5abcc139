"""The output contract: one JSON object {action, confidence, reason}, and tolerant parsing of it.

:class:`AgentDecision` is the single definition of the contract: the JSON schema used for
constrained decoding (:func:`decision_json_schema`) is generated from it, and the parser validates
against it, so the two cannot disagree.

Conventions:
    * ``action`` is one of the four action names.
    * ``confidence`` is the agent's stated probability, in [0, 1], that its chosen action is correct.
      It must be a JSON number: ``true``, ``"0.7"``, ``NaN`` and ``Infinity`` make the output
      invalid, and so do values outside [0, 1] (including percentages such as 85): rescaling or
      coercing would guess at the agent's meaning. Integers 0 and 1 are numbers and are accepted.
    * ``reason`` is a JSON string of at most :data:`REASON_MAX_CHARS` characters.
    * Tolerant parsing accepts what servers that ignore constrained decoding commonly send: code
      fences, text around the object, extra keys, and action names differing only in case, spaces
      or hyphens (``ask clarification``). It does not repair truncated JSON or fill in missing
      fields.
    * Parsing is total and bounded: any text yields a decision or an error in time linear in its
      length. Outputs over :data:`MAX_OUTPUT_CHARS` characters are invalid without being scanned;
      at most :data:`MAX_CANDIDATES` ``{`` positions are tried as the start of the object, and a
      candidate nested deeper than :data:`MAX_DEPTH` brackets is skipped (never recursed into).
    * An output that still fails is invalid; its raw text is kept and the reason recorded.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from typing import Any, NoReturn

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from carebench.episodes.schema import Action
from carebench.errors import first_error

REASON_MAX_CHARS = 120
MAX_OUTPUT_CHARS = 65_536
MAX_CANDIDATES = 64
MAX_DEPTH = 32


class AgentDecision(BaseModel):
    """A parsed agent decision: the output contract (see the module conventions)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    action: Action
    confidence: float = Field(ge=0.0, le=1.0, strict=True, allow_inf_nan=False)
    reason: str = Field(max_length=REASON_MAX_CHARS, strict=True)


@cache
def decision_json_schema() -> dict[str, Any]:
    """The JSON schema used for constrained decoding (grammar or ``response_format``).

    Generated from :class:`AgentDecision`, with ``$ref`` inlined and titles dropped (grammar
    compilers and strict ``json_schema`` modes want a flat schema). Extra keys, which the parser
    ignores, are not generated: ``additionalProperties`` is false. Generated once per process
    (pydantic's generator costs about 0.3 ms, paid per request otherwise): every call returns the
    same dict, so treat it as read-only and build new dicts from it.
    """
    generated = AgentDecision.model_json_schema()
    definitions = generated.get("$defs", {})
    properties: dict[str, Any] = {}
    for name, prop in generated["properties"].items():
        if "$ref" in prop:
            prop = definitions[prop["$ref"].rsplit("/", 1)[-1]]
        properties[name] = {k: v for k, v in prop.items() if k not in ("title", "description")}
    return {
        "type": "object",
        "properties": properties,
        "required": list(generated["required"]),
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


_ACTIONS = {re.sub(r"[\s_-]+", "", a.value.lower()): a for a in Action}
_STRUCTURE = re.compile(r'["\\{}\[\]]')
_FENCE = "```"


def _unfenced(text: str) -> str:
    """The body of the first closed code fence (an optional ``json`` tag dropped), else the text.

    Two ``str.find`` calls, so linear in the text (a lazy regex is quadratic on many unclosed
    fences).
    """
    start = text.find(_FENCE)
    if start < 0:
        return text
    body = start + len(_FENCE)
    if text[body : body + 4].lower() == "json":
        body += 4
    end = text.find(_FENCE, body)
    return text[body:end].strip() if end >= 0 else text


def _object_end(text: str, start: int) -> int:
    """The index just past the bracket-balanced value starting at ``text[start]`` (a ``{``).

    Strings and escapes are followed as JSON defines them, so a valid JSON object ends exactly
    where this says. Iterative: deep nesting cannot exhaust the stack.

    Raises:
        ValueError: the brackets never balance, or nest deeper than :data:`MAX_DEPTH`.
    """
    depth = 0
    in_string = False
    escaped_at = -1
    for match in _STRUCTURE.finditer(text, start):
        char, at = match.group(), match.start()
        if in_string:
            if char == "\\" and escaped_at != at:
                escaped_at = at + 1
            elif char == '"' and escaped_at != at:
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
            if depth > MAX_DEPTH:
                raise ValueError(f"nested deeper than {MAX_DEPTH} brackets")
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return at + 1
    raise ValueError("unbalanced brackets")


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _first_object(text: str) -> dict[str, Any]:
    """The first JSON object with an ``action`` key, else the first JSON object.

    Raises:
        ValueError: no candidate is a JSON object; the message names why the first balanced
            candidate failed, if any.
    """
    first: dict[str, Any] | None = None
    problem: str | None = None
    start = text.find("{")
    tried = 0
    truncated = False
    while start >= 0 and tried < MAX_CANDIDATES:
        tried += 1
        try:
            value = json.loads(
                text[start : _object_end(text, start)], parse_constant=_reject_constant
            )
        except ValueError as exc:
            truncated = truncated or (tried == 1 and "unbalanced" in str(exc))
            if problem is None and "unbalanced" not in str(exc):
                problem = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
            value = None
        if isinstance(value, dict):
            if "action" in value:
                return value
            if first is None:
                first = value
        start = text.find("{", start + 1)
    if truncated:  # the outer object never closes: inner objects are not the output
        raise ValueError(
            f"the output is truncated: its JSON object opens but never closes ({len(text)} "
            "characters; raise max_tokens or shorten the work product)"
        )
    if first is not None:
        return first
    message = "no JSON object found"
    if start >= 0:
        message += f" in the first {MAX_CANDIDATES} '{{' positions"
    raise ValueError(f"{message} ({problem})" if problem else message)


def first_object(raw: str) -> dict[str, Any]:
    """The JSON object a raw output carries, found as the module conventions say.

    Raises:
        ValueError: the output is too long, or holds no JSON object (the message says why).
    """
    if len(raw) > MAX_OUTPUT_CHARS:
        raise ValueError(f"output is {len(raw)} characters; at most {MAX_OUTPUT_CHARS} are parsed")
    return _first_object(_unfenced(raw))


def parse_decision(raw: str) -> ParseResult:
    """Parse a raw model output against the contract (see the module conventions)."""
    try:
        data = first_object(raw)
    except ValueError as exc:
        return ParseResult(None, str(exc))
    action = data.get("action")
    if isinstance(action, str):
        data["action"] = _ACTIONS.get(re.sub(r"[\s_-]+", "", action.lower()), action)
    try:
        return ParseResult(AgentDecision.model_validate(data), None)
    except ValidationError as exc:
        field, message = first_error(exc, "output")
        return ParseResult(None, f"{field}: {message}")
