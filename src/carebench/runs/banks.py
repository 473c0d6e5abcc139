"""The episode bank a stored run was made on.

A run's manifest records the bank's SHA-256 (``bank_sha256``, part of the run's identity) and where
its seeds were read from (``bank_paths``, absolute; ``null`` for the packaged bank). Every command
that reads a run's episodes loads them from there, or from the seed files or folders the user
passes with ``--bank`` (for a bank that has moved), and checks the hash: results are never joined
with episodes other than those the run was made on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from carebench.episodes.cache import LoadedBank, load_bank_cached
from carebench.episodes.schema import Episode
from carebench.errors import CarebenchError

BankCache = dict[tuple[str, ...] | None, LoadedBank]


def bank_source(paths: Sequence[str | Path] | None) -> str:
    """How a bank's location reads in messages."""
    return ", ".join(str(p) for p in paths) if paths else "the packaged scenarios"


def run_bank(
    manifest: Mapping[str, Any],
    bank: Sequence[str | Path] | None = None,
    cache: BankCache | None = None,
    cache_dir: Path | None = None,
) -> list[Episode]:
    """The episodes of the bank a run was made on.

    Args:
        manifest: the run's stored manifest.
        bank: seed files or folders to read instead of the ones the manifest records.
        cache: loaded banks by paths, shared across calls (one load per distinct bank).
        cache_dir: the validated-bank cache folder (commands pass the user's,
            :func:`~carebench.episodes.cache.user_cache_dir`); None: none.

    Raises:
        CarebenchError: the bank cannot be loaded, or its hash is not the run's.
    """
    cache = {} if cache is None else cache
    recorded = manifest.get("bank_paths")
    paths = tuple(str(p) for p in bank) if bank else tuple(recorded) if recorded else None
    who = f"run {manifest.get('run_id')} ({manifest.get('label')})"
    how = "pass the seed files or folders it was made on with --bank"
    if paths not in cache:
        try:
            cache[paths] = load_bank_cached(paths, cache_dir)
        except CarebenchError as exc:
            raise CarebenchError(
                f"{who} was made on the bank at {bank_source(paths)}, which cannot be loaded "
                f"({str(exc).splitlines()[0]}); {how}"
            ) from exc
    episodes, found = cache[paths].episodes, cache[paths].sha256
    wanted = str(manifest.get("bank_sha256"))
    if found != wanted:
        raise CarebenchError(
            f"{who} was made on episode bank {wanted[:12]}, but the seeds at {bank_source(paths)} "
            f"form bank {found[:12]}; results cannot be joined with other episodes or reference "
            f"labels; {how}"
        )
    return episodes


def banks_of_runs(
    manifests: Mapping[str, Mapping[str, Any]],
    bank: Sequence[str | Path] | None = None,
    cache_dir: Path | None = None,
) -> dict[str, list[Episode]]:
    """The episodes of every bank the runs were made on, by bank hash (see :func:`run_bank`)."""
    cache: BankCache = {}
    return {
        str(m["bank_sha256"]): run_bank(m, bank, cache, cache_dir)
        for m in {str(m["bank_sha256"]): m for m in manifests.values()}.values()
    }
