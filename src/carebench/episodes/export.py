"""Export the episode bank as a Hugging Face ``datasets`` folder (Parquet) or as plain JSONL.

Layout of an export folder (both formats)::

    README.md          dataset card, generated from the bank manifest (YAML header + Markdown)
    manifest.json      the bank manifest of :func:`carebench.episodes.bank.manifest`
    data/dev.parquet   (hf)     or  data/dev.jsonl   (jsonl)   only if the bank has dev episodes
    data/test.parquet  (hf)     or  data/test.jsonl  (jsonl)   only if the bank has test episodes

Conventions:
    * One row per episode, in bank order. A row is the episode record of
      :meth:`Episode.model_dump` (so ``Episode.model_validate`` rebuilds the episode from it, after
      dropping the convenience columns) plus two convenience columns: ``escalation_required``
      (primary action is Escalate) and ``text`` (the transcript exactly as an agent sees it).
    * Parquet files share one explicit Arrow schema, so every split has the same features even when
      a split has no annotated episode; the card's ``configs`` header names the split files, so
      ``datasets.load_dataset(folder)`` yields splits named ``dev`` and ``test``. A split with no
      episodes gets no file and no card entry (``datasets`` cannot load a 0-row split), so a
      test-only bank loads as one ``test`` split.
    * An export is written only into an empty or missing folder, or over a previous export
      (a folder holding nothing but ``README.md``, ``manifest.json`` and ``data/``, whose manifest
      is a bank manifest); ``force`` writes anyway. Split files of a previous export that the new
      one does not write are removed.
    * The export is deterministic: the same bank gives the same rows and the same card.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from carebench.episodes.bank import FORMAT as BANK_FORMAT
from carebench.episodes.bank import manifest as bank_manifest
from carebench.episodes.render import render_transcript
from carebench.episodes.schema import Action, Annotations, Episode, Split
from carebench.episodes.tables import composition_table
from carebench.errors import CarebenchError

ExportFormat = Literal["hf", "jsonl"]
FORMATS: tuple[str, ...] = ("hf", "jsonl")
LICENSE = "Apache-2.0"
CONVENIENCE_COLUMNS = ("escalation_required", "text")


_MAPS = ("handoff_values",)
"""Annotation fields that are maps; a row holds them as ``[{"field": ..., "values": [...]}]`` (Arrow
and ``datasets`` have no portable map type)."""


def episode_row(episode: Episode) -> dict[str, Any]:
    """One export row: the episode record plus ``escalation_required`` and the rendered ``text``."""
    record = episode.model_dump(mode="json")
    if record.get("annotations"):
        for name in _MAPS:
            record["annotations"][name] = [
                {"field": k, "values": v} for k, v in record["annotations"][name].items()
            ]
    return {
        **record,
        "escalation_required": episode.escalation_required,
        "text": render_transcript(episode),
    }


def episode_from_row(row: dict[str, Any]) -> Episode:
    """Rebuild an episode from an export row (the inverse of :func:`episode_row`)."""
    data = {k: v for k, v in row.items() if k not in CONVENIENCE_COLUMNS}
    units = data.get("annotations")
    if isinstance(units, dict):
        data["annotations"] = {
            k: {p["field"]: p["values"] for p in v} if k in _MAPS and isinstance(v, list) else v
            for k, v in units.items()
        }
    return Episode.model_validate(data)


def arrow_schema() -> Any:
    """The explicit Arrow schema of the Parquet rows (see the module conventions)."""
    import pyarrow as pa

    strings = pa.list_(pa.string())
    pairs = pa.list_(pa.struct([("field", pa.string()), ("values", strings)]))
    return pa.schema(
        [
            ("episode_id", pa.string()),
            ("seed_id", pa.string()),
            ("task_class", pa.string()),
            ("topic", pa.string()),
            ("surface", pa.string()),
            ("variant", pa.string()),
            ("split", pa.string()),
            ("context_packet", pa.string()),
            ("state_change", pa.string()),
            (
                "action_space",
                pa.list_(pa.struct([("action", pa.string()), ("meaning", pa.string())])),
            ),
            ("reference", pa.struct([("primary", pa.string()), ("acceptable", strings)])),
            ("rationale", pa.string()),
            (
                "transcript",
                pa.list_(
                    pa.struct(
                        [("kind", pa.string()), ("title", pa.string()), ("text", pa.string())]
                    )
                ),
            ),
            (
                "annotations",
                pa.struct(
                    [
                        (name, pairs if name in _MAPS else strings)
                        for name in Annotations.model_fields
                    ]
                ),
            ),
            ("escalation_required", pa.bool_()),
            ("text", pa.string()),
        ]
    )


def dataset_card(episodes: Sequence[Episode], meta: dict[str, Any], fmt: ExportFormat) -> str:
    """The dataset card (README.md): Hugging Face YAML header, then composition, use and limits."""
    ext = "parquet" if fmt == "hf" else "jsonl"
    splits = [s.value for s in Split if meta["by_split"][s.value]]
    n = meta["n_episodes"]
    size = "n<1K" if n < 1000 else "1K<n<10K" if n < 10_000 else "10K<n<100K"
    header = [
        "---",
        "license: apache-2.0",
        "language:",
        "- en",
        "pretty_name: carebench escalation episodes",
        "size_categories:",
        f"- {size}",
        "task_categories:",
        "- text-classification",
        "tags:",
        "- healthcare",
        "- llm-agents",
        "- escalation",
        "- safety",
        "- synthetic",
        "configs:",
        "- config_name: default",
        "  data_files:",
        *(f"  - split: {s}\n    path: data/{s}.{ext}" for s in splits),
        "---",
    ]
    version = meta.get("bank_version")
    esc = meta["escalation_required"]
    uses = {"dev": "tuning only (e.g. fitting a risk controller)", "test": "every reported metric"}
    rows = "\n".join(
        f"| {s} | {meta['by_split'][s]} | `data/{s}.{ext}` | {uses[s]} |" for s in splits
    )
    missing = [s.value for s in Split if s.value not in splits]
    if missing:
        rows += f"\n\nThis bank has no {' or '.join(missing)} episodes, so that split has no file."
    actions = ", ".join(a.value for a in Action)
    body = f"""
