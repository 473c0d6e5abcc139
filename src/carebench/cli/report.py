"""``carebench report`` and ``carebench compare``."""

from __future__ import annotations

from pathlib import Path

import click

from carebench.cli.options import BANK, CLAIM_JUDGE_OPTION
from carebench.cli.run import WORKSPACE
from carebench.metrics.stats import DEFAULT_B, DEFAULT_RNG_SEED

_SPLIT = click.option(
    "--split",
    type=click.Choice(["test", "dev", "all"]),
    default="test",
    show_default=True,
    help="Episodes to score (dev is for tuning; cite test).",
)


@click.command("report")
@click.argument("runs", nargs=-1)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path),
    default=None,
    help="Report folder [default: WORKSPACE/report].",
)
@_SPLIT
@click.option(
    "--bootstrap",
    "b",
    type=click.IntRange(100, 1_000_000),
    default=DEFAULT_B,
    show_default=True,
    help="Bootstrap replicates (resampling seeds).",
)
@click.option(
    "--bins",
    "n_bins",
    type=click.IntRange(2, 100),
    default=10,
    show_default=True,
    help="Equal-width ECE bins.",
)
@click.option("--rng-seed", type=int, default=DEFAULT_RNG_SEED, show_default=True)
@click.option(
    "--plan",
    "plan",
    default=None,
    metavar="NAME_OR_FILE",
    help="Report under this registered analysis plan (name, NAME@vN or its file). Default: the "
    "plan the runs were made under (latest version); none: labelled exploratory.",
)
@click.option(
    "--claim-judge",
    "claim_judge",
    default=None,
    metavar="SPEC",
    help="Decide claim support in the work-product scores with a model judge, "
    "NAME[:MODEL][@BASE_URL] (openai:m@URL, embedded, scripted:judge-rules); the report names it. "
    "Default: the deterministic rules. Validate it first: carebench scorer agreement --judge SPEC.",
)
@CLAIM_JUDGE_OPTION
@BANK
@WORKSPACE
def report_cmd(
    runs: tuple[str, ...],
    out_dir: Path | None,
    split: str,
    b: int,
    n_bins: int,
    rng_seed: int,
    plan: str | None,
    claim_judge: str | None,
    claim_judge_option: tuple[str, ...],
    bank: tuple[str, ...],
    workspace: Path,
) -> None:
    """Write the report for RUNS (ids, prefixes or labels; all runs when omitted).

    Under an analysis plan the planned comparisons are Holm-corrected as the plan's family, and
    every departure from the plan is printed first.
    A workspace holding interruption studies also gets their section (every study).
    """
    from carebench.cli.options import key_values
    from carebench.report import Settings, build_report

    if out_dir is None:
        from carebench.runs.results import workspace_folder

        out_dir = workspace_folder(workspace, "report")
    result = build_report(
        workspace,
        list(runs) or None,
        out_dir,
        split,
        Settings(b=b, rng_seed=rng_seed, n_bins=n_bins),
        bank=bank or None,
        plan=plan,
        claim_judge=claim_judge,
        claim_judge_options=key_values(claim_judge_option, "--claim-judge-option"),
    )
    click.echo(result.summary)
    folder = result.index.parent
    if result.analysis is not None:
        click.echo(f"\nreport: {result.index}  (viewer: {folder / 'viewer.html'})")
    else:
        click.echo(f"\nreport: {result.index}")
    if result.interruptions is not None:
        click.echo(f"interruption-study transcripts: {folder / 'interruptions.html'}")


@click.command("compare")
@click.argument("run_a")
@click.argument("run_b")
@_SPLIT
@BANK
@WORKSPACE
def compare_cmd(run_a: str, run_b: str, split: str, bank: tuple[str, ...], workspace: Path) -> None:
    """Paired seed-level comparison of two runs (Wilcoxon signed-rank, Holm across metrics).

    Both runs must have results in the split and come from the same episode bank.
    """
    from carebench.report.comparison import compare

    result = compare(workspace, run_a, run_b, split=split, bank=bank or None)
    click.echo(str(result))
