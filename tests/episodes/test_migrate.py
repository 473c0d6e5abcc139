"""Seed format 1 -> 2: the validator's one line per old file, and ``episodes migrate``.

The fixture bank is four seeds exactly as the packaged bank had them at commit 3bc7560 (format 1).
The replay is the outside author's story of issue 24: the old files give one line each, the
migration converts what it can, and the edits it names make the bank valid.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from carebench.cli import cli
from carebench.episodes.bank import validate_paths
from carebench.episodes.loading import parse_seed_text
from carebench.episodes.migrate import derive_deletes, migrate_paths, migrate_text
from carebench.errors import CarebenchError

FORMAT1 = Path(__file__).parents[1] / "fixtures" / "format1_bank"


def test_an_old_seed_gives_one_line_naming_its_version_and_the_migration() -> None:
    _, issues = validate_paths([FORMAT1])
    assert len(issues) == 4  # one per file (the same files gave 66 lines before versions)
    for issue in issues:
        assert issue.path == "format"
        assert issue.message.startswith("seed format 1 (no 'format:' line); this carebench reads")
        assert "carebench episodes migrate" in issue.message
        assert "CHANGELOG.md" in issue.message


def test_an_unknown_version_is_named() -> None:
    text = (FORMAT1 / "patient_messaging" / "post-op-wound.yaml").read_text()
    parsed = parse_seed_text("format: carebench-seed/9\n" + text, "x.yaml")
    (issue,) = parsed.issues
    assert issue.message == (
        "unknown format 'carebench-seed/9'; this carebench reads carebench-seed/2 (and migrates "
        "carebench-seed/1)"
    )


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, (path, old)
    path.write_text(text.replace(old, new))


def test_four_seed_story_migrate_then_the_named_edits(tmp_path: Path) -> None:
    out = tmp_path / "migrated"
    results = {r.source.rsplit("/", 1)[-1]: r for _, r in migrate_paths([FORMAT1], out)}
    assert sorted(results) == [
        "clarithromycin-simvastatin.yaml",
        "post-op-wound.yaml",
        "toddler-gastroenteritis.yaml",
        "warfarin-high-inr.yaml",
    ]
    assert all(r.found == "carebench-seed/1" for r in results.values())
    warfarin = results["warfarin-high-inr.yaml"]
    assert "annotations.admissible_sources.1: 'pharmacist plan' -> N3" in warfarin.done
    assert any("derived [28 mg per week, down from 35 mg]" in d for d in warfarin.done)
    # what is left is named: the digest restating the deleted dose, and an unstated fact
    assert len(warfarin.todo) == 2
    assert warfarin.todo[0].startswith(
        "variants.missing.deletes: the hook removes '4 mg daily' but the missing episode still "
        "states it (surface s1: block new_information, slot summary, item N4)"
    )
    assert warfarin.todo[1].startswith(
        "annotations.revise_facts.3: surfaces s1, s2: 'recheck INR on the stated date' is not "
        "stated by any one evidence line of the clean episode"
    )
    (statin,) = results["clarithromycin-simvastatin.yaml"].todo
    assert "'simvastatin 20 mg'" in statin and "slot summary, item N3" in statin
    assert results["post-op-wound.yaml"].todo == []
    (note,) = results["toddler-gastroenteritis.yaml"].todo
    assert note.startswith("annotations.admissible_sources: removed, as no description matched")
    todo_files = sorted(p.name for p in out.rglob("*.todo.txt"))
    assert todo_files == [
        "clarithromycin-simvastatin.todo.txt",
        "toddler-gastroenteritis.todo.txt",
        "warfarin-high-inr.todo.txt",
    ]

    # the human edits, each one a to-do line above (the toddler note needs none)
    warfarin_file = out / "documentation_update" / "warfarin-high-inr.yaml"
    _edit(
        warfarin_file,
        "warfarin 4 mg daily from\n    tomorrow",
        "new warfarin dose from\n    tomorrow",
    )
    _edit(warfarin_file, "down from 35 mg]", "down from 35 mg, 4 mg daily]")
    _edit(warfarin_file, '"recheck INR on the stated date"', '"recheck INR {recheck}"')
    statin_file = out / "evidence_retrieval" / "clarithromycin-simvastatin.yaml"
    _edit(statin_file, "today): simvastatin 20 mg at night", "today): statin at night")
    _edit(
        statin_file,
        'scanned list)."\n    reference:',
        'scanned list)."\n    deletes: [simvastatin 20 mg]\n    reference:',
    )
    # bank 2.1's rule that a prohibited claim is a claim, named by the validator (not the migration)
    seeds, issues = validate_paths([out])
    assert len(issues) == 1 and "'claims not supported by E1-E4' is not a claim" in str(issues[0])
    _edit(statin_file, ', "claims not supported by E1-E4"]', ', "statin needs no pause"]')
    seeds, issues = validate_paths([out])
    assert [str(i) for i in issues] == []
    assert len(seeds) == 4


def test_migration_keeps_comments_and_layout(tmp_path: Path) -> None:
    source = FORMAT1 / "patient_messaging" / "post-op-wound.yaml"
    result = migrate_text(source.read_text(), str(source))
    old, new = source.read_text().splitlines(), result.text.splitlines()
    assert new[0] == old[0] and old[0].startswith("# ")  # the comment stays first
    assert new[1] == "format: carebench-seed/2"
    added = [line for line in new if line not in old]
    assert added == [
        "format: carebench-seed/2",
        "    deletes: [bit itchy, no redness, no discharge, no temperature, itch, use moisturiser]",
        "  admissible_sources: [N1, R1]",
    ]


def test_a_current_seed_is_copied_unchanged(tmp_path: Path) -> None:
    source = Path(__file__).parents[1] / "fixtures" / "minimal_seed.yaml"
    result = migrate_text(source.read_text(), str(source))
    assert (result.found, result.text, result.todo) == (
        "carebench-seed/2",
        source.read_text(),
        [],
    )


def test_derived_deletes_skip_shared_words_and_name_restatements(
    seed_dict: dict[str, Any], write_seed: Callable[..., Path]
) -> None:
    from carebench.episodes.seed import Seed

    seed_dict["slots"]["summary"] = "Summary (generated today): amlodipine 5 mg daily."
    seed = Seed.model_validate(seed_dict)
    deleted, restated = derive_deletes(seed)
    assert deleted == []  # "Takes" is shared context; the dose is restated by the digest
    assert [p for p, _ in restated] == ["amlodipine 5 mg daily"]
    assert "block new_information, slot summary, item N1" in restated[0][1]


def test_out_inside_the_input_is_refused(tmp_path: Path) -> None:
    bank = tmp_path / "bank"
    shutil.copytree(FORMAT1, bank)
    with pytest.raises(CarebenchError, match="inside the input"):
        migrate_paths([bank], bank / "new")


def test_cli_migrate_lists_what_to_finish(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["episodes", "migrate", str(FORMAT1), "--out", str(tmp_path / "out")]
    )
    assert result.exit_code == 0, result.output
    assert "post-op-wound.yaml (carebench-seed/1) -> " in result.output
    assert "migrated 4 seed(s)" in result.output
    assert "  - variants.missing.deletes: the hook removes '4 mg daily'" in result.output


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("{}\n", "expected a mapping of seed fields"),
        ("", "expected a mapping of seed fields"),
        ("{id: x, title: y}\n", "written as one flow mapping"),
    ],
)
def test_a_file_that_is_not_a_block_seed_is_listed_not_written(
    tmp_path: Path, text: str, why: str
) -> None:
    source = tmp_path / "in" / "odd.yaml"
    source.parent.mkdir()
    source.write_text(text)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["episodes", "migrate", str(source), "--out", str(out)])
    assert isinstance(result.exception, CarebenchError), result.output  # exit 2 under main()
    assert "1 file(s) could not be migrated" in str(result.exception)
    assert "odd.yaml (unknown) -> " in result.output and why in result.output
    assert not (out / "odd.yaml").exists()  # the old command wrote "format: ...\n{}" here