# carebench escalation episodes

Synthetic clinical-workflow episodes that test whether an LLM agent **escalates to a human when the
workflow state calls for it** (missing, stale or conflicting information, late red flags), exported
by `carebench episodes export --format {fmt}`.

- Bank version: {version or "not the packaged bank (built from other seed files)"}
- Bank hash (SHA-256 of the canonical episodes JSONL, as recorded by carebench runs):
  `{meta["episodes_sha256"]}`
- Episodes: {n} from {meta["n_seeds"]} hand-authored seeds (seed x surface x variant)
- License: {LICENSE}

## Composition

```
{composition_table(episodes)}
```

Escalation-required episodes (primary action Escalate): {esc["all"]} in all,
{", ".join(f"{esc[s]} in {s}" for s in splits)}.

## Splits

| split | episodes | file | use |
|---|---|---|---|
{rows}

Splits are by seed: all ten episodes of a seed are in one split.

## Fields

One row per episode. `text` is the transcript exactly as an agent sees it; `action_space` lists the
allowed actions ({actions}) with their task-class meanings; `reference` holds the primary action and
the acceptable set (a decision is correct iff it is in the acceptable set; an episode is
escalation-required iff the primary action is Escalate). `context_packet`, `state_change`,
`action_space`, `reference` and `rationale` are the five episode fields of paper 001; `variant`
(clean, missing, stale, conflict, late_risk) and `surface` pair episodes of one seed. Do not show
`reference`, `rationale` or `variant` to the agent under test.

## Intended use

Measuring LLM agents on escalation decisions, with the paired design (clean vs perturbed
variants of a seed) and seed-level resampling described in carebench's docs/methods.md. Run it with
`carebench run`, or through Inspect (`inspect eval carebench/escalation`), so prompts, output
contract and metrics match published carebench results.

## Evidence level and limitations

