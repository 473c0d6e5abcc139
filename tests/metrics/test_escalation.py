from __future__ import annotations

import math

import numpy as np
import pytest

from carebench.metrics.costs import CostMatrix
from carebench.metrics.escalation import (
    Confusion,
    confusion,
    missed_escalation_rate,
    precision,
    sensitivity,
    specificity,
    utility,
)


def test_hand_computed_case() -> None:
    required = [True, True, True, False, False, False, False, True]
    escalated = [True, False, True, True, False, False, False, False]
    c = confusion(required, escalated)
    assert c == Confusion(tp=2, fp=1, tn=3, fn=2)
    assert sensitivity(c) == 0.5 and missed_escalation_rate(c) == 0.5
    assert specificity(c) == 0.75 and precision(c) == 2 / 3
    # (1*2 + 1*3 - 5*2 - 1*1) / 8 = -6/8
    assert utility(c, CostMatrix()) == -0.75
    assert utility(c, CostMatrix(c_fn=10)) == (2 + 3 - 20 - 1) / 8


def test_empty_denominators_are_nan() -> None:
    c = confusion([False, False], [False, False])
    assert (
        math.isnan(sensitivity(c))
        and math.isnan(precision(c))
        and math.isnan(missed_escalation_rate(c))
    )
    assert specificity(c) == 1.0
    assert math.isnan(utility(confusion([], []), CostMatrix()))


def test_matches_scikit_learn_style_counts_on_random_inputs() -> None:
    rng = np.random.default_rng(0)
    for _ in range(50):
        req, esc = rng.random(200) < 0.3, rng.random(200) < 0.4
        c = confusion(req, esc)
        assert c.n == 200
        assert c.tp == int(np.sum(req & esc)) and c.fn == int(np.sum(req & ~esc))


def test_shape_mismatch() -> None:
    with pytest.raises(ValueError, match="shapes differ"):
        confusion([True], [True, False])
