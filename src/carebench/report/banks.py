"""The banks a report's runs were made on: named by path and hash, with their counts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from carebench.episodes.schema import Episode
from carebench.report.models import BankEntry, SplitCount

if TYPE_CHECKING:
    from carebench.runs.config import RunManifest

__all__ = ["bank_line", "bank_summary", "describe_banks"]


def bank_summary(
    manifests: Mapping[str, RunManifest], labels: Mapping[str, str]
) -> tuple[list[BankEntry], str | None]:
    """The banks the runs were made on, and a note when there is more than one."""
    banks: dict[str, BankEntry] = {}
    for run_id, manifest in manifests.items():
        sha = manifest.bank_sha256
        if sha not in banks:
            banks[sha] = BankEntry(bank_sha256=sha, bank_paths=manifest.bank_paths, runs=[])
        banks[sha].runs.append(labels[run_id])
        banks[sha].run_ids.append(run_id)
        banks[sha].bank_version = banks[sha].bank_version or manifest.bank_version  # any run's
    if len(banks) < 2:
        return list(banks.values()), None
    parts = "; ".join(f"bank {b.bank_sha256[:12]}: {', '.join(b.runs)}" for b in banks.values())
    note = (
        f"These runs were made on {len(banks)} different episode banks ({parts}). Their episodes "
        "and reference labels differ, so their numbers are not comparable episode for episode, "
        "and no test here pairs runs across banks."
    )
    return list(banks.values()), note


def describe_banks(entries: Sequence[BankEntry], banks: Mapping[str, Sequence[Episode]]) -> None:
    """Add each bank's seed and episode counts, in total and per split, to its summary entry."""
    for entry in entries:
        episodes = banks.get(entry.bank_sha256, ())
        entry.n_seeds = len({e.seed_id for e in episodes})
        entry.n_episodes = len(episodes)
        entry.splits = {
            split: SplitCount(
                n_seeds=len({e.seed_id for e in episodes if e.split.value == split}),
                n_episodes=sum(e.split.value == split for e in episodes),
            )
            for split in ("dev", "test")
        }


def bank_line(bank: BankEntry) -> str:
    """One bank named by path and hash with its counts (the first line about it in a report)."""
    version = f" {bank.bank_version}" if bank.bank_version else ""
    paths = ", ".join(bank.bank_paths) if bank.bank_paths else f"the packaged bank{version}"
    splits = "; ".join(
        f"{name} {c.n_seeds} seeds / {c.n_episodes} episodes" for name, c in bank.splits.items()
    )
    seeds = "?" if bank.n_seeds is None else bank.n_seeds
    episodes = "?" if bank.n_episodes is None else bank.n_episodes
    return (
        f"Bank {paths} (sha256 {bank.bank_sha256[:12]}): {seeds} seeds, {episodes} episodes "
        f"({splits})."
    )
