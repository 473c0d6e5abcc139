"""Whether the command that made a stored run would resume it now (read from manifests only)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from carebench.runs.config import RunConfig, RunManifest

__all__ = ["unresumable", "unresumable_runs"]


def unresumable(manifest: RunManifest, later: Iterable[RunManifest]) -> str | None:
    """Why the command that made ``manifest``'s run would start another run now, or None.

    Known from what is stored, without reading any seed: a packaged-bank run made on another
    bank version than this carebench ships, or a run of ``later`` (runs made after it) with the
    same settings and seed paths on another bank (the seeds changed; the run id then differs).
    A run on custom seeds changed since, with no such later run, is not detected.
    """
    from carebench.episodes.bank import BANK_VERSION

    if manifest.bank_paths is None and manifest.bank_version not in (None, BANK_VERSION):
        return (
            f"it was made on the packaged bank {manifest.bank_version}, and this carebench ships "
            f"{BANK_VERSION}, so the same command starts a new run"
        )
    settings = _settings(manifest)
    for other in later:
        if (
            other.bank_sha256 != manifest.bank_sha256
            and other.bank_paths == manifest.bank_paths
            and _settings(other) == settings
        ):
            return (
                f"the same command made run {other.run_id} on changed seeds since, so it resumes "
                "this run only if the seeds are restored"
            )
    return None


def unresumable_runs(made: Sequence[RunManifest]) -> dict[str, str]:
    """Run id -> :func:`unresumable` reason, for each run of ``made`` that has one.

    ``made`` is in the order the runs were made; each is judged against the runs after it.
    """
    return {
        m.run_id: reason
        for i, m in enumerate(made)
        if (reason := unresumable(m, made[i + 1 :])) is not None
    }


def _settings(manifest: RunManifest) -> dict[str, Any]:
    """The identity fields of a run but its bank hash (what one command fixes)."""
    stored = manifest.stored()
    return {k: stored.get(k) for k in RunConfig.identity_keys() if k != "bank_sha256"}
