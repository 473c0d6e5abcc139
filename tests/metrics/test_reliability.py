from __future__ import annotations

import math
from itertools import combinations

import pytest

from carebench.metrics.reliability import (
    INVALID,
    all_k,
    any_k,
    flipped,
    majority,
    surface_agree,
)


def test_all_k_and_any_k_hand_computed() -> None:
    # 3 samples, 2 escalate: of the 3 pairs, 1 has both escalating, all 3 have at least one
    assert all_k(3, 2, 2) == pytest.approx(1 / 3)
    assert any_k(3, 2, 2) == pytest.approx(1.0)
    # k = n: indicators
    assert all_k(3, 3, 3) == 1.0 and all_k(3, 2, 3) == 0.0
    assert any_k(3, 0, 3) == 0.0 and any_k(3, 1, 3) == 1.0
    # k = 1: the single-sample rate
    assert all_k(4, 1, 1) == any_k(4, 1, 1) == 0.25
    # 5 samples, 3 escalate, k = 2: C(3,2)/C(5,2) = 3/10; 1 - C(2,2)/C(5,2) = 9/10
    assert all_k(5, 3, 2) == pytest.approx(0.3)
    assert any_k(5, 3, 2) == pytest.approx(0.9)


def test_all_k_is_the_share_of_k_subsets_that_all_escalate() -> None:
    samples = [1, 0, 1, 1, 0, 1]
    for k in range(1, 7):
        subsets = list(combinations(samples, k))
        assert all_k(6, 4, k) == pytest.approx(sum(all(s) for s in subsets) / len(subsets))
        assert any_k(6, 4, k) == pytest.approx(sum(any(s) for s in subsets) / len(subsets))


def test_fewer_samples_than_k_is_nan_and_bad_counts_raise() -> None:
    assert math.isnan(all_k(2, 2, 3)) and math.isnan(any_k(2, 1, 3))
    with pytest.raises(ValueError):
        all_k(2, 3, 1)
    with pytest.raises(ValueError):
        any_k(2, 1, 0)


def test_flips_majority_and_ties() -> None:
    assert flipped(["Escalate"]) is None
    assert flipped(["Escalate", "Escalate"]) is False
    assert flipped(["Escalate", INVALID]) is True
    assert majority(["Answer", "Escalate", "Escalate"]) == "Escalate"
    # a tie goes to the category of the earliest tied sample
    assert majority(["Answer", "Escalate"]) == "Answer"
    assert majority(["Escalate", "Answer", "Answer", "Escalate", INVALID]) == "Escalate"
    assert majority([INVALID, INVALID, "Escalate"]) == INVALID
    with pytest.raises(ValueError):
        majority([])


def test_surface_agreement_pairs_repeats_by_index() -> None:
    first = {0: "Escalate", 1: "Answer", 2: "Escalate"}
    second = {0: "Escalate", 1: "Escalate"}
    assert surface_agree(first, second) == (1, 2)
    assert surface_agree({}, second) == (0, 0)
