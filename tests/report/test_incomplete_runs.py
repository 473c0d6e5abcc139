"""A run that stored fewer records than it planned (an interrupted run) is reported as incomplete."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from carebench.agents.config import BackendConfig, SamplingParams
from carebench.report import Settings, build_report
from carebench.report.run_metrics import incomplete_note
from carebench.runs.config import RunConfig
from carebench.runs.execute import run_agent
from carebench.runs.results import store_path
from tests.conftest import write_custom_bank


def test_incomplete_note_by_hand() -> None:
    assert incomplete_note(20, 20) == "" and incomplete_note(21, 20) == ""
    assert incomplete_note(5, None) == ""  # a manifest from before n_episodes was recorded
    assert incomplete_note(13, 20).startswith("⚠ incomplete: 13 of 20 records stored")
    assert "run the same command again" in incomplete_note(0, 40)


def test_an_interrupted_run_is_flagged_in_every_output(tmp_path: Path) -> None:
    bank = (str(write_custom_bank(tmp_path / "bank")),)
    cut = run_agent(
        RunConfig(
            backend=BackendConfig(name="scripted", model="oracle"),
            bank_paths=bank,
            sampling=SamplingParams(repeats=2),
        ),
        tmp_path,
    ).run_id
    whole = run_agent(
        RunConfig(backend=BackendConfig(name="scripted", model="random"), bank_paths=bank),
        tmp_path,
    ).run_id
    # the interruption: 20 episodes x 2 samples planned, 7 records lost before they were stored
    with sqlite3.connect(store_path(tmp_path)) as db:
        gone = db.execute(
            "DELETE FROM records WHERE run_id=? AND rowid IN (SELECT rowid FROM records "
            "WHERE run_id=? ORDER BY episode_id DESC, repeat LIMIT 7)",
            (cut, cut),
        ).rowcount
    assert gone == 7
    result = build_report(tmp_path, None, tmp_path / "report", "test", Settings(b=50))
    note = "⚠ incomplete: 33 of 40 records stored"
    metrics = json.loads((tmp_path / "report" / "metrics.json").read_text())
    by_id = {r["run_id"]: r for r in metrics["runs"]}
    assert by_id[cut]["incomplete_note"].startswith(note)
    assert "incomplete_note" not in by_id[whole]  # a complete run carries no note
    assert f"WARNING: scripted:oracle/vanilla: {note}" in result.summary
    assert any(
        line.startswith("| scripted:oracle") and note in line
        for line in result.summary.splitlines()
    )
    assert note in result.index.read_text()


def test_a_named_run_with_no_results_in_the_split_is_refused_not_left_out(tmp_path: Path) -> None:
    """A new-user trial: `report rule always-answer --split dev` left out `rule` (test results
    only) with exit 0; `compare` refused the same."""
    import pytest

    from carebench.errors import CarebenchError

    bank = (str(write_custom_bank(tmp_path / "bank")),)
    ids = [
        run_agent(
            RunConfig(backend=BackendConfig(name="scripted", model=m), bank_paths=bank, split=s),
            tmp_path,
        ).run_id
        for m, s in (("oracle", "dev"), ("random", "test"))
    ]
    with pytest.raises(CarebenchError, match=rf"no dev-split results .*\({ids[1]}\): only test"):
        build_report(tmp_path, ids, tmp_path / "report", "dev", Settings(b=50))
    assert not (tmp_path / "report").exists()
    result = build_report(tmp_path, ids[:1], tmp_path / "report", "dev", Settings(b=50))
    assert "scripted:oracle" in result.summary
