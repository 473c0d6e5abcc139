"""``carebench annotate``: the annotation and adjudication app and its database."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import click

from carebench.errors import CarebenchError

_DB = click.option(
    "--db",
    "db",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The annotation database (SQLite; created on first use).",
)

INSTALL_HINT = (
    "the annotation app needs the optional web dependencies: pip install 'carebench[annotate]'"
)


@click.group("annotate")
def annotate_group() -> None:
    """Two blinded annotators label episodes, an adjudicator resolves (paper 001)."""


@annotate_group.command("serve")
@_DB
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind.")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--bank",
    multiple=True,
    type=click.Path(exists=True, path_type=Path),
    help="Seed files or folders (the packaged bank when omitted). Repeatable.",
)
@click.option("--seed", "seeds", multiple=True, help="Serve only this seed id. Repeatable.")
@click.option(
    "--variant",
    "variants",
    multiple=True,
    type=click.Choice(["clean", "missing", "stale", "conflict", "late_risk"]),
    help="Serve only this variant. Repeatable.",
)
def serve_cmd(
    db: Path,
    host: str,
    port: int,
    bank: tuple[Path, ...],
    seeds: tuple[str, ...],
    variants: tuple[str, ...],
) -> None:
    """Serve the annotation app (one unit = one seed x variant) until Ctrl-C."""
    missing = [
        m for m in ("fastapi", "uvicorn", "multipart") if importlib.util.find_spec(m) is None
    ]
    if missing:
        raise CarebenchError(f"{INSTALL_HINT} (missing: {', '.join(missing)})")
    from carebench.episodes.bank import load_bank
    from carebench.protocol.annotation import build_units
    from carebench.protocol.annotation_store import AnnotationStore
    from carebench.web.app import serve

    units = build_units(load_bank(list(bank) or None), seeds, variants)
    if not AnnotationStore(db).users():
        click.echo(
            f"note: {db} has nobody yet; add people with "
            f"`carebench annotate user add NAME --role annotator --db {db}`",
            err=True,
        )
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(
            f"warning: binding to {host}: tokens and labels travel unencrypted; put a TLS proxy "
            "in front of it",
            err=True,
        )
    click.echo(f"Serving {len(units)} units on http://{host}:{port}/ (Ctrl-C to stop)")
    serve(db, units, host=host, port=port)


@annotate_group.group("user")
def user_group() -> None:
    """People who sign in to the app."""


@user_group.command("add")
@click.argument("name")
@click.option(
    "--role", required=True, type=click.Choice(["annotator", "adjudicator"]), help="Their role."
)
@_DB
def user_add(name: str, role: str, db: Path) -> None:
    """Add NAME and print their sign-in token (shown once; only its hash is stored)."""
    from carebench.protocol.annotation_store import AnnotationStore

    token = AnnotationStore(db).add_user(name, role)
    click.echo(token)
    click.echo(f"added {role} {name!r}; give them the token above, it is not shown again", err=True)


@user_group.command("list")
@_DB
def user_list(db: Path) -> None:
    """List the people of the database (names and roles; tokens are never shown)."""
    from carebench.protocol.annotation_store import AnnotationStore

    for user in AnnotationStore(db, create=False).users():
        click.echo(f"{user.name}\t{user.role}")


@annotate_group.command("export")
@_DB
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
def export_cmd(db: Path, out_dir: Path) -> None:
    """Write the adjudicated labels: review/, labels/ (seed format) and agreement.json."""
    from carebench.protocol.annotation_store import AnnotationStore, write_release

    store = AnnotationStore(db, create=False)
    written = write_release(store, out_dir)
    seeds = sum(p.parent.name == "review" for p in written)
    units = len(store.adjudications())
    click.echo(f"wrote {len(written)} files to {out_dir}: {units} adjudicated units, {seeds} seeds")


@annotate_group.command("agreement")
@_DB
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def agreement_cmd(db: Path, as_json: bool) -> None:
    """Cohen's kappa and Krippendorff's alpha per unit type, and disagreement types."""
    from carebench.protocol.annotation_store import (
        AnnotationStore,
        agreement_json,
        format_agreement,
    )

    data = agreement_json(AnnotationStore(db, create=False))
    click.echo(json.dumps(data, indent=2) if as_json else format_agreement(data))
