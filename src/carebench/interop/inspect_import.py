"""Import Inspect eval logs of ``carebench/escalation`` into the run store.

Each log becomes one carebench run, so ``carebench report``, ``compare`` and ``runs export`` work on
it exactly as on runs made by ``carebench run``.

Conventions:
    * The run's identity is a :class:`RunConfig` with backend ``inspect``, the Inspect model name,
      the task's condition and split, and the log's eval id as a backend option: two logs are two
      runs, and importing the same log again changes nothing (stored records are final).
    * Records are built by the runner's own :func:`carebench.runs.runner.build_record` from the raw
      completion, so the output contract is applied by carebench, not taken from Inspect's scorer.
      The prompt hash is computed from the messages the log says were sent.
    * A sample whose generation failed in Inspect (``sample.error``, or no output) is stored with
      status ``error`` and the message; epoch ``k`` (1-based) is repeat ``k - 1``.
    * The log must come from the ``escalation`` task on the bank carebench loads now (the bank hash
      recorded in the task metadata is checked), otherwise nothing is imported. Bank paths are
      never read from a log: a custom bank is the one the user names (``--bank``); a log whose
      metadata names bank paths without them is refused.
    * A log is hostile input. Its file is at most :data:`MAX_LOG_BYTES` bytes; in a ``.eval``
      (zip) log, every member's declared size, and then its actual decompressed size (read in
      chunks, stopped at the bound), is at most :data:`MAX_MEMBER_BYTES`, and all members
      together at most :data:`MAX_LOG_BYTES` uncompressed, all checked before Inspect reads it.
      The ``carebench`` metadata is validated (keys, condition, split, hash) into a one-line error.
    * A log of a failed eval (status ``error`` or ``cancelled``) is refused unless the user
      passes ``allow_failed`` (``--allow-failed``); then it is imported and the summary says so.
"""

from __future__ import annotations

import dataclasses
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from carebench.agents.backends import register_backend
from carebench.agents.backends.base import Backend, Generation
from carebench.agents.config import BackendConfig, SamplingParams
from carebench.agents.prompts import Condition
from carebench.episodes.bank import load_bank
from carebench.episodes.canonical import bank_sha256
from carebench.errors import CarebenchError, first_error
from carebench.runs.config import RunConfig, Selection, build_manifest
from carebench.runs.runner import build_record
from carebench.runs.store import Record, RunStore, bank_copy

BACKEND = "inspect"
#: The largest log file, and the most bytes a ``.eval`` log's members expand to together.
MAX_LOG_BYTES = 512 * 1024 * 1024
#: The most bytes one member of a ``.eval`` log may expand to.
MAX_MEMBER_BYTES = 256 * 1024 * 1024
_CHUNK = 1024 * 1024


class LogMetadata(BaseModel):
    """The ``carebench`` task metadata of a log (what :mod:`.inspect_task` writes)."""

    model_config = ConfigDict(extra="ignore")

    condition: Condition
    split: str
    bank_sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    bank_paths: list[str] | None = None


def check_archive(path: Path) -> None:
    """Refuse a log whose size or decompressed size is over the bounds (module conventions).

    Raises:
        CarebenchError: the file, a member's declared or actual size, or the total is too big.
    """
    size = path.stat().st_size
    if size > MAX_LOG_BYTES:
        raise CarebenchError(
            f"{path}: {size} bytes; an Inspect log may have at most {MAX_LOG_BYTES}"
        )
    if not zipfile.is_zipfile(path):
        return
    try:
        _check_members(path)
    except (zipfile.BadZipFile, OSError) as exc:
        raise CarebenchError(f"{path}: not a readable Inspect eval log: {exc}") from exc


def _check_members(path: Path) -> None:
    """Declared, then actual, sizes of every member (zipfile also stops at the declared size)."""
    total = 0
    with zipfile.ZipFile(path) as archive:
        for info in archive.infolist():
            if info.file_size > MAX_MEMBER_BYTES:
                raise CarebenchError(
                    f"{path}: member {info.filename!r} declares {info.file_size} bytes "
                    f"uncompressed; at most {MAX_MEMBER_BYTES} are read"
                )
            actual = 0
            with archive.open(info) as member:
                while chunk := member.read(_CHUNK):
                    actual += len(chunk)
                    if actual > MAX_MEMBER_BYTES or total + actual > MAX_LOG_BYTES:
                        raise CarebenchError(
                            f"{path}: member {info.filename!r} expands past {MAX_MEMBER_BYTES} "
                            f"bytes (or the log past {MAX_LOG_BYTES}); not read further"
                        )
            total += actual


