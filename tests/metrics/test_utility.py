"""The utility formula is written once (metrics.escalation.utility_total) and every consumer agrees."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from carebench.controller.risk import Inputs, decide, fit, outcomes
from carebench.metrics.costs import CostMatrix
from carebench.metrics.escalation import confusion, row_utility, utility, utility_total
from carebench.report.analysis import SeedSums, Settings, escalation_intervals, per_seed

# every weight different, so a swapped or dropped term shows
ODD = CostMatrix(u_tp=2.0, u_tn=0.5, c_fp=3.0, c_fn=7.0)
SRC = Path(__file__).parents[2] / "src" / "carebench"


def test_scalars_and_arrays() -> None:
    assert utility_total(ODD, 3.0, 4.0, 1.0, 2.0) == 2 * 3 + 0.5 * 4 - 7 * 1 - 3 * 2
    counts = np.array([[3.0, 4.0, 1.0, 2.0], [0.0, 1.0, 0.0, 0.0]])
    assert utility_total(ODD, *counts.T).tolist() == [-5.0, 0.5]
    assert row_utility([True, True, False, False], [True, False, True, False], ODD).tolist() == [
        2.0,
        -7.0,
        -3.0,
        0.5,
    ]


def test_the_formula_is_written_once() -> None:
    """No module but metrics/escalation.py reads the cost weights to do arithmetic with them."""
    uses = [
        f"{path.relative_to(SRC)}:{n}"
        for path in SRC.rglob("*.py")
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if re.search(r"\.(u_tp|u_tn|c_fn|c_fp)\b", line)
    ]
    assert uses == ["metrics/escalation.py:" + str(_formula_line())]


def _formula_line() -> int:
    lines = (SRC / "metrics" / "escalation.py").read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if "costs.c_fn * fn" in line)


@pytest.fixture
def frame() -> pd.DataFrame:
    rng = np.random.default_rng(7)
    n = 120
    return pd.DataFrame(
        {
            "seed_id": [f"s{i % 12:02d}" for i in range(n)],
            "escalation_required": rng.random(n) < 0.35,
            "escalated": rng.random(n) < 0.4,
            "correct": rng.random(n) < 0.6,
        }
    )


def test_report_and_per_seed_utility_agree_with_the_metric(frame: pd.DataFrame) -> None:
    req, esc = frame["escalation_required"].to_numpy(), frame["escalated"].to_numpy()
    whole = utility(confusion(req, esc), ODD)
    sums = SeedSums(frame, Settings(b=200))
    interval = escalation_intervals(frame, sums, [("u", ODD)])["u"]
    assert interval.estimate == pytest.approx(whole)
    seeds = per_seed(frame, "utility", ODD)
    for seed, rows in frame.groupby("seed_id"):
        expected = utility(
            confusion(rows["escalation_required"].to_numpy(), rows["escalated"].to_numpy()), ODD
        )
        assert seeds[seed] == pytest.approx(expected)


def test_controller_fit_reports_the_metric_utility() -> None:
    rng = np.random.default_rng(3)
    n = 60
    required = rng.random(n) < 0.4
    inputs = Inputs(
        (rng.random((n, 3)) < 0.3).astype(float),
        np.round(rng.random(n), 2),
        np.array(rng.choice(["Answer", "Escalate", "Abstain"], n), dtype=object),
        [frozenset({"Escalate"}) if r else frozenset({"Answer"}) for r in required],
        required,
    )
    fitted = fit(inputs, ODD, "confidence")
    _, escalated = outcomes(inputs, decide(inputs, fitted.weights, fitted.tau_low, fitted.tau_high))
    assert fitted.dev_utility == pytest.approx(utility(confusion(required, escalated), ODD))
