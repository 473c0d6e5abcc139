"""What a workspace holds: one line per stored run, and a short summary of a run's results."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carebench.runs.config import RunManifest
from carebench.runs.results import open_store, workspace_labels
from carebench.runs.resume import unresumable_runs
from carebench.runs.store import DamagedRun

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

    unresumable: str | None = None
    """Why the command that made the run can no longer resume it
    (:func:`~carebench.runs.resume.unresumable`)."""

    @property
    def note(self) -> str:
        """:func:`incomplete_note` for this run ('' when every planned record is stored)."""
        stored = self.ok + self.invalid + self.error
        return incomplete_note(stored, self.manifest.planned_records, self.unresumable)


def incomplete_note(stored: int, expected: int | None, unresumable: str | None = None) -> str:
    """The warning shown next to a run with fewer records than it planned ('' when complete).

    ``stored`` counts the run's records on every split (errors included: they are retried on
    resume, not missing); ``expected`` is its manifest's episodes times samples (None: a manifest
    from before it was recorded, never flagged); ``unresumable`` says why the same command would
    no longer resume it (None: it would).
    """
    if expected is None or stored >= expected:
        return ""
    if unresumable:
        return f"⚠ incomplete: {stored} of {expected} records stored; it cannot be resumed: {unresumable}"
    return (
        f"⚠ incomplete: {stored} of {expected} records stored (an interrupted run; run the same "
        "command again to resume it)"
    )


def list_runs(workspace: str | Path = "carebench-out") -> list[RunInfo]:
    """Every run of a workspace, oldest first.

    Raises:
        CarebenchError: there is no run store in the workspace, or a stored manifest cannot be
            read (:func:`workspace_runs` lists the others).
    """
    rows, damaged = workspace_runs(workspace)
    if damaged:
        raise damaged[0].error
    return rows


def workspace_runs(
    workspace: str | Path = "carebench-out",
) -> tuple[list[RunInfo], list[DamagedRun]]:
    """The runs of a workspace whose manifests can be read (oldest first), and those whose cannot.

    Display labels are those of :func:`~carebench.runs.results.workspace_labels` (a damaged run's
    is its stored label with its id); a store lists its runs in the order they were made.

    Raises:
        CarebenchError: there is no run store in the workspace.
    """
    with open_store(workspace) as store:
        rows, damaged = store.readable_runs()
    labels = workspace_labels(rows, damaged)
    why = unresumable_runs([r.manifest for r in rows])
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
            why.get(r.run_id),
        )
        for r in rows
    ], [replace(d, label=labels[d.run_id]) for d in damaged]


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
