"""``carebench annotate``: the annotation and adjudication app and its database."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from carebench.cli.options import seed_bank
from carebench.errors import CarebenchError

if TYPE_CHECKING:
    from carebench.interruptions.validation import PackItem

_DB = click.option(
    "--db",
    "db",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The annotation database (SQLite; `annotate user add` creates it).",
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
@seed_bank()
@click.option("--seed", "seeds", multiple=True, help="Serve only this seed id. Repeatable.")
@click.option(
    "--variant",
    "variants",
    multiple=True,
    type=click.Choice(["clean", "missing", "stale", "conflict", "late_risk"]),
    help="Serve only this variant. Repeatable.",
)
@click.option(
    "--pack",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="Serve the items of a judge-validation pack (`carebench interrupt pack`) instead of "
    "episodes; one database per pack.",
)
@click.option(
    "--secure-cookies",
    is_flag=True,
    help="Mark the session cookie Secure (HTTPS only), for a TLS proxy that sends no "
    "X-Forwarded-Proto. Implied when --host is not loopback.",
)
def serve_cmd(
    db: Path,
    host: str,
    port: int,
    bank: tuple[str, ...],
    seeds: tuple[str, ...],
    variants: tuple[str, ...],
    pack: Path | None,
    secure_cookies: bool,
) -> None:
    """Serve the annotation app until Ctrl-C: one unit = one seed x variant, or one pack item."""
    missing = [
        m for m in ("fastapi", "uvicorn", "multipart") if importlib.util.find_spec(m) is None
    ]
    if missing:
        raise CarebenchError(f"{INSTALL_HINT} (missing: {', '.join(missing)})")
    from carebench.protocol.annotation import Unit
    from carebench.protocol.annotation_store import AnnotationStore
    from carebench.web.app import check_port, create_app, is_loopback, serve

    check_port(host, port)  # a busy port is a one-line error before anything is printed

    units: list[Unit] | list[PackItem]
    if pack is not None:
        if bank or seeds or variants:
            raise CarebenchError("--pack serves a pack's items: drop --bank, --seed and --variant")
        from carebench.interruptions.validation import load_pack

        units = load_pack(pack)
    else:
        from carebench.episodes.bank import load_bank
        from carebench.protocol.annotation import build_units

        units = build_units(load_bank(list(bank) or None), seeds, variants)
    store = AnnotationStore(db)
    secure = secure_cookies or not is_loopback(host)
    # registering the units refuses a database of another kind
    app = create_app(store, units, secure_cookies=secure)
    if not store.users():
        click.echo(
            f"note: {db} has nobody yet; add people with "
            f"`carebench annotate user add NAME --role annotator --db {db}`",
            err=True,
        )
    if not is_loopback(host):
        click.echo(
            f"warning: binding to {host}: tokens and labels travel unencrypted; put a TLS proxy "
            "in front of it (the session cookie is Secure: signing in works over HTTPS only)",
            err=True,
        )
    click.echo(f"Serving {len(units)} units on http://{host}:{port}/ (Ctrl-C to stop)")
    serve(app, host=host, port=port)


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
    """List the people of the database (names, roles, removed; tokens are never shown)."""
    from carebench.protocol.annotation_store import AnnotationStore

    for user in AnnotationStore(db, create=False).users():
        click.echo(f"{user.name}\t{user.role}" + ("\tremoved" if user.removed else ""))


@user_group.command("remove")
@click.argument("name")
@_DB
def user_remove(name: str, db: Path) -> None:
    """Revoke NAME's access: token and sessions end now; submitted labels stay under the name.

    Their unsubmitted drafts are deleted (the units go back to other annotators); the name
    stays taken.
    """
    from carebench.protocol.annotation_store import AnnotationStore

    drafts = AnnotationStore(db, create=False).remove_user(name)
    click.echo(
        f"removed {name!r}: token and sessions revoked, submitted labels kept under the name, "
        f"{drafts} unsubmitted draft(s) deleted",
        err=True,
    )


@user_group.command("rotate")
@click.argument("name")
@_DB
def user_rotate(name: str, db: Path) -> None:
    """Give NAME a new token, printed once; the old token and their sessions stop working."""
    from carebench.protocol.annotation_store import AnnotationStore

    token = AnnotationStore(db, create=False).rotate_token(name)
    click.echo(token)
    click.echo(
        f"new token for {name!r} above (not shown again); the old one and their sessions "
        "no longer work",
        err=True,
    )


@annotate_group.command("export")
@_DB
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
def export_cmd(db: Path, out_dir: Path) -> None:
    """Write the adjudicated labels and agreement.json.

    Episodes: review/ and labels/ (seed format). A judge-validation pack: labels.csv (what
    `carebench interrupt validate-judge --labels` reads) and adjudication.csv.
    """
    from carebench.protocol.annotation_store import AnnotationStore, is_pack, write_release

    store = AnnotationStore(db, create=False)
    written = write_release(store, out_dir)
    if is_pack(store.kind()):
        items = len(store.adjudications())
        click.echo(
            f"wrote {len(written)} files to {out_dir}: {items} adjudicated pack items; next: "
            f"carebench interrupt validate-judge --labels {out_dir / 'labels.csv'} --key PACK.key.json"
        )
        return
    seeds = sum(p.parent.name == "review" for p in written)
    adjudications = store.adjudications()
    click.echo(
        f"wrote {len(written)} files to {out_dir}: {len(adjudications)} adjudicated units, "
        f"{seeds} seeds"
    )
    bare = [a.unit for a in adjudications if not getattr(a.final, "rationale", "x")]
    if bare:
        click.echo(
            f"warning: {len(bare)} adjudicated unit(s) have no rationale ({', '.join(bare[:5])}"
            f"{', ...' if len(bare) > 5 else ''}); a seed needs one: add it in the app before "
            "pasting labels/ into a seed",
            err=True,
        )


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
