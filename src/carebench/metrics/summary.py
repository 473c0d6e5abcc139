"""Headline metrics per run from the results table (point estimates; the report adds intervals).

Conventions: decision accuracy counts invalid outputs and errors as incorrect; escalation metrics
treat them as not escalated (see :mod:`carebench.metrics.escalation`); mean confidence is over
valid outputs only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carebench.metrics.costs import PRIMARY, ROBUSTNESS
from carebench.metrics.escalation import (
    confusion,
    missed_escalation_rate,
    sensitivity,
    specificity,
    utility,
)

if TYPE_CHECKING:
    import pandas as pd


def headline(frame: pd.DataFrame) -> dict[str, Any]:
    """Headline metrics of one run's rows."""
    c = confusion(frame["escalation_required"].to_numpy(), frame["escalated"].to_numpy())
    valid = frame[frame["valid"]]
    return {
        "n": len(frame),
        "invalid_rate": float((~frame["valid"]).mean()) if len(frame) else float("nan"),
        "accuracy": float(frame["correct"].mean()) if len(frame) else float("nan"),
        "sensitivity": sensitivity(c),
        "specificity": specificity(c),
        "missed_rate": missed_escalation_rate(c),
        "utility_5to1": utility(c, PRIMARY),
        "utility_10to1": utility(c, ROBUSTNESS),
        "mean_confidence": float(valid["confidence"].mean()) if len(valid) else float("nan"),
    }


def headline_table(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """One row of headline metrics per run label, in first-seen order."""
    return [
        {"label": label, **headline(group)} for label, group in frame.groupby("label", sort=False)
    ]


def format_table(rows: list[dict[str, Any]]) -> str:
    """A plain-text table of :func:`headline_table` rows."""
    header = f"{'agent':<40} {'n':>4} {'invalid':>7} {'acc':>5} {'sens':>5} {'spec':>5} {'missed':>6} {'U 5:1':>6} {'U 10:1':>6} {'conf':>5}"
    lines = [header, "-" * len(header)]
    for r in rows:
        lines.append(
            f"{r['label']:<40} {r['n']:>4} {r['invalid_rate']:>7.2f} {r['accuracy']:>5.2f} "
            f"{r['sensitivity']:>5.2f} {r['specificity']:>5.2f} {r['missed_rate']:>6.2f} "
            f"{r['utility_5to1']:>6.2f} {r['utility_10to1']:>6.2f} {r['mean_confidence']:>5.2f}"
        )
    return "\n".join(lines)
