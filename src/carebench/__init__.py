"""carebench: measure whether healthcare LLM agents escalate safely inside clinical workflows.

The public API is small and covers the whole job; everything else lives in private-by-convention
submodules::

    import carebench

    episodes = carebench.load_bank(split="dev")                 # load a bank
    config = carebench.RunConfig(backend=carebench.BackendConfig(name="scripted", model="rule"))
    summary = carebench.run_agent(config, "carebench-out")      # run an agent (resumable)
    frame = carebench.load_results("carebench-out")             # load results (pandas)
    report = carebench.build_report("carebench-out")            # build the report
    result = carebench.compare("carebench-out", "rule", "oracle")  # compare two runs
    carebench.run_demo("carebench-out")                         # the whole main job

Heavy dependencies (pandas, scipy, statsmodels, matplotlib) and the report are imported only when
a name that needs them is first used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from carebench._version import __version__

# public name -> the module that defines it, imported on first use (PEP 562)
_LAZY = {
    "Action": "carebench.episodes",
    "Episode": "carebench.episodes",
    "Seed": "carebench.episodes",
    "Split": "carebench.episodes",
    "TaskClass": "carebench.episodes",
    "Variant": "carebench.episodes",
    "load_bank": "carebench.episodes",
    "render_transcript": "carebench.episodes",
    "BankValidationError": "carebench.errors",
    "CarebenchError": "carebench.errors",
    "ValidationIssue": "carebench.errors",
    "BackendConfig": "carebench.agents.config",
    "SamplingParams": "carebench.agents.config",
    "Condition": "carebench.agents.prompts",
    "CostMatrix": "carebench.metrics.costs",
    "RunConfig": "carebench.runs.config",
    "RunSummary": "carebench.runs.runner",
    "run_agent": "carebench.runs.execute",
    "RunInfo": "carebench.runs.listing",
    "list_runs": "carebench.runs.listing",
    "load_results": "carebench.runs.results",
    "ReportResult": "carebench.report",
    "build_report": "carebench.report",
    "Comparison": "carebench.report",
    "compare": "carebench.report",
    "DemoResult": "carebench.demo",
    "run_demo": "carebench.demo",
}

if TYPE_CHECKING:
    from carebench.agents.config import BackendConfig, SamplingParams
    from carebench.agents.prompts import Condition
    from carebench.demo import DemoResult, run_demo
    from carebench.episodes import (
        Action,
        Episode,
        Seed,
        Split,
        TaskClass,
        Variant,
        load_bank,
        render_transcript,
    )
    from carebench.errors import BankValidationError, CarebenchError, ValidationIssue
    from carebench.metrics.costs import CostMatrix
    from carebench.report import Comparison, ReportResult, build_report, compare
    from carebench.runs.config import RunConfig
    from carebench.runs.execute import run_agent
    from carebench.runs.listing import RunInfo, list_runs
    from carebench.runs.results import load_results
    from carebench.runs.runner import RunSummary


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'carebench' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = [
    "Action",
    "BackendConfig",
    "BankValidationError",
    "CarebenchError",
    "Comparison",
    "Condition",
    "CostMatrix",
    "DemoResult",
    "Episode",
    "ReportResult",
    "RunConfig",
    "RunInfo",
    "RunSummary",
    "SamplingParams",
    "Seed",
    "Split",
    "TaskClass",
    "ValidationIssue",
    "Variant",
    "__version__",
    "build_report",
    "compare",
    "list_runs",
    "load_bank",
    "load_results",
    "render_transcript",
    "run_agent",
    "run_demo",
]
