"""The ``carebench`` command: a thin layer that parses options and calls the library.

Errors caused by input (:class:`carebench.CarebenchError`) are printed as one clear message and
exit with status 2, or the error's own ``exit_code`` (3: a run got no answer at all; 75: the store
stayed locked by another process); unexpected errors print a one-line summary (set
``CAREBENCH_DEBUG=1`` for the traceback) and exit with status 1. A user never sees a bare traceback.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from carebench.errors import CarebenchError

# name -> (module, attribute, one-line help). Command modules are imported only when their command
# runs or prints its own help, so ``carebench --help`` imports neither pydantic nor numpy; a test
# checks each line here against the command's own short help.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "annotate": (
        "carebench.cli.annotate",
        "annotate_group",
        "Two blinded annotators label episodes, an adjudicator resolves (paper 001).",
    ),
    "demo": (
        "carebench.cli.demo",
        "demo_cmd",
        "Build the bank, run baselines and the embedded model under both conditions, and report.",
    ),
    "episodes": (
        "carebench.cli.episodes",
        "episodes_group",
        "Author, validate and build the escalation episode bank.",
    ),
    "run": (
        "carebench.cli.run",
        "run_cmd",
        "Run one agent over the episodes and store every result; re-running resumes.",
    ),
    "runs": ("carebench.cli.runs", "runs_group", "Inspect and export stored runs."),
    "report": (
        "carebench.cli.report",
        "report_cmd",
        "Write the report for RUNS (ids, prefixes or labels; all runs when omitted).",
    ),
    "compare": (
        "carebench.cli.report",
        "compare_cmd",
        "Paired seed-level comparison of two runs (Wilcoxon signed-rank, Holm across metrics).",
    ),
    "detect": (
        "carebench.cli.controller",
        "detect_cmd",
        "Print C, M, H (and what fired them) for EPISODE_IDS, or for the whole bank as TSV.",
    ),
    "detectors": ("carebench.cli.controller", "detectors_group", "Audit the workflow detectors."),
    "controller": (
        "carebench.cli.controller",
        "controller_group",
        "Fit and evaluate the two-threshold risk controller (dev fit, test evaluation).",
    ),
    "plan": (
        "carebench.cli.plan",
        "plan_group",
        "Register analysis plans (costs, metrics, splits, comparisons) before evaluating.",
    ),
    "scorer": (
        "carebench.cli.scorer",
        "scorer_group",
        "Check the work-product scorer: gaming floors and agreement with labelled cases.",
    ),
    "interrupt": (
        "carebench.cli.interrupt",
        "interrupt_group",
        "The interruption study (paper 002): patients cutting a voice agent off mid-turn.",
    ),
}


def load_command(name: str) -> click.Command:
    """Import and return the command registered as ``name``."""
    module, attribute, _ = COMMANDS[name]
    command: click.Command = getattr(importlib.import_module(module), attribute)
    return command


class _LazyGroup(click.Group):
    """A group whose subcommands are imported on first use (see ``COMMANDS``)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return load_command(cmd_name) if cmd_name in COMMANDS else None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = [(n, click.Command(n, help=COMMANDS[n][2]).get_short_help_str(limit)) for n in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _version() -> str:
    from carebench._version import __version__

    return __version__


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(_version(), prog_name="carebench")
def cli() -> None:
    """carebench: escalation and workflow-safety benchmarks for healthcare LLM agents."""


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
