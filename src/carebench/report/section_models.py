"""Typed parts of metrics.json: per-run reliability and cost, the controller and work products.

Field order is the order the keys are written in metrics.json (a model dumps its fields in
declaration order), so these models must list their fields in the order the computations produce
them. Conventions: an undefined number is ``null`` in metrics.json (NaN in Python); an interval is
an :class:`IntervalOut` (a seed-bootstrap percentile interval); a list ``[low, high]`` is a Wilson
or bootstrap interval as its field says. Where a value's shape is open (a backend's facts, a
judge's identity, a plugin's section, the interruption studies' own document) the field stays a
JSON object and docs/report.md says what it holds.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

__all__ = [
    "Ablation",
    "ControllerFit",
    "ControllerRun",
    "ControllerSection",
    "DetectorQuality",
    "DetectorQualityBank",
    "FittedController",
    "IntervalOut",
    "JudgeDescription",
    "JudgeRecord",
    "LatencyExcluded",
    "Omits",
    "PlanIdentity",
    "Reliability",
    "ReliabilityBin",
    "ReliabilityFigures",
    "RunCost",
    "StoredCosts",
    "StoredMatrix",
    "StressAuditRow",
    "Strict",
    "Transfer",
    "WorkProductAgreementRow",
    "WorkProductComponents",
    "WorkProductFloorBank",
    "WorkProductFloorRow",
    "WorkProductJudge",
    "WorkProductRow",
    "WorkProductTest",
    "WorkProductTests",
]

Number = float | None
#: A value that is an integer or a float (kept as it was computed: ``1`` stays ``1``).
Real = int | float


class Strict(BaseModel):
    """A metrics.json object with exactly the fields its model declares."""

    model_config = ConfigDict(extra="forbid")


class Omits(BaseModel):
    """A model whose fields named in ``omit_unset`` are left out of its dump until set.

    Such a field is absent from metrics.json when it does not apply (a section that was not
    computed, a run without a floor), rather than written as ``null``.
    """

    omit_unset: ClassVar[tuple[str, ...]] = ()

    @model_serializer(mode="wrap")
    def _drop_unset(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for name in self.omit_unset:
            if name not in self.model_fields_set:
                data.pop(name, None)
        return data


class IntervalOut(Strict):
    """A point estimate with its seed-bootstrap interval."""

    estimate: Number
    ci_low: Number
    ci_high: Number
    n: int = Field(description="rows (episodes) behind the estimate")
    n_seeds: int = Field(description="clusters (seeds) resampled")
    bootstrap_b: int = Field(description="finite bootstrap replicates used")


class ReliabilityBin(Strict):
    """One equal-width bin of the reliability diagram (valid outputs; an empty bin has NaN means)."""

    lower: float
    upper: float
    n: int
    mean_confidence: Number
    accuracy: Number


class StoredMatrix(Strict):
    """A cost matrix as a run manifest stores it (keys sorted)."""

    c_fn: float
    c_fp: float
    u_tn: float
    u_tp: float


class StoredCosts(Strict):
    """Cost matrices per task class as a run manifest stores them (keys sorted)."""

    by_class: dict[str, StoredMatrix]
    default: StoredMatrix


class PlanIdentity(BaseModel):
    """The identity of the analysis plan a run was made under, as its manifest records it.

    A manifest is stored with sorted keys, so the fields are in that order.
    """

    model_config = ConfigDict(extra="allow")

    costs: StoredCosts
    name: str
    robustness_costs: StoredCosts
    sha256: str


class ReliabilityFigures(Strict):
    """Reliability across samples of one group of episodes (docs/methods.md)."""

    single_sample_escalation: IntervalOut
    all_k_escalation: IntervalOut
    any_k_escalation: IntervalOut
    n_short: int = Field(description="escalation-required episodes with fewer than k samples")
    flip_rate: IntervalOut
    majority_accuracy: IntervalOut
    majority_sensitivity: IntervalOut
    surface_agreement: IntervalOut


class Reliability(Strict):
    """A run's reliability across samples, overall and per task class and variant."""

    k: int = Field(description="the samples per episode the run declared")
    evidence_level: str
    n_episodes: int
    samples_min: int
    samples_max: int
    n_single_sample: int
    single_sample_escalation: IntervalOut
    all_k_escalation: IntervalOut
    any_k_escalation: IntervalOut
    n_short: int
    flip_rate: IntervalOut
    majority_accuracy: IntervalOut
    majority_sensitivity: IntervalOut
    surface_agreement: IntervalOut
    by_task_class: dict[str, ReliabilityFigures]
    by_variant: dict[str, ReliabilityFigures]


