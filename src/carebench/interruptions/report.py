"""The interruption report: the study section, one figure per cell, and a page with transcripts.

:func:`study_section` computes the section once; ``carebench report`` embeds it in its index page
(:mod:`carebench.report.interruption_section`) and ``carebench interrupt report`` writes it
standalone (:func:`write_report`). The HTML is rendered by jinja2 with autoescaping on (model text
is hostile input). Every trial's transcript is shown with the truncation point marked: the heard
part of a cut agent turn, a ``⟂`` mark, and the unheard remainder struck through.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
import pandas as pd
from markupsafe import Markup

from carebench.errors import CarebenchError
from carebench.interruptions.cells import Arm, Cell
from carebench.interruptions.latency import latency_by_arm
from carebench.interruptions.results import DeploymentProfile, cell_table, metrics, trial_rows
from carebench.interruptions.store import StudyStore
from carebench.interruptions.transcript import Turn, delivered
from carebench.interruptions.validation import validation_status

_SECTION = """<section id="interruption-study">
<h2>Interruption study (paper 002 design)</h2>
<p class="note"><strong>Evidence level: {{ m.evidence_level }}.</strong> {{ m.evidence.statement }}
Question these results can answer: {{ m.evidence.question }} They cannot answer:
{{ m.evidence.cannot_answer }}. Results are per cell x arm x model, each failure rate with its
Wilson 95 % interval; carebench reports no aggregate robustness score. A transcript simulator omits
prosody, timing and speech-recognition errors.
{% if page %}Transcripts, with every truncation point marked: <a href="{{ page }}">{{ page }}</a>.{% endif %}</p>
<h3>Studies</h3>
<table><tr><th class="l">study</th><th class="l">label</th><th class="l">pathway</th><th class="l">patient</th>
<th class="l">agent reasoning</th><th class="l">judge</th><th class="l">judge validation</th></tr>
{% for s in m.studies %}<tr><td class="l"><code>{{ s.study_id }}</code></td><td class="l">{{ s.label }}</td>
<td class="l">{{ s.pathway.id }}</td><td class="l">{{ s.patient }}</td><td class="l">{{ s.agent_reasoning }}</td><td class="l">{{ s.judge }}</td>
<td class="l">{{ s.judge_validation if s.judge_validation is string else validation_text(s.judge_validation) }}</td></tr>{% endfor %}
</table>
{% for cell in cells %}
<h3 id="interruption-{{ cell }}">{{ cell }}</h3>
{% if figures.get(cell) %}<figure><img src="{{ figures[cell] }}" alt="failure rate per arm, {{ cell }}" width="640"><figcaption>Failure rate per arm and model, {{ cell }} (Wilson 95 % intervals).</figcaption></figure>{% endif %}
<table><tr><th class="l">model</th><th class="l">arm</th><th>n</th><th>judged</th><th>filtered</th>
<th>invalid</th><th>errors</th><th>yield</th><th>failures</th><th>failure rate</th><th>Wilson 95 %</th></tr>
{% for r in m.cells if r.cell == cell %}<tr><td class="l">{{ r.model }}</td><td class="l">{{ r.arm }}</td>
<td>{{ r.n }}</td><td>{{ r.judged }}</td><td>{{ r.filtered }}</td><td>{{ r.invalid }}</td><td>{{ r.errors }}</td>
<td>{{ pct(r['yield']) }}</td><td>{{ r.failures }}</td><td>{{ pct(r.rate) }}</td>
<td>{{ pct(r.ci_low) }} - {{ pct(r.ci_high) }}</td></tr>{% endfor %}
</table>
<table><tr><th class="l">model</th><th class="l">comparison</th><th>difference (pp)</th><th>Newcombe 95 % (pp)</th></tr>
{% for d in m.differences if d.cell == cell %}<tr><td class="l">{{ d.model }}</td><td class="l">{{ d.comparison }}</td>
<td>{{ '%+.1f' % d.pp if d.pp is not none else 'n/a' }}</td>
<td>{{ '%+.1f to %+.1f' % (d.ci_low, d.ci_high) if d.ci_low is not none else 'n/a' }}</td></tr>{% endfor %}</table>
{% endfor %}
<h3 id="agent-latency">Agent-turn latency per arm</h3>
<p>Seconds from the agent's request to its answer, per agent turn the trials produced (p50 and p95,
numpy linear percentiles) over turns the model answered on the first attempt; turns answered from
the response cache, answered after retries, made by a scripted policy, or stored before latency was
recorded are left out and counted. Measured by the study's own client under the study's
concurrency: a property of this setup, not of the model alone.</p>
<table><tr><th class="l">study</th><th class="l">arm</th><th>agent turns</th><th>timed</th><th>p50 s</th><th>p95 s</th>
<th>cached</th><th>retried</th><th>scripted</th><th>not recorded</th></tr>
{% for r in m.agent_latency %}<tr><td class="l">{{ r.label }}</td><td class="l">{{ r.arm }}</td><td>{{ r.turns }}</td><td>{{ r.timed }}</td>
<td>{{ '%.2f' % r.p50_s if r.p50_s is not none else 'n/a' }}</td><td>{{ '%.2f' % r.p95_s if r.p95_s is not none else 'n/a' }}</td>
<td>{{ r.excluded.cached }}</td><td>{{ r.excluded.retried }}</td><td>{{ r.excluded.scripted }}</td><td>{{ r.excluded.not_recorded }}</td></tr>{% endfor %}
</table>
<h3>Deployment interruption profile</h3>
<p>Profile: {{ m.deployment_profile.overlaps_per_call | round(3) }} overlaps per call;
{{ pct(m.deployment_profile.non_competitive) }} recognitional or transitional,
{{ pct(m.deployment_profile.competitive) }} competitive; by phase
{% for ph, v in m.deployment_profile.phase_share.items() %}{{ ph }} {{ pct(v) }}{{ ', ' if not loop.last }}{% endfor %}
({{ m.deployment_profile.source }}).
Expected lost obligations per call, from the interrupt arm's per-cell rates, shown next to (never
instead of) the cells above.</p>
<table><tr><th class="l">model</th><th class="l">phase</th><th>expected lost per call</th><th>range (Wilson bounds)</th><th class="l">arithmetic (overlaps per call x failure rate)</th></tr>
{% for e in m.deployment_estimates %}<tr><td class="l">{{ e.model }}</td><td class="l">{{ e.phase }}</td>
<td>{{ '%.3f' % e.expected_lost_per_call if e.expected_lost_per_call is not none else 'n/a' }}</td>
<td>{{ '%.3f' % e.low if e.low is not none else 'n/a' }} - {{ '%.3f' % e.high if e.high is not none else 'n/a' }}</td>
<td class="l">{{ e.arithmetic }}</td></tr>{% endfor %}
</table>
</section>
"""

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Interruption study</title>
<style>
body{font-family:system-ui,sans-serif;margin:2em;max-width:1100px}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 7px;text-align:right}
td.l,th.l{text-align:left}.cut{color:#c00;font-weight:bold}.lost{text-decoration:line-through;color:#999}
.agent{background:#eef5ff}.patient{background:#f6f6f6}.turn{padding:3px 6px;margin:2px 0}
.prelude{opacity:.6}details{margin:.3em 0}.note{background:#fff8e1;padding:.5em 1em}
</style></head><body>
{{ section }}
{% if transcripts is not none %}<h2 id="transcripts">Transcripts</h2>
<p>The heard part of a cut agent turn, the truncation point <span class="cut">⟂</span>, then the
unheard rest <span class="lost">struck through</span>. The agent saw only the heard part.</p>
{% for t in transcripts %}
<details id="t-{{ t.anchor }}"><summary>{{ t.model }} / {{ t.cell }} / {{ t.arm }} / trial {{ t.trial }}: {{ t.outcome }}</summary>
{% for turn in t.turns %}<div class="turn {{ turn.speaker }}{% if turn.prelude %} prelude{% endif %}">
<b>{{ turn.speaker }}</b>{% if turn.interruption %} (interrupts){% endif %}: {{ turn.kept }}{% if turn.lost %}<span class="cut" title="truncation point">⟂</span><span class="lost">{{ turn.lost }}</span>{% endif %}</div>
{% endfor %}{% if t.note %}<p>{{ t.note }}</p>{% endif %}</details>
{% endfor %}{% endif %}
</body></html>
"""

