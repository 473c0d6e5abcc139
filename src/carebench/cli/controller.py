"""``carebench detect``, ``carebench detectors audit`` and ``carebench controller ...``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from carebench.cli.options import BANK as _RUN_BANK
from carebench.cli.options import seed_bank
from carebench.cli.run import WORKSPACE
from carebench.controller.detectors import DETECTOR_FAMILIES, detect_episode, families, quality
from carebench.controller.evaluate import (
    ablations,
    apply_fit,
    controller_summary,
    episode_flags,
    fit_run,
    transfer,
)
from carebench.controller.risk import ABLATIONS
from carebench.controller.stress import STRESS_SETS, audit
from carebench.episodes.bank import find_episode, load_bank
from carebench.errors import CarebenchError

if TYPE_CHECKING:
    import pandas as pd

    from carebench.metrics.costs import ClassCosts


def _known_family(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """Refuse an unknown family before any work, with the registry's error (it lists the known)."""
    DETECTOR_FAMILIES.get(value)
    return value


_FAMILY = click.option(
    "--family",
    default="regex",
    callback=_known_family,
    show_default=True,
    help="Detector family: regex, lexicon, or one a plugin registers (entry-point group "
    "carebench.detector_families).",
)
_BANK = seed_bank("bank_paths")
_BANK_HINT = "for a custom bank pass its seed files or folders with --bank"


def _where(paths: tuple[str, ...]) -> str:
    return ", ".join(paths) if paths else "the packaged bank"


_ABLATION = click.option(
    "--ablation", type=click.Choice(ABLATIONS), default="full", show_default=True
)


@click.command("detect")
@click.argument("episode_ids", nargs=-1)
@_FAMILY
@_BANK
def detect_cmd(episode_ids: tuple[str, ...], family: str, bank_paths: tuple[str, ...]) -> None:
    """Print C, M, H (and what fired them) for EPISODE_IDS, or for the whole bank as TSV."""
    bank = load_bank(bank_paths or None)
    if episode_ids:
        for episode_id in episode_ids:
            episode = find_episode(bank, episode_id, where=_where(bank_paths), hint=_BANK_HINT)
            flags = detect_episode(episode, family)
            click.echo(f"{episode_id}  C={int(flags.C)} M={int(flags.M)} H={int(flags.H)}")
            for d, evidence in flags.evidence.items():
                if evidence:
                    click.echo(f"  {d}: {'; '.join(evidence)}")
        return
    click.echo("episode_id\tC\tM\tH")
    for episode in bank:
        flags = detect_episode(episode, family)
        click.echo(f"{episode.episode_id}\t{int(flags.C)}\t{int(flags.M)}\t{int(flags.H)}")


@click.group("detectors")
def detectors_group() -> None:
    """Audit the workflow detectors."""


def _ci(value: float, ci: list[float]) -> str:
    from carebench.report.writer import fmt

    return f"{fmt(value)} [{fmt(ci[0])}, {fmt(ci[1])}]"


@detectors_group.command("audit")
@_BANK
def audit_cmd(bank_paths: tuple[str, ...]) -> None:
    """Stress-set recall (triggers vs paraphrases) and in-bank precision / recall, both families.

    Two stress sets: "paper" (30 concepts, written alongside the lexicon) and "heldout" (45
    concepts, pre-registered before any detector ran on them). Brackets: 95 % Wilson intervals for
    the stress sets (independent items), seed-clustered bootstrap intervals in the bank.
    """
    bank = load_bank(bank_paths or None)
    click.echo("Stress sets: recall on trigger phrases vs unseen paraphrases [95 % Wilson CI]")
    click.echo(
        f"{'set':<8} {'family':<8} {'det':<4} {'n':>3} {'triggers':>18} {'paraphrases':>18}"
        "  missed paraphrases"
    )
    names = families()
    for name in STRESS_SETS:
        for family in names:
            for row in audit(family, name):
                d = row.as_dict()
                click.echo(
                    f"{name:<8} {family:<8} {row.detector:<4} {row.n:>3} "
                    f"{_ci(row.trigger_recall, d['trigger_ci']):>18} "
                    f"{_ci(row.paraphrase_recall, d['paraphrase_ci']):>18}  "
                    f"{', '.join(row.missed_paraphrases) or '-'}"
                )
    click.echo(
        "\nIn-bank quality [95 % seed-bootstrap CI]: C vs conflict variants, M vs missing variants,"
        " H vs escalation-required"
    )
    click.echo(
        f"{'family':<8} {'det':<4} {'split':<5} {'precision':>18} {'recall':>18} "
        f"{'TP':>4} {'FP':>4} {'FN':>4}"
    )
    for family in names:
        flags = [detect_episode(e, family) for e in bank]
        for q in quality(bank, flags):
            d = q.as_dict()
            click.echo(
                f"{family:<8} {q.detector:<4} {q.split:<5} {_ci(q.precision, d['precision_ci']):>18} "
                f"{_ci(q.recall, d['recall_ci']):>18} {q.tp:>4} {q.fp:>4} {q.fn:>4}"
            )


