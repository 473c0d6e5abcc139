"""``carebench scorer``: the work-product scorer's floors and its agreement with labelled cases."""

from __future__ import annotations

import json
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import click

from carebench.cli.options import seed_bank


@click.group("scorer")
def scorer_group() -> None:
    """Check the work-product scorer: gaming floors and agreement with labelled cases."""


@scorer_group.command("agreement")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option(
    "--judge",
    "judge",
    default=None,
    metavar="SPEC",
    help="Also validate a model judge of claim support: NAME[:MODEL][@BASE_URL] (openai:m@URL, "
    "embedded, scripted:judge-rules).",
)
@click.option(
    "--judge-option",
    "judge_option",
    multiple=True,
    metavar="KEY=VALUE",
    help="Judge backend option.",
)
@click.option(
    "--judge-limit",
    type=click.IntRange(1, None),
    default=None,
    help="Validate the judge on this many labelled claims, evenly spaced (default: all).",
)
@click.option(
    "--sets",
    "sets_folder",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=None,
    help="A folder with its own sets.yaml and labelled files (default: the packaged sets).",
)
def agreement_cmd(
    as_json: bool,
    judge: str | None,
    judge_option: tuple[str, ...],
    judge_limit: int | None,
    sets_folder: Path | None,
) -> None:
    """Print the scorer's agreement with the packaged, independently labelled claims and handoffs.

    Per labelled set of the manifest (scenarios/validation/workproduct/sets.yaml: name, role dev or
    held-out, files) and component (claim support, handoff fields), and for the packaged aside
    sets (aside findings, aside fields: whether an aside after a key finding or a field's value
    takes it back): n, accuracy and Cohen's kappa against the adjudicated labels, beside the two
    labellers' kappa with each other. With --judge,
    the judge's claim-support kappa is printed beside the deterministic scorer's on the same claims
    (--judge-limit: a subset). --sets reads another folder's manifest (a new set before it is
    packaged). Exits 1 when a held-out component (or the judge's held-out claim support: the lower
    of its kappa with fallbacks and the model's own) is under the goal; a manifest with no
    held-out set exits 0 and says so.
    """
    from carebench.cli.options import key_values
    from carebench.episodes.bank import load_bank
    from carebench.protocol.scorer_validation import GOAL_KAPPA, scorer_agreement

    folder: Traversable | None = sets_folder
    rows = scorer_agreement({e.episode_id: e for e in load_bank()}, folder)
    judged = (
        _judge_rows(judge, key_values(judge_option, "--judge-option"), judge_limit, folder)
        if judge is not None
        else []
    )
    if as_json:
        doc: object = [r.as_dict() for r in rows]
        if judge is not None:
            doc = {"scorer": doc, "claim_judge": judged}
        click.echo(json.dumps(doc, indent=2))
    else:
        click.echo("component\tset\trole\tn\taccuracy\tkappa\tlabellers' kappa")
        for r in rows:
            cells = [r.accuracy, r.kappa, r.annotator_kappa]
            text = ["-" if v is None else f"{v:.3f}" for v in cells]
            click.echo(f"{r.component}\t{r.subset}\t{r.role}\t{r.n}\t" + "\t".join(text))
        click.echo(
            f"labels: who wrote and labelled them is in the PROVENANCE notes in {sets_folder}"
            if sets_folder is not None
            else "labels: AI sessions blind to the scorer (not clinicians); see the PROVENANCE "
            "notes in src/carebench/scenarios/validation/workproduct/"
        )
        _print_judge_rows(judged)
        if not any(r.role == "held-out" for r in rows):
            click.echo("no held-out set: every figure is on data the scorer was tuned on")
    short = [
        f"{r.component} on {r.subset} ({r.kappa:.2f})"
        if r.kappa
        else f"{r.component} on {r.subset}"
        for r in rows
        if r.role == "held-out" and (r.kappa or 0) < GOAL_KAPPA
    ]
    for j in judged:  # the judge as used (invalid answers fall back) and the model's own verdicts
        kappa = min(j["kappa"] or 0.0, j.get("model_kappa") or 0.0)
        if j["scorer"] != "rules" and j["role"] == "held-out" and kappa < GOAL_KAPPA:
            short.append(
                f"{j['scorer']} claim support on {j['subset']}"
                + (f" ({kappa:.2f}, the lower of the judge's and the model's own)" if kappa else "")
            )
    if short:
        click.echo(f"under the goal kappa >= {GOAL_KAPPA}: {', '.join(short)}", err=True)
        raise SystemExit(1)


def _judge_rows(
    spec: str, options: dict[str, str], limit: int | None, folder: Traversable | None
) -> list[dict[str, Any]]:
    from carebench.protocol.claim_judge import ClaimJudge
    from carebench.protocol.judge_validation import judge_agreement

    return judge_agreement(ClaimJudge(spec, options), limit, folder)


def _print_judge_rows(rows: list[dict[str, Any]]) -> None:
    if not rows:
        return

    def cell(value: object) -> str:
        return "-" if value is None else f"{value:.3f}" if isinstance(value, float) else str(value)

    click.echo("")
    click.echo("claim support on the same labelled claims: deterministic scorer beside the judge")
    click.echo("scorer\tsubset\tn\taccuracy\tkappa\tasked\tinvalid\toverruled\tmodel's own kappa")
    for r in rows:
        keys = ("scorer", "subset", "n", "accuracy", "kappa", "asked", "invalid", "overruled")
        click.echo("\t".join(cell(r.get(k)) for k in (*keys, "model_kappa")))
    for r in rows:
        if r["scorer"] != "rules" and r["subset"] == "all" and r.get("reasons"):
            reasons = "; ".join(f"{k}: {v}" for k, v in r["reasons"].items())
            click.echo(f"{r['scorer']}: invalid or overruled answers by reason: {reasons}")
    click.echo(
        "judge: invalid answers fall back to the deterministic verdict; overruled verdicts "
        "(a quote that does not bear on the claim) count as unsupported (docs/protocol.md)"
    )


@scorer_group.command("floors")
@seed_bank("bank_paths")
@click.option("--json", "as_json", is_flag=True, help="Print the rows as JSON.")
def floors_cmd(bank_paths: tuple[str, ...], as_json: bool) -> None:
    """Print what the reference work product and each gaming policy score on a bank.

    The rows are kept in the cache folder ``carebench report`` uses, keyed by the bank and the
    scorer's source: the first call on a bank takes minutes, later ones (and reports) reuse it.
    """
    from carebench.agents.backends.gaming import GAMING
    from carebench.episodes.bank import load_bank
    from carebench.episodes.cache import derived_cache_dir
    from carebench.episodes.canonical import bank_sha256
    from carebench.protocol.floors import SCORES, bank_floor_rows

    bank = load_bank(list(bank_paths) or None)
    if not as_json:
        click.echo(
            f"scoring the reference and {len(GAMING)} gaming policies on "
            f"{len(bank)} episodes (minutes the first time on a bank; then cached)",
            err=True,
        )
    rows = bank_floor_rows(bank_sha256(bank), bank, derived_cache_dir())
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    click.echo("policy\tgames\tepisodes\t" + "\t".join(SCORES))
    for r in rows:
        values = ["-" if r[s] is None else f"{r[s]:.3f}" for s in SCORES]
        click.echo(
            f"{r['policy']}\t{','.join(r['games']) or '-'}\t{r['episodes']}\t" + "\t".join(values)
        )
