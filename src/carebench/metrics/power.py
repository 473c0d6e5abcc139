"""Power of the paired seed-level Wilcoxon test on the bank's seed structure, by simulation.

"What difference can this bank detect?" Two agents A and B answer the same seeds; the report
tests per-seed metric values with the Wilcoxon signed-rank test (zero differences dropped,
two-sided) and Holm across the plan's family. Here that test is run on simulated outcomes.

Model (docs/methods.md, "Power"):
    * Seed structure: the bank's own, per seed, number of episodes (accuracy), of
      escalation-required episodes (sensitivity, utility) and of late-risk escalation-required
      episodes (late-risk sensitivity). Seeds without a metric's episodes drop out of that test,
      as in the report.
    * Outcomes are Bernoulli per episode. Seed s has a latent difficulty z_s ~ N(0, 1), shared by
      A and B: logit p_A,s = logit p0 + sigma z_s and logit p_B,s = logit p_A,s + beta.
      ``sigma`` is the between-seed SD on the logit scale (within-seed correlation); given no
      pilot it is the stated default 1.0 (latent ICC sigma^2 / (sigma^2 + pi^2 / 3) = 0.23).
    * Given the seed, A's and B's outcomes on an episode share one uniform with probability
      ``coupling`` and are independent otherwise (default 0: independent, the conservative end).
    * Utility: the difference comes from escalations on escalation-required episodes
      (B's sensitivity shifted by beta); both agents' specificity is ``specificity0`` with the
      same seed difficulty; each seed's utility is under the primary cost matrix by default.
    * The difference of a beta is the expected mean per-seed difference of B - A, computed by
      Gauss-Hermite quadrature over z (64 nodes); differences are reported as magnitudes of a
      decrease (B worse than A).
    * Test size: the power of one test in a Holm family of m is computed at alpha / m, Holm's
      first step: the power when no other planned test is rejected, a lower bound.
    * p-values: ``approx`` is scipy.stats.wilcoxon's normal approximation with tie correction and
      no continuity correction, vectorized; ``exact`` is the exact null of the signed-rank
      statistic conditional on the tied mid-ranks (by dynamic programming); ``auto`` is the
      report's own rule (:func:`carebench.metrics.stats.wilcoxon_paired`), per simulated
      experiment: exact up to ``EXACT_MAX_N`` nonzero differences (``EXACT_TIED_MAX_N`` with
      tied ones, differences rounded to 12 decimals), the approximation above that.
    * Specificity (planned comparisons may test it) is simulated like sensitivity, on the
      episodes that do not require escalation.
    * Minimum detectable difference: the smallest difference with power >= the target, by
      bisection on beta over one fixed set of simulated draws (common random numbers, so power is
      monotone in beta up to Monte Carlo noise), to a tolerance of 0.005 in the difference.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from carebench.episodes.schema import Episode, Variant
from carebench.metrics.costs import PRIMARY, CostMatrix
from carebench.metrics.escalation import utility_total
from carebench.metrics.stats import EXACT_MAX_N, EXACT_TIED_MAX_N

FloatArray = npt.NDArray[np.float64]
METRICS = ("accuracy", "sensitivity", "utility", "late_risk_sensitivity")
#: Every simulated metric (the default grid, then specificity); the index seeds its draws.
SIMULATED = (*METRICS, "specificity")
DEFAULT_SIGMA = 1.0
DEFAULT_P0 = 0.7
DEFAULT_SIMS = 1000
DEFAULT_RNG_SEED = 20240601

__all__ = [
    "METRICS",
    "SIMULATED",
    "MetricAssumption",
    "PowerResult",
    "SeedStructure",
    "minimum_detectable_difference",
    "power_at",
    "signed_rank_p",
    "stated_power",
    "structure",
]


@dataclass(frozen=True)
class SeedStructure:
    """Per seed: episodes, escalation-required episodes, late-risk escalation-required episodes."""

    seed_ids: tuple[str, ...]
    episodes: tuple[int, ...]
    required: tuple[int, ...]
    late_required: tuple[int, ...]

    def trials(self, metric: str) -> npt.NDArray[np.int64]:
        """The Bernoulli trials per seed of ``metric``'s numerator."""
        source = {
            "accuracy": self.episodes,
            "sensitivity": self.required,
            "utility": self.required,
            "late_risk_sensitivity": self.late_required,
            "specificity": tuple(n - r for n, r in zip(self.episodes, self.required, strict=True)),
        }[metric]
        return np.asarray(source, dtype=np.int64)