PAGE_NAME = "interruptions.html"


def _pct(value: Any) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "n/a"
    return f"{100 * float(value):.1f} %"


def validation_text(doc: dict[str, Any]) -> str:
    """One line naming a validate-judge result: its status, then kappas and percent agreements.

    The status is :func:`.validation.validation_status`; then come each judge (gathering,
    provision) vs the resolved labels and annotator vs annotator.
    """

    def pair(d: dict[str, Any]) -> str:
        kappa = "undefined" if d.get("kappa") is None else f"{d['kappa']:.3f}"
        return f"kappa {kappa}, {d['percent_agreement']:.1f} % agreement, n = {d['n']}"

    try:
        judges = "; ".join(
            f"{phase} judge vs resolved labels {pair(d)}" for phase, d in doc["judges"].items()
        )
        return f"{validation_status(doc)}: {judges}; annotators {pair(doc['annotators'])}"
    except (KeyError, TypeError, ValueError):
        return f"{validation_status(doc)} (result in metrics.json)"


def figure_png(table: pd.DataFrame, cell: str) -> bytes:
    """The bar chart of one cell as PNG (see :func:`figure`)."""
    import io

    import matplotlib.pyplot as plt

    fig = figure(table, cell)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    plt.close(fig)
    return buffer.getvalue()


