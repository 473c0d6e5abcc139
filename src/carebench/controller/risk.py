"""The two-threshold risk controller (paper 000; conventions in docs/methods.md).

    R = w_C*C + w_M*M + w_H*H + w_U*(1 - confidence),   w in {0, .25, .5, .75, 1}^4

    R >= tau_high                        -> Escalate
    tau_low <= R < tau_high, action Answer -> Ask_Clarification
    otherwise                              -> the agent's action stands

Conventions:
    * C, M, H are the detector flags of the episode (0/1). An invalid output has no confidence; it
      is given 1 - confidence = 1 (no stated certainty) and stays invalid (incorrect, not
      escalated) unless R >= tau_high overrides it to Escalate.
    * Threshold grid: 0.00, 0.05, ..., 4.00 and +inf (never), with tau_low <= tau_high.
    * Fitting uses the dev split only. It maximizes the run's declared utility (each row under its
      task class's cost matrix; 5:1 for every class by default); ties go to
      higher decision accuracy, then to the smaller weight sum, the higher tau_high, the higher
      tau_low, and finally the lexicographically smaller (w_C, w_M, w_H, w_U). Utility and accuracy
      are compared after rounding to 12 decimals, so float noise never decides.
    * The search is exhaustive and vectorized: per weight vector, rows are sorted by R once and
      every tau_high is scored from prefix sums, with the best tau_low below it from a running
      maximum, so cost is O(625 * (n log n + G)). The ablations' grids are parts of the full grid
      (:func:`fit_ablations` scores it once for all three).
"""

from __future__ import annotations

import itertools
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from carebench.episodes.schema import Action
from carebench.metrics.costs import PRIMARY, ClassCosts, CostMatrix
from carebench.metrics.escalation import row_utility
from carebench.metrics.threads import one_blas_thread

WEIGHT_LEVELS = (0.0, 0.25, 0.5, 0.75, 1.0)
THRESHOLDS = np.r_[np.round(np.arange(0.0, 4.0001, 0.05), 2), np.inf]
ABLATIONS = ("full", "workflow", "confidence")

BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]


def weight_grid(ablation: str = "full") -> FloatArray:
    """The weight vectors (w_C, w_M, w_H, w_U) searched under an ablation.

    ``full``: all 625; ``workflow``: w_U = 0 (125); ``confidence``: w_C = w_M = w_H = 0 (5).
    The smaller grids are the full grid's rows that satisfy their condition, in its order.
    """
    grid: FloatArray = np.array(list(itertools.product(WEIGHT_LEVELS, repeat=4)), dtype=float)
    part: FloatArray = grid[_in_ablation(grid, ablation)]
    return part


def _in_ablation(grid: FloatArray, ablation: str) -> BoolArray:
    """Which rows of ``grid`` an ablation searches."""
    if ablation == "full":
        return np.ones(len(grid), bool)
    if ablation == "workflow":
        workflow: BoolArray = grid[:, 3] == 0
        return workflow
    if ablation == "confidence":
        confidence: BoolArray = (grid[:, :3] == 0).all(axis=1)
        return confidence
    raise ValueError(f"unknown ablation {ablation!r}; expected one of {ABLATIONS}")


@dataclass(frozen=True)
class Inputs:
    """Per-row arrays the controller needs (one row per episode x repeat)."""

    flags: FloatArray  # (n, 3): C, M, H as 0/1
    confidence: FloatArray  # NaN for invalid outputs
    action: npt.NDArray[np.object_]  # action string, or None for invalid outputs
    acceptable: list[frozenset[str]]
    required: BoolArray  # escalation-required
    task_class: npt.NDArray[np.object_] | None = None  # for costs that differ by task class

    @property
    def n(self) -> int:
        """Number of rows."""
        return len(self.required)

    def features(self) -> FloatArray:
        """(n, 4): C, M, H, 1 - confidence (1 for invalid outputs)."""
        uncertainty = np.where(np.isnan(self.confidence), 1.0, 1.0 - self.confidence)
        return np.column_stack([self.flags, uncertainty])

    def take(self, rows: npt.NDArray[np.bool_] | npt.NDArray[np.intp]) -> Inputs:
        """The inputs of some rows (a boolean mask or positions), in their order."""
        index = np.flatnonzero(rows) if rows.dtype == bool else rows
        return Inputs(
            self.flags[index],
            self.confidence[index],
            self.action[index],
            [self.acceptable[i] for i in index.tolist()],
            self.required[index],
            None if self.task_class is None else self.task_class[index],
        )


