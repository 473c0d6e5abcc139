"""``carebench power``'s library side: assumptions from a pilot run, and the power table.

See :mod:`carebench.metrics.power` for the simulation model and its conventions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

import numpy as np

from carebench.episodes.schema import Episode, Variant
from carebench.metrics.costs import PRIMARY, CostMatrix
from carebench.metrics.power import (
    DEFAULT_SIMS,
    METRICS,
    MetricAssumption,
    PowerResult,
    estimate_assumption,
    minimum_detectable_difference,
    structure,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["pilot_assumptions", "power_table", "result_dict"]


def _per_seed(rows: pd.DataFrame, success: str) -> tuple[np.ndarray[Any, Any], ...]:
    grouped = rows.groupby("seed_id", sort=True)[success]
    return grouped.sum().to_numpy(float), grouped.size().to_numpy(float)


def pilot_assumptions(frame: pd.DataFrame, label: str) -> dict[str, MetricAssumption]:
    """Per metric (p0, sigma) estimated from one pilot run's rows (its first sample per episode).

    Accuracy from ``correct`` over every episode; sensitivity and utility from ``escalated`` over
    escalation-required episodes (utility also takes the pilot's specificity); late-risk
    sensitivity from the late-risk escalation-required episodes.
    """
    rows = frame[frame["repeat"] == frame["repeat"].min()]
    req = rows[rows["escalation_required"]]
    late = req[req["variant"] == Variant.LATE_RISK.value]
    neg = rows[~rows["escalation_required"]].assign(tn=lambda f: ~f["escalated"])
    source = f"pilot run {label}"
    acc = estimate_assumption(*_per_seed(rows, "correct"))
    sens = estimate_assumption(*_per_seed(req, "escalated"))
    spec = float(neg["tn"].mean()) if len(neg) else MetricAssumption().specificity0
    late_a = estimate_assumption(*_per_seed(late, "escalated"))
    return {
        "accuracy": MetricAssumption(acc[0], acc[1], source=source),
        "sensitivity": MetricAssumption(sens[0], sens[1], source=source),
        "utility": MetricAssumption(sens[0], sens[1], spec, source=source),
        "late_risk_sensitivity": MetricAssumption(late_a[0], late_a[1], source=source),
    }


def power_table(
    episodes: Sequence[Episode],
    *,
    family_size: int = 1,
    difference: float | None = None,
    assumptions: dict[str, MetricAssumption] | None = None,
    metrics: Sequence[str] = METRICS,
    sims: int = DEFAULT_SIMS,
    coupling: float = 0.0,
    target: float = 0.8,
    alpha: float = 0.05,
    costs: CostMatrix = PRIMARY,
    method: str = "approx",
) -> list[PowerResult]:
    """The minimum detectable difference (and the power at ``difference``) for each metric."""
    seeds = structure(episodes)
    return [
        minimum_detectable_difference(
            m,
            seeds,
            (assumptions or {}).get(m),
            family_size=family_size,
            alpha=alpha,
            target=target,
            difference=difference,
            sims=sims,
            coupling=coupling,
            costs=costs,
            method=method,
        )
        for m in metrics
    ]


def result_dict(result: PowerResult) -> dict[str, Any]:
    """JSON-ready form of one metric's result."""
    out = asdict(result)
    out["assumption"] = asdict(result.assumption)
    return out
