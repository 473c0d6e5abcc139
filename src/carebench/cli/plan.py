"""``carebench plan``: register and list analysis plans, declared before evaluation."""

from __future__ import annotations

import json
from pathlib import Path

import click

from carebench.cli.run import WORKSPACE


@click.group("plan")
def plan_group() -> None:
    """Register analysis plans (costs, metrics, splits, comparisons) before evaluating."""


@plan_group.command("register")
@click.argument("file", type=click.Path(path_type=Path))
@WORKSPACE
def register_cmd(file: Path, workspace: Path) -> None:
    """Validate FILE and register it in the workspace store with its SHA-256 and time.

    The same content registered again is a no-op; changed content under the same name becomes the
    next version. Registered plans are never changed or deleted.
    """
    from carebench.protocol.plans import load_plan
    from carebench.protocol.registry import PlanRegistry
    from carebench.runs.results import store_path
    from carebench.runs.store import RunStore

    plan = load_plan(file)
    with RunStore(store_path(workspace)) as store:
        registered, created = PlanRegistry(store).register(plan)
    state = "registered" if created else "already registered, unchanged:"
    click.echo(f"{state} plan {registered}")
    click.echo(
        f"family: {len(plan.family())} planned test(s) in {len(plan.comparisons)} comparison(s); "
        f"primary costs {plan.costs.describe()}"
    )
    if plan.work_product_family():
        click.echo(
            f"work-product family (its own Holm correction): {len(plan.work_product_family())} "
            "planned test(s)"
        )


@plan_group.command("migrate")
@click.argument("file", type=click.Path(path_type=Path))
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=None,
    help="Write the migrated plan here [default: print it].",
)
def migrate_cmd(file: Path, out: Path | None) -> None:
    """Print plan FILE in the current plan format (carebench-plan/2), or write it with --out.

    A format-1 plan is a format-2 plan with the same content: only its format line changes, and its
    identity (SHA-256) stays the same, so runs made under it still match it.
    """
    from carebench.errors import CarebenchError
    from carebench.protocol.plans import migrate_plan_text

    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CarebenchError(f"{file}: cannot read the analysis plan: {exc}") from exc
    migrated = migrate_plan_text(text, str(file))
    if out is None:
        click.echo(migrated, nl=False)
        return
    from carebench.store import refuse_overwriting_database

    refuse_overwriting_database(out)
    try:
        out.write_text(migrated, encoding="utf-8")
    except OSError as exc:
        raise CarebenchError(f"{out}: cannot write the migrated plan: {exc}") from exc
    click.echo(f"wrote {out} (format carebench-plan/2; same content and identity)")


@plan_group.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print the plans' content as JSON.")
@WORKSPACE
def list_cmd(as_json: bool, workspace: Path) -> None:
    """List every registered plan version: name, version, hash, registration time."""
    from carebench.protocol.registry import PlanRegistry
    from carebench.runs.results import open_store

    with open_store(workspace) as store:
        plans = PlanRegistry(store).plans()
    if as_json:
        click.echo(json.dumps([{**p.ref(), "plan": p.plan.canonical()} for p in plans], indent=2))
        return
    for p in plans:
        click.echo(f"{p.name}\tv{p.version}\t{p.sha256[:12]}\t{p.registered_at}")
    if not plans:
        click.echo("no registered analysis plans (carebench plan register FILE)")
