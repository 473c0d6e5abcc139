"""The report: tables, figures, machine-readable metrics and the episode viewer."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from carebench.errors import CarebenchError
from carebench.report.analysis import Settings, analyze, compare_runs
from carebench.report.writer import ReportResult, write_report

__all__ = ["ReportResult", "Settings", "analyze", "build_report", "compare_runs", "write_report"]


def build_report(
    workspace: str | Path,
    runs: Sequence[str] | None,
    out_dir: str | Path,
    split: str = "test",
    settings: Settings | None = None,
) -> ReportResult:
    """Load the runs from a workspace, keep one split (or ``all``) and write the report."""
    from carebench.episodes.bank import load_bank
    from carebench.runs.results import load_results, store_path
    from carebench.runs.store import RunStore

    all_splits = load_results(workspace, runs)
    frame = all_splits if split == "all" else all_splits[all_splits["split"] == split]
    if frame.empty:
        raise CarebenchError(
            f"no {split}-split results in {store_path(workspace)}; run agents on it first "
            "(carebench run --split ...) or choose --split"
        )
    with RunStore(store_path(workspace)) as store:
        manifests: dict[str, dict[str, Any]] = {
            run_id: store.manifest(run_id) or {} for run_id in frame["run_id"].unique()
        }
    episodes = {}
    # one load per distinct bank, not per run: runs of one workspace nearly always share it
    for paths in {tuple(m.get("bank_paths") or ()) or None for m in manifests.values()}:
        episodes.update({e.episode_id: e for e in load_bank(paths)})
    return write_report(frame, manifests, episodes, out_dir, settings, all_splits)
