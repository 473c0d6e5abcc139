"""The CLI end to end, as a user runs it: exit codes, messages, no tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carebench import load_bank, render_transcript
from tests.conftest import run_cli

FIXTURE = Path(__file__).parents[1] / "fixtures" / "minimal_seed.yaml"


run = run_cli


def test_validate_packaged_bank() -> None:
    result = run("episodes", "validate")
    assert result.returncode == 0, result.stderr
    *warnings, ok = result.stdout.splitlines()
    # the prohibited claims no rewording could separate from the wrong drafts (bank 2.6)
    assert ok == f"ok: 40 seeds, 400 episodes, {len(warnings)} warning(s)" and len(warnings) == 7
    assert all(".prohibited_claims." in w and "own text" in w for w in warnings)


def test_validate_reports_errors_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "minimal-seed.yaml"
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


def test_demo_end_to_end_with_fast_agents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The demo's whole path; the embedded runs are swapped for scripted ones to keep it fast
    (tests/agents/test_embedded.py runs the real model)."""
    from click.testing import CliRunner

    import carebench.cli.demo as demo
    from carebench.cli import cli
    from carebench.runs.config import RunConfig

    real = demo.demo_configs

    def fast(split: str, model: str | None, max_tokens: int) -> list[RunConfig]:
        configs = real(split, model, max_tokens)
        assert [c.backend.name for c in configs[-2:]] == ["embedded", "embedded"]
        assert {c.condition.value for c in configs[-2:]} == {"vanilla", "uncertainty"}
        return [c for c in configs if c.backend.name == "scripted"]

    monkeypatch.setattr(demo, "demo_configs", fast)
    result = CliRunner().invoke(cli, ["demo", "--out", str(tmp_path), "--quiet"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "episodes" / "episodes.jsonl").exists()
    assert "| scripted:oracle/vanilla | 80 | 1.00 [1.00, 1.00]" in result.output
    assert (tmp_path / "report" / "index.html").exists() and (
        tmp_path / "report" / "viewer.html"
    ).exists()
    assert "The dev split is for tuning" in result.output


def test_run_and_runs_commands(tmp_path: Path) -> None:
    ws = str(tmp_path)
    args = (
        "run",
        "--backend",
        "scripted",
        "--model",
        "rule",
        "--split",
        "dev",
        "--quiet",
        "--workspace",
        ws,
    )
    result = run(*args)
    assert result.returncode == 0, result.stderr
    assert "80 new records (80 valid, 0 invalid, 0 errors)" in result.stdout
    assert "records/s" not in result.stderr  # --quiet: no progress
    again = run(*args)
    assert "0 new records" in again.stdout and "80 already stored" in again.stdout
    listing = run("runs", "list", "--workspace", ws)
    assert "scripted:rule/vanilla" in listing.stdout
    shown = run("runs", "show", "rule", "--workspace", ws)
    assert '"condition": "vanilla"' in shown.stdout and "records 80" in shown.stdout
    out = tmp_path / "rule.csv"
    exported = run(
        "runs", "export", "rule", "--format", "csv", "--out", str(out), "--workspace", ws
    )
    assert exported.returncode == 0 and len(out.read_text().splitlines()) == 81


def test_progress_off_a_terminal_is_plain_lines(tmp_path: Path) -> None:
    """A new-user trial saw nothing for the demo's model phase with its output in a log file."""
    args = ("--backend", "scripted", "--model", "rule", "--split", "dev")
    result = run("run", *args, "--workspace", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "\n  80/80 records, " in result.stderr and "invalid 0, errors 0" in result.stderr
    assert "\x1b[" not in result.stderr  # no terminal control codes in a log


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["run", "--backend", "nope"], "error: unknown backend 'nope'"),
        (
            ["run", "--backend", "scripted", "--model", "psychic"],
            "error: unknown scripted policy 'psychic'",
        ),
        (
            ["run", "--backend", "scripted", "--option", "delay"],
            "error: --option 'delay': expected KEY=VALUE",
        ),
        (
            ["run", "--backend", "scripted", "--episode", "no.such.episode"],
            "error: unknown episode id(s): no.such.episode (ids are <seed>.<surface>.<variant>",
        ),
        (
            ["run", "--backend", "scripted", "--episode", "post-op-wnd.s1.clean"],
            "error: unknown episode id(s): post-op-wnd.s1.clean (did you mean post-op-wound.s1",
        ),
        (
            ["run", "--backend", "scripted", "--temperature", "-1"],
            "error: invalid --temperature: Input should be greater than or equal to 0",
        ),
        (["run", "--backend", "openai"], "error: the openai backend needs the served model name"),
        (["interrupt", "run", "--agent", "openai"], "error: the openai backend needs the"),
        (["runs", "show", "zzz"], "error: "),
    ],
)
def test_run_errors_are_clear(tmp_path: Path, args: list[str], message: str) -> None:
    result = run(*args, "--workspace", str(tmp_path))
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith(message)
    assert "Traceback" not in result.stderr


