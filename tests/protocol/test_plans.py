from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from carebench.errors import CarebenchError
from carebench.metrics.costs import PRIMARY, ROBUSTNESS, CostMatrix
from carebench.protocol.plans import (
    AnalysisPlan,
    PlanValidationError,
    changed_fields,
    load_plan,
    parse_plan,
)
from carebench.protocol.registry import PlanRegistry
from carebench.runs.store import RunStore

PLAN = """\
name: release-1
# a comment changes nothing
costs:
  by_class:
    triage_handoff: {c_fn: 10}
comparisons:
  - {a: rule, b: always-answer, metrics: [accuracy, utility]}
"""


def test_defaults_are_the_primary_5_to_1_for_every_class() -> None:
    plan = parse_plan("name: minimal\n", "plan.yaml")
    assert plan.costs.default == PRIMARY and plan.costs.by_class == {}
    assert plan.robustness_costs.default == ROBUSTNESS
    assert plan.splits == ("test",) and plan.comparisons == () and plan.family() == []


def test_per_class_costs_and_the_family() -> None:
    plan = parse_plan(PLAN, "plan.yaml")
    assert plan.costs.of("triage_handoff") == CostMatrix(c_fn=10)
    assert plan.costs.of("patient_messaging") == PRIMARY
    assert [(c.name, m) for c, m in plan.family()] == [
        ("rule vs always-answer", "accuracy"),
        ("rule vs always-answer", "utility"),
    ]


def test_the_hash_follows_content_not_layout() -> None:
    plan = parse_plan(PLAN, "a.yaml")
    relaid = parse_plan(
        "comparisons: [{b: always-answer, a: rule, metrics: [accuracy, utility]}]\n"
        "costs: {by_class: {triage_handoff: {c_fn: 10.0}}}\nname: release-1\n",
        "b.yaml",
    )
    assert relaid.sha256() == plan.sha256()
    changed = parse_plan(PLAN.replace("c_fn: 10", "c_fn: 11"), "c.yaml")
    assert changed.sha256() != plan.sha256()
    assert changed_fields(plan.canonical(), changed.canonical()) == [
        "costs.by_class.triage_handoff.c_fn"
    ]


@pytest.mark.parametrize(
    ("text", "where", "expected"),
    [
        ("name: x\nsplits: [train]\n", "plan.yaml:2: splits.0:", "'train'"),
        ("name: x\ncosts: {by_class: {surgery: {c_fn: 2}}}\n", "costs.by_class.surgery", ""),
        (
            "name: x\ncosts: {default: {c_fn: -1}}\n",
            "plan.yaml:2: costs.default.c_fn:",
            "greater than or equal to 0",
        ),
        ("name: x\ncosts: {default: {c_fn: .nan}}\n", "costs.default.c_fn", "finite"),
        ("name: x\ncosts: {default: {c_fn: true}}\n", "costs.default.c_fn", "got True; expected"),
        (
            "name: x\nrobustness_costs: {by_class: {triage_handoff: {u_tp: '5'}}}\n",
            "robustness_costs.by_class.triage_handoff.u_tp",
            "got '5'; expected a number",
        ),
        ("name: x\nprimary_metrics: [auc]\n", "primary_metrics.0", "'auc'"),
        ("name: x\ncomparisons: [{a: m, b: m}]\n", "comparisons.0", "two different runs"),
        ("name: x\ncomparisons: [{a: m, b: n, metrics: [ece]}]\n", "comparisons.0.metrics.0", ""),
        ("name: x\nfamily: []\n", "plan.yaml:2: family:", "unknown field"),
        ("name: x\nname: y\n", "plan.yaml:2:", "duplicate key 'name'"),
        (
            "name: bad name\n",
            "plan.yaml:1: name:",
            "got 'bad name'; expected letters, digits, '.', '_' and '-', starting with a letter",
        ),
        ("name: Rel_1.2\nsplits: []\n", "plan.yaml:2: splits:", "got []; expected at least 1 item"),
        ("description: no name\n", "name:", "required field is missing"),
        ("", "plan.yaml:1:", "got an empty file"),
        ("name: [unclosed\n", "plan.yaml:", "malformed YAML"),
    ],
)
def test_bad_plan_files_name_file_line_and_field(text: str, where: str, expected: str) -> None:
    with pytest.raises(PlanValidationError) as caught:
        parse_plan(text, "plan.yaml")
    message = str(caught.value)
    assert where in message and expected in message, message


