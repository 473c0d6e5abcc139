"""The keyword floor stands beside every model in the report, computed from the run's own bank."""

from __future__ import annotations

import json
from pathlib import Path

from carebench import load_bank
from carebench.agents.config import BackendConfig
from carebench.controller.shortcuts import audit
from carebench.report import Settings, build_report
from carebench.runs.config import RunConfig
from carebench.runs.execute import run_agent
from tests.conftest import write_custom_bank


def test_floor_rows_and_under_floor_flag(tmp_path: Path) -> None:
    bank = write_custom_bank(tmp_path / "bank")
    ids = {
        policy: run_agent(
            RunConfig(
                backend=BackendConfig(name="scripted", model=policy),
                split="all",
                bank_paths=(str(bank),),
            ),
            tmp_path,
        ).run_id
        for policy in ("oracle", "always-answer")
    }
    report = build_report(tmp_path, list(ids.values()), tmp_path / "report", "all", Settings(b=200))
    metrics = json.loads((tmp_path / "report" / "metrics.json").read_text())
    [floor] = metrics["keyword_floor"]
    expected = audit(load_bank([bank]), None, b=200).score("bag-of-words")
    assert floor["bag_of_words"]["accuracy"]["estimate"] == expected.accuracy.estimate
    assert floor["split"] == "all"
    flags = {r["run_id"]: r["at_or_under_floor"] for r in metrics["runs"]}
    # the oracle scores 1.0 on both; always-answer never escalates (sensitivity 0, at any floor)
    oracle_under = expected.accuracy.estimate >= 1.0 or expected.escalation_recall.estimate >= 1.0
    assert flags == {ids["oracle"]: oracle_under, ids["always-answer"]: True}
    page = (tmp_path / "report" / "index.html").read_text()
    assert "floor: bag of words" in page and "floor: regex rule" in page
    assert page.count("at or under the keyword floor") == sum(flags.values())
    assert "Keyword floor (bank" in report.summary
