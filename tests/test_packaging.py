"""What a normal (non-editable) install ships: the package-data patterns cover every data file.

The wheel itself is built, installed into a fresh venv and exercised by ``.ci/wheel-smoke``
(part of ``make test``); this test catches the same omission in seconds, before any build.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "carebench"
CODE_SUFFIXES = {".py", ".pyc"}


def _pyproject() -> dict:
    with (ROOT / "pyproject.toml").open("rb") as fh:
        return tomllib.load(fh)


def _patterns() -> list[str]:
    return list(_pyproject()["tool"]["setuptools"]["package-data"]["carebench"])


def data_files(package: Path) -> set[str]:
    """Every file under the package that is not code or a bytecode cache, relative to it."""
    return {
        path.relative_to(package).as_posix()
        for path in package.rglob("*")
        if path.is_file()
        and path.suffix not in CODE_SUFFIXES
        and "__pycache__" not in path.relative_to(package).parts
    }


def covered(package: Path, patterns: list[str]) -> set[str]:
    """The files the patterns select, globbed the way setuptools does (``**`` is recursive)."""
    return {
        path.relative_to(package).as_posix()
        for pattern in patterns
        for path in package.glob(pattern)
        if path.is_file()
    }


def test_every_data_file_is_package_data() -> None:
    missing = sorted(data_files(PACKAGE) - covered(PACKAGE, _patterns()))
    assert missing == [], (
        f"not in [tool.setuptools.package-data] of pyproject.toml, so a normal install lacks "
        f"them: {missing}"
    )


def test_the_run_time_data_is_there() -> None:
    """The files the code opens by name exist (so the check above is not vacuous)."""
    files = data_files(PACKAGE)
    for expected in (
        "py.typed",
        "controller/patterns/lexicon.yaml",
        "controller/patterns/regex.yaml",
        "schemas/seed.schema.json",
        "report/templates/index.html.j2",
        "report/templates/viewer.html.j2",
        "scenarios/stress/detectors.yaml",
    ):
        assert expected in files
    assert any(f.startswith("scenarios/escalation/") for f in files)
    assert any(f.startswith("agents/prompts/") for f in files)


@pytest.mark.parametrize(
    ("relative", "is_covered"),
    [
        ("controller/patterns/new.yaml", True),
        ("scenarios/review/batch-1.yaml", True),
        ("scenarios/escalation/triage_handoff/deep/x.yaml", True),
        ("controller/patterns/new.json", False),
        ("report/static/app.js", False),
    ],
)
def test_the_check_sees_a_new_file(tmp_path: Path, relative: str, is_covered: bool) -> None:
    """The coverage check itself: a data file outside the patterns is reported."""
    (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / relative).write_text("x")
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "m.cpython-311.pyc").write_bytes(b"")
    assert data_files(tmp_path) == {relative}
    assert (relative in covered(tmp_path, _patterns())) is is_covered


def test_license_is_an_spdx_expression() -> None:
    """PEP 639: a plain SPDX string (the table form is deprecated), which needs setuptools>=77."""
    data = _pyproject()
    assert data["project"]["license"] == "Apache-2.0"
    assert "setuptools>=77" in data["build-system"]["requires"]


def test_make_test_smokes_the_wheel() -> None:
    """`make test` (which .ci/run runs) ends with the wheel smoke, and the smoke is executable."""
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert ".ci/wheel-smoke" in recipe
    smoke = ROOT / ".ci" / "wheel-smoke"
    assert smoke.stat().st_mode & 0o111
    text = smoke.read_text()
    for command in (
        "carebench episodes validate",
        "carebench episodes build",
        "carebench run --backend scripted --model rule --split dev",
        "carebench detect",
        "carebench report",
        "carebench runs export",
    ):
        assert f"run {command}" in text, command
