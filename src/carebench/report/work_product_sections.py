"""Two built-in report sections on work products: who judged claim support, and the planned tests.

* ``work_product_judge``: how claim support was decided in the work-product scores, the
  deterministic rules (the default) or a model judge (``carebench report --claim-judge SPEC``),
  named with its backend identity, the claims it was asked about, its invalid answers (each fell
  back to the deterministic verdict) and overruled verdicts, every one of them listed.
* ``work_product_tests``: the analysis plan's planned work-product comparisons, Holm-corrected as
  their own family (:mod:`carebench.protocol.planned_work`); a test that could not be computed is
  added to the plan's departures, printed first as for decision metrics.
"""

from __future__ import annotations

from typing import Any

from markupsafe import escape

from carebench.protocol.planned_work import weights_text, work_product_tests
from carebench.report.models import ReportMetrics
from carebench.report.section_models import WorkProductJudge, WorkProductTests
from carebench.report.sections import ReportContext, ReportSection

RULES = "the deterministic rules (carebench.episodes.support), the default"


def _judge(ctx: ReportContext, analysis: ReportMetrics) -> WorkProductJudge | None:
    if ctx.claim_judge is None:
        if not analysis.work_product_episodes:
            return None
        return WorkProductJudge(claim_support="rules", description=RULES, judge=None, records=[])
    judge = ctx.claim_judge.describe()
    return WorkProductJudge.model_validate(
        {
            "claim_support": "judge",
            "description": f"model judge {judge['name']} (checked quotes; docs/protocol.md)",
            "judge": judge,
            "records": ctx.claim_judge.records(),
        }
    )


def _judge_text(value: WorkProductJudge) -> str:
    judge = value.judge
    if judge is None:
        return f"Claim support in the work-product scores: {value.description}."
    failed = (
        " ⚠ Every answer was invalid: these scores are the deterministic rules'."
        if judge.claims_judged and judge.invalid == judge.claims_judged
        else ""
    )
    return (
        f"Claim support in the work-product scores: {value.description}; "
        f"{judge.claims_judged} distinct claims asked, {judge.invalid} invalid answers "
        f"(deterministic verdict used), {judge.overruled} verdicts overruled to unsupported "
        f"(listed under work_product_judge in metrics.json).{failed} The report does not measure "
        "the judge: give its agreement with the labelled claims beside these scores "
        f"(carebench scorer agreement --judge {judge.name})."
    )


def _judge_markdown(ctx: ReportContext, value: WorkProductJudge) -> str:
    return _judge_text(value)


def _judge_html(ctx: ReportContext, value: WorkProductJudge) -> str:
    return f"<p class='note'>{escape(_judge_text(value))}</p>"


def _tests(ctx: ReportContext, analysis: ReportMetrics) -> WorkProductTests | None:
    import pandas as pd

    if ctx.plan is None or not ctx.plan.plan.work_product_family():
        return None
    shown = {str(r) for r in ctx.frame["run_id"].unique()}
    scores = pd.DataFrame(analysis.work_product_episodes)
    labels = {r: ctx.labels[r] for r in shown}
    stored = {r: m.stored() for r, m in ctx.manifests.items()}
    rows, problems = work_product_tests(scores, ctx.plan, labels, stored)
    analysis.plan.departures.extend(problems)
    return WorkProductTests.model_validate(
        {
            "family": "work product",
            "family_size": len(rows),
            "overall": weights_text(ctx.plan.plan),
            "tests": rows,
        }
    )


def _number(value: Any, digits: int) -> str:
    return "-" if value is None or value != value else f"{value:.{digits}f}"


def _tests_markdown(ctx: ReportContext, value: WorkProductTests) -> str:
    lines = [
        "Planned work-product tests (Holm across the plan's work-product family of "
        f"{value.family_size}, separate from the decision family; {value.overall}):",
        "",
        "| comparison | metric | seeds | mean A | mean B | p | p Holm | p method |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for t in value.tests:
        lines.append(
            f"| {t.comparison} | {t.metric} | {t.n_seeds} | {_number(t.mean_a, 3)} | "
            f"{_number(t.mean_b, 3)} | {_number(t.p_value, 4)} | "
            f"{_number(t.p_holm, 4)} | {t.method or '-'} |"
        )
    return "\n".join(lines)


def _tests_html(ctx: ReportContext, value: WorkProductTests) -> str:
    head = "".join(
        f"<th>{h}</th>"
        for h in ("comparison", "metric", "seeds", "mean A", "mean B", "p", "p Holm", "method")
    )
    body = "".join(
        "<tr>"
        + "".join(
            f"<td>{escape(str(c))}</td>"
            for c in (
                t.comparison,
                t.metric,
                t.n_seeds,
                _number(t.mean_a, 3),
                _number(t.mean_b, 3),
                _number(t.p_value, 4),
                _number(t.p_holm, 4),
                t.method or "-",
            )
        )
        + "</tr>"
        for t in value.tests
    )
    title = escape(
        f"Planned work-product tests (Holm across the work-product family of "
        f"{value.family_size}; {value.overall})"
    )
    return f"<h3>{title}</h3><table><tr>{head}</tr>{body}</table>"


WORK_PRODUCT_JUDGE = ReportSection(
    "work_product_judge", _judge, html=_judge_html, markdown=_judge_markdown
)
WORK_PRODUCT_TESTS = ReportSection(
    "work_product_tests", _tests, html=_tests_html, markdown=_tests_markdown
)
