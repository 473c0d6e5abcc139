"""Per-cell results: failure rates with Wilson intervals, yield, arm differences, deployment profile.

Conventions:
    * A trial **fails** when the judge finds the cell's obligation lost (``passed`` False). The
      failure rate of a cell x arm x model is failures / judged trials; yield-filtered trials and
      trials with an invalid verdict are excluded from it and reported as counts.
    * **Yield** is judged-or-invalid trials / attempted trials: the share in which the interruption
      really happened (always 1 at baseline unless trials errored).
    * Intervals are Wilson 95 % (statsmodels ``proportion_confint(method="wilson")``); NaN with no
      judged trial.
    * Differences are percentage-point differences of failure rates within a cell and model:
      interrupt - baseline, marker-with - marker-without, defensive - interrupt, tracker - interrupt,
      tracker - defensive; each with Newcombe's 95 % hybrid score interval (method 10, from the two
      Wilson intervals; the arms' trials are independent conversations). No test is run and no
      multiplicity correction applied: the intervals describe, they do not declare effects.
    * There is no aggregate robustness score. The **deployment profile** (shares of interruption
      types, and overlaps per call) turns the interrupt arm's per-cell rates into expected lost
      obligations per call for each phase, shown next to the cells, never instead of them.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from typing import Annotated, Any

import pandas as pd
from pydantic import BaseModel, ConfigDict, Field, model_validator

from carebench.interruptions.cells import Arm, Cell, InterruptionType, Phase
from carebench.interruptions.validation import validation_status
from carebench.metrics.stats import newcombe_difference, wilson

DIFFERENCES: tuple[tuple[Arm, Arm], ...] = (
    (Arm.INTERRUPT, Arm.BASELINE),
    (Arm.MARKER_WITH, Arm.MARKER_WITHOUT),
    (Arm.DEFENSIVE, Arm.INTERRUPT),
    (Arm.TRACKER, Arm.INTERRUPT),
    (Arm.TRACKER, Arm.DEFENSIVE),
)


class DeploymentProfile(BaseModel):
    """How often, and in what form, patients overlap the agent in a deployment.

    The default is paper 002's appendix mini-corpus: 27 overlaps in safety-critical sequences of 35
    calls, 24 of them recognitional or transitional sub-unit and 3 competitive. The corpus pools
    recognitional and transitional, so carebench assigns the pooled share to the non-competitive
    type of each phase (recognitional in gathering, transitional in provision).

    Overlaps are resolved by phase: ``phase_share`` says which share of a call's overlaps fall in
    gathering and which in provision (summing to 1), so gathering plus provision never counts an
    overlap twice. Paper 002's Table 3 gives that split, but its per-phase counts are not in the
    text carebench was built from, so the default is an even split, named as an assumption in
    ``source``; give a corpus's own split in the profile file.

    Attributes:
        overlaps_per_call: expected overlaps per call in safety-critical sequences.
        non_competitive: share of overlaps that are recognitional or transitional.
        competitive: share that are competitive.
        phase_share: share of overlaps in each phase (``gathering``, ``provision``).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    overlaps_per_call: float = Field(default=27 / 35, ge=0.0, allow_inf_nan=False)
    non_competitive: float = Field(default=24 / 27, ge=0.0, le=1.0, allow_inf_nan=False)
    competitive: float = Field(default=3 / 27, ge=0.0, le=1.0, allow_inf_nan=False)
    phase_share: dict[Phase, Annotated[float, Field(ge=0.0, le=1.0, allow_inf_nan=False)]] = Field(
        default_factory=lambda: {Phase.GATHERING: 0.5, Phase.PROVISION: 0.5}
    )
    source: str = (
        "paper 002, appendix A (35 cataract follow-up calls, 27 overlaps); phase split: even "
        "(assumed: Table 3's per-phase counts are not in carebench's copy of the paper)"
    )

    @model_validator(mode="after")
    def _shares_sum_to_one(self) -> DeploymentProfile:
        if not math.isclose(self.non_competitive + self.competitive, 1.0, abs_tol=1e-6):
            raise ValueError(
                f"type shares must sum to 1, got {self.non_competitive} + {self.competitive}"
            )
        if set(self.phase_share) != set(Phase) or not math.isclose(
            sum(self.phase_share.values()), 1.0, abs_tol=1e-6
        ):
            raise ValueError(
                f"phase_share must give gathering and provision, summing to 1, got "
                f"{ {p.value: v for p, v in self.phase_share.items()} }"
            )
        return self

    def per_call(self, cell: Cell) -> float:
        """Expected overlaps per call of ``cell``'s phase and type."""
        return self.overlaps_per_call * self.phase_share[cell.phase] * self.share(cell)

    def share(self, cell: Cell) -> float:
        """The share of overlaps of ``cell``'s type within its phase."""
        return (
            self.competitive if cell.itype is InterruptionType.COMPETITIVE else self.non_competitive
        )


