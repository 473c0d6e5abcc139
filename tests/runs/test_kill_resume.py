"""SIGKILL a run midway, resume it, and get exactly the uninterrupted result."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from carebench.runs.results import load_results

ARGS = ["run", "--backend", "scripted", "--model", "random", "--option", "delay=0.01",
        "--split", "dev", "--concurrency", "2", "--quiet"]  # fmt: skip


def _cli(workspace: Path) -> list[str]:
    return [sys.executable, "-m", "carebench", *ARGS, "--workspace", str(workspace)]


def _count(db: Path) -> int:
    try:
        # read-only: polling must not create an empty file where the run's store will be
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            return int(conn.execute("SELECT count(*) FROM records").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def test_sigkill_then_resume_matches_uninterrupted(tmp_path: Path) -> None:
    killed, clean = tmp_path / "killed", tmp_path / "clean"
    process = subprocess.Popen(_cli(killed), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while _count(killed / "carebench.db") < 20:
        assert process.poll() is None, "the run finished before it could be killed"
        assert time.monotonic() < deadline
        time.sleep(0.01)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    partial = _count(killed / "carebench.db")
    assert 20 <= partial < 80

    subprocess.run(_cli(killed), check=True, capture_output=True)
    subprocess.run(_cli(clean), check=True, capture_output=True)

    resumed = load_results(killed).sort_values("episode_id").reset_index(drop=True)
    reference = load_results(clean).sort_values("episode_id").reset_index(drop=True)
    assert len(resumed) == 80 and resumed["episode_id"].is_unique
    columns = [
        "run_id",
        "episode_id",
        "repeat",
        "action",
        "confidence",
        "reason",
        "status",
        "prompt_hash",
    ]
    assert resumed[columns].equals(reference[columns])


def test_ctrl_c_stops_cleanly_and_resumes(tmp_path: Path) -> None:
    process = subprocess.Popen(
        _cli(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 60
    while _count(tmp_path / "carebench.db") < 10:
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.01)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "interrupted: every stored record is complete" in stderr
    assert "Traceback" not in stderr
    stored = _count(tmp_path / "carebench.db")
    assert 10 <= stored < 80
    resumed = subprocess.run(_cli(tmp_path), check=True, capture_output=True, text=True)
    assert f"{stored} already stored" in resumed.stdout
    assert _count(tmp_path / "carebench.db") == 80