def _imported_only(config: BackendConfig) -> Backend:
    """The ``inspect`` backend names runs imported from Inspect logs; it cannot generate."""
    raise CarebenchError(
        "runs with backend 'inspect' are made by `inspect eval carebench/escalation` and "
        "imported with `carebench runs import-inspect`; carebench cannot run them itself"
    )


@dataclass(frozen=True)
class ImportSummary:
    """What importing one log did."""

    log: str
    run_id: str
    label: str
    samples: int
    ok: int
    invalid: int
    errors: int
    #: The eval's status in Inspect (``success``, or ``error``/``cancelled`` when allowed).
    status: str = "success"


def _text(content: Any) -> str:
    """The text of a message's content (a string, or a list of content parts)."""
    if isinstance(content, str):
        return content
    return "".join(getattr(part, "text", "") or "" for part in content)


def _load_log(path: Path) -> Any:
    try:
        from inspect_ai.log import read_eval_log
    except ImportError as exc:  # pragma: no cover - exercised only without the extra
        raise CarebenchError(
            "importing Inspect logs needs inspect_ai: pip install 'carebench[inspect]'"
        ) from exc
    if not path.exists():
        raise CarebenchError(f"{path}: no such Inspect log")
    check_archive(path)
    try:
        return read_eval_log(str(path))
    except Exception as exc:  # inspect raises several types for unreadable logs
        raise CarebenchError(f"{path}: not a readable Inspect eval log: {exc}") from exc


def log_metadata(log: Any, path: Path) -> LogMetadata:
    """The log's validated ``carebench`` metadata.

    Raises:
        CarebenchError: not a carebench/escalation log, or its metadata is malformed (one line
            naming the field and what was expected).
    """
    meta = (log.eval.metadata or {}).get("carebench") if log.eval.metadata else None
    if not str(log.eval.task).endswith("escalation") or not isinstance(meta, dict):
        raise CarebenchError(
            f"{path}: task {log.eval.task!r} is not carebench/escalation "
            "(no 'carebench' task metadata)"
        )
    try:
        parsed = LogMetadata.model_validate(meta)
    except ValidationError as exc:
        where, message = first_error(exc)
        got = str(exc.errors()[0].get("input"))[:60]
        raise CarebenchError(
            f"{path}: task metadata carebench.{where}: {message} (got {got!r})"
        ) from None
    splits = [s for s in get_args(Selection)]
    if parsed.split not in splits:
        raise CarebenchError(
            f"{path}: task metadata carebench.split: {parsed.split[:40]!r} is not one of {splits}"
        )
    return parsed


def log_config(log: Any, path: Path, bank_paths: tuple[str, ...] | None = None) -> RunConfig:
    """The run configuration a log corresponds to (see the module conventions).

    ``bank_paths`` are the user's (``--bank``), never the log's.

    Raises:
        CarebenchError: the log is not from ``carebench/escalation``, its metadata is malformed,
            or it names a custom bank the user did not name.
    """
    meta = log_metadata(log, path)
    if meta.bank_paths and not bank_paths:
        raise CarebenchError(
            f"{path}: the log was made on a custom bank ({len(meta.bank_paths)} path(s) in its "
            "metadata, which carebench never reads from a log); name the bank yourself: "
            "carebench runs import-inspect --bank PATH LOG"
        )
    gen = log.plan.config if log.plan else None
    sampling = SamplingParams(
        temperature=gen.temperature if gen and gen.temperature is not None else 0.0,
        max_tokens=gen.max_tokens if gen and gen.max_tokens is not None else 256,
        repeats=max(1, int(log.eval.config.epochs or 1)),
    )
    return RunConfig(
        backend=BackendConfig(
            name=BACKEND,
            model=str(log.eval.model),
            base_url=(log.eval.model_base_url,) if log.eval.model_base_url else (),
            options={"inspect_eval_id": str(log.eval.eval_id)},
        ),
        condition=meta.condition,
        sampling=sampling,
        split=meta.split,
        bank_paths=bank_paths or None,
    )


