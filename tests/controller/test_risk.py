from __future__ import annotations

import itertools

import numpy as np
import pytest

from carebench.controller.risk import THRESHOLDS, Inputs, decide, fit, outcomes, weight_grid
from carebench.metrics.costs import PRIMARY, CostMatrix
from carebench.metrics.escalation import confusion, utility

A, C, AB, E = "Answer", "Ask_Clarification", "Abstain", "Escalate"


def _inputs(flags, conf, actions, acceptable, required) -> Inputs:
    return Inputs(
        np.array(flags, dtype=float).reshape(-1, 3),
        np.array(conf, dtype=float),
        np.array(actions, dtype=object),
        [frozenset(a) for a in acceptable],
        np.array(required, dtype=bool),
    )


def test_decision_rule_hand_cases() -> None:
    x = _inputs(
        [[1, 0, 1], [0, 1, 0], [0, 1, 0], [0, 0, 0], [1, 1, 1]],
        [0.9, 0.9, 0.9, 0.2, np.nan],
        [A, A, AB, A, None],
        [{E}, {C}, {C}, {A}, {E}],
        [True, False, False, False, True],
    )
    w = np.array([0.5, 0.5, 0.5, 1.0])
    # R = [1.1, 0.6, 0.6, 0.8, 2.5]
    final = decide(x, w, tau_low=0.5, tau_high=1.0)
    assert list(final) == [E, C, AB, C, E]
    correct, escalated = outcomes(x, final)
    assert list(correct) == [True, True, False, False, True]
    assert list(escalated) == [True, False, False, False, True]
    # invalid stays invalid below tau_high, and keeps its own (missing) action
    assert list(decide(x, w, tau_low=3.0, tau_high=3.0)) == [A, A, AB, A, None]


def test_weight_grid_ablations() -> None:
    assert weight_grid("full").shape == (625, 4)
    assert weight_grid("workflow").shape == (125, 4) and (weight_grid("workflow")[:, 3] == 0).all()
    conf_only = weight_grid("confidence")
    assert conf_only.shape == (5, 4) and (conf_only[:, :3] == 0).all()
    with pytest.raises(ValueError, match="unknown ablation"):
        weight_grid("magic")


def _brute_force(x: Inputs, costs: CostMatrix, grid: np.ndarray, taus: np.ndarray):
    best = None
    for w in grid:
        for th, tl in itertools.product(taus, taus):
            if tl > th:
                continue
            correct, escalated = outcomes(x, decide(x, w, tl, th))
            u = round(utility(confusion(x.required, escalated), costs), 12)
            acc = round(float(correct.mean()), 12)
            key = (-u, -acc, w.sum(), -th, -tl, tuple(w))
            if best is None or key < best[0]:
                best = (key, w, tl, th, u, acc)
    return best


@pytest.mark.parametrize("seed", range(6))
def test_grid_search_agrees_with_brute_force(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = 14
    actions = rng.choice([A, C, AB, E, None], size=n, p=[0.45, 0.2, 0.1, 0.15, 0.1])
    acceptable = [
        set(rng.choice([A, C, AB, E], size=int(rng.integers(1, 3)), replace=False))
        for _ in range(n)
    ]
    required = np.array([E in acc and rng.random() < 0.8 for acc in acceptable])
    for i, req in enumerate(required):
        if req:
            acceptable[i].add(E)
    x = _inputs(rng.random((n, 3)) < 0.4, np.round(rng.random(n), 2), actions, acceptable, required)
    small = weight_grid("full")[rng.choice(625, size=12, replace=False)]
    # restrict the exhaustive search to the same small grid by monkeypatching the module's grid
    import carebench.controller.risk as risk

    original = risk.weight_grid
    risk.weight_grid = lambda ablation="full": small  # type: ignore[assignment]
    try:
        fitted = fit(x, PRIMARY)
    finally:
        risk.weight_grid = original
    _, w, tl, th, u, acc = _brute_force(x, PRIMARY, small, THRESHOLDS)
    assert (fitted.w_c, fitted.w_m, fitted.w_h, fitted.w_u) == tuple(w)
    assert (fitted.tau_low, fitted.tau_high) == (tl, th)
    assert fitted.dev_utility == pytest.approx(u) and fitted.dev_accuracy == pytest.approx(acc)


def test_fit_reproduces_its_dev_scores() -> None:
    rng = np.random.default_rng(7)
    n = 80
    required = rng.random(n) < 0.4
    acceptable = [{E} if r else {A, C} for r in required]
    x = _inputs(
        rng.random((n, 3)) < 0.3,
        rng.uniform(0.5, 1, n),
        rng.choice([A, C, E], n),
        acceptable,
        required,
    )
    fitted = fit(x)
    correct, escalated = outcomes(x, decide(x, fitted.weights, fitted.tau_low, fitted.tau_high))
    assert fitted.dev_utility == pytest.approx(utility(confusion(required, escalated), PRIMARY))
    assert fitted.dev_accuracy == pytest.approx(correct.mean())


@pytest.mark.parametrize("seed", range(4))
def test_fit_ablations_are_the_separate_fits(seed: int) -> None:
    from carebench.controller.risk import ABLATIONS, fit_ablations
    from carebench.episodes.schema import TaskClass
    from carebench.metrics.costs import ClassCosts

    rng = np.random.default_rng(seed)
    n = 60
    required = rng.random(n) < 0.35
    acceptable = [{E} if r else {A, C} if rng.random() < 0.5 else {A} for r in required]
    x = _inputs(
        rng.random((n, 3)) < 0.3,
        np.where(rng.random(n) < 0.1, np.nan, np.round(rng.uniform(0.2, 1, n), 2)),
        rng.choice([A, C, AB, E], n),
        acceptable,
        required,
    )
    x = Inputs(x.flags, x.confidence, x.action, x.acceptable, x.required,
               rng.choice([t.value for t in TaskClass], n).astype(object))  # fmt: skip
    by_class = ClassCosts(by_class={TaskClass.TRIAGE_HANDOFF: CostMatrix(c_fn=7.3, c_fp=0.3)})
    for costs in (PRIMARY, by_class):
        together = fit_ablations(x, costs)
        assert list(together) == list(ABLATIONS)
        assert together == {a: fit(x, costs, a) for a in ABLATIONS}


def test_inputs_take_keeps_rows_in_order() -> None:
    x = _inputs([[1, 0, 0], [0, 1, 0], [0, 0, 1]], [0.1, np.nan, 0.3], [A, None, E],
                [{A}, {C}, {E}], [False, False, True])  # fmt: skip
    part = x.take(np.array([True, False, True]))
    assert part.n == 2 and part.acceptable == [frozenset({A}), frozenset({E})]
    assert part.flags.tolist() == [[1, 0, 0], [0, 0, 1]] and list(part.action) == [A, E]
    assert x.take(np.array([2, 0])).confidence.tolist() == [0.3, 0.1]


def test_threshold_counts_are_the_comparisons() -> None:
    from carebench.controller.risk import _below

    rng = np.random.default_rng(3)
    # risks on and between the thresholds, and above the last finite one
    r = np.concatenate([rng.choice(THRESHOLDS[:-1], (30, 7)), rng.uniform(0, 4.5, (30, 7))])
    expected = (r[:, :, None] < THRESHOLDS[None, None, :]).sum(axis=0)
    assert np.array_equal(_below(r), expected)
