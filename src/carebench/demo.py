"""The main job (``carebench demo``) as one library call, on embedded defaults.

It builds the episode bank into ``<out>/episodes``, runs four scripted baselines on every split
and the embedded SmolLM2-135M under both prompt conditions on ``split`` (dev by default: 80
episodes each, a few minutes on 2 CPU cores), and writes the full report (index.html,
viewer.html, metrics.json, CSVs, figures) into ``<out>/report``. Everything is stored in
``<out>/carebench.db``, so re-running resumes and takes seconds. No API key, no network. The bank
is validated once (through the user's validated-bank cache, which every run then reads).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from carebench.agents.config import BackendConfig, SamplingParams
from carebench.agents.prompts import Condition
from carebench.episodes.bank import BuildResult, write_bank
from carebench.episodes.cache import load_bank_cached, user_cache_dir
from carebench.runs.config import RunConfig, Selection
from carebench.runs.execute import run_agent
from carebench.runs.runner import RunSummary
from carebench.runs.store import Record

if TYPE_CHECKING:
    from carebench.report import ReportResult

BASELINES = ("oracle", "always-escalate", "always-answer", "rule")


def demo_configs(
    split: Selection = "dev", model: str | None = None, max_tokens: int = 128
) -> list[RunConfig]:
    """The runs of the demo: scripted baselines, then the embedded model under both conditions."""
    # baselines are instant, so they run on every split: the report's controller section fits
    # them on dev and scores them on test
    configs = [
        RunConfig(backend=BackendConfig(name="scripted", model=p), split="all") for p in BASELINES
    ]
    configs += [
        RunConfig(
            backend=BackendConfig(name="embedded", model=model),
            condition=condition,
            split=split,
            sampling=SamplingParams(max_tokens=max_tokens),
        )
        for condition in Condition
    ]
    return configs


@dataclass(frozen=True)
class DemoResult:
    """What the main job wrote: the bank build, the runs and the report."""

    bank: BuildResult
    runs: list[RunSummary]
    report: ReportResult


def run_demo(
    out_dir: str | Path = "carebench-out",
    *,
    split: Selection = "dev",
    model: str | None = None,
    max_tokens: int = 128,
    configs: list[RunConfig] | None = None,
    on_start: Callable[[RunSummary], None] | None = None,
    on_record: Callable[[Record, RunSummary], None] | None = None,
) -> DemoResult:
    """Run the main job into ``out_dir`` (see the module docstring).

    Args:
        out_dir: the workspace folder for everything the job writes.
        split: the episodes the embedded model runs on (``dev``, ``test`` or ``all``).
        model: a local GGUF file instead of the packaged SmolLM2-135M.
        max_tokens: the embedded model's generation limit.
        configs: the runs, instead of :func:`demo_configs` ``(split, model, max_tokens)``.
        on_start: passed to :func:`carebench.runs.execute.run_agent` for each run.
        on_record: passed to :func:`carebench.runs.execute.run_agent` for each run.
    """
    from carebench.report import build_report

    out = Path(out_dir)
    # through the user's validated-bank cache, which the runs then hit: one validation in all
    bank = write_bank(load_bank_cached(None, user_cache_dir()).episodes, out / "episodes")
    summaries = [
        run_agent(config, out, on_start=on_start, on_record=on_record)
        for config in (configs if configs is not None else demo_configs(split, model, max_tokens))
    ]
    report = build_report(out, [s.run_id for s in summaries], out / "report", split)
    return DemoResult(bank, summaries, report)
