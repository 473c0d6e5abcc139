"""The report names the claim judge and prints the plan's work-product family on its own."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pandas as pd
import pytest
from statsmodels.stats.multitest import multipletests

from carebench import load_bank
from carebench.agents.config import BackendConfig
from carebench.protocol.plans import parse_plan
from carebench.protocol.registry import PlanRegistry
from carebench.report import build_report
from carebench.report.analysis import Settings
from carebench.report.models import ReportMetrics
from carebench.report.section_models import WorkProductJudge
from carebench.report.sections import ReportContext
from carebench.report.work_product_sections import WORK_PRODUCT_JUDGE
from carebench.runs.config import RunConfig, RunPlan
from carebench.runs.runner import run_async
from carebench.runs.store import RunStore

ORACLE = "scripted:oracle/vanilla/extended"
COPY = "scripted:game-copy-evidence/vanilla/extended"
PLAN = f"""\
format: carebench-plan/2
name: wp
splits: [dev]
work_product_weights:
  triage_handoff: {{continuity: 0, traceability: 0, handoff: 1}}
comparisons:
  - a: {ORACLE}
    b: {COPY}
    metrics: [accuracy, traceability, continuity, overall]
  - a: {ORACLE}
    b: rule
    metrics: [handoff]
"""


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("wp-plan")
    bank = load_bank()
    with RunStore(path / "carebench.db") as store:
        registered, _ = PlanRegistry(store).register(parse_plan(PLAN, "wp.yaml"))
        run_plan = RunPlan.from_registered(registered)
        for model, output in (("oracle", "extended"), ("game-copy-evidence", "extended"),
                              ("rule", "decision")):  # fmt: skip
            config = RunConfig(
                backend=BackendConfig(name="scripted", model=model),
                split="dev",
                output=output,
                plan=run_plan,
            )
            asyncio.run(run_async(config, bank, store))
    result = build_report(
        path,
        out_dir=path / "report",
        split="dev",
        settings=Settings(b=200),
        claim_judge="scripted:judge-rules",
    )
    metrics = json.loads((path / "report" / "metrics.json").read_text())
    html = (path / "report" / "index.html").read_text()
    return {
        "analysis": result.analysis.model_dump(),
        "summary": result.summary,
        "metrics": metrics,
        "html": html,
    }


def test_the_report_names_the_claim_judge(report: dict[str, Any]) -> None:
    judge = report["metrics"]["work_product_judge"]
    assert judge["claim_support"] == "judge" and judge["judge"]["name"] == "scripted:judge-rules"
    assert judge["judge"]["identity"]["name"] == "scripted"
    assert judge["judge"]["claims_judged"] > 0
    assert len(judge["records"]) == judge["judge"]["invalid"] + judge["judge"]["overruled"]
    assert "model judge scripted:judge-rules" in report["summary"]
    assert "model judge scripted:judge-rules" in report["html"]


def test_a_dev_report_says_the_split_is_for_tuning(report: dict[str, Any]) -> None:
    """The HTML said so and the printed summary did not (a new-user trial)."""
    assert "Split: dev. The dev split is for tuning; cite test-split results." in report["summary"]


def test_the_judge_text_points_to_its_agreement_and_warns_when_every_answer_failed() -> None:
    """A new-user trial found a judge whose 157 answers all failed named with no warning."""
    from carebench.report.work_product_sections import _judge_text

    def judged(invalid: int) -> WorkProductJudge:
        described = {
            "name": "scripted:judge-garbage",
            "identity": {},
            "backend": {},
            "claims_judged": 157,
            "invalid": invalid,
            "overruled": 0,
            "reasons": {},
        }
        value = {"claim_support": "judge", "description": "model judge", "judge": described}
        return WorkProductJudge.model_validate({**value, "records": []})

    failed, some = _judge_text(judged(157)), _judge_text(judged(3))
    assert "Every answer was invalid" in failed and "Every answer was invalid" not in some
    assert "carebench scorer agreement --judge scripted:judge-garbage" in some


def test_the_default_names_the_deterministic_rules() -> None:
    ctx = ReportContext(pd.DataFrame(), None, {}, {}, {}, Settings())
    # only the field the section reads (model_construct: the rest of an analysis not needed)
    scored = ReportMetrics.model_construct(work_product_episodes=[{"run_id": "r"}])
    value = WORK_PRODUCT_JUDGE.compute(ctx, scored)
    assert isinstance(value, WorkProductJudge)
    assert value.claim_support == "rules" and value.judge is None and value.records == []
    none = ReportMetrics.model_construct()
    assert WORK_PRODUCT_JUDGE.compute(ctx, none) is None  # no work products, nothing to name


def test_work_product_tests_are_their_own_holm_family(report: dict[str, Any]) -> None:
    plan = report["metrics"]["plan"]
    tests = report["metrics"]["work_product_tests"]
    assert [t["metric"] for t in plan["tests"]] == ["accuracy"] and plan["family_size"] == 1
    assert [t["metric"] for t in tests["tests"]] == [
        "traceability",
        "continuity",
        "overall",
        "handoff",
    ]
    assert tests["family_size"] == 4 and "triage_handoff" in tests["overall"]
    computed = [t for t in tests["tests"] if t["computed"]]
    assert len(computed) == 3 and all(t["mean_a"] > t["mean_b"] for t in computed)
    assert all(t["n_seeds"] == 8 and t["method"].startswith("exact") for t in computed)
    holm = multipletests([t["p_value"] for t in tests["tests"]], method="holm")[1]
    assert [t["p_holm"] for t in tests["tests"]] == pytest.approx(list(holm))
    assert (
        "Planned work-product tests (Holm across the plan's work-product family of 4"
        in (report["summary"])
    )


def test_a_departure_is_printed_first_as_for_decision_metrics(report: dict[str, Any]) -> None:
    (handoff,) = [t for t in report["metrics"]["work_product_tests"]["tests"] if not t["computed"]]
    assert handoff["metric"] == "handoff" and handoff["p_holm"] == 1.0
    first = report["summary"].splitlines()[:3]
    assert first[0].startswith("DEPARTURES FROM THE REGISTERED PLAN (1)")
    assert "planned work-product comparison" in first[1] and "not extended output" in first[1]
