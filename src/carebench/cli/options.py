"""Options shared by the commands that read stored runs."""

from __future__ import annotations

from pathlib import Path

import click

BANK = click.option(
    "--bank",
    "bank",
    multiple=True,
    type=click.Path(),
    help="Seed files or folders of the runs' episode bank, when it is no longer where the run "
    "read it (each run's own bank, recorded in the store, is used otherwise). Repeatable.",
)


def workspace_folder(workspace: Path, name: str) -> Path:
    """``name`` inside the workspace folder (``--workspace`` may also be its ``.db`` file)."""
    return (workspace.parent if workspace.suffix == ".db" else workspace) / name
