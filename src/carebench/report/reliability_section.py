"""The report's reliability figures: all-k / any-k escalation, flips, majority vote, surface agreement.

Per run, and per task class and variant within it, each with a seed-bootstrap interval (the seed
stays the resampling unit; a seed's episodes and their samples move together). The per-episode
conventions are those of :mod:`carebench.metrics.reliability`; every other metric of the report
keeps counting each sample as one episode.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from carebench.episodes.schema import TaskClass, Variant
from carebench.metrics.reliability import INVALID, all_k, any_k, flipped, majority, surface_agree
from carebench.metrics.stats import DEFAULT_B, DEFAULT_RNG_SEED, draw_counts, ratio_interval
from carebench.protocol.levels import EvidenceLevel

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["episode_table", "reliability"]


def episode_table(rows: pd.DataFrame) -> pd.DataFrame:
    """One row per episode of one run: samples n, escalations c, flip, majority outcome."""
    import pandas as pd

    rows = rows.sort_values(["episode_id", "repeat"])
    category = rows["action"].where(rows["valid"], INVALID).astype(str)
    out = []
    for (episode_id, seed, task_class, variant, surface, required, acceptable), group in (
        rows.assign(category=category).groupby(
            ["episode_id", "seed_id", "task_class", "variant", "surface",
             "escalation_required", "reference_acceptable"], sort=True,
        )
    ):  # fmt: skip
        cats = group["category"].tolist()
        vote = majority(cats)
        flip = flipped(cats)
        out.append(
            {
                "episode_id": episode_id,
                "seed_id": seed,
                "task_class": task_class,
                "variant": variant,
                "surface": surface,
                "required": bool(required),
                "n": len(cats),
                "c": int(group["escalated"].sum()),
                "flip": float("nan") if flip is None else float(flip),
                "majority": vote,
                "majority_correct": vote != INVALID and vote in str(acceptable).split("|"),
                "majority_escalated": vote == "Escalate",
                "categories": dict(zip(group["repeat"].tolist(), cats, strict=True)),
            }
        )
    return pd.DataFrame(out)


class _Boot:
    """Per-seed sums over a set of seeds and their bootstrap draw counts."""

    def __init__(self, seeds: list[str], b: int, rng_seed: int, level: float) -> None:
        self.pos = {s: i for i, s in enumerate(seeds)}
        self.counts = draw_counts(len(seeds), b, rng_seed)
        self.level = level

    def interval(self, seeds: Any, values: Any, weights: Any | None = None) -> dict[str, Any]:
        """Interval of sum(values) / count over rows with finite values (weights: denominators)."""
        v = np.asarray(values, dtype=float)
        w = np.ones(len(v)) if weights is None else np.asarray(weights, dtype=float)
        keep = np.isfinite(v)
        idx = np.array([self.pos[s] for s in np.asarray(seeds)[keep]], dtype=np.int64)
        size = len(self.pos)
        num = np.bincount(idx, weights=v[keep], minlength=size)
        den = np.bincount(idx, weights=w[keep], minlength=size)
        return ratio_interval(num, den, self.counts, int(keep.sum()), self.level).as_dict()


def _figures(ep: pd.DataFrame, boot: _Boot, k: int) -> dict[str, Any]:
    req = ep[ep["required"]]
    seeds = req["seed_id"].to_numpy()
    pairs = [(int(n), int(c)) for n, c in zip(req["n"], req["c"], strict=True)]
    single = [c / n for n, c in pairs]
    every = [all_k(n, c, k) for n, c in pairs]
    some = [any_k(n, c, k) for n, c in pairs]
    agree, total = _surface_pairs(ep)
    return {
        "single_sample_escalation": boot.interval(seeds, single),
        "all_k_escalation": boot.interval(seeds, every),
        "any_k_escalation": boot.interval(seeds, some),
        "n_short": int(sum(n < k for n, _ in pairs)),
        "flip_rate": boot.interval(ep["seed_id"].to_numpy(), ep["flip"].to_numpy(float)),
        "majority_accuracy": boot.interval(ep["seed_id"].to_numpy(), ep["majority_correct"]),
        "majority_sensitivity": boot.interval(seeds, req["majority_escalated"]),
        "surface_agreement": boot.interval(agree[0], agree[1], total),
    }


def _surface_pairs(ep: pd.DataFrame) -> tuple[tuple[list[str], list[float]], list[float]]:
    """Per seed x variant: (seed ids, agreeing pairs), pairs; one entry per seed x variant."""
    seeds: list[str] = []
    agree: list[float] = []
    total: list[float] = []
    for (seed, _), group in ep.groupby(["seed_id", "variant"], sort=True):
        if len(group) != 2:
            continue
        a, n = surface_agree(*group["categories"].tolist())
        if n:
            seeds.append(str(seed))
            agree.append(float(a))
            total.append(float(n))
    return (seeds, agree), total


def reliability(
    rows: pd.DataFrame,
    repeats: int,
    b: int = DEFAULT_B,
    rng_seed: int = DEFAULT_RNG_SEED,
    level: float = 0.95,
) -> dict[str, Any]:
    """The reliability figures of one run (its rows of the results table), JSON-ready.

    Args:
        rows: one run's rows (one per episode x repeat).
        repeats: k, the samples the run declared per episode (its manifest's ``repeats``).
        b: bootstrap replicates.
        rng_seed: the bootstrap's RNG seed.
        level: the intervals' confidence level.
    """
    ep = episode_table(rows)
    k = max(1, int(repeats))
    seeds = sorted(ep["seed_id"].unique())
    boot = _Boot(seeds, b, rng_seed, level)
    by_class = {}
    for task_class in TaskClass:
        part = ep[ep["task_class"] == task_class.value]
        if len(part):
            sub = _Boot(sorted(part["seed_id"].unique()), b, rng_seed, level)
            by_class[task_class.value] = _figures(part, sub, k)
    by_variant = {
        v.value: _figures(part, boot, k)
        for v in Variant
        for part in [ep[ep["variant"] == v.value]]
        if len(part)
    }
    return {
        "k": k,
        "evidence_level": EvidenceLevel.AGENT.value,
        "n_episodes": len(ep),
        "samples_min": int(ep["n"].min()) if len(ep) else 0,
        "samples_max": int(ep["n"].max()) if len(ep) else 0,
        "n_single_sample": int((ep["n"] < 2).sum()),
        **_figures(ep, boot, k),
        "by_task_class": by_class,
        "by_variant": by_variant,
    }


def _cell(i: dict[str, Any]) -> str:
    def f(x: Any) -> str:
        return "–" if x is None or (isinstance(x, float) and np.isnan(x)) else f"{x:.2f}"

    return f"{f(i['estimate'])} [{f(i['ci_low'])}, {f(i['ci_high'])}]"


def markdown(runs: list[dict[str, Any]]) -> list[str]:
    """The reliability and cost tables of the printed summary (one line per run each)."""
    lines = [
        "",
        "Reliability across samples (escalation-required episodes; evidence level agent; 95% "
        "seed-bootstrap CIs):",
        "",
        "| agent | k | single-sample | all-k | any-k | flip rate | majority accuracy | "
        "surface agreement |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in runs:
        y = r["reliability"]
        lines.append(
            f"| {r['label']} | {y['k']} | {_cell(y['single_sample_escalation'])} | "
            f"{_cell(y['all_k_escalation'])} | {_cell(y['any_k_escalation'])} | "
            f"{_cell(y['flip_rate'])} | {_cell(y['majority_accuracy'])} | "
            f"{_cell(y['surface_agreement'])} |"
        )
    lines += [
        "",
        "Cost (evidence level agent; latency over first-attempt answers, cache hits, errors "
        "and retried records left out):",
        "",
        "| agent | records | prompt tok / sample | completion tok / sample | tokens total | "
        "latency p50 s | latency p95 s | left out |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in runs:
        c = r["cost"]
        left = c["latency_excluded"]
        p50, p95 = c["latency_p50_s"], c["latency_p95_s"]
        lines.append(
            f"| {r['label']} | {c['records']} | {c['prompt_tokens_per_sample']:.1f} | "
            f"{c['completion_tokens_per_sample']:.1f} | "
            f"{c['prompt_tokens_total'] + c['completion_tokens_total']} | "
            f"{p50:.3f} | {p95:.3f} | {left['cache_hits'] + left['errors'] + left['retried']} |"
        )
    return lines
