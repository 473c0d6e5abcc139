"""The built-in report sections, registered in :data:`carebench.report.sections.SECTIONS`.

Each is a :class:`~carebench.report.sections.ReportSection` exactly as a plugin's would be; their
HTML is drawn by index.html's template.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from carebench.controller.shortcuts import audit, constant_predictions
from carebench.episodes.schema import Episode, Split
from carebench.metrics.costs import declared_costs
from carebench.protocol.summary import floor_section, work_product_scores, work_product_section
from carebench.report.analysis import Settings
from carebench.report.controller_section import controller_analysis
from carebench.report.interruption_section import embedded_html, markdown
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
) -> list[dict[str, Any]]:
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
        floors.append(floor)
    return floors


def mark_floor(runs: list[dict[str, Any]], floors: list[dict[str, Any]]) -> None:
    """Flag each run whose accuracy or sensitivity is at or under its bank's bag-of-words floor."""
    by_bank = {f["bank_sha256"]: f["bag_of_words"] for f in floors}
    for run in runs:
        floor = by_bank.get(run["bank_sha256"])
        if floor is None:
            continue
        h = run["headline"]
        run["at_or_under_floor"] = bool(
            h["accuracy"]["estimate"] <= floor["accuracy"]["estimate"]
            or h["sensitivity"]["estimate"] <= floor["escalation_recall"]["estimate"]
        )


def _keyword_floor(ctx: ReportContext, analysis: dict[str, Any]) -> list[dict[str, Any]]:
    shown = set(ctx.frame["run_id"])
    reported = {str(m["bank_sha256"]) for r, m in ctx.manifests.items() if r in shown}
    floors = keyword_floor(
        {sha: ctx.banks[sha] for sha in sorted(reported) if sha in ctx.banks},
        analysis["splits"],
        ctx.settings,
        ctx.cache_dir,
    )
    mark_floor(analysis["runs"], floors)
    return floors


def _controller(ctx: ReportContext, analysis: dict[str, Any]) -> dict[str, Any] | None:
    if ctx.all_splits is None:
        return None
    paths = {m["bank_sha256"]: m.get("bank_paths") for m in ctx.manifests.values()}
    costs = {r: declared_costs(m) for r, m in ctx.manifests.items()}
    return controller_analysis(ctx.all_splits, ctx.banks, ctx.settings, paths, costs, ctx.cache_dir)


def _work_product_episodes(ctx: ReportContext, analysis: dict[str, Any]) -> list[dict[str, Any]]:
    scores = work_product_scores(ctx.frame, ctx.manifests, ctx.banks, ctx.claim_judge)
    return [{str(k): v for k, v in row.items()} for row in scores.to_dict("records")]


def _work_products(ctx: ReportContext, analysis: dict[str, Any]) -> list[dict[str, Any]]:
    import pandas as pd

    scores = pd.DataFrame(analysis.get("work_product_episodes") or [])
    return work_product_section(scores, ctx.manifests, ctx.banks, ctx.labels, ctx.settings.b)


def _work_product_floors(ctx: ReportContext, analysis: dict[str, Any]) -> list[dict[str, Any]]:
    return floor_section(ctx.manifests, ctx.banks)


def _interruptions(ctx: ReportContext, analysis: dict[str, Any]) -> dict[str, Any] | None:
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
INTERRUPTIONS = ReportSection(
    "interruptions", _interruptions, html=_interruptions_html, markdown=_interruptions_markdown
)
