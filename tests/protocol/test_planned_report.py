"""Runs and reports under a registered analysis plan: the planned family, costs, departures."""

from __future__ import annotations

import asyncio
from pathlib import Path

import numpy as np
import pytest
from pydantic import ValidationError
from scipy.stats import PermutationMethod, wilcoxon
from statsmodels.stats.multitest import multipletests

from carebench import load_bank
from carebench.agents.config import BackendConfig
from carebench.controller.evaluate import controller_summary
from carebench.episodes.schema import Action, TaskClass
from carebench.errors import CarebenchError
from carebench.metrics.costs import ClassCosts, CostMatrix
from carebench.metrics.escalation import row_utility
from carebench.protocol.plans import parse_plan
from carebench.protocol.registry import PlanRegistry, RegisteredPlan
from carebench.report.analysis import Settings, analyze
from carebench.runs.config import RunConfig, RunPlan
from carebench.runs.results import load_runs
from carebench.runs.runner import run_async
from carebench.runs.store import RunStore

PLAN = """\
name: release
costs:
  by_class:
    triage_handoff: {c_fn: 10}
comparisons:
  - {a: rule, b: always-answer, metrics: [accuracy, sensitivity, utility]}
  - {a: rule, b: always-escalate, metrics: [accuracy, specificity, utility]}
"""
SETTINGS = Settings(b=200)


def _run(store: RunStore, bank: list, policy: str, plan: RegisteredPlan | None) -> str:
    run_plan = RunPlan.from_registered(plan) if plan else None
    config = RunConfig(
        backend=BackendConfig(name="scripted", model=policy),
        plan=run_plan,
        costs=run_plan.costs.default if run_plan else CostMatrix(),
    )
    return asyncio.run(run_async(config, bank, store)).run_id


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> dict:
    path = tmp_path_factory.mktemp("planned")
    bank = load_bank()
    with RunStore(path / "carebench.db") as store:
        registry = PlanRegistry(store)
        v1, _ = registry.register(parse_plan(PLAN, "plan.yaml"))
        ids = {p: _run(store, bank, p, v1) for p in ("rule", "always-answer", "always-escalate")}
        ids["random"] = _run(store, bank, "random", None)  # an unrelated run, under no plan
        v2, _ = registry.register(parse_plan(PLAN.replace("c_fn: 10", "c_fn: 20"), "plan.yaml"))
    return {"path": path, "ids": ids, "v1": v1, "v2": v2, "bank": bank}


def _analysis(ws: dict, policies: list[str], plan: RegisteredPlan | None) -> dict:
    loaded = load_runs(ws["path"], [ws["ids"][p] for p in policies])
    test = loaded.frame[loaded.frame["split"] == "test"]
    versions = {p.sha256: p for p in (ws["v1"], ws["v2"])}
    # the analysis as data, keyed as in metrics.json (NaN kept)
    return analyze(test, loaded.manifests, SETTINGS, plan, versions).model_dump()


def test_a_run_under_an_unregistered_plan_is_refused(ws: dict, tmp_path: Path) -> None:
    plan = RunPlan.from_registered(ws["v1"])
    config = RunConfig(backend=BackendConfig(name="scripted"), plan=plan, costs=CostMatrix())
    with (
        RunStore(tmp_path / "carebench.db") as other,
        pytest.raises(CarebenchError, match=r"not registered.*carebench plan register"),
    ):
        asyncio.run(run_async(config, ws["bank"], other))
    with pytest.raises(ValidationError, match="under a plan the costs are the plan's"):
        RunConfig(plan=plan, costs=CostMatrix(c_fn=7))


def test_the_plan_goes_into_the_manifest_and_the_identity(ws: dict) -> None:
    loaded = load_runs(ws["path"], [ws["ids"]["rule"]])
    manifest = loaded.manifests[ws["ids"]["rule"]].stored()
    assert manifest["plan"]["sha256"] == ws["v1"].sha256
    assert manifest["plan"]["costs"]["by_class"] == {
        "triage_handoff": CostMatrix(c_fn=10).model_dump()
    }
    assert manifest["plan_version"] == 1 and manifest["evidence_level"] == "agent"
    bare = RunConfig(backend=BackendConfig(name="scripted", model="rule"))
    assert bare.run_id(manifest["bank_sha256"]) != ws["ids"]["rule"]


