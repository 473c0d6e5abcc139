"""Results as a table: one row per episode x run (x repeat), joined with the reference decisions.

Conventions (docs/methods.md): ``correct`` is True iff the record is valid and its action is in the
episode's acceptable set; ``escalated`` is True iff the action is Escalate. Invalid outputs and
transport errors are kept, count as incorrect and not escalated, and have no confidence.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carebench.episodes.cache import user_cache_dir
from carebench.episodes.schema import Action, Episode
from carebench.errors import CarebenchError
from carebench.protocol.spreadsheet import write_csv
from carebench.runs.banks import banks_of_runs
from carebench.runs.config import RunManifest
from carebench.runs.labels import display_labels
from carebench.runs.resume import unresumable_runs
from carebench.runs.store import DamagedRun, RunStore, StoredRun
from carebench.store import DB_FILE, refuse_overwriting_database

if TYPE_CHECKING:
    import pandas as pd

COLUMNS = [
    "run_id", "label", "backend", "model", "condition", "bank_sha256", "episode_id", "repeat", "seed_id",
    "task_class", "topic", "surface", "variant", "split", "reference_primary", "reference_acceptable",
    "escalation_required", "action", "confidence", "reason", "status", "valid", "correct",
    "escalated", "latency_s", "prompt_tokens", "completion_tokens", "attempts", "cache_hit",
    "prompt_hash", "raw_output", "error",
]  # fmt: skip


def store_path(workspace: str | Path) -> Path:
    """The store file of a workspace folder (or the path itself if it is a file)."""
    path = Path(workspace)
    return path if path.suffix == ".db" else path / DB_FILE


def workspace_folder(workspace: str | Path, name: str) -> Path:
    """``name`` in the workspace folder (the folder holding the store: ``workspace`` may be either)."""
    return store_path(workspace).parent / name


def cache_dir(workspace: str | Path) -> Path:
    """The workspace's cache folder (the report's fitted keyword floor)."""
    return workspace_folder(workspace, "cache")


@dataclass(frozen=True)
class Results:
    """Stored runs, loaded: the results table, each run's manifest and the banks they used.

    Attributes:
        frame: one row per episode x run (x repeat), columns :data:`COLUMNS`; ``label`` is the
            run's display label, unique in the workspace
            (:func:`carebench.runs.labels.display_labels`); ``run_id`` is its identity.
        manifests: run id -> typed manifest, for every run loaded (also runs without records).
        banks: bank SHA-256 -> the episodes of that bank, for every bank the runs were made on.
        labels: run id -> display label, for the runs loaded.
        unresumable: run id -> why the command that made it would not resume it now
            (:func:`carebench.runs.resume.unresumable`, judged against every later run of the
            workspace), for the runs loaded that it applies to.
    """

    frame: pd.DataFrame
    manifests: dict[str, RunManifest]
    banks: dict[str, list[Episode]]
    labels: dict[str, str]
    unresumable: dict[str, str] = field(default_factory=dict)


def result_rows(
    store: RunStore,
    manifests: Mapping[str, RunManifest],
    banks: dict[str, list[Episode]],
    labels: dict[str, str],
) -> list[dict[str, Any]]:
    """Plain rows (see :data:`COLUMNS`) for the runs in ``manifests``."""
    by_bank = {sha: {e.episode_id: e for e in episodes} for sha, episodes in banks.items()}
    rows: list[dict[str, Any]] = []
    for run_id, manifest in manifests.items():
        by_id = by_bank[manifest.bank_sha256]
        for record in store.records(run_id):
            episode = by_id[record.episode_id]
            acceptable = [a.value for a in episode.reference.acceptable]
            valid = record.status == "ok"
            rows.append(
                {
                    "run_id": run_id,
                    "label": labels[run_id],
                    "backend": manifest.backend.name,
                    "model": manifest.backend.model,
                    "condition": manifest.condition,
                    "bank_sha256": manifest.bank_sha256,
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


def open_store(workspace: str | Path) -> RunStore:
    """The run store of an existing workspace.

    Raises:
        CarebenchError: there is no store there.
    """
    path = store_path(workspace)
    if not path.exists():
        raise CarebenchError(f"{path}: no run store here (run `carebench run` first)")
    return RunStore(path)


def shown_labels(store: RunStore) -> dict[str, str]:
    """Run id -> the display label ``runs list`` shows, for every run (:func:`workspace_labels`)."""
    return workspace_labels(*store.readable_runs())


def workspace_labels(
    readable: Sequence[StoredRun], damaged: Sequence[DamagedRun]
) -> dict[str, str]:
    """Run id -> display label, unique in the workspace, for readable and damaged runs alike.

    Readable runs are labelled by :func:`~carebench.runs.labels.display_labels`. A run whose
    manifest cannot be read shows its stored label and its id (``... [run=ab12...]``), and so does
    every readable run whose stored label it shares: what would tell them apart is unread, and a
    label must never name a healthy run in place of a damaged one.
    """
    labels = display_labels({r.run_id: r.manifest.stored() for r in readable})
    unread = {d.label for d in damaged}
    out = {
        r.run_id: f"{labels[r.run_id]} [run={r.run_id}]" if r.label in unread else labels[r.run_id]
        for r in readable
    }
    out.update({d.run_id: f"{d.label} [run={d.run_id}]" for d in damaged})
    return out


def resolve_runs(store: RunStore, names: Sequence[str]) -> list[str]:
    """Run ids for ``names``: display labels (``runs list``), or what :meth:`RunStore.resolve` takes."""
    by_label = {label: run_id for run_id, label in shown_labels(store).items()}
    return list(dict.fromkeys(by_label.get(n) or store.resolve(n) for n in names))


def load_runs(
    workspace: str | Path = "carebench-out",
    runs: Sequence[str] | None = None,
    *,
    bank: Sequence[str | Path] | None = None,
) -> Results:
    """Load stored runs with their manifests and episode banks (see :class:`Results`).

    Args:
        workspace: a workspace folder (holding ``carebench.db``) or a ``.db`` file.
        runs: run ids, unique prefixes or labels; every run when omitted.
        bank: seed files or folders to read the runs' bank from instead of the copy the store
            keeps (or, for runs stored before copies were kept, the paths their manifests
            record); checked against each run's bank hash.

    Raises:
        CarebenchError: no store, an unknown or ambiguous run, a bank that is not the run's, or
            a named run's stored manifest cannot be read (with no ``runs``: any run's).
    """
    import pandas as pd

    with open_store(workspace) as store:
        ids = resolve_runs(store, runs) if runs else None
        readable, damaged = store.readable_runs()
        unread = {d.run_id: d for d in damaged}
        if ids is None and damaged:
            raise CarebenchError(f"{damaged[0].error} (or name the runs to use)")
        for run_id in ids or ():
            if run_id in unread:
                raise unread[run_id].error
        every = {r.run_id: r.manifest for r in readable}
        manifests = {run_id: every[run_id] for run_id in (ids or every)}
        labels = workspace_labels(readable, damaged)  # over the workspace: one label everywhere
        why = unresumable_runs(list(every.values()))  # in the order the runs were made
        banks = banks_of_runs(
            {r: m.stored() for r, m in manifests.items()}, bank, user_cache_dir(), store.bank
        )
        rows = result_rows(store, manifests, banks, labels)
    labels = {run_id: labels[run_id] for run_id in manifests}
    why = {run_id: reason for run_id, reason in why.items() if run_id in manifests}
    return Results(pd.DataFrame(rows, columns=COLUMNS), manifests, banks, labels, why)


def load_results(
    workspace: str | Path = "carebench-out",
    runs: Sequence[str] | None = None,
    *,
    bank: Sequence[str | Path] | None = None,
) -> pd.DataFrame:
    """One call: a pandas DataFrame with one row per episode x run (x repeat).

    Args:
        workspace: a workspace folder (holding ``carebench.db``) or a ``.db`` file.
        runs: run ids, unique prefixes or labels; every run when omitted.
        bank: seed files or folders to read the runs' bank from (see :func:`load_runs`).
    """
    return load_runs(workspace, runs, bank=bank).frame


def _json_value(value: Any) -> Any:
    """A missing value (None, NaN, pandas NA) becomes None; numpy scalars become Python ones."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return None
    item = getattr(value, "item", None)  # numpy scalar
    if callable(item):
        return _json_value(item())
    import pandas as pd

    return None if value is pd.NA else value


