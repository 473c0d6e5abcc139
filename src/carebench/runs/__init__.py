"""Runs: configuration, the async runner, the SQLite store and the results table."""

from carebench.metrics.costs import CostMatrix
from carebench.runs.config import RunConfig
from carebench.runs.results import export_results, load_results
from carebench.runs.runner import RunSummary, run_async
from carebench.runs.store import RunStore

__all__ = [
    "CostMatrix",
    "RunConfig",
    "RunStore",
    "RunSummary",
    "export_results",
    "load_results",
    "run_async",
]