def trial_rows(trials: Iterable[dict[str, Any]], model: str) -> pd.DataFrame:
    """One row per stored trial: model, cell, arm, trial, status, failed (None unless judged)."""
    rows = []
    for t in trials:
        verdict = t.get("verdict") or {}
        passed = verdict.get("passed")
        rows.append(
            {
                "study_id": t["study_id"],
                "model": model,
                "cell": t["cell"],
                "arm": t["arm"],
                "trial": t["trial"],
                "status": t["status"],
                "failed": (not passed) if t["status"] == "judged" else None,
            }
        )
    return pd.DataFrame(
        rows, columns=["study_id", "model", "cell", "arm", "trial", "status", "failed"]
    )


def cell_table(rows: pd.DataFrame) -> pd.DataFrame:
    """Per model x cell x arm: n, judged, filtered, invalid, errors, yield, failures, rate, CI."""
    out = []
    for (model, cell, arm), group in rows.groupby(["model", "cell", "arm"], sort=True):
        n = len(group)
        status = group["status"]
        judged = int((status == "judged").sum())
        invalid = int((status == "invalid").sum())
        errors = int((status == "error").sum())
        failures = int(group.loc[status == "judged", "failed"].astype(bool).sum())
        low, high = wilson(failures, judged)
        out.append(
            {
                "model": model,
                "cell": cell,
                "arm": arm,
                "n": n,
                "judged": judged,
                "filtered": int((status == "filtered").sum()),
                "invalid": invalid,
                "errors": errors,
                "yield": (judged + invalid) / (n - errors) if n - errors else math.nan,
                "failures": failures,
                "rate": failures / judged if judged else math.nan,
                "ci_low": low,
                "ci_high": high,
            }
        )
    return pd.DataFrame(out)


def differences(table: pd.DataFrame) -> pd.DataFrame:
    """Failure-rate differences between arms within a model and cell, in percentage points.

    ``pp`` is rate(a) - rate(b); ``ci_low`` and ``ci_high`` bound it with Newcombe's 95 % hybrid
    score interval (:func:`~carebench.metrics.stats.newcombe_difference`), treating the two arms'
    judged trials as independent samples (each trial is its own conversation). NaN when an arm
    has no judged trial.
    """
    out = []
    cells: dict[tuple[str, str, str], dict[Hashable, Any]] = {
        (str(r["model"]), str(r["cell"]), str(r["arm"])): r for r in table.to_dict(orient="records")
    }
    for model, cell in sorted({(m, c) for m, c, _ in cells}):
        for a, b in DIFFERENCES:
            ra, rb = cells.get((model, cell, a.value)), cells.get((model, cell, b.value))
            if ra is None or rb is None:
                continue
            low, high = newcombe_difference(
                int(ra["failures"]), int(ra["judged"]), int(rb["failures"]), int(rb["judged"])
            )
            out.append(
                {
                    "model": model,
                    "cell": cell,
                    "comparison": f"{a.value} - {b.value}",
                    "pp": 100 * (float(ra["rate"]) - float(rb["rate"])),
                    "ci_low": 100 * low,
                    "ci_high": 100 * high,
                }
            )
    return pd.DataFrame(out, columns=["model", "cell", "comparison", "pp", "ci_low", "ci_high"])


