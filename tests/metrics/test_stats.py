from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import PermutationMethod, wilcoxon
from sklearn.metrics import roc_auc_score
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint

from carebench.metrics.calibration import ece
from carebench.metrics.stats import (
    APPROX,
    EXACT,
    EXACT_TIES,
    PairedTest,
    auroc_interval,
    draw_counts,
    ece_interval,
    holm,
    newcombe_difference,
    ratio_interval,
    wilcoxon_exact,
    wilcoxon_paired,
    wilson,
)


def test_wilson_matches_statsmodels_and_the_interruption_paper() -> None:
    low, high = wilson(30, 30)
    assert (round(low * 100, 1), round(high * 100, 1)) == (88.6, 100.0)
    rng = np.random.default_rng(0)
    for _ in range(50):
        n = int(rng.integers(1, 200))
        k = int(rng.integers(0, n + 1))
        assert wilson(k, n) == pytest.approx(proportion_confint(k, n, alpha=0.05, method="wilson"))
    assert all(math.isnan(v) for v in wilson(0, 0))
    # the bounds at the edges are exact, so an estimate of 0 or 1 lies inside its own interval
    for n in range(1, 60):
        assert wilson(n, n)[1] == 1.0 and wilson(0, n)[0] == 0.0


def test_holm_matches_statsmodels() -> None:
    rng = np.random.default_rng(2)
    p = rng.random(20) ** 3
    tests = [PairedTest(f"t{i}", 10, 0, 0, 1.0, float(v)) for i, v in enumerate(p)]
    expected = multipletests(p, alpha=0.05, method="holm")[1]
    assert [t.p_holm for t in holm(tests)] == pytest.approx(list(expected))


def test_holm_leaves_the_garbage_collector_as_it_found_it() -> None:
    import gc

    tests = [PairedTest(str(i), 5, 0, 0, 0, p) for i, p in enumerate([0.01, 0.04, 0.03])]
    expected = list(multipletests([0.01, 0.04, 0.03], alpha=0.05, method="holm")[1])
    assert gc.get_freeze_count() == 0
    assert [t.p_holm for t in holm(tests)] == expected
    assert gc.get_freeze_count() == 0
    # objects someone else froze stay frozen
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        assert [t.p_holm for t in holm(tests)] == expected
        # unfreezing would empty the permanent generation; a frozen object may still be freed by
        # reference counting meanwhile (another thread's), so the count may fall a little
        assert frozen - 100 <= gc.get_freeze_count() <= frozen
    finally:
        gc.unfreeze()


def test_holm_keeps_nan_out_of_the_family() -> None:
    tests = [
        PairedTest("a", 0, 0, 0, math.nan, math.nan),
        PairedTest("b", 5, 0, 0, 1, 0.02),
        PairedTest("c", 5, 0, 0, 1, 0.04),
    ]
    adjusted = holm(tests)
    assert math.isnan(adjusted[0].p_holm)
    assert [t.p_holm for t in adjusted[1:]] == pytest.approx([0.04, 0.04])


def test_wilcoxon_matches_scipy_with_explicit_options() -> None:
    rng = np.random.default_rng(3)
    for _ in range(30):
        a = rng.integers(0, 11, size=32) / 10
        b = np.clip(a - rng.integers(-2, 4, size=32) / 10, 0, 1)
        if np.all(a == b):
            continue
        ours = wilcoxon_paired("x", a, b)
        ref = wilcoxon(
            a, b, zero_method="wilcox", correction=False, alternative="two-sided", method="approx"
        )
        assert ours.statistic == pytest.approx(ref.statistic) and ours.p_value == pytest.approx(
            ref.pvalue
        )


def test_wilcoxon_edge_cases() -> None:
    same = wilcoxon_paired("same", [0.5, 0.5, 1.0], [0.5, 0.5, 1.0])
    assert (same.statistic, same.p_value, same.n_pairs) == (0.0, 1.0, 3)
    with_nan = wilcoxon_paired("nan", [0.5, math.nan, 1.0, 0.2], [0.4, 0.3, math.nan, 0.1])
    assert with_nan.n_pairs == 2
    empty = wilcoxon_paired("empty", [], [])
    assert empty.n_pairs == 0 and math.isnan(empty.p_value)


def test_draw_counts_resample_whole_clusters() -> None:
    counts = draw_counts(7, b=500, rng_seed=1)
    assert counts.shape == (500, 7) and set(counts.sum(axis=1)) == {7.0}
    assert np.array_equal(counts, draw_counts(7, b=500, rng_seed=1))


def test_ratio_interval_equals_naive_cluster_bootstrap() -> None:
    rng = np.random.default_rng(4)
    seeds = np.repeat(np.arange(12), 10)
    correct = rng.random(120) < 0.7
    num = np.bincount(seeds, weights=correct)
    den = np.bincount(seeds).astype(float)
    counts = draw_counts(12, b=400, rng_seed=9)
    interval = ratio_interval(num, den, counts, 120)
    # naive: expand every replicate into its resampled rows
    naive = []
    for row in counts:
        picked = np.concatenate(
            [np.flatnonzero(seeds == s).repeat(int(k)) for s, k in enumerate(row)]
        )
        naive.append(correct[picked].mean())
    assert interval.estimate == pytest.approx(correct.mean())
    assert (interval.low, interval.high) == pytest.approx(tuple(np.quantile(naive, [0.025, 0.975])))
    assert interval.b == 400 and interval.n_clusters == 12


