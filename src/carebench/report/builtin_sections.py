"""The built-in report sections, registered in :data:`carebench.report.sections.SECTIONS`.

Each is a :class:`~carebench.report.sections.ReportSection` exactly as a plugin's would be; their
HTML is drawn by index.html's template. Each returns its value typed (its model in
:mod:`carebench.report.section_models`); the computations below them (:mod:`carebench.controller`,
:mod:`carebench.protocol`) hand over JSON data, validated here at the boundary.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from carebench.controller.shortcuts import audit, constant_predictions
from carebench.episodes.schema import Episode, Split
from carebench.protocol.summary import floor_section, work_product_scores, work_product_section
from carebench.report.analysis import Settings
from carebench.report.controller_section import controller_analysis
from carebench.report.interruption_section import embedded_html, markdown
from carebench.report.models import Floor, ReportMetrics, RunMetrics
from carebench.report.section_models import (
    ControllerSection,
    WorkProductAgreementRow,
    WorkProductFloorBank,
    WorkProductRow,
)
from carebench.report.sections import ReportContext, ReportSection
from carebench.report.work_product_sections import WORK_PRODUCT_JUDGE, WORK_PRODUCT_TESTS

__all__ = [
    "CONTROLLER",
    "INTERRUPTIONS",
    "KEYWORD_FLOOR",
    "WORK_PRODUCTS",
    "WORK_PRODUCT_FLOORS",
    "WORK_PRODUCT_JUDGE",
    "WORK_PRODUCT_TESTS",
    "keyword_floor",
    "mark_floor",
]


def keyword_floor(
    banks: Mapping[str, Sequence[Episode]],
    splits: Sequence[str],
    settings: Settings,
    cache_dir: Path | None = None,
) -> list[Floor]:
    """The shortcut audit of each bank on the reported split(s): the floor every model must beat.

    Bag of words (leave-one-seed-out over the whole bank), the regex rule and the best constant
    action (named under ``best_constant.action``), scored on the episodes of ``splits``
    (:mod:`carebench.controller.shortcuts`); intervals use the report's bootstrap settings.
    ``cache_dir`` keeps the fitted predictions between reports.
    """
    split = Split(splits[0]) if len(splits) == 1 else None
    floors = []
    for sha, episodes in banks.items():
        result = audit(
            episodes, split, b=settings.b, rng_seed=settings.rng_seed, cache_dir=cache_dir
        )
        floor: dict[str, Any] = {
            "bank_sha256": sha,
            "split": result.split,
            **{
                s.predictor.replace(" ", "_").replace("-", "_"): {
                    "accuracy": s.accuracy.as_dict(),
                    "escalation_recall": s.escalation_recall.as_dict(),
                }
                for s in result.scores
            },
        }
        chosen = [e for e in episodes if split is None or e.split is split]
        if chosen and "best_constant" in floor:
            floor["best_constant"]["action"] = constant_predictions(chosen)[0].value
        floors.append(Floor.model_validate(floor))
    return floors


def mark_floor(runs: list[RunMetrics], floors: list[Floor]) -> None:
    """Flag each run whose accuracy or sensitivity is at or under its bank's bag-of-words floor.

    A floor escalation recall of 1 (the counter escalates every escalation-required episode of a
    small bank) is a ceiling no run can beat: sensitivity then flags only a run under it.
    """
    by_bank = {f.bank_sha256: f.bag_of_words for f in floors}
    for run in runs:
        floor = by_bank.get(run.bank_sha256)
        if floor is None:
            continue
        h = run.headline
        recall, sensitivity = floor.escalation_recall.estimate, h["sensitivity"].estimate
        ceiling = recall is not None and recall >= 1
        run.at_or_under_floor = bool(
            _le(h["accuracy"].estimate, floor.accuracy.estimate)
            or (_lt(sensitivity, recall) if ceiling else _le(sensitivity, recall))
        )


def _le(a: float | None, b: float | None) -> bool:
    """``a <= b``, false when either is undefined (as NaN compares)."""
    return a is not None and b is not None and a <= b


def _lt(a: float | None, b: float | None) -> bool:
    """``a < b``, false when either is undefined."""
    return a is not None and b is not None and a < b


def _stored(ctx: ReportContext) -> dict[str, dict[str, Any]]:
    """The manifests as stored JSON, for the layers below runs (which cannot name the model)."""
    return {r: m.stored() for r, m in ctx.manifests.items()}


def _keyword_floor(ctx: ReportContext, analysis: ReportMetrics) -> list[Floor]:
    shown = set(ctx.frame["run_id"])
    reported = {m.bank_sha256 for r, m in ctx.manifests.items() if r in shown}
    floors = keyword_floor(
        {sha: ctx.banks[sha] for sha in sorted(reported) if sha in ctx.banks},
        analysis.splits,
        ctx.settings,
        ctx.cache_dir,
    )
    mark_floor(analysis.runs, floors)
    return floors


def _controller(ctx: ReportContext, analysis: ReportMetrics) -> ControllerSection | None:
    if ctx.all_splits is None:
        return None
    paths = {m.bank_sha256: m.bank_paths for m in ctx.manifests.values()}
    costs = {r: m.declared_costs() for r, m in ctx.manifests.items()}
    section = controller_analysis(
        ctx.all_splits, ctx.banks, ctx.settings, paths, costs, ctx.cache_dir
    )
    return ControllerSection.model_validate(section)


def _work_product_episodes(ctx: ReportContext, analysis: ReportMetrics) -> list[dict[str, Any]]:
    scores = work_product_scores(ctx.frame, _stored(ctx), ctx.banks, ctx.claim_judge)
    return [{str(k): v for k, v in row.items()} for row in scores.to_dict("records")]


def _work_products(ctx: ReportContext, analysis: ReportMetrics) -> list[WorkProductRow]:
    import pandas as pd

    scores = pd.DataFrame(analysis.work_product_episodes)
    rows = work_product_section(
        scores, _stored(ctx), ctx.banks, ctx.labels, ctx.settings.b, ctx.cache_dir
    )
    return [WorkProductRow.model_validate(r) for r in rows]


def _work_product_floors(ctx: ReportContext, analysis: ReportMetrics) -> list[WorkProductFloorBank]:
    """Floors for the banks of the extended runs the report scores (none left out by the split)."""
    scored = {str(row["run_id"]) for row in analysis.work_product_episodes}
    manifests = {r: m for r, m in _stored(ctx).items() if r in scored}
    return [
        WorkProductFloorBank.model_validate(b)
        for b in floor_section(manifests, ctx.banks, ctx.cache_dir)
    ]


def _work_product_agreement(
    ctx: ReportContext, analysis: ReportMetrics
) -> list[WorkProductAgreementRow]:
    """The scorer's agreement with the packaged labelled sets, printed beside its scores."""
    if not analysis.work_products:
        return []
    from carebench.protocol.scorer_validation import packaged_agreement

    rows = packaged_agreement(ctx.cache_dir)
    return [WorkProductAgreementRow.model_validate(r) for r in rows]


def _interruptions(ctx: ReportContext, analysis: ReportMetrics) -> dict[str, Any] | None:
    return ctx.interruptions.metrics if ctx.interruptions is not None else None


def _interruptions_markdown(ctx: ReportContext, value: Any) -> str:
    assert ctx.interruptions is not None  # value is not None only with studies
    return markdown(ctx.interruptions)


def _interruptions_html(ctx: ReportContext, value: Any) -> str:
    assert ctx.interruptions is not None
    return embedded_html(ctx.interruptions)


KEYWORD_FLOOR = ReportSection("keyword_floor", _keyword_floor)
CONTROLLER = ReportSection("controller", _controller)
WORK_PRODUCT_EPISODES = ReportSection("work_product_episodes", _work_product_episodes)
WORK_PRODUCTS = ReportSection("work_products", _work_products)
WORK_PRODUCT_FLOORS = ReportSection("work_product_floors", _work_product_floors)
WORK_PRODUCT_AGREEMENT = ReportSection("work_product_agreement", _work_product_agreement)
INTERRUPTIONS = ReportSection(
    "interruptions", _interruptions, html=_interruptions_html, markdown=_interruptions_markdown
)
