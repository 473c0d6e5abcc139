"""Options shared by several commands: the bank of stored runs, a bank of seeds to read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def _paths(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> tuple[str, ...]:
    """Refuse an empty path, which would otherwise read the current folder."""
    if any(not v.strip() for v in value):
        raise click.BadParameter("an empty path; give seed files or folders")
    return value


BANK = click.option(
    "--bank",
    "bank",
    multiple=True,
    type=click.Path(),
    callback=_paths,
    help="Seed files or folders to read the runs' episodes from instead of the copy of each "
    "run's bank the store keeps (needed only for a run stored before copies were kept whose "
    "seeds have moved or changed); checked against the run's bank hash. Repeatable.",
)


def key_values(pairs: tuple[str, ...], flag: str) -> dict[str, str]:
    """``KEY=VALUE`` pairs of a repeatable option as a dict.

    Raises:
        CarebenchError: a pair has no ``=`` or no key (the message names ``flag``).
    """
    from carebench.errors import CarebenchError

    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise CarebenchError(f"{flag} {pair!r}: expected KEY=VALUE")
        out[key] = value
    return out


CLAIM_JUDGE_OPTION = click.option(
    "--claim-judge-option",
    "claim_judge_option",
    multiple=True,
    metavar="KEY=VALUE",
    help="Backend option for the claim judge (repeatable).",
)


def seed_bank(dest: str = "bank", note: str = "") -> Callable[[F], F]:
    """``--bank PATH`` (repeatable) of the commands that read a bank of seeds themselves.

    The value (a tuple of path strings, empty for the packaged bank) goes to parameter ``dest``;
    ``note`` is added to the help text.
    """
    return click.option(
        "--bank",
        dest,
        multiple=True,
        type=click.Path(),
        callback=_paths,
        help="Seed files or folders of a custom bank (the packaged bank when omitted)"
        f"{note}. Repeatable.",
    )
