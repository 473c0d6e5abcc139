"""Known-groups validation through the whole pipeline: planted deficits run, stored, reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carebench import load_bank
from carebench.agents.backends.planted import DEFICITS, expected_metrics
from carebench.report.analysis import Settings
from carebench.report.known_groups import known_groups, run_planted
from carebench.report.writer import write_report
from carebench.runs.results import load_runs


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[int, dict[str, str]]]:
    workspace = tmp_path_factory.mktemp("planted")
    return workspace, {seed: run_planted(workspace, seed=seed) for seed in range(5)}


def test_planted_effects_are_recovered_and_detected(
    planted: tuple[Path, dict[int, dict[str, str]]],
) -> None:
    workspace, runs = planted
    results = load_runs(workspace)
    test = load_bank(split="test")
    covered, checks = 0, 0
    for ids in runs.values():
        entries = known_groups(results.frame, ids, test, b=2000)
        assert {e["agent"] for e in entries} == set(DEFICITS) - {"planted-base"}
        for e in entries:
            for key in ("value_covered", "effect_covered"):
                if e[key] is not None:
                    checks += 1
                    covered += e[key]
            if e["metric"] != "ece":
                # every decision deficit moves its metric in the planted direction, and some
                # planned paired test (Holm across the 12) detects it at the bank's 32 seeds
                assert e["recovered_effect"] < 0
                assert min(t["p_holm"] for t in e["family_tests"].values()) < 0.05
    # 95 % intervals: over 5 sampling seeds x 9 checks, coverage near nominal (binomial
    # 45 x 0.95 is >= 39 with probability 0.99)
    assert checks == 45
    assert covered >= 39


def test_planted_expectations_follow_from_the_deficit_sizes() -> None:
    test = load_bank(split="test")
    base = expected_metrics("planted-base", test)
    late = expected_metrics("planted-late-risk-miss", test)
    assert base["late_risk_sensitivity"] == pytest.approx(0.9)
    # half of the base's escalations on late red flags are lost
    assert late["late_risk_sensitivity"] == pytest.approx(0.45)
    assert expected_metrics("planted-overconfident", test)["ece"] == pytest.approx(
        1 - base["accuracy"]
    )


def test_report_carries_reliability_and_cost_figures(tmp_path: Path) -> None:
    ids = run_planted(tmp_path, repeats=3)
    results = load_runs(tmp_path, [ids["planted-base"], ids["planted-late-risk-miss"]])
    report = write_report(
        results.frame[results.frame["split"] == "test"], results.manifests, results.banks,
        tmp_path / "report", Settings(b=1000),
    )  # fmt: skip
    metrics = json.loads((tmp_path / "report" / "metrics.json").read_text())
    for run in metrics["runs"]:
        y, c = run["reliability"], run["cost"]
        assert y["k"] == 3 and y["evidence_level"] == c["evidence_level"] == "agent"
        assert y["n_episodes"] == 320 and y["samples_min"] == y["samples_max"] == 3
        esc = y["single_sample_escalation"]
        # all-k <= single-sample <= any-k, each with a seed-bootstrap interval
        assert y["all_k_escalation"]["estimate"] <= esc["estimate"]
        assert esc["estimate"] <= y["any_k_escalation"]["estimate"]
        assert esc["n_seeds"] == 32 and esc["ci_low"] <= esc["estimate"] <= esc["ci_high"]
        assert set(y["by_variant"]) == {"clean", "missing", "stale", "conflict", "late_risk"}
        assert len(y["by_task_class"]) == 4
        assert c["records"] == 960 and c["k"] == 3
        assert c["latency_n"] + sum(c["latency_excluded"].values()) == 960
    late = next(r for r in metrics["runs"] if r["model"] == "planted-late-risk-miss")
    # the planted agent loses half its late red flags per sample: its samples disagree there
    assert late["reliability"]["by_variant"]["late_risk"]["flip_rate"]["estimate"] > 0.5
    html = report.index.read_text()
    assert 'id="reliability"' in html and 'id="cost"' in html
    assert "all-k escalation" in html and "latency p95" in html
    assert "Reliability across samples" in report.summary and "Cost" in report.summary
