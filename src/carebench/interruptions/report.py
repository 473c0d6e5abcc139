"""The interruption report: metrics.json, one figure per cell, and an HTML page with transcripts.

The HTML is rendered by jinja2 with autoescaping on (model text is hostile input). Every trial's
transcript is shown with the truncation point marked: the heard part of a cut agent turn, a ``⟂``
mark, and the unheard remainder struck through.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import jinja2
import pandas as pd

from carebench.errors import CarebenchError
from carebench.interruptions.cells import Arm, Cell
from carebench.interruptions.results import DeploymentProfile, cell_table, metrics, trial_rows
from carebench.interruptions.store import StudyStore
from carebench.interruptions.transcript import Turn, delivered

_TEMPLATE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Interruption study</title>
<style>
body{font-family:system-ui,sans-serif;margin:2em;max-width:1100px}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 7px;text-align:right}
td.l,th.l{text-align:left}.cut{color:#c00;font-weight:bold}.lost{text-decoration:line-through;color:#999}
.agent{background:#eef5ff}.patient{background:#f6f6f6}.turn{padding:3px 6px;margin:2px 0}
.prelude{opacity:.6}details{margin:.3em 0}
</style></head><body>
<h1>Interruption study (paper 002 design)</h1>
<p>Evidence level: {{ m.evidence_level }}. {{ m.evidence.statement }} Question these results can
answer: {{ m.evidence.question }} They cannot answer: {{ m.evidence.cannot_answer }}.
Results are per cell x arm x model; there is no aggregate score. A transcript simulator omits
prosody, timing and speech-recognition errors.</p>
<h2>Studies</h2>
<table><tr><th class="l">study</th><th class="l">label</th><th class="l">pathway</th><th class="l">patient</th>
<th class="l">judge</th><th class="l">judge validation</th></tr>
{% for s in m.studies %}<tr><td class="l">{{ s.study_id }}</td><td class="l">{{ s.label }}</td>
<td class="l">{{ s.pathway.id }}</td><td class="l">{{ s.patient }}</td><td class="l">{{ s.judge }}</td>
<td class="l">{{ s.judge_validation if s.judge_validation is string else s.judge_validation | tojson }}</td></tr>{% endfor %}
</table>
{% for cell in cells %}
<h2 id="{{ cell }}">{{ cell }}</h2>
{% if figures.get(cell) %}<img src="{{ figures[cell] }}" alt="failure rate per arm, {{ cell }}" width="640">{% endif %}
<table><tr><th class="l">model</th><th class="l">arm</th><th>n</th><th>judged</th><th>filtered</th>
<th>invalid</th><th>errors</th><th>yield</th><th>failures</th><th>failure rate</th><th>Wilson 95 %</th></tr>
{% for r in m.cells if r.cell == cell %}<tr><td class="l">{{ r.model }}</td><td class="l">{{ r.arm }}</td>
<td>{{ r.n }}</td><td>{{ r.judged }}</td><td>{{ r.filtered }}</td><td>{{ r.invalid }}</td><td>{{ r.errors }}</td>
<td>{{ pct(r['yield']) }}</td><td>{{ r.failures }}</td><td>{{ pct(r.rate) }}</td>
<td>{{ pct(r.ci_low) }} - {{ pct(r.ci_high) }}</td></tr>{% endfor %}
</table>
<table><tr><th class="l">model</th><th class="l">comparison</th><th>difference (pp)</th></tr>
{% for d in m.differences if d.cell == cell %}<tr><td class="l">{{ d.model }}</td><td class="l">{{ d.comparison }}</td>
<td>{{ '%+.1f' % d.pp if d.pp is not none else 'n/a' }}</td></tr>{% endfor %}</table>
{% endfor %}
<h2>Deployment interruption profile</h2>
<p>Profile: {{ m.deployment_profile.overlaps_per_call | round(3) }} overlaps per call;
{{ pct(m.deployment_profile.non_competitive) }} recognitional or transitional,
{{ pct(m.deployment_profile.competitive) }} competitive ({{ m.deployment_profile.source }}).
Expected lost obligations per call, from the interrupt arm's per-cell rates, shown next to (never
instead of) the cells above.</p>
<table><tr><th class="l">model</th><th class="l">phase</th><th>expected lost per call</th><th>range (Wilson bounds)</th></tr>
{% for e in m.deployment_estimates %}<tr><td class="l">{{ e.model }}</td><td class="l">{{ e.phase }}</td>
<td>{{ '%.3f' % e.expected_lost_per_call if e.expected_lost_per_call is not none else 'n/a' }}</td>
<td>{{ '%.3f' % e.low if e.low is not none else 'n/a' }} - {{ '%.3f' % e.high if e.high is not none else 'n/a' }}</td></tr>{% endfor %}
</table>
<h2>Transcripts</h2>
{% for t in transcripts %}
<details><summary>{{ t.model }} / {{ t.cell }} / {{ t.arm }} / trial {{ t.trial }}: {{ t.outcome }}</summary>
{% for turn in t.turns %}<div class="turn {{ turn.speaker }}{% if turn.prelude %} prelude{% endif %}">
<b>{{ turn.speaker }}</b>{% if turn.interruption %} (interrupts){% endif %}: {{ turn.kept }}{% if turn.lost %}<span class="cut" title="truncation point">⟂</span><span class="lost">{{ turn.lost }}</span>{% endif %}</div>
{% endfor %}{% if t.note %}<p>{{ t.note }}</p>{% endif %}</details>
{% endfor %}
</body></html>
"""


