"""Options shared by the commands that read stored runs."""

from __future__ import annotations

import click

BANK = click.option(
    "--bank",
    "bank",
    multiple=True,
    type=click.Path(),
    help="Seed files or folders of the runs' episode bank, when it is no longer where the run "
    "read it (each run's own bank, recorded in the store, is used otherwise). Repeatable.",
)
