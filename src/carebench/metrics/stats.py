"""Statistics: seed-clustered bootstrap, paired seed-level Wilcoxon tests, Holm, Wilson.

Conventions:
    * Uncertainty comes from resampling seeds (clusters), never episodes: the 10 episodes of a seed
      share one clinical situation. Each bootstrap replicate draws as many seeds as there are, with
      replacement; a seed drawn k times counts k times. Replicates come from a fixed RNG seed.
    * Every bootstrapped metric here is a ratio of per-seed sums (accuracy, sensitivity, utility...),
      so a replicate is (W @ numerators) / (W @ denominators) with W the B x S matrix of draw counts.
      Replicates whose denominator is 0 (no positives drawn) are NaN and are dropped; the interval is
      the 2.5th and 97.5th percentiles of the rest (percentile method), reported with B used.
    * Paired comparisons are seed-level: one value per seed under A and under B; seeds where either
      value is NaN are dropped; zero differences are dropped too (zero_method="wilcox"). The
      two-sided p comes from the exact null distribution of the signed-rank statistic when few
      seeds remain (:func:`wilcoxon_exact`: n <= ``EXACT_MAX_N`` without tied absolute
      differences, n <= ``EXACT_TIED_MAX_N`` with ties, where the distribution is the exact one
      conditional on the tied mid-ranks), else from scipy.stats.wilcoxon's normal approximation
      (correction=False, tie correction). The method used is recorded with every test
      (``PairedTest.method``). With n seeds the exact p can never be below 2 / 2**n (0.125 for
      n = 4), which the normal approximation undercuts. When every difference is zero the test
      is undefined and we report statistic 0 and p = 1.
    * Holm's step-down correction (statsmodels multipletests(method="holm")) is applied across a
      family of comparisons: the analysis plan's, when there is one (carebench.protocol.plans);
      otherwise the comparisons reported together, which is exploratory.
    * Proportions from trials get Wilson intervals (statsmodels proportion_confint(method="wilson")).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from carebench.metrics.threads import one_blas_thread

FloatArray = npt.NDArray[np.float64]

DEFAULT_B = 10_000
DEFAULT_RNG_SEED = 20240601


@dataclass(frozen=True)
class Interval:
    """A point estimate with a confidence interval and what it rests on."""

    estimate: float
    low: float
    high: float
    n: int
    n_clusters: int
    b: int

    def as_dict(self) -> dict[str, float | int]:
        """JSON-ready form."""
        return {
            "estimate": self.estimate,
            "ci_low": self.low,
            "ci_high": self.high,
            "n": self.n,
            "n_seeds": self.n_clusters,
            "bootstrap_b": self.b,
        }


@lru_cache(maxsize=16)
def draw_counts(
    n_clusters: int, b: int = DEFAULT_B, rng_seed: int = DEFAULT_RNG_SEED
) -> FloatArray:
    """B x S matrix: how often each of S clusters is drawn in each replicate (rows sum to S).

    With no clusters the matrix is B x 0, so every statistic built on it is NaN. The matrix
    depends only on (S, B, RNG seed), so it is drawn once per process and shared (read-only):
    a report draws it for every run, task class and section.
    """
    if n_clusters == 0:
        counts: FloatArray = np.zeros((b, 0))
    else:
        rng = np.random.default_rng(rng_seed)
        counts = rng.multinomial(n_clusters, np.full(n_clusters, 1.0 / n_clusters), size=b).astype(
            float
        )
    counts.flags.writeable = False
    return counts


def _percentiles(replicates: FloatArray, level: float) -> tuple[float, float, int]:
    [(low, high, used)] = _column_percentiles(replicates[:, None], level)
    return low, high, used


def _column_percentiles(replicates: FloatArray, level: float) -> list[tuple[float, float, int]]:
    """Per column of a B x K matrix: the percentile interval of its finite values, and their count.

    Non-finite replicates are dropped; quantiles interpolate linearly (numpy's default method),
    so each column gives what ``np.quantile`` gives on its finite values. One sort for all K.
    """
    alpha = (1 - level) / 2
    finite = np.isfinite(replicates)
    used = finite.sum(axis=0)
    ordered = np.sort(np.where(finite, replicates, np.inf), axis=0)
    out = []
    for k, n in enumerate(used.tolist()):
        if n == 0:
            out.append((float("nan"), float("nan"), 0))
            continue
        column = ordered[:n, k]
        out.append((_sorted_quantile(column, alpha), _sorted_quantile(column, 1 - alpha), int(n)))
    return out


def _sorted_quantile(ordered: FloatArray, q: float) -> float:
    """``np.quantile(ordered, q)`` (method "linear") of an already sorted, non-empty array."""
    position = q * (len(ordered) - 1)
    below = int(np.floor(position))
    above = min(below + 1, len(ordered) - 1)
    a, b, t = float(ordered[below]), float(ordered[above]), position - below
    # numpy's _lerp, for identical results: from the nearer end
    return b - (b - a) * (1 - t) if t >= 0.5 else a + (b - a) * t


@one_blas_thread
def ratio_intervals(
    numerators: npt.ArrayLike,
    denominators: npt.ArrayLike,
    counts: FloatArray,
    n: Sequence[int],
    level: float = 0.95,
) -> list[Interval]:
    """:func:`ratio_interval` for K ratios at once: S x K per-seed sums, one product per side.

    Column k is sum(num[:, k]) / sum(den[:, k]) with its interval, ``n[k]`` the rows behind it.
    """
    num = np.asarray(numerators, dtype=float)
    den = np.asarray(denominators, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        replicates = (counts @ num) / (counts @ den)
    total_num, total_den = num.sum(axis=0), den.sum(axis=0)
    out = []
    for k, (low, high, used) in enumerate(_column_percentiles(replicates, level)):
        estimate = float(total_num[k] / total_den[k]) if total_den[k] else float("nan")
        if not np.isfinite(estimate):
            low = high = float("nan")
        out.append(Interval(estimate, low, high, int(n[k]), num.shape[0], used))
    return out


def ratio_interval(
    numerators: npt.ArrayLike,
    denominators: npt.ArrayLike,
    counts: npt.NDArray[np.float64],
    n: int,
    level: float = 0.95,
) -> Interval:
    """Percentile interval of sum(num) / sum(den) under the cluster bootstrap ``counts``."""
    num = np.asarray(numerators, dtype=float)[:, None]
    den = np.asarray(denominators, dtype=float)[:, None]
    [interval] = ratio_intervals(num, den, counts, [n], level)
    return interval


@one_blas_thread
def ece_interval(
    seed_index: npt.ArrayLike,
    confidence: npt.ArrayLike,
    correct: npt.ArrayLike,
    counts: FloatArray,
    n_bins: int = 10,
    level: float = 0.95,
) -> Interval:
    """ECE with a cluster-bootstrap interval.

    ECE = sum over bins of |sum of (correct - confidence) in the bin| / N, so a replicate only needs
    the per-seed, per-bin sums: (W @ D) and (W @ N) with W the draw counts.
    """
    from carebench.metrics.calibration import bin_index, ece

    seeds = np.asarray(seed_index, dtype=np.int64)
    conf = np.asarray(confidence, dtype=float)
    ok = np.asarray(correct, dtype=float)
    n_seeds = counts.shape[1]
    bins = bin_index(conf, n_bins)
    d = np.zeros((n_seeds, n_bins))
    m = np.zeros((n_seeds, n_bins))
    np.add.at(d, (seeds, bins), ok - conf)
    np.add.at(m, (seeds, bins), 1.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        replicates = np.abs(counts @ d).sum(axis=1) / (counts @ m).sum(axis=1)
    low, high, used = _percentiles(replicates, level)
    return Interval(
        ece(conf, ok, n_bins), low, high, len(conf), int(np.count_nonzero(m.sum(axis=1))), used
    )


@one_blas_thread
def auroc_interval(
    seed_index: npt.ArrayLike,
    confidence: npt.ArrayLike,
    correct: npt.ArrayLike,
    counts: FloatArray,
    level: float = 0.95,
) -> Interval:
    """Failure AUROC with a cluster-bootstrap interval.

    With P[s, t] the Mann-Whitney pair score between failures of seed s and successes of seed t
    (1 per pair ranked right, 1/2 per tie), a replicate with draw counts w is
    (w P w^T) / ((w . F)(w . G)), F and G the per-seed failure and success counts.
    """
    from carebench.metrics.calibration import failure_auroc

    seeds = np.asarray(seed_index, dtype=np.int64)
    score = 1.0 - np.asarray(confidence, dtype=float)
    failed = ~np.asarray(correct, dtype=bool)
    n_seeds = counts.shape[1]
    estimate = failure_auroc(1.0 - score, ~failed)
    if not np.isfinite(estimate):
        return Interval(estimate, float("nan"), float("nan"), len(score), n_seeds, 0)
    sf, seeds_f = score[failed], seeds[failed]
    # P[s, t]: for failures of seed s, successes of seed t ranked below (1) or tied (1/2); one
    # sorted search per seed t keeps this O(n log n) instead of O(failures x successes).
    p = np.zeros((n_seeds, n_seeds))
    for t in range(n_seeds):
        succ_t = np.sort(score[~failed & (seeds == t)])
        if len(succ_t) == 0:
            continue
        below = np.searchsorted(succ_t, sf, side="left")
        tied = np.searchsorted(succ_t, sf, side="right") - below
        p[:, t] = np.bincount(seeds_f, weights=below + 0.5 * tied, minlength=n_seeds)
    f = np.bincount(seeds_f, minlength=n_seeds).astype(float)
    g = np.bincount(seeds[~failed], minlength=n_seeds).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        replicates = ((counts @ p) * counts).sum(axis=1) / ((counts @ f) * (counts @ g))
    low, high, used = _percentiles(replicates, level)
    return Interval(estimate, low, high, len(score), n_seeds, used)


#: The exact distribution is used up to this many nonzero differences without ties (scipy's own
#: threshold for its exact method) ...
EXACT_MAX_N = 50
#: ... and up to this many with tied absolute differences (exact conditional on the mid-ranks).
EXACT_TIED_MAX_N = 15
EXACT = "exact"
EXACT_TIES = "exact (conditional on tied mid-ranks)"
APPROX = "normal approximation (tie-corrected, no continuity correction)"


@dataclass(frozen=True)
class PairedTest:
    """A paired seed-level Wilcoxon signed-rank test.

    ``method`` says how p was computed (:data:`EXACT`, :data:`EXACT_TIES` or :data:`APPROX`; ''
    when no test was computed).
    """

    name: str
    n_pairs: int
    mean_a: float
    mean_b: float
    statistic: float
    p_value: float
    p_holm: float = float("nan")
    method: str = ""


def _rounded(differences: npt.ArrayLike) -> FloatArray:
    """Differences rounded to 12 decimals, so that 0.3 - 0.2 and 0.1 tie (and 0.1 - 0.1 is 0)."""
    return np.round(np.asarray(differences, dtype=float), 12)


def wilcoxon_exact(differences: npt.ArrayLike) -> tuple[float, float]:
    """Exact two-sided Wilcoxon signed-rank test of paired differences: (statistic, p).

    Zero differences are dropped (Wilcoxon's convention); the others are ranked by absolute
    value (differences rounded to 12 decimals first), ties getting their mid-rank. Under the null each sign is + or - with probability 1/2
    independently, so the statistic's distribution is that of a sum of a random subset of the
    ranks; it is counted exactly by dynamic programming over the doubled (integer) ranks, which
    is O(n * sum of ranks). Without ties this is scipy.stats.wilcoxon(method="exact"); with ties
    it is the exact distribution conditional on the tied ranks (what a full permutation test,
    scipy's ``method=PermutationMethod()``, enumerates).

    Returns:
        statistic: min(R+, R-), the smaller of the positive and negative rank sums (scipy's
            two-sided statistic).
        p: 2 * P(T <= statistic), capped at 1. With n nonzero differences p >= 2 / 2**n.
            (0.0, 1.0) without nonzero differences.
    """
    from scipy.stats import rankdata

    d = _rounded(differences)
    d = d[d != 0]
    if len(d) == 0:
        return 0.0, 1.0
    doubled = np.rint(2 * rankdata(np.abs(d))).astype(np.int64)
    total = int(doubled.sum())
    ways = np.zeros(total + 1)
    ways[0] = 1.0
    for rank in doubled:
        ways[rank:] = ways[rank:] + ways[: total + 1 - rank].copy()
    r_plus = int(doubled[d > 0].sum())
    statistic = min(r_plus, total - r_plus)
    p = 2.0 * ways[: statistic + 1].sum() / ways.sum()
    return statistic / 2.0, float(min(1.0, p))


def wilcoxon_paired(name: str, a: npt.ArrayLike, b: npt.ArrayLike) -> PairedTest:
    """Wilcoxon signed-rank test on per-seed values (see the module conventions)."""
    from scipy.stats import wilcoxon

    x = np.asarray(a, dtype=float)
    y = np.asarray(b, dtype=float)
    keep = np.isfinite(x) & np.isfinite(y)
    x, y = x[keep], y[keep]
    n = len(x)
    mean_a = float(x.mean()) if n else float("nan")
    mean_b = float(y.mean()) if n else float("nan")
    if n == 0:
        return PairedTest(name, 0, mean_a, mean_b, float("nan"), float("nan"))
    if np.all(x == y):
        return PairedTest(name, n, mean_a, mean_b, 0.0, 1.0, method=EXACT)
    d = _rounded(x - y)
    nonzero = np.abs(d[d != 0])
    tied = len(np.unique(nonzero)) < len(nonzero)
    if len(nonzero) <= (EXACT_TIED_MAX_N if tied else EXACT_MAX_N):
        statistic, p = wilcoxon_exact(d)
        return PairedTest(
            name, n, mean_a, mean_b, statistic, p, method=EXACT_TIES if tied else EXACT
        )
    result = wilcoxon(
        x, y, zero_method="wilcox", correction=False, alternative="two-sided", method="approx"
    )
    return PairedTest(
        name, n, mean_a, mean_b, float(result.statistic), float(result.pvalue), method=APPROX
    )


def _holm_adjusted(p_values: list[float]) -> FloatArray:
    """Holm-adjusted p-values: statsmodels ``multipletests(method="holm")``, without its full GC.

    multipletests ends its Holm branch with ``gc.collect()``, a walk over every object of the
    process (0.3-0.5 s in a report's process, which holds the bank, pandas, matplotlib and
    pydantic). The objects alive before the call are frozen (:func:`gc.freeze`) for its duration,
    so that walk covers only what the call made; they are unfrozen after, into the oldest
    generation. When something else has frozen objects already, nothing is frozen (unfreezing
    would release its objects too) and the call pays the full walk.
    """
    import gc

    from statsmodels.stats.multitest import multipletests

    freeze = gc.get_freeze_count() == 0
    if freeze:
        gc.freeze()
    try:
        _, adjusted, _, _ = multipletests(p_values, alpha=0.05, method="holm")
    finally:
        if freeze:
            gc.unfreeze()
    return np.asarray(adjusted, dtype=float)


def holm(tests: list[PairedTest]) -> list[PairedTest]:
    """The same tests with Holm-adjusted p-values across the family (NaN p stays NaN)."""
    finite = [i for i, t in enumerate(tests) if np.isfinite(t.p_value)]
    adjusted = [float("nan")] * len(tests)
    if finite:
        p_adj = _holm_adjusted([tests[i].p_value for i in finite])
        for i, p in zip(finite, p_adj, strict=True):
            adjusted[i] = float(p)
    return [
        PairedTest(t.name, t.n_pairs, t.mean_a, t.mean_b, t.statistic, t.p_value, p, t.method)
        for t, p in zip(tests, adjusted, strict=True)
    ]


def wilson(successes: int, trials: int, level: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion (NaN, NaN without trials).

    The bounds are exactly 0 at 0 successes and exactly 1 at ``trials`` successes (statsmodels
    returns 0.9999999999999999 there, which would put the estimate outside its own interval).
    """
    if trials == 0:
        return float("nan"), float("nan")
    from statsmodels.stats.proportion import proportion_confint

    low, high = proportion_confint(successes, trials, alpha=1 - level, method="wilson")
    return (
        0.0 if successes == 0 else float(low),
        1.0 if successes == trials else float(high),
    )


def newcombe_difference(
    successes_a: int, trials_a: int, successes_b: int, trials_b: int, level: float = 0.95
) -> tuple[float, float]:
    """Newcombe's hybrid score interval for the difference of two independent proportions, a - b.

    Newcombe (1998), method 10, built from the two Wilson intervals (statsmodels
    ``confint_proportions_2indep(method="newcomb", compare="diff")``). NaN, NaN when either side
    has no trials. Bounds are clipped to [-1, 1] against rounding.
    """
    if trials_a == 0 or trials_b == 0:
        return float("nan"), float("nan")
    from statsmodels.stats.proportion import confint_proportions_2indep

    low, high = confint_proportions_2indep(
        successes_a, trials_a, successes_b, trials_b,
        method="newcomb", compare="diff", alpha=1 - level,
    )  # fmt: skip
    return max(-1.0, float(low)), min(1.0, float(high))
