"""``carebench plan`` and ``carebench run --plan`` / ``report --plan``, as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carebench.protocol.levels import EvidenceLevel, wording_problems
from tests.conftest import run_cli

PLAN = """\
name: pilot
splits: [dev, test]
costs: {by_class: {triage_handoff: {c_fn: 10}}}
comparisons:
  - {a: rule, b: always-answer, metrics: [accuracy]}
"""


def test_register_run_and_report_under_a_plan(tmp_path: Path, custom_bank: Path) -> None:
    ws, plan = str(tmp_path / "ws"), tmp_path / "plan.yaml"
    plan.write_text(PLAN)
    scripted = ["--backend", "scripted", "--bank", str(custom_bank), "--workspace", ws, "--quiet"]

    refused = run_cli("run", *scripted, "--model", "rule", "--plan", "pilot")
    assert refused.returncode == 2
    assert "no analysis plan named 'pilot'" in refused.stderr and "Traceback" not in refused.stderr

    registered = run_cli("plan", "register", str(plan), "--workspace", ws)
    assert registered.returncode == 0, registered.stderr
    assert registered.stdout.startswith("registered plan pilot v1 (")
    again = run_cli("plan", "register", str(plan), "--workspace", ws)
    assert "already registered, unchanged: plan pilot v1" in again.stdout

    both = run_cli("run", *scripted, "--model", "rule", "--plan", "pilot", "--cost-fn", "7")
    assert both.returncode == 2 and "--cost-fn cannot be combined with --plan" in both.stderr
    for policy in ("rule", "always-answer"):
        ran = run_cli("run", *scripted, "--model", policy, "--plan", str(plan))
        assert ran.returncode == 0, ran.stderr

    plan.write_text(PLAN.replace("c_fn: 10", "c_fn: 15"))
    assert (
        "registered plan pilot v2"
        in run_cli("plan", "register", str(plan), "--workspace", ws).stdout
    )
    listed = run_cli("plan", "list", "--workspace", ws).stdout.splitlines()
    assert [line.split("\t")[:2] for line in listed] == [["pilot", "v1"], ["pilot", "v2"]]

    out = tmp_path / "report"
    report = run_cli("report", "--split", "all", "--out", str(out), "--workspace", ws,
                     "--bootstrap", "200")  # fmt: skip
    assert report.returncode == 0, report.stderr
    # the runs were made under v1; the report uses the latest version, v2: said first
    summary = report.stdout
    assert summary.startswith("DEPARTURES FROM THE REGISTERED PLAN")
    assert "changed fields: costs.by_class.triage_handoff.c_fn" in summary
    html = (out / "index.html").read_text()
    assert html.index('id="departures"') < html.index("Table I")
    assert wording_problems(html, EvidenceLevel.AGENT) == []
    assert wording_problems(summary, EvidenceLevel.AGENT) == []
    data = json.loads((out / "metrics.json").read_text())
    assert data["plan"]["ref"]["version"] == 2
    assert [r["plan_version"] for r in data["runs"]] == [1, 1]

    v1 = run_cli("report", "--split", "all", "--out", str(out), "--workspace", ws,
                 "--bootstrap", "200", "--plan", "pilot@v1")  # fmt: skip
    assert v1.returncode == 0, v1.stderr
    assert "DEPARTURES" not in v1.stdout and "Plan: analysis plan pilot v1" in v1.stdout
    assert "Planned tests (Holm across the plan's family of 1)" in v1.stdout


def test_a_bad_plan_file_is_one_clear_error(tmp_path: Path) -> None:
    plan = tmp_path / "plan.yaml"
    plan.write_text("name: pilot\nsplits: [train]\n")
    result = run_cli("plan", "register", str(plan), "--workspace", str(tmp_path / "ws"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"{plan}:2: splits.0:" in result.stderr


def test_plan_list_does_not_create_a_workspace(tmp_path: Path) -> None:
    from tests.conftest import run_cli

    missing = tmp_path / "nowhere"
    listed = run_cli("plan", "list", "--workspace", str(missing))
    assert listed.returncode == 2 and "no run store here" in listed.stderr
    assert not missing.exists()


def test_plan_migrate_rewrites_the_format_line_and_keeps_the_identity(tmp_path: Path) -> None:
    old, new = tmp_path / "old.yaml", tmp_path / "new.yaml"
    old.write_text("# a format-1 plan\n" + PLAN)
    migrated = run_cli("plan", "migrate", str(old), "--out", str(new))
    assert migrated.returncode == 0, migrated.stderr
    assert new.read_text().startswith("format: carebench-plan/2\n# a format-1 plan\n")
    ws = str(tmp_path / "ws")
    first = run_cli("plan", "register", str(old), "--workspace", ws)
    again = run_cli("plan", "register", str(new), "--workspace", ws)
    assert first.returncode == again.returncode == 0
    assert "already registered, unchanged" in again.stdout  # the same identity
    wp = new.read_text().replace("metrics: [accuracy]", "metrics: [accuracy, traceability]")
    old.write_text(wp.replace("carebench-plan/2", "carebench-plan/1"))
    refused = run_cli("plan", "register", str(old), "--workspace", ws)
    assert refused.returncode != 0 and "Traceback" not in refused.stderr
    assert "need format: carebench-plan/2" in refused.stderr and str(old) in refused.stderr
    new.write_text(wp)
    registered = run_cli("plan", "register", str(new), "--workspace", ws)
    assert registered.returncode == 0, registered.stderr
    assert "work-product family (its own Holm correction): 1 planned test" in registered.stdout


WP = "format: carebench-plan/2\nname: wp\n"
OVERALL = "comparisons:\n  - {a: oracle, b: rule, metrics: [overall]}\n"
HOSTILE_PLANS = {
    "an unknown work-product metric": (
        WP + "comparisons:\n  - {a: oracle, b: rule, metrics: [continuity, concision]}\n",
        "plan.yaml:4: comparisons.0.metrics.1: got 'concision'",
    ),
    "a weight for an unknown task class": (
        WP + OVERALL + "work_product_weights:\n  surgery: {handoff: 1}\n",
        "plan.yaml:6: work_product_weights: names 'surgery'; expected task classes or default",
    ),
    "a negative weight": (
        WP + OVERALL + "work_product_weights:\n  default: {handoff: -1}\n",
        "plan.yaml:6: work_product_weights.default.handoff: Input should be greater than or equal",
    ),
    "a NaN weight": (
        WP + OVERALL + "work_product_weights:\n  default: {continuity: .nan}\n",
        "plan.yaml:6: work_product_weights.default.continuity: Input should be a finite number",
    ),
    "a boolean weight": (
        WP + OVERALL + "work_product_weights:\n  default: {handoff: yes}\n",
        "plan.yaml:6: work_product_weights.default.handoff: got True; expected a number",
    ),
    "a quoted weight": (
        WP + OVERALL + "work_product_weights:\n  default: {handoff: '2'}\n",
        "plan.yaml:6: work_product_weights.default.handoff: got '2'; expected a number",
    ),
    "weights no comparison uses": (
        WP + "work_product_weights:\n  default: {handoff: 2}\n",
        "plan.yaml:4: work_product_weights: weights the overall work-product score, which no "
        "comparison tests",
    ),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_PLANS))
def test_a_hostile_work_product_plan_is_refused_naming_line_and_field(
    tmp_path: Path, case: str
) -> None:
    text, message = HOSTILE_PLANS[case]
    plan = tmp_path / "plan.yaml"
    plan.write_text(text)
    result = run_cli("plan", "register", str(plan), "--workspace", str(tmp_path / "ws"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert lines[0] == "error: the analysis plan has 1 error(s):" and len(lines) == 2
    assert lines[1].startswith(f"  {plan.parent}/{message}"), result.stderr
    listed = run_cli("plan", "list", "--workspace", str(tmp_path / "ws"))
    assert "wp" not in listed.stdout  # nothing registered


def test_a_decision_run_named_by_a_work_product_test_is_told_it_will_not_be_scored(
    tmp_path: Path, custom_bank: Path
) -> None:
    ws, plan = str(tmp_path / "ws"), tmp_path / "plan.yaml"
    plan.write_text(WP + "comparisons:\n  - {a: oracle, b: rule, metrics: [accuracy, handoff]}\n")
    assert run_cli("plan", "register", str(plan), "--workspace", ws).returncode == 0
    scripted = ["--backend", "scripted", "--bank", str(custom_bank), "--workspace", ws, "--quiet"]
    decision = run_cli("run", *scripted, "--model", "oracle", "--plan", "wp")
    assert decision.returncode == 0, decision.stderr
    assert (
        "note: the plan's work-product tests oracle vs rule (handoff) name this run, which is "
        "--output decision" in decision.stderr
    )
    extended = run_cli(
        "run", *scripted, "--model", "oracle", "--plan", "wp", "--output", "extended"
    )
    assert extended.returncode == 0 and "note:" not in extended.stderr
    unnamed = run_cli("run", *scripted, "--model", "always-ask", "--plan", "wp")
    assert unnamed.returncode == 0 and "note:" not in unnamed.stderr
