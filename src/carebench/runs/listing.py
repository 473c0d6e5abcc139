"""What a workspace holds: one line per stored run, and a short summary of a run's results."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carebench.runs.config import RunManifest
from carebench.runs.labels import display_labels
from carebench.runs.results import open_store

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class RunInfo:
    """One stored run: its id, display label (unique in the workspace), split and record counts."""

    run_id: str
    label: str
    split: str
    ok: int
    invalid: int
    error: int
    started_at: str
    manifest: RunManifest = field(repr=False)

    def __str__(self) -> str:
        """One line: id, label, split and record counts (as ``carebench runs list``)."""
        return (
            f"{self.run_id}  {self.label}  split {self.split}: {self.ok} ok, {self.invalid} "
            f"invalid, {self.error} error"
        )

    @property
    def note(self) -> str:
        """:func:`incomplete_note` for this run ('' when every planned record is stored)."""
        return incomplete_note(self.ok + self.invalid + self.error, self.manifest.planned_records)


def incomplete_note(stored: int, expected: int | None) -> str:
    """The warning shown next to a run with fewer records than it planned ('' when complete).

    ``stored`` counts the run's records on every split (errors included: they are retried on
    resume, not missing); ``expected`` is its manifest's episodes times samples (None: a manifest
    from before it was recorded, never flagged).
    """
    if expected is None or stored >= expected:
        return ""
    return (
        f"⚠ incomplete: {stored} of {expected} records stored (an interrupted run; run the same "
        "command again to resume it)"
    )


def list_runs(workspace: str | Path = "carebench-out") -> list[RunInfo]:
    """Every run of a workspace, oldest first.

    Raises:
        CarebenchError: there is no run store in the workspace.
    """
    with open_store(workspace) as store:
        rows = store.runs()
    labels = display_labels({r.run_id: r.manifest.stored() for r in rows})
    return [
        RunInfo(
            r.run_id,
            labels[r.run_id],
            str(r.manifest.split),
            r.ok,
            r.invalid,
            r.error,
            str(r.manifest.started_at),
            r.manifest,
        )
        for r in rows
    ]


def results_summary(frame: pd.DataFrame) -> dict[str, Any]:
    """Record counts by status, decision accuracy and escalations on escalation-required rows.

    Accuracy is NaN for no rows; invalid outputs and errors count as incorrect (docs/methods.md).
    """
    required = frame["escalation_required"].astype(bool)
    return {
        "records": len(frame),
        "valid": int(frame["valid"].sum()),
        "invalid": int((frame["status"] == "invalid").sum()),
        "errors": int((frame["status"] == "error").sum()),
        "accuracy": float(frame["correct"].mean()) if len(frame) else float("nan"),
        "escalated_when_required": int(frame.loc[required, "escalated"].sum()),
        "escalation_required": int(required.sum()),
    }
