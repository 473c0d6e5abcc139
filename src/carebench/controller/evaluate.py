"""Fitting the controller on a run's dev rows and evaluating it on its test rows.

Everything here starts from the results table (:func:`carebench.runs.results.load_results`) and
the episode bank the run was made on (:func:`carebench.runs.banks.run_bank`). The fit sees dev rows only; the test rows are touched only to apply a fitted
controller and score it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from carebench.controller.detectors import detect_episode
from carebench.controller.risk import (
    ABLATIONS,
    BoolArray,
    Fit,
    Inputs,
    decide,
    fit,
    fit_ablations,
    outcomes,
)
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
    return with_flags(frame_inputs(frame), frame["episode_id"].to_numpy(object), flags)


def frame_inputs(frame: pd.DataFrame) -> Inputs:
    """Controller inputs for the rows of a results table, every detector flag 0.

    Build them once per run and give each detector family its flags with :func:`with_flags`.
    """
    valid = frame["valid"].to_numpy(bool)
    confidence = np.where(valid, frame["confidence"].to_numpy(float), np.nan)
    action = frame["action"].to_numpy(object).copy()
    action[~valid] = None
    return Inputs(
        np.zeros((len(frame), 3)),
        confidence,
        action,
        [frozenset(a.split("|")) for a in frame["reference_acceptable"].to_numpy(object)],
        frame["escalation_required"].to_numpy(bool),
        (frame["task_class"].to_numpy(object) if "task_class" in frame else None),
    )


def with_flags(
    inputs: Inputs, episode_ids: Iterable[str], flags: dict[str, tuple[bool, bool, bool]]
) -> Inputs:
    """The same inputs with the detector flags of each row's episode (``episode_ids``, per row).

    Raises:
        CarebenchError: an episode has no flags.
    """
    try:
        detector_flags = np.array([flags[e] for e in episode_ids], dtype=float).reshape(-1, 3)
    except KeyError as exc:
        raise CarebenchError(f"no detector flags for episode {exc.args[0]}") from exc
    return replace(inputs, flags=detector_flags)


def _dev(inputs: Inputs, split: npt.NDArray[np.object_]) -> Inputs:
    """The dev rows' inputs.

    Raises:
        CarebenchError: there are none.
    """
    dev = split == "dev"
    if not dev.any():
        raise CarebenchError(
            "the controller is fitted on the dev split, and this run has no dev results"
        )
    return inputs.take(dev)


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


def applied(inputs: Inputs, fitted: Fit) -> tuple[BoolArray, BoolArray]:
    """(correct, escalated) of each row under a fitted controller (:func:`apply_fit` on arrays)."""
    correct, escalated = outcomes(
        inputs, decide(inputs, fitted.weights, fitted.tau_low, fitted.tau_high)
    )
    return correct.astype(bool), escalated.astype(bool)


def controller_summary(
    rows: pd.DataFrame, costs: CostMatrix | ClassCosts = PRIMARY
) -> dict[str, float]:
    """Utility under ``costs``, the missed-escalation rate and accuracy (point estimates).

    Utility is NaN for no rows.
    """
    return summary(
        rows["escalation_required"].to_numpy(bool),
        rows["escalated"].to_numpy(bool),
        rows["correct"].to_numpy(bool),
        rows["task_class"].to_numpy(object) if "task_class" in rows else None,
        costs,
    )


def summary(
    required: BoolArray,
    escalated: BoolArray,
    correct: BoolArray,
    task_class: npt.NDArray[np.object_] | None,
    costs: CostMatrix | ClassCosts = PRIMARY,
) -> dict[str, float]:
    """:func:`controller_summary` of rows given as arrays."""
    c = confusion(required, escalated)
    per_row = row_utility(required, escalated, costs, task_class)
    n = len(required)
    return {
        "n": n,
        "utility": float(per_row.mean()) if n else float("nan"),
        "missed_rate": missed_escalation_rate(c),
        "accuracy": float(correct.mean()) if n else float("nan"),
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
    inputs = inputs_from_frame(frame, flags)
    split = frame["split"].to_numpy(object)
    dev = _dev(inputs, split)
    if full is None:
        fits = fit_ablations(dev, costs)
    else:
        fits = {a: full if a == "full" else fit(dev, costs, a) for a in ABLATIONS}
    return ablation_rows(inputs.take(split == "test"), fits, costs)


def ablation_rows(
    test: Inputs, fits: Mapping[str, Fit], costs: CostMatrix | ClassCosts = PRIMARY
) -> list[dict[str, Any]]:
    """:func:`ablations` from the test rows' inputs and the fits (:func:`~.risk.fit_ablations`)."""
    silent = replace(test, flags=np.zeros_like(test.flags))
    cases = [(a, fits[a], test) for a in ABLATIONS] + [("silent", fits["full"], silent)]
    return [
        {
            "ablation": name,
            "fit": fitted.as_dict(),
            **_scored(rows, fitted, costs),
        }
        for name, fitted, rows in cases
    ]


def _scored(rows: Inputs, fitted: Fit, costs: CostMatrix | ClassCosts) -> dict[str, float]:
    """:func:`summary` of rows under a fitted controller."""
    correct, escalated = applied(rows, fitted)
    return summary(rows.required, escalated, correct, rows.task_class, costs)


def transfer(
    frame: pd.DataFrame,
    flags: dict[str, tuple[bool, bool, bool]],
    costs: CostMatrix | ClassCosts = PRIMARY,
) -> list[dict[str, Any]]:
    """Leave-one-task-class-out: fit on the dev rows of three classes, score the fourth's test rows."""
    return transfer_rows(inputs_from_frame(frame, flags), frame["split"].to_numpy(object), costs)


def transfer_rows(
    inputs: Inputs, split: npt.NDArray[np.object_], costs: CostMatrix | ClassCosts = PRIMARY
) -> list[dict[str, Any]]:
    """:func:`transfer` from one run's inputs (every split) and each row's split."""
    if inputs.task_class is None:
        raise CarebenchError("transfer needs each row's task class")
    out = []
    for held_out in TaskClass:
        in_class = inputs.task_class == held_out.value
        test, train = in_class & (split == "test"), ~in_class & (split == "dev")
        if not test.any() or not train.any():
            continue
        fitted = fit(inputs.take(train), costs)
        scored = _scored(inputs.take(test), fitted, costs)
        out.append({"held_out": held_out.value, "fit": fitted.as_dict(), **scored})
    return out
