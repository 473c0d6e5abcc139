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
def template_text(condition: Condition, version: str = TEMPLATE_VERSION) -> str:
    """The raw template of a condition."""
    return (files("carebench.agents") / "prompts" / f"{condition.value}-{version}.md").read_text(
        encoding="utf-8"
    )


def template_hash(condition: Condition, version: str = TEMPLATE_VERSION) -> str:
    """SHA-256 of the template text."""
    return hashlib.sha256(template_text(condition, version).encode("utf-8")).hexdigest()


def render_messages(episode: Episode, condition: Condition) -> list[Message]:
    """The chat messages for one episode: a system prompt and the transcript as the user turn."""
    definitions = "\n".join(f"- {o.action.value}: {o.meaning}" for o in episode.action_space)
    system = template_text(condition).format(
        task_class_title=TASK_CLASS_TITLES[episode.task_class],
        action_definitions=definitions,
        action_names=", ".join(o.action.value for o in episode.action_space),
    )
    return [
        {"role": "system", "content": system.strip()},
        {"role": "user", "content": render_transcript(episode)},
    ]


def canonical_json(value: object) -> str:
    """JSON with sorted keys, compact separators and no ASCII escaping (hashed for identities)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def prompt_hash(messages: list[Message]) -> str:
    """SHA-256 of the canonical JSON (:func:`canonical_json`) of the exact messages sent."""
    return hashlib.sha256(canonical_json(messages).encode()).hexdigest()