class LatencyExcluded(Strict):
    """Records left out of the latency figures, by reason."""

    cache_hits: int
    errors: int
    retried: int


class RunCost(Strict):
    """Tokens and latency of one run (docs/methods.md, "What a run costs")."""

    evidence_level: str
    records: int
    k: int
    records_without_tokens: int
    prompt_tokens_total: int
    completion_tokens_total: int
    prompt_tokens_per_sample: Number
    completion_tokens_per_sample: Number
    prompt_tokens_per_episode_k: Number
    completion_tokens_per_episode_k: Number
    latency_n: int
    latency_p50_s: Number
    latency_p95_s: Number
    latency_excluded: LatencyExcluded


# --- the controller section ---------------------------------------------------------------


class DetectorQuality(Strict):
    """Precision and recall of one detector on one split of a bank (bootstrap intervals)."""

    detector: str
    target: str
    split: str
    precision: Number
    precision_ci: list[Number]
    recall: Number
    recall_ci: list[Number]
    tp: int
    fp: int
    fn: int


class DetectorQualityBank(Strict):
    """Detector quality of every detector family on one bank."""

    bank_sha256: str
    bank_paths: list[str] | None
    families: dict[str, list[DetectorQuality]]


class StressAuditRow(Strict):
    """One detector of one family on one stress set: trigger and paraphrase recall (Wilson CIs)."""

    stress_set: str
    family: str
    detector: str
    n: int
    trigger_hits: int
    paraphrase_hits: int
    missed_paraphrases: list[str]
    trigger_recall: float
    trigger_ci: list[float]
    paraphrase_recall: float
    paraphrase_ci: list[float]


class ControllerFit(Strict):
    """A fitted controller (weights, thresholds; ``"inf"`` for an infinite threshold) on dev."""

    w_c: float
    w_m: float
    w_h: float
    w_u: float
    tau_low: float | str
    tau_high: float | str
    dev_utility: Number
    dev_accuracy: Number
    n_dev: int
    ablation: str


class FittedController(Strict):
    """One detector family's controller: its fit and its test-split intervals."""

    fit: ControllerFit
    test: dict[str, IntervalOut]


class Ablation(Strict):
    """One ablation of the controller, scored on test (point estimates)."""

    ablation: str
    fit: ControllerFit
    n: int
    utility: Number
    missed_rate: Number
    accuracy: Number


class Transfer(Strict):
    """Fit on three task classes' dev rows, scored on the fourth's test rows (point estimates)."""

    held_out: str
    fit: ControllerFit
    n: int
    utility: Number
    missed_rate: Number
    accuracy: Number


class ControllerRun(Strict):
    """One run's baseline, fitted controllers, ablations and transfer (per detector family)."""

    run_id: str
    label: str
    costs_text: str
    baseline: dict[str, IntervalOut]
    controller: dict[str, FittedController]
    ablations: dict[str, list[Ablation]]
    transfer: dict[str, list[Transfer]]


class ControllerSection(Strict):
    """The risk controller section (present when every split was loaded)."""

    evidence_level: str
    detector_quality: list[DetectorQualityBank]
    stress_audit: dict[str, list[StressAuditRow]]
    runs: list[ControllerRun]
    skipped: list[str]
    heldout_paraphrase_recall: list[float] = Field(
        description="[lowest, highest] paraphrase recall on the held-out stress set"
    )


