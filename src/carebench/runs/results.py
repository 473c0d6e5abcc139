"""Results as a table: one row per episode x run (x repeat), joined with the reference decisions.

Conventions (GUIDE.md): ``correct`` is True iff the record is valid and its action is in the
episode's acceptable set; ``escalated`` is True iff the action is Escalate. Invalid outputs and
transport errors are kept, count as incorrect and not escalated, and have no confidence.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carebench.episodes.bank import bank_sha256, load_bank
from carebench.episodes.schema import Action, Episode
from carebench.errors import CarebenchError
from carebench.runs.store import DB_FILE, RunStore

if TYPE_CHECKING:
    import pandas as pd

COLUMNS = [
    "run_id", "label", "backend", "model", "condition", "episode_id", "repeat", "seed_id",
    "task_class", "topic", "surface", "variant", "split", "reference_primary", "reference_acceptable",
    "escalation_required", "action", "confidence", "reason", "status", "valid", "correct",
    "escalated", "latency_s", "prompt_tokens", "completion_tokens", "attempts", "cache_hit",
    "prompt_hash", "raw_output", "error",
]  # fmt: skip


def store_path(workspace: str | Path) -> Path:
    """The store file of a workspace folder (or the path itself if it is a file)."""
    path = Path(workspace)
    return path if path.suffix == ".db" else path / DB_FILE


def _bank_for(manifest: dict[str, Any], cache: dict[Any, list[Episode]]) -> list[Episode]:
    paths = tuple(manifest.get("bank_paths") or ()) or None
    if paths not in cache:
        cache[paths] = load_bank(paths)
    bank = cache[paths]
    if bank_sha256(bank) != manifest["bank_sha256"]:
        raise CarebenchError(
            f"run {manifest['run_id']} used episode bank {manifest['bank_sha256'][:12]}, but the "
            f"bank at {', '.join(paths) if paths else 'the packaged scenarios'} is now "
            f"{bank_sha256(bank)[:12]}; results cannot be joined with changed reference labels"
        )
    return bank


def result_rows(store: RunStore, run_ids: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Plain rows (see :data:`COLUMNS`) for the given runs (all runs when omitted)."""
    runs = {r["run_id"]: r for r in store.runs()}
    wanted = list(run_ids) if run_ids else list(runs)
    banks: dict[Any, list[Episode]] = {}
    rows: list[dict[str, Any]] = []
    for run_id in wanted:
        manifest = runs[run_id]["manifest"]
        by_id = {e.episode_id: e for e in _bank_for(manifest, banks)}
        for record in store.records(run_id):
            episode = by_id[record.episode_id]
            acceptable = [a.value for a in episode.reference.acceptable]
            valid = record.status == "ok"
            rows.append(
                {
                    "run_id": run_id,
                    "label": manifest["label"],
                    "backend": manifest["backend"]["name"],
                    "model": manifest["backend"]["model"],
                    "condition": manifest["condition"],
                    "episode_id": record.episode_id,
                    "repeat": record.repeat,
                    "seed_id": episode.seed_id,
                    "task_class": episode.task_class.value,
                    "topic": episode.topic,
                    "surface": episode.surface,
                    "variant": episode.variant.value,
                    "split": episode.split.value,
                    "reference_primary": episode.reference.primary.value,
                    "reference_acceptable": "|".join(acceptable),
                    "escalation_required": episode.escalation_required,
                    "action": record.action,
                    "confidence": record.confidence,
                    "reason": record.reason,
                    "status": record.status,
                    "valid": valid,
                    "correct": valid and record.action in acceptable,
                    "escalated": valid and record.action == Action.ESCALATE.value,
                    "latency_s": record.latency_s,
                    "prompt_tokens": record.prompt_tokens,
                    "completion_tokens": record.completion_tokens,
                    "attempts": record.attempts,
                    "cache_hit": record.cache_hit,
                    "prompt_hash": record.prompt_hash,
                    "raw_output": record.raw_output,
                    "error": record.error,
                }
            )
    return rows


def load_results(
    workspace: str | Path = "carebench-out", runs: Sequence[str] | None = None
) -> pd.DataFrame:
    """One call: a pandas DataFrame with one row per episode x run (x repeat).

    Args:
        workspace: a workspace folder (holding ``carebench.db``) or a ``.db`` file.
        runs: run ids or unique prefixes; every run when omitted.
    """
    import pandas as pd

    path = store_path(workspace)
    if not path.exists():
        raise CarebenchError(f"{path}: no run store here (run `carebench run` first)")
    with RunStore(path) as store:
        ids = [store.resolve(r) for r in runs] if runs else None
        return pd.DataFrame(result_rows(store, ids), columns=COLUMNS)


def _json_value(value: Any) -> Any:
    """A missing value (None, NaN, pandas NA) becomes None; numpy scalars become Python ones."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return None
    item = getattr(value, "item", None)  # numpy scalar
    if callable(item):
        return _json_value(item())
    import pandas as pd

    return None if value is pd.NA else value


def export_results(frame: pd.DataFrame, out: str | Path, fmt: str) -> Path:
    """Write results as ``jsonl``, ``csv`` or ``parquet``.

    JSON Lines are strict JSON: a missing value (no confidence for an invalid record, no latency
    for a cached one...) is ``null``, never ``NaN``. The output's folder must exist.

    Raises:
        CarebenchError: unknown format, missing folder or unwritable file.
    """
    path = Path(out)
    if not path.parent.is_dir():
        raise CarebenchError(
            f"{path}: the folder {path.parent} does not exist; create it or choose another --out"
        )
    try:
        if fmt == "jsonl":
            with path.open("w", encoding="utf-8") as handle:
                for row in frame.to_dict(orient="records"):
                    clean = {key: _json_value(value) for key, value in row.items()}
                    line = json.dumps(clean, ensure_ascii=False, allow_nan=False, default=str)
                    handle.write(line + "\n")
        elif fmt == "csv":
            frame.to_csv(path, index=False)
        elif fmt == "parquet":
            frame.to_parquet(path, index=False)
        else:
            raise CarebenchError(f"unknown export format {fmt!r}; expected jsonl, csv or parquet")
    except OSError as exc:
        raise CarebenchError(f"cannot write {path}: {exc}") from exc
    return path
