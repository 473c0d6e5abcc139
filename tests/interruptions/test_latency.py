"""Agent-turn latency per arm: sources, hand-computed percentiles, the stored trials and the report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from carebench.interruptions.cells import Arm, Cell
from carebench.interruptions.latency import latency_by_arm, summary_line, turn_latency
from carebench.interruptions.roles import CallRecord, parse_role
from carebench.interruptions.store import StudyStore
from carebench.interruptions.study import StudyConfig, run_study
from carebench.testing.openai_stub import make_app, serve_in_thread


def test_a_turns_source_follows_its_calls() -> None:
    assert turn_latency([]) == ("scripted", None)
    assert turn_latency([CallRecord(0.5)]) == ("model", 0.5)
    assert turn_latency([CallRecord(0.01, cached=True)]) == ("cached", 0.01)
    assert turn_latency([CallRecord(0.01, cached=True), CallRecord(0.5)]) == ("model", 0.51)
    assert turn_latency([CallRecord(2.5, retries=1)]) == ("retried", 2.5)


def _trial(arm: str, latencies: list[tuple[str, float | None]] | None, turns: int = 0) -> dict:
    state: dict[str, Any] = {"agent_turns": turns}
    if latencies is not None:
        state["agent_latency"] = [{"source": s, "seconds": t} for s, t in latencies]
    return {"study_id": "s1", "label": "agent A", "arm": arm, "state": state}


def test_percentiles_and_exclusions_by_hand() -> None:
    trials = [
        _trial("baseline", [("model", 1.0), ("model", 4.0), ("cached", 0.0)]),
        _trial("baseline", [("model", 2.0), ("model", 3.0), ("retried", 9.0)]),
        _trial("baseline", None, turns=3),  # stored before latency was recorded
        {"study_id": "s1", "arm": "baseline", "error": "agent: refused"},  # no turns stored
        _trial("interrupt", [("scripted", None), ("scripted", None)]),
    ]
    baseline, interrupt = latency_by_arm(trials)
    # model seconds 1, 2, 3, 4: p50 = 2.5; p95 at rank 0.95 x 3 = 2.85: 3 + 0.85 x (4 - 3) = 3.85
    assert baseline == {
        "study_id": "s1",
        "label": "agent A",
        "arm": "baseline",
        "turns": 9,
        "timed": 4,
        "p50_s": 2.5,
        "p95_s": pytest.approx(3.85),
        "excluded": {"cached": 1, "retried": 1, "scripted": 0, "not_recorded": 3},
    }
    assert interrupt["timed"] == 0 and interrupt["p50_s"] is None and interrupt["p95_s"] is None
    assert interrupt["excluded"]["scripted"] == 2
    assert summary_line(baseline) == (
        "baseline: p50 2.50 s, p95 3.85 s over 4 model turns; left out: 1 cached, 1 retried, "
        "3 not recorded"
    )
    assert summary_line(interrupt) == "interrupt: no model turn timed; left out: 2 scripted"


def _config(url: str, n: int) -> StudyConfig:
    return StudyConfig(
        agent=parse_role(f"openai:stub@{url}", role="agent"),
        patient=parse_role("scripted:rule"),
        cells=(Cell.GATHERING_COMPETITIVE,),
        arms=(Arm.BASELINE, Arm.DEFENSIVE),
        n=n,
        follow_up=1,
        target_turns=1,
    )


def test_a_model_agents_turns_are_timed_then_cached_and_reported(tmp_path: Path) -> None:
    app = make_app(["ok"])
    with serve_in_thread(app) as url:
        first = run_study(_config(url, 2), tmp_path)
        second = run_study(_config(url, 3), tmp_path)  # a new study: trials 0, 1 hit the cache
    with StudyStore(tmp_path) as store:
        stored = {s: store.trials(s) for s in (first.study_id, second.study_id)}
    for summary in (first, second):
        turns = [
            e for t in stored[summary.study_id] for e in t["state"]["agent_latency"]
        ]  # every agent turn of every trial has a latency entry
        assert len(turns) == sum(t["state"]["agent_turns"] for t in stored[summary.study_id])
        assert [r["arm"] for r in summary.agent_latency] == ["baseline", "defensive"]
        assert sum(r["turns"] for r in summary.agent_latency) == len(turns)
    assert all(r["timed"] == r["turns"] and r["p50_s"] > 0 for r in first.agent_latency)
    for row in second.agent_latency:  # of 3 trials per arm, the first 2 were answered before
        per_trial = row["turns"] // 3
        assert row["excluded"]["cached"] == 2 * per_trial and row["timed"] == per_trial
    from carebench.interruptions.report import write_report

    page = write_report(tmp_path, tmp_path / "rep")
    doc = json.loads((tmp_path / "rep" / "metrics.json").read_text())
    assert {(r["study_id"], r["arm"]) for r in doc["agent_latency"]} == {
        (s.study_id, a) for s in (first, second) for a in ("baseline", "defensive")
    }
    html = page.read_text()
    assert 'id="agent-latency"' in html and "<th>p95 s</th>" in html


def test_the_run_command_prints_latency_per_arm(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from carebench.cli import cli

    args = ["interrupt", "run", "--agent", "scripted:cued", "--patient", "scripted:rule"]
    args += ["--n", "1", "--cells", "gathering-competitive", "--arms", "baseline,interrupt"]
    result = CliRunner().invoke(cli, [*args, "--workspace", str(tmp_path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    at = lines.index("agent-turn latency per arm (this invocation's trials):")
    assert lines[at + 1].startswith("  baseline: no model turn timed; left out: ")
    assert lines[at + 1].endswith(" scripted")
    assert lines[at + 2].startswith("  interrupt: no model turn timed; left out: ")
