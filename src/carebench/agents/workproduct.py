"""Extended agent output (opt-in per run): the decision plus the work product, schema-enforced.

Besides ``action``, ``confidence`` and ``reason`` (the decision contract), an extended output has:

* ``draft``: for Answer, the work product itself (note update, portal reply, evidence answer, or the
  routine disposition of a call) as a list of claims, each one statement with the ids of the evidence
  items that support it (:mod:`carebench.episodes.sources`); empty for every other action;
* ``handoff``: for Escalate, the routing record of the task class: ``urgency`` (``emergency``,
  ``same_day`` or ``routine``), ``destination`` (one of the class's destinations), ``reason``,
  ``key_findings``, ``actions_taken`` (what was already done) and ``fields``, one value per handoff
  field the seed names; null for every other action.

The JSON schema is built per episode (:func:`work_product_schema`): citation ids are an enum of the
episode's item ids and ``fields`` has exactly the seed's handoff fields, so a backend that constrains
decoding cannot cite an item that does not exist. Servers that ignore the schema can, and the scorer
counts it. The decision is parsed exactly as in a plain run (extra keys are ignored), so decision
metrics never depend on the work product; a work product that fails its own rules is recorded as
invalid with the reason (:func:`parse_work_product`) and scores as absent; so is one whose text holds
a control character (NUL, an escape sequence: tab and line breaks are allowed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from carebench.agents.contract import decision_json_schema, first_object
from carebench.episodes.schema import DESTINATIONS, Action, Episode
from carebench.episodes.sources import episode_sources
from carebench.errors import first_error

MAX_CLAIMS = 12
MAX_CLAIM_CHARS = 400
MAX_ITEMS = 8
MAX_ITEM_CHARS = 600
"""The longest key finding, action taken, destination or field value: room for any evidence line
of the bank copied whole (the longest is 545 characters), and a bound on the scorer's work (its
readings grow faster than linearly with one text's length: 20,000 characters took minutes)."""
MAX_FIELDS = 16
"""The most ``fields`` a handoff may carry (the seeds name at most 7; names are read as well)."""
MAX_FIELD_NAME_CHARS = 80


class Urgency(StrEnum):
    """How soon the receiving clinician must act."""

    EMERGENCY = "emergency"
    SAME_DAY = "same_day"
    ROUTINE = "routine"


ROUTING_FIELDS = ("urgency", "destination", "reason", "key_findings", "actions_taken")

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _plain(text: str) -> str:
    """``text`` unchanged; a control character (NUL, escape, ...) makes it invalid."""
    found = _CONTROL.search(text)
    if found:
        raise ValueError(
            f"control character U+{ord(found.group()):04X} at character {found.start()}; "
            "expected plain text (tabs and line breaks are allowed)"
        )
    return text


def _visible(text: str) -> str:
    r"""``text`` with each control character written as ``\xNN`` (for messages)."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


Text = Annotated[str, AfterValidator(_plain)]
"""Text of a work product: a control character other than tab and line breaks is invalid."""
Item = Annotated[str, Field(max_length=MAX_ITEM_CHARS), AfterValidator(_plain)]
"""One key finding, action taken, destination or field value (:data:`MAX_ITEM_CHARS`)."""


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Claim(_Frozen):
    """One statement of a draft and the evidence items it cites."""

    text: Text = Field(max_length=MAX_CLAIM_CHARS)
    sources: tuple[str, ...] = Field(default=(), max_length=MAX_ITEMS)


class Handoff(_Frozen):
    """The routing record of an escalation."""

    urgency: Urgency
    destination: Item
    reason: Text = Field(max_length=MAX_CLAIM_CHARS)
    key_findings: tuple[Item, ...] = Field(max_length=MAX_ITEMS)
    actions_taken: tuple[Item, ...] = Field(max_length=MAX_ITEMS)
    fields: dict[
        Annotated[str, Field(max_length=MAX_FIELD_NAME_CHARS), AfterValidator(_plain)], Item
    ] = Field(default_factory=dict, max_length=MAX_FIELDS)


class WorkProduct(_Frozen):
    """What an extended output carries besides the decision."""

    draft: tuple[Claim, ...] = Field(default=(), max_length=MAX_CLAIMS)
    handoff: Handoff | None = None


def handoff_fields(episode: Episode) -> tuple[str, ...]:
    """The seed's handoff fields for this episode (none without annotations)."""
    return episode.annotations.handoff_fields if episode.annotations else ()