def test_an_item_refused_is_not_also_reported_as_a_missing_item() -> None:
    """A new-user trial: "splits: [train]" was also "splits: expected at least 1 item(s)"."""
    with pytest.raises(PlanValidationError) as caught:
        parse_plan("name: bad\nsplits: [train]\n", "plan.yaml")
    assert len(caught.value.issues) == 1 and "splits.0: got 'train'" in str(caught.value)


def test_a_missing_plan_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CarebenchError, match="cannot read the analysis plan"):
        load_plan(tmp_path / "nope.yaml")


@pytest.fixture
def registry(tmp_path: Path):
    with RunStore(tmp_path / "carebench.db") as store:
        yield PlanRegistry(store)


def test_registration_versions_and_immutability(registry: PlanRegistry, tmp_path: Path) -> None:
    v1, created = registry.register(parse_plan(PLAN, "plan.yaml"))
    assert created and v1.version == 1 and v1.sha256 == parse_plan(PLAN, "p").sha256()
    again, created = registry.register(parse_plan(PLAN + "# same content\n", "plan.yaml"))
    assert not created and again == v1
    v2, created = registry.register(parse_plan(PLAN.replace("c_fn: 10", "c_fn: 20"), "p"))
    assert created and v2.version == 2 and v2.registered_at >= v1.registered_at
    assert [p.version for p in registry.plans("release-1")] == [1, 2]
    assert registry.resolve("release-1") == v2
    assert registry.resolve("release-1@v1") == v1
    file = tmp_path / "plan.yaml"
    file.write_text(PLAN)
    assert registry.resolve(str(file)) == v1
    db = registry.store.connection
    for statement in ("UPDATE analysis_plans SET plan = '{}'", "DELETE FROM analysis_plans"):
        with pytest.raises(sqlite3.DatabaseError, match="immutable"):
            db.execute(statement)
    assert [p.version for p in registry.plans()] == [1, 2]


def test_unregistered_references_are_refused(registry: PlanRegistry, tmp_path: Path) -> None:
    file = tmp_path / "plan.yaml"
    file.write_text(PLAN)
    with pytest.raises(CarebenchError, match=r"is not registered.*carebench plan register"):
        registry.resolve(str(file))
    with pytest.raises(CarebenchError, match="no analysis plan named 'release-1'"):
        registry.resolve("release-1")
    registry.register(parse_plan(PLAN, "p"))
    with pytest.raises(CarebenchError, match="no version '7'"):
        registry.resolve("release-1@v7")
    file.write_text(PLAN.replace("c_fn: 10", "c_fn: 12"))
    with pytest.raises(CarebenchError, match=r"registered versions of 'release-1': v1"):
        registry.resolve(str(file))


def test_the_documented_example_is_a_valid_plan() -> None:
    import re

    doc = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
    example = re.search(r"```yaml\n(name: .*?)```", doc, re.DOTALL)
    assert example is not None
    plan = parse_plan(example.group(1), "docs/protocol.md")
    assert plan.costs.of("triage_handoff") == CostMatrix(c_fn=10)
    assert len(plan.family()) == 2 + 3
    assert plan.comparisons[1].expected_difference == {"sensitivity": 0.15}


@pytest.mark.parametrize("how", ["drop-trigger-update", "insert-or-replace"])
def test_a_plan_rewritten_inside_the_database_is_refused(registry: PlanRegistry, how: str) -> None:
    registered, _ = registry.register(parse_plan(PLAN, "plan.yaml"))
    # the same plan without its comparisons, built through validation (a valid plan, another hash)
    shrunk = AnalysisPlan.model_validate({**registered.plan.model_dump(), "comparisons": []})
    assert shrunk.sha256() != registered.sha256
    text = json.dumps(shrunk.canonical(), sort_keys=True)
    db = registry.store.connection
    if how == "drop-trigger-update":
        db.execute("DROP TRIGGER analysis_plans_no_update")
        db.execute("UPDATE analysis_plans SET plan = ?", (text,))
    else:
        db.execute(
            "INSERT OR REPLACE INTO analysis_plans VALUES (?, 1, ?, ?, ?)",
            (registered.name, registered.sha256, text, registered.registered_at),
        )
    for read in (registry.plans, lambda: registry.resolve("release-1")):
        with pytest.raises(
            CarebenchError, match=r"release-1' v1 was rewritten inside the database"
        ):
            read()


