"""``carebench runs``: list, show and export stored runs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from carebench.cli.options import BANK, seed_bank
from carebench.cli.run import WORKSPACE
from carebench.errors import CarebenchError
from carebench.runs.listing import (
    incomplete_note,
    results_summary,
    workspace_runs,
)
from carebench.runs.results import (
    EXPORT_FORMATS,
    export_format,
    export_results,
    load_results,
    load_runs,
    open_store,
)


@click.group("runs")
def runs_group() -> None:
    """Inspect and export stored runs."""


@runs_group.command("list")
@WORKSPACE
def list_cmd(workspace: Path) -> None:
    """One line per run: id, label, split, ok / invalid / error records, records planned, start.

    A run with fewer records than it planned (interrupted) is marked incomplete.

    Runs that share a backend:model/condition are labelled with what tells them apart. A run whose
    stored manifest cannot be read is listed after the others with what to do (exit status 1);
    the others stay usable by name.
    """
    rows, damaged = workspace_runs(workspace)
    if not rows and not damaged:
        click.echo("no runs")
        return
    width = max(len("label"), *(len(r.label) for r in rows), *(len(d.label) for d in damaged))
    click.echo(
        f"{'run':<13} {'label':<{width}} {'split':<5} {'ok':>5} {'inv':>5} {'err':>5} "
        f"{'planned':>7}  started"
    )
    for r in rows:
        planned = "?" if r.manifest.planned_records is None else r.manifest.planned_records
        click.echo(
            f"{r.run_id:<13} {r.label:<{width}} {r.split:<5} {r.ok:>5} {r.invalid:>5} "
            f"{r.error:>5} {planned:>7}  {r.started_at}" + (f"  {r.note}" if r.note else "")
        )
    for d in damaged:
        click.echo(f"{d.run_id:<13} {d.label:<{width}} ⚠ unreadable: {d.error}")
    if damaged:
        raise SystemExit(1)


@runs_group.command()
@click.argument("run")
@BANK
@WORKSPACE
def show(run: str, bank: tuple[str, ...], workspace: Path) -> None:
    """Show a run's manifest and a short summary (RUN: id, unique prefix or label)."""
    loaded = load_runs(workspace, [run], bank=bank or None)
    (manifest,) = loaded.manifests.values()
    click.echo(json.dumps(manifest.stored(), indent=2, sort_keys=True))
    s = results_summary(loaded.frame)
    if s["records"]:
        counted = (
            " (invalid outputs and errors count as incorrect)" if s["valid"] < s["records"] else ""
        )
        click.echo(
            f"records {s['records']}: valid {s['valid']}, invalid {s['invalid']}, errors "
            f"{s['errors']}; decision accuracy {s['accuracy']:.3f}{counted}; escalated on "
            f"{s['escalated_when_required']} of {s['escalation_required']} "
            "escalation-required records"
        )
        if not s["valid"]:
            click.echo(
                f"no valid output in this run: read the raw outputs and error messages with "
                f"carebench runs export {run}"
            )
    note = incomplete_note(
        len(loaded.frame), manifest.planned_records, loaded.unresumable.get(manifest.run_id)
    )
    if note:
        click.echo(note)


