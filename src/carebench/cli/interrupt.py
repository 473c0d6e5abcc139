"""``carebench interrupt``: the interruption study (paper 002): run, report, pack, validate-judge."""

from __future__ import annotations

import json
from pathlib import Path

import click

from carebench.cli.options import key_values
from carebench.cli.run import WORKSPACE
from carebench.errors import CarebenchError, first_error
from carebench.interruptions.cells import Arm, Cell, Decision, PatientMode
from carebench.interruptions.latency import summary_line
from carebench.interruptions.roles import parse_role


def _options(pairs: tuple[str, ...], role: str) -> dict[str, str]:
    return key_values(pairs, f"--{role}-option")


def _choices(values: tuple[str, ...], option: str) -> tuple[str, ...]:
    """Comma-separated values of a repeatable option; an empty item (``--cells ,``) is an error."""
    out = []
    for value in values:
        for item in value.split(","):
            if not item.strip():
                raise CarebenchError(
                    f"{option} {value!r}: an empty name; expected comma-separated names (see --help)"
                )
            out.append(item.strip())
    return tuple(out)


def _n_arm(pairs: tuple[str, ...]) -> dict[Arm, int]:
    """``--n-arm ARM=N`` pairs as a table; a bad arm, count or pair is a one-line error."""
    out: dict[Arm, int] = {}
    for pair in pairs:
        name, sep, count = pair.partition("=")
        try:
            arm = Arm(name.strip())
        except ValueError:
            raise CarebenchError(
                f"--n-arm {pair!r}: unknown arm {name!r}; expected one of "
                f"{', '.join(a.value for a in Arm)}"
            ) from None
        if not sep or not count.strip().isdigit() or not 1 <= int(count) <= 10_000:
            raise CarebenchError(f"--n-arm {pair!r}: expected ARM=N with N from 1 to 10000")
        out[arm] = int(count)
    return out


def _registered_judge(value: str) -> bool:
    """Whether ``--judge`` names a registered judge playing no model (not a role spec)."""
    from carebench.interruptions.judges import JUDGES

    if value == "llm":
        raise CarebenchError("--judge llm: give the LLM judge's role spec, NAME[:MODEL][@BASE_URL]")
    return ":" not in value and "@" not in value and value in JUDGES


@click.group("interrupt")
def interrupt_group() -> None:
    """The interruption study (paper 002): patients cutting a voice agent off mid-turn."""


@interrupt_group.command("run")
@click.option(
    "--pathway",
    default="cataract-follow-up",
    show_default=True,
    help="Packaged pathway id or a YAML file.",
)
@click.option(
    "--agent",
    "agent",
    default="embedded",
    show_default=True,
    help="Agent role: NAME[:MODEL][@BASE_URL] (embedded, openai:MODEL@URL, scripted:POLICY).",
)
@click.option(
    "--patient", default="embedded", show_default=True, help="Patient simulator role, same syntax."
)
@click.option(
    "--judge",
    default="concept",
    show_default=True,
    help="A registered judge ('concept', deterministic, or a plugin's, see carebench.judges) or a "
    "role spec for the LLM judge.",
)
@click.option(
    "--agent-option", multiple=True, help="Backend option KEY=VALUE for the agent (repeatable)."
)
@click.option("--patient-option", multiple=True, help="Backend option KEY=VALUE for the patient.")
@click.option("--judge-option", multiple=True, help="Backend option KEY=VALUE for the judge.")
@click.option(
    "--cells",
    multiple=True,
    help=f"Cells to run (default all): {', '.join(c.value for c in Cell)}.",
)
@click.option(
    "--arms", multiple=True, help=f"Arms to run (default all): {', '.join(a.value for a in Arm)}."
)
@click.option(
    "--n",
    default=30,
    show_default=True,
    type=click.IntRange(1, 10_000),
    help="Trials per cell x arm.",
)
@click.option(
    "--n-arm",
    multiple=True,
    help="An arm's own trials per cell, ARM=N (repeatable; e.g. defensive=10 as in paper 002).",
)
@click.option(
    "--mode",
    type=click.Choice([PatientMode.DIRECTIVE.value, PatientMode.FREE.value]),
    default="directive",
    show_default=True,
    help="Patient-turn mode of the interrupting arms (marker arms are hard-coded).",
)
@click.option(
    "--decision",
    type=click.Choice([d.value for d in Decision]),
    default="rule",
    show_default=True,
    help="Who decides to interrupt the target turn: the cell's rule, or the patient simulator "
    "(a 'no' yield-filters the trial).",
)
@click.option(
    "--temperature",
    default=0.7,
    show_default=True,
    type=click.FloatRange(0, 2),
    help="Agent and patient sampling temperature (the judge is greedy).",
)
@click.option(
    "--seed", default=0, show_default=True, type=int, help="Base seed; trial t uses seed + t."
)
@click.option("--concurrency", default=4, show_default=True, type=click.IntRange(1, 256))
@click.option("--label", default=None, help="Display name of the study (default: agent @ pathway).")
@WORKSPACE
def run_cmd(
    pathway: str,
    agent: str,
    patient: str,
    judge: str,
    agent_option: tuple[str, ...],
    patient_option: tuple[str, ...],
    judge_option: tuple[str, ...],
    cells: tuple[str, ...],
    arms: tuple[str, ...],
    n: int,
    n_arm: tuple[str, ...],
    mode: str,
    decision: str,
    temperature: float,
    seed: int,
    concurrency: int,
    label: str | None,
    workspace: Path,
) -> None:
    """Run (or resume) a study: every cell x arm x n trials for one agent.

    Exits 3 when trials ended in errors (the first one is printed); running the same command
    again resumes the study.
    """
    from carebench.cli.run import interrupted
    from carebench.interruptions.study import StudyConfig, run_study

    try:
        cell_list = tuple(Cell(c) for c in _choices(cells, "--cells")) or tuple(Cell)
        arm_list = tuple(Arm(a) for a in _choices(arms, "--arms")) or tuple(Arm)
    except ValueError as exc:
        raise CarebenchError(f"{exc}; see --help for the cells and arms") from exc
    config = StudyConfig(
        pathway=pathway,
        agent=parse_role(
            agent, role="agent", options=_options(agent_option, "agent"), temperature=temperature
        ),
        patient=parse_role(
            patient,
            role="patient",
            options=_options(patient_option, "patient"),
            temperature=temperature,
        ),
        judge=None
        if _registered_judge(judge)
        else parse_role(
            judge, role="judge", options=_options(judge_option, "judge"), max_tokens=512
        ),
        judge_name=judge if _registered_judge(judge) and judge != "concept" else None,
        cells=cell_list,
        arms=arm_list,
        n=n,
        n_arm=_n_arm(n_arm),
        mode=PatientMode(mode),
        decision=Decision(decision),
        seed=seed,
        concurrency=concurrency,
        label=label,
    )
    try:
        summary = run_study(config, workspace)
    except KeyboardInterrupt:
        interrupted("trial")  # each trial is committed when it finishes
    click.echo(
        f"study {summary.study_id} ({summary.label}): {summary.total} trials, "
        f"{summary.already_done} already stored; now judged {summary.judged}, yield-filtered "
        f"{summary.filtered}, invalid verdicts {summary.invalid}, errors {summary.errors} "
        f"in {summary.wall_s:.1f} s"
    )
    if summary.agent_latency:
        click.echo("agent-turn latency per arm (this invocation's trials):")
        for row in summary.agent_latency:
            click.echo(f"  {summary_line(row)}")
    summary.check()


