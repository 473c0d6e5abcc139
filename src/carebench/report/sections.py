"""Report sections: an open extension point, with the built-in sections registered like plugins.

A section is a :class:`ReportSection`: a key (its entry in the analysis and in metrics.json) and a
``compute(context, analysis)`` that returns its value (None: the section does not apply and is
left out), plus optional ``html`` and ``markdown`` renderers. ``analysis`` is the typed
:class:`~carebench.report.models.ReportMetrics` so far (the sections before this one already set
on it; read ``analysis.runs[0].headline["accuracy"].estimate``, ``analysis.keyword_floor``...),
and ``context.manifests`` maps run id to :class:`~carebench.runs.config.RunManifest`. A built-in
section's value is validated into its model (:mod:`carebench.report.section_models`); renderers
receive that model. The built-in sections
(keyword floor, controller, work products, interruption studies) are drawn by index.html's
template and the writer's summary; a plugin's section is computed after them, in name order, and
its ``html`` fragment (escaped by the plugin) and ``markdown`` lines are appended to the report.

A plugin package exposes an entry point in the group ``carebench.report_sections`` whose value
is ``"module:attribute"`` naming a :class:`ReportSection`; or code calls
:func:`register_section`. A plugin's value must be JSON-ready (NaN becomes null), is kept as it
is under its key (``analysis.plugin_sections()``), and the metrics schema accepts any value
there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carebench.registry import Registry

if TYPE_CHECKING:
    import pandas as pd

    from carebench.episodes.schema import Episode
    from carebench.interruptions.report import StudySection
    from carebench.protocol.claim_judge import ClaimJudge
    from carebench.protocol.registry import RegisteredPlan
    from carebench.report.analysis import Settings
    from carebench.report.models import ReportMetrics
    from carebench.runs.config import RunManifest

__all__ = [
    "BUILTIN",
    "SECTIONS",
    "ReportContext",
    "ReportSection",
    "register_section",
    "section_names",
]


@dataclass(frozen=True)
class ReportContext:
    """What every section may read: the reported rows and everything they rest on.

    Attributes:
        frame: results of the reported split, with display ``label`` column.
        all_splits: the same runs' results on every split (None: not loaded).
        manifests: run id -> typed manifest.
        banks: bank SHA-256 -> episodes.
        labels: run id -> display label.
        settings: bootstrap and binning settings.
        cache_dir: where sections may keep derived data between reports (None: nowhere).
        interruptions: the workspace's interruption studies (None: none).
        plan: the registered analysis plan the report is made under (None: exploratory).
        claim_judge: the model judge of claim support in the work-product scores (None: the
            deterministic rules).
        unresumable: run id -> why an incomplete run can no longer be resumed (None: judged
            from ``manifests`` alone).
    """

    frame: pd.DataFrame
    all_splits: pd.DataFrame | None
    manifests: Mapping[str, RunManifest]
    banks: Mapping[str, Sequence[Episode]]
    labels: Mapping[str, str]
    settings: Settings
    cache_dir: Path | None = None
    interruptions: StudySection | None = None
    plan: RegisteredPlan | None = None
    claim_judge: ClaimJudge | None = None
    unresumable: Mapping[str, str] | None = None


Compute = Callable[[ReportContext, "ReportMetrics"], Any]
Render = Callable[[ReportContext, Any], str]


@dataclass(frozen=True)
class ReportSection:
    """One section of the report (see the module docstring).

    Attributes:
        key: its key in the analysis and metrics.json.
        compute: ``(context, analysis so far) -> value`` (None: left out).
        html: ``(context, value) -> HTML fragment`` for index.html (None: the template draws it).
        markdown: ``(context, value) -> Markdown`` for the printed summary (None: nothing).
    """

    key: str
    compute: Compute
    html: Render | None = None
    markdown: Render | None = None


SECTIONS: Registry[ReportSection] = Registry("report section", "carebench.report_sections")
#: The built-in sections, in the order they are computed (plugins follow, by name).
BUILTIN = (
    "keyword_floor",
    "controller",
    "work_product_episodes",
    "work_product_judge",
    "work_products",
    "work_product_tests",
    "work_product_floors",
    "work_product_agreement",
    "interruptions",
)
for _name in BUILTIN:
    SECTIONS.register(_name, f"carebench.report.builtin_sections:{_name.upper()}")


def register_section(name: str, section: str | ReportSection) -> None:
    """Register a section (or a ``"module:attribute"`` path, imported on first use)."""
    SECTIONS.register(name, section)


def section_names() -> list[str]:
    """Every section name in computing order: the built-ins, then plugins by name."""
    return [*BUILTIN, *(n for n in SECTIONS.names() if n not in BUILTIN)]