def work_product_schema(episode: Episode) -> dict[str, Any]:
    """The JSON schema of one episode's extended output (see the module docstring)."""
    ids = [source.id for source in episode_sources(episode)]
    strings: dict[str, Any] = {"type": "array", "items": {"type": "string"}, "maxItems": MAX_ITEMS}
    fields = handoff_fields(episode)
    handoff = {
        "type": "object",
        "properties": {
            "urgency": {"type": "string", "enum": [u.value for u in Urgency]},
            "destination": {"type": "string", "enum": list(DESTINATIONS[episode.task_class])},
            "reason": {"type": "string"},
            "key_findings": strings,
            "actions_taken": strings,
            "fields": {
                "type": "object",
                "properties": {name: {"type": "string"} for name in fields},
                "required": list(fields),
                "additionalProperties": False,
            },
        },
        "required": [*ROUTING_FIELDS, "fields"],
        "additionalProperties": False,
    }
    claim = {
        "type": "object",
        "properties": {
            "text": {"type": "string"},
            "sources": {
                "type": "array",
                "items": {"type": "string", "enum": ids},
                "maxItems": MAX_ITEMS,
            },
        },
        "required": ["text", "sources"],
        "additionalProperties": False,
    }
    decision = decision_json_schema()
    return {
        **decision,
        "properties": {
            **decision["properties"],
            "draft": {"type": "array", "items": claim, "maxItems": MAX_CLAIMS},
            "handoff": {"anyOf": [handoff, {"type": "null"}]},
        },
        "required": [*decision["required"], "draft", "handoff"],
    }


@dataclass(frozen=True)
class WorkProductResult:
    """A parsed work product, or why it is invalid (``None`` work product)."""

    work_product: WorkProduct | None
    error: str | None


def parse_work_product(raw: str, action: Action | None) -> WorkProductResult:
    """The work product of a raw extended output whose decision parsed as ``action``.

    Rules beyond the schema: an Answer needs a non-empty draft, an Escalate needs a handoff, and
    a handoff's destination must be one of its class's destinations (checked by the scorer, which
    knows the class). Other actions carry neither (anything they carry is ignored).
    """
    if action is None:
        return WorkProductResult(None, "the decision is invalid")
    try:
        data = first_object(raw)
    except ValueError as exc:
        return WorkProductResult(None, str(exc))
    try:
        product = WorkProduct.model_validate(
            {key: data.get(key) for key in ("draft", "handoff") if data.get(key) is not None}
        )
    except ValidationError as exc:
        where, message = first_error(exc, "output")
        return WorkProductResult(None, f"{_visible(where)}: {message}")
    if action is Action.ANSWER and not product.draft:
        return WorkProductResult(None, "an Answer must carry a non-empty draft")
    if action is Action.ESCALATE and product.handoff is None:
        return WorkProductResult(None, "an Escalate must carry a handoff")
    return WorkProductResult(product, None)


def reference_work_product(episode: Episode, action: Action) -> dict[str, Any]:
    """The reference work product of ``episode`` for ``action``, from its annotation units.

    An Answer's draft states each fact to retain or revise that the admissible evidence states,
    citing the admissible items that state it. An Escalate's handoff carries real values a nurse
    could act on: the episode's first allowed urgency (default emergency) and destination
    (default: the class's first urgent destination; its first emergency-capable one when only
    ``emergency`` is allowed), the urgent findings as reason and key
    findings (with the required facts), and each handoff field's first reference value
    (``handoff_values``); a field without one gets the admissible line that names it, or says it
    is not stated in the record. It is what a score of 1.00 means; it is not a model of good
    clinical writing.
    """
    from carebench.episodes.matching import states
    from carebench.episodes.schema import EMERGENCY_CAPABLE_DESTINATIONS, URGENT_DESTINATIONS

    sources = [s for s in episode_sources(episode) if s.admissible]
    units = episode.annotations
    facts = [
        fact
        for fact in ((*units.retain_facts, *units.revise_facts) if units else ())
        if any(states(s.evidence, fact) for s in sources)
    ]
    draft = [
        {"text": fact, "sources": [s.id for s in sources if states(s.evidence, fact)][:MAX_ITEMS]}
        for fact in facts[:MAX_CLAIMS]
    ]
    if action is Action.ANSWER:
        return {
            "draft": draft or [{"text": "No change to the record.", "sources": []}],
            "handoff": None,
        }
    if action is not Action.ESCALATE:
        return {"draft": [], "handoff": None}
    urgent = list(units.urgent_findings) if units else []
    values = units.handoff_values if units else {}
    urgency = (units.handoff_urgency if units else ()) or (Urgency.EMERGENCY.value,)
    default = (
        EMERGENCY_CAPABLE_DESTINATIONS if urgency == ("emergency",) else URGENT_DESTINATIONS
    )[episode.task_class]
    destination = ((units.handoff_destinations if units else ()) or default)[0]

    def field_value(name: str) -> str:
        if values.get(name):
            return values[name][0]
        words = [w for w in name.lower().split() if len(w) > 3]
        named = [s.evidence for s in sources if any(w in s.evidence.lower() for w in words)]
        return named[0] if named else "not stated in the record"

    return {
        "draft": [],
        "handoff": {
            "urgency": urgency[0],
            "destination": destination,
            "reason": "; ".join(urgent) or (facts[0] if facts else "escalated for review now"),
            "key_findings": [*urgent, *facts][:MAX_ITEMS],
            "actions_taken": ["Escalated now; no treatment given or advised by the agent."],
            "fields": {name: field_value(name) for name in handoff_fields(episode)},
        },
    }