def structure(episodes: Sequence[Episode]) -> SeedStructure:
    """The seed structure of ``episodes`` (e.g. the bank's test split), seeds sorted by id."""
    seeds = sorted({e.seed_id for e in episodes})
    count = {s: [0, 0, 0] for s in seeds}
    for e in episodes:
        c = count[e.seed_id]
        c[0] += 1
        c[1] += int(e.escalation_required)
        c[2] += int(e.escalation_required and e.variant == Variant.LATE_RISK)
    return SeedStructure(tuple(seeds), *(tuple(count[s][i] for s in seeds) for i in range(3)))


@dataclass(frozen=True)
class MetricAssumption:
    """What the simulation assumes for one metric, and where it came from."""

    p0: float = DEFAULT_P0
    sigma: float = DEFAULT_SIGMA
    specificity0: float = DEFAULT_P0
    source: str = "stated default"


# ---------------------------------------------------------------------------- signed-rank tests


def _tie_sizes(a: FloatArray) -> FloatArray:
    """For each entry, how many entries of its row have the same value."""
    sizes: FloatArray = (a[:, :, None] == a[:, None, :]).sum(axis=2).astype(float)
    return sizes


def signed_rank_p(d: npt.ArrayLike, method: str = "approx") -> FloatArray:
    """Two-sided Wilcoxon signed-rank p-value of each row of differences (zeros dropped).

    Rows with no nonzero difference get p = 1 (the report's convention). ``method``: ``approx``
    (normal approximation, tie-corrected, no continuity correction: scipy's ``method="approx"``,
    ``correction=False``), ``exact`` (exact null conditional on the tied mid-ranks) or ``auto``
    (the report's choice between the two, row by row; see the module conventions).
    """
    if method == "auto":
        return _auto_p(np.round(np.atleast_2d(np.asarray(d, dtype=float)), 12))
    from scipy.stats import norm, rankdata

    diff = np.atleast_2d(np.asarray(d, dtype=float))
    a = np.abs(diff)
    zeros = (a == 0).sum(axis=1)
    ranks = rankdata(a, axis=1) - zeros[:, None]  # nonzero entries: ranks among nonzero ones
    r_plus = np.where(diff > 0, ranks, 0.0).sum(axis=1)
    n = diff.shape[1] - zeros
    if method == "exact":
        return np.array([_exact_p(row) for row in diff])
    if method != "approx":
        raise ValueError(f"unknown method {method!r}; expected approx, exact or auto")
    ties = np.where(a > 0, _tie_sizes(np.where(a > 0, a, -1.0)) ** 2 - 1, 0.0).sum(axis=1)
    mean = n * (n + 1) / 4.0
    var = n * (n + 1) * (2 * n + 1) / 24.0 - ties / 48.0
    with np.errstate(invalid="ignore", divide="ignore"):
        z = (r_plus - mean) / np.sqrt(var)
    p: FloatArray = np.minimum(np.where(n > 0, 2 * norm.sf(np.abs(z)), 1.0), 1.0)
    return p


def _auto_p(diff: FloatArray) -> FloatArray:
    """p-values by the report's rule: exact for few nonzero differences, else approximate."""
    p = signed_rank_p(diff, "approx")
    for i, row in enumerate(diff):
        nonzero = np.abs(row[row != 0])
        tied = len(np.unique(nonzero)) < len(nonzero)
        if len(nonzero) <= (EXACT_TIED_MAX_N if tied else EXACT_MAX_N):
            p[i] = _exact_p(row)
    return p


def _exact_p(row: FloatArray) -> float:
    from scipy.stats import rankdata

    d = row[row != 0]
    if len(d) == 0:
        return 1.0
    doubled = np.rint(2 * rankdata(np.abs(d))).astype(np.int64)
    cdf = _null_cdf(tuple(sorted(doubled.tolist())))
    r_plus = int(doubled[d > 0].sum())
    t = min(r_plus, int(doubled.sum()) - r_plus)
    return float(min(1.0, 2.0 * cdf[t]))


@lru_cache(maxsize=65536)
def _null_cdf(doubled: tuple[int, ...]) -> FloatArray:
    """P(R+ <= t) for each doubled rank sum t, every sign + or - with probability 1/2."""
    total = sum(doubled)
    ways = np.zeros(total + 1)
    ways[0] = 1.0
    for rank in doubled:
        ways[rank:] = ways[rank:] + ways[: total + 1 - rank].copy()
    cdf: FloatArray = np.cumsum(ways) / ways.sum()
    return cdf


# -------------------------------------------------------------------------------- simulation


@lru_cache(maxsize=8)
def _hermite(nodes: int = 64) -> tuple[FloatArray, FloatArray]:
    x, w = np.polynomial.hermite_e.hermegauss(nodes)
    return x, w / w.sum()


