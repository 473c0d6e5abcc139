"""The keyword floor stands beside every model in the report, computed from the run's own bank."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from carebench import load_bank
from carebench.agents.config import BackendConfig
from carebench.controller.shortcuts import audit
from carebench.report import Settings, build_report
from carebench.report.builtin_sections import mark_floor
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
    # the oracle scores 1.0 on both; always-answer never escalates (sensitivity 0: under any
    # floor under 1, and at or under the floor accuracy)
    oracle_under = expected.accuracy.estimate >= 1.0  # a floor recall of 1 flags no sensitivity
    assert flags == {ids["oracle"]: oracle_under, ids["always-answer"]: True}
    page = (tmp_path / "report" / "index.html").read_text()
    assert "floor: bag of words" in page and "floor: regex rule" in page
    assert page.count("at or under the keyword floor") == sum(flags.values())
    assert "Keyword floor (bank" in report.summary


def _estimate(value: float) -> SimpleNamespace:
    return SimpleNamespace(estimate=value)


@pytest.mark.parametrize(
    ("floor_accuracy", "floor_recall", "accuracy", "sensitivity", "flagged"),
    [
        (0.30, 1.00, 1.00, 1.00, False),  # a perfect run on a bank whose counter escalates all
        (0.30, 1.00, 0.50, 0.00, True),  # under that ceiling: misses every escalation
        (0.30, 1.00, 0.30, 1.00, True),  # at the floor's accuracy
        (0.42, 0.62, 0.90, 0.62, True),  # at the floor's recall, under 1
        (0.42, 0.62, 0.90, 0.80, False),
        (1.00, 1.00, 1.00, 1.00, True),  # a bank a keyword counter solves: nothing shown
    ],
)
def test_a_run_is_flagged_at_or_under_the_floor(
    floor_accuracy: float, floor_recall: float, accuracy: float, sensitivity: float, flagged: bool
) -> None:
    floor = SimpleNamespace(
        bank_sha256="b",
        bag_of_words=SimpleNamespace(
            accuracy=_estimate(floor_accuracy), escalation_recall=_estimate(floor_recall)
        ),
    )
    run = SimpleNamespace(
        bank_sha256="b",
        headline={"accuracy": _estimate(accuracy), "sensitivity": _estimate(sensitivity)},
        at_or_under_floor=None,
    )
    mark_floor([run], [floor])  # type: ignore[list-item]
    assert run.at_or_under_floor is flagged


def test_no_work_product_floors_for_a_run_the_split_leaves_out(tmp_path: Path) -> None:
    """A new-user trial waited five minutes for the packaged bank's floors in a report whose only
    extended run had no rows in the chosen split."""
    bank = write_custom_bank(tmp_path / "bank", annotated=True)
    for model, split, output in (("oracle", "dev", "extended"), ("rule", "test", "decision")):
        config = RunConfig(
            backend=BackendConfig(name="scripted", model=model),
            split=split,  # type: ignore[arg-type]
            bank_paths=(str(bank),),
            output=output,  # type: ignore[arg-type]
        )
        run_agent(config, tmp_path)
    test = build_report(tmp_path, None, tmp_path / "test", "test", Settings(b=200))
    assert test.analysis.work_product_floors == []
    dev = build_report(tmp_path, None, tmp_path / "dev", "dev", Settings(b=200))
    assert [b.bank_sha256 for b in dev.analysis.work_product_floors] == [
        test.analysis.runs[0].bank_sha256
    ]


def test_the_printed_floor_rows_name_their_bank_when_there_are_several(tmp_path: Path) -> None:
    for name, note in (("a", ""), ("b", " Seen in the evening clinic.")):
        config = RunConfig(
            backend=BackendConfig(name="scripted", model="oracle"),
            split="dev",
            bank_paths=(str(write_custom_bank(tmp_path / name, note=note, annotated=True)),),
            output="extended",
        )
        run_agent(config, tmp_path)
    report = build_report(tmp_path, None, tmp_path / "r", "dev", Settings(b=200))
    banks = [b.bank_sha256[:12] for b in report.analysis.work_product_floors]
    assert len(banks) == 2
    for sha in banks:
        assert re.search(rf"\| floor: reference \(n=\d+, bank {sha}\) \|", report.summary)


def test_a_bank_without_annotation_units_is_not_scored_and_has_no_floors(tmp_path: Path) -> None:
    """On seeds without annotations the reference scored 0.00 traceability and was flagged at or
    under a gaming floor (a new-user trial): nothing there to score against."""
    for annotated in (False, True):
        config = RunConfig(
            backend=BackendConfig(name="scripted", model="oracle"),
            split="dev",
            bank_paths=(str(write_custom_bank(tmp_path / str(annotated), annotated=annotated)),),
            output="extended",
        )
        run_agent(config, tmp_path)
    report = build_report(tmp_path, None, tmp_path / "r", "dev", Settings(b=200))
    rows = {w.unannotated: w for w in report.analysis.work_products}
    assert (
        sorted(rows) == [4, 8]
    )  # 8 drafts and handoffs: 2 of the 10 ask or abstain  # each run scored on its own bank (the ids are the same:
    # both runs were once scored on whichever bank came last)
    bare, scored = rows[8], rows[4]
    assert bare.records == 10 and bare.invalid_work_product == 0
    assert [getattr(bare, s).n for s in ("continuity", "traceability", "handoff")] == [0, 0, 0]
    assert bare.at_or_under_floor == []
    assert scored.traceability.estimate == 1.0 and scored.at_or_under_floor == []
    assert scored.unannotated == 4  # its handoffs: the seed declares no handoff units
    assert len(report.analysis.work_product_floors) == 1  # the annotated bank's
    assert (
        "Not scored, as their episodes lack the annotation units they are scored against (no "
        "`annotations:`, or no handoff units for a handoff; docs/authoring.md): "
    ) in report.summary
    assert f"{bare.label} (patient_messaging: 8 of 10)" in report.summary
    assert f"{scored.label} (patient_messaging: 4 of 10)" in report.summary
    page = (tmp_path / "r" / "index.html").read_text()
    assert "8 of 10 not scored: their episodes lack the annotation units" in page
