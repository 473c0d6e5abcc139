"""``carebench run``: run one agent over the episode bank, resumably."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any, NoReturn

import click

from carebench.agents.backends import backend_names
from carebench.agents.config import BackendConfig, SamplingParams
from carebench.agents.prompts import Condition
from carebench.cli.options import seed_bank
from carebench.errors import CarebenchError, error_message
from carebench.metrics.costs import CostMatrix
from carebench.runs.config import RunConfig, RunPlan
from carebench.runs.execute import run_agent
from carebench.runs.results import store_path
from carebench.runs.runner import RunSummary
from carebench.runs.store import Record

WORKSPACE = click.option(
    "--workspace",
    type=click.Path(path_type=Path),
    default=Path("carebench-out"),
    show_default=True,
    help="Workspace folder holding the run store (carebench.db).",
)


# option names whose flag is not the field name with dashes
_FLAGS = {
    "c_fn": "--cost-fn",
    "c_fp": "--cost-fp",
    "timeout_s": "--timeout",
    "deadline_s": "--deadline",
    "max_retries": "--retries",
}


def _options(pairs: tuple[str, ...]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise CarebenchError(f"--option {pair!r}: expected KEY=VALUE")
        options[key] = value
    return options


class _Progress:
    """Progress on stderr: throughput, time left, invalid and error counts, and cache hits.

    On a terminal a rich progress bar; otherwise (a log file, CI) a plain line at most every
    :attr:`EVERY_S` seconds and one when the run's last record is stored; nothing with
    ``quiet``.
    """

    #: Seconds between plain progress lines when stderr is not a terminal.
    EVERY_S = 30.0

    def __init__(self, quiet: bool = False) -> None:
        self.enabled = not quiet and sys.stderr.isatty()
        self.lines = not quiet and not self.enabled
        self._progress: Any = None
        self._task: Any = None
        self._begin = 0.0
        self._todo = 0
        self._last_line = 0.0

    def start(self, summary: RunSummary) -> None:
        self.stop()  # the bar of a previous run, when one progress drives several
        todo = summary.total - summary.already_done
        click.echo(
            f"run {summary.run_id} ({summary.label}): {summary.total} records, "
            f"{summary.already_done} already stored, {todo} to do",
            err=True,
        )
        self._todo = todo
        self._begin = self._last_line = time.perf_counter()
        if not self.enabled or todo == 0:
            return
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        # the label is on the line above, so the bar fits an 80-column terminal
        self._progress = Progress(
            BarColumn(bar_width=24),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]:.1f} ep/s"),
            TimeRemainingColumn(),
            TextColumn(
                "invalid {task.fields[invalid]} errors {task.fields[errors]} cache {task.fields[hits]}"
            ),
            transient=False,
        )
        self._progress.start()
        self._task = self._progress.add_task(
            summary.label, total=todo, rate=0.0, invalid=0, errors=0, hits=0
        )

    def record(self, record: Record, summary: RunSummary) -> None:
        now = time.perf_counter()
        elapsed = max(now - self._begin, 1e-9)
        if self.lines:
            done = summary.completed_now
            if done >= self._todo or now - self._last_line >= self.EVERY_S:
                self._last_line = now
                rate = done / elapsed
                minutes = (self._todo - done) / rate / 60 if rate else 0.0
                when = f"about {minutes:.0f} min" if minutes >= 1 else "under a minute"
                left = f", {when} left" if done < self._todo else ""
                click.echo(
                    f"  {done}/{self._todo} records, {rate:.2f} records/s{left}; invalid "
                    f"{summary.invalid}, errors {summary.errors}, cache {summary.cache_hits}",
                    err=True,
                )
        if self._progress is None:
            return
        self._progress.update(
            self._task,
            advance=1,
            rate=summary.completed_now / elapsed,
            invalid=summary.invalid,
            errors=summary.errors,
            hits=summary.cache_hits,
        )

    def stop(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None


def interrupted(what: str = "record") -> NoReturn:
    """Ctrl-C: say that nothing stored is lost and how to resume, and exit 130."""
    click.echo(
        f"interrupted: every stored {what} is complete; run the same command to resume",
        err=True,
    )
    sys.exit(130)


def execute(config: RunConfig, workspace: Path, quiet: bool = False) -> RunSummary:
    """Run ``config`` (:func:`carebench.runs.execute.run_agent`) with a progress bar.

    Ctrl-C stops cleanly (records so far are kept).
    """
    progress = _Progress(quiet)
    try:
        return run_agent(config, workspace, on_start=progress.start, on_record=progress.record)
    except KeyboardInterrupt:
        progress.stop()
        interrupted()
    finally:
        progress.stop()


def print_summary(summary: RunSummary, workspace: Path) -> None:
    """One paragraph about what the invocation did."""
    click.echo(
        f"run {summary.run_id} ({summary.label}): {summary.completed_now} new records "
        f"({summary.ok} valid, {summary.invalid} invalid, {summary.errors} errors), "
        f"{summary.already_done} already stored; retries {summary.retries}; response cache "
        f"{summary.cache_hits} hits / {summary.cache_misses} misses; {summary.wall_s:.1f} s"
    )
    if summary.invalid_work_products:
        click.echo(
            f"note: {summary.invalid_work_products} of the {summary.ok} valid decisions carry a work "
            "product that breaks its rules (counted as invalid work products in the report; "
            "`carebench runs export RUN` has the raw outputs)"
        )
    for note in summary.notes:
        click.echo(f"note: {note}")
    click.echo(f"store: {store_path(workspace)}")


def _plan(ref: str, workspace: Path) -> RunPlan:
    """The registered plan ``ref`` names in the workspace store (refused when unregistered)."""
    from carebench.protocol.registry import PlanRegistry
    from carebench.runs.store import RunStore

    with RunStore(store_path(workspace)) as store:
        return RunPlan.from_registered(PlanRegistry(store).resolve(ref))


def _note_unscored(content: dict[str, Any], label: str, output: str) -> None:
    """Warn when the plan's work-product tests name this decision-only run (never computed)."""
    from carebench.protocol.planned_work import unscored_tests
    from carebench.protocol.plans import AnalysisPlan

    tests = unscored_tests(AnalysisPlan.model_validate(content), label, output)
    if tests:
        click.echo(
            f"note: the plan's work-product tests {', '.join(tests)} name this run, which is "
            f"--output {output}: it has no work product, so the report will list them as not "
            "computed (p = 1); run with --output extended to score them",
            err=True,
        )


