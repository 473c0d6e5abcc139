"""Runs: configuration, the async runner, the SQLite store and the results table."""

from carebench.metrics.costs import CostMatrix
from carebench.runs.config import RunConfig
from carebench.runs.execute import run_agent
from carebench.runs.results import Results, export_results, load_results, load_runs
from carebench.runs.runner import RunSummary, run_async
from carebench.runs.store import RunStore

__all__ = [
    "CostMatrix",
    "Results",
    "RunConfig",
    "RunStore",
    "RunSummary",
    "export_results",
    "load_results",
    "load_runs",
    "run_agent",
    "run_async",
]
