"""Independent review and adjudication of the bank (paper 001's annotation protocol), as data.

Each packaged seed has a review file ``scenarios/review/<seed id>.yaml`` next to the bank. It holds:

* ``findings``: problems raised against the seed (the outside review of bank v1, the authors' own
  pass, the second reviewer's clinical checks) with the resolution and outcome (``fixed`` or
  ``answered``: kept, with the reason);
* ``review``: who reviewed and who adjudicated, and per variant the author's label as it stood when
  the reviewer started (``author``), the second reviewer's label given blind to it (``reviewer``),
  the adjudicated label (``adjudicated``, which the seed file must then carry), the disagreement
  type and the change made.

The unit of agreement is one seed x variant (labels are per variant and shared by both surfaces),
so a full bank has 200 units. Agreement before adjudication is Cohen's kappa on the primary action
(scikit-learn ``cohen_kappa_score``; NaN when both raters use a single label, reported, not raised)
and percent agreement on the exact acceptable set.

Disagreement types (paper 001 asks a release to keep "the final label and disagreement type"; it
does not enumerate types, so carebench defines them):

* ``none``: author and reviewer gave the same primary and acceptable set;
* ``primary_action``: the primary actions differ;
* ``acceptable_set``: same primary, different acceptable sets;
* ``clinical_fact``: the labels agree, but the reviewer found a clinical error in the text;
* ``text_ambiguity``: the labels differ because the text allowed two readings (fixed by rewording);
* ``leak``: the reviewer could infer the label from a surface cue rather than the clinical content.

A release adjudicated in the annotation app (``carebench annotate export``) writes the same format
with two extensions, both optional so that older files still load: each variant may carry
``protocol`` (:class:`ProtocolReview`: both annotators' labels of every annotation unit of paper
001, the adjudicated final labels and one disagreement type per unit type), and ``author`` /
``reviewer`` are then the first and second annotator's reference decisions. For the list units
(facts, claims, sources, fields) ``clinical_fact`` means one annotator's items were clinically
wrong, ``text_ambiguity`` that the text allowed both sets, ``leak`` that an item came from a
surface cue; ``primary_action`` and ``acceptable_set`` apply to the decision unit only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from importlib.resources import files
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from carebench.episodes.formats import REVIEW_FORMAT, version_problem
from carebench.episodes.loading import read_yaml_mapping
from carebench.episodes.schema import Action, Variant
from carebench.episodes.seed import Seed
from carebench.errors import CarebenchError, first_error


class DisagreementType(StrEnum):
    """Why author and second reviewer differed (see the module docstring)."""

    NONE = "none"
    PRIMARY_ACTION = "primary_action"
    ACCEPTABLE_SET = "acceptable_set"
    CLINICAL_FACT = "clinical_fact"
    TEXT_AMBIGUITY = "text_ambiguity"
    LEAK = "leak"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Label(_Strict):
    """One rater's reference decision for one variant."""

    primary: Action
    acceptable: list[Action]

    def key(self) -> tuple[Action, frozenset[Action]]:
        """Primary action and acceptable set, for comparison."""
        return self.primary, frozenset(self.acceptable)


LIST_UNITS: tuple[str, ...] = (
    "retain_facts",
    "revise_facts",
    "discard_facts",
    "prohibited_claims",
    "admissible_sources",
    "handoff_fields",
)
"""The annotation units that are lists of short phrases or ids, in display order."""

UNIT_TYPES: tuple[str, ...] = ("decision", *LIST_UNITS)
"""The unit types an adjudicator records a disagreement type for (decision: primary + set)."""


class UnitLabels(_Strict):
    """One person's labels of every annotation unit of one seed x variant (paper 001).

    ``acceptable`` must contain ``primary``; list items are non-empty phrases (or evidence item
    ids for ``admissible_sources``); ``note`` is free text; ``rationale`` is the one-line defence
    of the decision that a seed's ``reference.rationale`` holds.
    """

    primary: Action
    acceptable: list[Action]
    retain_facts: list[str] = Field(default_factory=list)
    revise_facts: list[str] = Field(default_factory=list)
    discard_facts: list[str] = Field(default_factory=list)
    prohibited_claims: list[str] = Field(default_factory=list)
    admissible_sources: list[str] = Field(default_factory=list)
    handoff_fields: list[str] = Field(default_factory=list)
    note: str = ""
    rationale: str = Field(
        default="",
        description="One line defending the decision: the seed's reference rationale (optional; "
        "files written before it existed load with it empty).",
    )

    @model_validator(mode="after")
    def _primary_is_acceptable(self) -> UnitLabels:
        if self.primary not in self.acceptable:
            raise ValueError(
                f"the acceptable set {[a.value for a in self.acceptable]} must contain the "
                f"primary action {self.primary.value}"
            )
        return self

    def decision(self) -> Label:
        """The reference decision part (primary action and acceptable set)."""
        return Label(primary=self.primary, acceptable=list(self.acceptable))


