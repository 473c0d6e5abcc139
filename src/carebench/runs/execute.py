"""Running an agent from Python: one call that loads the bank, opens the store and runs.

This is what ``carebench run`` does, minus the progress bar: :func:`run_agent` is synchronous and
resumable (re-running the same configuration continues where it stopped). Interrupting it
(Ctrl-C) raises KeyboardInterrupt after every finished record is stored. Inside a running event
loop (async code, notebooks), await :func:`carebench.runs.runner.run_async` instead.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from carebench.episodes.cache import load_bank_cached, user_cache_dir
from carebench.errors import CarebenchError
from carebench.runs.config import RunConfig
from carebench.runs.results import store_path
from carebench.runs.runner import RunSummary, run_async, select_episodes
from carebench.runs.store import Record, RunStore


def run_agent(
    config: RunConfig,
    workspace: str | Path = "carebench-out",
    *,
    on_start: Callable[[RunSummary], None] | None = None,
    on_record: Callable[[Record, RunSummary], None] | None = None,
) -> RunSummary:
    """Run one agent over its episodes and store every result in the workspace's run store.

    Args:
        config: the run (backend, model, condition, sampling, split, bank, costs...).
        workspace: the workspace folder (its ``carebench.db`` is created if needed) or store file.
        on_start: called once the work list is known, before the first request.
        on_record: called after each record (for progress display).

    Returns:
        What this invocation did (its ``run_id`` identifies the run in the store).

    The bank is read through the user's validated-bank cache (see
    :mod:`carebench.episodes.cache`), so an unchanged bank is not validated again.

    Raises:
        CarebenchError: an invalid bank, an empty selection, an unusable store or backend.
    """
    bank = load_bank_cached(config.bank_paths, user_cache_dir())
    if not select_episodes(config, bank.episodes):
        raise CarebenchError("the selection contains no episodes")
    with RunStore(store_path(workspace)) as store:
        return asyncio.run(
            run_async(
                config,
                bank.episodes,
                store,
                on_record=on_record,
                on_start=on_start,
                bank_hash=bank.sha256,
            )
        )
