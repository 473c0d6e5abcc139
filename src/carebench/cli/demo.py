"""``carebench demo``: the main job on embedded defaults (no API key, no network).

It builds the episode bank, runs four scripted baselines (on every split) and the embedded
SmolLM2-135M under both prompt conditions on the dev split (80 episodes each; the full 400-episode bank takes about 2 s per
episode per condition on 2 CPU cores, so the demo keeps to dev), and ends with the full report
(index.html, viewer.html, metrics.json, CSVs, figures) in ``<out>/report``.
Re-running resumes from the store and takes seconds.
"""

from __future__ import annotations

from pathlib import Path

import click

from carebench.agents.config import BackendConfig, SamplingParams
from carebench.agents.prompts import Condition
from carebench.cli.run import execute
from carebench.episodes.bank import load_bank, write_bank
from carebench.episodes.tables import composition_table
from carebench.report import build_report
from carebench.runs.config import RunConfig
from carebench.runs.results import store_path

BASELINES = ("oracle", "always-escalate", "always-answer", "rule")


def demo_configs(split: str, model: str | None, max_tokens: int) -> list[RunConfig]:
    """The runs of the demo: scripted baselines, then the embedded model under both conditions."""
    # baselines are instant, so they run on every split: the report's controller section fits
    # them on dev and scores them on test
    configs = [
        RunConfig(backend=BackendConfig(name="scripted", model=p), split="all") for p in BASELINES
    ]
    configs += [
        RunConfig(
            backend=BackendConfig(name="embedded", model=model),
            condition=condition,
            split=split,
            sampling=SamplingParams(max_tokens=max_tokens),
        )
        for condition in Condition
    ]
    return configs


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
@click.option("--quiet", is_flag=True, help="No progress bars.")
def demo_cmd(out_dir: Path, split: str, model: str | None, max_tokens: int, quiet: bool) -> None:
    """Build the bank, run baselines and the embedded model under both conditions, and report."""
    episodes = load_bank()
    result = write_bank(episodes, out_dir / "episodes")
    click.echo(composition_table(episodes))
    click.echo(f"\nbank sha256 {result.manifest['episodes_sha256']} -> {result.episodes_path}\n")
    run_ids = [
        execute(config, out_dir, quiet).run_id for config in demo_configs(split, model, max_tokens)
    ]
    report = build_report(out_dir, run_ids, out_dir / "report", split)
    click.echo(f"\n{report.summary}\n")
    if split == "dev":
        click.echo(
            "The dev split is for tuning; run the test split for claims (carebench run --split test)."
        )
    click.echo(f"report: {report.index}  (episode viewer: {report.index.parent / 'viewer.html'})")
    click.echo(f"store:  {store_path(out_dir)}  (carebench runs list --workspace {out_dir})")
