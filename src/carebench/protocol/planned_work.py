"""Planned work-product comparisons: per-seed work-product metrics and their own Holm family.

An analysis plan of format 2 may name ``continuity``, ``traceability``, ``handoff`` and
``overall`` among a comparison's metrics (:mod:`carebench.protocol.plans`). In a report made under
the plan they are tested here, on the per-episode work-product scores of the extended runs
(:func:`carebench.protocol.summary.work_product_scores`), as their own family: Holm's correction
runs across the plan's work-product tests only, never with its decision metrics' family.

Conventions:
    * A run's **per-seed value** of a metric is the mean of that score over the seed's episodes
      where the score applies in that run (continuity and traceability: valid Answer drafts with
      something to score; handoff: valid Escalate handoffs); NaN when none does. Which episodes a
      score applies to depends on the run's actions, so the two sides of a comparison may average
      over different episodes of a seed; each side's n is its own.
    * The **overall** score of one episode is the floors' (:func:`carebench.protocol.floors.overall`:
      handoff completeness for a handoff, else min(continuity, traceability) of those that apply)
      unless the plan declares ``work_product_weights``; then it is the weighted mean of the
      scores that apply, with the weights of the episode's task class (or ``default``).
    * Tests are seed-level paired Wilcoxon signed-rank tests
      (:func:`carebench.metrics.stats.wilcoxon_paired`: zero differences dropped, exact null
      distribution for small seed counts, each test naming its method), on the seeds where both
      runs have the metric. A planned test that cannot be computed (a side missing or ambiguous, a
      run without extended output, runs on different banks, no paired seed) stays in the family
      with p = 1 and is listed among the departures, exactly as for decision metrics.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from carebench.metrics.stats import PairedTest, holm, wilcoxon_paired
from carebench.protocol.levels import EvidenceLevel
from carebench.protocol.planned import (
    figures_of,
    kept_in_family,
    resolve_comparison,
    resolve_side,
)
from carebench.protocol.plans import AnalysisPlan

if TYPE_CHECKING:
    import pandas as pd

    from carebench.protocol.registry import RegisteredPlan

SCORE_COLUMNS = ("continuity", "traceability", "handoff")


def _value(x: Any) -> float | None:
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)


def episode_overall(row: Mapping[str, Any], plan: AnalysisPlan) -> float | None:
    """The overall work-product score of one per-episode row under ``plan`` (module conventions)."""
    scores = {k: _value(row.get(k)) for k in SCORE_COLUMNS}
    weights = plan.weights_for(str(row["task_class"]))
    if weights is None:
        if scores["handoff"] is not None:
            return scores["handoff"]
        parts = [v for k, v in scores.items() if k != "handoff" and v is not None]
        return min(parts) if parts else None
    pairs = [(getattr(weights, k), v) for k, v in scores.items() if v is not None]
    total = math.fsum(w for w, _ in pairs)
    if total <= 0:
        return None
    return math.fsum(w * v for w, v in pairs) / total


def per_seed_work_product(scores: pd.DataFrame, metric: str, plan: AnalysisPlan) -> pd.Series:
    """One run's per-seed mean of a work-product ``metric``, seeds sorted (module conventions)."""
    import pandas as pd

    if metric == "overall":
        values = [
            episode_overall({str(k): v for k, v in r.items()}, plan)
            for r in scores.to_dict("records")
        ]
    elif metric in SCORE_COLUMNS:
        values = [_value(v) for v in scores[metric].tolist()]
    else:
        raise ValueError(f"unknown work-product metric {metric!r}")
    column = pd.Series(
        [np.nan if v is None else v for v in values], index=scores.index, dtype=float
    )
    seeds = sorted({str(s) for s in scores["seed_id"]})
    means = column.groupby(scores["seed_id"].astype(str)).mean()
    return means.reindex(seeds)


def _problem(
    ids: list[str | None], scores: pd.DataFrame, manifests: Mapping[str, Mapping[str, Any]]
) -> str | None:
    scored = {str(r) for r in scores["run_id"].unique()} if not scores.empty else set()
    missing = [str(i) for i in ids if i not in scored]
    if missing:
        return f"run(s) {', '.join(missing)} have no work-product scores (not extended output)"
    banks = {str(manifests[str(i)].get("bank_sha256")) for i in ids}
    return "the two runs were made on different episode banks" if len(banks) > 1 else None


def work_product_tests(
    scores: pd.DataFrame,
    plan: RegisteredPlan,
    labels: Mapping[str, str],
    manifests: Mapping[str, Mapping[str, Any]],
) -> tuple[list[dict[str, Any]], list[str]]:
    """The plan's work-product family on the reported runs, Holm-corrected across it only.

    Args:
        scores: per-episode work-product scores of the reported extended runs.
        plan: the registered plan the report is made under.
        labels: run id -> display label of the reported runs.
        manifests: run id -> manifest.

    Returns:
        One row per planned (comparison, metric) test, and the departures (tests not computed).
    """
    tests: list[PairedTest] = []
    rows: list[dict[str, Any]] = []
    problems: list[str] = []
    for comparison, metric in plan.plan.work_product_family():
        ids, problem = resolve_comparison(comparison, labels, manifests, plan.name, "extended")
        problem = problem or _problem(ids, scores, manifests)
        name = f"{comparison.name}: {metric}"
        test = kept_in_family(name)
        if problem:
            problems.append(
                f"planned work-product comparison {comparison.name} ({metric}) not computed: "
                f"{problem}; it stays in the work-product Holm family with p = 1"
            )
        else:
            a, b = (
                per_seed_work_product(scores[scores["run_id"] == i], metric, plan.plan) for i in ids
            )
            a, b = a.align(b, join="inner")
            test = wilcoxon_paired(name, a, b)
            if not math.isfinite(test.p_value):
                problems.append(
                    f"planned work-product comparison {comparison.name} ({metric}): no seed has "
                    "the score under both runs; it stays in the work-product Holm family with p = 1"
                )
                test = kept_in_family(name, test)
        tests.append(test)
        rows.append(
            {
                "comparison": comparison.name,
                "metric": metric,
                "run_a": ids[0],
                "run_b": ids[1],
                "computed": not problem and test.n_pairs > 0,
            }
        )
    for row, test in zip(rows, holm(tests), strict=True):
        row.update(**figures_of(test), evidence_level=EvidenceLevel.AGENT.value)
    return rows, problems


def unscored_tests(plan: AnalysisPlan, label: str, output: str) -> list[str]:
    """The plan's work-product tests that name a run labelled ``label`` made with ``output``.

    Empty for an extended-output run; for a decision-only run, each planned work-product test
    ``comparison (metric)`` whose side names the run (:func:`resolve_side` on the label alone):
    tests that will not be computed, because a decision-only run has no work product.
    """
    if output == "extended":
        return []
    labels, manifests = {"new": label}, {"new": {"label": label}}
    return [
        f"{comparison.name} ({metric})"
        for comparison, metric in plan.work_product_family()
        if any(resolve_side(n, labels, manifests).run_id for n in (comparison.a, comparison.b))
    ]


def weights_text(plan: AnalysisPlan) -> str:
    """How the plan's overall work-product score is made, in one line."""
    if not plan.work_product_weights:
        return (
            "overall = handoff completeness for a handoff, else min(continuity, traceability) "
            "(the floors' overall score)"
        )
    parts = [
        f"{name}: continuity {w.continuity:g}, traceability {w.traceability:g}, "
        f"handoff {w.handoff:g}"
        for name, w in sorted(plan.work_product_weights.items())
    ]
    return "overall = weighted mean of the scores that apply, weights " + "; ".join(parts)
