"""Kappa and Krippendorff's alpha: hand-computed cases and the reference implementations."""

from __future__ import annotations

import math
import random

import krippendorff
import numpy as np
import pytest
from sklearn.metrics import cohen_kappa_score

from carebench.protocol.agreement import cohen_kappa, krippendorff_alpha_nominal, paired_agreement

A = ["A", "A", "B", "B"]
B = ["A", "B", "B", "B"]


def test_alpha_by_hand() -> None:
    # coincidences: o_AA = 2, o_AB = o_BA = 1, o_BB = 4; n_A = 3, n_B = 5, n = 8
    # alpha = 1 - (n - 1) * D / E = 1 - 7 * 2 / (2 * 3 * 5)
    assert krippendorff_alpha_nominal([A, B]) == pytest.approx(1 - 14 / 30)


def test_kappa_by_hand() -> None:
    # p_o = 3/4; p_e = (2*1 + 2*3) / 16 = 1/2; kappa = (3/4 - 1/2) / (1/2)
    assert cohen_kappa(A, B) == pytest.approx(0.5)
    assert paired_agreement(A, B, units=4).percent == pytest.approx(0.75)


def _reference_alpha(data: list[list[int | None]]) -> float:
    matrix = np.array([[np.nan if v is None else v for v in row] for row in data], dtype=float)
    return float(krippendorff.alpha(reliability_data=matrix, level_of_measurement="nominal"))


@pytest.mark.parametrize("trial", range(25))
def test_alpha_matches_the_krippendorff_package(trial: int) -> None:
    rng = random.Random(trial)
    coders, units, labels = rng.randint(2, 4), rng.randint(3, 30), rng.randint(2, 5)
    data: list[list[int | None]] = [
        [None if rng.random() < 0.15 else rng.randrange(labels) for _ in range(units)]
        for _ in range(coders)
    ]
    pairable = [u for u in range(units) if sum(row[u] is not None for row in data) >= 2]
    values = {row[u] for row in data for u in pairable}
    if len(values) < 2:
        pytest.skip("a single value: the package raises, ours is NaN (tested below)")
    assert krippendorff_alpha_nominal(data) == pytest.approx(_reference_alpha(data))


@pytest.mark.parametrize("trial", range(10))
def test_two_coder_alpha_and_kappa_match_references(trial: int) -> None:
    rng = random.Random(100 + trial)
    a = [rng.choice("xyz") for _ in range(40)]
    b = [x if rng.random() < 0.6 else rng.choice("xyz") for x in a]
    result = paired_agreement(a, b, units=40)
    assert result.kappa == pytest.approx(cohen_kappa_score(a, b))
    codes = {"x": 0, "y": 1, "z": 2}
    reference = _reference_alpha([[codes[x] for x in a], [codes[x] for x in b]])
    assert result.alpha == pytest.approx(reference)


def test_single_label_is_nan_not_an_error() -> None:
    result = paired_agreement(["A"] * 5, ["A"] * 5, units=5)
    assert math.isnan(result.kappa) and math.isnan(result.alpha)
    assert result.percent == 1.0
    assert result.as_dict()["kappa"] is None


def test_empty_is_nan() -> None:
    result = paired_agreement([], [], units=0)
    assert math.isnan(result.percent) and math.isnan(result.kappa) and math.isnan(result.alpha)


def test_ragged_data_is_an_error() -> None:
    with pytest.raises(ValueError, match="same number of units"):
        krippendorff_alpha_nominal([[1, 2], [1]])
