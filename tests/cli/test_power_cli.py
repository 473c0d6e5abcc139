"""``carebench power`` as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_cli

PLAN = """\
name: pilot
splits: [test]
comparisons:
  - {a: rule, b: always-answer, metrics: [accuracy, sensitivity]}
  - {a: rule, b: oracle, metrics: [utility]}
"""


def test_power_reads_the_family_size_from_a_plan(tmp_path: Path) -> None:
    plan = tmp_path / "plan.yaml"
    plan.write_text(PLAN)
    result = run_cli("power", "--plan", str(plan), "--difference", "0.2", "--sims", "200", "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    assert [r["metric"] for r in rows] == [
        "accuracy", "sensitivity", "utility", "late_risk_sensitivity"
    ]  # fmt: skip
    for r in rows:
        assert r["n_seeds"] == 32 and abs(r["alpha_per_test"] - 0.05 / 3) < 1e-12
        assert r["assumption"]["source"] == "stated default"
        assert 0 <= r["power_at_stated"] <= 1
    text = run_cli("power", "--family-size", "2", "--sims", "200")
    assert text.returncode == 0, text.stderr
    assert "alpha 0.05 / m = 2" in text.stdout and "late_risk_sensitivity" in text.stdout


def test_power_takes_a_pilot_run(tmp_path: Path) -> None:
    ws = str(tmp_path / "ws")
    ran = run_cli("run", "--backend", "scripted", "--model", "planted-base", "--split", "test",
                  "--workspace", ws, "--quiet")  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    result = run_cli("power", "--pilot", "planted-base", "--workspace", ws, "--sims", "200",
                     "--json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    assert all(r["assumption"]["source"].startswith("pilot run") for r in rows)
    # the planted base escalates 90 % of escalation-required episodes in expectation
    sens = next(r for r in rows if r["metric"] == "sensitivity")
    assert 0.8 < sens["assumption"]["p0"] < 1.0


def test_power_errors_are_one_line(tmp_path: Path) -> None:
    plan = tmp_path / "plan.yaml"
    plan.write_text(PLAN)
    both = run_cli("power", "--plan", str(plan), "--family-size", "3")
    assert both.returncode == 2 and "give one" in both.stderr and "Traceback" not in both.stderr
    missing = run_cli("power", "--pilot", "nope", "--workspace", str(tmp_path / "none"))
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


def test_power_with_the_reports_own_test_choice() -> None:
    """``--method auto`` is the choice a report under a plan makes (exact for few seeds)."""
    from carebench import load_bank
    from carebench.metrics.power import minimum_detectable_difference, structure

    result = run_cli("power", "--method", "auto", "--sims", "150", "--difference", "0.3", "--json")
    assert result.returncode == 0, result.stderr
    rows = {r["metric"]: r for r in json.loads(result.stdout)}
    expected = minimum_detectable_difference(
        "sensitivity", structure(load_bank(split="test")), difference=0.3, sims=150, method="auto"
    )
    assert rows["sensitivity"]["method"] == "auto"
    assert rows["sensitivity"]["mdd"] == expected.mdd
    assert rows["sensitivity"]["power_at_stated"] == expected.power_at_stated
