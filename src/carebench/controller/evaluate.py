"""Fitting the controller on a run's dev rows and evaluating it on its test rows.

Everything here starts from the results table (:func:`carebench.runs.results.load_results`) and
the episode bank the run was made on (:func:`carebench.runs.banks.run_bank`). The fit sees dev rows only; the test rows are touched only to apply a fitted
controller and score it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from carebench.controller.detectors import detect_episode
from carebench.controller.risk import ABLATIONS, Fit, Inputs, decide, fit, outcomes
from carebench.episodes.schema import Episode, TaskClass
from carebench.errors import CarebenchError
from carebench.metrics.costs import PRIMARY, ClassCosts, CostMatrix
from carebench.metrics.escalation import confusion, missed_escalation_rate, row_utility

if TYPE_CHECKING:
    import pandas as pd


def episode_flags(episodes: Sequence[Episode], family: str) -> dict[str, tuple[bool, bool, bool]]:
    """(C, M, H) for each episode id of ``episodes`` (the bank the run was made on)."""
    return {e.episode_id: detect_episode(e, family).as_tuple() for e in episodes}


def inputs_from_frame(frame: pd.DataFrame, flags: dict[str, tuple[bool, bool, bool]]) -> Inputs:
    """Controller inputs for the rows of a results table."""
    try:
        detector_flags = np.array([flags[e] for e in frame["episode_id"]], dtype=float).reshape(
            -1, 3
        )
    except KeyError as exc:
        raise CarebenchError(f"no detector flags for episode {exc.args[0]}") from exc
    confidence = np.where(
        frame["valid"].to_numpy(bool), frame["confidence"].to_numpy(float), np.nan
    )
    action = np.array(
        [a if v else None for a, v in zip(frame["action"], frame["valid"], strict=True)],
        dtype=object,
    )
    return Inputs(
        detector_flags,
        confidence,
        action,
        [frozenset(a.split("|")) for a in frame["reference_acceptable"]],
        frame["escalation_required"].to_numpy(bool),
        (frame["task_class"].to_numpy(object) if "task_class" in frame else None),
    )


def fit_run(frame: pd.DataFrame, flags: dict[str, tuple[bool, bool, bool]],
            costs: CostMatrix | ClassCosts = PRIMARY, ablation: str = "full") -> Fit:  # fmt: skip
    """Fit on the dev rows of one run's results, maximizing utility under ``costs``.

    Pass the run's declared costs (:func:`carebench.metrics.costs.declared_costs`).

    Raises:
        CarebenchError: the run has no dev rows.
    """
    dev = frame[frame["split"] == "dev"]
    if dev.empty:
        raise CarebenchError(
            "the controller is fitted on the dev split, and this run has no dev results"
        )
    return fit(inputs_from_frame(dev, flags), costs, ablation)


def apply_fit(
    frame: pd.DataFrame, flags: dict[str, tuple[bool, bool, bool]], fitted: Fit
) -> pd.DataFrame:
    """The rows with the controller's final action, correctness and escalation."""
    inputs = inputs_from_frame(frame, flags)
    final = decide(inputs, fitted.weights, fitted.tau_low, fitted.tau_high)
    correct, escalated = outcomes(inputs, final)
    out = frame.copy()
    out["action"] = final
    out["correct"] = correct
    out["escalated"] = escalated
    out["valid"] = [a is not None for a in final]
    return out


def controller_summary(
    rows: pd.DataFrame, costs: CostMatrix | ClassCosts = PRIMARY
) -> dict[str, float]:
    """Utility under ``costs``, the missed-escalation rate and accuracy (point estimates).

    Utility is NaN for no rows.
    """
    req = rows["escalation_required"].to_numpy(bool)
    esc = rows["escalated"].to_numpy(bool)
    c = confusion(req, esc)
    per_row = row_utility(
        req, esc, costs, rows["task_class"].to_numpy(object) if "task_class" in rows else None
    )
    return {
        "n": len(rows),
        "utility": float(per_row.mean()) if len(rows) else float("nan"),
        "missed_rate": missed_escalation_rate(c),
        "accuracy": float(rows["correct"].mean()) if len(rows) else float("nan"),
    }


def ablations(
    frame: pd.DataFrame,
    flags: dict[str, tuple[bool, bool, bool]],
    costs: CostMatrix | ClassCosts = PRIMARY,
    full: Fit | None = None,
) -> list[dict[str, Any]]:
    """Full, workflow-only and confidence-only controllers: fit on dev, score on test.

    A fourth row, ``silent``, applies the full fit to the test rows with C = M = H = 0: the
    deployment case in which every cue is worded in a way the detectors miss (the held-out stress
    set's paraphrases, which both families almost never catch). ``full``: the full fit of these
    rows, flags and costs when the caller already has it (:func:`fit_run`), so it is not refitted.
    """
    test = frame[frame["split"] == "test"]
    fits = {
        ablation: full if ablation == "full" and full is not None
        else fit_run(frame, flags, costs, ablation)
        for ablation in ABLATIONS
    }  # fmt: skip
    silent = dict.fromkeys(flags, (False, False, False))
    cases = [(a, fits[a], flags) for a in ABLATIONS] + [("silent", fits["full"], silent)]
    return [
        {
            "ablation": name,
            "fit": fitted.as_dict(),
            **controller_summary(apply_fit(test, f, fitted), costs),
        }
        for name, fitted, f in cases
    ]


def transfer(
    frame: pd.DataFrame,
    flags: dict[str, tuple[bool, bool, bool]],
    costs: CostMatrix | ClassCosts = PRIMARY,
) -> list[dict[str, Any]]:
    """Leave-one-task-class-out: fit on the dev rows of three classes, score the fourth's test rows."""
    out = []
    for held_out in TaskClass:
        train = frame[frame["task_class"] != held_out.value]
        test = frame[(frame["task_class"] == held_out.value) & (frame["split"] == "test")]
        if test.empty or train[train["split"] == "dev"].empty:
            continue
        fitted = fit_run(train, flags, costs)
        out.append(
            {
                "held_out": held_out.value,
                "fit": fitted.as_dict(),
                **controller_summary(apply_fit(test, flags, fitted), costs),
            }
        )
    return out
