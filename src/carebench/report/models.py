"""The report's analysis as typed data: the models behind metrics.json and its published schema.

metrics.json is validated against :class:`ReportMetrics` before it is written; its JSON schema
(:func:`metrics_json_schema`) is shipped as ``carebench/schemas/metrics.schema.json`` so that
downstream tools can rely on it (a test fails when the file and the models drift apart).

Conventions: every number that can be undefined (an interval with no positives, a metric of an
empty group) is ``null`` in metrics.json (NaN in Python); intervals are 95 % percentile
seed-bootstrap intervals unless ``bootstrap.level`` says otherwise. Sections the models do not
describe in detail (the controller, work products, interruption studies, plugins' sections) are
objects whose fields are documented in docs/report.md; unknown top-level keys are a plugin's.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "BankEntry",
    "Floor",
    "IntervalOut",
    "PairedTestOut",
    "PlanSection",
    "ReportMetrics",
    "RunMetrics",
    "metrics_json_schema",
]

Number = float | None


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class IntervalOut(_Strict):
    """A point estimate with its seed-bootstrap interval."""

    estimate: Number
    ci_low: Number
    ci_high: Number
    n: int = Field(description="rows (episodes) behind the estimate")
    n_seeds: int = Field(description="clusters (seeds) resampled")
    bootstrap_b: int = Field(description="finite bootstrap replicates used")


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
    reliability: list[dict[str, Any]]


class RiskCoverage(_Strict):
    coverage: list[Number]
    risk: list[Number]


class RunMetrics(_Strict):
    """One run's metrics (``runs[*]``)."""

    run_id: str
    label: str
    bank_sha256: str
    backend: str
    model: str | None
    condition: str
    declared_costs: dict[str, Any]
    declared_costs_text: str
    robustness_costs_text: str
    plan: dict[str, Any] | None
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
    reliability: dict[str, Any] | None = Field(
        default=None,
        description="reliability across samples: all-k, any-k, flip rate, majority vote, surface "
        "agreement (docs/methods.md)",
    )
    cost: dict[str, Any] | None = Field(
        default=None, description="tokens and latency of the run (docs/report.md)"
    )
    at_or_under_floor: bool | None = Field(
        default=None, description="at or under its own bank's bag-of-words floor"
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


class PlannedTestOut(PairedTestOut):
    """A planned test, with the power the plan had for the difference it expects."""

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


class PlanSection(BaseModel):
    """The analysis plan the report is made under, its planned tests and departures."""

    model_config = ConfigDict(extra="allow")

    status: str = Field(description="planned or exploratory")
    label: str
    departures: list[str]
    exploratory: str | None
    tests: list[PlannedTestOut]


class SplitCount(_Strict):
    n_seeds: int
    n_episodes: int


class BankEntry(_Strict):
    """A bank the reported runs were made on."""

    bank_sha256: str
    bank_paths: list[str] | None = Field(description="seed paths; null: the packaged scenarios")
    runs: list[str] = Field(description="display labels of its runs")
    n_seeds: int
    n_episodes: int
    splits: dict[str, SplitCount]


class FloorScore(BaseModel):
    model_config = ConfigDict(extra="forbid")

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


class ReportMetrics(BaseModel):
    """metrics.json: everything the report shows, as data."""

    model_config = ConfigDict(extra="allow", title="carebench metrics.json")

    carebench_version: str
    evidence_level: str
    evidence: dict[str, Any]
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
    controller: dict[str, Any] | None = Field(
        default=None, description="present when every split was loaded (docs/report.md)"
    )
    work_product_episodes: list[dict[str, Any]] = Field(
        default_factory=list,
        description="per-episode atomic scores of the extended runs, with their components",
    )
    work_products: list[dict[str, Any]] = Field(default_factory=list)
    work_product_floors: list[dict[str, Any]] = Field(
        default_factory=list, description="the gaming floors of the work-product scores, per bank"
    )
    work_product_judge: dict[str, Any] | None = Field(
        default=None,
        description="how claim support was decided in the work-product scores: the deterministic "
        "rules or a named model judge, with its invalid and overruled answers",
    )
    work_product_tests: dict[str, Any] | None = Field(
        default=None,
        description="the plan's planned work-product comparisons, their own Holm family",
    )
    interruptions: dict[str, Any] | None = None


def metrics_json_schema() -> str:
    """metrics.json's JSON schema as stable, indented text (checked in under schemas/)."""
    return json.dumps(ReportMetrics.model_json_schema(), indent=2, sort_keys=True) + "\n"