def test_report_and_compare_commands(tmp_path: Path) -> None:
    ws = str(tmp_path)
    for policy in ("rule", "random"):
        assert (
            run(
                "run", "--backend", "scripted", "--model", policy, "--quiet", "--workspace", ws
            ).returncode
            == 0
        )
    report = run("report", "--workspace", ws, "--out", str(tmp_path / "r"), "--bootstrap", "500")
    assert report.returncode == 0, report.stderr
    assert "| scripted:rule/vanilla | 320 |" in report.stdout
    assert (tmp_path / "r" / "metrics.json").exists()
    compare = run("compare", "rule", "random", "--workspace", ws)
    assert compare.returncode == 0, compare.stderr
    lines = compare.stdout.splitlines()
    assert lines[0].startswith("A = scripted:rule/vanilla  (run ")
    assert lines[1].startswith("B = scripted:random/vanilla  (run ")
    assert [line.split()[0] for line in lines[-3:]] == ["accuracy", "sensitivity", "utility"]
    assert all(line.split()[1] == "32" for line in lines[-3:])
    assert lines[-4].endswith("p method")  # every test names its method (docs/report.md)
    assert all(" exact" in line or "normal approximation" in line for line in lines[-3:])


def test_report_of_an_empty_split_is_a_clear_error(tmp_path: Path) -> None:
    ws = str(tmp_path)
    run("run", "--backend", "scripted", "--split", "dev", "--quiet", "--workspace", ws)
    result = run("report", "--workspace", ws, "--out", str(tmp_path / "r"))
    assert result.returncode == 2
    assert result.stderr.startswith("error: no test-split results in")


def test_detect_and_audit_commands() -> None:
    from carebench.controller.detectors import detect_episode, quality
    from carebench.episodes.bank import find_episode

    bank = load_bank()
    episode_id = "exertional-chest-pain.s1.conflict"
    flags = detect_episode(find_episode(bank, episode_id), "lexicon")
    one = run("detect", episode_id, "--family", "lexicon")
    assert one.returncode == 0 and one.stdout.startswith(
        f"{episode_id}  C={int(flags.C)} M={int(flags.M)} H={int(flags.H)}"
    )
    table = run("detect")
    assert (
        table.stdout.splitlines()[0] == "episode_id\tC\tM\tH"
        and len(table.stdout.splitlines()) == 401
    )
    audit = run("detectors", "audit")
    assert audit.returncode == 0
    lines = audit.stdout.splitlines()
    assert "paper    regex    M     10  1.00 [0.72, 1.00]  0.00 [0.00, 0.28]" in lines[3]
    heldout = [line for line in lines if line.startswith("heldout  lexicon  M")]
    assert heldout and " 15 " in heldout[0]
    lexicon_h = next(
        q
        for q in quality(bank, [detect_episode(e, "lexicon") for e in bank])
        if q.detector == "H" and q.split == "all"
    )
    low, high = lexicon_h.precision_ci
    assert f"lexicon  H    all    {lexicon_h.precision:.2f} [{low:.2f}, {high:.2f}]" in audit.stdout


def test_controller_commands(tmp_path: Path) -> None:
    ws = str(tmp_path)
    assert (
        run(
            "run", "--backend", "scripted", "--model", "always-answer", "--quiet", "--workspace", ws
        ).returncode
        == 0
    )
    fitted = run("controller", "fit", "always-answer", "--workspace", ws)
    assert fitted.returncode == 0, fitted.stderr
    assert json.loads(fitted.stdout)["n_dev"] == 80
    applied = run("controller", "apply", "always-answer", "--family", "lexicon", "--workspace", ws)
    lines = applied.stdout.splitlines()
    assert lines[1].startswith("baseline    n=320  U -0.88  missed 1.00")
    assert lines[2].startswith("controller  n=320")
    ablate = run("controller", "ablate", "always-answer", "--workspace", ws)
    assert [line.split()[0] for line in ablate.stdout.splitlines()] == [
        "full",
        "workflow",
        "confidence",
        "silent",
    ]
    transfer = run("controller", "transfer", "always-answer", "--workspace", ws)
    assert len(transfer.stdout.splitlines()) == 4


def test_controller_needs_dev_and_test(tmp_path: Path) -> None:
    ws = str(tmp_path)
    run("run", "--backend", "scripted", "--split", "dev", "--quiet", "--workspace", ws)
    result = run("controller", "apply", "oracle", "--workspace", ws)
    assert result.returncode == 2 and "has no test-split results" in result.stderr


def test_run_help_lists_backends_registered_after_import(monkeypatch: pytest.MonkeyPatch) -> None:
    """The --backend help is built when shown, so a run does not read every package's metadata."""
    from click.testing import CliRunner

    from carebench.agents import backends
    from carebench.cli import cli

    monkeypatch.setitem(backends.BACKENDS._items, "late-plugin", "some.module:Factory")
    result = CliRunner().invoke(cli, ["run", "--help"], terminal_width=200)
    assert result.exit_code == 0
    flat = " ".join(result.output.split())
    listed = flat.split("One of: ", 1)[1].split(".", 1)[0].split(", ")
    # other tests may have registered backends of their own: only these four are pinned
    assert {"embedded", "late-plugin", "openai", "scripted"} <= set(listed)


def test_report_goes_into_the_workspace_by_default(tmp_path: Path) -> None:
    from tests.conftest import run_cli

    ws, elsewhere = tmp_path / "ws", tmp_path / "cwd"
    elsewhere.mkdir()
    ran = run_cli(
        "run", "--backend", "scripted", "--split", "dev", "--workspace", str(ws), "--quiet"
    )
    assert ran.returncode == 0, ran.stderr
    made = run_cli(
        "report", "--split", "dev", "--bootstrap", "100", "--workspace", str(ws), cwd=elsewhere
    )
    assert made.returncode == 0, made.stderr
    assert (ws / "report" / "index.html").is_file()
    assert not (elsewhere / "carebench-out").exists()
