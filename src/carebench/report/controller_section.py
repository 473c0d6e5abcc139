"""The report's controller section.

Detector quality, the stress audit, and per run the fitted controllers (both detector families)
next to the baseline, with ablations and transfer.

Fits use each run's dev rows only; all scores are on its test rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from carebench.controller.detectors import FAMILIES, detect_episode, quality
from carebench.controller.evaluate import ablations, apply_fit, episode_flags, fit_run, transfer
from carebench.controller.stress import audit_dict
from carebench.episodes.bank import load_bank
from carebench.metrics.costs import PRIMARY, ROBUSTNESS
from carebench.report.analysis import SeedSums, Settings, escalation_intervals

if TYPE_CHECKING:
    import pandas as pd

METRICS = ("sensitivity", "specificity", "missed_rate", "utility_5to1", "utility_10to1", "accuracy")


def _intervals(rows: pd.DataFrame, settings: Settings) -> dict[str, Any]:
    sums = SeedSums(rows, settings)
    correct = rows["correct"].to_numpy(bool)
    out = escalation_intervals(
        rows, sums, [("utility_5to1", PRIMARY), ("utility_10to1", ROBUSTNESS)]
    )
    out["accuracy"] = sums.ratio(correct, np.ones(len(rows), bool))
    return {m: out[m].as_dict() for m in METRICS}


def controller_analysis(frame: pd.DataFrame, settings: Settings) -> dict[str, Any]:
    """Everything the controller section shows, from results of all splits."""
    bank = load_bank()
    section: dict[str, Any] = {
        "detector_quality": {},
        "stress_audit": {},
        "runs": [],
        "skipped": [],
    }
    for family in FAMILIES:
        bank_flags = [detect_episode(e, family) for e in bank]
        section["detector_quality"][family] = [
            q.as_dict()
            for q in quality(bank, bank_flags, settings.b, settings.rng_seed, settings.level)
        ]
        section["stress_audit"][family] = audit_dict(family)
    heldout = [
        r["paraphrase_recall"]
        for rows in section["stress_audit"].values()
        for r in rows
        if r["stress_set"] == "heldout"
    ]
    section["heldout_paraphrase_recall"] = [min(heldout), max(heldout)]
    for run_id, rows in frame.groupby("run_id", sort=False):
        label = str(rows["label"].iloc[0])
        test = rows[rows["split"] == "test"]
        if test.empty or not (rows["split"] == "dev").any():
            section["skipped"].append(f"{label}: needs dev rows to fit and test rows to score")
            continue
        entry: dict[str, Any] = {
            "run_id": run_id,
            "label": label,
            "baseline": _intervals(test, settings),
        }
        entry["controller"], entry["ablations"], entry["transfer"] = {}, {}, {}
        for family in FAMILIES:
            flags = episode_flags(None, family)
            fitted = fit_run(rows, flags)
            entry["controller"][family] = {
                "fit": fitted.as_dict(),
                "test": _intervals(apply_fit(test, flags, fitted), settings),
            }
            entry["ablations"][family] = ablations(rows, flags)
            entry["transfer"][family] = transfer(rows, flags)
        section["runs"].append(entry)
    return section
