"""``carebench power``: what difference can this bank detect?"""

from __future__ import annotations

import json
import math
from pathlib import Path

import click

from carebench.cli.options import seed_bank
from carebench.cli.run import WORKSPACE


def _fmt(x: float | None, digits: int = 3) -> str:
    return "–" if x is None or math.isnan(x) else f"{x:.{digits}f}"


@click.command("power")
@click.option(
    "--split",
    type=click.Choice(["test", "dev"]),
    default="test",
    show_default=True,
    help="The bank split whose seed structure is simulated.",
)
@seed_bank()
@click.option(
    "--plan",
    "plan_file",
    type=click.Path(path_type=Path),
    default=None,
    help="An analysis plan file: its family size sets the Holm level.",
)
@click.option(
    "--family-size",
    type=click.IntRange(1, 10_000),
    default=None,
    help="Holm family size m, without --plan [default: 1].",
)
@click.option(
    "--difference",
    type=click.FloatRange(0, 10, min_open=True),
    default=None,
    help="Also give the power for this decrease (in each metric's own units).",
)
@click.option(
    "--pilot",
    default=None,
    help="A stored run (id, prefix or label) whose per-seed outcomes set each metric's "
    "baseline rate and between-seed spread; stated defaults otherwise.",
)
@WORKSPACE
@click.option(
    "--sims",
    type=click.IntRange(100, 100_000),
    default=1000,
    show_default=True,
    help="Simulated experiments per evaluation.",
)
@click.option(
    "--coupling",
    type=click.FloatRange(0, 1),
    default=0.0,
    show_default=True,
    help="Share of episodes where A's and B's outcomes share one draw.",
)
@click.option(
    "--power",
    "target",
    type=click.FloatRange(0.5, 0.99),
    default=0.8,
    show_default=True,
    help="Target power for the minimum detectable difference.",
)
@click.option(
    "--alpha",
    type=click.FloatRange(0.001, 0.2),
    default=0.05,
    show_default=True,
    help="Family-wise significance level.",
)
@click.option(
    "--method",
    type=click.Choice(["approx", "exact", "auto"]),
    default="approx",
    show_default=True,
    help="Wilcoxon p-values: the normal approximation, the exact null conditional on tied "
    "ranks, or auto: the report's own choice per experiment (exact for few seeds).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
def power_cmd(
    split: str, bank: tuple[str, ...], plan_file: Path | None, family_size: int | None,
    difference: float | None, pilot: str | None, workspace: Path, sims: int, coupling: float,
    target: float, alpha: float, method: str, as_json: bool,
) -> None:  # fmt: skip
    """Minimum detectable difference of the paired seed-level Wilcoxon test, by simulation.

    For accuracy, sensitivity, utility (primary costs) and late-risk sensitivity: the smallest
    decrease from A to B that the paired seed-level test detects with the target power, at
    alpha / m (Holm's first step for a family of m planned tests), on the split's real seed
    structure. Model and assumptions: docs/methods.md, "Power".
    """
    from carebench.episodes import load_bank
    from carebench.errors import CarebenchError
    from carebench.metrics.costs import PRIMARY
    from carebench.report.power_section import pilot_assumptions, power_table, result_dict

    if plan_file is not None and family_size is not None:
        raise CarebenchError("--plan and --family-size both set the family size: give one")
    costs = None
    if plan_file is not None:
        from carebench.protocol.plans import load_plan

        plan = load_plan(plan_file)
        family_size = len(plan.family())
        costs = plan.costs.default
    episodes = load_bank(list(bank) or None, split=split)
    assumptions = None
    if pilot is not None:
        from carebench.runs.results import load_runs

        loaded = load_runs(workspace, [pilot])
        frame = loaded.frame[loaded.frame["split"] == split]
        if frame.empty:
            raise CarebenchError(f"pilot run {pilot} has no results on the {split} split")
        assumptions = pilot_assumptions(frame, next(iter(loaded.labels.values())))
    results = power_table(
        episodes, family_size=family_size or 1, difference=difference,
        assumptions=assumptions, sims=sims, coupling=coupling, target=target, alpha=alpha,
        method=method, costs=costs or PRIMARY,
    )  # fmt: skip
    if as_json:
        click.echo(json.dumps([result_dict(r) for r in results], indent=2, allow_nan=True))
        return
    m = family_size or 1
    click.echo(
        f"Split {split}: {results[0].n_seeds if results else 0} seeds; paired seed-level Wilcoxon "
        f"({method}), two-sided, alpha {alpha:g} / m = {m} -> {alpha / m:.4g}; power target "
        f"{target:g}; {sims} simulated experiments per evaluation; coupling {coupling:g}."
    )
    header = "metric\tseeds\tp0\tsigma\tsource\tMDD\tpower at MDD"
    click.echo(header + (f"\tpower at {difference:g}" if difference is not None else ""))
    for r in results:
        a = r.assumption
        row = (
            f"{r.metric}\t{r.n_seeds}\t{a.p0:.3f}\t{a.sigma:.2f}\t{a.source}\t{_fmt(r.mdd)}\t"
            f"{_fmt(r.power_at_mdd)}"
        )
        click.echo(row + (f"\t{_fmt(r.power_at_stated)}" if difference is not None else ""))
    click.echo(
        "MDD: smallest decrease (B worse than A) detected with the target power; utility in "
        "utility units. NaN (–): not reachable. Evidence level of the simulated figures: none "
        "(a design property of the bank, not a result about any agent)."
    )