#: The formats of :func:`export_results`, as ``--format`` offers them.
EXPORT_FORMATS = ("jsonl", "csv", "parquet")

_SUFFIX_FORMATS = {
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "jsonl",
    ".csv": "csv",
    ".parquet": "parquet",
}


def export_format(out: str | Path, fmt: str | None) -> str:
    """The export format for file ``out``: ``fmt`` when given, else read from the file's suffix.

    ``.csv`` is CSV, ``.parquet`` Parquet, ``.jsonl`` / ``.ndjson`` / ``.json`` or any other
    suffix JSON Lines (one object per line: ``pd.read_json(path, lines=True)``).

    Raises:
        CarebenchError: ``fmt`` disagrees with a suffix that names another format (Parquet
            written into ``m.csv`` would be opened as text).
    """
    named = _SUFFIX_FORMATS.get(Path(out).suffix.lower())
    if fmt is None:
        return named or "jsonl"
    if named is not None and named != fmt:
        raise CarebenchError(
            f"{out}: --format {fmt} would write {fmt} into a {Path(out).suffix} file; "
            f"pass --format {named} or name the file .{fmt}"
        )
    return fmt


def export_results(frame: pd.DataFrame, out: str | Path, fmt: str) -> Path:
    """Write results as ``jsonl``, ``csv`` or ``parquet``.

    JSON Lines are strict JSON: a missing value (no confidence for an invalid record, no latency
    for a cached one...) is ``null``, never ``NaN``. CSV text cells are made safe for spreadsheets
    (a leading ``=``, ``+``, ``-`` or ``@`` is prefixed with ``'``, control characters are
    escaped: :mod:`carebench.protocol.spreadsheet`); JSON Lines and Parquet keep the stored text
    exactly. The output's folder must exist.

    Raises:
        CarebenchError: unknown format, missing folder or unwritable file.
    """
    path = Path(out)
    if not path.parent.is_dir():
        raise CarebenchError(
            f"{path}: the folder {path.parent} does not exist; create it or choose another --out"
        )
    refuse_overwriting_database(path)
    try:
        if fmt == "jsonl":
            with path.open("w", encoding="utf-8") as handle:
                for row in frame.to_dict(orient="records"):
                    clean = {key: _json_value(value) for key, value in row.items()}
                    line = json.dumps(clean, ensure_ascii=False, allow_nan=False, default=str)
                    handle.write(line + "\n")
        elif fmt == "csv":
            write_csv(frame, path)
        elif fmt == "parquet":
            frame.to_parquet(path, index=False)
        else:
            raise CarebenchError(f"unknown export format {fmt!r}; expected jsonl, csv or parquet")
    except OSError as exc:
        raise CarebenchError(f"cannot write {path}: {exc}") from exc
    return path
