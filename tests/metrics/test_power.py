from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import nct, norm, t, wilcoxon

from carebench import load_bank
from carebench.metrics.power import (
    MetricAssumption,
    SeedStructure,
    estimate_assumption,
    minimum_detectable_difference,
    signed_rank_p,
    structure,
)


def _scipy_p(row: np.ndarray, method: str) -> float:
    if not np.any(row != 0):
        return 1.0
    if method == "approx":
        return float(wilcoxon(row, zero_method="wilcox", correction=False, method="approx").pvalue)
    return float(wilcoxon(row[row != 0], method="exact").pvalue)


def test_vectorized_signed_rank_matches_scipy_approx_with_ties_and_zeros() -> None:
    rng = np.random.default_rng(3)
    d = np.round(rng.normal(0.05, 0.2, (300, 32)), 1)  # heavily tied, many zeros
    d[0] = 0.0
    ours = signed_rank_p(d)
    assert ours[0] == 1.0
    assert np.allclose(ours, [_scipy_p(r, "approx") for r in d], atol=1e-12)


def test_exact_method_matches_scipy_exact_without_ties() -> None:
    rng = np.random.default_rng(4)
    d = rng.normal(0.3, 1.0, (40, 12))
    assert np.allclose(signed_rank_p(d, "exact"), [_scipy_p(r, "exact") for r in d])


def test_bank_structure_is_32_test_seeds_of_10_episodes() -> None:
    s = structure(load_bank(split="test"))
    assert len(s.seed_ids) == 32 and set(s.episodes) == {10}
    assert all(0 < r <= 10 for r in s.required) and set(s.late_required) <= {0, 1, 2}


def _null_size(n: int, alpha: float) -> float:
    """Exact size of the approximate test: the exact null mass of its rejection region."""
    ranks = np.arange(1, n + 1)
    total = n * (n + 1) // 2
    ways = np.zeros(total + 1)
    ways[0] = 1
    for r in ranks:
        ways[r:] = ways[r:] + ways[: total + 1 - r].copy()
    pmf = ways / ways.sum()
    mean, sd = n * (n + 1) / 4, math.sqrt(n * (n + 1) * (2 * n + 1) / 24)
    p = 2 * norm.sf(np.abs(np.arange(total + 1) - mean) / sd)
    return float(pmf[p < alpha].sum())


def test_simulated_size_matches_the_exact_wilcoxon_null() -> None:
    # continuous differences under the null: the rejection rate of the approximate test is
    # the exact null's probability of its rejection region
    rng = np.random.default_rng(5)
    sims, n, alpha = 20_000, 32, 0.05
    rejected = np.mean(signed_rank_p(rng.normal(size=(sims, n))) < alpha)
    size = _null_size(n, alpha)
    assert abs(rejected - size) < 4 * math.sqrt(size * (1 - size) / sims)
    # and the exact method's size is at most alpha
    exact = np.mean(signed_rank_p(rng.normal(size=(400, 10)), "exact") < alpha)
    assert exact <= alpha + 4 * math.sqrt(alpha / 400)


def test_simulated_power_matches_the_paired_t_closed_form() -> None:
    # normal differences: the Wilcoxon test's power is close to the noncentral-t power of the
    # paired t-test at n * 3 / pi (its asymptotic relative efficiency)
    rng = np.random.default_rng(6)
    n, effect, alpha, sims = 32, 0.5, 0.05, 20_000
    rejected = np.mean(signed_rank_p(rng.normal(effect, 1.0, (sims, n))) < alpha)
    n_eff = n * 3 / math.pi
    crit = t.ppf(1 - alpha / 2, n_eff - 1)
    closed = 1 - nct.cdf(crit, n_eff - 1, effect * math.sqrt(n_eff))
    assert abs(rejected - closed) < 0.03


def test_mdd_of_a_simple_design_matches_the_normal_closed_form() -> None:
    # 60 seeds of 40 trials, no seed effect, independent agents: per-seed difference variance is
    # 2 p (1 - p) / 40, and the paired-t closed form (with the Wilcoxon ARE) gives the MDD
    seeds = SeedStructure(tuple(f"s{i}" for i in range(60)), (40,) * 60, (40,) * 60, (0,) * 60)
    r = minimum_detectable_difference(
        "accuracy", seeds, MetricAssumption(p0=0.5, sigma=0.0), sims=2000
    )
    sd = math.sqrt(2 * 0.25 / 40)
    n_eff = 60 * 3 / math.pi
    closed = (norm.ppf(0.975) + norm.ppf(0.8)) * sd / math.sqrt(n_eff)
    assert r.mdd == pytest.approx(closed, rel=0.1)
    assert r.power_at_mdd >= 0.8


