"""``carebench episodes``: validate seeds, build the bank, show episodes and composition tables."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from carebench.episodes.assemble import assemble_seed
from carebench.episodes.bank import (
    BANK_VERSION,
    BankCheck,
    check_paths,
    episode_record,
    evidence_listing,
    find_episode,
    load_bank,
    write_bank,
)
from carebench.episodes.leakage import leaking_markers, variant_markers
from carebench.episodes.render import render_transcript
from carebench.episodes.rules.units import annotation_path
from carebench.episodes.schema import Split, Variant
from carebench.episodes.seed import Seed
from carebench.episodes.tables import (
    composition_table,
    label_inventory,
    replace_between_markers,
    scenario_catalogue,
    update_reference_policy,
)
from carebench.errors import CarebenchError, ValidationIssue, sorted_issues
from carebench.protocol.record_claims import record_claims

_PATHS = click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
_SPLIT = click.option(
    "--split", type=click.Choice([s.value for s in Split]), default=None, help="Keep one split."
)


def _update(help_text: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The ``--update FILE`` option of the commands that regenerate a marked Markdown section."""
    return click.option(
        "--update",
        type=click.Path(exists=True, dir_okay=False, path_type=Path),
        default=None,
        help=help_text,
    )


def _print_or_update(
    update: Path | None, printed: str, regenerate: Callable[[str], str], what: str
) -> None:
    """Print a generated table, or regenerate its marked section(s) in the ``update`` file."""
    if update is None:
        click.echo(printed)
        return
    try:
        update.write_text(regenerate(update.read_text("utf-8")), "utf-8")
    except ValueError as exc:
        raise CarebenchError(f"{update}: {exc}") from exc
    click.echo(f"updated {what} in {update}")


@click.group("episodes")
def episodes_group() -> None:
    """Author, validate and build the escalation episode bank.

    PATHS (where a command takes them) are seed files or folders; the packaged bank by default.
    """


def _record_claim_warnings(checked: BankCheck) -> list[ValidationIssue]:
    """A warning per prohibited claim its own episode's record reads as making, at its line.

    See :mod:`carebench.protocol.record_claims`.
    """
    out = []
    for seed in checked.seeds:
        episodes = {e.variant.value: e for e in assemble_seed(seed)}
        parsed = checked.parsed[seed.id]
        for found in record_claims(episodes.values()):
            variant = Variant(found.variants[0])
            units = episodes[variant.value].annotations
            assert units is not None  # record_claims reads annotated episodes only
            path: tuple[str | int, ...] = (
                *annotation_path(seed, variant, "prohibited_claims"),
                units.prohibited_claims.index(found.claim),
            )
            message = (
                f"seed {seed.id}: variants {', '.join(found.variants)}: prohibited claim"
                f" {found.claim!r} is made by {found.source_id}'s own text ({found.clause!r}), so"
                " a correct draft restating that line is scored as making it; reword the claim so"
                " the record's lines do not read as it, keeping its wrong wordings (docs/protocol.md"
                " lists the packaged bank's and why they stay)"
            )
            out.append(
                ValidationIssue(
                    parsed.file, parsed.line_of(path), ".".join(map(str, path)), message
                )
            )
    return out


@episodes_group.command()
@_PATHS
def validate(paths: tuple[Path, ...]) -> None:
    """Validate seed files and the bank they form; list every error with file, line and field.

    Warnings (``warning:`` lines, such as an admissible source that is only superseded text, or a
    prohibited claim that a line of the episode's own record reads as making) are listed too;
    they leave a seed valid and the exit status 0.
    """
    checked = check_paths(paths or None)
    seeds, issues = checked.seeds, checked.issues
    for issue in issues:
        click.echo(str(issue))
    warnings = sorted_issues([*checked.warnings, *_record_claim_warnings(checked)])
    for warning in warnings:
        click.echo(f"warning: {warning}")
    warned = f", {len(warnings)} warning(s)" if warnings else ""
    if issues:
        n_files = len({i.file for i in issues})
        click.echo(f"{len(issues)} error(s) in {n_files} file(s){warned}")
        sys.exit(1)
    click.echo(f"ok: {len(seeds)} seeds, {len(seeds) * 10} episodes{warned}")


@episodes_group.command()
@_PATHS
@click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path),
    default=Path("carebench-out/episodes"),
    show_default=True,
    help="Folder for episodes.jsonl and manifest.json.",
)
def build(paths: tuple[Path, ...], out_dir: Path) -> None:
    """Build the episodes as JSONL plus a manifest (byte-for-byte deterministic)."""
    result = write_bank(load_bank(paths or None), out_dir, None if paths else BANK_VERSION)
    meta = result.manifest
    click.echo(
        f"wrote {meta['n_episodes']} episodes from {meta['n_seeds']} seeds to "
        f"{result.episodes_path}\nmanifest {result.manifest_path} "
        f"(sha256 {meta['episodes_sha256'][:16]}...)"
    )


