"""Generated documentation and schemas must agree with the code and the data."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from carebench import load_bank
from carebench.cli.episodes import seed_json_schema
from carebench.episodes.loading import parse_seed_text
from carebench.episodes.tables import update_reference_policy
from carebench.episodes.validate import validate_seed

ROOT = Path(__file__).parents[1]
SCHEMA = ROOT / "src" / "carebench" / "schemas" / "seed.schema.json"


def test_seed_json_schema_has_not_drifted() -> None:
    assert SCHEMA.read_text() == seed_json_schema(), (
        "run: carebench episodes schema > src/carebench/schemas/seed.schema.json"
    )


def test_reference_policy_tables_match_the_bank() -> None:
    doc = (ROOT / "docs" / "reference-policy.md").read_text()
    assert doc == update_reference_policy(doc, load_bank()), (
        "run: carebench episodes labels --update docs/reference-policy.md"
    )


def test_authoring_example_is_the_packaged_seed_and_valid() -> None:
    doc = (ROOT / "docs" / "authoring.md").read_text()
    example = re.search(r"```yaml\n(# Warfarin.*?)```", doc, re.DOTALL)
    assert example is not None
    packaged = (
        ROOT / "src/carebench/scenarios/escalation/documentation_update/warfarin-high-inr.yaml"
    )
    assert example.group(1) == packaged.read_text()
    parsed = parse_seed_text(example.group(1), "warfarin-high-inr.yaml")
    assert validate_seed(parsed) == []


def test_readme_starts_with_the_two_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    first_block = re.search(r"```(?:bash|sh)\n(.*?)```", readme, re.DOTALL)
    assert first_block is not None
    commands = [
        line for line in first_block.group(1).splitlines() if line and not line.startswith("#")
    ]
    assert commands == ["make demo", "make test"]
    assert "make test" in (ROOT / ".ci" / "run").read_text()


def test_scenario_catalogue_matches_the_bank() -> None:
    from carebench.episodes.tables import replace_between_markers, scenario_catalogue

    doc = (ROOT / "docs" / "scenarios.md").read_text()
    assert doc == replace_between_markers(doc, "catalogue", scenario_catalogue(load_bank())), (
        "run: carebench episodes catalogue --update docs/scenarios.md"
    )


def test_shortcut_audit_in_the_catalogue_matches_the_bank() -> None:
    from carebench.controller.shortcuts import audit, format_audit
    from carebench.episodes.tables import replace_between_markers

    doc = (ROOT / "docs" / "scenarios.md").read_text()
    table = format_audit(audit(load_bank(), b=2000))
    assert doc == replace_between_markers(doc, "shortcuts", table), (
        "run: carebench episodes shortcuts --update docs/scenarios.md"
    )


def test_review_section_in_the_catalogue_matches_the_review_data() -> None:
    from carebench.episodes.bank import load_seeds
    from carebench.episodes.review import format_agreement, load_reviews
    from carebench.episodes.tables import replace_between_markers

    doc = (ROOT / "docs" / "scenarios.md").read_text()
    table = format_agreement(load_reviews(), bank_seeds=len(load_seeds()))
    assert doc == replace_between_markers(doc, "review", table), (
        "run: carebench episodes review --update docs/scenarios.md"
    )


CITED_MD = re.compile(r"(?<![\w./<>-])([\w.][\w./-]*\.md)\b")


def _cited_markdown() -> list[tuple[Path, str]]:
    """Every ``*.md`` file named in the package, benchmarks, experiments, docs and the README."""
    sources = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for folder in ("src", "benchmarks", "experiments"):
        sources += sorted((ROOT / folder).rglob("*.py"))
    return [(source, name) for source in sources for name in CITED_MD.findall(source.read_text())]


def _in_repository(path: Path) -> bool:
    return path.is_file() and path.resolve().is_relative_to(ROOT.resolve())


def test_cited_documents_are_in_the_repository() -> None:
    """Code and docs cite only documents a reader of the repository can open."""
    cited = _cited_markdown()
    assert any(name == "docs/methods.md" for _, name in cited)
    missing = sorted(
        f"{source.relative_to(ROOT)} cites {name}"
        for source, name in cited
        if not any(_in_repository(base / name) for base in (source.parent, ROOT, ROOT / "docs"))
    )
    assert missing == []


def test_the_citation_check_sees_an_outside_document() -> None:
    assert CITED_MD.findall("errors count as not escalated (GUIDE.md).") == ["GUIDE.md"]
    assert CITED_MD.findall("see ../shared/GUIDE.md and `prompts/<condition>-v1.md`") == [
        "../shared/GUIDE.md"
    ]
    assert not _in_repository(ROOT / "../shared/GUIDE.md")


def test_readme_python_section_runs_exactly_as_written(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## From Python") :]
    block = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert block is not None
    result = subprocess.run(
        [sys.executable, "-c", block.group(1)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    out = result.stdout
    assert "## Request" in out  # the transcript
    assert "scripted:rule/vanilla  split all: 400 ok, 0 invalid, 0 error" in out  # runs print
    assert "A = scripted:rule/vanilla" in out and "B = scripted:oracle/vanilla" in out
    assert re.search(r"^accuracy +32 +0\.\d{3} +1\.000 ", out, re.MULTILINE)  # compare prints
    assert (tmp_path / "carebench-out" / "report" / "index.html").exists()
    assert "oracle accuracy 1.0" in out  # the typed analysis reads as metrics.json does
    assert "run_demo(" not in block.group(1)  # minutes of the embedded model: described, not run