def deployment_estimates(
    table: pd.DataFrame, profile: DeploymentProfile, arm: Arm = Arm.INTERRUPT
) -> pd.DataFrame:
    """Expected lost obligations per call, per model and phase, from ``arm``'s per-cell rates.

    For a phase: ``sum(per_call(cell) * rate(cell))`` over the phase's two cells, where
    ``per_call = overlaps_per_call * phase_share[phase] * type share``; with a range from the
    cells' Wilson bounds; ``arithmetic`` writes the sum out. A ``total`` row per model adds the
    phases (when both are present). A phase with a missing cell is left out.
    """
    out = []
    for model in sorted(set(table["model"])):
        for phase in Phase:
            cells = [c for c in Cell if c.phase is phase]
            picked = [
                table[(table.model == model) & (table.cell == c.value) & (table.arm == arm.value)]
                for c in cells
            ]
            if any(p.empty for p in picked):
                continue

            def combine(
                column: str, cells: list[Cell] = cells, picked: list[pd.DataFrame] = picked
            ) -> float:
                terms = zip(cells, picked, strict=True)
                return sum(profile.per_call(c) * float(p.iloc[0][column]) for c, p in terms)

            sums = " + ".join(
                f"{profile.per_call(c):.3f} x {float(p.iloc[0]['rate']):.3f} ({c.value})"
                for c, p in zip(cells, picked, strict=True)
            )
            out.append(
                {
                    "model": model,
                    "phase": phase.value,
                    "arm": arm.value,
                    "expected_lost_per_call": combine("rate"),
                    "low": combine("ci_low"),
                    "high": combine("ci_high"),
                    "arithmetic": f"{sums} = {combine('rate'):.3f}",
                }
            )
        phases = [r for r in out if r["model"] == model and r["phase"] != "total"]
        if len(phases) == len(Phase):
            out.append(
                {
                    "model": model,
                    "phase": "total",
                    "arm": arm.value,
                    **{
                        k: sum(r[k] for r in phases)
                        for k in ("expected_lost_per_call", "low", "high")
                    },
                    "arithmetic": " + ".join(f"{r['expected_lost_per_call']:.3f}" for r in phases)
                    + f" = {sum(r['expected_lost_per_call'] for r in phases):.3f}",
                }
            )
    return pd.DataFrame(
        out,
        columns=["model", "phase", "arm", "expected_lost_per_call", "low", "high", "arithmetic"],
    )


def _clean(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def metrics(
    studies: list[dict[str, Any]],
    rows: pd.DataFrame,
    profile: DeploymentProfile,
    validation: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The metrics.json document (NaN written as null).

    ``validation`` maps study id -> validate-judge result; each study gets its own (or "not
    validated") as ``judge_validation`` and a one-phrase ``judge_validation_status``.
    """
    table = cell_table(rows)

    def records(frame: pd.DataFrame) -> list[dict[str, Any]]:
        return [{str(k): _clean(v) for k, v in r.items()} for r in frame.to_dict(orient="records")]

    from carebench.protocol.levels import LEVELS, EvidenceLevel

    card = LEVELS[EvidenceLevel.SIMULATED_WORKFLOW]
    return {
        "evidence_level": card.level.value,
        "evidence": {
            "question": card.question,
            "metrics": card.metrics,
            "cannot_answer": card.cannot_answer,
            "statement": card.statement,
            "simulator": "transcript simulator; no prosody, timing or speech recognition",
        },
        "studies": [
            {
                "study_id": s["study_id"],
                "label": s["label"],
                "pathway": s["manifest"]["pathway"],
                "agent": s["manifest"]["agent"],
                "patient": s["manifest"]["patient"],
                "agent_reasoning": s["manifest"].get("reasoning", {}).get("agent", "not recorded"),
                "judge": s["manifest"]["judge"],
                "judge_validation": (validation or {}).get(s["study_id"], "not validated"),
                "judge_validation_status": validation_status(validation[s["study_id"]])
                if validation and s["study_id"] in validation
                else "not validated",
                "evidence_level": s["manifest"].get(
                    "evidence_level", EvidenceLevel.SIMULATED_WORKFLOW.value
                ),
            }
            for s in studies
        ],
        "cells": records(table),
        "differences": records(differences(table)),
        "deployment_profile": profile.model_dump(mode="json"),
        "deployment_estimates": records(deployment_estimates(table, profile)),
        "aggregate_score": None,
        "note": "Results are per cell; carebench reports no single aggregate robustness score.",
    }