@episodes_group.command()
@click.argument("episode_id")
@_PATHS
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the whole episode record as JSON, with its evidence items (id, line, superseded, "
    "admissible). Works on a seed that parses but fails other rules.",
)
@click.option(
    "--items",
    is_flag=True,
    help="Print the evidence lines with their ids (R1, N2, E3, M1) instead; EPISODE_ID may be a "
    "seed id (every episode of it). Works on a seed that parses but fails other rules.",
)
def show(episode_id: str, paths: tuple[Path, ...], as_json: bool, items: bool) -> None:
    """Print episode EPISODE_ID exactly as an agent sees it (or as JSON with --json)."""
    if items:
        click.echo(evidence_listing(episode_id, paths or None), nl=False)
        return
    hint = f"for a custom bank: carebench episodes show {episode_id} SEED_FILE_OR_FOLDER..."
    if as_json:
        record = episode_record(episode_id, paths or None, hint=hint)
        click.echo(json.dumps(record, indent=2, ensure_ascii=False))
        return
    where = ", ".join(str(p) for p in paths) if paths else "the packaged bank"
    episode = find_episode(load_bank(paths or None), episode_id, where=where, hint=hint)
    click.echo(render_transcript(episode), nl=False)


@episodes_group.command()
@_PATHS
@_SPLIT
def stats(paths: tuple[Path, ...], split: str | None) -> None:
    """Print the composition table: seeds, episodes, splits and primary actions per task class."""
    click.echo(composition_table(load_bank(paths or None, split=split)))


@episodes_group.command()
@_PATHS
@_update(
    "Regenerate the sections between <!-- actions:start/end --> and <!-- labels:start/end -->"
    " markers of this Markdown file (docs/reference-policy.md) instead of printing."
)
def labels(paths: tuple[Path, ...], update: Path | None) -> None:
    """Print the label inventory (reference action per seed and variant) as Markdown."""
    bank = load_bank(paths or None)
    _print_or_update(
        update,
        label_inventory(bank),
        lambda doc: update_reference_policy(doc, bank),
        "the action table and label inventory",
    )


@episodes_group.command()
@_PATHS
@_update("Regenerate the section between <!-- catalogue:start/end --> markers of this file.")
def catalogue(paths: tuple[Path, ...], update: Path | None) -> None:
    """Print the scenario catalogue: one line per seed with its topic and primary actions."""
    table = scenario_catalogue(load_bank(paths or None))
    _print_or_update(
        update,
        table,
        lambda doc: replace_between_markers(doc, "catalogue", table),
        "the scenario catalogue",
    )


@episodes_group.command()
@_PATHS
@click.option("--top", default=10, show_default=True, help="How many tokens to list.")
@click.option(
    "--max-in",
    default=0.60,
    show_default=True,
    help="Share inside the variant above which a token marks it.",
)
@click.option(
    "--min-out",
    default=0.10,
    show_default=True,
    help="Share among other variants below which a token marks it.",
)
def leakage(paths: tuple[Path, ...], top: int, max_in: float, min_out: float) -> None:
    """Audit whether any word or bigram marks a variant (exit 1 if one does)."""
    bank = load_bank(paths or None)
    leaks = leaking_markers(bank, max_in=max_in, min_out=min_out)
    click.echo(
        f"tokens marking a variant (in > {max_in:.0%} of it, < {min_out:.0%} of others): {len(leaks)}"
    )
    click.echo(f"worst {top} by margin (share inside - share outside):")
    for marker in variant_markers(bank)[:top]:
        click.echo(
            f"  {marker.variant.value:<10} {marker.token!r:<20} inside {marker.share_in:.2f}  "
            f"outside {marker.share_out:.2f}"
        )
    if leaks:
        sys.exit(1)


@episodes_group.command()
@_PATHS
@_SPLIT
@click.option(
    "--bootstrap", "b", default=2000, show_default=True, help="Seed-bootstrap replicates."
)
@click.option("--json", "as_json", is_flag=True, help="Print the audit as JSON.")
@click.option(
    "--goal-accuracy",
    type=click.FloatRange(0, 1),
    default=0.55,
    show_default=True,
    help="Bag-of-words decision accuracy at or under which the bank meets its goal.",
)
@click.option(
    "--goal-recall",
    type=click.FloatRange(0, 1),
    default=0.65,
    show_default=True,
    help="Bag-of-words escalation recall at or under which the bank meets its goal.",
)
@_update("Regenerate the section between <!-- shortcuts:start/end --> markers of this file.")
def shortcuts(
    paths: tuple[Path, ...],
    split: str | None,
    b: int,
    as_json: bool,
    goal_accuracy: float,
    goal_recall: float,
    update: Path | None,
) -> None:
    """Score keyword predictors of the reference action: the floor every model must beat.

    Bag of words (logistic regression, leave-one-seed-out), the regex rule and the best constant
    action; decision accuracy and escalation recall with seed-bootstrap intervals. Exit 1 when bag
    of words exceeds the goal (defaults: the packaged bank's, accuracy 0.55 and escalation recall
    0.65); on a bank of fewer than 20 seeds in the scored split a missed goal is a warning (exit 0),
    as leave-one-seed-out on a few seeds is noise.
    """
    from carebench.controller.shortcuts import MIN_SEEDS_FOR_GOAL, audit, format_audit

    if b < 1:
        raise CarebenchError(f"--bootstrap must be a positive number of replicates, got {b}")
    goals = {"accuracy": goal_accuracy, "escalation_recall": goal_recall}
    result = audit(load_bank(paths or None), Split(split) if split else None, b=b, goals=goals)
    if as_json:
        click.echo(json.dumps(result.as_dict(), indent=2))
    else:
        table = format_audit(result)
        _print_or_update(
            update,
            table,
            lambda doc: replace_between_markers(doc, "shortcuts", table),
            "the shortcut audit",
        )
    if not result.goals_met():
        if result.small:
            click.echo(
                f"warning: bag of words exceeds the goal, but the scored split has only "
                f"{result.n_seeds} seed(s) (under {MIN_SEEDS_FOR_GOAL}): too few for the goal to "
                "decide anything; not failing",
                err=True,
            )
            return
        sys.exit(1)


