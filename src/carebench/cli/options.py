"""Options shared by several commands: the bank of stored runs, a bank of seeds to read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])

BANK = click.option(
    "--bank",
    "bank",
    multiple=True,
    type=click.Path(),
    help="Seed files or folders of the runs' episode bank, when it is no longer where the run "
    "read it (each run's own bank, recorded in the store, is used otherwise). Repeatable.",
)


def seed_bank(dest: str = "bank") -> Callable[[F], F]:
    """``--bank PATH`` (repeatable) of the commands that read a bank of seeds themselves.

    The value (a tuple of path strings, empty for the packaged bank) goes to parameter ``dest``.
    """
    return click.option(
        "--bank",
        dest,
        multiple=True,
        type=click.Path(),
        help="Seed files or folders of a custom bank (the packaged bank when omitted). Repeatable.",
    )