@dataclass(frozen=True)
class Fit:
    """A fitted controller and its dev-split scores."""

    w_c: float
    w_m: float
    w_h: float
    w_u: float
    tau_low: float
    tau_high: float
    dev_utility: float
    dev_accuracy: float
    n_dev: int
    ablation: str = "full"

    @property
    def weights(self) -> FloatArray:
        """(w_C, w_M, w_H, w_U)."""
        return np.array([self.w_c, self.w_m, self.w_h, self.w_u])

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready (infinite thresholds as the string "inf")."""
        data = asdict(self)
        for key in ("tau_low", "tau_high"):
            if np.isinf(data[key]):
                data[key] = "inf"
        return data


def decide(
    inputs: Inputs, weights: FloatArray, tau_low: float, tau_high: float
) -> npt.NDArray[np.object_]:
    """Final actions under the decision rule (None stays None unless overridden to Escalate)."""
    risk = inputs.features() @ np.asarray(weights, dtype=float)
    final = inputs.action.copy()
    ask = (risk >= tau_low) & (risk < tau_high) & (inputs.action == Action.ANSWER.value)
    final[ask] = Action.ASK_CLARIFICATION.value
    final[risk >= tau_high] = Action.ESCALATE.value
    return final


def outcomes(inputs: Inputs, final: npt.NDArray[np.object_]) -> tuple[BoolArray, BoolArray]:
    """(correct, escalated) for final actions."""
    correct = np.array(
        [a is not None and a in acc for a, acc in zip(final, inputs.acceptable, strict=True)]
    )
    escalated = np.array([a == Action.ESCALATE.value for a in final])
    return correct, escalated


def _row_arrays(inputs: Inputs, costs: CostMatrix | ClassCosts) -> dict[str, FloatArray]:
    esc, ask = Action.ESCALATE.value, Action.ASK_CLARIFICATION.value
    base_correct, base_esc = outcomes(inputs, inputs.action)
    esc_ok = np.array([esc in acc for acc in inputs.acceptable])
    ask_ok = np.array([ask in acc for acc in inputs.acceptable])
    answer = inputs.action == Action.ANSWER.value
    base_utility = row_utility(inputs.required, base_esc, costs, inputs.task_class)
    # what overriding a row to Escalate changes (nothing for rows already escalated)
    every = np.ones(inputs.n, bool)
    gain = row_utility(inputs.required, every, costs, inputs.task_class) - base_utility
    return {
        "base_utility": base_utility,
        "gain": gain,
        "a": esc_ok.astype(float),  # correct if overridden to Escalate
        "b": np.where(answer, ask_ok, base_correct).astype(float),  # correct in the Ask band
        "c": base_correct.astype(float),  # correct below tau_low
    }


def _below(r: FloatArray) -> npt.NDArray[np.int64]:
    """(K, G): how many of column k's risks are below each threshold (``r``: (n, K), any order).

    Rows at sorted positions >= ``pos[k, t]`` have R >= tau_t. Counted from each risk's place
    among the thresholds (one search for all n x K risks, one ``bincount``), not from n x K x G
    comparisons.
    """
    g, k = len(THRESHOLDS), r.shape[1]
    at_or_above = np.searchsorted(THRESHOLDS, r.T, side="right")  # thresholds <= each risk
    slots = (at_or_above + np.arange(k)[:, None] * (g + 1)).ravel()
    counts = np.bincount(slots, minlength=k * (g + 1)).reshape(k, g + 1)
    below: npt.NDArray[np.int64] = np.cumsum(counts[:, :g], axis=1)
    return below


def _score_batch(
    features: FloatArray, weights: FloatArray, rows: dict[str, FloatArray]
) -> tuple[FloatArray, FloatArray, npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Score K weight vectors at once.

    Returns the best utility, its best accuracy, and the chosen tau_high and tau_low indices (each
    of length K), following the module's tie-break order within a vector.
    """
    n, g = features.shape[0], len(THRESHOLDS)
    risk = features @ weights.T  # (n, K)
    order = np.argsort(risk, axis=0, kind="stable")
    r = np.take_along_axis(risk, order, axis=0)
    pos = _below(r)

    def prefix(x: FloatArray) -> FloatArray:  # (K, n + 1)
        return np.concatenate([np.zeros((1, order.shape[1])), np.cumsum(x[order], axis=0)]).T

    pg, pa, pb, pc = (prefix(rows[k]) for k in ("gain", "a", "b", "c"))
    at = np.take_along_axis
    utility = np.round(
        (rows["base_utility"].sum() + pg[:, n : n + 1] - at(pg, pos, axis=1)) / n, 12
    )
    top_u = utility.max(axis=1)
    # Accuracy with tau_high index h and tau_low index l <= h is (A[k, h] + E[k, l]) / n: rows
    # at or above tau_high count a, rows in the band b, rows below c. Every sum is of 0/1 values,
    # so exact whatever the order. The best l for h is the one with the highest E among l <= h
    # (a running maximum; ties to the highest l), and distinct sums stay distinct after rounding.
    base = pa[:, n : n + 1] - at(pa, pos, axis=1) + at(pb, pos, axis=1)  # A[k, h]
    e = at(pc - pb, pos, axis=1)  # E[k, l]
    best_e = np.maximum.accumulate(e, axis=1)
    columns = np.broadcast_to(np.arange(g), e.shape)
    best_l_of_h = np.maximum.accumulate(np.where(e == best_e, columns, -1), axis=1)
    # accuracy only for the (k, tau_high) pairs that reach their vector's best utility
    accuracy = np.where(utility == top_u[:, None], np.round((base + best_e) / n, 12), -np.inf)
    top_acc = accuracy.max(axis=1)
    # among pairs reaching the top accuracy: the highest tau_high
    best_h = g - 1 - np.argmax(accuracy[:, ::-1] == top_acc[:, None], axis=1)
    best_l = best_l_of_h[np.arange(len(weights)), best_h]
    return np.asarray(top_u, dtype=float), top_acc, best_h, best_l