def test_fixed_seed_run_is_reproducible_and_monotone() -> None:
    s = structure(load_bank(split="test"))
    one = minimum_detectable_difference("sensitivity", s, difference=0.2, sims=400)
    two = minimum_detectable_difference("sensitivity", s, difference=0.2, sims=400)
    assert one == two
    holm3 = minimum_detectable_difference("sensitivity", s, family_size=3, difference=0.2, sims=400)
    assert holm3.mdd > one.mdd and holm3.power_at_stated < one.power_at_stated
    assert holm3.alpha_per_test == pytest.approx(0.05 / 3)
    with pytest.raises(ValueError):
        minimum_detectable_difference("accuracy", s, family_size=0)


def test_pilot_estimate_recovers_a_known_spread() -> None:
    rng = np.random.default_rng(7)
    z = rng.standard_normal(4000)
    p = 1 / (1 + np.exp(-(0.5 + 0.8 * z)))
    y = rng.binomial(10, p)
    p0, sigma = estimate_assumption(y, np.full(4000, 10))
    assert p0 == pytest.approx(p.mean(), abs=0.01)
    assert sigma == pytest.approx(0.8, abs=0.08)
    # no spread beyond binomial noise: sigma 0
    assert estimate_assumption(rng.binomial(10, 0.6, 4000), np.full(4000, 10))[1] < 0.15


def test_auto_method_is_the_reports_own_test_row_by_row() -> None:
    """``auto`` picks exact or approximate p exactly as the report's wilcoxon_paired does."""
    from carebench.metrics.stats import wilcoxon_paired

    rng = np.random.default_rng(5)
    rows = [
        np.round(rng.normal(0.1, 0.3, 12), 1),  # 12 nonzero at most, tied: exact with ties
        np.round(rng.normal(0.1, 0.3, 32), 1),  # many tied nonzero: normal approximation
        rng.normal(0.2, 1.0, 32),  # 32 untied: exact
        np.array([0.3 - 0.2, 0.1, -0.2, 0.4, 0.0, 0.5]),  # 0.3 - 0.2 ties 0.1 once rounded
    ]
    for row in rows:
        expected = wilcoxon_paired("t", row, np.zeros_like(row))
        assert signed_rank_p(row, "auto")[0] == pytest.approx(expected.p_value, abs=1e-12)
    methods = {wilcoxon_paired("t", r, np.zeros_like(r)).method.split(" ")[0] for r in rows}
    assert methods == {"exact", "normal"}  # both branches were exercised


def test_stated_power_by_hand_on_four_one_episode_seeds() -> None:
    """Four seeds of one episode, no seed spread, exact test at alpha 0.2.

    Only n = 4 nonzero differences of one sign give p = 2 / 16 = 0.125 < 0.2 (three give 0.25),
    so power = (pA (1 - pB))^4 + ((1 - pA) pB)^4 with pA = 0.9 and pB = 0.9 - 0.5 = 0.4:
    0.54^4 + 0.04^4 = 0.0850330.
    """
    from carebench.metrics.power import stated_power

    seeds = SeedStructure(("a", "b", "c", "d"), (1, 1, 1, 1), (1, 1, 1, 1), (0, 0, 0, 0))
    assumption = MetricAssumption(p0=0.9, sigma=0.0)
    by_hand = 0.54**4 + 0.04**4
    sims = 100_000
    se = math.sqrt(by_hand * (1 - by_hand) / sims)
    for metric in ("sensitivity", "accuracy"):
        power = stated_power(metric, seeds, 0.5, assumption, alpha=0.2, sims=sims, method="auto")
        assert abs(power - by_hand) < 4 * se, (metric, power)
    # in a Holm family of 2 the level is 0.1, below the smallest exact p (0.125): power 0
    assert stated_power("sensitivity", seeds, 0.5, assumption, alpha=0.2, family_size=2) == 0.0


def test_stated_power_is_the_mdd_runs_power_at_the_stated_difference() -> None:
    from carebench.metrics.power import stated_power

    seeds = structure(load_bank(split="test"))
    full = minimum_detectable_difference(
        "utility", seeds, family_size=3, difference=0.2, sims=300, method="exact"
    )
    alone = stated_power("utility", seeds, 0.2, family_size=3, sims=300, method="exact")
    assert alone == full.power_at_stated
    small, large = (
        stated_power("specificity", seeds, d, family_size=3, sims=300) for d in (0.05, 0.3)
    )
    assert 0.0 <= small < large <= 1.0


def test_specificity_is_simulated_on_the_episodes_that_need_no_escalation() -> None:
    seeds = SeedStructure(("a", "b"), (10, 10), (4, 3), (1, 1))
    assert seeds.trials("specificity").tolist() == [6, 7]
    assert seeds.trials("sensitivity").tolist() == [4, 3]