class _BackendOption(click.Option):
    """``--backend``, whose help lists the installed backends only when help is shown.

    Listing them reads every installed package's entry points, which a run does not need.
    """

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        self.help = f"One of: {', '.join(backend_names())}."
        return super().get_help_record(ctx)


@click.command("run")
@click.option("--backend", cls=_BackendOption, default="embedded", show_default=True)
@click.option(
    "--model", default=None, help="Model name (openai), GGUF path (embedded) or policy (scripted)."
)
@click.option(
    "--base-url",
    "base_urls",
    multiple=True,
    metavar="URL",
    help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1; repeat it for replicas of "
    "one model (requests go to the least busy).",
)
@click.option(
    "--api-key-env",
    default="OPENAI_API_KEY",
    show_default=True,
    help="Name of the environment variable holding the API key (the key is never stored).",
)
@click.option(
    "--option", "options", multiple=True, metavar="KEY=VALUE", help="Backend option (repeatable)."
)
@click.option(
    "--condition",
    type=click.Choice([c.value for c in Condition]),
    default="vanilla",
    show_default=True,
)
@click.option(
    "--split", type=click.Choice(["dev", "test", "all"]), default="all", show_default=True
)
@click.option(
    "--episode",
    "episode_ids",
    multiple=True,
    metavar="ID",
    help="Run only these episodes (repeatable).",
)
@seed_bank("bank_paths")
@click.option("--temperature", type=float, default=0.0, show_default=True)
@click.option("--top-p", type=float, default=1.0, show_default=True)
@click.option(
    "--max-tokens",
    type=int,
    default=None,
    help="Completion token limit [default: 256; 1024 with --output extended].",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--repeats", type=int, default=1, show_default=True)
@click.option(
    "--cost-fn",
    type=float,
    default=5.0,
    show_default=True,
    help="Declared cost of a missed escalation (finite, >= 0).",
)
@click.option(
    "--cost-fp",
    type=float,
    default=1.0,
    show_default=True,
    help="Declared cost of an unnecessary escalation (finite, >= 0).",
)
@click.option(
    "--output",
    type=click.Choice(["decision", "extended"]),
    default="decision",
    show_default=True,
    help="extended: the agent also returns its work product (a cited draft for Answer, a "
    "handoff for Escalate), scored by the protocol's atomic scores (docs/protocol.md).",
)
@click.option(
    "--plan",
    "plan_ref",
    default=None,
    metavar="NAME_OR_FILE",
    help="Run under a registered analysis plan (name, NAME@vN, or its file): the plan's hash and "
    "cost matrices go into the run. Replaces --cost-fn/--cost-fp.",
)
@click.option("--concurrency", type=int, default=8, show_default=True)
@click.option(
    "--timeout",
    "timeout_s",
    type=float,
    default=300.0,
    show_default=True,
    help="Seconds one attempt of a request may take, start to last byte.",
)
@click.option(
    "--deadline",
    "deadline_s",
    type=float,
    default=600.0,
    show_default=True,
    help="Seconds one request may take in total: every attempt and backoff together.",
)
@click.option(
    "--retries",
    "max_retries",
    type=int,
    default=4,
    show_default=True,
    help="Retries on transient failures.",
)
@click.option(
    "--quiet", is_flag=True, help="No progress (a bar on a terminal, else a line every 30 s)."
)
@WORKSPACE
def run_cmd(
    backend: str,
    model: str | None,
    base_urls: tuple[str, ...],
    api_key_env: str,
    options: tuple[str, ...],
    condition: str,
    split: str,
    episode_ids: tuple[str, ...],
    bank_paths: tuple[str, ...],
    temperature: float,
    top_p: float,
    max_tokens: int | None,
    seed: int,
    repeats: int,
    cost_fn: float,
    cost_fp: float,
    output: str,
    plan_ref: str | None,
    concurrency: int,
    timeout_s: float,
    deadline_s: float,
    max_retries: int,
    quiet: bool,
    workspace: Path,
) -> None:
    """Run one agent over the episodes and store every result; re-running resumes."""
    from pydantic import ValidationError

    plan = None
    if plan_ref is not None:
        ctx = click.get_current_context()
        explicit = [
            f"--{name.replace('_', '-')}"
            for name in ("cost_fn", "cost_fp")
            if ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT
        ]
        if explicit:
            raise CarebenchError(
                f"{' and '.join(explicit)} cannot be combined with --plan: the plan declares the "
                "costs"
            )
        plan = _plan(plan_ref, workspace)
    try:
        config = RunConfig(
            backend=BackendConfig(
                name=backend,
                model=model,
                base_url=base_urls,
                api_key_env=api_key_env,
                options=_options(options),
            ),
            condition=Condition(condition),
            sampling=SamplingParams(
                temperature=temperature,
                top_p=top_p,
                max_tokens=(1024 if output == "extended" else 256)
                if max_tokens is None
                else max_tokens,
                seed=seed,
                repeats=repeats,
            ),
            split=split,
            episode_ids=episode_ids or None,
            bank_paths=bank_paths or None,
            costs=plan.costs.default if plan else CostMatrix(c_fn=cost_fn, c_fp=cost_fp),
            output=output,
            plan=plan,
            concurrency=concurrency,
            timeout_s=timeout_s,
            deadline_s=deadline_s,
            max_retries=max_retries,
        )
    except ValidationError as exc:
        first = exc.errors()[0]
        flag = _FLAGS.get(str(first["loc"][-1]), "--" + str(first["loc"][-1]).replace("_", "-"))
        message = error_message(first)
        raise CarebenchError(f"invalid {flag}: {message}") from exc
    _refuse_promotion(config.label())
    if plan is not None and plan.content is not None:
        _note_unscored(plan.content, config.label(), output)
    summary = execute(config, workspace, quiet)
    print_summary(summary, workspace)
    summary.check()


def _refuse_promotion(label: str) -> None:
    """Refuse, before anything runs, a run label that ``carebench report`` would refuse.

    The label holds the model name; a report of a run whose label promotes its result
    ("clinically validated", "safe for deployment") is refused by paper 001's reporting rule,
    and a stored run cannot be renamed, so the name is checked when the run is made.
    """
    from carebench.protocol.levels import EvidenceLevel, promotion_phrases_in

    found = promotion_phrases_in(label, EvidenceLevel.AGENT, joined=True)
    if found:
        raise CarebenchError(
            f"invalid --model: the run label {label!r} contains the promotion phrase "
            f"{found[0]!r}; carebench report refuses to report such a run (paper 001: a result "
            "is never promoted to a stronger claim), so it is not started. Serve the model "
            "under another name (or rename the model file)"
        )