def log_records(log: Any, run_id: str) -> list[Record]:
    """One record per sample x epoch of the log."""
    records: list[Record] = []
    for sample in log.samples or []:
        messages = [{"role": m.role, "content": _text(m.content)} for m in sample.input]
        output = sample.output
        completion = output.completion if output is not None and output.choices else None
        usage = output.usage if output is not None else None
        generation = None
        error = None
        if sample.error is not None:
            error = f"inspect: {sample.error.message}"
        elif completion is None:
            error = "inspect: the sample has no model output"
        else:
            generation = Generation(
                completion,
                usage.input_tokens if usage else None,
                usage.output_tokens if usage else None,
            )
        record = build_record(
            run_id, str(sample.id), int(sample.epoch) - 1, messages, generation, error
        )
        latency = sample.working_time if sample.working_time is not None else sample.total_time
        records.append(dataclasses.replace(record, latency_s=latency, attempts=1))
    return records


def import_log(
    path: str | Path,
    store: RunStore,
    bank_paths: tuple[str, ...] | None = None,
    allow_failed: bool = False,
) -> ImportSummary:
    """Import one Inspect eval log into ``store`` (see the module conventions).

    Args:
        path: the log (``.eval`` or ``.json``).
        store: the run store.
        bank_paths: the custom bank the log was made on (None: the packaged bank).
        allow_failed: import a failed or cancelled eval's log too (flagged in the summary).

    Raises:
        CarebenchError: unreadable or oversized log, not a carebench/escalation log, malformed
            metadata, a failed eval without ``allow_failed``, a sample id that is not an episode
            of the bank, or a bank that changed since the log was made.
    """
    register_backend(BACKEND, _imported_only)  # so the run identity can name it
    path = Path(path)
    log = _load_log(path)
    if log.status not in ("success", "error", "cancelled"):
        raise CarebenchError(f"{path}: eval status {log.status!r}; nothing to import")
    if log.status != "success" and not allow_failed:
        message = getattr(log.error, "message", None) if log.error is not None else None
        raise CarebenchError(
            f"{path}: the eval did not succeed (status {log.status}"
            f"{': ' + str(message).splitlines()[0][:200] if message else ''}); its samples would "
            "be stored as error records. Fix the eval and run it again, or pass --allow-failed"
        )
    config = log_config(log, path, bank_paths)
    bank = load_bank(config.bank_paths)
    bank_hash = bank_sha256(bank)
    recorded = log_metadata(log, path).bank_sha256
    if recorded != bank_hash:
        raise CarebenchError(
            f"{path}: the log was made on episode bank {recorded[:12]}, but the bank carebench "
            f"loads now is {bank_hash[:12]}; results cannot be joined with changed reference labels"
        )
    run_id = config.run_id(bank_hash)
    records = log_records(log, run_id)
    known = {e.episode_id for e in bank}
    unknown = sorted({r.episode_id for r in records} - known)
    if unknown:
        raise CarebenchError(
            f"{path}: sample ids not in the episode bank: {', '.join(unknown[:5])}"
        )
    n_episodes = len({r.episode_id for r in records})
    facts = {
        "inspect_log": str(path),
        "inspect_eval_id": str(log.eval.eval_id),
        "inspect_run_id": str(log.eval.run_id),
        "inspect_version": str(log.eval.packages.get("inspect_ai", "")),
        "inspect_status": str(log.status),
        "inspect_created": str(log.eval.created),
    }
    manifest = {
        **build_manifest(config, bank_hash, n_episodes, facts),
        "started_at": str(log.eval.created),
    }
    store.ensure_run(run_id, config.label(), manifest)  # refuses a bad manifest before any write
    store.put_records(
        records, run=(run_id, config.label(), manifest), bank=bank_copy(bank, bank_hash)
    )
    return ImportSummary(
        str(path),
        run_id,
        config.label(),
        len(records),
        sum(r.status == "ok" for r in records),
        sum(r.status == "invalid" for r in records),
        sum(r.status == "error" for r in records),
        str(log.status),
    )