@interrupt_group.command("report")
@click.argument("studies", nargs=-1)
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=None,
    help="Report folder [default: WORKSPACE/interruptions].",
)
@click.option(
    "--profile",
    type=click.Path(path_type=Path, exists=True, dir_okay=False),
    default=None,
    help="Deployment profile JSON (overlaps_per_call, non_competitive, competitive); default paper 002's corpus.",
)
@click.option(
    "--validation",
    type=click.Path(path_type=Path, exists=True, dir_okay=False),
    default=None,
    help="A validate-judge result JSON to name for the studies of its pack (default: the latest "
    "recorded per study).",
)
@WORKSPACE
def report_cmd(
    studies: tuple[str, ...],
    out: Path | None,
    profile: Path | None,
    validation: Path | None,
    workspace: Path,
) -> None:
    """Write metrics.json, per-cell figures and interruptions.html for STUDIES (default all).

    `carebench report` shows the same section next to the escalation results.
    """
    from pydantic import ValidationError

    from carebench.interruptions.report import write_report
    from carebench.interruptions.results import DeploymentProfile

    if out is None:
        from carebench.runs.results import workspace_folder

        out = workspace_folder(workspace, "interruptions")
    prof = DeploymentProfile()
    if profile is not None:
        try:
            prof = DeploymentProfile.model_validate_json(profile.read_text(encoding="utf-8"))
        except ValidationError as exc:
            where, message = first_error(exc, "(top level)")
            raise CarebenchError(
                f"{profile}: not a valid deployment profile: {where}: {message}"
            ) from exc
    val = None
    if validation is not None:
        try:
            doc = json.loads(validation.read_text(encoding="utf-8"))
            val = {str(sid): doc for sid in doc["studies"]}
        except (ValueError, KeyError, TypeError) as exc:
            raise CarebenchError(
                f"{validation}: not a validate-judge result naming its studies ({exc}); run "
                "`carebench interrupt validate-judge` again"
            ) from exc
    page = write_report(workspace, out, list(studies) or None, prof, val)
    click.echo(f"wrote {page} and {page.parent / 'metrics.json'}")


