"""The episode bank a stored run was made on.

A run's manifest records the bank's SHA-256 (``bank_sha256``, part of the run's identity) and where
its seeds were read from (``bank_paths``, absolute; ``null`` for the packaged bank), and the store
keeps a copy of the bank by its hash (:meth:`carebench.runs.store.RunStore.bank`). Every command
that reads a run's episodes takes them from the seed files or folders the user passes with
``--bank``, else from the stored copy, else (a run stored before copies were kept) from the
recorded paths, and checks the hash: results are never joined with episodes other than those the
run was made on. So a run stays reportable after its seeds move or are edited, and after an upgrade
ships a newer packaged bank.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from carebench.episodes.cache import LoadedBank, load_bank_cached
from carebench.episodes.schema import Episode
from carebench.errors import CarebenchError

BankCache = dict[tuple[str, ...] | None, LoadedBank]
#: The stored copy of a bank by its hash, or None (:meth:`carebench.runs.store.RunStore.bank`).
StoredBanks = Callable[[str], list[Episode] | None]


def bank_source(paths: Sequence[str | Path] | None) -> str:
    """How a bank's location reads in messages."""
    return ", ".join(str(p) for p in paths) if paths else "the packaged scenarios"


def run_bank(
    manifest: Mapping[str, Any],
    bank: Sequence[str | Path] | None = None,
    cache: BankCache | None = None,
    cache_dir: Path | None = None,
    stored: StoredBanks | None = None,
) -> list[Episode]:
    """The episodes of the bank a run was made on.

    Args:
        manifest: the run's stored manifest.
        bank: seed files or folders to read instead of the stored copy and the recorded paths.
        cache: loaded banks by paths, shared across calls (one load per distinct bank).
        cache_dir: the validated-bank cache folder (commands pass the user's,
            :func:`~carebench.episodes.cache.user_cache_dir`); None: none.
        stored: the store's copies of banks by hash; tried before the recorded paths.

    Raises:
        CarebenchError: the bank cannot be loaded, or its hash is not the run's.
    """
    cache = {} if cache is None else cache
    wanted = str(manifest.get("bank_sha256"))
    unusable = ""  # why a stored copy could not be read, when one could not
    if not bank and stored is not None:
        try:
            kept = stored(wanted)
        except CarebenchError as exc:
            unusable = f"{exc}; "
        else:
            if kept is not None:
                return kept
    recorded = manifest.get("bank_paths")
    paths = tuple(str(p) for p in bank) if bank else tuple(recorded) if recorded else None
    who = f"run {manifest.get('run_id')} ({manifest.get('label')})"
    if paths not in cache:
        try:
            cache[paths] = load_bank_cached(paths, cache_dir)
        except CarebenchError as exc:
            where = (
                f"the seeds passed with --bank ({bank_source(paths)}) cannot be loaded"
                if bank
                else f"{who} was made on the bank at {bank_source(paths)}, which cannot be loaded"
            )
            how = _way_out(manifest, paths, bool(bank) and _kept(stored, wanted))
            raise CarebenchError(f"{unusable}{where} ({_first_problem(exc)}); {how}") from exc
    episodes, found = cache[paths].episodes, cache[paths].sha256
    if found != wanted:
        how = _way_out(manifest, paths, bool(bank) and _kept(stored, wanted))
        raise CarebenchError(
            f"{unusable}{who} was made on episode bank {wanted[:12]}, but the seeds at "
            f"{bank_source(paths)} form bank {found[:12]}; results cannot be joined with other "
            f"episodes or reference labels; {how}"
        )
    return episodes


def _kept(stored: StoredBanks | None, sha256: str) -> bool:
    """Whether the store holds a readable copy of bank ``sha256``."""
    try:
        return stored is not None and stored(sha256) is not None
    except CarebenchError:
        return False


def _way_out(manifest: Mapping[str, Any], paths: tuple[str, ...] | None, kept: bool) -> str:
    """What to do when the run's bank cannot be read (``kept``: the store has a copy)."""
    if kept:
        return "leave out --bank: the store keeps a copy of the bank this run was made on"
    how = "pass the seed files or folders it was made on with --bank"
    if paths is None:  # the packaged bank, and no copy kept: it came with another carebench
        revision = str(manifest.get("git_revision") or "")
        made_by = (
            revision[:12] + (" (with uncommitted changes)" if revision.endswith("-dirty") else "")
            or manifest.get("carebench_version")
            or "that made the run"
        )
        how += (
            f" (this run's are the src/carebench/scenarios/escalation folder of carebench "
            f"{made_by}; the store keeps a copy of the bank for runs made since)"
        )
    return how


def _first_problem(exc: CarebenchError) -> str:
    """The first line of ``exc``, with the first item of a list it introduces ("...errors:")."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    if len(lines) > 1 and lines[0].endswith(":"):
        return f"{lines[0]} {lines[1]}"
    return lines[0] if lines else type(exc).__name__


def banks_of_runs(
    manifests: Mapping[str, Mapping[str, Any]],
    bank: Sequence[str | Path] | None = None,
    cache_dir: Path | None = None,
    stored: StoredBanks | None = None,
) -> dict[str, list[Episode]]:
    """The episodes of every bank the runs were made on, by bank hash (see :func:`run_bank`)."""
    cache: BankCache = {}
    return {
        str(m["bank_sha256"]): run_bank(m, bank, cache, cache_dir, stored)
        for m in {str(m["bank_sha256"]): m for m in manifests.values()}.values()
    }
