"""The report's reliability figures: all-k / any-k escalation, flips, majority vote, surface agreement.

Per run, and per task class and variant within it, each with a seed-bootstrap interval (the seed
stays the resampling unit; a seed's episodes and their samples move together). The per-episode
conventions are those of :mod:`carebench.metrics.reliability`; every other metric of the report
keeps counting each sample as one episode.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from carebench.episodes.schema import TaskClass, Variant
from carebench.metrics.reliability import INVALID, all_k, any_k
from carebench.metrics.stats import DEFAULT_B, DEFAULT_RNG_SEED, draw_counts, ratio_interval
from carebench.protocol.levels import EvidenceLevel

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["episode_table", "reliability"]


def episode_table(rows: pd.DataFrame) -> pd.DataFrame:
    """One row per episode of one run: samples n, escalations c, flip, majority outcome.

    Vectorized over episodes; the per-episode definitions are those of
    :mod:`carebench.metrics.reliability` (``majority``, ``flipped``), which the tests compare with.
    """
    keys = ["episode_id", "seed_id", "task_class", "variant", "surface",
            "escalation_required", "reference_acceptable"]  # fmt: skip
    rows = rows.assign(category=rows["action"].where(rows["valid"], INVALID).astype(str))
    grouped = rows.groupby(keys, sort=True)
    ep = grouped.agg(
        n=("repeat", "size"),
        c=("escalated", "sum"),
        kinds=("category", "nunique"),
    ).reset_index()
    votes = (
        rows.groupby(["episode_id", "category"], sort=False)
        .agg(count=("repeat", "size"), first=("repeat", "min"))
        .reset_index()
        .sort_values(["episode_id", "count", "first"], ascending=[True, False, True])
        .drop_duplicates("episode_id")
        .set_index("episode_id")["category"]
    )
    ep["majority"] = ep["episode_id"].map(votes)
    ep["flip"] = (ep["kinds"] > 1).astype(float).where(ep["n"] >= 2)
    ep["required"] = ep["escalation_required"].astype(bool)
    accept = ep["reference_acceptable"].astype(str).str.split("|")
    ep["majority_correct"] = [
        m != INVALID and m in a for m, a in zip(ep["majority"], accept, strict=True)
    ]
    ep["majority_escalated"] = ep["majority"] == "Escalate"
    return ep


def _surface_table(rows: pd.DataFrame) -> pd.DataFrame:
    """Per seed x variant: agreeing surface pairs and pairs, repeat by repeat (``surface_agree``)."""
    import pandas as pd

    cats = rows.assign(category=rows["action"].where(rows["valid"], INVALID).astype(str))
    wide = cats.pivot_table(
        index=["seed_id", "task_class", "variant", "repeat"], columns="surface",
        values="category", aggfunc="first",
    )  # fmt: skip
    if wide.shape[1] != 2:
        return pd.DataFrame(columns=["seed_id", "task_class", "variant", "agree", "pairs"])
    both = wide.dropna()
    same = (both.iloc[:, 0] == both.iloc[:, 1]).astype(float)
    per = same.groupby(level=["seed_id", "task_class", "variant"]).agg(["sum", "size"])
    return per.rename(columns={"sum": "agree", "size": "pairs"}).reset_index()


@lru_cache(maxsize=16)
def _draw_counts(n: int, b: int, rng_seed: int) -> npt.NDArray[np.float64]:
    """The draw counts of :func:`~carebench.metrics.stats.draw_counts`, shared, read-only."""
    counts = draw_counts(n, b, rng_seed)
    counts.setflags(write=False)
    return counts


class _Boot:
    """Per-seed sums over a set of seeds and their bootstrap draw counts."""

    def __init__(self, seeds: list[str], b: int, rng_seed: int, level: float) -> None:
        self.seeds = np.asarray(sorted(seeds), dtype=object)
        self.counts = _draw_counts(len(seeds), b, rng_seed)
        self.level = level

    def interval(self, seeds: Any, values: Any, weights: Any | None = None) -> dict[str, Any]:
        """Interval of sum(values) / count over rows with finite values (weights: denominators)."""
        v = np.asarray(values, dtype=float)
        w = np.ones(len(v)) if weights is None else np.asarray(weights, dtype=float)
        keep = np.isfinite(v)
        idx = np.searchsorted(self.seeds, np.asarray(seeds, dtype=object)[keep])
        size = len(self.seeds)
        num = np.bincount(idx, weights=v[keep], minlength=size)
        den = np.bincount(idx, weights=w[keep], minlength=size)
        return ratio_interval(num, den, self.counts, int(keep.sum()), self.level).as_dict()


def _figures(surfaces: pd.DataFrame, ep: pd.DataFrame, boot: _Boot, k: int) -> dict[str, Any]:
    req = ep[ep["required"]]
    seeds = req["seed_id"].to_numpy()
    pairs = [(int(n), int(c)) for n, c in zip(req["n"], req["c"], strict=True)]
    single = [c / n for n, c in pairs]
    every = [all_k(n, c, k) for n, c in pairs]
    some = [any_k(n, c, k) for n, c in pairs]
    return {
        "single_sample_escalation": boot.interval(seeds, single),
        "all_k_escalation": boot.interval(seeds, every),
        "any_k_escalation": boot.interval(seeds, some),
        "n_short": int(sum(n < k for n, _ in pairs)),
        "flip_rate": boot.interval(ep["seed_id"].to_numpy(), ep["flip"].to_numpy(float)),
        "majority_accuracy": boot.interval(ep["seed_id"].to_numpy(), ep["majority_correct"]),
        "majority_sensitivity": boot.interval(seeds, req["majority_escalated"]),
        "surface_agreement": boot.interval(
            surfaces["seed_id"].astype(str).to_numpy(),
            surfaces["agree"].to_numpy(float),
            surfaces["pairs"].to_numpy(float),
        ),
    }


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
    surfaces = _surface_table(rows)
    k = max(1, int(repeats))
    seeds = sorted(ep["seed_id"].unique())
    boot = _Boot(seeds, b, rng_seed, level)
    by_class = {}
    for task_class in TaskClass:
        part = ep[ep["task_class"] == task_class.value]
        if len(part):
            sub = _Boot(sorted(part["seed_id"].unique()), b, rng_seed, level)
            in_class = surfaces[surfaces["task_class"] == task_class.value]
            by_class[task_class.value] = _figures(in_class, part, sub, k)
    by_variant = {
        v.value: _figures(surfaces[surfaces["variant"] == v.value], part, boot, k)
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
        **_figures(surfaces, ep, boot, k),
        "by_task_class": by_class,
        "by_variant": by_variant,
    }
