"""``carebench demo``: the main job on embedded defaults (no API key, no network)."""

from __future__ import annotations

from pathlib import Path

import click

from carebench.episodes.bank import load_bank, write_bank
from carebench.episodes.render import render_transcript
from carebench.episodes.tables import composition_table


@click.command()
@click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path),
    default=Path("carebench-out"),
    show_default=True,
    help="Workspace folder for everything the job writes.",
)
def demo(out_dir: Path) -> None:
    """Build the packaged episode bank and summarize it."""
    episodes = load_bank()
    result = write_bank(episodes, out_dir / "episodes")
    click.echo(composition_table(episodes))
    click.echo(f"\nbank sha256 {result.manifest['episodes_sha256']}")
    click.echo(f"episodes: {result.episodes_path}\nmanifest: {result.manifest_path}\n")
    click.echo(f"One episode as the agent sees it ({episodes[0].episode_id}):\n")
    click.echo(render_transcript(episodes[0]), nl=False)