class ProtocolReview(_Strict):
    """Both annotators' unit labels, the adjudicated final labels and the disagreement types."""

    annotators: dict[str, UnitLabels] = Field(description="Annotator name -> submitted labels.")
    final: UnitLabels
    disagreements: dict[str, DisagreementType] = Field(
        description="Unit type (decision, retain_facts, ...) -> why the annotators differed."
    )

    @model_validator(mode="after")
    def _known_unit_types(self) -> ProtocolReview:
        unknown = sorted(set(self.disagreements) - set(UNIT_TYPES))
        if unknown:
            raise ValueError(f"unknown unit type(s) {unknown}; expected some of {list(UNIT_TYPES)}")
        return self


class Finding(_Strict):
    """A problem raised against a seed and what became of it."""

    finding: str = Field(min_length=1)
    resolution: str = Field(min_length=1)
    outcome: Literal["fixed", "answered"]


class VariantReview(_Strict):
    """Both raters' labels for one variant, the adjudicated label and the disagreement."""

    author: Label
    reviewer: Label
    adjudicated: Label
    disagreement: DisagreementType
    change: str = Field(default="", description="What adjudication changed, or empty.")
    reviewer_notes: str = Field(
        default="",
        description="The reviewer's flags: FACT (clinical error), LEAK, AMBIGUOUS; empty if none.",
    )
    protocol: ProtocolReview | None = Field(
        default=None,
        description="Annotation units from the annotation app, when adjudicated there.",
    )


class Review(_Strict):
    """Who reviewed a seed, and the five variants' labels."""

    reviewer: str = Field(min_length=1, description="Who the second reviewer was, exactly.")
    adjudicator: str = Field(min_length=1, description="Who adjudicated, exactly.")
    variants: dict[Variant, VariantReview]


class SeedReview(_Strict):
    """One review file."""

    format: Literal["carebench-review/1"] = REVIEW_FORMAT
    seed: str
    findings: list[Finding] = Field(default_factory=list)
    review: Review | None = None


def packaged_review_dir() -> Path:
    """The folder of the packaged bank's review files."""
    return Path(str(files("carebench") / "scenarios" / "review"))


def load_reviews(folder: Path | None = None) -> list[SeedReview]:
    """Load every ``*.yaml`` review file in ``folder`` (the packaged reviews by default).

    Raises:
        CarebenchError: a file is unreadable, not UTF-8, not valid YAML, does not match the review
            format (the message names the file and the field), or reviews a seed another file
            reviews too.
    """
    root = folder or packaged_review_dir()
    reviews: list[SeedReview] = []
    first_file: dict[str, Path] = {}
    for path in sorted(p for p in root.glob("*.yaml") if p.is_file()):
        _, data = read_yaml_mapping(path, "the review file", "seed, review, ...")
        problem = version_problem(data, "review")
        if problem is not None:
            raise CarebenchError(f"{path}: format: {problem}")
        try:
            review = SeedReview.model_validate(data)
        except ValidationError as exc:
            where, message = first_error(exc, "(top level)")
            raise CarebenchError(f"{path}: {where}: {message}") from exc
        if review.seed in first_file:
            raise CarebenchError(
                f"{path}: seed {review.seed!r} is reviewed in {first_file[review.seed].name} too; "
                "expected one review file per seed"
            )
        first_file[review.seed] = path
        reviews.append(review)
    return reviews


