"""Pathways as data: the schema of a pathway YAML file and its loading with located errors.

A pathway is one clinical call (e.g. a post-operative cataract follow-up): the agent's system
prompt and call script, the history-taking questions (one of them the gathering cells' target),
the FAQs (one of them the provision cells' target, with its required content points), a default
patient persona and, per cell, the patient's interrupting move. Nothing pathway-specific lives in
code. Errors name the file, line, field and what was expected, like the seed loader's (whose YAML
helpers this module reuses). Sizes are bounded (:data:`MAX_TEXT_CHARS` per text field,
:data:`MAX_PHRASE_CHARS` per concept phrase, :data:`MAX_ITEMS` per list), so a pathway file cannot
make one trial's matching run unbounded.
"""

from __future__ import annotations

import hashlib
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from carebench.episodes import loading
from carebench.episodes.formats import PATHWAY_FORMAT, version_problem
from carebench.errors import BankValidationError, CarebenchError, ValidationIssue
from carebench.interruptions.cells import Cell

Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
MAX_TEXT_CHARS = 4000
"""The longest text field of a pathway (a prompt, a question, an answer sentence)."""
MAX_PHRASE_CHARS = 100
MAX_ITEMS = 100
"""The most questions, FAQs, answer sentences, concept groups or phrases in one list."""
Text = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_TEXT_CHARS)
]
Phrase = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_PHRASE_CHARS)
]
ConceptGroups = Annotated[
    list[Annotated[list[Phrase], Field(min_length=1, max_length=MAX_ITEMS)]],
    Field(min_length=1, max_length=MAX_ITEMS),
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AgentScript(_Strict):
    """The agent's instructions and fixed lines."""

    system_prompt: Text
    opening: Text
    closing: Text
    anything_else: Text


class Persona(_Strict):
    """The default patient persona and its cooperative stock replies."""

    name: Text
    description: Text
    consent: Text
    acknowledgement: Text
    no_more_questions: Text


NotAbout = Annotated[list[Phrase], Field(max_length=MAX_ITEMS)]
"""Phrases naming what a question or point is *not* about: another site (the other eye, the skin
under the tape), another symptom or another pathway's topic. A sentence naming one is not evidence
for it (:func:`carebench.interruptions.concepts.on_topic`). Optional; empty by default."""


class Question(_Strict):
    """A history-taking question: canonical wording, the concepts that identify it, an answer."""

    id: Slug
    text: Text
    concepts: ConceptGroups
    patient_answer: Text
    not_about: NotAbout = Field(default_factory=list)


class ContentPoint(_Strict):
    """A required content point of an FAQ answer."""

    id: Slug
    description: Text
    concepts: ConceptGroups
    not_about: NotAbout = Field(default_factory=list)


class Faq(_Strict):
    """A patient question with its reference answer (sentences, in order) and content points."""

    id: Slug
    patient_question: Text
    triggers: ConceptGroups
    answer: Annotated[list[Text], Field(min_length=1, max_length=MAX_ITEMS)]
    points: list[ContentPoint] = Field(default_factory=list, max_length=MAX_ITEMS)


class CellMove(_Strict):
    """The patient's interrupting move in one cell: a directive and the hard-coded utterance."""

    directive: Text
    utterance: Text


class Interruptions(_Strict):
    """The marker and the per-cell patient moves (all four cells are required)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    marker: Text
    gathering_recognitional: CellMove = Field(alias="gathering-recognitional")
    gathering_competitive: CellMove = Field(alias="gathering-competitive")
    provision_transitional: CellMove = Field(alias="provision-transitional")
    provision_competitive: CellMove = Field(alias="provision-competitive")

    def move(self, cell: Cell) -> CellMove:
        """The move of ``cell``."""
        move: CellMove = getattr(self, cell.value.replace("-", "_"))
        return move


class Pathway(_Strict):
    """One pathway file."""

    format: Literal["carebench-pathway/1"] = PATHWAY_FORMAT
    id: Slug
    title: Text
    description: Text
    sources: Annotated[list[Text], Field(min_length=1)]
    agent: AgentScript
    persona: Persona
    questions: Annotated[list[Question], Field(min_length=1, max_length=MAX_ITEMS)]
    target_question: Slug
    faqs: Annotated[list[Faq], Field(min_length=1, max_length=MAX_ITEMS)]
    target_faq: Slug
    interruptions: Interruptions

    @property
    def target(self) -> Question:
        """The gathering cells' target question."""
        return next(q for q in self.questions if q.id == self.target_question)

    @property
    def faq(self) -> Faq:
        """The provision cells' target FAQ."""
        return next(f for f in self.faqs if f.id == self.target_faq)

    def digest(self) -> str:
        """SHA-256 of the canonical JSON of the pathway (part of a study's identity).

        An empty ``not_about`` (the optional field added to format 1) is left out, so a pathway
        written before the field existed keeps its digest, and its studies their ids.
        """
        empty: dict[str, Any] = {"format": True}
        if questions := {i: {"not_about"} for i, q in enumerate(self.questions) if not q.not_about}:
            empty["questions"] = questions
        faqs = {}
        for i, faq in enumerate(self.faqs):
            if points := {j: {"not_about"} for j, p in enumerate(faq.points) if not p.not_about}:
                faqs[i] = {"points": points}
        if faqs:
            empty["faqs"] = faqs
        return hashlib.sha256(
            self.model_dump_json(by_alias=True, exclude=empty).encode()
        ).hexdigest()


def _semantic_issues(p: Pathway) -> list[tuple[list[str | int], str]]:
    """Cross-field problems: (path, message)."""
    out: list[tuple[list[str | int], str]] = []
    for name, ids in (("questions", [q.id for q in p.questions]), ("faqs", [f.id for f in p.faqs])):
        seen: set[str] = set()
        for i, item_id in enumerate(ids):
            if item_id in seen:
                out.append(([name, i, "id"], f"duplicate id {item_id!r}"))
            seen.add(item_id)
    qids = [q.id for q in p.questions]
    if p.target_question not in qids:
        out.append((["target_question"], f"got {p.target_question!r}; expected one of {qids}"))
    fids = [f.id for f in p.faqs]
    if p.target_faq not in fids:
        out.append((["target_faq"], f"got {p.target_faq!r}; expected one of {fids}"))
    else:
        index = fids.index(p.target_faq)
        if not p.faq.points:
            out.append(
                (["faqs", index, "points"], "the target FAQ needs at least one content point")
            )
        if len(p.faq.answer) < 2:
            out.append(
                (
                    ["faqs", index, "answer"],
                    "the target FAQ's answer needs at least two sentences (sub-units), so a "
                    "transitional interruption has a boundary to fall on",
                )
            )
    return out


class PathwayValidationError(BankValidationError):
    """A pathway file failed validation; ``issues`` lists every problem, with file and line."""

    def __init__(self, issues: list[ValidationIssue]) -> None:
        super().__init__(issues)
        lines = "\n".join(f"  {issue}" for issue in self.issues)
        self.args = (f"the pathway has {len(self.issues)} validation error(s):\n{lines}",)

    def __str__(self) -> str:
        return str(self.args[0])


def parse_pathway_text(text: str, file: str) -> tuple[Pathway | None, list[ValidationIssue]]:
    """Parse one pathway file's text; never raises for bad input, returning located issues.

    Args:
        text: the YAML text.
        file: the name to report in issues.

    Returns:
        The pathway (None when any issue was found) and every issue, each with file and line.
    """
    root, data, yaml_issues = loading.compose_yaml(text, file)
    if yaml_issues:
        return None, yaml_issues
    if not isinstance(data, dict) or root is None:
        got = "an empty file" if data is None else f"a {type(data).__name__}"
        return None, [
            ValidationIssue(file, 1, "", f"expected a mapping of pathway fields, got {got}")
        ]
    problem = version_problem(data, "pathway")
    if problem is not None:
        return None, [ValidationIssue(file, loading._line_of(root, ["format"]), "format", problem)]
    try:
        duplicates = loading._duplicate_keys(root)
    except RecursionError:  # a self-referencing alias
        return None, [ValidationIssue(file, None, "", "malformed YAML: recursive alias")]
    issues = [
        ValidationIssue(file, line, path, f"duplicate key {key!r} (YAML keeps only the last one)")
        for path, line, key in duplicates
    ]
    try:
        pathway = Pathway.model_validate(data)
    except ValidationError as exc:
        for error in exc.errors():
            loc = list(error["loc"])
            message = (
                "unknown field (not part of the pathway format; see docs/interruptions.md)"
                if error["type"] == "extra_forbidden"
                else loading._describe_pydantic_error(error)
            )
            issues.append(
                ValidationIssue(file, loading._line_of(root, loc), ".".join(map(str, loc)), message)
            )
        return None, loading._dedupe(issues)
    for path, message in _semantic_issues(pathway):
        issues.append(
            ValidationIssue(file, loading._line_of(root, path), ".".join(map(str, path)), message)
        )
    return (None if issues else pathway), issues


def load_pathway(source: str | Path) -> Pathway:
    """Load a pathway by packaged id (``cataract-follow-up``) or by file path.

    Raises:
        CarebenchError: the file is missing or unreadable.
        PathwayValidationError: the file is invalid; every issue is listed with file and line.
    """
    path = Path(source)
    if path.suffix in (".yaml", ".yml") or path.exists():
        if not path.is_file():
            raise CarebenchError(f"{path}: no such pathway file")
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CarebenchError(f"{path}: cannot read the pathway file: {exc}") from exc
        name = str(path)
    else:
        resource = files("carebench") / "scenarios" / "pathways" / f"{source}.yaml"
        if not resource.is_file():
            raise CarebenchError(
                f"unknown pathway {str(source)!r}; expected a file path or one of "
                f"{', '.join(packaged_pathways())}"
            )
        text, name = resource.read_text(encoding="utf-8"), f"pathways/{source}.yaml"
    pathway, issues = parse_pathway_text(text, name)
    if pathway is None:
        raise PathwayValidationError(issues)
    return pathway


def packaged_pathways() -> list[str]:
    """Ids of the pathways shipped with carebench."""
    folder = files("carebench") / "scenarios" / "pathways"
    return sorted(p.name[: -len(".yaml")] for p in folder.iterdir() if p.name.endswith(".yaml"))


def pathway_summary(pathway: Pathway) -> dict[str, Any]:
    """A short description for manifests and reports."""
    return {
        "id": pathway.id,
        "title": pathway.title,
        "sha256": pathway.digest(),
        "target_question": pathway.target_question,
        "target_faq": pathway.target_faq,
        "points": [p.id for p in pathway.faq.points],
    }