def _expit(x: FloatArray) -> FloatArray:
    out: FloatArray = 1.0 / (1.0 + np.exp(-x))
    return out


def _logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return float(np.log(p / (1 - p)))


def expected_difference(a: MetricAssumption, beta: float) -> float:
    """E[p_B - p_A] per seed for the logit shift ``beta``, by quadrature over seed difficulty.

    For utility this is the sensitivity part; :class:`_Sim` scales it to utility units.
    """
    x, w = _hermite()
    base = _logit(a.p0) + a.sigma * x
    return float(np.sum(w * (_expit(base + beta) - _expit(base))))


@dataclass
class _Sim:
    """One fixed set of draws for one metric: A's outcomes, and B's for any beta."""

    metric: str
    seeds: SeedStructure
    assumption: MetricAssumption
    sims: int
    coupling: float
    costs: CostMatrix
    rng_seed: int
    keep: npt.NDArray[np.bool_] = field(init=False)

    def __post_init__(self) -> None:
        rng = np.random.default_rng([self.rng_seed, SIMULATED.index(self.metric)])
        trials = self.seeds.trials(self.metric)
        self.keep = trials > 0
        self.trials = trials[self.keep]
        s, t = len(self.trials), int(self.trials.max(initial=0))
        self.z = rng.standard_normal((self.sims, s))
        self.u_a = rng.random((self.sims, s, t))
        own = rng.random((self.sims, s, t))
        self.u_b = np.where(rng.random((self.sims, s, t)) < self.coupling, self.u_a, own)
        self.mask = np.arange(t)[None, None, :] < self.trials[None, :, None]
        self.logit_a = _logit(self.assumption.p0) + self.assumption.sigma * self.z
        if self.metric == "utility":
            n_all = np.asarray(self.seeds.episodes)[self.keep]
            n_neg = n_all - self.trials
            p_tn = _expit(_logit(self.assumption.specificity0) + self.assumption.sigma * self.z)
            self.tn_a = rng.binomial(n_neg[None, :], p_tn)
            self.tn_b = rng.binomial(n_neg[None, :], p_tn)
            self.n_all, self.n_neg = n_all, n_neg
        self.y_a = self._successes(self.u_a, self.logit_a)

    def _successes(self, u: FloatArray, logit: FloatArray) -> FloatArray:
        hit = (u < _expit(logit)[:, :, None]) & self.mask
        out: FloatArray = hit.sum(axis=2).astype(float)
        return out

    def _values(self, y: FloatArray, tn: FloatArray | None) -> FloatArray:
        if self.metric != "utility":
            return y / self.trials[None, :]
        c = self.costs
        assert tn is not None
        total = utility_total(c, y, tn, self.trials - y, self.n_neg - tn)
        out: FloatArray = total / self.n_all[None, :]
        return out

    def difference(self, beta: float) -> float:
        """The expected per-seed mean difference B - A of the metric for ``beta``."""
        shift = expected_difference(self.assumption, beta)
        if self.metric != "utility":
            return shift
        c = self.costs
        share = self.trials / self.n_all
        # one more escalation on an escalation-required episode gains u_TP + c_FN
        gain = utility_total(c, 1.0, 0.0, -1.0, 0.0)
        return float(np.mean(gain * share) * shift)

    def power(self, beta: float, alpha: float, method: str) -> float:
        """Share of simulated experiments whose test rejects at ``alpha``."""
        y_b = self._successes(self.u_b, self.logit_a + beta)
        tn_a = getattr(self, "tn_a", None)
        tn_b = getattr(self, "tn_b", None)
        d = self._values(self.y_a, tn_a) - self._values(y_b, tn_b)
        return float(np.mean(signed_rank_p(d, method) < alpha))


@dataclass(frozen=True)
class PowerResult:
    """One metric's answer: the minimum detectable difference and the power at a stated one."""

    metric: str
    n_seeds: int
    assumption: MetricAssumption
    alpha_per_test: float
    target_power: float
    mdd: float
    power_at_mdd: float
    stated_difference: float | None
    power_at_stated: float | None
    sims: int
    method: str


def _beta_for(sim: _Sim, difference: float) -> float:
    """The (negative) logit shift whose expected difference is -``difference`` (NaN if beyond)."""
    from scipy.optimize import brentq

    low = -30.0
    if -sim.difference(low) < difference:
        return float("nan")
    return float(brentq(lambda b: -sim.difference(b) - difference, low, 0.0, xtol=1e-6))