def test_class_costs_in_row_utility_by_hand() -> None:
    costs = ClassCosts(by_class={TaskClass.TRIAGE_HANDOFF: CostMatrix(c_fn=10, c_fp=2)})
    required = [True, True, False, False]
    escalated = [False, False, True, False]
    classes = ["triage_handoff", "patient_messaging", "triage_handoff", "patient_messaging"]
    # missed triage -10, missed messaging -5, unneeded triage escalation -2, correct answer +1
    assert row_utility(required, escalated, costs, classes).tolist() == [-10, -5, -2, 1]
    with pytest.raises(ValueError, match="task_class"):
        row_utility(required, escalated, costs)


def test_every_utility_uses_the_runs_declared_class_costs(ws: dict) -> None:
    test = [e for e in ws["bank"] if e.split.value == "test"]
    escalate = [e.reference.primary is Action.ESCALATE for e in test]
    triage = [e.task_class is TaskClass.TRIAGE_HANDOFF for e in test]
    n_neg = escalate.count(False)
    missed_triage = sum(r and t for r, t in zip(escalate, triage, strict=True))
    missed_other = sum(escalate) - missed_triage
    # always answering: +1 per negative, -10 per missed triage escalation, -5 per other miss
    expected = (n_neg - 10 * missed_triage - 5 * missed_other) / len(test)
    analysis = _analysis(ws, ["always-answer"], ws["v1"])
    (run,) = analysis["runs"]
    assert run["headline"]["utility"]["estimate"] == pytest.approx(expected)
    # robustness: 10:1 for every class
    assert run["headline"]["utility_robustness"]["estimate"] == pytest.approx(
        (n_neg - 10 * sum(escalate)) / len(test)
    )
    loaded = load_runs(ws["path"], [ws["ids"]["always-answer"]])
    rows = loaded.frame[loaded.frame["split"] == "test"]
    summary = controller_summary(rows, ws["v1"].plan.costs)
    assert summary["utility"] == pytest.approx(expected)


def _reference_p(ws: dict, a: str, b: str, metric: str) -> float:
    """Wilcoxon p of per-seed values computed here, independently of the report's code."""
    frame = load_runs(ws["path"], [ws["ids"][a], ws["ids"][b]]).frame
    frame = frame[frame["split"] == "test"]
    costs = {t.value: (10.0 if t is TaskClass.TRIAGE_HANDOFF else 5.0) for t in TaskClass}

    def value(rows) -> float:
        req, esc = rows["escalation_required"], rows["escalated"]
        if metric == "accuracy":
            return float(rows["correct"].mean())
        if metric == "sensitivity":
            return float((req & esc).sum() / req.sum()) if req.any() else np.nan
        if metric == "specificity":
            return float((~req & ~esc).sum() / (~req).sum()) if (~req).any() else np.nan
        c_fn = rows["task_class"].map(costs)
        u = (req & esc) * 1.0 + (~req & ~esc) * 1.0 - (req & ~esc) * c_fn - (~req & esc) * 1.0
        return float(u.mean())

    per = {
        run: frame[frame["run_id"] == ws["ids"][run]].groupby("seed_id").apply(value)
        for run in (a, b)
    }
    x, y = per[a].align(per[b], join="inner")
    keep = np.isfinite(x) & np.isfinite(y)
    x, y = x[keep], y[keep]
    if np.all(x.to_numpy() == y.to_numpy()):
        return 1.0
    # the documented rule (carebench.metrics.stats): exact up to 50 untied nonzero differences,
    # exact conditional on ties (a full permutation test) up to 15 tied ones, else approx
    d = np.round(x.to_numpy() - y.to_numpy(), 12)
    d = d[d != 0]
    tied = len(np.unique(np.abs(d))) < len(d)
    if not tied and len(d) <= 50:
        return float(wilcoxon(d, alternative="two-sided", method="exact").pvalue)
    if tied and len(d) <= 15:
        return float(wilcoxon(d, method=PermutationMethod(n_resamples=np.inf)).pvalue)
    return float(
        wilcoxon(x, y, zero_method="wilcox", correction=False, alternative="two-sided",
                 method="approx").pvalue
    )  # fmt: skip


