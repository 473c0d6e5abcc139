"""The public API: an exact, pinned list of names, each importable, and light to import."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import carebench
from tests.conftest import write_custom_bank

PUBLIC = [
    "Action", "BackendConfig", "BankValidationError", "CarebenchError", "Comparison", "Condition",
    "CostMatrix", "DemoResult", "Episode", "ReportResult", "RunConfig", "RunInfo", "RunSummary",
    "SamplingParams", "Seed", "Split", "TaskClass", "ValidationIssue", "Variant", "__version__",
    "build_report", "compare", "list_runs", "load_bank", "load_results", "render_transcript",
    "run_agent", "run_demo",
]  # fmt: skip

HEAVY = ("pandas", "scipy", "statsmodels", "matplotlib", "sklearn", "carebench.report")


def test_all_is_pinned() -> None:
    assert carebench.__all__ == PUBLIC


@pytest.mark.parametrize("name", PUBLIC)
def test_every_public_name_resolves(name: str) -> None:
    assert getattr(carebench, name) is not None
    assert name in dir(carebench)


def test_unknown_names_raise_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        carebench.nope  # noqa: B018


def _heavy_after(code: str) -> list[str]:
    probe = f"{code}\nimport sys\nprint(sorted(m for m in sys.modules if m.startswith({HEAVY!r})))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return eval(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_import_is_light() -> None:
    assert _heavy_after("import carebench") == []


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["report", "--help"],
        ["controller", "fit", "--help"],
        ["run", "--help"],
        ["runs", "list", "--workspace", "/nonexistent-carebench-ws"],
        ["interrupt", "--help"],
    ],
)
def test_cli_help_is_light(args: list[str]) -> None:
    code = f"from carebench.cli import main\ntry:\n    main({args!r})\nexcept SystemExit:\n    pass"
    assert _heavy_after(code) == []


def test_a_run_is_light(tmp_path: Path) -> None:
    """Not only its help: running episodes imports none of the analysis stack."""
    args = ["run", "--backend", "scripted", "--model", "rule", "--split", "dev", "--quiet"]
    args += ["--workspace", str(tmp_path)]
    code = f"from carebench.cli import main\ntry:\n    main({args!r})\nexcept SystemExit:\n    pass"
    assert _heavy_after(code) == []
    assert (tmp_path / "carebench.db").is_file()


def test_the_whole_job_from_python(tmp_path: Path) -> None:
    """What the README's "From Python" section shows, on a small custom bank."""
    bank = (str(write_custom_bank(tmp_path / "bank")),)
    episodes = carebench.load_bank(bank, split="dev")
    assert len(episodes) == 10 and carebench.render_transcript(episodes[0])
    ws = tmp_path / "ws"
    ids = []
    for policy in ("rule", "always-answer"):
        config = carebench.RunConfig(
            backend=carebench.BackendConfig(name="scripted", model=policy), bank_paths=bank
        )
        summary = carebench.run_agent(config, ws)
        assert summary.ok == 20
        ids.append(summary.run_id)
    assert [r.run_id for r in carebench.list_runs(ws)] == ids
    assert len(carebench.load_results(ws)) == 40
    report = carebench.build_report(ws, out_dir=tmp_path / "report", split="all")
    assert report.index.exists()
    result = carebench.compare(ws, "rule", "always-answer", split="all")
    assert isinstance(result, carebench.Comparison) and len(result.tests) == 3


def test_top_level_help_imports_no_command_module() -> None:
    """``carebench --help`` lists commands from the registry: no pydantic, numpy or command code."""
    code = (
        "from carebench.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass"
    )
    probe = f"{code}\nimport sys\nprint(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'numpy', 'yaml') or m.startswith('carebench.cli.')))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_registry_help_is_each_commands_own_first_line() -> None:
    from carebench.cli import COMMANDS, load_command

    for name, (_, _, help_line) in COMMANDS.items():
        command = load_command(name)
        assert command.name == name
        assert help_line == (command.help or "").strip().splitlines()[0]