@interrupt_group.command("pack")
@click.argument("study")
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    required=True,
    help="Pack file (.csv or .jsonl); the key is written next to it.",
)
@click.option(
    "--per-stratum",
    default=4,
    show_default=True,
    type=click.IntRange(1, 10_000),
    help="Trials per cell x arm.",
)
@click.option("--seed", default=0, show_default=True, type=int)
@WORKSPACE
def pack_cmd(study: str, out: Path, per_stratum: int, seed: int, workspace: Path) -> None:
    """Export a blinded annotation pack of STUDY's judged trials, stratified by cell and arm."""
    from carebench.interruptions.validation import export_pack

    pack, key = export_pack(workspace, study, out, per_stratum, seed)
    click.echo(f"wrote {pack} (give to annotators) and {key} (keep back)")


@interrupt_group.command("validate-judge")
@click.option(
    "--labels",
    type=click.Path(path_type=Path, exists=True, dir_okay=False),
    required=True,
    help="CSV: item_id, annotator_a, annotator_b, resolved.",
)
@click.option(
    "--key",
    type=click.Path(path_type=Path, exists=True, dir_okay=False),
    required=True,
    help="The pack's key file.",
)
@click.option(
    "--out", type=click.Path(path_type=Path), default=None, help="Write the result JSON here."
)
@WORKSPACE
def validate_judge_cmd(labels: Path, key: Path, out: Path | None, workspace: Path) -> None:
    """Cohen's kappa and percent agreement: annotators with each other, judge with resolved labels.

    The result is recorded in the workspace's store (when it has one), so reports name it for the
    studies whose items were in the pack: "validated" when the judge's kappa reaches 0.80, else
    "failed validation".
    """
    from carebench.interruptions.store import StudyStore
    from carebench.interruptions.validation import agreement, validated, validation_status
    from carebench.store import DB_FILE, refuse_overwriting_database

    result = agreement(labels, key)
    text = json.dumps(result, indent=2)
    if out is not None:
        refuse_overwriting_database(out)
        out.write_text(text, encoding="utf-8")
    click.echo(text)
    if (workspace / DB_FILE).is_file():
        with StudyStore(workspace) as store:
            store.put_validation(result["judge"], result)
        click.echo(
            f"recorded for judge {result['judge']} in {workspace / DB_FILE}; reports show for "
            f"study {', '.join(result['studies'])}: {validation_status(result)}"
        )
    else:
        click.echo(f"{validation_status(result)}; not recorded: no carebench store in {workspace}")
    if not validated(result):
        raise SystemExit(1)


@interrupt_group.command("judge-agreement")
@click.option(
    "--judge",
    default=None,
    help="Also score an LLM judge: a role spec NAME[:MODEL][@BASE_URL] (e.g. embedded, openai:m@URL).",
)
@click.option("--judge-option", multiple=True, help="Backend option KEY=VALUE for the LLM judge.")
@click.option(
    "--llm-sample",
    type=click.IntRange(min=1),
    default=None,
    help="Score the LLM judge on N turns spread evenly over each set and judge (n is printed).",
)
@click.option(
    "--set",
    "set_ids",
    multiple=True,
    help="Score only this labelled set (repeatable; default every set of the manifest).",
)
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Write JSON here.")
def judge_agreement_cmd(
    judge: str | None,
    judge_option: tuple[str, ...],
    llm_sample: int | None,
    set_ids: tuple[str, ...],
    out: Path | None,
) -> None:
    """Each judge's agreement with the packaged labelled validation sets, per set.

    Prints accuracy and Cohen's kappa of the concept judge (and the LLM judge, with --judge) per
    judge (gathering, provision), per provision point and per set, with the set's role: dev (the
    concept rules were tuned on it) or held-out (never tuned on: the headline), beside the two
    labellers' agreement. The labels are AI sessions' (writers and blind labellers of one model),
    not clinicians'. Exits 1 when a judge's kappa on a held-out set is below 0.80, or there is no
    held-out set.
    """
    from carebench.interruptions.judge_agreement import (
        concept_predictions,
        judge_results,
        llm_predictions,
        load_sets,
        report,
    )

    sets = load_sets()
    unknown = sorted(set(set_ids) - {s.set_id for s in sets})
    if unknown:
        raise click.UsageError(
            f"--set {unknown[0]!r}: no such labelled set; expected one of "
            f"{', '.join(s.set_id for s in sets)}"
        )
    sets = [s for s in sets if not set_ids or s.set_id in set_ids]
    results = {"concept": judge_results(sets, concept_predictions)}
    if judge is not None:
        from carebench.interruptions.judges import LLMJudge
        from carebench.interruptions.roles import BackendPool, ModelRole

        spec = parse_role(
            judge, role="judge", options=_options(judge_option, "judge"), max_tokens=512
        )
        llm = LLMJudge(ModelRole("judge", spec, BackendPool()))
        results[llm.name] = judge_results(
            sets, lambda phase, turns: llm_predictions(llm, phase, turns), llm_sample
        )
    click.echo(report(results))
    if out is not None:
        from carebench.store import refuse_overwriting_database

        refuse_overwriting_database(out)
        out.write_text(json.dumps(results, indent=2), encoding="utf-8")
    if not all(ok for r in results.values() for ok in r["passed"].values()):
        raise SystemExit(1)
