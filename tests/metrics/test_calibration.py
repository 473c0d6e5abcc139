from __future__ import annotations

import math

import numpy as np
import pytest
from sklearn.metrics import roc_auc_score

from carebench.metrics.calibration import (
    aurc,
    bin_index,
    ece,
    failure_auroc,
    mean_confidence_by_outcome,
    reliability,
    risk_coverage,
)


def test_ece_hand_computed() -> None:
    conf = [0.95, 0.95, 0.15, 0.55]
    correct = [1, 0, 0, 1]
    # bins: 9 -> {0.95, 0.95} acc 0.5 conf 0.95; 1 -> {0.15} acc 0 conf 0.15; 5 -> {0.55} acc 1
    expected = 2 / 4 * 0.45 + 1 / 4 * 0.15 + 1 / 4 * 0.45
    assert ece(conf, correct) == pytest.approx(expected)


def test_bin_edges_and_empty_bins() -> None:
    assert list(bin_index([0.0, 0.1, 0.0999, 0.9, 1.0], 10)) == [0, 1, 0, 9, 9]
    bins = reliability([0.05, 0.05], [1, 1], 10)
    assert bins[0].n == 2 and bins[0].accuracy == 1.0
    assert all(b.n == 0 and math.isnan(b.accuracy) for b in bins[1:])
    assert math.isnan(ece([], []))


ALLOWED_BINS = range(2, 101)  # carebench report --bins accepts 2..100


@pytest.mark.parametrize("n_bins", ALLOWED_BINS)
def test_every_edge_opens_its_bin(n_bins: int) -> None:
    """Bin k is [k/n, (k+1)/n): the edge k/n itself is in bin k, the float below it in k - 1."""
    edges = [k / n_bins for k in range(n_bins + 1)]
    expected = [min(k, n_bins - 1) for k in range(n_bins + 1)]
    assert bin_index(edges, n_bins).tolist() == expected
    below = [math.nextafter(e, -math.inf) for e in edges[1:]]
    assert bin_index(below, n_bins).tolist() == list(range(n_bins))
    # decimal confidences as a model states them, e.g. 0.58 with 50 bins is the edge 29/50
    for k in range(n_bins + 1):
        stated = float(f"{k / n_bins:.2f}")
        if stated == k / n_bins:
            assert bin_index([stated], n_bins)[0] == min(k, n_bins - 1)


@pytest.mark.parametrize(
    ("confidence", "n_bins", "k"),
    [(0.58, 50, 29), (0.7, 90, 63), (0.29, 100, 29), (0.57, 100, 57), (0.58, 100, 58)],
)
def test_reported_edges_land_in_their_own_bin(confidence: float, n_bins: int, k: int) -> None:
    assert bin_index([confidence], n_bins)[0] == k
    bins = reliability([confidence], [1], n_bins)
    assert bins[k].n == 1 and bins[k].lower <= confidence < bins[k].upper


def test_failure_auroc_matches_scikit_learn_with_ties() -> None:
    rng = np.random.default_rng(1)
    for _ in range(100):
        n = int(rng.integers(5, 60))
        conf = rng.choice([0.5, 0.7, 0.8, 0.9, 1.0], size=n)
        correct = rng.random(n) < 0.6
        if correct.all() or not correct.any():
            continue
        assert failure_auroc(conf, correct) == pytest.approx(roc_auc_score(~correct, 1 - conf))


def test_auroc_with_one_class_is_nan() -> None:
    assert math.isnan(failure_auroc([0.9, 0.8], [True, True]))
    assert math.isnan(failure_auroc([0.9, 0.8], [False, False]))


def test_risk_coverage_groups_ties() -> None:
    coverage, risk = risk_coverage([0.9, 0.9, 0.5, 0.1], [1, 0, 1, 0])
    assert list(coverage) == [0.5, 0.75, 1.0]
    assert list(risk) == [0.5, pytest.approx(1 / 3), 0.5]
    # order within ties never matters
    _, risk2 = risk_coverage([0.9, 0.9, 0.5, 0.1], [0, 1, 1, 0])
    assert list(risk2) == list(risk)
    assert aurc([0.9, 0.9, 0.5, 0.1], [1, 0, 1, 0]) == pytest.approx(
        0.5 * 0.5 + 0.25 / 3 + 0.25 * 0.5
    )


def test_all_ties_is_one_point() -> None:
    coverage, risk = risk_coverage([0.7] * 4, [1, 1, 0, 1])
    assert list(coverage) == [1.0] and list(risk) == [0.25]
    assert aurc([0.7] * 4, [1, 1, 0, 1]) == 0.25
    assert math.isnan(aurc([], []))


def test_mean_confidence_by_outcome() -> None:
    right, wrong = mean_confidence_by_outcome([0.9, 0.7, 0.4], [1, 1, 0])
    assert right == pytest.approx(0.8) and wrong == pytest.approx(0.4)
    assert math.isnan(mean_confidence_by_outcome([0.9], [1])[1])
