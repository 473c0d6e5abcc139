"""Writing the report: index.html, viewer.html, metrics.json, CSVs, figures and a Markdown summary.

The HTML is rendered by jinja2 with autoescaping on; the viewer's data is embedded as JSON in a
``<script type="application/json">`` element with ``<``, ``>``, ``&`` and the JavaScript line
separators escaped, and the page builds every element with ``textContent``, so episode text, model
output or reasons can never inject markup or script.
"""

from __future__ import annotations

import base64
import json
import math
from collections.abc import Mapping, Sequence
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carebench.episodes.render import render_transcript
from carebench.episodes.schema import Action, Episode, TaskClass, Variant
from carebench.errors import CarebenchError, first_error
from carebench.protocol.spreadsheet import write_csv
from carebench.report.analysis import Settings, analyze
from carebench.report.banks import bank_line, describe_banks
from carebench.report.controller_section import METRICS as CONTROLLER_METRICS
from carebench.report.figures import FIGURES, draw
from carebench.report.models import PlanSection, ReportMetrics
from carebench.report.result import ReportResult
from carebench.report.run_metrics import mark_incomplete
from carebench.report.run_tables import markdown as reliability_markdown
from carebench.report.section_models import IntervalOut
from carebench.report.sections import SECTIONS, ReportContext, section_names

if TYPE_CHECKING:
    import pandas as pd
    from markupsafe import Markup

    from carebench.interruptions.report import StudySection
    from carebench.protocol.claim_judge import ClaimJudge
    from carebench.protocol.registry import RegisteredPlan
    from carebench.runs.config import RunManifest