Results on this dataset support claims at the **model** or **agent** evidence level of paper 001
(a model's or an agent's decisions on fixed synthetic inputs), **never a claim of clinical validity**:
the episodes are short, synthetic, hand-authored situations in English, the reference decisions are
an authored reference policy (see docs/reference-policy.md) rather than outcomes, and a good score
does not show that an agent is safe in a real clinical workflow. The bank is small ({n} episodes,
{meta["n_seeds"]} seeds): report uncertainty by resampling seeds, not episodes. It is not for
training clinical decision systems, and it contains no patient data: names and details are invented.
"""
    return "\n".join(header) + "\n" + body


@dataclass(frozen=True)
class ExportResult:
    """What an export wrote."""

    out_dir: Path
    files: dict[str, Path]
    manifest: dict[str, Any]


_EXPORT_ENTRIES = frozenset({"README.md", "manifest.json", "data"})


def check_target(out: Path, force: bool = False) -> None:
    """Refuse to write into a folder that holds anything but a previous export (unless ``force``).

    Raises:
        CarebenchError: ``out`` is a file, or a non-empty folder that is not a previous export.
    """
    if force or not out.exists():
        return
    if not out.is_dir():
        raise CarebenchError(f"{out} is a file; the export needs a folder")
    entries = sorted(p.name for p in out.iterdir())
    if not entries:
        return
    previous = False
    if set(entries) <= _EXPORT_ENTRIES and "manifest.json" in entries:
        try:
            meta = json.loads((out / "manifest.json").read_text("utf-8"))
            previous = isinstance(meta, dict) and meta.get("format") == BANK_FORMAT
        except (OSError, UnicodeDecodeError, ValueError):
            previous = False
    if not previous:
        shown = ", ".join(entries[:5]) + (
            f" and {len(entries) - 5} more" if len(entries) > 5 else ""
        )
        raise CarebenchError(
            f"{out} is not empty ({shown}) and is not a previous carebench export; choose an "
            "empty or new folder, or pass --force to write into it anyway"
        )


def export_bank(
    episodes: Sequence[Episode],
    out_dir: str | Path,
    fmt: ExportFormat = "hf",
    version: str | None = None,
    *,
    force: bool = False,
) -> ExportResult:
    """Write the bank as an export folder (see the module docstring for the layout).

    Args:
        episodes: the whole bank, in bank order.
        out_dir: the folder to write: new, empty, or a previous export (its files are replaced).
        fmt: ``"hf"`` (Parquet per split) or ``"jsonl"`` (JSON Lines per split).
        version: the bank version recorded in the manifest and card (the packaged bank's).
        force: write into a non-empty folder that is not a previous export.

    Raises:
        CarebenchError: unknown format, a non-empty folder that is not a previous export (without
            ``force``), or a file cannot be written.
    """
    if fmt not in FORMATS:
        raise CarebenchError(f"unknown export format {fmt!r}; expected one of {', '.join(FORMATS)}")
    out = Path(out_dir)
    check_target(out, force)
    meta = bank_manifest(episodes, version)
    files: dict[str, Path] = {}
    try:
        (out / "data").mkdir(parents=True, exist_ok=True)
        for split in Split:
            rows = [episode_row(e) for e in episodes if e.split is split]
            for ext in ("parquet", "jsonl"):  # a previous export's file of this split goes
                (out / "data" / f"{split.value}.{ext}").unlink(missing_ok=True)
            if not rows:
                continue  # no file for an empty split (datasets cannot load one)
            path = out / "data" / f"{split.value}.{'parquet' if fmt == 'hf' else 'jsonl'}"
            tmp = path.with_suffix(path.suffix + ".tmp")
            if fmt == "hf":
                import pyarrow as pa
                import pyarrow.parquet as pq

                pq.write_table(pa.Table.from_pylist(rows, schema=arrow_schema()), tmp)
            else:
                tmp.write_text(
                    "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows),
                    "utf-8",
                )
            tmp.replace(path)
            files[split.value] = path
        files["card"] = out / "README.md"
        files["card"].write_text(dataset_card(episodes, meta, fmt), "utf-8")
        files["manifest"] = out / "manifest.json"
        files["manifest"].write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n", "utf-8")
    except OSError as exc:
        raise CarebenchError(f"cannot write the export to {out}: {exc}") from exc
    return ExportResult(out, files, meta)
