"""The report's numbers: every metric per run with seed-bootstrap intervals, and paired tests.

Pure functions over the results table (:func:`carebench.runs.results.load_results`). Conventions
are those of :mod:`carebench.metrics.escalation`, :mod:`~carebench.metrics.calibration` and
:mod:`~carebench.metrics.stats`; the output is JSON-ready (metrics.json is written from it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from carebench._version import __version__
from carebench.episodes.schema import Action, TaskClass, Variant
from carebench.errors import CarebenchError
from carebench.metrics.calibration import (
    aurc,
    mean_confidence_by_outcome,
    reliability,
    risk_coverage,
)
from carebench.metrics.costs import PRIMARY, ClassCosts, CostMatrix, declared_costs
from carebench.metrics.escalation import row_utility
from carebench.metrics.stats import (
    DEFAULT_B,
    DEFAULT_RNG_SEED,
    EXACT_MAX_N,
    EXACT_TIED_MAX_N,
    Interval,
    PairedTest,
    auroc_interval,
    draw_counts,
    ece_interval,
    holm,
    ratio_intervals,
    wilcoxon_paired,
)
from carebench.protocol.levels import LEVELS, EvidenceLevel
from carebench.report.banks import bank_summary
from carebench.report.cost_section import run_cost
from carebench.report.reliability_section import reliability as sample_reliability
from carebench.runs.config import RunManifest

if TYPE_CHECKING:
    import pandas as pd

    from carebench.protocol.registry import RegisteredPlan

#: Per-seed sums behind one ratio: numerator, denominator, and the rows behind it (its n).
RatioPart = tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], int]

PERTURBED = (Variant.MISSING, Variant.STALE, Variant.CONFLICT, Variant.LATE_RISK)
#: Above this share of error records (no answer from the backend) a run's metrics describe the
#: transport, not the agent: the report marks them as not meaningful.
ERROR_DOMINATED = 0.5


def error_note(error_rate: float) -> str:
    """The warning shown next to a run with error records ('' when it has none)."""
    if error_rate > ERROR_DOMINATED:
        return f"⚠ {error_rate:.0%} of records are errors: metrics not meaningful"
    return f"errors {error_rate:.0%}" if error_rate > 0 else ""


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


def _calibration(frame: pd.DataFrame, sums: SeedSums, settings: Settings) -> dict[str, Any]:
    """Calibration and selective prediction on the valid rows (with seed-bootstrap intervals)."""
    valid = frame["valid"].to_numpy(bool)
    vrows = frame[frame["valid"]]
    conf = vrows["confidence"].to_numpy(float)
    vcorrect = vrows["correct"].to_numpy(bool)
    vindex = sums.index[valid]
    right, wrong = mean_confidence_by_outcome(conf, vcorrect)
    return {
        "n_valid": len(vrows),
        "mean_confidence": float(conf.mean()) if len(conf) else float("nan"),
        "mean_confidence_correct": right,
        "mean_confidence_incorrect": wrong,
        "ece": ece_interval(
            vindex, conf, vcorrect, sums.counts, settings.n_bins, settings.level
        ).as_dict(),
        "failure_auroc": auroc_interval(
            vindex, conf, vcorrect, sums.counts, settings.level
        ).as_dict(),
        "aurc": aurc(conf, vcorrect),
        "n_bins": settings.n_bins,
        "reliability": [b.__dict__ for b in reliability(conf, vcorrect, settings.n_bins)],
    }


def _run_metrics(
    frame: pd.DataFrame, manifest: dict[str, Any], label: str, settings: Settings
) -> dict[str, Any]:
    sums = SeedSums(frame, settings)
    errors = (frame["status"] == "error").to_numpy()
    primary, robustness = declared_costs(manifest)
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
    typed = RunManifest.model_validate(manifest)
    return {
        "run_id": typed.run_id,
        "label": label,
        "bank_sha256": typed.bank_sha256,
        "backend": typed.backend.name,
        "model": typed.backend.model,
        "condition": typed.condition,
        "declared_costs": primary.as_json(),
        "declared_costs_text": primary.describe(),
        "robustness_costs_text": robustness.describe(),
        "plan": typed.plan,
        "plan_version": typed.plan_version,
        "evidence_level": typed.evidence_level,
        "n_episodes": len(frame),
        "n_seeds": len(sums.seeds),
        "error_dominated": bool(errors.mean() > ERROR_DOMINATED),
        "error_note": error_note(float(errors.mean())),
        "headline": {k: v.as_dict() for k, v in headline.items()},
        "by_variant": {v: {k: i.as_dict() for k, i in d.items()} for v, d in by_variant.items()},
        "by_task_class": {t: {k: i.as_dict() for k, i in d.items()} for t, d in by_class.items()},
        "by_split_accuracy": {s: i.as_dict() for s, i in split_rows.items()},
        "action_distribution_escalation_required": _action_distribution(frame),
        "calibration": _calibration(frame, sums, settings),
        "risk_coverage": {"coverage": coverage.tolist(), "risk": risk.tolist()},
        "reliability": sample_reliability(
            frame, _repeats(manifest), settings.b, settings.rng_seed, settings.level
        ),
        "cost": run_cost(frame, _repeats(manifest)),
    }


def _repeats(manifest: Mapping[str, Any]) -> int:
    """The samples per episode a run declared (1 for manifests without sampling)."""
    return int((manifest.get("sampling") or {}).get("repeats", 1))


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
) -> tuple[list[dict[str, Any]], list[str]]:
    """The plan's family of tests on the reported rows, Holm-corrected across that family only.

    Each planned (comparison, metric) is one test; ``utility`` uses the plan's primary costs and
    ``utility_robustness`` its robustness costs, each row under its task class's matrix. A planned
    test that cannot be computed (a side missing or ambiguous, runs on different banks, no paired
    seeds) stays in the family with p = 1, so it can only make the correction stricter, and is
    listed among the returned departures. Runs outside the plan's comparisons never enter it.
    """
    from carebench.protocol.planned import resolve_side

    tests: list[PairedTest] = []
    rows: list[dict[str, Any]] = []
    problems: list[str] = []
    for comparison, metric in plan.plan.family():
        sides = [
            resolve_side(n, labels, manifests, plan.name) for n in (comparison.a, comparison.b)
        ]
        problem = "; ".join(s.problem for s in sides if s.problem)
        ids = [s.run_id for s in sides]
        entry: dict[str, Any] = {
            "comparison": comparison.name,
            "metric": metric,
            "run_a": ids[0],
            "run_b": ids[1],
        }
        if not problem and ids[0] == ids[1]:
            problem = f"both sides name run {ids[0]}"
        if not problem:
            a, b = (frame[frame["run_id"] == i] for i in ids)
            if set(a["bank_sha256"]) != set(b["bank_sha256"]):
                problem = "the two runs were made on different episode banks"
        if problem:
            test = PairedTest(f"{comparison.name}: {metric}", 0, float("nan"), float("nan"),
                              float("nan"), 1.0)  # fmt: skip
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
                test = PairedTest(test.name, test.n_pairs, test.mean_a, test.mean_b,
                                  test.statistic, 1.0, method=test.method)  # fmt: skip
        entry["computed"] = not problem and test.n_pairs > 0
        tests.append(test)
        rows.append(entry)
    corrected = holm(tests)
    for entry, test in zip(rows, corrected, strict=True):
        entry.update({k: v for k, v in test_dict(test).items() if k != "comparison"})
        entry["evidence_level"] = EvidenceLevel.AGENT.value
    return rows, problems


def test_dict(test: PairedTest) -> dict[str, Any]:
    """JSON-ready form of a paired test."""
    return {
        "comparison": test.name,
        "n_seeds": test.n_pairs,
        "mean_a": test.mean_a,
        "mean_b": test.mean_b,
        "wilcoxon_statistic": test.statistic,
        "p_value": test.p_value,
        "p_holm": test.p_holm,
        "method": test.method,
    }


def evidence(level: EvidenceLevel) -> dict[str, str]:
    """A level's card (paper 001, Table I) as JSON: question, metrics, blind spot, statement."""
    card = LEVELS[level]
    return {
        "level": level.value,
        "name": card.name,
        "question": card.question,
        "metrics": card.metrics,
        "cannot_answer": card.cannot_answer,
        "statement": card.statement,
    }


