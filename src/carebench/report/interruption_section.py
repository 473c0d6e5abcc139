"""The report's interruption-study section (paper 002), present when the workspace holds studies.

The section itself (per cell x arm x model failure rates with Wilson 95 % intervals, n, yield, arm
differences, a figure per cell, the deployment profile next to the cells, the judge and its
validation, the evidence level) is computed and rendered by :mod:`carebench.interruptions.report`;
this module only finds the studies of a report's workspace, writes the transcripts page
(``interruptions.html``, truncation points marked) and the figures next to the report, and gives
the writer what it embeds: the metrics (``metrics.json`` key ``interruptions``), the HTML fragment
and a Markdown summary.
"""

from __future__ import annotations

import base64
import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carebench.errors import CarebenchError
from carebench.report.result import ReportResult

if TYPE_CHECKING:
    from markupsafe import Markup

    from carebench.interruptions.report import StudySection


def load_section(workspace: str | Path, out: Path) -> StudySection | None:
    """The studies of ``workspace`` as a section, with their page written into ``out``.

    Returns None (and writes nothing) when the workspace's store holds no study.

    Raises:
        CarebenchError: the report folder cannot be created.
    """
    from carebench.interruptions.report import study_section
    from carebench.interruptions.store import has_studies
    from carebench.runs.results import store_path

    db = store_path(workspace)
    if not has_studies(db):
        return None
    section = study_section(db.parent)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CarebenchError(f"cannot create the report folder {out}: {exc}") from exc
    section.write_page(out)
    return section


def study_only_report(section: StudySection, out: Path) -> ReportResult:
    """The report of a workspace holding studies and no runs: the section alone.

    index.html shows the section (linking to the transcripts page); metrics.json holds the
    section's metrics under ``interruptions``.
    """
    index = section.write_page(out, "index.html", transcripts=False)
    analysis = {"interruptions": section.metrics}
    (out / "metrics.json").write_text(json.dumps(analysis, indent=2) + "\n", "utf-8")
    return ReportResult(index, markdown(section), None, section.metrics)


def embedded_html(section: StudySection) -> Markup:
    """The section fragment for index.html, its figures embedded as PNG data URLs."""
    src = {
        cell: "data:image/png;base64," + base64.b64encode(png).decode()
        for cell, png in section.figures.items()
    }
    return section.html(src)


def markdown(section: StudySection) -> str:
    """Per model x cell: interrupt and baseline failure rates (Wilson 95 %) and their difference."""

    def rate(r: dict[str, Any] | None) -> str:
        if r is None or r["rate"] is None:
            return "n/a"
        return f"{r['rate']:.2f} [{r['ci_low']:.2f}, {r['ci_high']:.2f}] (n {r['judged']})"

    m = section.metrics
    by = {(r["model"], r["cell"], r["arm"]): r for r in m["cells"]}
    lines = [
        f"Interruption study (evidence level: {m['evidence_level']}); per cell, no aggregate "
        "score. Failure rate [Wilson 95 %]:",
        "",
        "| model | cell | interrupt | baseline | difference (pp) |",
        "|---|---|---|---|---|",
    ]
    for model, cell in sorted({(r["model"], r["cell"]) for r in m["cells"]}):
        hit, base = by.get((model, cell, "interrupt")), by.get((model, cell, "baseline"))
        diff = "n/a"
        if hit and base and hit["rate"] is not None and base["rate"] is not None:
            pp = 100 * (hit["rate"] - base["rate"])
            diff = "n/a" if math.isnan(pp) else f"{pp:+.1f}"
        lines.append(f"| {model} | {cell} | {rate(hit)} | {rate(base)} | {diff} |")
    return "\n".join(lines)
