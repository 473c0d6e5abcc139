"""The report: tables, figures, machine-readable metrics and the episode viewer."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from carebench.errors import CarebenchError
from carebench.report.analysis import Settings, analyze, compare_runs
from carebench.report.comparison import Comparison, compare
from carebench.report.writer import ReportResult, write_report

__all__ = [
    "Comparison",
    "ReportResult",
    "Settings",
    "analyze",
    "build_report",
    "compare",
    "compare_runs",
    "write_report",
]


def build_report(
    workspace: str | Path,
    runs: Sequence[str] | None = None,
    out_dir: str | Path = "carebench-out/report",
    split: str = "test",
    settings: Settings | None = None,
    *,
    bank: Sequence[str | Path] | None = None,
) -> ReportResult:
    """Load runs from a workspace, keep one split (or ``all``) and write the report.

    Args:
        workspace: the workspace folder or store file.
        runs: run ids, unique prefixes or labels; every run when omitted.
        out_dir: the report folder (created if needed).
        split: ``test`` (default), ``dev`` or ``all``.
        settings: bootstrap and binning settings.
        bank: seed files or folders of the runs' bank when it is no longer where it was
            (each run's own bank, recorded in the store, is used otherwise).
    """
    from carebench.runs.results import cache_dir, load_runs, store_path

    loaded = load_runs(workspace, runs, bank=bank)
    all_splits = loaded.frame
    frame = all_splits if split == "all" else all_splits[all_splits["split"] == split]
    if frame.empty:
        raise CarebenchError(
            f"no {split}-split results in {store_path(workspace)}; run agents on it first "
            "(carebench run --split ...) or choose --split"
        )
    manifests = {str(r): loaded.manifests[str(r)] for r in all_splits["run_id"].unique()}
    return write_report(
        frame, manifests, loaded.banks, out_dir, settings, all_splits, cache_dir(workspace)
    )