def test_the_holm_family_is_the_plans_and_other_runs_do_not_change_it(ws: dict) -> None:
    planned = ["rule", "always-answer", "always-escalate"]
    alone = _analysis(ws, planned, ws["v1"])["plan"]["tests"]
    crowded = _analysis(ws, [*planned, "random"], ws["v1"])["plan"]["tests"]
    assert len(alone) == 6
    assert [t["p_holm"] for t in crowded] == [t["p_holm"] for t in alone]
    pairs = [("rule", "always-answer")] * 3 + [("rule", "always-escalate")] * 3
    metrics = ["accuracy", "sensitivity", "utility", "accuracy", "specificity", "utility"]
    raw = [_reference_p(ws, a, b, m) for (a, b), m in zip(pairs, metrics, strict=True)]
    assert [t["p_value"] for t in alone] == pytest.approx(raw)
    _, expected, _, _ = multipletests(raw, alpha=0.05, method="holm")
    assert [t["p_holm"] for t in alone] == pytest.approx(expected.tolist())
    assert all(t["evidence_level"] == "agent" for t in alone)


def test_departures_name_the_changed_fields_and_times(ws: dict) -> None:
    analysis = _analysis(ws, ["rule", "always-answer", "always-escalate", "random"], ws["v2"])
    notes = analysis["plan"]["departures"]
    rule = next(n for n in notes if "scripted:rule/vanilla" in n and "v1" in n)
    assert f"registered {ws['v1'].registered_at}" in rule
    assert f"registered {ws['v2'].registered_at}" in rule
    assert "changed fields: costs.by_class.triage_handoff.c_fn" in rule
    assert any("scripted:random/vanilla" in n and "without an analysis plan" in n for n in notes)
    assert any("random" in n and "declared costs" in n for n in notes)
    assert "clean vs perturbed" in analysis["plan"]["exploratory"]


def test_without_any_plan_the_report_is_exploratory(ws: dict) -> None:
    analysis = _analysis(ws, ["random"], None)
    assert analysis["plan"]["label"] == "no registered plan: exploratory"
    assert analysis["plan"]["tests"] == [] and analysis["plan"]["departures"] == []


def test_a_missing_planned_run_stays_in_the_family_with_p_1(ws: dict) -> None:
    tests = _analysis(ws, ["rule", "always-answer"], ws["v1"])["plan"]["tests"]
    missing = [t for t in tests if "always-escalate" in t["comparison"]]
    assert all(not t["computed"] and t["p_holm"] == 1.0 for t in missing)
    present = [t for t in tests if t not in missing]
    _, expected, _, _ = multipletests(
        [t["p_value"] for t in present] + [1.0] * len(missing), method="holm"
    )
    assert [t["p_holm"] for t in present] == pytest.approx(expected[: len(present)].tolist())


def test_an_unmatched_side_lists_the_reported_runs() -> None:
    from carebench.protocol.planned import resolve_side

    labels = {"a1b2c3d4e5f6": "openai:stub/vanilla/extended"}
    manifests = {"a1b2c3d4e5f6": {"label": "openai:stub/vanilla/extended"}}
    side = resolve_side("openai:stub/uncertainty", labels, manifests)
    assert side.run_id is None and side.problem is not None
    assert "reported runs: openai:stub/vanilla/extended" in side.problem
    assert "ends in /extended" in side.problem
    # the loose form (no /condition) still finds the extended run
    assert resolve_side("openai:stub", labels, manifests).run_id == "a1b2c3d4e5f6"
