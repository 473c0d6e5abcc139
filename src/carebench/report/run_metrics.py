"""One run's metrics with seed-bootstrap intervals, as the typed ``runs[*]`` of metrics.json.

The per-run path of the report's analysis (:mod:`carebench.report.analysis`): headline,
by-variant, by-task-class and by-split intervals in one batched bootstrap per run, calibration and
selective prediction, the reliability figures and the cost, built as
:class:`~carebench.report.models.RunMetrics` (so a missing or mistyped field fails here, not in a
downstream tool). Conventions are those of :mod:`carebench.metrics.escalation`,
:mod:`~carebench.metrics.calibration` and :mod:`~carebench.metrics.stats`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from carebench.episodes.schema import Action, TaskClass, Variant
from carebench.metrics.calibration import (
    aurc,
    mean_confidence_by_outcome,
    reliability,
    risk_coverage,
)
from carebench.metrics.costs import ClassCosts, CostMatrix
from carebench.metrics.escalation import row_utility
from carebench.metrics.stats import (
    DEFAULT_B,
    DEFAULT_RNG_SEED,
    Interval,
    auroc_interval,
    draw_counts,
    ece_interval,
    ratio_intervals,
)
from carebench.report.cost_section import run_cost
from carebench.report.models import Calibration, IntervalOut, RiskCoverage, RunMetrics
from carebench.report.reliability_section import reliability as sample_reliability
from carebench.report.section_models import ReliabilityBin
from carebench.runs.config import RunManifest
from carebench.runs.listing import incomplete_note
from carebench.runs.resume import unresumable_runs

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "ERROR_DOMINATED",
    "RatioPart",
    "SeedSums",
    "Settings",
    "error_note",
    "escalation_intervals",
    "escalation_parts",
    "mark_incomplete",
    "run_metrics",
]

#: Per-seed sums behind one ratio: numerator, denominator, and the rows behind it (its n).
RatioPart = tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], int]

#: Above this share of error records (no answer from the backend) a run's metrics describe the
#: transport, not the agent: the report marks them as not meaningful.
ERROR_DOMINATED = 0.5


def error_note(error_rate: float) -> str:
    """The warning shown next to a run with error records ('' when it has none).

    Any error is a warning: an error record counts as not escalated, so on an episode that needs
    no escalation it is a true negative and raises specificity (docs/methods.md, "Agent outputs").
    """
    if error_rate > ERROR_DOMINATED:
        return f"⚠ {error_rate:.0%} of records are errors: metrics not meaningful"
    if error_rate > 0:
        rate = f"{error_rate:.0%}" if error_rate >= 0.005 else "<1%"
        return (
            f"⚠ errors {rate}: counted as not escalated (misses where escalation is needed, "
            "true negatives elsewhere: they raise specificity)"
        )
    return ""


def mark_incomplete(
    runs: Sequence[RunMetrics],
    all_splits: pd.DataFrame,
    manifests: Mapping[str, RunManifest],
    why: Mapping[str, str] | None = None,
) -> None:
    """Mark each run of ``runs`` that stored fewer records than its manifest planned.

    ``all_splits`` holds the runs' results on every split (a run's plan spans them all); the note
    is :func:`~carebench.runs.listing.incomplete_note`, saying when the run can no longer be
    resumed: ``why`` (run id -> reason, judged against the whole workspace by
    :func:`~carebench.runs.results.load_runs`), else
    :func:`~carebench.runs.resume.unresumable_runs` of ``manifests`` in the order they started.
    """
    if why is None:
        made = sorted(manifests.values(), key=lambda m: str(m.started_at))
        why = unresumable_runs(made)
    stored = all_splits["run_id"].value_counts()
    for run in runs:
        planned = manifests[run.run_id].planned_records
        note = incomplete_note(int(stored.get(run.run_id, 0)), planned, why.get(run.run_id))
        if note:
            run.incomplete_note = note


@dataclass(frozen=True)
class Settings:
    """How the report computes its intervals."""

    b: int = DEFAULT_B
    rng_seed: int = DEFAULT_RNG_SEED
    n_bins: int = 10
    level: float = 0.95


class SeedSums:
    """Per-seed sums of one run's rows, and the bootstrap draw counts over its seeds."""

    def __init__(self, frame: pd.DataFrame, settings: Settings) -> None:
        self.seeds = sorted(frame["seed_id"].unique())
        self.index = frame["seed_id"].map({s: i for i, s in enumerate(self.seeds)}).to_numpy()
        self.counts = draw_counts(len(self.seeds), settings.b, settings.rng_seed)
        self.settings = settings

    def sums(
        self, mask: npt.NDArray[np.bool_], values: npt.ArrayLike | None = None
    ) -> npt.NDArray[np.float64]:
        """Per-seed sums of ``values`` (1 when omitted) over the rows in ``mask``."""
        weights = np.asarray(values if values is not None else np.ones(len(mask)), dtype=float)
        sums: npt.NDArray[np.float64] = np.bincount(
            self.index[mask], weights=weights[mask], minlength=len(self.seeds)
        ).astype(float)
        return sums

    def ratio(self, num_mask: npt.NDArray[np.bool_], den_mask: npt.NDArray[np.bool_]) -> Interval:
        """The cluster-bootstrap interval of count(num_mask) / count(den_mask)."""
        return self.ratios({"r": (num_mask, den_mask)})["r"]

    def ratios(
        self, masks: Mapping[str, tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]]
    ) -> dict[str, Interval]:
        """:meth:`ratio` for several named (numerator, denominator) masks in one bootstrap."""
        return self.sum_ratios(
            {k: (self.sums(num), self.sums(den), int(den.sum())) for k, (num, den) in masks.items()}
        )

    def sum_ratios(self, parts: Mapping[str, RatioPart]) -> dict[str, Interval]:
        """Named ratios of per-seed sums (numerator, denominator, rows behind it), vectorized.

        All K ratios share one (B x S) @ (S x K) product per side and one sort
        (:func:`carebench.metrics.stats.ratio_intervals`).
        """
        if not parts:
            return {}
        keys = list(parts)
        num = np.column_stack([parts[k][0] for k in keys])
        den = np.column_stack([parts[k][1] for k in keys])
        n = [parts[k][2] for k in keys]
        intervals = ratio_intervals(num, den, self.counts, n, self.settings.level)
        return dict(zip(keys, intervals, strict=True))


