"""The report's work-product section: extended runs only, per task class, counted invalid outputs."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from carebench import load_bank
from carebench.agents.backends import register_backend
from carebench.agents.backends.base import Generation, GenerationRequest
from carebench.agents.config import BackendConfig
from carebench.report import build_report
from carebench.report.analysis import Settings
from carebench.runs.config import RunConfig
from carebench.runs.runner import run_async
from carebench.runs.store import RunStore
from tests.conftest import FixedBackend


class Uncited(FixedBackend):
    """Answers every episode with one uncited claim, except stale ones: a draft with no claims."""

    async def generate(self, request: GenerationRequest) -> Generation:
        assert request.episode is not None and request.schema is not None
        draft = (
            []
            if request.episode.variant.value == "stale"
            else [{"text": "Blood pressure taken today.", "sources": []}]
        )
        answer = {
            "action": "Answer",
            "confidence": 0.5,
            "reason": "r",
            "draft": draft,
            "handoff": None,
        }
        return Generation(json.dumps(answer))


register_backend("uncited", Uncited)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("ws")
    bank = load_bank()
    summaries = {}
    with RunStore(path / "carebench.db") as store:
        for backend, model, output in (
            ("scripted", "oracle", "extended"),
            ("scripted", "oracle", "decision"),
            ("uncited", None, "extended"),
            ("scripted", "game-cite-everything", "extended"),
        ):
            config = RunConfig(
                backend=BackendConfig(name=backend, model=model), split="dev", output=output
            )
            summaries[backend + output] = asyncio.run(run_async(config, bank, store))
    result = build_report(path, out_dir=path / "report", split="dev", settings=Settings(b=200))
    html = (path / "report" / "index.html").read_text()
    return {
        "analysis": result.analysis.model_dump(),
        "html": html,
        "summary": result.summary,
        "runs": summaries,
    }


def test_only_extended_runs_are_scored_per_task_class(report: dict[str, Any]) -> None:
    rows = report["analysis"]["work_products"]
    assert {r["label"] for r in rows} == {
        "scripted:oracle/vanilla/extended",
        "uncited:-/vanilla/extended",
        "scripted:game-cite-everything/vanilla/extended",
    }
    assert len(rows) == 3 * 4 and all(r["records"] == 20 for r in rows)
    assert {r["evidence_level"] for r in rows} == {"agent"}
    assert 'id="work-products"' in report["html"] and "Work-product scores" in report["summary"]


def test_the_oracle_scores_full_marks(report: dict[str, Any]) -> None:
    for row in report["analysis"]["work_products"]:
        if row["label"].startswith("scripted:oracle"):
            assert row["invalid_work_product"] == 0
            for score in ("continuity", "traceability", "handoff"):
                assert row[score]["estimate"] == 1.0, (row["task_class"], score)


def test_uncited_claims_earn_nothing_and_empty_drafts_are_counted(report: dict[str, Any]) -> None:
    for row in report["analysis"]["work_products"]:
        if row["label"].startswith("uncited"):
            # 2 dev seeds x 2 surfaces have a stale episode each: an Answer with an empty draft
            assert row["invalid_work_product"] == 4
            assert row["traceability"]["estimate"] == 0.0 and row["traceability"]["n"] == 16
            assert row["components"]["unsupported_share"] == 1.0
            assert row["handoff"]["n"] == 0


def test_the_run_summary_counts_invalid_work_products(report: dict[str, Any]) -> None:
    runs = report["runs"]
    assert runs["uncitedextended"].invalid_work_products == 4 * 4  # the stale Answers, 4 classes
    assert runs["scriptedextended"].invalid_work_products == 0
    assert runs["scripteddecision"].invalid_work_products is None


def test_the_scorers_agreement_with_labelled_cases_stands_beside_its_scores(
    report: dict[str, Any],
) -> None:
    from carebench.protocol.scorer_validation import scorer_agreement

    rows = report["analysis"]["work_product_agreement"]
    expected = scorer_agreement({e.episode_id: e for e in load_bank()})
    assert [(r["component"], r["set"], r["role"], r["n"], r["kappa"]) for r in rows] == [
        (a.component, a.subset, a.role, a.n, a.kappa) for a in expected
    ]
    held_out = [r for r in rows if r["role"] == "held-out"]
    assert held_out, "the packaged manifest has a held-out set"
    assert "agreement with labelled cases" in report["html"]
    assert "under the goal" in report["html"]  # no held-out component reaches kappa 0.8 yet
    assert "Scorer agreement with held-out labelled cases" in report["summary"]


def test_the_summary_says_the_floors_are_known_policies_not_bounds(report: dict[str, Any]) -> None:
    assert report["analysis"]["work_product_floors"], "an extended run has floors"
    summary = report["summary"]
    assert "floor: " in summary and "known gaming policies, not bounds" in summary
    assert summary.index("floor: ") < summary.index("known gaming policies, not bounds")


def test_a_gaming_policy_run_as_an_agent_is_flagged_on_the_score_it_games(
    report: dict[str, Any],
) -> None:
    """Each row is held against the floor on its own episodes (split and task class). Against the
    pooled floor of the whole bank, game-cite-everything escaped the flag in two of four classes
    of the test split (found by a new-user trial)."""
    rows = [r for r in report["analysis"]["work_products"] if "game-cite" in r["label"]]
    scored = [r for r in rows if r["traceability"]["n"]]
    assert scored and all("traceability" in r["at_or_under_floor"] for r in scored)
    for row in report["analysis"]["work_products"]:
        if row["label"].startswith("scripted:oracle"):
            assert row["at_or_under_floor"] == [], row["task_class"]
    assert "game-cite-everything" in report["summary"].split("At or under a gaming floor")[1]
