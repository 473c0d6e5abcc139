"""``carebench episodes``: validate warnings, show --items / --json, the JSON schema's required fields, the shortcut goal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner

from carebench.cli import cli
from carebench.cli.episodes import seed_json_schema
from carebench.errors import CarebenchError
from tests.conftest import write_custom_bank

FIXTURE = Path(__file__).parents[1] / "fixtures" / "minimal_seed.yaml"


def _invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, ["episodes", *args])


def test_show_items_prints_ids_and_lines_of_a_seed_failing_other_rules(tmp_path: Path) -> None:
    data: dict[str, Any] = yaml.safe_load(FIXTURE.read_text())
    data["blocks"]["request"] = "Please escalate or draft the reply."  # a leak: the seed is invalid
    data["annotations"] = {"admissible_sources": ["R7"]}  # and names an id that does not exist
    (tmp_path / "minimal-seed.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    assert _invoke("validate", str(tmp_path)).exit_code == 1
    result = _invoke("show", "--items", "minimal-seed.s1.stale", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "minimal-seed.s1.stale",
        "  R1  Ann Lee, 40. Takes amlodipine 5 mg daily. (not admissible)",
        "  N1  Asks for a repeat of amlodipine. Summary (generated last year): no regular "
        "medicines. (not admissible)",
        "  M1  Asks if the pharmacy can deliver. (not admissible)",
    ]
    every = _invoke("show", "--items", "minimal-seed", str(tmp_path))
    assert [line for line in every.output.splitlines() if not line.startswith(" ")] == [
        f"minimal-seed.{s}.{v}"
        for s in ("s1", "s2")
        for v in ("clean", "missing", "stale", "conflict", "late_risk")
    ]


def test_show_items_marks_stale_only_lines(tmp_path: Path) -> None:
    data: dict[str, Any] = yaml.safe_load(FIXTURE.read_text())
    data["blocks"]["new_information"] = "{note}\n{summary}"  # the summary on its own line
    data["annotations"] = {"handoff_fields": ["callback number"]}  # units: sources are derived
    (tmp_path / "minimal-seed.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    result = _invoke("show", "--items", "minimal-seed.s2.stale", str(tmp_path))
    assert (
        "  N2  Summary (generated last year): no regular medicines. (superseded: not citable)"
        in (result.output.splitlines())
    )


def _stale_line_seed(tmp_path: Path, sources: list[str]) -> Path:
    """The minimal seed with its summary on its own line (N2) and declared admissible sources."""
    data: dict[str, Any] = yaml.safe_load(FIXTURE.read_text())
    data["blocks"]["new_information"] = "{note}\n{summary}"
    data["annotations"] = {"admissible_sources": sources}
    (tmp_path / "minimal-seed.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    return tmp_path


def test_validate_warns_of_a_stale_only_admissible_source_and_exits_0(tmp_path: Path) -> None:
    bank = _stale_line_seed(tmp_path, ["R1", "N1", "N2", "M1"])
    result = _invoke("validate", str(bank))
    assert result.exit_code == 0, result.output
    warning, ok = result.output.splitlines()
    assert warning.startswith(f"warning: {bank / 'minimal-seed.yaml'}:")
    assert warning.endswith(
        ": annotations.admissible_sources.2: surfaces s1, s2; variant stale: seed minimal-seed: "
        'admissible source N2 "Summary (generated last year): no regular ..." is only '
        "superseded text, which cannot be cited (docs/protocol.md), so scorers treat it as "
        "inadmissible; remove it from admissible_sources or name the line with the current value"
    )
    assert ok == "ok: 1 seeds, 10 episodes, 1 warning(s)"
    doc = (Path(__file__).parents[2] / "docs" / "authoring.md").read_text()
    shown = doc.split("```text\nwarning: ", 1)[1].split("\n", 1)[0]
    assert "warning: " + shown == warning.replace(str(bank), "my-bank")  # the docs' example


def test_show_json_gives_each_items_line_and_status_on_a_seed_failing_other_rules(
    tmp_path: Path,
) -> None:
    bank = _stale_line_seed(tmp_path, ["R1", "N2", "N7"])  # N7 does not exist: invalid seed
    assert _invoke("validate", str(bank)).exit_code == 1
    result = _invoke("show", "--json", "minimal-seed.s1.stale", str(bank))
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    assert record["episode_id"] == "minimal-seed.s1.stale"
    assert record["annotations"]["admissible_sources"] == ["R1", "N2", "N7"]
    assert [
        (i["id"], i["text"], i["superseded"], i["admissible"]) for i in record["evidence_items"]
    ] == [
        ("R1", "Ann Lee, 40. Takes amlodipine 5 mg daily.", False, True),
        ("N1", "Asks for a repeat of amlodipine.", False, False),  # not declared
        ("N2", "Summary (generated last year): no regular medicines.", True, False),  # stale only
        ("M1", "Asks if the pharmacy can deliver.", False, False),
    ]
    # the same lines, ids and marks as --items prints
    listed = _invoke("show", "--items", "minimal-seed.s1.stale", str(bank)).output.splitlines()
    for item, line in zip(record["evidence_items"], listed[1:], strict=True):
        assert line.startswith(f"  {item['id']:<4}{item['text']}")
    clean = json.loads(_invoke("show", "--json", "minimal-seed.s1.clean", str(bank)).output)
    assert [i["superseded"] for i in clean["evidence_items"]] == [False] * 4


def test_show_json_of_the_packaged_bank_and_of_an_unknown_episode() -> None:
    record = json.loads(_invoke("show", "--json", "warfarin-high-inr.s2.late_risk").output)
    assert record["episode_id"] == "warfarin-high-inr.s2.late_risk"
    items = record["evidence_items"]
    assert items and all(i["text"] and i["admissible"] for i in items)  # no stale text there
    assert {i["id"] for i in items} == set(record["annotations"]["admissible_sources"])
    missing = _invoke("show", "--json", "warfarin-high-inr.s3.clean")
    assert isinstance(missing.exception, CarebenchError)
    assert "no episode with id 'warfarin-high-inr.s3.clean' in seed warfarin-high-inr" in str(
        missing.exception
    )


def test_show_items_of_an_unknown_seed_is_a_clear_error(tmp_path: Path) -> None:
    bank = write_custom_bank(tmp_path / "bank")
    result = _invoke("show", "--items", "custom-tset", str(bank))
    assert isinstance(result.exception, CarebenchError)  # the CLI's main prints it, exit 2
    assert "no seed with id 'custom-tset'" in str(result.exception)
    assert "did you mean custom-test" in str(result.exception)


def test_schema_marks_every_required_field() -> None:
    schema = json.loads(seed_json_schema())
    defs = schema["$defs"]
    assert set(schema["required"]) == {
        "format", "id", "task_class", "split", "topic", "surfaces", "blocks", "variants"
    }  # fmt: skip
    assert schema["properties"]["format"]["const"] == "carebench-seed/2"
    missing = defs[schema["$defs"]["Variants"]["properties"]["missing"]["$ref"].rsplit("/", 1)[-1]]
    assert set(missing["required"]) == {"deletes", "reference"}
    assert missing["properties"]["deletes"]["minItems"] == 1
    assert "deletes" not in defs["VariantSpec"].get("required", [])
    assert set(defs["Variants"]["required"]) == {
        "clean",
        "missing",
        "stale",
        "conflict",
        "late_risk",
    }
    assert set(defs["ReferenceSpec"]["required"]) == {"primary", "rationale"}


def test_shortcuts_on_a_small_bank_warns_and_exits_0(tmp_path: Path) -> None:
    bank = write_custom_bank(tmp_path / "bank")
    strict = _invoke("shortcuts", str(bank), "--bootstrap", "20", "--goal-accuracy", "0")
    assert strict.exit_code == 0, strict.output
    assert "NOT met" in strict.output
    assert "warning: bag of words exceeds the goal, but the scored split has only 2 seed(s)" in (
        strict.output
    )
    assert "Goal for bag of words: accuracy <= 0.00 and escalation recall <= 0.65" in strict.output


def test_shortcuts_goal_is_an_option_with_the_packaged_default() -> None:
    result = _invoke("shortcuts", "--help")
    assert "--goal-accuracy" in result.output and "--goal-recall" in result.output
    assert "0.55" in result.output and "0.65" in result.output


def test_validate_warns_of_a_prohibited_claim_its_own_record_makes(tmp_path: Path) -> None:
    """Session 34: a correct draft restating such a line would be scored as making the claim;
    the conflict variant (where the record may hold the conflict itself) is not read."""
    data: dict[str, Any] = yaml.safe_load(FIXTURE.read_text())
    data["annotations"] = {"prohibited_claims": ["amlodipine is taken daily"]}
    (tmp_path / "minimal-seed.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    result = _invoke("validate", str(tmp_path))
    assert result.exit_code == 0, result.output
    warning, ok = result.output.splitlines()
    doc = (Path(__file__).parents[2] / "docs" / "authoring.md").read_text()
    shown = doc.split("```text\nwarning: ")[2].split("\n", 1)[0]
    assert "warning: " + shown == warning.replace(str(tmp_path), "my-bank")  # the docs' example
    assert ok == "ok: 1 seeds, 10 episodes, 1 warning(s)"
    data["annotations"] = {"prohibited_claims": ["amlodipine is stopped for good"]}
    (tmp_path / "minimal-seed.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    assert _invoke("validate", str(tmp_path)).output == "ok: 1 seeds, 10 episodes\n"
