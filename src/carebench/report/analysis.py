"""The report's numbers: every metric per run with seed-bootstrap intervals, and paired tests.

Pure functions over the results table (:func:`carebench.runs.results.load_results`); each run's
metrics come from :mod:`carebench.report.run_metrics` (typed, re-exported here). Conventions
are those of :mod:`carebench.metrics.escalation`, :mod:`~carebench.metrics.calibration` and
:mod:`~carebench.metrics.stats`. :func:`analyze` returns the typed
:class:`~carebench.report.models.ReportMetrics` (metrics.json is its dump).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from carebench._version import __version__
from carebench.derived import cached_json, frame_digest, key
from carebench.episodes.schema import Variant
from carebench.errors import CarebenchError
from carebench.metrics.costs import PRIMARY, ClassCosts, CostMatrix
from carebench.metrics.escalation import row_utility
from carebench.metrics.stats import EXACT_MAX_N, EXACT_TIED_MAX_N, PairedTest, holm, wilcoxon_paired
from carebench.protocol.levels import LEVELS, EvidenceLevel
from carebench.report.banks import bank_summary
from carebench.report.models import (
    Bootstrap,
    EvidenceCard,
    PairedTestOut,
    PairedTests,
    PlannedTestOut,
    PlanRef,
    PlanSection,
    ReportMetrics,
    RunMetrics,
)
from carebench.report.run_metrics import (
    ERROR_DOMINATED,
    RatioPart,
    SeedSums,
    Settings,
    error_note,
    escalation_intervals,
    escalation_parts,
    run_metrics,
)

__all__ = [
    "ERROR_DOMINATED",
    "PERTURBED",
    "RatioPart",
    "SeedSums",
    "Settings",
    "analyze",
    "clean_vs_perturbed",
    "compare_runs",
    "error_note",
    "escalation_intervals",
    "escalation_parts",
    "paired",
    "per_seed",
    "plan_section",
    "planned_tests",
    "test_dict",
]

if TYPE_CHECKING:
    import pandas as pd

    from carebench.protocol.registry import RegisteredPlan
    from carebench.runs.config import RunManifest

PERTURBED = (Variant.MISSING, Variant.STALE, Variant.CONFLICT, Variant.LATE_RISK)


def per_seed(
    frame: pd.DataFrame, metric: str, costs: CostMatrix | ClassCosts = PRIMARY
) -> pd.Series:
    """One value per seed, seeds in sorted order (NaN where undefined).

    ``metric``: ``accuracy``, ``sensitivity``, ``specificity`` or ``utility`` (under ``costs``,
    each row under its task class's matrix). Sensitivity (specificity) is undefined for a seed
    without escalation-required (not required) rows. Computed with one ``bincount`` per sum.
    """
    import pandas as pd

    if metric not in ("accuracy", "sensitivity", "specificity", "utility"):
        raise ValueError(f"unknown per-seed metric {metric!r}")
    seeds, index = np.unique(frame["seed_id"].to_numpy(str), return_inverse=True)

    def total(values: npt.ArrayLike) -> npt.NDArray[np.float64]:
        weights = np.asarray(values, dtype=float)
        out: npt.NDArray[np.float64] = np.bincount(index, weights, len(seeds)).astype(float)
        return out

    req = frame["escalation_required"].to_numpy(bool)
    esc = frame["escalated"].to_numpy(bool)
    if metric == "accuracy":
        num, den = total(frame["correct"].to_numpy(bool)), total(np.ones(len(frame)))
    elif metric == "sensitivity":
        num, den = total(req & esc), total(req)
    elif metric == "specificity":
        num, den = total(~req & ~esc), total(~req)
    else:
        classes = frame["task_class"].to_numpy(object) if "task_class" in frame else None
        num, den = total(row_utility(req, esc, costs, classes)), total(np.ones(len(frame)))
    with np.errstate(invalid="ignore", divide="ignore"):
        values = np.where(den > 0, num / np.where(den > 0, den, 1), np.nan)
    return pd.Series(values, index=seeds.tolist(), dtype=float)


def clean_vs_perturbed(frame: pd.DataFrame) -> list[PairedTest]:
    """Per run, per-seed accuracy on clean vs each perturbed variant (paper 000's comparisons).

    Runs are told apart by ``run_id`` (never pooled by label); tests are named by ``label``.
    """
    tests = []
    for _, rows in frame.groupby("run_id", sort=False):
        label = rows["label"].iloc[0]
        clean = per_seed(rows[rows["variant"] == Variant.CLEAN.value], "accuracy")
        for variant in PERTURBED:
            other = per_seed(rows[rows["variant"] == variant.value], "accuracy")
            a, b = clean.align(other, join="inner")
            tests.append(wilcoxon_paired(f"{label}: clean vs {variant.value} (accuracy)", a, b))
    return holm(tests)


def compare_runs(
    frame_a: pd.DataFrame, frame_b: pd.DataFrame, costs: CostMatrix | ClassCosts = PRIMARY
) -> list[PairedTest]:
    """Run A vs run B on the seeds both ran: accuracy, sensitivity, utility; Holm across the three.

    Raises:
        CarebenchError: a run has no rows, or the two were made on different episode banks
            (their seeds are not the same clinical situations, so there is nothing to pair).
    """
    for name, rows in (("A", frame_a), ("B", frame_b)):
        if rows.empty:
            raise CarebenchError(f"run {name} has no results to compare")
    banks = [sorted(set(rows["bank_sha256"])) for rows in (frame_a, frame_b)]
    if banks[0] != banks[1]:
        raise CarebenchError(
            f"run A was made on episode bank {', '.join(b[:12] for b in banks[0])} and run B on "
            f"{', '.join(b[:12] for b in banks[1])}: paired seed-level tests need runs on the "
            "same bank"
        )
    tests = []
    for metric in ("accuracy", "sensitivity", "utility"):
        tests.append(paired(frame_a, frame_b, metric, costs, metric))
    return holm(tests)


def paired(
    frame_a: pd.DataFrame,
    frame_b: pd.DataFrame,
    metric: str,
    costs: CostMatrix | ClassCosts,
    name: str,
) -> PairedTest:
    """Per-seed ``metric`` of A vs B on the seeds both ran (Wilcoxon signed-rank, no Holm)."""
    a, b = per_seed(frame_a, metric, costs).align(per_seed(frame_b, metric, costs), join="inner")
    return wilcoxon_paired(name, a, b)


def planned_tests(
    frame: pd.DataFrame,
    plan: RegisteredPlan,
    labels: Mapping[str, str],
    manifests: Mapping[str, Mapping[str, Any]],
) -> tuple[list[PlannedTestOut], list[str]]:
    """The plan's family of tests on the reported rows, Holm-corrected across that family only.

    Each planned (comparison, metric) is one test; ``utility`` uses the plan's primary costs and
    ``utility_robustness`` its robustness costs, each row under its task class's matrix. A planned
    test that cannot be computed (a side missing or ambiguous, runs on different banks, no paired
    seeds) stays in the family with p = 1, so it can only make the correction stricter, and is
    listed among the returned departures. Runs outside the plan's comparisons never enter it.
    """
    from carebench.protocol.planned import kept_in_family, resolve_comparison

    tests: list[PairedTest] = []
    rows: list[dict[str, Any]] = []
    problems: list[str] = []
    for comparison, metric in plan.plan.family():
        ids, problem = resolve_comparison(comparison, labels, manifests, plan.name)
        entry: dict[str, Any] = {
            "comparison": comparison.name,
            "metric": metric,
            "run_a": ids[0],
            "run_b": ids[1],
        }
        if not problem:
            a, b = (frame[frame["run_id"] == i] for i in ids)
            if set(a["bank_sha256"]) != set(b["bank_sha256"]):
                problem = "the two runs were made on different episode banks"
        if problem:
            test = kept_in_family(f"{comparison.name}: {metric}")
            problems.append(
                f"planned comparison {comparison.name} ({metric}) not computed: {problem}; it "
                "stays in the Holm family with p = 1"
            )
        else:
            costs = (
                plan.plan.robustness_costs if metric == "utility_robustness" else plan.plan.costs
            )
            base = "utility" if metric.startswith("utility") else metric
            test = paired(a, b, base, costs, f"{comparison.name}: {metric}")
            if not np.isfinite(test.p_value):
                problems.append(
                    f"planned comparison {comparison.name} ({metric}): no seed has the metric "
                    "under both runs; it stays in the Holm family with p = 1"
                )
                test = kept_in_family(test.name, test)
        entry["computed"] = not problem and test.n_pairs > 0
        tests.append(test)
        rows.append(entry)
    corrected = holm(tests)
    out = [
        PlannedTestOut(
            **entry,
            **{k: v for k, v in test_dict(test).items() if k != "comparison"},
            evidence_level=EvidenceLevel.AGENT.value,
        )
        for entry, test in zip(rows, corrected, strict=True)
    ]
    return out, problems


def test_dict(test: PairedTest) -> dict[str, Any]:
    """JSON-ready form of a paired test."""
    from carebench.protocol.planned import figures_of

    return {"comparison": test.name, **figures_of(test)}


def evidence(level: EvidenceLevel) -> EvidenceCard:
    """A level's card (paper 001, Table I): question, metrics, blind spot, statement."""
    card = LEVELS[level]
    return EvidenceCard(
        level=level.value,
        name=card.name,
        question=card.question,
        metrics=card.metrics,
        cannot_answer=card.cannot_answer,
        statement=card.statement,
    )


def plan_section(
    frame: pd.DataFrame,
    manifests: Mapping[str, Mapping[str, Any]],
    labels: Mapping[str, str],
    plan: RegisteredPlan | None,
    versions: Mapping[str, RegisteredPlan],
    n_exploratory: int,
) -> PlanSection:
    """The report's plan: which one, its planned tests, and every departure from it."""
    from carebench.protocol.planned import EXPLORATORY, departures
    from carebench.report.plan_power import attach_power

    if plan is None:
        return PlanSection(
            status="exploratory", label=EXPLORATORY, departures=[], exploratory=None, tests=[]
        )
    splits = sorted(frame["split"].unique().tolist())
    tests, problems = planned_tests(frame, plan, labels, manifests)
    attach_power(tests, frame, plan.plan)  # the power the plan had for its expected differences
    notes = departures(plan, manifests, labels, versions, splits) + problems
    exploratory = (
        f"{n_exploratory} comparison(s) not in the plan (clean vs perturbed, per run) are shown "
        "as exploratory: Holm-corrected among themselves only, never with the planned family"
    )
    return PlanSection(
        status="planned",
        label=f"analysis plan {plan}",
        ref=PlanRef.model_validate(plan.ref()),
        content=plan.plan.canonical(),
        family_size=len(tests),
        departures=notes,
        exploratory=exploratory if n_exploratory else None,
        tests=tests,
    )


def _cached_run(
    rows: pd.DataFrame,
    manifest: RunManifest,
    label: str,
    settings: Settings,
    cache_dir: Path | None,
) -> RunMetrics:
    """:func:`~carebench.report.run_metrics.run_metrics`, kept in ``cache_dir`` as its JSON."""

    def compute() -> dict[str, Any]:
        return run_metrics(rows, manifest, label, settings).model_dump()

    stored = manifest.stored()
    entry = key("report", "run-metrics", frame_digest(rows), stored, label, asdict(settings))
    return RunMetrics.model_validate(cached_json(cache_dir, "runmetrics", entry, compute))


def analyze(
    frame: pd.DataFrame,
    manifests: Mapping[str, RunManifest | Mapping[str, Any]],
    settings: Settings | None = None,
    plan: RegisteredPlan | None = None,
    plan_versions: Mapping[str, RegisteredPlan] | None = None,
    cache_dir: Path | None = None,
) -> ReportMetrics:
    """Everything the report shows, for the rows of ``frame`` (already restricted to a split).

    ``manifests`` maps run id to its manifest, stored (JSON) or typed. Runs are keyed by run id,
    and shown under display labels that tell them apart
    (:func:`carebench.runs.labels.frame_labels`). Under ``plan`` the planned comparisons are tested
    and Holm-corrected as the plan's family, and every departure from the plan is listed
    (:mod:`carebench.protocol.planned`); ``plan_versions`` (SHA-256 -> registered plan) resolves
    the plans the runs were made under. Without a plan the report is exploratory. Each run's
    metrics are kept in ``cache_dir`` between reports, keyed by its rows, manifest, label and the
    settings (:mod:`carebench.derived`).
    """
    from carebench.runs.config import RunManifest
    from carebench.runs.labels import frame_labels

    settings = settings or Settings()
    typed = {str(r): RunManifest.of(m) for r, m in manifests.items()}
    stored = {r: m.stored() for r, m in typed.items()}  # for the layers below runs
    labels = frame_labels(frame, stored)
    frame = frame.assign(label=frame["run_id"].map(labels))
    runs = [
        _cached_run(rows, typed[str(run_id)], labels[str(run_id)], settings, cache_dir)
        for run_id, rows in frame.groupby("run_id", sort=False)
    ]
    shown = {str(r): stored[str(r)] for r in frame["run_id"].unique()}
    banks, bank_note = bank_summary({r: typed[r] for r in shown}, labels)
    exploratory = [
        PairedTestOut(**test_dict(t), evidence_level=EvidenceLevel.AGENT.value)
        for t in clean_vs_perturbed(frame)
    ]
    section = plan_section(
        frame, shown, {r: labels[r] for r in shown}, plan, plan_versions or {}, len(exploratory)
    )
    costs = {r.declared_costs_text for r in runs}
    return ReportMetrics(
        carebench_version=__version__,
        evidence_level=EvidenceLevel.AGENT.value,
        evidence=evidence(EvidenceLevel.AGENT),
        evidence_note=LEVELS[EvidenceLevel.AGENT].statement,
        plan=section,
        costs_note=(
            "These runs declare different cost matrices, so their utilities are not comparable: "
            + "; ".join(f"{r.label}: {r.declared_costs_text}" for r in runs)
            if len(costs) > 1
            else None
        ),
        splits=sorted(frame["split"].unique().tolist()),
        bootstrap=Bootstrap(
            unit="seed",
            b=settings.b,
            rng_seed=settings.rng_seed,
            level=settings.level,
            method="percentile",
        ),
        runs=runs,
        banks=banks,
        bank_note=bank_note,
        paired_tests=PairedTests(
            clean_vs_perturbed=exploratory,
            test="Wilcoxon signed-rank on per-seed accuracy (zero differences dropped; exact "
            f"null distribution up to {EXACT_MAX_N} seeds, {EXACT_TIED_MAX_N} with tied "
            "differences, else the normal approximation; each test names its method); Holm "
            "across these clean-vs-perturbed tests only (exploratory: not a planned family)",
        ),
    )