@episodes_group.command()
@click.option(
    "--reviews",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=None,
    help="Folder of review files (the packaged bank's by default).",
)
@_PATHS
@_update("Regenerate the section between <!-- review:start/end --> markers of this file.")
def review(reviews: Path | None, paths: tuple[Path, ...], update: Path | None) -> None:
    """Report the independent review: agreement before adjudication and disagreement types.

    Checks that every seed has a review whose adjudicated labels are the seed's labels (exit 1 if
    not).
    """
    from carebench.episodes.bank import load_seeds
    from carebench.episodes.review import check_against_bank, format_agreement, load_reviews

    loaded = load_reviews(reviews)
    seeds = load_seeds(paths or None)
    problems = check_against_bank(loaded, seeds)
    table = format_agreement(loaded, bank_seeds=len(seeds))
    _print_or_update(
        update, table, lambda doc: replace_between_markers(doc, "review", table), "the review"
    )
    for problem in problems:
        click.echo(problem, err=True)
    if problems:
        sys.exit(1)


@episodes_group.command("schema")
def schema_cmd() -> None:
    """Print the JSON schema of the seed authoring format."""
    click.echo(seed_json_schema(), nl=False)


def seed_json_schema() -> str:
    """The seed format's JSON schema as stable, indented text (checked in under schemas/)."""
    return json.dumps(Seed.model_json_schema(), indent=2, sort_keys=True) + "\n"


# --- episodes export ----------------------------------------------------------------------------
@episodes_group.command("export")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["hf", "jsonl"]),
    default="hf",
    show_default=True,
    help="hf: one Parquet file per split (a `datasets`-loadable folder); jsonl: JSON Lines per split.",
)
@click.option(
    "--force", is_flag=True, help="Write into a non-empty folder that is not a previous export."
)
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@_PATHS
def export_cmd(fmt: str, force: bool, out_dir: Path, paths: tuple[Path, ...]) -> None:
    """Export the bank to OUT_DIR: data/<split> files, a dataset card (README.md) and manifest.json.

    Load the hf format with `datasets.load_dataset("OUT_DIR")` (splits dev and test; a split the
    bank has no episodes in gets no file). OUT_DIR must be new, empty or a previous export.
    """
    from carebench.episodes.export import check_target, export_bank

    check_target(out_dir, force)  # before the bank is loaded: a refusal costs nothing
    result = export_bank(
        load_bank(paths or None), out_dir, "hf" if fmt == "hf" else "jsonl",
        None if paths else BANK_VERSION, force=force,
    )  # fmt: skip
    meta = result.manifest
    click.echo(
        f"wrote {meta['n_episodes']} episodes ({fmt}) to {result.out_dir} "
        f"(bank sha256 {meta['episodes_sha256'][:16]}...)"
    )


@episodes_group.command("migrate")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    required=True,
    help="Folder for the migrated seeds (not one of PATHS); task-class folders are kept.",
)
def migrate_cmd(paths: tuple[Path, ...], out_dir: Path) -> None:
    """Migrate seed files of an older format to the current one (carebench-seed/2).

    Converts what can be derived (the format line; free-text admissible sources to the id of the
    one evidence line they match; the missing variant's deletes from the clean-versus-missing
    difference), validates the result, and writes beside each seed a <id>.todo.txt listing what a
    person must still finish. See CHANGELOG.md for what changed between formats.
    """
    from carebench.episodes.migrate import migrate_paths

    results = migrate_paths(paths, out_dir)
    left = 0
    for target, result in results:
        state = f"{len(result.todo)} to finish" if result.todo else "valid"
        if not result.migrated:
            state = "not migrated, nothing written"
        click.echo(f"{result.source} ({result.found}) -> {target}: {state}")
        for line in result.todo:
            click.echo(f"  - {line}")
        left += bool(result.todo) and result.migrated
    failed = [r.source for _, r in results if not r.migrated]
    click.echo(
        f"migrated {len(results) - len(failed)} seed(s) into {out_dir}; {left} need edits (listed "
        "above and in each <id>.todo.txt); then run: carebench episodes validate " + str(out_dir)
    )
    if failed:
        raise CarebenchError(
            f"{len(failed)} file(s) could not be migrated (listed above): " + ", ".join(failed)
        )
