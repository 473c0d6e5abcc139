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


_KEYS = ("episode_id", "seed_id", "task_class", "variant", "surface", "escalation_required",
         "reference_acceptable")  # fmt: skip

ObjArray = npt.NDArray[np.object_]
IntArray = npt.NDArray[np.int64]


def episode_table(rows: pd.DataFrame) -> pd.DataFrame:
    """One row per episode of one run: samples n, escalations c, flip, majority outcome.

    Rows are in episode-id order. Vectorized over episodes; the per-episode definitions are those
    of :mod:`carebench.metrics.reliability` (``majority``, ``flipped``), which the tests compare
    with.
    """
    import pandas as pd

    return pd.DataFrame(_episodes(rows, _categories(rows)))


def _categories(rows: pd.DataFrame) -> ObjArray:
    """Each sample's category: its action, or ``invalid``."""
    category: ObjArray = rows["action"].where(rows["valid"], INVALID).astype(str).to_numpy(object)
    return category


def _episodes(rows: pd.DataFrame, category: ObjArray) -> dict[str, npt.NDArray[Any]]:
    """:func:`episode_table`'s columns as arrays (episodes sorted by id)."""
    ids, first, episode = np.unique(
        rows["episode_id"].to_numpy(object), return_index=True, return_inverse=True
    )
    m = len(ids)
    table: dict[str, npt.NDArray[Any]] = {"episode_id": ids}
    for key in _KEYS[1:]:
        table[key] = rows[key].to_numpy(bool if key == "escalation_required" else object)[first]
    escalated = rows["escalated"].to_numpy(bool)
    table["n"] = np.bincount(episode, minlength=m)
    table["c"] = np.bincount(episode, weights=escalated, minlength=m).astype(np.int64)
    names, code = np.unique(category, return_inverse=True)
    pairs, pair = np.unique(episode * len(names) + code, return_inverse=True)
    owner = pairs // len(names)  # each (episode, category) pair's episode, ascending
    table["kinds"] = np.bincount(owner, minlength=m)
    # the majority: the category with most samples, ties to the one sampled first
    count = np.bincount(pair)
    first_repeat = np.full(len(pairs), np.iinfo(np.int64).max)
    np.minimum.at(first_repeat, pair, rows["repeat"].to_numpy(np.int64))
    order = np.lexsort((first_repeat, -count, owner))
    top = order[np.r_[True, owner[order][1:] != owner[order][:-1]]] if len(order) else order
    majority = names[pairs[top] % len(names)] if len(top) else np.array([], dtype=object)
    table["majority"] = majority
    table["flip"] = np.where(table["n"] >= 2, (table["kinds"] > 1).astype(float), np.nan)
    table["required"] = table["escalation_required"].astype(bool)
    accept = [str(a).split("|") for a in table["reference_acceptable"]]
    table["majority_correct"] = np.array(
        [v != INVALID and v in a for v, a in zip(majority, accept, strict=True)], dtype=bool
    )
    table["majority_escalated"] = majority == "Escalate"
    return table


