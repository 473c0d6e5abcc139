"""``carebench runs``: list, show and export stored runs."""

from __future__ import annotations

import json
from pathlib import Path

import click

from carebench.cli.run import WORKSPACE
from carebench.errors import CarebenchError
from carebench.runs.results import export_results, load_results, store_path
from carebench.runs.store import RunStore


def _open(workspace: Path) -> RunStore:
    path = store_path(workspace)
    if not path.exists():
        raise CarebenchError(f"{path}: no run store here (run `carebench run` first)")
    return RunStore(path)


@click.group("runs")
def runs_group() -> None:
    """Inspect and export stored runs."""


@runs_group.command("list")
@WORKSPACE
def list_cmd(workspace: Path) -> None:
    """One line per run: id, label, split, valid / invalid / error records, start time."""
    with _open(workspace) as store:
        rows = store.runs()
    if not rows:
        click.echo("no runs")
        return
    click.echo(f"{'run':<13} {'label':<42} {'split':<5} {'ok':>5} {'inv':>5} {'err':>5}  started")
    for r in rows:
        m = r["manifest"]
        click.echo(
            f"{r['run_id']:<13} {r['label']:<42} {m['split']:<5} {r['ok']:>5} {r['invalid']:>5} "
            f"{r['error']:>5}  {m['started_at']}"
        )


@runs_group.command()
@click.argument("run")
@WORKSPACE
def show(run: str, workspace: Path) -> None:
    """Show a run's manifest and a short summary (RUN: id, unique prefix or label)."""
    frame = load_results(workspace, [run])
    with _open(workspace) as store:
        manifest = store.manifest(store.resolve(run))
    click.echo(json.dumps(manifest, indent=2, sort_keys=True))
    n = len(frame)
    if n:
        click.echo(
            f"records {n}: valid {int(frame['valid'].sum())}, invalid "
            f"{int((frame['status'] == 'invalid').sum())}, errors {int((frame['status'] == 'error').sum())}; "
            f"decision accuracy {frame['correct'].mean():.3f}; escalated on "
            f"{int(frame.loc[frame['escalation_required'], 'escalated'].sum())} of "
            f"{int(frame['escalation_required'].sum())} escalation-required episodes"
        )


@runs_group.command()
@click.argument("run_ids", nargs=-1)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["jsonl", "csv", "parquet"]),
    default="jsonl",
    show_default=True,
)
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    required=True,
    help="Output file (its folder must exist).",
)
@WORKSPACE
def export(run_ids: tuple[str, ...], fmt: str, out: Path, workspace: Path) -> None:
    """Export results (one row per episode x run) for RUN_IDS (all runs when omitted)."""
    frame = load_results(workspace, list(run_ids) or None)
    path = export_results(frame, out, fmt)
    click.echo(f"wrote {len(frame)} rows to {path}")