def plan_section(
    frame: pd.DataFrame,
    manifests: Mapping[str, Mapping[str, Any]],
    labels: Mapping[str, str],
    plan: RegisteredPlan | None,
    versions: Mapping[str, RegisteredPlan],
    n_exploratory: int,
) -> dict[str, Any]:
    """The report's plan: which one, its planned tests, and every departure from it."""
    from carebench.protocol.planned import EXPLORATORY, departures
    from carebench.report.plan_power import attach_power

    if plan is None:
        return {
            "status": "exploratory",
            "label": EXPLORATORY,
            "departures": [],
            "exploratory": None,
            "tests": [],
        }
    splits = sorted(frame["split"].unique().tolist())
    tests, problems = planned_tests(frame, plan, labels, manifests)
    attach_power(tests, frame, plan.plan)  # the power the plan had for its expected differences
    notes = departures(plan, manifests, labels, versions, splits) + problems
    exploratory = (
        f"{n_exploratory} comparison(s) not in the plan (clean vs perturbed, per run) are shown "
        "as exploratory: Holm-corrected among themselves only, never with the planned family"
    )
    return {
        "status": "planned",
        "label": f"analysis plan {plan}",
        "ref": plan.ref(),
        "content": plan.plan.canonical(),
        "family_size": len(tests),
        "departures": notes,
        "exploratory": exploratory if n_exploratory else None,
        "tests": tests,
    }


