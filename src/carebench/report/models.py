"""The report's analysis as typed data: the models behind metrics.json and its published schema.

:func:`carebench.report.analysis.analyze` returns a :class:`ReportMetrics`; the report's
sections add their values to it (:mod:`carebench.report.sections`), the writer, the templates and
the printed summary read its attributes, and metrics.json is its dump (NaN written as ``null``),
validated before it is written. Its JSON schema (:func:`metrics_json_schema`) is shipped as
``carebench/schemas/metrics.schema.json`` so that downstream tools can rely on it (a test fails
when the file and the models drift apart).

Conventions: every number that can be undefined (an interval with no positives, a metric of an
empty group) is ``null`` in metrics.json (NaN in Python); intervals are 95 % percentile
seed-bootstrap intervals unless ``bootstrap.level`` says otherwise. A model dumps its fields in
declaration order, which is the order of the keys in metrics.json. The interruption studies'
document and a plugin's section are JSON values whose shape their producers own (docs/report.md);
unknown top-level keys are a plugin's (``model_extra``).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from carebench.metrics.costs import ClassCosts
from carebench.report.section_models import (
    ControllerSection,
    IntervalOut,
    Omits,
    PlanIdentity,
    ReliabilityBin,
    RunCost,
    WorkProductAgreementRow,
    WorkProductFloorBank,
    WorkProductJudge,
    WorkProductRow,
    WorkProductTests,
)
from carebench.report.section_models import Reliability as SampleReliability
from carebench.report.section_models import Strict as _Strict
from carebench.report.sections import BUILTIN

__all__ = [
    "BankEntry",
    "EvidenceCard",
    "Floor",
    "IntervalOut",
    "PairedTestOut",
    "PlanRef",
    "PlanSection",
    "PlannedTestOut",
    "ReportMetrics",
    "RunMetrics",
    "metrics_json_schema",
    "nan_to_none",
]

Number = float | None


class Calibration(_Strict):
    """Calibration and selective prediction on the valid outputs."""

    n_valid: int
    mean_confidence: Number
    mean_confidence_correct: Number
    mean_confidence_incorrect: Number
    ece: IntervalOut
    failure_auroc: IntervalOut
    aurc: Number
    n_bins: int
    reliability: list[ReliabilityBin]


class RiskCoverage(_Strict):
    coverage: list[Number]
    risk: list[Number]


class RunMetrics(_Strict, Omits):
    """One run's metrics (``runs[*]``)."""

    omit_unset = ("reliability", "cost", "at_or_under_floor", "incomplete_note")

    run_id: str
    label: str
    bank_sha256: str
    backend: str
    model: str | None
    condition: str
    declared_costs: ClassCosts
    declared_costs_text: str
    robustness_costs_text: str
    plan: PlanIdentity | None
    plan_version: int | None
    evidence_level: str
    n_episodes: int
    n_seeds: int
    error_dominated: bool
    error_note: str
    headline: dict[str, IntervalOut] = Field(
        description="accuracy, invalid_rate, error_rate, sensitivity, specificity, missed_rate, "
        "precision, utility, utility_robustness, late_risk_sensitivity"
    )
    by_variant: dict[str, dict[str, IntervalOut]]
    by_task_class: dict[str, dict[str, IntervalOut]]
    by_split_accuracy: dict[str, IntervalOut]
    action_distribution_escalation_required: dict[str, int | float | None] = Field(
        description="share of each action (and invalid) on escalation-required rows, and n"
    )
    calibration: Calibration
    risk_coverage: RiskCoverage
    reliability: SampleReliability | None = Field(
        default=None,
        description="reliability across samples: all-k, any-k, flip rate, majority vote, surface "
        "agreement (docs/methods.md)",
    )
    cost: RunCost | None = Field(default=None, description="tokens and latency of the run")
    at_or_under_floor: bool | None = Field(
        default=None, description="at or under its own bank's bag-of-words floor"
    )
    incomplete_note: str | None = Field(
        default=None,
        description="set when the run stored fewer records than its manifest planned (an "
        "interrupted run): how many of how many",
    )


