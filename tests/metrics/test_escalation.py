from __future__ import annotations

import math

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix, precision_score, recall_score

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


def _same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == pytest.approx(b)


def test_matches_scikit_learn_on_random_inputs() -> None:
    """Counts and rates against sklearn.metrics, empty denominators included (NaN both sides)."""
    rng = np.random.default_rng(0)
    cases = [(rng.random(n) < p, rng.random(n) < q) for n, p, q in [(200, 0.3, 0.4)] * 50]
    cases += [(rng.random(n) < p, rng.random(n) < q) for n in (1, 2, 5) for p, q in
              [(0.0, 0.5), (1.0, 0.5), (0.5, 0.0), (0.5, 1.0)]]  # fmt: skip
    for req, esc in cases:
        c = confusion(req, esc)
        tn, fp, fn, tp = confusion_matrix(req, esc, labels=[False, True]).ravel()
        assert (c.tp, c.fp, c.tn, c.fn) == (tp, fp, tn, fn)
        assert c.n == len(req)
        nan = {"zero_division": np.nan}
        assert _same(sensitivity(c), recall_score(req, esc, pos_label=True, **nan))
        assert _same(specificity(c), recall_score(req, esc, pos_label=False, **nan))
        assert _same(precision(c), precision_score(req, esc, pos_label=True, **nan))
        assert _same(missed_escalation_rate(c), 1 - recall_score(req, esc, **nan))
        # utility = per-episode mean of the declared payoff of each decision
        costs = CostMatrix(c_fn=10)
        payoff = np.select(
            [req & esc, ~req & ~esc, req & ~esc, ~req & esc],
            [costs.u_tp, costs.u_tn, -costs.c_fn, -costs.c_fp],
        )
        assert utility(c, costs) == pytest.approx(payoff.mean())


def test_shape_mismatch() -> None:
    with pytest.raises(ValueError, match="shapes differ"):
        confusion([True], [True, False])
