"""The report: tables, figures, machine-readable metrics and the episode viewer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from carebench.errors import CarebenchError
from carebench.report.analysis import Settings, analyze, compare_runs
from carebench.report.comparison import Comparison, compare
from carebench.report.result import ReportResult
from carebench.report.writer import write_report

if TYPE_CHECKING:
    import pandas as pd

    from carebench.runs.config import RunManifest

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


def _left_out(
    manifests: Mapping[str, RunManifest], all_splits: pd.DataFrame, frame: pd.DataFrame
) -> dict[str, list[str]]:
    """Each run of ``manifests`` with no row in ``frame``, and the splits it has results in."""
    shown = set(frame["run_id"])
    return {
        str(r): sorted(set(all_splits.loc[all_splits["run_id"] == r, "split"]))
        for r in manifests
        if r not in shown
    }


def _refuse_absent(
    manifests: Mapping[str, RunManifest], all_splits: pd.DataFrame, frame: pd.DataFrame, split: str
) -> None:
    """Refuse a report that would leave out a named run with no results in ``split``.

    Raises:
        CarebenchError: names each such run and the splits it has results in.
    """
    has = _left_out(manifests, all_splits, frame)
    if not has:
        return
    names = "; ".join(
        f"{manifests[r].label} ({r}): {'only ' + ', '.join(splits) if splits else 'no results'}"
        for r, splits in has.items()
    )
    raise CarebenchError(
        f"no {split}-split results for the named run(s) {names}; choose --split or leave them out"
    )


def build_report(
    workspace: str | Path,
    runs: Sequence[str] | None = None,
    out_dir: str | Path = "carebench-out/report",
    split: str = "test",
    settings: Settings | None = None,
    *,
    bank: Sequence[str | Path] | None = None,
    plan: str | None = None,
    claim_judge: str | None = None,
    claim_judge_options: dict[str, str] | None = None,
) -> ReportResult:
    """Load runs from a workspace, keep one split (or ``all``) and write the report.

    Args:
        workspace: the workspace folder or store file.
        runs: run ids, unique prefixes or labels; every run when omitted.
        out_dir: the report folder (created if needed).
        split: ``test`` (default), ``dev`` or ``all``.
        settings: bootstrap and binning settings.
        bank: seed files or folders to read the runs' bank from instead of the copy of each
            run's bank the store keeps (see :func:`carebench.runs.results.load_runs`).
        plan: the registered analysis plan to report under (name, ``NAME@vN`` or its file);
            by default the plan every reported run was made under (its latest version), else
            none, and the report is labelled exploratory.
        claim_judge: a model judge of claim support for the work-product scores, as
            ``NAME[:MODEL][@BASE_URL]`` (:mod:`carebench.protocol.claim_judge`); the report names
            it. Default: the deterministic rules.
        claim_judge_options: the judge's backend options.

    When the workspace holds interruption studies, the report gets their section (and
    ``interruptions.html`` with the transcripts); a workspace with studies and no runs gets a
    report of the studies alone.

    Raises:
        CarebenchError: no results in the split, or ``plan`` is not registered.
    """
    from carebench.episodes.cache import derived_cache_dir
    from carebench.protocol.levels import EvidenceLevel, check_user_text
    from carebench.protocol.planned import report_plan
    from carebench.protocol.registry import PlanRegistry
    from carebench.report.interruption_section import load_section, study_only_report
    from carebench.runs.results import cache_dir, load_runs, store_path
    from carebench.runs.store import RunStore

    out = Path(out_dir)
    loaded = load_runs(workspace, runs, bank=bank)
    all_splits = loaded.frame
    if all_splits.empty and not runs and not loaded.manifests:
        section = load_section(workspace, out)
        if section is not None:
            return study_only_report(section, out)
    frame = all_splits if split == "all" else all_splits[all_splits["split"] == split]
    if runs:  # a run named on the command line is reported or refused, never left out silently
        _refuse_absent(loaded.manifests, all_splits, frame, split)
    if frame.empty:
        raise CarebenchError(
            f"no {split}-split results in {store_path(workspace)}; run agents on it first "
            "(carebench run --split ...) or choose --split"
        )
    manifests = {str(r): loaded.manifests[str(r)] for r in all_splits["run_id"].unique()}
    with RunStore(store_path(workspace)) as store:
        registry = PlanRegistry(store)
        registered = registry.plans()
        asked = registry.resolve(plan) if plan is not None else None
    latest = {p.name: p for p in registered}  # ordered by version: the last one wins
    reported = {r: m.stored() for r, m in manifests.items() if r in set(frame["run_id"])}
    chosen = report_plan(asked, reported, latest)
    user_text = {f"run label ({r})": m.label for r, m in manifests.items()}
    user_text |= {f"model name ({r})": m.backend.model or "" for r, m in manifests.items()}
    if chosen is not None:
        user_text["plan name"] = chosen.name
    check_user_text(user_text, EvidenceLevel.AGENT)
    versions = {p.sha256: p for p in registered}
    # derived data keyed by its inputs (carebench.derived): a new workspace on a known bank
    # skips the bank's work (keyword-floor fits, detector flags), a re-report all of it
    cache = derived_cache_dir() or cache_dir(workspace)
    section = load_section(workspace, out)
    judge = None
    if claim_judge is not None:
        from carebench.protocol.claim_judge import ClaimJudge

        judge = ClaimJudge(claim_judge, claim_judge_options)
    result = write_report(
        frame,
        manifests,
        loaded.banks,
        out,
        settings,
        all_splits,
        cache,
        chosen,
        versions,
        interruptions=section,
        claim_judge=judge,
        unresumable=loaded.unresumable,
    )
    elsewhere = _elsewhere(manifests, all_splits, frame, split)
    return replace(result, summary=f"{elsewhere}\n\n{result.summary}") if elsewhere else result


def _elsewhere(
    manifests: Mapping[str, RunManifest], all_splits: pd.DataFrame, frame: pd.DataFrame, split: str
) -> str:
    """A note naming the stored runs this split leaves out (the demo's model runs on dev only)."""
    has = _left_out(manifests, all_splits, frame)
    if not has:
        return ""
    named = "; ".join(
        f"{manifests[r].label} ({r}: {', '.join(splits)})" for r, splits in sorted(has.items())
    )
    return (
        f"Note: this {split}-split report leaves out run(s) with no {split}-split results: "
        f"{named}. Report them with --split."
    )
