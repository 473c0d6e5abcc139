"""The power an analysis plan had for the differences it expects (docs/methods.md, "Power").

A planned comparison may declare, per metric it tests, the difference it expects
(``expected_difference``, plan format 2). For each such planned test the report states the power
the plan had to detect it: :func:`carebench.metrics.power.stated_power` on the seed structure of
the test itself.

Conventions:
    * Seed structure: the seeds both runs of the comparison answered, with their episode counts
      from run A's first sample per episode (escalation-required and late-risk counts likewise);
      with one run missing, the other run's seeds. No run: no power.
    * Level: the plan's family-wise alpha (0.05) / m for a family of m planned tests, Holm's first
      step (the power when no other planned test is rejected: a lower bound on Holm's power).
    * Test: the report's own, two-sided, exact or normal approximation by its rule (``auto``).
    * Assumptions: the stated defaults of ``carebench power`` (baseline rate 0.7, between-seed SD
      1.0 on the logit scale, outcomes of A and B independent given the seed), never the observed
      results: power is a property of the design declared before the runs, and the observed
      difference says nothing more about it. The figure carries no evidence level of its own.
    * Utility and robustness utility use the plan's default cost matrix of each (a per-class
      matrix is approximated by the default one; the note says so).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from carebench.episodes.schema import Variant
from carebench.metrics.power import (
    DEFAULT_SIMS,
    MetricAssumption,
    SeedStructure,
    stated_power,
)

if TYPE_CHECKING:
    import pandas as pd

    from carebench.protocol.plans import AnalysisPlan
    from carebench.report.models import PlannedTestOut

__all__ = ["ALPHA", "attach_power", "seed_structure"]

#: The family-wise significance level of the planned tests.
ALPHA = 0.05


def seed_structure(rows: pd.DataFrame, seeds: set[str] | None = None) -> SeedStructure:
    """The seed structure of one run's rows (its first sample per episode).

    Per seed: episodes, escalation-required episodes and late-risk escalation-required episodes;
    only ``seeds`` when given; seeds sorted by id.
    """
    first = rows[rows["repeat"] == rows["repeat"].min()]
    if seeds is not None:
        first = first[first["seed_id"].isin(seeds)]
    required = first["escalation_required"].astype(bool)
    late = required & (first["variant"] == Variant.LATE_RISK.value)
    grouped = first.assign(required=required, late=late).groupby("seed_id", sort=True)
    counts = grouped.agg(n=("episode_id", "size"), r=("required", "sum"), lr=("late", "sum"))
    return SeedStructure(
        tuple(str(s) for s in counts.index),
        tuple(int(v) for v in counts["n"]),
        tuple(int(v) for v in counts["r"]),
        tuple(int(v) for v in counts["lr"]),
    )


def _structure(frame: pd.DataFrame, run_a: str | None, run_b: str | None) -> SeedStructure | None:
    sides = [frame[frame["run_id"] == r] for r in (run_a, run_b) if r]
    sides = [rows for rows in sides if not rows.empty]
    if not sides:
        return None
    seeds = set(sides[0]["seed_id"])
    for rows in sides[1:]:
        seeds &= set(rows["seed_id"])
    return seed_structure(sides[0], seeds)


def attach_power(
    tests: Sequence[PlannedTestOut],
    frame: pd.DataFrame,
    plan: AnalysisPlan,
    *,
    sims: int = DEFAULT_SIMS,
) -> None:
    """Add ``expected_difference``, ``power``, ``power_alpha`` and ``power_note`` to each test.

    ``tests`` are the planned tests in the plan's family order (one per (comparison, metric)),
    each naming ``run_a`` and ``run_b``. A test without a declared difference gets None for all
    four; one whose runs are both missing, or whose difference no shift reaches, gets a power of
    None and a note saying why.
    """
    family = plan.family()
    level = ALPHA / max(len(family), 1)
    assumption = MetricAssumption()
    for entry, (comparison, metric) in zip(tests, family, strict=True):
        declared = comparison.expected_difference.items()
        expected = next((value for name, value in declared if name == metric), None)
        entry.expected_difference = expected
        entry.power = entry.power_alpha = entry.power_note = None
        if expected is None:
            continue
        seeds = _structure(frame, entry.run_a, entry.run_b)
        if seeds is None:
            entry.power_note = "not computed: neither run of the comparison is in the report"
            continue
        costs = plan.robustness_costs if metric == "utility_robustness" else plan.costs
        simulated = "utility" if metric.startswith("utility") else metric
        power = stated_power(
            simulated, seeds, expected, assumption, family_size=len(family), alpha=ALPHA,
            sims=sims, costs=costs.default, method="auto",
        )  # fmt: skip
        n_seeds = len(seeds.trials(simulated)[seeds.trials(simulated) > 0])
        note = (
            f"power to detect a difference of {expected:g} at alpha {ALPHA:g} / {len(family)} = "
            f"{level:.4g} (Holm's first step), two-sided, on the {n_seeds} seeds both runs "
            f"answered; assumed baseline {assumption.p0:g} and between-seed SD "
            f"{assumption.sigma:g} (logit; stated defaults), {sims} simulated experiments"
        )
        if simulated == "utility":
            note += f"; costs {costs.default.describe()}"
            note += "" if costs.uniform else " (the default matrix stands in for per-class ones)"
        if power != power:  # NaN: no logit shift reaches the difference
            note = f"not reachable: {expected:g} is beyond the largest possible difference; {note}"
        entry.power = None if power != power else power
        entry.power_alpha, entry.power_note = level, note
