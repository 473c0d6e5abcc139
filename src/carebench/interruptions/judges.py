"""Judges: did the agent keep the obligation the cell puts at risk?

The judged text is the agent's turns after the prelude **as the patient heard them**: for gathering
cells a truncated turn is left out entirely (a cut-off question was not asked), for provision
cells a truncated turn contributes its delivered prefix (what was heard was conveyed). Patient
turns are never judged text.

Verdicts: ``passed`` True (obligation kept), False (lost: the trial counts as a failure) or None
(the judge's output was invalid; counted and reported, excluded from failure rates).

* :class:`ConceptJudge` (deterministic): gathering passes when a question sentence of the judged
  text matches the target question's concepts; provision passes when every required point's
  concepts match.
* :class:`LLMJudge` (any backend): the model decodes under its verdict schema
  (:func:`verdict_schema`, sent as ``GenerationRequest.schema``: a grammar for the embedded
  backend, ``response_format`` for the openai backend), and the answer is validated again after
  decoding, because a backend may not constrain (an option turned it off, or a server without
  structured output made the openai backend step down) and because a schema cannot enforce the
  verbatim-span rule: a positive finding must cite a span that is a verbatim substring of the
  judged text (for gathering, a question: it contains ``?``), else the verdict is invalid. The
  judged text is fenced as data (see :mod:`.prompts`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, ValidationError

from carebench.interruptions import prompts
from carebench.interruptions.cells import Cell, Phase
from carebench.interruptions.concepts import asks, matches
from carebench.interruptions.pathway import Pathway
from carebench.interruptions.roles import ModelRole
from carebench.interruptions.transcript import Delivered

JUDGE_TEXT_LIMIT = 200_000


class Verdict(BaseModel):
    """One judge's verdict on one trial."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    judge: str
    passed: bool | None
    points: dict[str, bool] = {}
    spans: dict[str, str] = {}
    invalid: str | None = None
    raw: str | None = None


def judged_text(heard: Sequence[Delivered], phase: Phase) -> str:
    """The agent text a judge sees (see the module conventions)."""
    parts = [
        t.kept
        for t in heard
        if t.speaker == "agent" and not t.prelude and not (phase is Phase.GATHERING and t.truncated)
    ]
    return "\n".join(p for p in parts if p.strip())


class Judge(Protocol):
    """A judge of one trial."""

    name: str

    async def judge(
        self, pathway: Pathway, cell: Cell, heard: Sequence[Delivered], seed: int
    ) -> Verdict:
        """The verdict for the trial's turns as heard."""
        ...


class ConceptJudge:
    """The deterministic concept-matching judge."""

    name = "concept"

    async def judge(
        self, pathway: Pathway, cell: Cell, heard: Sequence[Delivered], seed: int
    ) -> Verdict:
        """Judge by concept matching; never invalid."""
        return concept_verdict(pathway, cell.phase, judged_text(heard, cell.phase))


def concept_verdict(pathway: Pathway, phase: Phase, text: str) -> Verdict:
    """The concept judge's verdict on judged text."""
    if phase is Phase.GATHERING:
        asked = asks(text, pathway.target.concepts)
        return Verdict(judge="concept", passed=asked, points={pathway.target.id: asked})
    points = {p.id: matches(text, p.concepts) for p in pathway.faq.points}
    return Verdict(judge="concept", passed=all(points.values()), points=points)


class _Asked(BaseModel):
    model_config = ConfigDict(extra="forbid")
    asked: bool
    span: str = ""


class _Point(BaseModel):
    model_config = ConfigDict(extra="forbid")
    conveyed: bool
    span: str = ""


class _Coverage(BaseModel):
    model_config = ConfigDict(extra="forbid")
    points: dict[str, _Point]