def test_ratio_interval_drops_undefined_replicates() -> None:
    counts = draw_counts(4, b=2000, rng_seed=0)
    interval = ratio_interval([1, 0, 0, 0], [1, 0, 0, 0], counts, 1)
    assert interval.estimate == 1.0 and interval.b < 2000 and interval.low == 1.0
    empty = ratio_interval([0, 0], [0, 0], draw_counts(2, b=100), 0)
    assert math.isnan(empty.estimate) and math.isnan(empty.low)


def _expand(counts_row: np.ndarray, seeds: np.ndarray) -> np.ndarray:
    return np.concatenate(
        [np.flatnonzero(seeds == s).repeat(int(k)) for s, k in enumerate(counts_row)]
    )


def test_ece_and_auroc_replicates_match_direct_computation() -> None:
    rng = np.random.default_rng(5)
    seeds = np.repeat(np.arange(8), 6)
    conf = rng.choice([0.3, 0.6, 0.8, 0.95], size=48)
    correct = rng.random(48) < conf
    counts = draw_counts(8, b=300, rng_seed=2)
    e = ece_interval(seeds, conf, correct, counts)
    a = auroc_interval(seeds, conf, correct, counts)
    direct_e, direct_a = [], []
    for row in counts:
        picked = _expand(row, seeds)
        direct_e.append(ece(conf[picked], correct[picked]))
        failed = ~correct[picked]
        if failed.any() and (~failed).any():
            direct_a.append(roc_auc_score(failed, 1 - conf[picked]))
    assert (e.low, e.high) == pytest.approx(tuple(np.quantile(direct_e, [0.025, 0.975])))
    assert (a.low, a.high) == pytest.approx(tuple(np.quantile(direct_a, [0.025, 0.975])))
    assert a.estimate == pytest.approx(roc_auc_score(~correct, 1 - conf))


def test_newcombe_difference_matches_the_published_example_and_statsmodels() -> None:
    # Newcombe (1998), Statistics in Medicine 17:873-890, Table II example (a): 56/70 - 48/80,
    # method 10 (hybrid score): 0.0524 to 0.3339
    low, high = newcombe_difference(56, 70, 48, 80)
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)
    # paper 002's competitive FAQ cell: 30/30 failures against 0/30 at baseline; by hand from the
    # Wilson bounds (0.8865, 1) and (0, 0.1135): low = 1 - sqrt(0.1135^2 + 0.1135^2)
    low, high = newcombe_difference(30, 30, 0, 30)
    w_low, _ = wilson(30, 30)
    assert low == pytest.approx(1 - math.sqrt(2) * (1 - w_low)) and high == 1.0
    assert low == pytest.approx(0.8395, abs=1e-4)
    for a, n, b, m in [(3, 30, 7, 30), (0, 12, 0, 9), (29, 30, 1, 28)]:
        expected = confint_proportions_2indep(a, n, b, m, method="newcomb", compare="diff")
        assert newcombe_difference(a, n, b, m) == pytest.approx(expected)
    assert all(math.isnan(v) for v in newcombe_difference(3, 10, 0, 0))


def test_exact_wilcoxon_matches_scipy_exact_without_ties() -> None:
    rng = np.random.default_rng(11)
    for n in (3, 4, 7, 12, 30):
        d = rng.normal(size=n)
        ours = wilcoxon_exact(d)
        ref = wilcoxon(d, alternative="two-sided", method="exact")
        assert ours == pytest.approx((ref.statistic, ref.pvalue))


def test_exact_wilcoxon_matches_a_full_permutation_test_with_ties_and_zeros() -> None:
    rng = np.random.default_rng(12)
    for _ in range(20):
        d = rng.integers(-3, 4, size=9) / 10
        nonzero = d[np.round(d, 12) != 0]
        if len(nonzero) < 2:
            continue
        ours = wilcoxon_exact(d)
        # 2**n <= n_resamples: scipy enumerates every sign pattern, so the reference is exact
        ref = wilcoxon(nonzero, method=PermutationMethod(n_resamples=10_000))
        assert ours == pytest.approx((ref.statistic, ref.pvalue))


def test_small_seed_counts_get_the_exact_p_never_below_its_minimum() -> None:
    # 4 seeds all better under A: the exact two-sided p is 2 / 2**4, the normal approximation
    # would print 0.0455
    for a, b in (([0.9, 0.8, 0.7, 0.6], [0.5, 0.5, 0.5, 0.5]), ([1, 1, 1, 1], [0, 0, 0, 0])):
        test = wilcoxon_paired("four seeds", a, b)
        assert test.p_value == pytest.approx(0.125)
        assert test.method.startswith(EXACT)
    approx = wilcoxon([1, 1, 1, 1], [0, 0, 0, 0], zero_method="wilcox", correction=False,
                      method="approx")  # fmt: skip
    assert approx.pvalue < 0.125
    rng = np.random.default_rng(4)
    for _ in range(50):
        a, b = rng.integers(0, 11, size=(2, 4)) / 10
        test = wilcoxon_paired("x", a, b)
        assert test.p_value >= 0.125


def test_wilcoxon_says_which_method_it_used() -> None:
    tied = wilcoxon_paired("tied", [0.2, 0.4, 0.1, 0.9], [0.1, 0.3, 0.2, 0.1])
    assert tied.method == EXACT_TIES
    untied = wilcoxon_paired("untied", [0.25, 0.5, 0.1, 0.9], [0.1, 0.3, 0.2, 0.1])
    assert untied.method == EXACT
    rng = np.random.default_rng(5)
    a = rng.integers(0, 11, size=40) / 10
    big = wilcoxon_paired("big", a, np.clip(a - 0.1, 0, 1))
    assert big.method == APPROX
    assert holm([tied, big])[0].method == EXACT_TIES
