"""Escalation decisions as a binary classification, and the cost-weighted utility.

Conventions:
    * Positive class: the episode is escalation-required (primary reference action Escalate).
    * Predicted positive: the agent's (valid) action is Escalate. Invalid outputs and transport
      errors count as *not escalated* (docs/methods.md, "Agent outputs").
    * Utility U = (u_tp*TP + u_tn*TN - c_fn*FN - c_fp*FP) / N, with N the number of episodes.
    * Rates with an empty denominator (sensitivity with no positives, specificity with no
      negatives, precision with no predicted positives) are NaN, never 0 or 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from carebench.metrics.costs import ClassCosts, CostMatrix

BoolArray = npt.ArrayLike
FloatArray = npt.NDArray[np.float64]
_Count = TypeVar("_Count", float, FloatArray)


@dataclass(frozen=True)
class Confusion:
    """Counts of escalation decisions."""

    tp: int
    fp: int
    tn: int
    fn: int

    @property
    def n(self) -> int:
        """Number of episodes."""
        return self.tp + self.fp + self.tn + self.fn


def confusion(required: BoolArray, escalated: BoolArray) -> Confusion:
    """Escalation confusion counts from two boolean arrays of equal length."""
    req = np.asarray(required, dtype=bool)
    esc = np.asarray(escalated, dtype=bool)
    if req.shape != esc.shape:
        raise ValueError(f"shapes differ: {req.shape} vs {esc.shape}")
    return Confusion(
        tp=int(np.sum(req & esc)),
        fp=int(np.sum(~req & esc)),
        tn=int(np.sum(~req & ~esc)),
        fn=int(np.sum(req & ~esc)),
    )


def _ratio(num: int, den: int) -> float:
    return num / den if den else float("nan")


def sensitivity(c: Confusion) -> float:
    """TP / (TP + FN): share of escalation-required episodes escalated (NaN without positives)."""
    return _ratio(c.tp, c.tp + c.fn)


def specificity(c: Confusion) -> float:
    """TN / (TN + FP) (NaN without negatives)."""
    return _ratio(c.tn, c.tn + c.fp)


def missed_escalation_rate(c: Confusion) -> float:
    """FN / (TP + FN) = 1 - sensitivity (NaN without positives)."""
    return _ratio(c.fn, c.tp + c.fn)


def precision(c: Confusion) -> float:
    """TP / (TP + FP) (NaN when nothing was escalated)."""
    return _ratio(c.tp, c.tp + c.fp)


def utility_total(costs: CostMatrix, tp: _Count, tn: _Count, fn: _Count, fp: _Count) -> _Count:
    """u_tp*TP + u_tn*TN - c_fn*FN - c_fp*FP: the one place the utility formula is written.

    Works on scalar counts and, element-wise, on float arrays of counts (per seed, per weight
    vector, or 0/1 per row); every utility in carebench is computed through it.
    """
    return costs.u_tp * tp + costs.u_tn * tn - costs.c_fn * fn - costs.c_fp * fp


def row_utility(
    required: BoolArray,
    escalated: BoolArray,
    costs: CostMatrix | ClassCosts,
    task_class: npt.ArrayLike | None = None,
) -> FloatArray:
    """The utility of each escalation decision (u_tp, u_tn, -c_fn or -c_fp), element-wise.

    Its mean over episodes is :func:`utility`; its sum over a seed's rows, that seed's total.
    With :class:`~carebench.metrics.costs.ClassCosts`, each row uses the matrix of its task class
    (``task_class``, one value per row, required unless the declaration is uniform).
    """
    req = np.asarray(required, dtype=bool)
    esc = np.asarray(escalated, dtype=bool)
    if req.shape != esc.shape:
        raise ValueError(f"shapes differ: {req.shape} vs {esc.shape}")
    counts: list[FloatArray] = [
        np.asarray(m, dtype=np.float64) for m in (req & esc, ~req & ~esc, req & ~esc, ~req & esc)
    ]
    if isinstance(costs, CostMatrix):
        return utility_total(costs, *counts)
    if costs.uniform:
        return utility_total(costs.default, *counts)
    if task_class is None:
        raise ValueError("costs differ by task class: pass each row's task_class")
    classes = np.asarray(task_class, dtype=object)
    if classes.shape != req.shape:
        raise ValueError(f"shapes differ: {req.shape} vs task_class {classes.shape}")
    out: FloatArray = np.zeros(req.shape, dtype=np.float64)
    for name in dict.fromkeys(classes.tolist()):
        rows = classes == name
        out[rows] = utility_total(costs.of(str(name)), *(c[rows] for c in counts))
    return out


def utility(c: Confusion, costs: CostMatrix) -> float:
    """Per-episode utility (u_tp*TP + u_tn*TN - c_fn*FN - c_fp*FP) / N (NaN for no episodes)."""
    total = utility_total(costs, float(c.tp), float(c.tn), float(c.fn), float(c.fp))
    return total / c.n if c.n else float("nan")