def analyze(
    frame: pd.DataFrame,
    manifests: dict[str, dict[str, Any]],
    settings: Settings | None = None,
    plan: RegisteredPlan | None = None,
    plan_versions: Mapping[str, RegisteredPlan] | None = None,
) -> dict[str, Any]:
    """Everything the report shows, for the rows of ``frame`` (already restricted to a split).

    Runs are keyed by run id, and shown under display labels that tell them apart
    (:func:`carebench.runs.labels.frame_labels`). Under ``plan`` the planned comparisons are tested
    and Holm-corrected as the plan's family, and every departure from the plan is listed
    (:mod:`carebench.protocol.planned`); ``plan_versions`` (SHA-256 -> registered plan) resolves
    the plans the runs were made under. Without a plan the report is exploratory.
    """
    from carebench.runs.labels import frame_labels

    settings = settings or Settings()
    labels = frame_labels(frame, manifests)
    frame = frame.assign(label=frame["run_id"].map(labels))
    runs = [
        _run_metrics(rows, manifests[str(run_id)], labels[str(run_id)], settings)
        for run_id, rows in frame.groupby("run_id", sort=False)
    ]
    shown = {str(r): manifests[str(r)] for r in frame["run_id"].unique()}
    banks, bank_note = bank_summary(shown, labels)
    exploratory = [test_dict(t) for t in clean_vs_perturbed(frame)]
    for t in exploratory:
        t["evidence_level"] = EvidenceLevel.AGENT.value
    section = plan_section(
        frame, shown, {r: labels[r] for r in shown}, plan, plan_versions or {}, len(exploratory)
    )
    costs = {r["declared_costs_text"] for r in runs}
    return {
        "carebench_version": __version__,
        "evidence_level": EvidenceLevel.AGENT.value,
        "evidence": evidence(EvidenceLevel.AGENT),
        "evidence_note": LEVELS[EvidenceLevel.AGENT].statement,
        "plan": section,
        "costs_note": (
            "These runs declare different cost matrices, so their utilities are not comparable: "
            + "; ".join(f"{r['label']}: {r['declared_costs_text']}" for r in runs)
            if len(costs) > 1
            else None
        ),
        "splits": sorted(frame["split"].unique().tolist()),
        "bootstrap": {
            "unit": "seed",
            "b": settings.b,
            "rng_seed": settings.rng_seed,
            "level": settings.level,
            "method": "percentile",
        },
        "runs": runs,
        "banks": banks,
        "bank_note": bank_note,
        "paired_tests": {
            "clean_vs_perturbed": exploratory,
            "test": "Wilcoxon signed-rank on per-seed accuracy (zero differences dropped; exact "
            f"null distribution up to {EXACT_MAX_N} seeds, {EXACT_TIED_MAX_N} with tied "
            "differences, else the normal approximation; each test names its method); Holm "
            "across these clean-vs-perturbed tests only (exploratory: not a planned family)",
        },
    }
