"""Hostile flags, files and stores through the CLI: clear messages, right exit codes, no secrets."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from carebench.runs.runner import FAIL_FAST

from .test_cli import run

BILLION_LAUGHS = "a: &a [lol,lol,lol,lol,lol,lol,lol,lol,lol]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8)
)


def _run_tiny(bank: Path, ws: Path, *args: str):
    return run("run", "--bank", str(bank), "--quiet", "--workspace", str(ws), *args)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--cost-fn", "nan"], "error: invalid --cost-fn: Input should be a finite number"),
        (
            ["--cost-fn", "-1"],
            "error: invalid --cost-fn: Input should be greater than or equal to 0",
        ),
        (["--cost-fp", "inf"], "error: invalid --cost-fp: Input should be a finite number"),
        (["--timeout", "nan"], "error: invalid --timeout: Input should be a finite number"),
        (["--temperature", "nan"], "error: invalid --temperature: Input should be a finite number"),
        (["--option", "delay=nan"], "error: --option delay=nan: expected a finite number"),
    ],
)
def test_non_finite_and_negative_flags_are_refused(
    tiny_bank_dir: Path, tmp_path: Path, args: list[str], message: str
) -> None:
    result = _run_tiny(tiny_bank_dir, tmp_path, "--backend", "scripted", *args)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith(message), result.stderr
    assert not (tmp_path / "carebench.db").exists() or "runs" not in result.stdout


def test_a_key_given_as_the_variable_name_is_refused_unechoed(
    tiny_bank_dir: Path, tmp_path: Path
) -> None:
    secret = "sk-live-0123456789abcdef"
    result = _run_tiny(
        tiny_bank_dir, tmp_path, "--backend", "openai", "--model", "m", "--api-key-env", secret
    )
    assert result.returncode == 2
    assert result.stderr.startswith("error: invalid --api-key-env: expected the name of")
    assert secret not in result.stdout + result.stderr


def test_a_run_with_only_errors_exits_non_zero_and_leaves_no_empty_run(
    tiny_bank_dir: Path, tmp_path: Path
) -> None:
    # nothing listens on port 9: every request fails with a connection error. One request at a
    # time, so the fail-fast stop (FAIL_FAST all-failed requests) lands at the same record every
    # time; with more in flight, how many finish before the stop depends on the machine's load.
    result = _run_tiny(
        tiny_bank_dir, tmp_path, "--backend", "openai", "--model", "m",
        "--base-url", "http://127.0.0.1:9/v1", "--retries", "0", "--timeout", "5",
        "--concurrency", "1",
    )  # fmt: skip
    assert result.returncode == 3, result.stderr
    assert f"(0 valid, 0 invalid, {FAIL_FAST} errors)" in result.stdout
    assert "the rest were not sent" in result.stdout
    assert "every request of this invocation failed" in result.stderr
    listing = run("runs", "list", "--workspace", str(tmp_path))
    assert "openai:m/vanilla" in listing.stdout and f"    {FAIL_FAST}" in listing.stdout


def test_export_to_a_missing_folder_is_refused(tiny_bank_dir: Path, tmp_path: Path) -> None:
    assert _run_tiny(tiny_bank_dir, tmp_path, "--backend", "scripted").returncode == 0
    target = tmp_path / "nonexistent" / "sub" / "x.jsonl"
    result = run("runs", "export", "--out", str(target), "--workspace", str(tmp_path))
    assert result.returncode == 2
    assert "does not exist; create it or choose another --out" in result.stderr
    assert not (tmp_path / "nonexistent").exists()


def test_foreign_database_and_corrupted_manifest(tiny_bank_dir: Path, tmp_path: Path) -> None:
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    db = sqlite3.connect(foreign / "carebench.db")
    db.execute("CREATE TABLE foo (x)")
    db.commit()
    db.close()
    result = _run_tiny(tiny_bank_dir, foreign, "--backend", "scripted")
    assert result.returncode == 2 and "not a carebench store" in result.stderr

    assert _run_tiny(tiny_bank_dir, tmp_path, "--backend", "scripted").returncode == 0
    db = sqlite3.connect(tmp_path / "carebench.db")
    (run_id,) = db.execute("SELECT run_id FROM runs").fetchone()
    db.execute("UPDATE runs SET manifest = 'not json'")
    db.commit()
    db.close()
    for args in (["runs", "list"], ["runs", "show", run_id], ["report", "--split", "dev"]):
        result = run(*args, "--workspace", str(tmp_path))
        listing = args == ["runs", "list"]  # lists the run as unreadable (exit 1), others refuse
        assert result.returncode == (1 if listing else 2), (args, result.stderr)
        said = result.stdout if listing else result.stderr
        assert f"the stored manifest of run {run_id} is corrupted" in said
        assert "internal error" not in result.stderr


def test_locked_store_stops_with_exit_75(
    tiny_bank_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from carebench import store
    from carebench.cli import main

    monkeypatch.setattr(store, "LOCK_TIMEOUT_S", 0.2)
    args = ["run", "--bank", str(tiny_bank_dir), "--backend", "scripted", "--quiet"]
    args += ["--workspace", str(tmp_path)]
    main([*args, "--split", "dev", "--episode", "tiny-seed.s1.clean"])  # returns on success
    other = sqlite3.connect(tmp_path / "carebench.db", isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(SystemExit) as locked:
            main(args)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert locked.value.code == 75
    listing = run("runs", "list", "--workspace", str(tmp_path))
    assert "     1     0     0" in listing.stdout  # the record stored before is kept


def test_billion_laughs_is_refused_quickly_and_briefly(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(BILLION_LAUGHS)
    began = time.monotonic()
    result = run("episodes", "validate", str(bomb))
    assert result.returncode == 1
    assert "nodes once aliases are expanded" in result.stdout
    assert len(result.stdout + result.stderr) < 2_000
    assert time.monotonic() - began < 60  # generous: the old code ran for minutes
