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
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carebench.episodes.render import render_transcript
from carebench.episodes.schema import Action, Episode, TaskClass, Variant
from carebench.errors import CarebenchError
from carebench.report.analysis import Settings, analyze
from carebench.report.controller_section import METRICS as CONTROLLER_METRICS
from carebench.report.controller_section import controller_analysis
from carebench.report.figures import FIGURES, draw

if TYPE_CHECKING:
    import pandas as pd


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


def _clean(value: Any) -> Any:
    """NaN becomes None so metrics.json is strict JSON."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_clean(v) for v in value]
    return value


def viewer_data(frame: pd.DataFrame, episodes: dict[str, Episode]) -> dict[str, Any]:
    """Compact viewer data: each episode once, one row per result referring to it."""
    runs = list(dict.fromkeys(frame["label"]))
    episode_ids = list(dict.fromkeys(frame["episode_id"]))
    index = {e: i for i, e in enumerate(episode_ids)}
    run_index = {r: i for i, r in enumerate(runs)}
    table = []
    for e in episode_ids:
        ep = episodes[e]
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
            "r": run_index[row.label],
            "e": index[row.episode_id],
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
    return {"runs": runs, "episodes": table, "rows": rows}


def _number(value: Any) -> float | None:
    """A float, or None for missing values (NaN or None)."""
    if value is None:
        return None
    number = float(value)
    return None if math.isnan(number) else number


def markdown_summary(analysis: dict[str, Any]) -> str:
    """Table I and the late-risk sensitivity as Markdown (printed by ``carebench report``)."""

    def cell(i: dict[str, Any]) -> str:
        return f"{fmt(i['estimate'])} [{fmt(i['ci_low'])}, {fmt(i['ci_high'])}]"

    lines = [
        f"Evidence level: {analysis['evidence_level']} ({analysis['evidence_note']}) "
        f"Split: {', '.join(analysis['splits'])}. 95% seed-bootstrap CIs, B = {analysis['bootstrap']['b']}.",
        "",
        "| agent | n | accuracy | sensitivity | specificity | missed | U 5:1 | U 10:1 | late-risk sens. | invalid |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in analysis["runs"]:
        h = r["headline"]
        lines.append(
            f"| {r['label']}{' (' + r['error_note'] + ')' if r['error_note'] else ''} | {r['n_episodes']} | {cell(h['accuracy'])} | {cell(h['sensitivity'])} | "
            f"{cell(h['specificity'])} | {cell(h['missed_rate'])} | {cell(h['utility_5to1'])} | "
            f"{cell(h['utility_10to1'])} | {cell(h['late_risk_sensitivity'])} | {fmt(h['invalid_rate']['estimate'])} |"
        )
    return "\n".join(lines)


def _csvs(analysis: dict[str, Any], frame: pd.DataFrame, out: Path) -> None:
    import pandas as pd

    def long_table(key: str, level: str | None) -> pd.DataFrame:
        """One row per run x (level value) x metric from the nested ``analysis["runs"][*][key]``."""
        rows = []
        for r in analysis["runs"]:
            groups = r[key].items() if level else [(None, r[key])]
            for value, metrics in groups:
                for metric, interval in metrics.items():
                    where = {level: value} if level else {}
                    rows.append(
                        {
                            "run_id": r["run_id"],
                            "label": r["label"],
                            **where,
                            "metric": metric,
                            **interval,
                        }
                    )
        return pd.DataFrame(rows)

    long_table("headline", None).to_csv(out / "headline.csv", index=False)
    long_table("by_variant", "variant").to_csv(out / "by_variant.csv", index=False)
    long_table("by_task_class", "task_class").to_csv(out / "by_task_class.csv", index=False)
    pd.DataFrame(
        [
            {"label": r["label"], **r["action_distribution_escalation_required"]}
            for r in analysis["runs"]
        ]
    ).to_csv(out / "actions_on_escalation_required.csv", index=False)
    pd.DataFrame(analysis["paired_tests"]["clean_vs_perturbed"]).to_csv(
        out / "paired_tests.csv", index=False
    )
    frame.to_csv(out / "results.csv", index=False)


@dataclass(frozen=True)
class ReportResult:
    """Where the report is, and its Markdown summary."""

    index: Path
    summary: str
    analysis: dict[str, Any]


def write_report(
    frame: pd.DataFrame,
    manifests: dict[str, dict[str, Any]],
    episodes: dict[str, Episode],
    out_dir: str | Path,
    settings: Settings | None = None,
    all_splits: pd.DataFrame | None = None,
) -> ReportResult:
    """Compute and write the whole report for the rows of ``frame`` into ``out_dir``.

    ``all_splits`` (the same runs' results on every split) enables the controller section, which
    fits on dev rows and scores test rows.
    """
    from jinja2 import Environment, select_autoescape

    if frame.empty:
        raise CarebenchError("no results to report (check the runs and the --split)")
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CarebenchError(f"cannot create the report folder {out}: {exc}") from exc
    analysis = analyze(frame, manifests, settings)
    if all_splits is not None:
        analysis["controller"] = controller_analysis(all_splits, settings or Settings())
    pngs = draw(analysis, out)
    env = Environment(autoescape=select_autoescape(default=True, default_for_string=True))
    env.globals["fmt"] = fmt
    templates = files("carebench.report") / "templates"
    index = env.from_string((templates / "index.html.j2").read_text("utf-8")).render(
        a=analysis,
        variants=[v.value for v in Variant],
        actions=[*(a.value for a in Action), "invalid"],
        classes=[t.value for t in TaskClass],
        figures=FIGURES,
        ctl_metrics=CONTROLLER_METRICS,
        pngs={k: base64.b64encode(v).decode() for k, v in pngs.items()},
    )
    viewer = env.from_string((templates / "viewer.html.j2").read_text("utf-8")).render(
        data_json=script_json(viewer_data(frame, episodes)),
        note=analysis["evidence_note"],
    )
    (out / "index.html").write_text(index, "utf-8")
    (out / "viewer.html").write_text(viewer, "utf-8")
    (out / "metrics.json").write_text(json.dumps(_clean(analysis), indent=2) + "\n", "utf-8")
    _csvs(analysis, frame, out)
    return ReportResult(out / "index.html", markdown_summary(analysis), analysis)
