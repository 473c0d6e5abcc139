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
    path = store_path(workspace)
    fresh = [p for p in (path.parent, path) if not p.exists()]
    try:
        with RunStore(path) as store:
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
    except CarebenchError:
        _drop_if_unused(path, fresh)
        raise


def _drop_if_unused(path: Path, fresh: list[Path]) -> None:
    """Remove the store (and its folder) this call created, if a refusal left it without a run.

    A refused ``carebench run`` (an unknown policy, a bad option) leaves nothing behind; a store
    that existed before, or that now holds a run, is never touched.
    """
    if path not in fresh or not path.exists():
        return
    with RunStore(path) as store:
        if store.runs():
            return
    for leftover in (path, *(path.with_name(path.name + s) for s in ("-wal", "-shm", "-journal"))):
        leftover.unlink(missing_ok=True)
    if path.parent in fresh and not any(path.parent.iterdir()):
        path.parent.rmdir()
