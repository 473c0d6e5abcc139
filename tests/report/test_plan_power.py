"""The power a plan had for its expected differences: seed structure, figures, report output."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pandas as pd
import pytest

from carebench import load_bank
from carebench.agents.config import BackendConfig
from carebench.metrics.costs import CostMatrix
from carebench.metrics.power import MetricAssumption, SeedStructure, stated_power, structure
from carebench.protocol.plans import parse_plan
from carebench.protocol.registry import PlanRegistry
from carebench.report.analysis import Settings
from carebench.report.models import PlannedTestOut
from carebench.report.plan_power import attach_power, seed_structure
from carebench.report.writer import write_report
from carebench.runs.config import RunConfig, RunPlan
from carebench.runs.results import load_runs
from carebench.runs.runner import run_async
from carebench.runs.store import RunStore

PLAN = """\
format: carebench-plan/2
name: powered
comparisons:
  - a: rule
    b: always-answer
    metrics: [sensitivity, accuracy, utility_robustness]
    expected_difference: {sensitivity: 0.2, utility_robustness: 0.5}
  - {a: rule, b: always-escalate, metrics: [specificity], expected_difference: {specificity: 0.3}}
"""


def _rows(run: str, seeds: dict[str, list[tuple[bool, str]]], repeats: int = 1) -> pd.DataFrame:
    rows = [
        {
            "run_id": run,
            "seed_id": seed,
            "episode_id": f"{seed}.{i}",
            "repeat": r,
            "escalation_required": required,
            "variant": variant,
        }
        for seed, episodes in seeds.items()
        for i, (required, variant) in enumerate(episodes)
        for r in range(repeats)
    ]
    return pd.DataFrame(rows)


def test_seed_structure_counts_first_samples_by_hand() -> None:
    rows = _rows(
        "A",
        {
            "s2": [(True, "late_risk"), (True, "conflict"), (False, "clean")],
            "s1": [(False, "clean"), (True, "late_risk")],
        },
        repeats=3,  # repeats are samples of one episode, counted once
    )
    assert seed_structure(rows) == SeedStructure(("s1", "s2"), (2, 3), (1, 2), (1, 1))
    assert seed_structure(rows, {"s2"}) == SeedStructure(("s2",), (3,), (2,), (1,))


def test_attach_power_uses_the_paired_seeds_and_the_plans_family() -> None:
    plan = parse_plan(PLAN, "plan.yaml")
    episodes = [(True, "late_risk"), (True, "conflict"), (False, "clean"), (False, "stale")]
    frame = pd.concat(
        [
            _rows("run-a", {f"s{i}": episodes for i in range(6)}),
            _rows("run-b", {f"s{i}": episodes for i in range(1, 7)}),  # s0 and s6 unpaired
        ]
    )

    def planned(run_a: str | None, run_b: str | None) -> PlannedTestOut:
        nan = float("nan")
        return PlannedTestOut(
            comparison="c", metric="m", run_a=run_a, run_b=run_b, computed=True, n_seeds=0,
            mean_a=nan, mean_b=nan, wilcoxon_statistic=nan, p_value=nan, p_holm=nan,
            method="", evidence_level="agent",
        )  # fmt: skip

    tests = [planned("run-a", "run-b") for _ in range(3)] + [planned(None, None)]  # none found
    attach_power(tests, frame, plan, sims=400)
    paired = SeedStructure(tuple(f"s{i}" for i in range(1, 6)), (4,) * 5, (2,) * 5, (1,) * 5)
    expected = stated_power(
        "sensitivity", paired, 0.2, MetricAssumption(), family_size=4, sims=400, method="auto"
    )
    note = tests[0].power_note or ""
    assert tests[0].expected_difference == 0.2
    assert tests[0].power == expected
    assert tests[0].power_alpha == pytest.approx(0.05 / 4)
    assert "on the 5 seeds both runs answered" in note
    assert "assumed baseline 0.7 and between-seed SD 1 (logit; stated defaults)" in note
    power = ("expected_difference", "power", "power_alpha", "power_note")
    assert all(getattr(tests[1], name) is None for name in power)  # accuracy: none declared
    robustness = stated_power(
        "utility", paired, 0.5, family_size=4, sims=400, costs=CostMatrix(c_fn=10), method="auto"
    )
    assert tests[2].power == robustness
    assert "costs " + CostMatrix(c_fn=10).describe() in (tests[2].power_note or "")
    assert tests[3].power is None
    assert tests[3].power_note == "not computed: neither run of the comparison is in the report"


@pytest.fixture(scope="module")
def planned(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("powered")
    bank = load_bank()
    with RunStore(path / "carebench.db") as store:
        registered, _ = PlanRegistry(store).register(parse_plan(PLAN, "plan.yaml"))
        run_plan = RunPlan.from_registered(registered)
        for policy in ("rule", "always-answer", "always-escalate"):
            config = RunConfig(
                backend=BackendConfig(name="scripted", model=policy),
                plan=run_plan,
                costs=run_plan.costs.default,
            )
            asyncio.run(run_async(config, bank, store))
    return path


def test_the_report_states_the_power_the_plan_had(planned: Path) -> None:
    results = load_runs(planned, [])
    with RunStore(planned / "carebench.db") as store:
        plan = PlanRegistry(store).resolve("powered")
    test = results.frame[results.frame["split"] == "test"]
    report = write_report(
        test, results.manifests, results.banks, planned / "report", Settings(b=200),
        plan=plan,
    )  # fmt: skip
    metrics = json.loads((planned / "report" / "metrics.json").read_text())
    tests = metrics["plan"]["tests"]
    assert [(t["metric"], t["expected_difference"]) for t in tests] == [
        ("sensitivity", 0.2),
        ("accuracy", None),
        ("utility_robustness", 0.5),
        ("specificity", 0.3),
    ]
    seeds = structure(load_bank(split="test"))  # the runs answered every test seed
    assert tests[0]["power"] == stated_power("sensitivity", seeds, 0.2, family_size=4)
    assert tests[3]["power"] == stated_power("specificity", seeds, 0.3, family_size=4)
    assert all(t["power_alpha"] == pytest.approx(0.0125) for t in tests if t["power"] is not None)
    html = report.index.read_text()
    assert 'id="plan-power"' in html and "<th>power the plan had</th>" in html
    assert "rule vs always-escalate (specificity): power to detect a difference of 0.3" in html
    summary = report.summary
    assert "| p method | expected | power |" in summary
    assert f"| 0.200 | {tests[0]['power']:.2f} |" in summary
    assert "Power the plan had (stated assumptions, not the observed results):" in summary
    csv = pd.read_csv(planned / "report" / "planned_tests.csv")
    assert csv["power"].tolist()[0] == pytest.approx(tests[0]["power"])
    # the same folder reported again without the plan keeps no planned tests of the last report
    write_report(test, results.manifests, results.banks, planned / "report", Settings(b=50))
    assert not (planned / "report" / "planned_tests.csv").exists()