def power_at(sim: _Sim, difference: float, alpha: float, method: str) -> float:
    """Power for a decrease of ``difference`` in the metric (NaN if no beta reaches it)."""
    beta = _beta_for(sim, difference)
    return sim.power(beta, alpha, method) if np.isfinite(beta) else float("nan")


def minimum_detectable_difference(
    metric: str,
    seeds: SeedStructure,
    assumption: MetricAssumption | None = None,
    *,
    family_size: int = 1,
    alpha: float = 0.05,
    target: float = 0.8,
    difference: float | None = None,
    sims: int = DEFAULT_SIMS,
    coupling: float = 0.0,
    costs: CostMatrix = PRIMARY,
    method: str = "approx",
    rng_seed: int = DEFAULT_RNG_SEED,
) -> PowerResult:
    """The smallest decrease in ``metric`` the paired test detects with power >= ``target``.

    See the module conventions. ``mdd`` is NaN when even the largest possible decrease does not
    reach the target power.
    """
    if family_size < 1:
        raise ValueError(f"family_size must be >= 1, got {family_size}")
    a = assumption or MetricAssumption()
    sim = _Sim(metric, seeds, a, sims, coupling, costs, rng_seed)
    level = alpha / family_size
    hi = -sim.difference(-30.0)
    lo, best, best_power = 0.0, float("nan"), float("nan")
    if power_at(sim, hi * 0.999, level, method) >= target:
        top = hi * 0.999
        while top - lo > 0.005:
            mid = (lo + top) / 2
            p = power_at(sim, mid, level, method)
            if p >= target:
                top, best_power = mid, p
            else:
                lo = mid
        best = top
        if not np.isfinite(best_power):
            best_power = power_at(sim, best, level, method)
    stated = power_at(sim, difference, level, method) if difference is not None else None
    return PowerResult(
        metric, int(sim.keep.sum()), a, level, target, best, best_power, difference, stated,
        sims, method,
    )  # fmt: skip


def stated_power(
    metric: str,
    seeds: SeedStructure,
    difference: float,
    assumption: MetricAssumption | None = None,
    *,
    family_size: int = 1,
    alpha: float = 0.05,
    sims: int = DEFAULT_SIMS,
    coupling: float = 0.0,
    costs: CostMatrix = PRIMARY,
    method: str = "auto",
    rng_seed: int = DEFAULT_RNG_SEED,
) -> float:
    """The power of one test in a Holm family of ``family_size`` for a decrease of ``difference``.

    One evaluation on the draws :func:`minimum_detectable_difference` uses (same seed, same
    result for the same arguments), at alpha / ``family_size``. NaN when no logit shift reaches
    ``difference``.
    """
    if family_size < 1:
        raise ValueError(f"family_size must be >= 1, got {family_size}")
    sim = _Sim(metric, seeds, assumption or MetricAssumption(), sims, coupling, costs, rng_seed)
    return power_at(sim, difference, alpha / family_size, method)


def estimate_assumption(successes: npt.ArrayLike, trials: npt.ArrayLike) -> tuple[float, float]:
    """(p0, sigma) from a pilot's per-seed successes and trials (seeds with no trials ignored).

    p0 is the pooled rate. Between-seed variance by the method of moments: with h the mean of
    1 / n_s and V the variance (ddof 1) of the per-seed rates, tau^2 = (V - p0 (1 - p0) h) /
    (1 - h), floored at 0; sigma is the logit-scale SD whose Var(expit(logit p0 + sigma z))
    equals tau^2 (capped at 10). One seed, or every seed with one trial, gives sigma = the
    stated default.
    """
    from scipy.optimize import brentq

    y = np.asarray(successes, dtype=float)
    n = np.asarray(trials, dtype=float)
    keep = n > 0
    y, n = y[keep], n[keep]
    if len(n) == 0:
        return DEFAULT_P0, DEFAULT_SIGMA
    p0 = float(y.sum() / n.sum())
    h = float(np.mean(1.0 / n))
    if len(n) < 2 or h >= 1.0:
        return p0, DEFAULT_SIGMA
    tau2 = (float(np.var(y / n, ddof=1)) - p0 * (1 - p0) * h) / (1 - h)
    if tau2 <= 0 or p0 in (0.0, 1.0):
        return p0, 0.0
    x, w = _hermite()

    def excess(sigma: float) -> float:
        v = _expit(_logit(p0) + sigma * x)
        return float(np.sum(w * v**2) - np.sum(w * v) ** 2) - tau2

    if excess(10.0) < 0:
        return p0, 10.0
    return p0, float(brentq(excess, 0.0, 10.0, xtol=1e-6))