def check_against_bank(reviews: Sequence[SeedReview], seeds: Iterable[Seed]) -> list[str]:
    """Problems linking reviews to the bank: unknown seeds, missing reviews, labels not in seeds.

    A review of a seed the bank does not have is a problem too (a misnamed or stale file).

    Returns:
        One message per problem; empty when every seed has a complete review whose adjudicated
        labels are exactly the seed's reference decisions.
    """
    by_seed = {r.seed: r for r in reviews}
    seeds = list(seeds)
    known = {seed.id for seed in seeds}
    problems: list[str] = [
        f"{r.seed}: a review of a seed that is not in the bank"
        for r in reviews
        if r.seed not in known
    ]
    for seed in seeds:
        review = by_seed.get(seed.id)
        if review is None or review.review is None:
            problems.append(f"{seed.id}: no independent review")
            continue
        for variant in Variant:
            entry = review.review.variants.get(variant)
            if entry is None:
                problems.append(f"{seed.id}.{variant.value}: not reviewed")
                continue
            reference = getattr(seed.variants, variant.value).reference
            authored = (reference.primary, frozenset(reference.acceptable_set()))
            if entry.adjudicated.key() != authored:
                problems.append(
                    f"{seed.id}.{variant.value}: adjudicated {entry.adjudicated.primary.value} "
                    f"{sorted(a.value for a in entry.adjudicated.acceptable)} but the seed says "
                    f"{reference.primary.value} {sorted(a.value for a in authored[1])}"
                )
    return problems


@dataclass(frozen=True)
class Agreement:
    """Agreement between author and second reviewer before adjudication."""

    units: int
    kappa_primary: float
    primary_agreement: float
    acceptable_set_agreement: float
    disagreements: dict[str, int]
    changed_by_adjudication: int

    def as_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "units": self.units,
            "kappa_primary": self.kappa_primary,
            "primary_agreement": self.primary_agreement,
            "acceptable_set_agreement": self.acceptable_set_agreement,
            "disagreements": self.disagreements,
            "changed_by_adjudication": self.changed_by_adjudication,
        }


def agreement(reviews: Sequence[SeedReview]) -> Agreement:
    """Cohen's kappa on the primary action and percent agreement, over every reviewed variant."""
    from sklearn.metrics import cohen_kappa_score

    entries = [e for r in reviews if r.review is not None for e in r.review.variants.values()]
    if not entries:
        nan = float("nan")
        return Agreement(0, nan, nan, nan, {}, 0)
    author = [e.author.primary.value for e in entries]
    reviewer = [e.reviewer.primary.value for e in entries]
    if len(set(author) | set(reviewer)) < 2:
        kappa = float("nan")  # both raters used one label: kappa is undefined
    else:
        kappa = float(cohen_kappa_score(author, reviewer))
    counts: dict[str, int] = {t.value: 0 for t in DisagreementType}
    for e in entries:
        counts[e.disagreement.value] += 1
    n = len(entries)
    return Agreement(
        units=n,
        kappa_primary=kappa,
        primary_agreement=sum(a == b for a, b in zip(author, reviewer, strict=True)) / n,
        acceptable_set_agreement=sum(
            frozenset(e.author.acceptable) == frozenset(e.reviewer.acceptable) for e in entries
        )
        / n,
        disagreements=counts,
        changed_by_adjudication=sum(e.adjudicated.key() != e.author.key() for e in entries),
    )


def format_agreement(reviews: Sequence[SeedReview], bank_seeds: int | None = None) -> str:
    """Markdown: who reviewed, agreement before adjudication, disagreement types, changes.

    ``bank_seeds``: the number of seeds in the bank, for the headline ("3 of 40 seeds"); without
    it the headline counts review files.
    """
    result = agreement(reviews)
    people = sorted(
        {(r.review.reviewer, r.review.adjudicator) for r in reviews if r.review is not None}
    )
    findings = [f for r in reviews for f in r.findings]
    reviewed = sum(r.review is not None for r in reviews)
    of = (
        f"{bank_seeds} seeds in the bank"
        if bank_seeds is not None
        else f"{len(reviews)} review files"
    )
    lines = [
        f"Reviewed seeds: {reviewed} of {of}; units (seed x variant): {result.units}.",
        "",
    ]
    for reviewer, adjudicator in people:
        lines += [f"- Second reviewer: {reviewer}.", f"- Adjudicator: {adjudicator}."]
    lines += [
        "",
        "| agreement before adjudication | value |",
        "|---|---|",
        f"| Cohen's kappa, primary action | {result.kappa_primary:.3f} |",
        f"| percent agreement, primary action | {result.primary_agreement:.1%} |",
        f"| percent agreement, exact acceptable set | {result.acceptable_set_agreement:.1%} |",
        f"| labels changed by adjudication | {result.changed_by_adjudication} |",
        "",
        "| disagreement type | units |",
        "|---|---|",
    ]
    lines += [f"| {kind} | {n} |" for kind, n in result.disagreements.items()]
    fixed = sum(f.outcome == "fixed" for f in findings)
    lines += [
        "",
        f"Findings recorded: {len(findings)} ({fixed} fixed, {len(findings) - fixed} answered "
        "with a reason).",
    ]
    return "\n".join(lines)
