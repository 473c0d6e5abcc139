"""Known-groups validation: does the report recover deficits planted in scripted agents?

For each planted-deficit agent (:mod:`carebench.agents.backends.planted`) run beside
``planted-base`` on the same episodes: the planted effect (the exact expected difference in its
target metric), the effect the report's numbers recover with a paired seed-bootstrap interval
(both runs resampled with the same seed draws), and whether the paired seed-level Wilcoxon tests
detect it, Holm-corrected across the family a plan comparing each deficit agent with the base
on accuracy, sensitivity and utility would declare. docs/validity.md is written from this.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from carebench.agents.backends.planted import DEFICITS, expected_metrics
from carebench.episodes.schema import Episode, Variant
from carebench.metrics.calibration import ece
from carebench.metrics.costs import PRIMARY
from carebench.metrics.escalation import row_utility
from carebench.metrics.stats import DEFAULT_B, DEFAULT_RNG_SEED, draw_counts, holm
from carebench.report.analysis import paired

if TYPE_CHECKING:
    from pathlib import Path

    import pandas as pd

__all__ = ["TARGETS", "known_groups", "run_planted"]

#: Each deficit agent's target metric.
TARGETS = {
    "planted-late-risk-miss": "late_risk_sensitivity",
    "planted-conflict-answer": "conflict_accuracy",
    "planted-ask-not-escalate": "sensitivity",
    "planted-over-escalate": "specificity",
    "planted-overconfident": "ece",
}
FAMILY_METRICS = ("accuracy", "sensitivity", "utility")


def run_planted(
    workspace: Path, repeats: int = 1, names: Sequence[str] | None = None, seed: int = 0
) -> dict[str, str]:
    """Run the planted agents (every deficit, or ``names``) on the packaged bank's test split.

    Each is one stored run in ``workspace`` of ``repeats`` samples per episode with sampling seed
    ``seed``; returns policy name -> run id. The experiment (experiments/known_groups.py) and the
    tests build their runs with it.
    """
    import asyncio

    from carebench.agents.config import BackendConfig, SamplingParams
    from carebench.episodes.bank import load_bank
    from carebench.runs.config import RunConfig
    from carebench.runs.runner import run_async
    from carebench.runs.store import RunStore

    bank = load_bank()
    ids = {}
    with RunStore(workspace / "carebench.db") as store:
        for name in names or list(DEFICITS):
            config = RunConfig(
                backend=BackendConfig(name="scripted", model=name),
                split="test",
                sampling=SamplingParams(repeats=repeats, seed=seed),
            )
            ids[name] = asyncio.run(run_async(config, bank, store)).run_id
    return ids


def _num_den(rows: pd.DataFrame, metric: str) -> tuple[pd.Series, pd.Series]:
    """Per-seed numerator and denominator of a ratio metric."""
    req, esc = rows["escalation_required"], rows["escalated"]
    if metric == "accuracy":
        num, den = rows["correct"], rows["correct"] | True
    elif metric == "conflict_accuracy":
        m = rows["variant"] == Variant.CONFLICT.value
        num, den = rows["correct"] & m, m
    elif metric == "sensitivity":
        num, den = req & esc, req
    elif metric == "late_risk_sensitivity":
        m = req & (rows["variant"] == Variant.LATE_RISK.value)
        num, den = m & esc, m
    elif metric == "specificity":
        num, den = ~req & ~esc, ~req
    elif metric == "utility":
        u = row_utility(req.to_numpy(bool), esc.to_numpy(bool), PRIMARY)
        num, den = rows["correct"] * 0 + u, rows["correct"] | True
    else:
        raise ValueError(f"unknown metric {metric!r}")
    by = rows["seed_id"]
    return num.astype(float).groupby(by).sum(), den.astype(float).groupby(by).sum()


def _ece_by_seed(rows: pd.DataFrame, counts: np.ndarray[Any, Any], seeds: list[str]) -> Any:
    """ECE replicates (10 bins) over the seed draws, and the point estimate."""
    from carebench.metrics.calibration import bin_index

    valid = rows[rows["valid"]]
    conf = valid["confidence"].to_numpy(float)
    ok = valid["correct"].to_numpy(float)
    idx = valid["seed_id"].map({s: i for i, s in enumerate(seeds)}).to_numpy()
    bins = bin_index(conf, 10)
    d = np.zeros((len(seeds), 10))
    m = np.zeros((len(seeds), 10))
    np.add.at(d, (idx, bins), ok - conf)
    np.add.at(m, (idx, bins), 1.0)
    reps = np.abs(counts @ d).sum(axis=1) / (counts @ m).sum(axis=1)
    return ece(conf, ok, 10), reps


def _value(rows: pd.DataFrame, metric: str, counts: Any, seeds: list[str]) -> tuple[float, Any]:
    if metric == "ece":
        return _ece_by_seed(rows, counts, seeds)  # type: ignore[no-any-return]
    num, den = (s.reindex(seeds, fill_value=0.0).to_numpy() for s in _num_den(rows, metric))
    with np.errstate(invalid="ignore", divide="ignore"):
        return float(num.sum() / den.sum()), (counts @ num) / (counts @ den)


def _interval(reps: Any) -> tuple[float, float]:
    finite = reps[np.isfinite(reps)]
    low, high = np.quantile(finite, [0.025, 0.975])
    return float(low), float(high)


def _per_seed_frame(rows: pd.DataFrame, metric: str) -> pd.DataFrame:
    if metric == "conflict_accuracy":
        return rows[rows["variant"] == Variant.CONFLICT.value]
    if metric == "late_risk_sensitivity":
        return rows[rows["variant"] == Variant.LATE_RISK.value]
    return rows


def known_groups(
    frame: pd.DataFrame,
    run_of: dict[str, str],
    episodes: Sequence[Episode],
    b: int = DEFAULT_B,
    rng_seed: int = DEFAULT_RNG_SEED,
) -> list[dict[str, Any]]:
    """One entry per deficit agent: planted vs recovered effect and the paired tests.

    Args:
        frame: the results table holding the planted runs (one sample per episode).
        run_of: planted policy name -> its run id in ``frame`` (``planted-base`` included).
        episodes: the episodes the runs answered (for the planted, expected values).
        b: bootstrap replicates (seeds resampled, both runs together).
        rng_seed: the bootstrap's RNG seed.
    """
    base = frame[frame["run_id"] == run_of["planted-base"]]
    seeds = sorted(base["seed_id"].unique())
    counts = draw_counts(len(seeds), b, rng_seed)
    expected_base = expected_metrics("planted-base", episodes)
    tests: list[tuple[int, str, Any]] = []
    entries: list[dict[str, Any]] = []
    for name, metric in TARGETS.items():
        rows = frame[frame["run_id"] == run_of[name]]
        planted = expected_metrics(name, episodes)
        base_value, base_reps = _value(base, metric, counts, seeds)
        value, reps = _value(rows, metric, counts, seeds)
        low, high = _interval(reps - base_reps)
        v_low, v_high = _interval(reps)
        key = "ece" if metric == "ece" else metric
        if key == "conflict_accuracy":
            exp_v = _expected_conflict_accuracy(name, episodes)
            exp_b = _expected_conflict_accuracy("planted-base", episodes)
        else:
            exp_v, exp_b = planted[key], expected_base[key]
        effect = exp_v - exp_b if metric != "ece" else float("nan")
        entry: dict[str, Any] = {
            "agent": name,
            "deficit": DEFICITS[name].description,
            "metric": metric,
            "planted_value": exp_v,
            "recovered_value": value,
            "value_ci": [v_low, v_high],
            "value_covered": bool(v_low <= exp_v <= v_high) if np.isfinite(exp_v) else None,
            "planted_effect": effect,
            "recovered_effect": value - base_value,
            "effect_ci": [low, high],
            "effect_covered": bool(low <= effect <= high) if np.isfinite(effect) else None,
            "target_test": None,
        }
        if metric in ("conflict_accuracy", "late_risk_sensitivity", "specificity"):
            base_m = "accuracy" if metric == "conflict_accuracy" else metric.split("_")[-1]
            t = paired(_per_seed_frame(rows, metric), _per_seed_frame(base, metric), base_m,
                       PRIMARY, f"{name} vs base: {metric}")  # fmt: skip
            entry["target_test"] = {"p_value": t.p_value, "n_seeds": t.n_pairs}
        if metric != "ece":
            for m in FAMILY_METRICS:
                tests.append((len(entries), m, paired(rows, base, m, PRIMARY, f"{name}: {m}")))
        entries.append(entry)
    corrected = holm([t for _, _, t in tests])
    for (i, m, _), t in zip(tests, corrected, strict=True):
        entries[i].setdefault("family_tests", {})[m] = {
            "p_value": t.p_value,
            "p_holm": t.p_holm,
            "n_seeds": t.n_pairs,
        }
    return entries


def _expected_conflict_accuracy(name: str, episodes: Sequence[Episode]) -> float:
    conflict = [e for e in episodes if e.variant == Variant.CONFLICT]
    return expected_metrics(name, conflict)["accuracy"]