def escalation_parts(
    frame: pd.DataFrame, sums: SeedSums, costs: Sequence[tuple[str, CostMatrix | ClassCosts]]
) -> dict[str, RatioPart]:
    """The per-seed sums behind :func:`escalation_intervals` (to batch with other ratios)."""
    req = frame["escalation_required"].to_numpy(bool)
    classes = frame["task_class"].to_numpy(object) if "task_class" in frame else None
    esc = frame["escalated"].to_numpy(bool)
    all_rows = np.ones(len(frame), bool)

    def part(num: npt.NDArray[np.bool_], den: npt.NDArray[np.bool_]) -> RatioPart:
        return sums.sums(num), sums.sums(den), int(den.sum())

    out = {
        "sensitivity": part(req & esc, req),
        "specificity": part(~req & ~esc, ~req),
        "missed_rate": part(req & ~esc, req),
        "precision": part(req & esc, esc),
    }
    for name, c in costs:
        utility = sums.sums(all_rows, row_utility(req, esc, c, classes))
        out[name] = (utility, sums.sums(all_rows), len(frame))
    return out


def escalation_intervals(
    frame: pd.DataFrame, sums: SeedSums, costs: Sequence[tuple[str, CostMatrix | ClassCosts]]
) -> dict[str, Interval]:
    """Sensitivity, specificity, missed rate, precision and one utility per named declaration.

    A utility under :class:`~carebench.metrics.costs.ClassCosts` scores each row under its task
    class's matrix.
    """
    return sums.sum_ratios(escalation_parts(frame, sums, costs))


def _headline_and_groups(
    frame: pd.DataFrame, sums: SeedSums, costs: Sequence[tuple[str, CostMatrix | ClassCosts]]
) -> tuple[dict[str, Interval], dict[str, dict[str, Interval]], dict[str, Interval]]:
    """Headline, by-variant and by-split intervals of one run, in one batched bootstrap."""
    correct = frame["correct"].to_numpy(bool)
    valid = frame["valid"].to_numpy(bool)
    errors = (frame["status"] == "error").to_numpy()
    req = frame["escalation_required"].to_numpy(bool)
    esc = frame["escalated"].to_numpy(bool)
    late = (frame["variant"] == Variant.LATE_RISK.value).to_numpy()
    all_rows = np.ones(len(frame), bool)
    masks = {
        "accuracy": (correct, all_rows),
        "invalid_rate": (~valid, all_rows),
        "error_rate": (errors, all_rows),
    }
    for v in Variant:
        m = (frame["variant"] == v.value).to_numpy()
        masks[f"variant/{v.value}/accuracy"] = (correct & m, m)
        masks[f"variant/{v.value}/sensitivity"] = (m & req & esc, m & req)
    splits = [s for s in ("dev", "test") if (frame["split"] == s).any()]
    for split in splits:
        m = (frame["split"] == split).to_numpy()
        masks[f"split/{split}"] = (correct & m, m)
    masks["late_risk_sensitivity"] = (late & req & esc, late & req)
    parts = {k: (sums.sums(n), sums.sums(d), int(d.sum())) for k, (n, d) in masks.items()}
    parts.update(escalation_parts(frame, sums, costs))
    got = sums.sum_ratios(parts)
    order = ("accuracy", "invalid_rate", "error_rate", "sensitivity", "specificity",
             "missed_rate", "precision", *(name for name, _ in costs), "late_risk_sensitivity")  # fmt: skip
    headline = {k: got[k] for k in order}
    by_variant = {
        v.value: {m: got[f"variant/{v.value}/{m}"] for m in ("accuracy", "sensitivity")}
        for v in Variant
    }
    return headline, by_variant, {s: got[f"split/{s}"] for s in splits}