class PairedTestOut(BaseModel):
    """A paired seed-level Wilcoxon signed-rank test."""

    model_config = ConfigDict(extra="allow")

    comparison: str
    n_seeds: int
    mean_a: Number
    mean_b: Number
    wilcoxon_statistic: Number
    p_value: Number
    p_holm: Number
    method: str = Field(description="how p was computed: exact, exact with ties, or normal approx")
    evidence_level: str


class PlannedTestOut(BaseModel):
    """A planned test (comparison x metric), with the power the plan had for its difference."""

    model_config = ConfigDict(extra="allow")

    comparison: str
    metric: str
    run_a: str | None = Field(description="run id of side A (null: not resolved)")
    run_b: str | None = Field(description="run id of side B (null: not resolved)")
    computed: bool = Field(description="false: not computable, kept in the family with p = 1")
    n_seeds: int
    mean_a: Number
    mean_b: Number
    wilcoxon_statistic: Number
    p_value: Number
    p_holm: Number
    method: str | None = Field(description="exact, exact with ties, normal approx, or empty")
    evidence_level: str
    expected_difference: Number = Field(
        default=None, description="the difference the plan declares it expects (metric units)"
    )
    power: Number = Field(
        default=None,
        description="simulated power for expected_difference at power_alpha (docs/methods.md, "
        "Power); null when none is declared or it is not computable",
    )
    power_alpha: Number = Field(
        default=None, description="the level of the power: alpha / family size (Holm's first step)"
    )
    power_note: str | None = Field(
        default=None, description="how the power was computed, or why it was not"
    )


class PlanRef(_Strict):
    """The registered plan a report is made under."""

    name: str
    version: int
    sha256: str
    registered_at: str


class PlanSection(Omits):
    """The analysis plan the report is made under, its planned tests and departures."""

    omit_unset = ("ref", "content", "family_size")

    model_config = ConfigDict(extra="allow")

    status: str = Field(description="planned or exploratory")
    label: str
    ref: PlanRef | None = Field(default=None, description="the registered plan (planned only)")
    content: dict[str, Any] | None = Field(
        default=None, description="the plan's canonical content (planned only; docs/authoring.md)"
    )
    family_size: int | None = Field(default=None, description="planned tests (planned only)")
    departures: list[str]
    exploratory: str | None
    tests: list[PlannedTestOut]


class SplitCount(_Strict):
    n_seeds: int
    n_episodes: int


class BankEntry(_Strict, Omits):
    """A bank the reported runs were made on."""

    omit_unset = ("n_seeds", "n_episodes", "splits")

    bank_sha256: str
    bank_paths: list[str] | None = Field(description="seed paths; null: the packaged scenarios")
    bank_version: str | None = Field(
        default=None,
        description="the packaged bank's version; null: a custom bank, or runs stored before "
        "versions were recorded",
    )
    runs: list[str] = Field(description="display labels of its runs")
    run_ids: list[str] = Field(default_factory=list, description="ids of its runs, as in runs")
    n_seeds: int | None = Field(default=None, description="null: the bank's episodes not given")
    n_episodes: int | None = None
    splits: dict[str, SplitCount] = Field(default_factory=dict)


class FloorScore(_Strict, Omits):
    """One floor predictor's accuracy and escalation recall."""

    omit_unset = ("action",)

    accuracy: IntervalOut
    escalation_recall: IntervalOut
    action: str | None = Field(default=None, description="the constant action (best constant)")


class Floor(_Strict):
    """The keyword floor of one bank on the reported split(s)."""

    bank_sha256: str
    split: str
    bag_of_words: FloorScore
    rule: FloorScore
    best_constant: FloorScore


class Bootstrap(_Strict):
    unit: str
    b: int
    rng_seed: int
    level: float
    method: str