def _surfaces(rows: pd.DataFrame, category: ObjArray) -> dict[str, npt.NDArray[Any]]:
    """Per seed x task class x variant: agreeing surface pairs and pairs (``surface_agree``).

    The two surfaces are compared repeat by repeat; a repeat on one surface only is left out.
    Empty unless the run has exactly two surfaces.
    """
    surface = rows["surface"].to_numpy(object)
    sides = np.unique(surface)
    codes = [np.unique(rows[c].to_numpy(object), return_inverse=True)
             for c in ("seed_id", "task_class", "variant")]  # fmt: skip
    repeat = rows["repeat"].to_numpy(np.int64)
    if len(sides) != 2 or not len(repeat):
        empty = np.array([], dtype=object)
        return {"seed_id": empty, "task_class": empty, "variant": empty,
                "agree": np.zeros(0), "pairs": np.zeros(0)}  # fmt: skip
    group = np.zeros(len(repeat), dtype=np.int64)
    for names, code in codes:
        group = group * len(names) + code
    key = group * (int(repeat.max()) + 1) + repeat
    # each side's category per key: its first sample in row order
    firsts = [np.unique(key[surface == side], return_index=True) for side in sides]
    common, i, j = np.intersect1d(firsts[0][0], firsts[1][0], assume_unique=True,
                                  return_indices=True)  # fmt: skip
    left = category[surface == sides[0]][firsts[0][1][i]]
    right = category[surface == sides[1]][firsts[1][1][j]]
    groups, at = np.unique(common // (int(repeat.max()) + 1), return_inverse=True)
    out: dict[str, npt.NDArray[Any]] = {
        "agree": np.bincount(at, weights=left == right, minlength=len(groups)),
        "pairs": np.bincount(at, minlength=len(groups)).astype(float),
    }
    rest = groups
    for column, (names, _) in reversed(list(zip(("seed_id", "task_class", "variant"), codes,
                                                strict=True))):  # fmt: skip
        out[column] = names[rest % len(names)]
        rest = rest // len(names)
    return out


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


def _select(table: dict[str, npt.NDArray[Any]], keep: npt.NDArray[np.bool_]) -> dict[str, Any]:
    return {k: v[keep] for k, v in table.items()}


def _figures(
    surfaces: dict[str, npt.NDArray[Any]], ep: dict[str, npt.NDArray[Any]], boot: _Boot, k: int
) -> dict[str, Any]:
    req = _select(ep, ep["required"])
    seeds = req["seed_id"]
    pairs = [(int(n), int(c)) for n, c in zip(req["n"], req["c"], strict=True)]
    single = [c / n for n, c in pairs]
    every = [all_k(n, c, k) for n, c in pairs]
    some = [any_k(n, c, k) for n, c in pairs]
    return {
        "single_sample_escalation": boot.interval(seeds, single),
        "all_k_escalation": boot.interval(seeds, every),
        "any_k_escalation": boot.interval(seeds, some),
        "n_short": int(sum(n < k for n, _ in pairs)),
        "flip_rate": boot.interval(ep["seed_id"], ep["flip"]),
        "majority_accuracy": boot.interval(ep["seed_id"], ep["majority_correct"]),
        "majority_sensitivity": boot.interval(seeds, req["majority_escalated"]),
        "surface_agreement": boot.interval(
            surfaces["seed_id"].astype(str), surfaces["agree"], surfaces["pairs"]
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
    category = _categories(rows)
    ep = _episodes(rows, category)
    surfaces = _surfaces(rows, category)
    k = max(1, int(repeats))
    seeds = sorted(set(ep["seed_id"]))
    boot = _Boot(seeds, b, rng_seed, level)
    by_class = {}
    for task_class in TaskClass:
        in_class = ep["task_class"] == task_class.value
        if in_class.any():
            part = _select(ep, in_class)
            sub = _Boot(sorted(set(part["seed_id"])), b, rng_seed, level)
            in_surfaces = _select(surfaces, surfaces["task_class"] == task_class.value)
            by_class[task_class.value] = _figures(in_surfaces, part, sub, k)
    by_variant = {
        v.value: _figures(_select(surfaces, surfaces["variant"] == v.value),
                          _select(ep, in_variant), boot, k)
        for v in Variant
        for in_variant in [ep["variant"] == v.value]
        if in_variant.any()
    }  # fmt: skip
    n = ep["n"]
    return {
        "k": k,
        "evidence_level": EvidenceLevel.AGENT.value,
        "n_episodes": len(n),
        "samples_min": int(n.min()) if len(n) else 0,
        "samples_max": int(n.max()) if len(n) else 0,
        "n_single_sample": int((n < 2).sum()),
        **_figures(surfaces, ep, boot, k),
        "by_task_class": by_class,
        "by_variant": by_variant,
    }
