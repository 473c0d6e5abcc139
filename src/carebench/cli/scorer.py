"""``carebench scorer``: the work-product scorer's floors and its agreement with labelled cases."""

from __future__ import annotations

import json

import click


@click.group("scorer")
def scorer_group() -> None:
    """Check the work-product scorer: gaming floors and agreement with labelled cases."""


@scorer_group.command("agreement")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def agreement_cmd(as_json: bool) -> None:
    """Print the scorer's agreement with the packaged, independently labelled claims and handoffs.

    Per labelled set of the manifest (scenarios/validation/workproduct/sets.yaml: name, role dev or
    held-out, files) and component (claim support, handoff fields): n, accuracy and Cohen's kappa
    against the adjudicated labels, beside the two labellers' kappa with each other. Exits 1 when
    a held-out component is under the goal.
    """
    from carebench.episodes.bank import load_bank
    from carebench.protocol.scorer_validation import GOAL_KAPPA, scorer_agreement

    rows = scorer_agreement({e.episode_id: e for e in load_bank()})
    if as_json:
        click.echo(json.dumps([r.as_dict() for r in rows], indent=2))
    else:
        click.echo("component\tset\trole\tn\taccuracy\tkappa\tlabellers' kappa")
        for r in rows:
            cells = [r.accuracy, r.kappa, r.annotator_kappa]
            text = ["-" if v is None else f"{v:.3f}" for v in cells]
            click.echo(f"{r.component}\t{r.subset}\t{r.role}\t{r.n}\t" + "\t".join(text))
        click.echo(
            "labels: AI sessions blind to the scorer (not clinicians); see the PROVENANCE notes "
            "in src/carebench/scenarios/validation/workproduct/"
        )
        if not any(r.role == "held-out" for r in rows):
            click.echo("no held-out set: every figure is on data the scorer was tuned on")
    short = [r for r in rows if r.role == "held-out" and (r.kappa or 0) < GOAL_KAPPA]
    if short:
        names = ", ".join(
            f"{r.component} on {r.subset} ({r.kappa:.2f})" if r.kappa else r.component
            for r in short
        )
        click.echo(f"under the goal kappa >= {GOAL_KAPPA}: {names}", err=True)
        raise SystemExit(1)


@scorer_group.command("floors")
@click.option(
    "--bank", "bank_paths", multiple=True, help="Seed files or folders (default: packaged)."
)
@click.option("--json", "as_json", is_flag=True, help="Print the rows as JSON.")
def floors_cmd(bank_paths: tuple[str, ...], as_json: bool) -> None:
    """Print what the reference work product and each gaming policy score on a bank."""
    from carebench.episodes.bank import load_bank
    from carebench.protocol.floors import SCORES, floor_rows

    rows = floor_rows(load_bank(list(bank_paths) or None))
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    click.echo("policy\tgames\tepisodes\t" + "\t".join(SCORES))
    for r in rows:
        values = ["-" if r[s] is None else f"{r[s]:.3f}" for s in SCORES]
        click.echo(
            f"{r['policy']}\t{','.join(r['games']) or '-'}\t{r['episodes']}\t" + "\t".join(values)
        )
