"""The ``carebench`` command: a thin layer that parses options and calls the library.

Errors caused by input (:class:`carebench.CarebenchError`) are printed as one clear message and
exit with status 2, or the error's own ``exit_code`` (3: a run got no answer at all; 75: the store
stayed locked by another process); unexpected errors print a one-line summary (set
``CAREBENCH_DEBUG=1`` for the traceback) and exit with status 1. A user never sees a bare traceback.
"""

from __future__ import annotations

import os
import sys

import click

from carebench import __version__
from carebench.cli.controller import controller_group, detect_cmd, detectors_group
from carebench.cli.demo import demo_cmd
from carebench.cli.episodes import episodes_group
from carebench.cli.report import compare_cmd, report_cmd
from carebench.cli.run import run_cmd
from carebench.cli.runs import runs_group
from carebench.errors import CarebenchError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="carebench")
def cli() -> None:
    """carebench: escalation and workflow-safety benchmarks for healthcare LLM agents."""


cli.add_command(demo_cmd)
cli.add_command(episodes_group)
cli.add_command(run_cmd)
cli.add_command(runs_group)
cli.add_command(report_cmd)
cli.add_command(compare_cmd)
cli.add_command(detect_cmd)
cli.add_command(detectors_group)
cli.add_command(controller_group)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the console script."""
    try:
        code = cli.main(args=argv, prog_name="carebench", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except CarebenchError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except BrokenPipeError:
        sys.exit(0)
    except Exception as exc:  # the last line of defence: no bare traceback for users
        if os.environ.get("CAREBENCH_DEBUG"):
            raise
        click.echo(
            f"internal error: {type(exc).__name__}: {exc} (set CAREBENCH_DEBUG=1 for the traceback)",
            err=True,
        )
        sys.exit(1)
    if isinstance(code, int) and code:
        sys.exit(code)