@click.group("controller")
def controller_group() -> None:
    """Fit and evaluate the two-threshold risk controller (dev fit, test evaluation)."""


def _loaded(
    run: str, workspace: Path, bank: tuple[str, ...], family: str, need_test: bool = False
) -> tuple[pd.DataFrame, dict[str, tuple[bool, bool, bool]], ClassCosts]:
    """A run's results, the detector flags of the bank it was made on, its declared costs."""
    from carebench.runs.results import load_runs

    loaded = load_runs(workspace, [run], bank=bank or None)
    frame = loaded.frame
    if frame.empty:
        raise CarebenchError(f"run {run!r} has no results")
    if need_test and not (frame["split"] == "test").any():
        raise CarebenchError(
            f"run {run!r} has no test-split results: the controller is fitted on dev and evaluated "
            "on test (carebench run --split all)"
        )
    (episodes,) = loaded.banks.values()
    (manifest,) = loaded.manifests.values()
    return frame, episode_flags(episodes, family), manifest.declared_costs()[0]


def _scores(row: dict[str, Any]) -> str:
    """Utility (declared costs), missed-escalation rate and accuracy, as every command prints them."""
    from carebench.report.writer import fmt

    return (
        f"U {fmt(row['utility'])}  missed {fmt(row['missed_rate'])}  "
        f"accuracy {fmt(row['accuracy'])}"
    )


@controller_group.command("fit")
@click.argument("run")
@_FAMILY
@_ABLATION
@_RUN_BANK
@WORKSPACE
def fit_cmd(run: str, family: str, ablation: str, bank: tuple[str, ...], workspace: Path) -> None:
    """Fit on RUN's dev split and print the weights, thresholds and dev scores as JSON."""
    frame, flags, costs = _loaded(run, workspace, bank, family)
    fitted = fit_run(frame, flags, costs, ablation=ablation)
    click.echo(json.dumps({"family": family, **fitted.as_dict()}, indent=2))


@controller_group.command("apply")
@click.argument("run")
@_FAMILY
@_ABLATION
@_RUN_BANK
@WORKSPACE
def apply_cmd(run: str, family: str, ablation: str, bank: tuple[str, ...], workspace: Path) -> None:
    """Fit on RUN's dev split, apply to its test split; print baseline vs controller.

    Utility (U) uses the run's declared costs, per task class under an analysis plan.
    """
    frame, flags, costs = _loaded(run, workspace, bank, family, need_test=True)
    fitted = fit_run(frame, flags, costs, ablation=ablation)
    test = frame[frame["split"] == "test"]
    click.echo(json.dumps({"family": family, **fitted.as_dict()}))
    for name, rows in (("baseline", test), ("controller", apply_fit(test, flags, fitted))):
        s = controller_summary(rows, costs)
        click.echo(f"{name:<11} n={s['n']}  {_scores(s)}")


@controller_group.command("ablate")
@click.argument("run")
@_FAMILY
@_RUN_BANK
@WORKSPACE
def ablate_cmd(run: str, family: str, bank: tuple[str, ...], workspace: Path) -> None:
    """Full vs workflow-only vs confidence-only controllers on RUN (test split).

    A last row, "silent", applies the full fit with every detector off: the controller when the
    cues are worded in ways the detectors miss.
    """
    for row in ablations(*_loaded(run, workspace, bank, family, need_test=True)):
        f = row["fit"]
        click.echo(
            f"{row['ablation']:<11} {_scores(row)}  w=({f['w_c']}, {f['w_m']}, {f['w_h']}, {f['w_u']}) "
            f"tau=({f['tau_low']}, {f['tau_high']})"
        )


@controller_group.command("transfer")
@click.argument("run")
@_FAMILY
@_RUN_BANK
@WORKSPACE
def transfer_cmd(run: str, family: str, bank: tuple[str, ...], workspace: Path) -> None:
    """Leave-one-task-class-out: fit on three classes' dev rows, test on the fourth."""
    for row in transfer(*_loaded(run, workspace, bank, family, need_test=True)):
        click.echo(f"{row['held_out']:<22} {_scores(row)}  n={row['n']}")