def verdict_schema(pathway: Pathway, phase: Phase) -> dict[str, Any]:
    """The JSON schema the LLM judge decodes under, for ``phase`` of ``pathway``.

    Gathering: ``{"asked": bool, "span": str}``. Provision: ``{"points": {ID: {"conveyed": bool,
    "span": str}}}`` with exactly the FAQ's point ids. Every object lists all its properties as
    required and forbids others (the shape OpenAI's strict ``json_schema`` mode accepts); ``title``
    names the schema (the openai backend sends it as the ``json_schema`` name).
    """

    def finding(flag: str) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {flag: {"type": "boolean"}, "span": {"type": "string"}},
            "required": [flag, "span"],
            "additionalProperties": False,
        }

    if phase is Phase.GATHERING:
        return {"title": "interruption_judge_gathering", **finding("asked")}
    ids = [p.id for p in pathway.faq.points]
    points = {
        "type": "object",
        "properties": {pid: finding("conveyed") for pid in ids},
        "required": ids,
        "additionalProperties": False,
    }
    return {
        "title": "interruption_judge_provision",
        "type": "object",
        "properties": {"points": points},
        "required": ["points"],
        "additionalProperties": False,
    }


def _json_object(text: str) -> object:
    """The first JSON object in ``text`` (a fenced ```json block or the outermost braces)."""
    text = text[:JUDGE_TEXT_LIMIT]
    fenced = re.search(r"```(?:json)?\s*(\{.*?\})\s*```", text, re.DOTALL)
    candidate = fenced.group(1) if fenced else text[text.find("{") : text.rfind("}") + 1]
    return json.loads(candidate)


def parse_llm_verdict(
    pathway: Pathway, phase: Phase, judged: str, raw: str, name: str = "llm"
) -> Verdict:
    """Validate an LLM judge's raw answer against the schema and the verbatim-span rule."""

    def invalid(reason: str) -> Verdict:
        return Verdict(judge=name, passed=None, invalid=reason, raw=raw[:4000])

    try:
        data = _json_object(raw)
    except (ValueError, RecursionError):
        return invalid("no JSON object in the answer")
    try:
        if phase is Phase.GATHERING:
            asked = _Asked.model_validate(data)
            if asked.asked:
                span = asked.span.strip()
                if not span or span not in judged:
                    return invalid("the cited span is not a verbatim quote of the agent's turns")
                if "?" not in span:
                    return invalid("the cited span is not a question")
                spans = {pathway.target.id: span}
            else:
                spans = {}
            return Verdict(
                judge=name,
                passed=asked.asked,
                points={pathway.target.id: asked.asked},
                spans=spans,
                raw=raw[:4000],
            )
        coverage = _Coverage.model_validate(data)
    except ValidationError as exc:
        return invalid(f"the answer does not match the verdict schema: {exc.errors()[0]['msg']}")
    wanted = [p.id for p in pathway.faq.points]
    if sorted(coverage.points) != sorted(wanted):
        return invalid(f"expected exactly the points {wanted}, got {sorted(coverage.points)}")
    points: dict[str, bool] = {}
    spans = {}
    for pid in wanted:
        point = coverage.points[pid]
        if point.conveyed:
            span = point.span.strip()
            if not span or span not in judged:
                return invalid(f"point {pid}: the cited span is not a verbatim quote")
            spans[pid] = span
        points[pid] = point.conveyed
    return Verdict(
        judge=name, passed=all(points.values()), points=points, spans=spans, raw=raw[:4000]
    )


class LLMJudge:
    """A judge played by a model role; see the module docstring."""

    def __init__(self, role: ModelRole) -> None:
        self.role = role
        self.name = f"llm:{role.spec.label}"

    async def judge(
        self, pathway: Pathway, cell: Cell, heard: Sequence[Delivered], seed: int
    ) -> Verdict:
        """Ask the model under the verdict schema, then validate its answer."""
        text = judged_text(heard, cell.phase)
        if not text:
            return Verdict(judge=self.name, passed=False, points={}, invalid=None)
        messages = prompts.judge_messages(pathway, cell.phase, text)
        raw = await self.role.complete(messages, seed, verdict_schema(pathway, cell.phase))
        return parse_llm_verdict(pathway, cell.phase, text, raw, self.name)
