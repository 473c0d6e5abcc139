"""Prompt conditions (paper 000): versioned template files rendered into chat messages.

``vanilla`` presents the action space with neutral, class-specific definitions; ``uncertainty`` adds
the checklist (missing, stale, conflicting information, risk cues including late ones), states that
missed escalations are more harmful than unnecessary ones and asks for calibrated confidence. Both
ask for the same JSON object. Templates live in ``carebench/agents/prompts/<condition>-<version>.md``;
the SHA-256 of the template text identifies it in run manifests, and the SHA-256 of the exact rendered
messages is stored with every result.
"""

from __future__ import annotations

import hashlib
import json
from enum import StrEnum
from functools import cache
from importlib.resources import files

from carebench.episodes.render import render_transcript
from carebench.episodes.schema import Episode, TaskClass

TEMPLATE_VERSION = "v1"

TASK_CLASS_TITLES = {
    TaskClass.DOCUMENTATION_UPDATE: "documentation update (drafting notes and record entries)",
    TaskClass.EVIDENCE_RETRIEVAL: "evidence retrieval (answering strictly from a supplied evidence packet)",
    TaskClass.PATIENT_MESSAGING: "patient messaging (drafting replies to patient portal messages)",
    TaskClass.TRIAGE_HANDOFF: "triage handoff (routing nurse-line calls)",
}

Message = dict[str, str]


class Condition(StrEnum):
    """The two prompt conditions of paper 000."""

    VANILLA = "vanilla"
    UNCERTAINTY = "uncertainty"


@cache
def template_text(condition: str, version: str = TEMPLATE_VERSION) -> str:
    """The raw template of a condition (or of the ``extended`` addendum)."""
    return (files("carebench.agents") / "prompts" / f"{condition}-{version}.md").read_text(
        encoding="utf-8"
    )


def template_hash(condition: str, version: str = TEMPLATE_VERSION) -> str:
    """SHA-256 of the template text."""
    return hashlib.sha256(template_text(condition, version).encode("utf-8")).hexdigest()


WORK_PRODUCTS = {
    TaskClass.DOCUMENTATION_UPDATE: "the note or record update",
    TaskClass.EVIDENCE_RETRIEVAL: "the answer to the question",
    TaskClass.PATIENT_MESSAGING: "the portal reply to the patient",
    TaskClass.TRIAGE_HANDOFF: "the completed handoff with its routine disposition",
}
EXTENDED = "extended"
"""The addendum template (``extended-<version>.md``) that asks for the work product."""
_REPLY = "Reply with one JSON object"


def render_messages(
    episode: Episode, condition: Condition, *, extended: bool = False
) -> list[Message]:
    """The chat messages for one episode: a system prompt and the transcript as the user turn.

    With ``extended`` the condition's reply instruction is replaced by the extended-output addendum
    (:mod:`carebench.agents.workproduct`) and evidence lines carry their ids.
    """
    definitions = "\n".join(f"- {o.action.value}: {o.meaning}" for o in episode.action_space)
    names = ", ".join(o.action.value for o in episode.action_space)
    system = template_text(condition).format(
        task_class_title=TASK_CLASS_TITLES[episode.task_class],
        action_definitions=definitions,
        action_names=names,
    )
    user = render_transcript(episode)
    if extended:
        from carebench.agents.workproduct import handoff_fields
        from carebench.episodes.schema import DESTINATIONS
        from carebench.episodes.sources import tagged_transcript

        fields = "{" + ", ".join(f'"{f}": "<value>"' for f in handoff_fields(episode)) + "}"
        system = system[: system.index(_REPLY)] + template_text(EXTENDED).format(
            work_product=WORK_PRODUCTS[episode.task_class],
            destinations=", ".join(DESTINATIONS[episode.task_class]),
            handoff_fields=fields,
            action_names=names,
        )
        user = tagged_transcript(episode)
    return [{"role": "system", "content": system.strip()}, {"role": "user", "content": user}]


def canonical_json(value: object) -> str:
    """JSON with sorted keys, compact separators and no ASCII escaping (hashed for identities)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def prompt_hash(messages: list[Message]) -> str:
    """SHA-256 of the canonical JSON (:func:`canonical_json`) of the exact messages sent."""
    return hashlib.sha256(canonical_json(messages).encode()).hexdigest()
