"""``carebench demo``: the main job on embedded defaults (:func:`carebench.demo.run_demo`)."""

from __future__ import annotations

from pathlib import Path

import click

from carebench.cli.run import _Progress, interrupted
from carebench.demo import demo_configs, run_demo
from carebench.episodes.bank import load_bank
from carebench.episodes.tables import composition_table
from carebench.runs.config import Selection
from carebench.runs.results import store_path


@click.command("demo")
@click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path),
    default=Path("carebench-out"),
    show_default=True,
    help="Workspace folder for everything the job writes.",
)
@click.option(
    "--split",
    type=click.Choice(["dev", "test", "all"]),
    default="dev",
    show_default=True,
    help="Episodes to run (dev keeps the job to a few minutes on 2 cores).",
)
@click.option(
    "--model", default=None, help="A local GGUF file instead of the packaged SmolLM2-135M."
)
@click.option("--max-tokens", type=int, default=128, show_default=True)
@click.option(
    "--quiet", is_flag=True, help="No progress (a bar on a terminal, else a line every 30 s)."
)
def demo_cmd(
    out_dir: Path, split: Selection, model: str | None, max_tokens: int, quiet: bool
) -> None:
    """Build the bank, run baselines and the embedded model under both conditions, and report."""
    click.echo(composition_table(load_bank()))
    progress = _Progress(quiet)
    try:
        result = run_demo(
            out_dir,
            configs=demo_configs(split, model, max_tokens),
            split=split,
            on_start=progress.start,
            on_record=progress.record,
        )
    except KeyboardInterrupt:
        interrupted()
    finally:
        progress.stop()
    click.echo(
        f"\nbank sha256 {result.bank.manifest['episodes_sha256']} -> {result.bank.episodes_path}"
    )
    click.echo(f"\n{result.report.summary}\n")
    if split == "dev":
        click.echo(
            "The dev split is for tuning; run the test split for claims (carebench run --split test)."
        )
    report = result.report.index
    click.echo(f"report: {report}  (episode viewer: {report.parent / 'viewer.html'})")
    click.echo(f"store:  {store_path(out_dir)}  (carebench runs list --workspace {out_dir})")
