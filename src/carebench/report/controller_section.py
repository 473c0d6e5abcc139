"""The report's controller section.

Detector quality, the stress audit, and per run the fitted controllers (every detector family)
next to the baseline, with ablations and transfer.

Fits use each run's dev rows only; all scores are on its test rows. Detector flags and detector
quality come from the bank each run was made on (recorded in its manifest), never from a default.
Every fit maximizes, and every utility uses, the run's own declared costs (per task class under an
analysis plan; :func:`carebench.metrics.costs.declared_costs`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from functools import partial
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from carebench.controller.detectors import BUILT_IN, bank_flags, families, quality
from carebench.controller.detectors import Flags as DetectorFlags
from carebench.controller.evaluate import (
    ablation_rows,
    applied,
    frame_inputs,
    transfer_rows,
    with_flags,
)
from carebench.controller.risk import fit_ablations
from carebench.controller.stress import STRESS_SETS, audit_dict
from carebench.derived import cached_json, frame_digest, key
from carebench.episodes.schema import Episode
from carebench.metrics.costs import PRIMARY as _PRIMARY
from carebench.metrics.costs import ROBUSTNESS as _ROBUSTNESS
from carebench.metrics.costs import ClassCosts, uniform
from carebench.protocol.levels import EvidenceLevel
from carebench.report.analysis import SeedSums, Settings, escalation_intervals

if TYPE_CHECKING:
    import pandas as pd

METRICS = ("sensitivity", "specificity", "missed_rate", "utility", "utility_robustness", "accuracy")
_REFERENCE = (uniform(_PRIMARY), uniform(_ROBUSTNESS))


class _TestRows:
    """A run's test rows for the section's intervals: their seeds, labels and task classes."""

    def __init__(self, rows: pd.DataFrame, settings: Settings) -> None:
        import pandas as pd

        keep = [c for c in ("seed_id", "escalation_required", "task_class") if c in rows]
        self.frame = pd.DataFrame({c: rows[c].to_numpy(bool if c == "escalation_required"
                                                       else object) for c in keep})  # fmt: skip
        self.sums = SeedSums(self.frame, settings)

    def intervals(
        self,
        correct: npt.NDArray[np.bool_],
        escalated: npt.NDArray[np.bool_],
        costs: tuple[ClassCosts, ClassCosts],
    ) -> dict[str, Any]:
        """The section's metrics with their intervals, for the rows' outcomes under one agent."""
        frame = self.frame.assign(escalated=escalated)
        out = escalation_intervals(
            frame, self.sums, [("utility", costs[0]), ("utility_robustness", costs[1])]
        )
        out["accuracy"] = self.sums.ratio(correct, np.ones(len(frame), bool))
        return {m: out[m].as_dict() for m in METRICS}


#: The results columns the section reads (the rest is dropped before any row is selected).
COLUMNS = ("run_id", "label", "split", "bank_sha256", "episode_id", "seed_id", "task_class",
           "valid", "confidence", "action", "reference_acceptable", "escalation_required",
           "escalated", "correct")  # fmt: skip

Flags = dict[str, tuple[bool, bool, bool]]


def controller_analysis(
    frame: pd.DataFrame,
    banks: Mapping[str, Sequence[Episode]],
    settings: Settings,
    bank_paths: Mapping[str, Sequence[str] | None] | None = None,
    costs: Mapping[str, tuple[ClassCosts, ClassCosts]] | None = None,
    cache_dir: Path | None = None,
) -> dict[str, Any]:
    """Everything the controller section shows, from results of all splits.

    Args:
        frame: results of every split (with ``bank_sha256`` and display ``label`` columns).
        banks: bank SHA-256 -> episodes, for every bank the runs were made on; each run's
            detector flags and the detector quality come from its own bank.
        settings: bootstrap settings.
        bank_paths: bank SHA-256 -> the seed paths it was read from (None: packaged), for display.
        costs: run id -> its declared (primary, robustness) costs; 5:1 and 10:1 for every class
            where a run is missing.
        cache_dir: where the detector flags, detector quality, stress audit and each run's fits
            are kept between reports (:mod:`carebench.derived`, keyed by everything they are
            computed from: the run's rows, the flags, its costs and the settings).
    """
    frame = frame[[c for c in COLUMNS if c in frame.columns]]
    section: dict[str, Any] = {
        "evidence_level": EvidenceLevel.AGENT.value,
        "detector_quality": [],
        "stress_audit": {},
        "runs": [],
        "skipped": [],
    }
    names = families()  # built-ins and installed plugins alike
    flags_of: dict[tuple[str, str], Flags] = {}
    splits_of: dict[str, set[str]] = {}
    for sha in dict.fromkeys(frame["bank_sha256"]):
        bank = list(banks[sha])
        splits_of[sha] = {e.split.value for e in bank}
        per_family = {}
        for family in names:
            bank_flags_ = bank_flags(bank, family, cache_dir)
            flags_of[(sha, family)] = {
                e.episode_id: f for e, f in zip(bank, bank_flags_, strict=True)
            }
            per_family[family] = _detector_quality(
                bank, bank_flags_, splits_of[sha], settings, cache_dir
            )
        paths = (bank_paths or {}).get(sha)
        section["detector_quality"].append(
            {"bank_sha256": sha, "bank_paths": paths, "families": per_family}
        )
    for family in names:
        entry = key("controller", "stress-audit", family, _stress_sets())
        section["stress_audit"][family] = cached_json(
            cache_dir if family in BUILT_IN else None, "stress", entry, partial(audit_dict, family)
        )
    heldout = [
        r["paraphrase_recall"]
        for rows in section["stress_audit"].values()
        for r in rows
        if r["stress_set"] == "heldout"
    ]
    section["heldout_paraphrase_recall"] = [min(heldout), max(heldout)]
    no_dev: dict[str, list[str]] = {}
    for run_id, rows in frame.groupby("run_id", sort=False):
        label = str(rows["label"].iloc[0])
        sha = str(rows["bank_sha256"].iloc[0])
        if "dev" not in splits_of[sha]:
            no_dev.setdefault(sha, []).append(label)
            continue
        if not (rows["split"] == "test").any() or not (rows["split"] == "dev").any():
            section["skipped"].append(f"{label}: needs dev rows to fit and test rows to score")
            continue
        declared = (costs or {}).get(str(run_id), _REFERENCE)
        flags = {family: flags_of[(sha, family)] for family in names}
        parts = (frame_digest(rows), flags, [c.as_json() for c in declared], asdict(settings))
        compute = partial(_run_entry, str(run_id), label, rows, flags, declared, settings)
        section["runs"].append(
            cached_json(cache_dir, "ctlrun", key("report", "controller-run", *parts), compute)
        )
    for sha, labels in no_dev.items():
        paths = (bank_paths or {}).get(sha)
        where = ", ".join(paths) if paths else "the packaged scenarios"
        section["skipped"].append(
            f"the runs on bank {where} ({sha[:12]}: {', '.join(labels)}): the bank has no dev "
            "split, so no controller can be fitted on it"
        )
    return section


def _stress_sets() -> list[str]:
    """The stress sets' text (packaged data outside the code the cache key covers)."""
    folder = files("carebench") / "scenarios" / "stress"
    return [(folder / name).read_text("utf-8") for name in sorted(STRESS_SETS.values())]


def _detector_quality(
    bank: Sequence[Episode],
    flags: Sequence[tuple[bool, bool, bool]],
    splits: set[str],
    settings: Settings,
    cache_dir: Path | None,
) -> list[dict[str, Any]]:
    """Precision and recall of C, M and H per split the bank has (and overall), cached."""

    def compute() -> list[dict[str, Any]]:
        typed = [DetectorFlags(*f) for f in flags]
        rows = quality(bank, typed, settings.b, settings.rng_seed, settings.level)
        # a split the bank does not have has no rows to measure: no row of dashes for it
        return [q.as_dict() for q in rows if q.split in splits or q.split == "all"]

    parts = [(e.seed_id, e.split.value, e.variant.value, e.escalation_required) for e in bank]
    entry = key("report", "detector-quality", parts, list(flags), sorted(splits), asdict(settings))
    return cached_json(cache_dir, "dquality", entry, compute)


def _run_entry(
    run_id: str,
    label: str,
    rows: pd.DataFrame,
    flags_by_family: Mapping[str, Flags],
    declared: tuple[ClassCosts, ClassCosts],
    settings: Settings,
) -> dict[str, Any]:
    """One run's baseline, fitted controllers, ablations and transfer (fit on dev, scored on test).

    The rows become arrays once (:func:`~carebench.controller.evaluate.frame_inputs`); every fit,
    split and held-out class is a selection of them.
    """
    split = rows["split"].to_numpy(object)
    test = split == "test"
    scoring = _TestRows(rows[test], settings)
    entry: dict[str, Any] = {
        "run_id": run_id,
        "label": label,
        "costs_text": declared[0].describe(),
        "baseline": scoring.intervals(
            rows["correct"].to_numpy(bool)[test], rows["escalated"].to_numpy(bool)[test], declared
        ),
    }
    entry["controller"], entry["ablations"], entry["transfer"] = {}, {}, {}
    base = frame_inputs(rows)
    episode_ids = rows["episode_id"].to_numpy(object)
    for family, flags in flags_by_family.items():
        inputs = with_flags(base, episode_ids, flags)
        fits = fit_ablations(inputs.take(split == "dev"), declared[0])
        test_inputs = inputs.take(test)
        entry["controller"][family] = {
            "fit": fits["full"].as_dict(),
            "test": scoring.intervals(*applied(test_inputs, fits["full"]), declared),
        }
        entry["ablations"][family] = ablation_rows(test_inputs, fits, declared[0])
        entry["transfer"][family] = transfer_rows(inputs, split, declared[0])
    return entry