def figure(table: pd.DataFrame, cell: str) -> Any:
    """The bar chart of one cell: failure rate per arm and model, Wilson 95 % error bars.

    A 0 % rate and an arm with no judged trial (all filtered) both draw no bar, so each is labelled
    (``0 %``, ``n/a``); the legend sits outside the axes. The caller closes the figure.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sub = table[table.cell == cell]
    arms = [a.value for a in Arm if a.value in set(sub.arm)]
    models = sorted(set(sub.model))
    fig, ax = plt.subplots(figsize=(8.0, 3.2))
    width = 0.8 / max(1, len(models))
    for i, model in enumerate(models):
        rows = [sub[(sub.model == model) & (sub.arm == a)] for a in arms]
        xs = [j + i * width for j in range(len(arms))]
        rates = [float(r.rate.iloc[0]) if not r.empty else math.nan for r in rows]
        lows = [
            r - float(x.ci_low.iloc[0]) if not x.empty else 0
            for r, x in zip(rates, rows, strict=True)
        ]
        highs = [
            float(x.ci_high.iloc[0]) - r if not x.empty else 0
            for r, x in zip(rates, rows, strict=True)
        ]
        errs = [
            [0 if math.isnan(v) else v for v in lows],
            [0 if math.isnan(v) else v for v in highs],
        ]
        ax.bar(xs, rates, width, label=model, yerr=errs, capsize=3)
        for x, rate in zip(xs, rates, strict=True):  # 0 % and n/a both draw no bar: say which
            if math.isnan(rate) or rate == 0:
                text = "n/a" if math.isnan(rate) else "0 %"
                ax.text(x, 0.01, text, ha="center", va="bottom", fontsize=6, rotation=90)
    ax.set_xticks([j + width * (len(models) - 1) / 2 for j in range(len(arms))], arms, fontsize=8)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("failure rate (Wilson 95 %)")
    ax.set_title(cell)
    # outside the axes, so no number of models puts the legend over the bars
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    fig.tight_layout()
    return fig


def load_study_rows(
    workspace: str | Path, names: list[str] | None = None
) -> tuple[list[dict[str, Any]], pd.DataFrame, list[dict[str, Any]]]:
    """Studies, their trial rows and their raw trials from a workspace."""
    path = Path(workspace)
    if not (path / "carebench.db").exists():
        raise CarebenchError(
            f"{path}: no carebench store here (run `carebench interrupt run` first)"
        )
    with StudyStore(path) as store:
        studies = store.studies()
        if names:
            wanted = {store.resolve(n) for n in names}
            studies = [s for s in studies if s["study_id"] in wanted]
        if not studies:
            raise CarebenchError(f"{path}: no interruption study stored")
        recorded = store.validations()
        for s in studies:
            s["validation"] = recorded.get(s["study_id"])
        trials = []
        frames = []
        for s in studies:
            ts = store.trials(s["study_id"])
            for t in ts:
                t["model"] = s["label"]
            trials.extend(ts)
            frames.append(trial_rows(ts, s["label"]))
    return studies, pd.concat(frames, ignore_index=True), trials


def _lost(cell: str, verdict: dict[str, Any]) -> str:
    """A failed trial's summary, naming the lost question or the points not conveyed."""
    lost = [pid for pid, ok in (verdict.get("points") or {}).items() if not ok]
    if not lost:
        return "FAILED: obligation lost"
    if cell.startswith("gathering"):
        return f"FAILED: target question not asked after the cut ({', '.join(lost)})"
    return f"FAILED: not conveyed: {', '.join(lost)}"