Scores = tuple[FloatArray, FloatArray, npt.NDArray[np.int64], npt.NDArray[np.int64]]


def _grid_scores(inputs: Inputs, costs: CostMatrix | ClassCosts, grid: FloatArray) -> Scores:
    """Per weight vector of ``grid``: best utility, its best accuracy, tau_high and tau_low index.

    Each vector's scores depend on its own risks only, never on the other vectors searched.
    """
    features = inputs.features()
    rows = _row_arrays(inputs, costs)
    chunk = max(1, 2_000_000 // max(inputs.n, 1))
    parts = [_score_batch(features, grid[i : i + chunk], rows) for i in range(0, len(grid), chunk)]
    u_all, acc_all, h_all, l_all = (np.concatenate(p) for p in zip(*parts, strict=True))
    return u_all, acc_all, h_all, l_all


def _best(grid: FloatArray, scores: Scores, n: int, ablation: str) -> Fit:
    """The fit with the best scores under the module's tie-break order."""
    u_all, acc_all, h_all, l_all = scores
    # lexsort: the last key is primary
    keys = [grid[:, i] for i in (3, 2, 1, 0)]
    k = int(
        np.lexsort(
            (*keys, -THRESHOLDS[l_all], -THRESHOLDS[h_all], grid.sum(axis=1), -acc_all, -u_all)
        )[0]
    )
    w = grid[k]
    return Fit(float(w[0]), float(w[1]), float(w[2]), float(w[3]), float(THRESHOLDS[l_all[k]]),
               float(THRESHOLDS[h_all[k]]), float(u_all[k]), float(acc_all[k]), n, ablation)  # fmt: skip


@one_blas_thread
def fit(inputs: Inputs, costs: CostMatrix | ClassCosts = PRIMARY, ablation: str = "full") -> Fit:
    """Exhaustive grid search (see the module conventions). ``inputs`` must be dev rows only."""
    if inputs.n == 0:
        raise ValueError("no rows to fit the controller on")
    grid = weight_grid(ablation)
    return _best(grid, _grid_scores(inputs, costs, grid), inputs.n, ablation)


@one_blas_thread
def fit_ablations(inputs: Inputs, costs: CostMatrix | ClassCosts = PRIMARY) -> dict[str, Fit]:
    """:func:`fit` under every ablation (:data:`ABLATIONS`), from one search of the full grid.

    The same fits as one :func:`fit` per ablation: the smaller grids are parts of the full grid,
    a vector's scores depend on its own risks only, and their risks are exact sums (with w_U = 0,
    or w_C = w_M = w_H = 0, every product is 0, a flag's weight or one w_U * (1 - confidence)),
    so the same whichever product computes them.
    """
    if inputs.n == 0:
        raise ValueError("no rows to fit the controller on")
    grid = weight_grid("full")
    scores = _grid_scores(inputs, costs, grid)
    fits = {}
    for ablation in ABLATIONS:
        keep = _in_ablation(grid, ablation)
        part = (scores[0][keep], scores[1][keep], scores[2][keep], scores[3][keep])
        fits[ablation] = _best(grid[keep], part, inputs.n, ablation)
    return fits