def _pct(value: Any) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "n/a"
    return f"{100 * float(value):.1f} %"


def _figure(table: pd.DataFrame, cell: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sub = table[table.cell == cell]
    arms = [a.value for a in Arm if a.value in set(sub.arm)]
    models = sorted(set(sub.model))
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
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
    ax.set_xticks([j + width * (len(models) - 1) / 2 for j in range(len(arms))], arms, fontsize=8)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("failure rate (Wilson 95 %)")
    ax.set_title(cell)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


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
        trials = []
        frames = []
        for s in studies:
            ts = store.trials(s["study_id"])
            for t in ts:
                t["model"] = s["label"]
            trials.extend(ts)
            frames.append(trial_rows(ts, s["label"]))
    return studies, pd.concat(frames, ignore_index=True), trials


def _transcript(t: dict[str, Any]) -> dict[str, Any]:
    turns = [Turn.model_validate(x) for x in t.get("turns", [])]
    verdict = t.get("verdict") or {}
    if t["status"] == "judged":
        outcome = "obligation kept" if verdict.get("passed") else "FAILED: obligation lost"
    else:
        outcome = t["status"]
    note = (t.get("state") or {}).get("filtered") or verdict.get("invalid") or t.get("error")
    return {
        "model": t["model"],
        "cell": t["cell"],
        "arm": t["arm"],
        "trial": t["trial"],
        "outcome": outcome,
        "note": note,
        "turns": [d.model_dump() for d in delivered(turns)],
    }


def write_report(
    workspace: str | Path,
    out: str | Path,
    names: list[str] | None = None,
    profile: DeploymentProfile | None = None,
    validation: dict[str, Any] | None = None,
) -> Path:
    """Write metrics.json, per-cell figures and interruptions.html under ``out``; return the HTML."""
    profile = profile or DeploymentProfile()
    studies, rows, trials = load_study_rows(workspace, names)
    doc = metrics(studies, rows, profile, validation)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "metrics.json").write_text(
        json.dumps(doc, indent=2, sort_keys=True), encoding="utf-8"
    )
    table = cell_table(rows)
    cells = [c.value for c in Cell if c.value in set(table.cell)]
    figures = {}
    for cell in cells:
        name = f"fig-{cell}.png"
        _figure(table, cell, folder / name)
        figures[cell] = name
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    html = env.from_string(_TEMPLATE).render(
        m=doc, cells=cells, figures=figures, pct=_pct, transcripts=[_transcript(t) for t in trials]
    )
    page = folder / "interruptions.html"
    page.write_text(html, encoding="utf-8")
    return page