@runs_group.command()
@click.argument("run_ids", nargs=-1)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(EXPORT_FORMATS),
    help="Output format (default: from the --out file's suffix, .csv, .parquet, else jsonl).",
)
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    required=True,
    help="Output file (its folder must exist).",
)
@click.option(
    "--scores",
    is_flag=True,
    help="Export the per-episode work-product scores of extended runs instead (paper 001).",
)
@BANK
@WORKSPACE
def export(
    run_ids: tuple[str, ...],
    fmt: str | None,
    out: Path,
    scores: bool,
    bank: tuple[str, ...],
    workspace: Path,
) -> None:
    """Export results (one row per episode x run) for RUN_IDS (all runs when omitted).

    With --scores: one row per record of an extended run with its atomic scores and their
    components (continuity, traceability, handoff, overall; docs/protocol.md). CSV text cells are made
    safe for spreadsheets (a leading =, +, - or @ gets a ', control characters are escaped);
    JSON Lines and Parquet keep the stored text exactly (docs/report.md, Exports).
    """
    fmt = export_format(out, fmt)
    if scores:
        from carebench.protocol.summary import work_product_scores
        from carebench.runs.results import load_runs

        loaded = load_runs(workspace, list(run_ids) or None, bank=bank or None)
        frame = work_product_scores(
            loaded.frame, {r: m.stored() for r, m in loaded.manifests.items()}, loaded.banks
        )
        if frame.empty:
            among = f" among {', '.join(run_ids)}" if run_ids else ""
            raise CarebenchError(
                f"no extended-output runs to score{among} (carebench run --output extended)"
            )
    else:
        frame = load_results(workspace, list(run_ids) or None, bank=bank or None)
    path = export_results(frame, out, fmt)
    click.echo(f"wrote {len(frame)} rows to {path}")


@runs_group.command()
@click.argument("run")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@WORKSPACE
def delete(run: str, yes: bool, workspace: Path) -> None:
    """Delete one run and all its records from the store.

    RUN is a run id, a unique id prefix or an exact label as `runs list` shows it (never a part of
    one: a deletion names its run). Works on a run whose stored manifest is corrupted (by id or
    stored label). Also removed: the store's copy of a bank no remaining run was made on. Other
    runs, the response cache, plans and annotations are not touched. There is no undo; copy
    carebench.db first to keep it.
    """
    from carebench.runs.results import shown_labels

    with open_store(workspace) as store:
        path = store.path
        shown = shown_labels(store)  # a run with a corrupted manifest keeps its stored label
        by_label = {label: run_id for run_id, label in shown.items()}

        def ask(run_id: str, label: str) -> bool:
            named = shown.get(run_id, label)
            click.echo(
                f"delete run {run_id} ({named}) and all its records from {path}? [y/N]: ", nl=False
            )
            answer = sys.stdin.readline() if sys.stdin is not None else ""
            if not answer:  # the input ended or is closed: not an interrupt, and not a yes
                click.echo()
                raise CarebenchError(
                    f"no answer to the question (the input ended); nothing deleted: run "
                    f"`carebench runs delete {run_id} --yes` to delete without asking"
                )
            return answer.strip().lower() in ("y", "yes")

        deleted = store.delete_run(by_label.get(run, run), None if yes else ask)
    if deleted is None:
        click.echo("nothing deleted")
        return
    run_id, label, n = deleted
    click.echo(f"deleted run {run_id} ({shown.get(run_id, label)}) and its {n} records")


# --- runs import-inspect ------------------------------------------------------------------------
@runs_group.command("import-inspect")
@click.argument("logs", nargs=-1, required=True, type=click.Path(path_type=Path))
@seed_bank("bank_paths", "; the bank the logs were made on, never read from a log")
@click.option(
    "--allow-failed",
    is_flag=True,
    help="Import logs of failed or cancelled evals too (their failed samples become error records).",
)
@WORKSPACE
def import_inspect(
    logs: tuple[Path, ...], bank_paths: tuple[str, ...], allow_failed: bool, workspace: Path
) -> None:
    """Import Inspect eval LOGS of carebench/escalation as runs (one run per log).

    Needs the inspect extra (pip install 'carebench[inspect]'). Then `carebench report` and
    `carebench compare` work on the imported runs. A log of a failed eval is refused unless
    --allow-failed is given.
    """
    from carebench.interop.inspect_import import import_log
    from carebench.runs.results import store_path
    from carebench.runs.store import RunStore

    with RunStore(store_path(workspace)) as store:
        for log in logs:
            s = import_log(log, store, bank_paths or None, allow_failed)
            flag = "" if s.status == "success" else f" (the eval's status was {s.status})"
            click.echo(
                f"imported {s.log} as run {s.run_id} ({s.label}): {s.samples} records, "
                f"ok {s.ok}, invalid {s.invalid}, errors {s.errors}{flag}"
            )