def _by_task_class(
    frame: pd.DataFrame, settings: Settings, costs: Sequence[tuple[str, CostMatrix | ClassCosts]]
) -> dict[str, dict[str, Interval]]:
    """Accuracy and the escalation intervals (primary utility) per task class present."""
    by_class: dict[str, dict[str, Interval]] = {}
    for task_class in TaskClass:
        rows = frame[frame["task_class"] == task_class.value]
        if len(rows):
            class_sums = SeedSums(rows, settings)
            ok = rows["correct"].to_numpy(bool)
            every = np.ones(len(rows), bool)
            parts = {"accuracy": (class_sums.sums(ok), class_sums.sums(every), len(rows))}
            parts.update(escalation_parts(rows, class_sums, costs[:1]))
            by_class[task_class.value] = class_sums.sum_ratios(parts)
    return by_class


def _action_distribution(frame: pd.DataFrame) -> dict[str, float | int]:
    """Shares of each action (and of invalid outputs) on the escalation-required rows, and n."""
    required = frame[frame["escalation_required"]]
    actions = required["action"].where(required["valid"], "invalid")
    names = [*(a.value for a in Action), "invalid"]
    distribution: dict[str, float | int] = {
        name: float((actions == name).mean()) if len(required) else float("nan") for name in names
    }
    distribution["n"] = len(required)
    return distribution


def _calibration(frame: pd.DataFrame, sums: SeedSums, settings: Settings) -> Calibration:
    """Calibration and selective prediction on the valid rows (with seed-bootstrap intervals)."""
    valid = frame["valid"].to_numpy(bool)
    vrows = frame[frame["valid"]]
    conf = vrows["confidence"].to_numpy(float)
    vcorrect = vrows["correct"].to_numpy(bool)
    vindex = sums.index[valid]
    right, wrong = mean_confidence_by_outcome(conf, vcorrect)
    ece = ece_interval(vindex, conf, vcorrect, sums.counts, settings.n_bins, settings.level)
    auroc = auroc_interval(vindex, conf, vcorrect, sums.counts, settings.level)
    return Calibration(
        n_valid=len(vrows),
        mean_confidence=float(conf.mean()) if len(conf) else float("nan"),
        mean_confidence_correct=right,
        mean_confidence_incorrect=wrong,
        ece=IntervalOut.model_validate(ece.as_dict()),
        failure_auroc=IntervalOut.model_validate(auroc.as_dict()),
        aurc=aurc(conf, vcorrect),
        n_bins=settings.n_bins,
        reliability=[
            ReliabilityBin(**b.__dict__) for b in reliability(conf, vcorrect, settings.n_bins)
        ],
    )


def run_metrics(
    frame: pd.DataFrame,
    manifest: RunManifest | Mapping[str, Any],
    label: str,
    settings: Settings,
) -> RunMetrics:
    """One run's metrics (``runs[*]`` of metrics.json) from its rows of the reported split."""
    typed = RunManifest.of(manifest)
    sums = SeedSums(frame, settings)
    errors = (frame["status"] == "error").to_numpy()
    primary, robustness = typed.declared_costs()
    costs: list[tuple[str, CostMatrix | ClassCosts]] = [
        ("utility", primary),
        ("utility_robustness", robustness),
    ]
    headline, by_variant, split_rows = _headline_and_groups(frame, sums, costs)
    by_class = _by_task_class(frame, settings, costs)
    valid = frame[frame["valid"]]
    coverage, risk = risk_coverage(
        valid["confidence"].to_numpy(float), valid["correct"].to_numpy(bool)
    )
    return RunMetrics(
        run_id=typed.run_id,
        label=label,
        bank_sha256=typed.bank_sha256,
        backend=typed.backend.name,
        model=typed.backend.model,
        condition=typed.condition,
        declared_costs=primary,
        declared_costs_text=primary.describe(),
        robustness_costs_text=robustness.describe(),
        plan=typed.plan,
        plan_version=typed.plan_version,
        evidence_level=typed.evidence_level,
        n_episodes=len(frame),
        n_seeds=len(sums.seeds),
        error_dominated=bool(errors.mean() > ERROR_DOMINATED),
        error_note=error_note(float(errors.mean())),
        headline=_out(headline),
        by_variant={v: _out(d) for v, d in by_variant.items()},
        by_task_class={t: _out(d) for t, d in by_class.items()},
        by_split_accuracy=_out(split_rows),
        action_distribution_escalation_required=_action_distribution(frame),
        calibration=_calibration(frame, sums, settings),
        risk_coverage=RiskCoverage(coverage=coverage.tolist(), risk=risk.tolist()),
        reliability=sample_reliability(
            frame, typed.repeats, settings.b, settings.rng_seed, settings.level
        ),
        cost=run_cost(frame, typed.repeats),
    )


def _out(intervals: Mapping[str, Interval]) -> dict[str, IntervalOut]:
    """Intervals as their metrics.json model."""
    return {k: IntervalOut.model_validate(i.as_dict()) for k, i in intervals.items()}