def _transcript(t: dict[str, Any]) -> dict[str, Any]:
    turns = [Turn.model_validate(x) for x in t.get("turns", [])]
    verdict = t.get("verdict") or {}
    if t["status"] == "judged":
        outcome = "obligation kept" if verdict.get("passed") else _lost(t["cell"], verdict)
    else:
        outcome = t["status"]
    note = (t.get("state") or {}).get("filtered") or verdict.get("invalid") or t.get("error")
    return {
        "anchor": f"{t['study_id']}-{t['cell']}-{t['arm']}-{t['trial']}",
        "model": t["model"],
        "cell": t["cell"],
        "arm": t["arm"],
        "trial": t["trial"],
        "outcome": outcome,
        "note": note,
        "turns": [d.model_dump() for d in delivered(turns)],
    }


@dataclass(frozen=True)
class StudySection:
    """The interruption studies of a workspace, ready to render.

    Attributes:
        metrics: the metrics document (:func:`.results.metrics`; NaN as None).
        figures: cell -> PNG bytes of its figure.
        transcripts: every trial, rendered for the page (truncation points marked).
    """

    metrics: dict[str, Any]
    figures: dict[str, bytes]
    transcripts: list[dict[str, Any]]

    def html(self, figure_src: dict[str, str], page: str | None = PAGE_NAME) -> Markup:
        """The section as an HTML fragment (jinja2, autoescaped).

        Args:
            figure_src: cell -> image ``src`` (a file name or a ``data:`` URL).
            page: the transcripts page to link to (None: no link).
        """
        env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
        cells = [c.value for c in Cell if c.value in self.figures]
        return Markup(
            env.from_string(_SECTION).render(
                m=self.metrics,
                cells=cells,
                figures=figure_src,
                pct=_pct,
                page=page,
                validation_text=validation_text,
            )
        )

    def write_page(self, folder: Path, name: str = PAGE_NAME, transcripts: bool = True) -> Path:
        """Write the figure PNGs and a page with the section (and the transcripts) into ``folder``."""
        src = {}
        for cell, png in self.figures.items():
            src[cell] = f"interruptions-{cell}.png"
            (folder / src[cell]).write_bytes(png)
        env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
        html = env.from_string(_PAGE).render(
            section=self.html(src, None if transcripts else PAGE_NAME),
            transcripts=self.transcripts if transcripts else None,
        )
        page = folder / name
        page.write_text(html, encoding="utf-8")
        return page


def study_section(
    workspace: str | Path,
    names: list[str] | None = None,
    profile: DeploymentProfile | None = None,
    validation: dict[str, Any] | None = None,
) -> StudySection:
    """Load the studies of ``workspace`` (all, or ``names``) and compute their section.

    A study's judge validation comes from ``validation`` (study id -> validate-judge result) or
    else from the latest result recorded in the workspace by ``carebench interrupt validate-judge``
    whose pack held that study's items; a study without one is "not validated".

    Raises:
        CarebenchError: no store, or no study in it.
    """
    studies, rows, trials = load_study_rows(workspace, names)
    recorded = {s["study_id"]: s["validation"] for s in studies if s["validation"]}
    doc = metrics(studies, rows, profile or DeploymentProfile(), {**recorded, **(validation or {})})
    doc["agent_latency"] = latency_by_arm(trials)
    table = cell_table(rows)
    figures = {c.value: figure_png(table, c.value) for c in Cell if c.value in set(table.cell)}
    return StudySection(doc, figures, [_transcript(t) for t in trials])


def write_report(
    workspace: str | Path,
    out: str | Path,
    names: list[str] | None = None,
    profile: DeploymentProfile | None = None,
    validation: dict[str, Any] | None = None,
) -> Path:
    """Write metrics.json, per-cell figures and interruptions.html under ``out``; return the HTML.

    The page holds the same section as ``carebench report`` and every transcript.
    """
    section = study_section(workspace, names, profile, validation)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "metrics.json").write_text(
        json.dumps(section.metrics, indent=2, sort_keys=True), encoding="utf-8"
    )
    return section.write_page(folder)