class PairedTests(_Strict):
    clean_vs_perturbed: list[PairedTestOut]
    test: str


class EvidenceCard(_Strict):
    """The evidence level's card (paper 001, Table I)."""

    level: str
    name: str
    question: str
    metrics: str
    cannot_answer: str
    statement: str


class ReportMetrics(Omits):
    """metrics.json: everything the report shows, as data.

    The fields up to ``paired_tests`` come from :func:`~carebench.report.analysis.analyze`; the
    rest are the built-in sections (:data:`carebench.report.sections.BUILTIN`, in that order),
    absent when a section does not apply. A plugin's section is an extra field under its key.
    """

    model_config = ConfigDict(
        extra="allow", title="carebench metrics.json", validate_assignment=True
    )
    omit_unset = BUILTIN  # the built-in sections: absent from metrics.json until computed

    carebench_version: str
    evidence_level: str
    evidence: EvidenceCard
    evidence_note: str
    plan: PlanSection
    costs_note: str | None
    splits: list[str]
    bootstrap: Bootstrap
    runs: list[RunMetrics]
    banks: list[BankEntry]
    bank_note: str | None
    paired_tests: PairedTests
    keyword_floor: list[Floor] = Field(default_factory=list)
    controller: ControllerSection | None = Field(
        default=None, description="present when every split was loaded"
    )
    work_product_episodes: list[dict[str, Any]] = Field(
        default_factory=list,
        description="per-episode atomic scores of the extended runs, with their components "
        "(one row of the scores table each: docs/report.md)",
    )
    work_product_judge: WorkProductJudge | None = Field(
        default=None,
        description="how claim support was decided in the work-product scores: the deterministic "
        "rules or a named model judge, with its invalid and overruled answers",
    )
    work_products: list[WorkProductRow] = Field(default_factory=list)
    work_product_tests: WorkProductTests | None = Field(
        default=None,
        description="the plan's planned work-product comparisons, their own Holm family",
    )
    work_product_floors: list[WorkProductFloorBank] = Field(
        default_factory=list, description="the gaming floors of the work-product scores, per bank"
    )
    work_product_agreement: list[WorkProductAgreementRow] = Field(
        default_factory=list,
        description="the work-product scorer's agreement with the packaged labelled sets (labelled "
        "by AI sessions blind to the scorer, not clinicians); empty without extended runs",
    )
    interruptions: dict[str, Any] | None = Field(
        default=None,
        description="the interruption studies' metrics document (docs/interruptions.md)",
    )

    def set_section(self, key: str, value: Any) -> None:
        """Set a section's value: a built-in's is validated into its model, a plugin's kept."""
        setattr(self, key, value)

    def has_section(self, key: str) -> bool:
        """Whether the section under ``key`` was computed (a built-in's or a plugin's)."""
        return key in self.model_fields_set or key in (self.model_extra or {})

    def plugin_sections(self) -> dict[str, Any]:
        """The plugins' sections: top-level values under keys the model does not declare."""
        return dict(self.model_extra or {})

    def to_json_data(self) -> dict[str, Any]:
        """metrics.json's data: every field in order, NaN as None.

        Sections that do not apply are left out (:class:`~carebench.report.section_models.Omits`).
        """
        data: dict[str, Any] = nan_to_none(self.model_dump(mode="json"))
        return data


def nan_to_none(value: Any) -> Any:
    """``value`` with every NaN float replaced by None, so metrics.json is strict JSON."""
    if isinstance(value, float) and value != value:
        return None
    if isinstance(value, dict):
        return {k: nan_to_none(v) for k, v in value.items()}
    if isinstance(value, list):
        return [nan_to_none(v) for v in value]
    return value


def metrics_json_schema() -> str:
    """metrics.json's JSON schema as stable, indented text (checked in under schemas/)."""
    return json.dumps(ReportMetrics.model_json_schema(), indent=2, sort_keys=True) + "\n"
