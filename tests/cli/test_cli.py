"""The CLI end to end, as a user runs it: exit codes, messages, no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from carebench import load_bank, render_transcript

FIXTURE = Path(__file__).parents[1] / "fixtures" / "minimal_seed.yaml"


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "carebench", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


def test_validate_packaged_bank() -> None:
    result = run("episodes", "validate")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok: ")


def test_validate_reports_errors_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(FIXTURE.read_text().replace("primary: Escalate", "primary: Escalation", 1))
    result = run("episodes", "validate", str(bad))
    assert result.returncode == 1
    assert f"{bad}:" in result.stdout
    assert "variants.conflict.reference.primary: got 'Escalation'" in result.stdout
    assert "1 error(s) in 1 file(s)" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_malformed_yaml_gets_line_number(tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("id: x\nblocks: {setting: [\n")
    result = run("episodes", "validate", str(bad))
    assert result.returncode == 1
    assert f"{bad}:3: malformed YAML" in result.stdout
    assert "Traceback" not in result.stderr


def test_missing_path_is_a_clear_error(tmp_path: Path) -> None:
    result = run("episodes", "validate", str(tmp_path / "nope"))
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: {tmp_path / 'nope'}: no such file or folder")


def test_build_is_deterministic(tmp_path: Path) -> None:
    for name in ("a", "b"):
        result = run("episodes", "build", "--out", str(tmp_path / name))
        assert result.returncode == 0, result.stderr
    for filename in ("episodes.jsonl", "manifest.json"):
        assert (tmp_path / "a" / filename).read_bytes() == (tmp_path / "b" / filename).read_bytes()
    manifest = json.loads((tmp_path / "a" / "manifest.json").read_text())
    assert manifest["n_episodes"] == len(load_bank())


def test_build_of_invalid_bank_fails_cleanly(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("id: Bad\n")
    result = run("episodes", "build", str(tmp_path), "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "validation error(s)" in result.stderr
    assert not (tmp_path / "out").exists()


def test_show_prints_exactly_the_agent_transcript() -> None:
    episode = load_bank()[3]
    result = run("episodes", "show", episode.episode_id)
    assert result.returncode == 0
    assert result.stdout == render_transcript(episode)


def test_show_unknown_id_suggests() -> None:
    episode = load_bank()[0]
    result = run("episodes", "show", episode.episode_id + "x")
    assert result.returncode == 2
    assert "did you mean" in result.stderr and episode.episode_id in result.stderr


def test_stats_table() -> None:
    result = run("episodes", "stats", "--split", "dev")
    assert result.returncode == 0
    total = next(line for line in result.stdout.splitlines() if line.startswith("total"))
    assert total.split()[:5] == ["total", "8", "80", "80", "0"]


def test_labels_update_needs_markers(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text("no markers here\n")
    result = run("episodes", "labels", "--update", str(doc))
    assert result.returncode == 2
    assert "markers <!-- actions:start -->" in result.stderr


@pytest.mark.parametrize("args", [["--help"], ["episodes", "--help"], ["--version"]])
def test_help_and_version(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 0
    assert result.stdout


def test_demo(tmp_path: Path) -> None:
    result = run("demo", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "episodes" / "episodes.jsonl").exists()
    assert "bank sha256" in result.stdout
