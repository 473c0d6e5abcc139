"""Evidence levels (paper 001, Table I) and the reporting rule that goes with them.

Paper 001 sorts evidence about healthcare agents into three levels: *model*, *agent* and
*simulated workflow*. Its reporting rule: every result identifies its level and is never promoted
to a stronger deployment claim. None of the three levels says anything about clinical validity or
patient outcome; those need a prospective clinical study, which carebench is not.

Convention: a stored run of the escalation benchmark is agent-level evidence (one agent's decisions
in short simulated episodes); an interruption study is simulated-workflow evidence (multi-turn
dialogues with a simulated patient). carebench produces no model-level results itself; the level
exists so that reports quoting static benchmarks next to carebench's can name it.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum

from carebench.errors import CarebenchError


class EvidenceLevel(StrEnum):
    """The evidence level of a result (paper 001), weakest first."""

    MODEL = "model"
    AGENT = "agent"
    SIMULATED_WORKFLOW = "simulated_workflow"


@dataclass(frozen=True)
class LevelCard:
    """What one evidence level lets a report say.

    Attributes:
        level: the level.
        name: its display name.
        question: the deployment question results at this level can answer.
        metrics: the typical metric family.
        cannot_answer: the blind spot: what results at this level cannot answer.
        statement: the strongest wording allowed; every report at this level prints it verbatim.
    """

    level: EvidenceLevel
    name: str
    question: str
    metrics: str
    cannot_answer: str
    statement: str


_NOT_CLINICAL = "clinical validity, safety in deployment or any effect on patient outcomes"

LEVELS: dict[EvidenceLevel, LevelCard] = {
    EvidenceLevel.MODEL: LevelCard(
        EvidenceLevel.MODEL,
        "model",
        "What does the model know or produce on fixed, static items (recall, extraction, "
        "single-turn answers)?",
        "accuracy, exact match or F1 on static question sets; hallucination rates",
        "whether the system acts correctly when the situation changes, when it should ask, defer "
        f"or escalate, and anything about multi-step use; nor {_NOT_CLINICAL}",
        "Model level: these results describe capability on static items. They are not evidence "
        f"of agent behaviour in a workflow, nor of {_NOT_CLINICAL}.",
    ),
    EvidenceLevel.AGENT: LevelCard(
        EvidenceLevel.AGENT,
        "agent",
        "Does this agent choose an acceptable action (answer, ask, abstain, escalate) in short "
        "simulated episodes whose workflow state changes (missing, stale or conflicting "
        "information, late red flags)?",
        "decision accuracy, escalation sensitivity and specificity, cost-weighted utility, "
        "calibration, by variant and task class",
        "how the agent behaves over a multi-turn workflow, with interruptions, real records, "
        f"real staff receiving its handoffs or real patients; nor {_NOT_CLINICAL}",
        "Agent level: these results describe one agent's decisions on synthetic episodes. They "
        f"are not evidence of workflow performance, nor of {_NOT_CLINICAL}.",
    ),
    EvidenceLevel.SIMULATED_WORKFLOW: LevelCard(
        EvidenceLevel.SIMULATED_WORKFLOW,
        "simulated workflow",
        "Does the agent keep required clinical content across a multi-turn simulated workflow "
        "(e.g. a simulated patient interrupting a follow-up call)?",
        "per-cell failure rates with Wilson intervals, interruption yield, judge agreement",
        "real speech, timing and patients (a simulator and a judge stand in for people), other "
        f"pathways than the one simulated; nor {_NOT_CLINICAL}",
        "Simulated-workflow level: these results describe an agent in a simulated multi-turn "
        "workflow, with simulated patients and an automated judge. They are not evidence of "
        f"{_NOT_CLINICAL}.",
    ),
}

#: Claims no carebench result supports, whatever its level (matched case-insensitively, on words).
PROMOTION_PHRASES: tuple[str, ...] = (
    "clinically validated",
    "clinically proven",
    "validated for clinical use",
    "ready for clinical use",
    "ready for deployment",
    "deployment-ready",
    "deployment ready",
    "safe for deployment",
    "safe to deploy",
    "safe for clinical use",
    "safe for patients",
    "improves patient outcomes",
    "improves patient safety",
    "improves patient care",
    "reduces patient harm",
    "approved for clinical",
    "proven safe",
)

#: Claims of a stronger level than the key's, forbidden at that level on top of the common ones.
STRONGER_PHRASES: dict[EvidenceLevel, tuple[str, ...]] = {
    EvidenceLevel.MODEL: (
        "escalates safely",
        "handles workflow",
        "workflow-validated",
        "validated in clinical workflows",
    ),
    EvidenceLevel.AGENT: ("workflow-validated", "validated in clinical workflows"),
    EvidenceLevel.SIMULATED_WORKFLOW: ("validated in clinical workflows",),
}


def forbidden_phrases(level: EvidenceLevel) -> tuple[str, ...]:
    """Every phrase a report at ``level`` must not contain."""
    return PROMOTION_PHRASES + STRONGER_PHRASES[level]


def _words(text: str) -> str:
    """``text`` folded for matching (HTML or plain text).

    Tags are removed, entities decoded, compatibility forms unified (NFKC), invisible format
    characters (zero-width spaces and joiners, soft hyphens) dropped, words written together in
    camel case parted ("ClinicallyValidated"), case lowered; hyphens, underscores and other
    separators read as spaces; whitespace collapsed.
    """
    plain = unicodedata.normalize("NFKC", html.unescape(re.sub(r"<[^>]*>", " ", text)))
    plain = "".join(c for c in plain if unicodedata.category(c) != "Cf")
    plain = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", plain).lower()
    return " " + re.sub(r"\s+", " ", re.sub(r"[-_‐‑–—/.:,;]+", " ", plain)).strip() + " "


def promotion_phrases_in(text: str, level: EvidenceLevel, joined: bool = False) -> list[str]:
    """The forbidden phrases of ``level`` that ``text`` contains, matched after folding.

    Case, hyphens, whitespace, camel case and invisible characters are folded:
    "Safe-for-deployment" and "ClinicallyValidated" (or with a zero-width space between the
    words) are the phrases. With ``joined`` (a name, not prose) a phrase written without spaces
    counts too ("clinicallyvalidated").
    """
    words = _words(text)
    solid = words.replace(" ", "")
    return [
        p
        for p in forbidden_phrases(level)
        if _words(p) in words or (joined and _words(p).replace(" ", "") in solid)
    ]


def check_user_text(texts: dict[str, str], level: EvidenceLevel) -> None:
    """Refuse user-controlled text (run labels, model and plan names) that promotes a result.

    Raises:
        CarebenchError: a text holds a promotion phrase, or a control character (a newline in a
            model name would write its own paragraph into a printed summary).
    """
    problems = []
    for where, text in texts.items():
        if re.search(r"[\x00-\x1f\x7f]", text):
            problems.append(f"{where} {text!r} holds a control character (newline, tab, ...)")
        found = promotion_phrases_in(text, level, joined=True)
        if found:
            problems.append(f"{where} {text!r} contains the promotion phrase {found[0]!r}")
    if problems:
        raise CarebenchError(
            "the report's reporting rule (paper 001: a result is never promoted to a stronger "
            "claim) refuses this report: " + "; ".join(problems) + ". Rename it and report again"
        )


def wording_problems(text: str, level: EvidenceLevel) -> list[str]:
    """What is wrong with a report's wording at ``level`` (empty: nothing).

    A problem is a forbidden phrase the text contains, or the level's own statement missing.
    ``text`` may be HTML (tags are ignored) or plain text.
    """
    words = _words(text)
    problems = [f"promotes the result: {p!r}" for p in promotion_phrases_in(text, level)]
    if _words(LEVELS[level].statement) not in words:
        problems.append(f"lacks the {LEVELS[level].name}-level statement")
    return problems