# --- the work-product sections ------------------------------------------------------------


class WorkProductComponents(Strict):
    """The components behind one run x task class's work-product scores."""

    facts_hit_share: Number
    stale_per_draft: Number
    contradictions_per_draft: Number
    linked_share: Number
    unsupported_share: Number
    mismatched_share: Number
    fields_present_share: Number
    fields_correct_share: Number


class WorkProductRow(Strict):
    """One run x task class: each work-product score with its interval and components."""

    run_id: str
    task_class: str
    records: int
    invalid_work_product: int
    unannotated: int = Field(
        description="valid work products whose episode lacks the annotation units they are "
        "scored against (no annotations:, or no handoff units for a handoff): not scored"
    )
    continuity: IntervalOut
    traceability: IntervalOut
    handoff: IntervalOut
    overall: IntervalOut = Field(
        description="handoff completeness for a handoff, else min(continuity, traceability)"
    )
    components: WorkProductComponents
    weights: dict[str, str] = Field(description="each score's formula, as text")
    label: str
    evidence_level: str
    at_or_under_floor: list[str] = Field(description="scores at or under the bank's gaming floor")


class WorkProductFloorRow(Strict):
    """The reference work product or one gaming policy: its mean scores and their counts."""

    policy: str
    games: list[str]
    episodes: int
    continuity: Number
    n_continuity: int
    traceability: Number
    n_traceability: int
    handoff: Number
    n_handoff: int
    overall: Number
    n_overall: int


class WorkProductFloorBank(Strict):
    """One bank's work-product floor rows and, per score, the highest gaming mean."""

    bank_sha256: str
    rows: list[WorkProductFloorRow]
    floors: dict[str, Number]


class WorkProductAgreementRow(Strict):
    """The work-product scorer's agreement with one packaged labelled set, on one component."""

    component: str = Field(
        description="claim support, handoff fields, aside findings or aside fields"
    )
    set: str
    role: str = Field(description="dev (the scorer was tuned on it) or held-out")
    n: int
    accuracy: Number
    kappa: Number = Field(description="Cohen's kappa of the scorer with the adjudicated labels")
    labellers_kappa: Number = Field(description="the two blind labellers' kappa with each other")


class JudgeDescription(Strict):
    """A model judge of claim support: its name, identity, backend facts and what it did."""

    name: str
    identity: dict[str, Any] = Field(description="the judge backend's identity")
    backend: dict[str, Any] = Field(description="the backend's own facts (open-ended)")
    claims_judged: int
    invalid: int
    overruled: int
    reasons: dict[str, int]


class JudgeRecord(Strict):
    """One invalid or overruled answer of the claim judge."""

    claim: str
    cited: list[str]
    answer: str | None = Field(description="the verdict as answered (null when invalid)")
    invalid: str | None = Field(description="why the answer was invalid")
    overruled: str | None = Field(description="why a valid verdict was overruled")
    raw: str = Field(description="the answer's text (truncated)")


class WorkProductJudge(Strict):
    """How claim support was decided in the work-product scores."""

    claim_support: str = Field(description="rules or judge")
    description: str
    judge: JudgeDescription | None
    records: list[JudgeRecord]


class WorkProductTest(Strict):
    """One planned work-product comparison (its own Holm family)."""

    comparison: str
    metric: str
    run_a: str | None
    run_b: str | None
    computed: bool
    n_seeds: int
    mean_a: Number
    mean_b: Number
    wilcoxon_statistic: Number
    p_value: Number
    p_holm: Number
    method: str | None
    evidence_level: str


class WorkProductTests(Strict):
    """The plan's planned work-product comparisons."""

    family: str
    family_size: int
    overall: str = Field(description="how the overall score is made")
    tests: list[WorkProductTest]
