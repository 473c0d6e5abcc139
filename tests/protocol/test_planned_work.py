"""Plans of format 2: work-product metrics as planned comparisons, in their own Holm family."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd
import pytest
from scipy.stats import wilcoxon
from statsmodels.stats.multitest import multipletests

from carebench.protocol.planned_work import (
    episode_overall,
    per_seed_work_product,
    weights_text,
    work_product_tests,
)
from carebench.protocol.plans import (
    PlanValidationError,
    migrate_plan_text,
    parse_plan,
)
from carebench.protocol.registry import RegisteredPlan

V1 = """\
name: release
comparisons:
  - {a: rule, b: always-answer, metrics: [accuracy, utility]}
"""
V2 = """\
format: carebench-plan/2
name: wp
work_product_weights:
  default: {continuity: 1, traceability: 3, handoff: 1}
  triage_handoff: {continuity: 0, traceability: 0, handoff: 1}
comparisons:
  - {a: A, b: B, metrics: [accuracy, traceability, overall]}
  - {a: A, b: C, metrics: [handoff, sensitivity]}
"""


def test_a_format_1_plan_loads_unchanged_and_keeps_its_identity() -> None:
    unversioned = parse_plan(V1, "v1.yaml")
    declared = parse_plan("format: carebench-plan/1\n" + V1, "v1.yaml")
    migrated = parse_plan(migrate_plan_text(V1, "v1.yaml"), "v1.yaml")
    assert unversioned.sha256() == declared.sha256() == migrated.sha256()
    assert "work_product_weights" not in unversioned.canonical()
    assert migrated == unversioned == declared  # format 1 is migrated in memory on loading
    assert migrated.format == "carebench-plan/2"
    assert unversioned.work_product_family() == [] and len(unversioned.family()) == 2
    text = migrate_plan_text("# my plan\nformat: carebench-plan/1\n" + V1, "v1.yaml")
    assert text.startswith("# my plan\nformat: carebench-plan/2\n")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (V2.replace("carebench-plan/2", "carebench-plan/1"), "need format: carebench-plan/2"),
        (V2.replace("format: carebench-plan/2\n", ""), "carebench plan migrate"),
        (V2.replace("carebench-plan/2", "carebench-plan/3"), "reads carebench-plan/2 and"),
        (V2.replace("triage_handoff:", "triage:"), "expected task classes or default"),
        (
            V2.replace(
                "{continuity: 0, traceability: 0, handoff: 1}",
                "{handoff: 0, continuity: 0, traceability: 0}",
            ),
            "every weight is 0",
        ),
        (V2.replace("traceability: 3", "traceability: .nan"), "traceability"),
        (V2.replace("overall]", "overal]"), "overal"),
    ],
)
def test_bad_format_2_plans_name_file_field_and_value(text: str, message: str) -> None:
    with pytest.raises(PlanValidationError, match=message) as error:
        parse_plan(text, "wp.yaml")
    assert "wp.yaml" in str(error.value)


def test_the_two_families_are_separate() -> None:
    plan = parse_plan(V2, "wp.yaml")
    assert [(c.name, m) for c, m in plan.family()] == [
        ("A vs B", "accuracy"),
        ("A vs C", "sensitivity"),
    ]
    assert [(c.name, m) for c, m in plan.work_product_family()] == [
        ("A vs B", "traceability"),
        ("A vs B", "overall"),
        ("A vs C", "handoff"),
    ]
    assert "traceability 3" in weights_text(plan) and "triage_handoff" in weights_text(plan)


def test_the_overall_score_uses_the_class_weights_or_the_floors_rule() -> None:
    weighted = parse_plan(V2, "wp.yaml")
    plain = parse_plan(V2.replace("format: carebench-plan/2\n", "").split("work_product")[0]
                       + "comparisons: []\n", "p.yaml")  # fmt: skip
    draft = {"task_class": "documentation_update", "continuity": 0.2, "traceability": 0.6}
    assert episode_overall({**draft, "handoff": None}, weighted) == pytest.approx(
        (0.2 + 3 * 0.6) / 4
    )
    assert episode_overall({**draft, "handoff": math.nan}, plain) == 0.2  # min of the two
    handoff = {"task_class": "triage_handoff", "continuity": None, "traceability": None}
    assert episode_overall({**handoff, "handoff": 0.5}, weighted) == 0.5
    only_draft = {"task_class": "triage_handoff", "continuity": 0.9, "traceability": 0.9}
    assert episode_overall({**only_draft, "handoff": None}, weighted) is None  # weights 0


def _scores(rng: np.random.Generator, run: str, shift: float, seeds: int) -> list[dict[str, Any]]:
    rows = []
    for s in range(seeds):
        for e in range(5):
            answer = e < 3
            rows.append(
                {
                    "run_id": run,
                    "seed_id": f"seed-{s:02d}",
                    "task_class": "documentation_update",
                    "continuity": rng.uniform(0, 1) * shift if answer else None,
                    "traceability": rng.uniform(0, 1) * shift if answer else None,
                    "handoff": None if answer else min(1.0, rng.uniform(0, 1) + shift / 5),
                }
            )
    return rows


def _plan(text: str) -> RegisteredPlan:
    plan = parse_plan(text, "wp.yaml")
    return RegisteredPlan(plan, 1, plan.sha256(), "2026-01-01T00:00:00+00:00")


def test_planned_work_product_tests_match_scipy_and_holm_over_their_family_only() -> None:
    rng = np.random.default_rng(7)
    frame = pd.DataFrame(
        _scores(rng, "run-a", 1.0, 12) + _scores(rng, "run-b", 0.6, 12)
        + _scores(rng, "run-c", 0.9, 12)
    )  # fmt: skip
    labels = {"run-a": "A", "run-b": "B", "run-c": "C"}
    manifests = {r: {"bank_sha256": "x", "label": labels[r]} for r in labels}
    plan = _plan(V2)
    rows, problems = work_product_tests(frame, plan, labels, manifests)
    assert problems == [] and [r["metric"] for r in rows] == ["traceability", "overall", "handoff"]
    expected = []
    for row in rows:
        side = {"A vs B": "run-b", "A vs C": "run-c"}[row["comparison"]]
        a = per_seed_work_product(frame[frame["run_id"] == "run-a"], row["metric"], plan.plan)
        b = per_seed_work_product(frame[frame["run_id"] == side], row["metric"], plan.plan)
        reference = wilcoxon(a, b, zero_method="wilcox", method="exact")
        assert row["p_value"] == pytest.approx(reference.pvalue)
        assert row["n_seeds"] == 12 and row["method"].startswith("exact")
        expected.append(reference.pvalue)
    holm = multipletests(expected, method="holm")[1]
    assert [r["p_holm"] for r in rows] == pytest.approx(list(holm))
    means = frame[frame["run_id"] == "run-a"].groupby("seed_id")["traceability"].mean()
    assert rows[0]["mean_a"] == pytest.approx(means.mean())


def test_a_test_that_cannot_be_computed_stays_in_the_family_as_a_departure() -> None:
    rng = np.random.default_rng(1)
    frame = pd.DataFrame(_scores(rng, "run-a", 1.0, 8) + _scores(rng, "run-b", 0.5, 8))
    labels = {"run-a": "A", "run-b": "B", "run-c": "C"}  # C ran without extended output
    manifests = {r: {"bank_sha256": "x", "label": labels[r]} for r in labels}
    rows, problems = work_product_tests(frame, _plan(V2), labels, manifests)
    assert [r["computed"] for r in rows] == [True, True, False]
    assert rows[2]["p_value"] == 1.0 and rows[2]["p_holm"] == 1.0
    assert len(problems) == 1 and "run-c" in problems[0] and "work-product Holm" in problems[0]
    three = multipletests([rows[0]["p_value"], rows[1]["p_value"], 1.0], method="holm")[1]
    assert [r["p_holm"] for r in rows] == pytest.approx(list(three))


def test_a_role_names_the_extended_run_in_work_product_tests_and_the_decision_run_else() -> None:
    """A new-user trial: with a decision and an extended run of each policy, "oracle" was
    ambiguous in every planned test, so none was computed."""
    from carebench.protocol.planned import resolve_comparison

    rng = np.random.default_rng(3)
    frame = pd.DataFrame(_scores(rng, "o-ext", 1.0, 8) + _scores(rng, "r-ext", 0.4, 8))
    labels = {
        "o-dec": "scripted:oracle/vanilla",
        "o-ext": "scripted:oracle/vanilla/extended",
        "r-dec": "scripted:random/vanilla",
        "r-ext": "scripted:random/vanilla/extended",
    }
    manifests = {
        r: {
            "bank_sha256": "x",
            "label": labels[r],
            **({"output": "extended"} if "ext" in r else {}),
        }
        for r in labels
    }
    plan = _plan(
        "format: carebench-plan/2\nname: wp\ncomparisons:\n"
        "  - {a: oracle, b: random, metrics: [accuracy, traceability]}\n"
    )
    rows, problems = work_product_tests(frame, plan, labels, manifests)
    assert problems == [] and [(r["run_a"], r["run_b"]) for r in rows] == [("o-ext", "r-ext")]
    (comparison,) = plan.plan.comparisons
    assert resolve_comparison(comparison, labels, manifests, "wp") == (["o-dec", "r-dec"], None)
    # a side that names a run of the other kind exactly still resolves, and says what it lacks
    exact = plan.plan.comparisons[0].model_copy(update={"a": "scripted:oracle/vanilla"})
    ids, problem = resolve_comparison(exact, labels, manifests, "wp", "extended")
    assert ids == ["o-dec", "r-ext"] and problem is None
    # two extended runs of one policy stay ambiguous: neither is chosen for the user
    twice = {**labels, "o-ext2": "scripted:oracle/vanilla/extended [T=0.7]"}
    twice_manifests = {**manifests, "o-ext2": {**manifests["o-ext"], "label": twice["o-ext2"]}}
    ids, problem = resolve_comparison(comparison, twice, twice_manifests, "wp", "extended")
    assert ids[0] is None and problem is not None and "'oracle' matches 2 runs" in problem


def test_the_documented_format_2_example_is_a_valid_plan() -> None:
    import re
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
    example = re.search(r"```yaml\n(format: carebench-plan/2\n.*?)```", doc, re.DOTALL)
    assert example is not None
    plan = parse_plan(example.group(1), "docs/protocol.md")
    assert [m for _, m in plan.family()] == ["accuracy", "sensitivity"]
    assert [m for _, m in plan.work_product_family()] == [
        "traceability",
        "continuity",
        "handoff",
        "overall",
    ]
    weights = plan.weights_for("triage_handoff")
    assert weights is not None and (weights.continuity, weights.handoff) == (0.0, 1.0)


@pytest.mark.parametrize(
    "text",
    [
        V2.replace("carebench-plan/2", "carebench-plan/1"),
        V2.replace("format: carebench-plan/2\n", ""),
    ],
)
def test_migrate_rewrites_the_format_1_file_the_error_points_to(text: str) -> None:
    """A format-1 plan naming work-product metrics is refused with "run carebench plan
    migrate FILE"; migrating it must then succeed (found by a new-user trial: the migration
    validated the old text first and refused the same file)."""
    migrated = migrate_plan_text(text, "wp.yaml")
    assert migrated.startswith("format: carebench-plan/2") or "\nformat: carebench-plan/2" in (
        migrated
    )
    assert parse_plan(migrated, "wp.yaml") == parse_plan(V2, "wp.yaml")


def test_migrate_writes_a_json_plan_back_as_json() -> None:
    """A new-user trial: a one-line JSON plan came back as 'jp.json:3: malformed YAML' (the format
    line was put before the flow mapping)."""
    import json

    text = '{"name": "jp", "comparisons": [{"a": "A", "b": "B", "metrics": ["continuity"]}]}'
    migrated = migrate_plan_text(text, "jp.json")
    assert json.loads(migrated)["format"] == "carebench-plan/2"
    same = "format: carebench-plan/2\nname: jp\ncomparisons:\n  - {a: A, b: B, metrics: [continuity]}\n"
    assert parse_plan(migrated, "jp.json") == parse_plan(same, "jp.yaml")


def test_migrate_still_refuses_a_format_it_does_not_read() -> None:
    with pytest.raises(PlanValidationError, match="carebench-plan/3"):
        migrate_plan_text(V2.replace("carebench-plan/2", "carebench-plan/3"), "wp.yaml")