def test_a_run_manifest_holds_the_plan_content(registry: PlanRegistry) -> None:
    from carebench.runs.config import RunConfig, RunPlan, build_manifest

    registered, _ = registry.register(parse_plan(PLAN, "plan.yaml"))
    plan = RunPlan.from_registered(registered)
    manifest = build_manifest(RunConfig(plan=plan, costs=plan.costs.default), "0" * 64, 1, {})
    assert manifest["plan_content"] == registered.plan.canonical()


def test_a_huge_plan_file_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    # 10 MB of one flow sequence used to take 50 s and 2.2 GB to parse
    path = tmp_path / "huge.yaml"
    path.write_text("name: x\ncomparisons: [" + "1, " * 3_500_000 + "1]\n")
    with pytest.raises(
        CarebenchError, match=r"huge.yaml: the YAML file is \d+ characters; at most"
    ):
        load_plan(path)
    many = tmp_path / "many.yaml"
    many.write_text("name: x\n" + "".join(f"k{i}: 1\n" for i in range(60_000)))
    with pytest.raises(
        CarebenchError, match=r"many.yaml: the YAML document has more than \d+ nodes"
    ):
        load_plan(many)


def test_costs_are_bounded_to_a_finite_documented_range() -> None:
    from carebench.metrics.costs import MAX_WEIGHT

    with pytest.raises(ValueError, match="less than or equal to 1000000"):
        CostMatrix(c_fn=1e308)
    assert CostMatrix(c_fn=MAX_WEIGHT).c_fn == MAX_WEIGHT
    with pytest.raises(CarebenchError, match="c_fn"):
        parse_plan(PLAN.replace("c_fn: 10", "c_fn: 1e308"), "plan.yaml")


PLAN_2 = "format: carebench-plan/2\n" + PLAN.replace(
    "metrics: [accuracy, utility]}",
    "metrics: [accuracy, utility], expected_difference: {utility: 0.3}}",
)


def test_format_2_declares_expected_differences_and_format_1_keeps_its_identity() -> None:
    plan = parse_plan(PLAN_2, "plan.yaml")
    assert plan.format == "carebench-plan/2"
    assert plan.comparisons[0].expected_difference == {"utility": 0.3}
    # identity of a plan registered under format 1 (computed with carebench before format 2):
    # declaring no expected difference, with or without a format line, changes nothing
    v1 = "e5b239b9952ced02fea5b524da98409ce90269bb98cea32802cad12432ab5980"
    assert parse_plan(PLAN, "plan.yaml").sha256() == v1
    assert parse_plan("format: carebench-plan/1\n" + PLAN, "plan.yaml").sha256() == v1
    assert parse_plan("format: carebench-plan/2\n" + PLAN, "plan.yaml").sha256() == v1
    assert plan.sha256() != v1
    assert changed_fields(parse_plan(PLAN, "p").canonical(), plan.canonical()) == ["comparisons"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            PLAN_2.removeprefix("format: carebench-plan/2\n"),
            "plan.yaml:7: comparisons.0.expected_difference: expected_difference is new in "
            "carebench-plan/2; this plan is format 1 (no format: line): add or set `format: "
            "carebench-plan/2` (nothing else changes)",
        ),
        (
            PLAN_2.replace("{utility: 0.3}", "{sensitivity: 0.1}"),
            "plan.yaml:8: comparisons.0: expected_difference names sensitivity, which the "
            "comparison does not test (its metrics: accuracy, utility)",
        ),
        (
            PLAN_2.replace("{utility: 0.3}", "{utility: -0.3}"),
            "plan.yaml:8: comparisons.0.expected_difference.utility:",
        ),
        (
            PLAN_2.replace("{utility: 0.3}", "{utility: .nan}"),
            "plan.yaml:8: comparisons.0.expected_difference.utility:",
        ),
        (
            PLAN_2.replace("carebench-plan/2", "carebench-plan/3"),
            "plan.yaml:1: format: unknown format 'carebench-plan/3'; this carebench reads "
            "carebench-plan/2 and carebench-plan/1",
        ),
    ],
)
def test_bad_expected_differences_and_formats_are_one_line_each(text: str, expected: str) -> None:
    with pytest.raises(PlanValidationError) as info:
        parse_plan(text, "plan.yaml")
    assert len(info.value.issues) == 1
    assert str(info.value.issues[0]).startswith(expected)
