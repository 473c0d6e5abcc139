"""The escalation benchmark as an Inspect task: ``inspect eval carebench/escalation``.

The task uses carebench's own prompt rendering (:func:`carebench.agents.prompts.render_messages`)
and output contract (:mod:`carebench.agents.contract`), so a sample's messages and its prompt hash are
those of a ``carebench run`` with the same condition, and the scorer parses the output exactly as the
runner does.

Conventions:
    * One sample per episode (id = episode id); ``target`` is the acceptable set; sample metadata
      carries the design fields (seed, task class, variant, split, primary action) and the prompt
      hash, and the task metadata the condition, template hash and bank hash.
    * Structured output: by default the task asks for the decision JSON schema through Inspect's
      ``response_schema`` (used by providers that support it: OpenAI, vLLM, SGLang, ...; others
      ignore it and the tolerant parser applies). ``-T structured=false`` turns it off.
    * Greedy decoding (temperature 0) and 256 output tokens, as ``carebench run``'s defaults;
      Inspect's ``--temperature`` / ``--max-tokens`` override them.
    * The score is 1 (``C``) iff the output satisfies the contract and its action is in the
      acceptable set, else 0 (``I``); its metadata records action, confidence, reason, the
      contract status (``ok`` / ``invalid``) and the parse error. Invalid outputs count as
      incorrect and not escalated (docs/methods.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import (
    ChatMessage,
    ChatMessageSystem,
    ChatMessageUser,
    GenerateConfig,
    ResponseSchema,
)
from inspect_ai.scorer import CORRECT, INCORRECT, Score, Scorer, Target, accuracy, scorer, stderr
from inspect_ai.solver import TaskState, generate
from inspect_ai.util import JSONSchema

from carebench.agents.contract import decision_json_schema, parse_decision
from carebench.agents.prompts import Condition, prompt_hash, render_messages, template_hash
from carebench.episodes.bank import BANK_VERSION, load_bank
from carebench.episodes.canonical import bank_sha256
from carebench.episodes.schema import Action, Episode
from carebench.errors import CarebenchError
from carebench.protocol.levels import EvidenceLevel

TASK_NAME = "escalation"
SPLITS = ("dev", "test", "all")


def _as_paths(bank: str | Sequence[str] | None) -> tuple[str, ...] | None:
    if bank is None or bank == "":
        return None
    if isinstance(bank, str):
        return tuple(p for p in bank.split(",") if p)
    return tuple(str(p) for p in bank)


def episode_sample(episode: Episode, condition: Condition) -> Sample:
    """One Inspect sample: carebench's rendered messages, the acceptable set as target."""
    messages = render_messages(episode, condition)
    chat: list[ChatMessage] = [
        ChatMessageSystem(content=messages[0]["content"]),
        ChatMessageUser(content=messages[1]["content"]),
    ]
    return Sample(
        id=episode.episode_id,
        input=chat,
        target=[a.value for a in episode.reference.acceptable],
        metadata={
            "episode_id": episode.episode_id,
            "seed_id": episode.seed_id,
            "task_class": episode.task_class.value,
            "variant": episode.variant.value,
            "split": episode.split.value,
            "reference_primary": episode.reference.primary.value,
            "escalation_required": episode.escalation_required,
            "prompt_hash": prompt_hash(messages),
        },
    )


@scorer(metrics=[accuracy(), stderr()])
def decision_scorer() -> Scorer:
    """Parse the output with carebench's contract; correct iff the action is acceptable."""

    async def score(state: TaskState, target: Target) -> Score:
        parsed = parse_decision(state.output.completion)
        decision = parsed.decision
        correct = decision is not None and decision.action.value in target.target
        return Score(
            value=CORRECT if correct else INCORRECT,
            answer=decision.action.value if decision else None,
            explanation=decision.reason if decision else parsed.error,
            metadata={
                "action": decision.action.value if decision else None,
                "confidence": decision.confidence if decision else None,
                "reason": decision.reason if decision else None,
                "status": "ok" if decision else "invalid",
                "error": parsed.error,
                "escalated": decision is not None and decision.action is Action.ESCALATE,
            },
        )

    return score


@task
def escalation(
    condition: str = "vanilla",
    split: str = "test",
    bank: str | list[str] | None = None,
    structured: bool = True,
) -> Task:
    """The escalation benchmark of carebench (papers 000 and 001) as an Inspect task.

    Args:
        condition: prompt condition, ``vanilla`` or ``uncertainty``.
        split: ``test`` (every reported metric), ``dev`` (tuning only) or ``all``.
        bank: seed files or folders (comma-separated on the command line); the packaged bank
            when omitted.
        structured: request the decision JSON schema as structured output.
    """
    try:
        cond = Condition(condition)
    except ValueError:
        raise CarebenchError(
            f"condition {condition!r}: expected one of {', '.join(c.value for c in Condition)}"
        ) from None
    if split not in SPLITS:
        raise CarebenchError(f"split {split!r}: expected one of {', '.join(SPLITS)}")
    paths = _as_paths(bank)
    episodes = load_bank(paths)
    chosen = [e for e in episodes if split == "all" or e.split.value == split]
    config: dict[str, Any] = {"temperature": 0.0, "max_tokens": 256}
    if structured:
        config["response_schema"] = ResponseSchema(
            name="decision",
            json_schema=JSONSchema.model_validate(decision_json_schema()),
            strict=True,
        )
    return Task(
        dataset=MemoryDataset(
            [episode_sample(e, cond) for e in chosen], name=f"carebench-escalation-{split}"
        ),
        solver=generate(),
        scorer=decision_scorer(),
        config=GenerateConfig(**config),
        metadata={
            "carebench": {
                "condition": cond.value,
                "template_sha256": template_hash(cond),
                "split": split,
                "bank_paths": list(paths) if paths else None,
                "bank_sha256": bank_sha256(episodes),
                "bank_version": None if paths else BANK_VERSION,
                "evidence_level": EvidenceLevel.AGENT.value,
            }
        },
    )