def fmt(value: Any, digits: int = 2) -> str:
    """A number for a table cell; NaN and None show as an en dash."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{value:.{digits}f}"


def script_json(data: Any) -> str:
    """JSON safe to embed inside a ``<script type="application/json">`` element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for raw, escaped in (
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("&", "\\u0026"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        text = text.replace(raw, escaped)
    return text


def metrics_json(analysis: ReportMetrics | dict[str, Any]) -> dict[str, Any]:
    """The analysis as strict JSON data (NaN as null), validated against :class:`ReportMetrics`.

    A :class:`ReportMetrics` is dumped (:meth:`ReportMetrics.to_json_data`) and the dump validated
    again, so a plugin's value that is not JSON data, or a document read back from a file, is
    checked against the published schema before it is written.

    Raises:
        CarebenchError: the analysis does not match the published schema (a bug, or a plugin
            section that changed a built-in key).
    """
    from pydantic import ValidationError

    from carebench.report.models import nan_to_none

    data: dict[str, Any] = (
        analysis.to_json_data() if isinstance(analysis, ReportMetrics) else nan_to_none(analysis)
    )
    try:
        ReportMetrics.model_validate(data)
    except ValidationError as exc:
        where, message = first_error(exc)
        raise CarebenchError(
            f"metrics.json does not match its schema at {where}: {message}"
        ) from exc
    return data


def viewer_data(frame: pd.DataFrame, banks: Mapping[str, Sequence[Episode]]) -> dict[str, Any]:
    """Compact viewer data: each episode once, one row per result referring to it.

    Runs are listed by run id with their display label (``frame["label"]``); an episode is one
    episode of one bank (``bank_sha256``, ``episode_id``), so banks sharing ids never mix.
    """
    run_ids = list(dict.fromkeys(frame["run_id"]))
    label_of = dict(zip(frame["run_id"], frame["label"], strict=True))
    keys = list(dict.fromkeys(zip(frame["bank_sha256"], frame["episode_id"], strict=True)))
    index = {k: i for i, k in enumerate(keys)}
    run_index = {r: i for i, r in enumerate(run_ids)}
    by_bank = {sha: {e.episode_id: e for e in episodes} for sha, episodes in banks.items()}
    table = []
    for sha, e in keys:
        ep = by_bank[sha][e]
        table.append(
            {
                "id": e,
                "topic": ep.topic,
                "task_class": ep.task_class.value,
                "variant": ep.variant.value,
                "split": ep.split.value,
                "primary": ep.reference.primary.value,
                "acceptable": [a.value for a in ep.reference.acceptable],
                "rationale": ep.rationale,
                "transcript": render_transcript(ep),
            }
        )
    rows = [
        {
            "r": run_index[row.run_id],
            "e": index[(row.bank_sha256, row.episode_id)],
            "action": row.action if isinstance(row.action, str) else None,
            "confidence": _number(row.confidence),
            "reason": row.reason if isinstance(row.reason, str) else None,
            "status": row.status,
            "correct": bool(row.correct),
            "raw": row.raw_output if isinstance(row.raw_output, str) else None,
            "error": row.error if isinstance(row.error, str) else None,
        }
        for row in frame.itertuples(index=False)
    ]
    runs = [{"id": r, "label": label_of[r]} for r in run_ids]
    return {"runs": runs, "episodes": table, "rows": rows}


def _number(value: Any) -> float | None:
    """A float, or None for missing values (NaN or None)."""
    if value is None:
        return None
    number = float(value)
    return None if math.isnan(number) else number


def planned_markdown(plan: PlanSection) -> list[str]:
    """The summary's planned tests, with the power the plan had where it expects a difference."""
    powered = [t for t in plan.tests if t.expected_difference is not None]
    extra = (" expected | power |", "---|---|") if powered else ("", "")
    lines = [
        "",
        f"Planned tests (Holm across the plan's family of {plan.family_size}):",
        "",
        "| comparison | metric | seeds | mean A | mean B | p | p Holm | p method |" + extra[0],
        "|---|---|---|---|---|---|---|---|" + extra[1],
    ]
    for t in plan.tests:
        row = (
            f"| {t.comparison} | {t.metric} | {t.n_seeds} | {fmt(t.mean_a, 3)} | "
            f"{fmt(t.mean_b, 3)} | {fmt(t.p_value, 4)} | {fmt(t.p_holm, 4)} | "
            f"{t.method or '-'} |"
        )
        if powered:
            row += f" {fmt(t.expected_difference, 3)} | {fmt(t.power)} |"
        lines.append(row)
    if powered:
        lines += ["", "Power the plan had (stated assumptions, not the observed results):"]
        lines += [f"- {t.comparison} ({t.metric}): {t.power_note}" for t in powered]
    return lines


def _cell(i: IntervalOut) -> str:
    """An interval as ``estimate [low, high]``."""
    return f"{fmt(i.estimate)} [{fmt(i.ci_low)}, {fmt(i.ci_high)}]"


def markdown_summary(analysis: ReportMetrics) -> str:
    """The plan and its departures, Table I and the planned tests as Markdown (``carebench report``).

    Departures from the registered plan come first, before any number; then Table I (with the
    reliability lines), the planned tests, the work-product scores and the keyword floor.
    """
    lines = _plan_lines(analysis) + _table_one(analysis)
    lines += reliability_markdown(analysis.runs)
    lines += _planned_test_lines(analysis.plan)
    lines += _work_product_lines(analysis)
    lines += _keyword_floor_lines(analysis)
    return "\n".join(lines)


def _plan_lines(analysis: ReportMetrics) -> list[str]:
    """Departures from the plan (first), the banks, the plan, evidence level, split and notes."""
    plan = analysis.plan
    departures = plan.departures
    return [
        *(
            [f"DEPARTURES FROM THE REGISTERED PLAN ({len(departures)}):"]
            + [f"- {d}" for d in departures]
            + [""]
            if departures
            else []
        ),
        *(bank_line(b) for b in analysis.banks),
        f"Plan: {plan.label}.",
        *([f"Not in the plan: {plan.exploratory}."] if plan.exploratory else []),
        f"Evidence level: {analysis.evidence_level}. {analysis.evidence_note}",
        f"Split: {', '.join(analysis.splits)}."
        + (
            " The dev split is for tuning; cite test-split results."
            if "dev" in analysis.splits
            else ""
        )
        + f" 95% seed-bootstrap CIs, B = {analysis.bootstrap.b}. "
        "U primary and U robustness use each run's declared costs.",
        *(["", f"NOTE: {analysis.bank_note}"] if analysis.bank_note else []),
        *(["", f"NOTE: {analysis.costs_note}"] if analysis.costs_note else []),
        *(f"\nWARNING: {r.label}: {r.incomplete_note}" for r in analysis.runs if r.incomplete_note),
    ]


def _table_one(analysis: ReportMetrics) -> list[str]:
    """Table I: the headline intervals of every run."""
    cell = _cell
    lines = [
        "",
        "| agent | n | accuracy | sensitivity | specificity | missed | U primary | U robustness | late-risk sens. | invalid |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in analysis.runs:
        h = r.headline
        notes = "; ".join(n for n in (r.error_note, r.incomplete_note) if n)
        lines.append(
            f"| {r.label}{' (' + notes + ')' if notes else ''} | {r.n_episodes} | {cell(h['accuracy'])} | {cell(h['sensitivity'])} | "
            f"{cell(h['specificity'])} | {cell(h['missed_rate'])} | {cell(h['utility'])} | "
            f"{cell(h['utility_robustness'])} | {cell(h['late_risk_sensitivity'])} | {fmt(h['invalid_rate'].estimate)} |"
        )
    return lines


def _planned_test_lines(plan: PlanSection) -> list[str]:
    """The plan's family of tests with their Holm-corrected p (nothing without planned tests)."""
    return planned_markdown(plan) if plan.tests else []


def _work_product_lines(analysis: ReportMetrics) -> list[str]:
    """Work-product scores per run and task class, their gaming floors and the runs under them."""
    if not analysis.work_products:
        return []
    cell = _cell
    lines = [
        "",
        "Work-product scores (extended runs; continuity and traceability on Answer drafts, "
        "handoff completeness on Escalate handoffs):",
        "",
        "| agent | task class | invalid work product | continuity | traceability | handoff "
        "| overall |",
        "|---|---|---|---|---|---|---|",
    ]
    for w in analysis.work_products:
        lines.append(
            f"| {w.label} | {w.task_class} | {w.invalid_work_product}/{w.records} "
            f"| {cell(w.continuity)} | {cell(w.traceability)} | {cell(w.handoff)} "
            f"| {cell(w.overall)} |"
        )
    several = len(analysis.work_product_floors) > 1
    for bank in analysis.work_product_floors:
        on = f", bank {bank.bank_sha256[:12]}" if several else ""
        for r in bank.rows:
            values = " | ".join(
                "-" if v is None else f"{v:.2f}"
                for v in (r.continuity, r.traceability, r.handoff, r.overall)
            )
            lines.append(f"| floor: {r.policy} (n={r.episodes}{on}) | all | - | {values} |")
    held_out = [
        f"{r.component} {r.kappa:.2f} on {r.set}"
        for r in analysis.work_product_agreement
        if r.role == "held-out" and r.kappa is not None
    ]
    if held_out:
        lines += [
            "",
            "Scorer agreement with held-out labelled cases (Cohen's kappa; AI labellers, not "
            "clinicians; goal 0.8): " + "; ".join(held_out),
        ]
    if analysis.work_product_floors:
        lines += [
            "",
            "The floors are known gaming policies, not bounds: red teams that read the scorer "
            "still top them with new kinds of gaming (docs/protocol.md). Read these scores as a "
            "screen for copying, gaming and plain factual errors, not as clinical faithfulness.",
        ]
    unannotated = [
        f"{w.label} ({w.task_class}: {w.unannotated} of {w.records})"
        for w in analysis.work_products
        if w.unannotated
    ]
    if unannotated:
        lines += [
            "",
            "Not scored, as their episodes lack the annotation units they are scored against "
            "(no `annotations:`, or no handoff units for a handoff; docs/authoring.md): "
            + "; ".join(unannotated),
        ]
    flagged = [
        f"{w.label} ({w.task_class}: {', '.join(w.at_or_under_floor)})"
        for w in analysis.work_products
        if w.at_or_under_floor
    ]
    if flagged:
        lines += [
            "",
            "At or under a gaming floor (nothing shown on that score): " + "; ".join(flagged),
        ]
    return lines


def _keyword_floor_lines(analysis: ReportMetrics) -> list[str]:
    """Each bank's keyword floor and the runs on it at or under the bag-of-words floor."""
    cell = _cell
    lines: list[str] = []
    for floor in analysis.keyword_floor:
        bow, rule = floor.bag_of_words, floor.rule
        under = [
            r.label
            for r in analysis.runs
            if r.at_or_under_floor and r.bank_sha256 == floor.bank_sha256
        ]
        constant = floor.best_constant
        best = (
            f"; best constant ({constant.action}) accuracy {cell(constant.accuracy)}"
            if "action" in constant.model_fields_set
            else ""
        )
        lines += [
            "",
            f"Keyword floor (bank {floor.bank_sha256[:12]}, split {floor.split}): bag of words "
            f"accuracy {cell(bow.accuracy)}, escalation recall {cell(bow.escalation_recall)}; "
            f"regex rule accuracy {cell(rule.accuracy)}, escalation recall "
            f"{cell(rule.escalation_recall)}{best}. A model at or under the bag-of-words floor "
            "has shown nothing a keyword counter could not"
            + (
                f"; runs on this bank at or under it: {', '.join(under)}."
                if under
                else "; no run on this bank is."
            ),
        ]
    return lines


def _csvs(analysis: ReportMetrics, frame: pd.DataFrame, out: Path) -> None:
    import pandas as pd

    def long_table(key: str, level: str | None) -> pd.DataFrame:
        """One row per run x (level value) x metric from the nested ``runs[*].<key>``."""
        rows = []
        for r in analysis.runs:
            nested = getattr(r, key)
            groups = nested.items() if level else [(None, nested)]
            for value, metrics in groups:
                for metric, interval in metrics.items():
                    where = {level: value} if level else {}
                    rows.append(
                        {
                            "run_id": r.run_id,
                            "label": r.label,
                            **where,
                            "metric": metric,
                            **interval.model_dump(),
                        }
                    )
        return pd.DataFrame(rows)

    write_csv(long_table("headline", None), out / "headline.csv")
    write_csv(long_table("by_variant", "variant"), out / "by_variant.csv")
    write_csv(long_table("by_task_class", "task_class"), out / "by_task_class.csv")
    write_csv(
        pd.DataFrame(
            [{"label": r.label, **r.action_distribution_escalation_required} for r in analysis.runs]
        ),
        out / "actions_on_escalation_required.csv",
    )
    write_csv(
        pd.DataFrame([t.model_dump() for t in analysis.paired_tests.clean_vs_perturbed]),
        out / "paired_tests.csv",
    )
    planned = out / "planned_tests.csv"
    if analysis.plan.tests:
        write_csv(pd.DataFrame([t.model_dump() for t in analysis.plan.tests]), planned)
    else:  # a report without a plan in a folder that held one under a plan
        planned.unlink(missing_ok=True)
    write_csv(frame, out / "results.csv")


def compute_analysis(
    ctx: ReportContext,
    plan: RegisteredPlan | None = None,
    plan_versions: Mapping[str, RegisteredPlan] | None = None,
) -> ReportMetrics:
    """The analysis (:func:`~carebench.report.analysis.analyze`), the banks' counts and every section.

    Each section's value is set on the analysis under its key (:meth:`ReportMetrics.set_section`:
    a built-in's is validated into its model, a plugin's kept as it is).
    """
    analysis = analyze(ctx.frame, ctx.manifests, ctx.settings, plan, plan_versions, ctx.cache_dir)
    if ctx.all_splits is not None:  # a run's planned records span every split
        mark_incomplete(analysis.runs, ctx.all_splits, ctx.manifests, ctx.unresumable)
    describe_banks(analysis.banks, ctx.banks)
    for name in section_names():
        section = SECTIONS.get(name)
        value = section.compute(ctx, analysis)
        if value is not None:
            analysis.set_section(section.key, value)
    return analysis


def _section_output(ctx: ReportContext, analysis: ReportMetrics) -> tuple[list[Markup], list[str]]:
    """The HTML fragments and Markdown parts of the sections that render themselves."""
    from markupsafe import Markup

    html, md = [], []
    for name in section_names():
        section = SECTIONS.get(name)
        if not analysis.has_section(section.key):
            continue
        value = getattr(analysis, section.key)
        if section.html is not None:
            html.append(Markup(section.html(ctx, value)))
        if section.markdown is not None:
            md.append(section.markdown(ctx, value))
    return html, md


def _render(
    analysis: ReportMetrics, ctx: ReportContext, out: Path, fragments: list[Markup]
) -> None:
    """index.html, viewer.html and the figures."""
    from jinja2 import Environment, select_autoescape

    # the figures read the runs as JSON data (their cache key is made from it)
    pngs = draw({"runs": [r.model_dump() for r in analysis.runs]}, out, ctx.cache_dir)
    env = Environment(autoescape=select_autoescape(default=True, default_for_string=True))
    env.globals["fmt"] = fmt
    templates = files("carebench.report") / "templates"
    shown_classes = {t for r in analysis.runs for t in r.by_task_class}
    index = env.from_string((templates / "index.html.j2").read_text("utf-8")).render(
        a=analysis,
        variants=[v.value for v in Variant],
        actions=[*(a.value for a in Action), "invalid"],
        classes=[t.value for t in TaskClass if t.value in shown_classes],
        figures=FIGURES,
        ctl_metrics=CONTROLLER_METRICS,
        pngs={k: base64.b64encode(v).decode() for k, v in pngs.items()},
        section_html=fragments,
        bank_line=bank_line,
    )
    viewer = env.from_string((templates / "viewer.html.j2").read_text("utf-8")).render(
        data_json=script_json(viewer_data(ctx.frame, ctx.banks)),
        note=analysis.evidence_note,
        interruptions_page="interruptions.html" if ctx.interruptions is not None else None,
    )
    (out / "index.html").write_text(index, "utf-8")
    (out / "viewer.html").write_text(viewer, "utf-8")


def _make_folder(out_dir: str | Path) -> Path:
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CarebenchError(f"cannot create the report folder {out}: {exc}") from exc
    return out


def write_report(
    frame: pd.DataFrame,
    manifests: Mapping[str, RunManifest | Mapping[str, Any]],
    banks: Mapping[str, Sequence[Episode]],
    out_dir: str | Path,
    settings: Settings | None = None,
    all_splits: pd.DataFrame | None = None,
    cache_dir: Path | None = None,
    plan: RegisteredPlan | None = None,
    plan_versions: Mapping[str, RegisteredPlan] | None = None,
    interruptions: StudySection | None = None,
    claim_judge: ClaimJudge | None = None,
    unresumable: Mapping[str, str] | None = None,
) -> ReportResult:
    """Compute and write the whole report for the rows of ``frame`` into ``out_dir``.

    The sections (:mod:`carebench.report.sections`: the built-ins and any plugin's) are computed
    after the per-run analysis, each into its key of the analysis and metrics.json.

    Args:
        frame: results (:data:`carebench.runs.results.COLUMNS`) of the split reported.
        manifests: run id -> manifest (stored JSON or typed), for every run in ``frame`` and
            ``all_splits``; runs are
            shown under display labels that tell them apart (the frames' ``label`` column when
            it does, see :func:`carebench.runs.labels.frame_labels`).
        banks: bank SHA-256 -> episodes, for every bank the runs were made on.
        out_dir: the report folder (created if needed).
        settings: bootstrap and binning settings.
        all_splits: the same runs' results on every split; enables the controller section,
            which fits on dev rows and scores test rows.
        cache_dir: where to keep the keyword floor's fitted predictions between reports
            (``build_report`` passes the user cache folder, else the workspace's ``cache``).
        plan: the registered analysis plan the report is made under (None: exploratory).
        plan_versions: SHA-256 -> registered plan, for the plans the runs were made under.
        interruptions: the workspace's interruption studies
            (:func:`carebench.report.interruption_section.load_section`): their section goes into
            index.html and their metrics under ``interruptions`` in metrics.json.
        claim_judge: a model judge of claim support for the work-product scores (None: the
            deterministic rules); the report names it (section ``work_product_judge``).
        unresumable: run id -> why an incomplete run can no longer be resumed (``Results``'s,
            judged against the whole workspace; None: judged from ``manifests`` alone).
    """
    from carebench.runs.config import RunManifest
    from carebench.runs.labels import frame_labels

    if frame.empty:
        raise CarebenchError("no results to report (check the runs and the --split)")
    typed = {str(r): RunManifest.of(m) for r, m in manifests.items()}
    labels = frame_labels(
        all_splits if all_splits is not None else frame, {r: m.stored() for r, m in typed.items()}
    )
    frame = frame.assign(label=frame["run_id"].map(labels))
    if all_splits is not None:
        all_splits = all_splits.assign(label=all_splits["run_id"].map(labels))
    out = _make_folder(out_dir)
    ctx = ReportContext(
        frame,
        all_splits,
        typed,
        banks,
        labels,
        settings or Settings(),
        cache_dir,
        interruptions,
        plan,
        claim_judge,
        unresumable,
    )
    analysis = compute_analysis(ctx, plan, plan_versions)
    fragments, parts = _section_output(ctx, analysis)
    _render(analysis, ctx, out, fragments)
    (out / "metrics.json").write_text(json.dumps(metrics_json(analysis), indent=2) + "\n", "utf-8")
    _csvs(analysis, frame, out)
    summary = "\n\n".join([markdown_summary(analysis), *parts])
    return ReportResult(out / "index.html", summary, analysis, analysis.interruptions)
