"""The server as users run it (a subprocess): parallel saves lose nothing, kill -9 corrupts nothing."""

from __future__ import annotations

import os
import signal
import sqlite3
import threading
from pathlib import Path

import httpx
import pytest

from carebench.cli import main
from carebench.protocol.annotation_store import AnnotationStore
from tests.web.conftest import bearer, live_server

VARIANTS = ("clean", "missing", "stale", "conflict", "late_risk")


def _body(k: int) -> dict:
    return {"labels": {"primary": "Answer", "acceptable": ["Answer"], "note": f"save {k}",
                       "retain_facts": [f"fact {k}"]}, "submit": False}  # fmt: skip


def test_parallel_saves_lose_nothing(
    tmp_path: Path, people: dict[str, str], tiny_bank_dir: Path
) -> None:
    saves = 8
    errors: list[str] = []

    def worker(url: str, token: str, unit: str) -> None:
        with httpx.Client(base_url=url, headers=bearer(token), timeout=60) as client:
            for k in range(1, saves + 1):
                response = client.post(f"/api/units/{unit}/label", json=_body(k))
                if response.status_code != 200 or response.json()["revision"] != k:
                    errors.append(f"{unit}: {response.status_code} {response.text}")

    with live_server(tmp_path / "a.db", tiny_bank_dir) as server:
        threads = [
            threading.Thread(target=worker, args=(server.url, people[name], f"tiny-seed.{v}"))
            for name in ("alice", "bob")
            for v in VARIANTS
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert errors == []
    labels = AnnotationStore(tmp_path / "a.db").labels()
    assert len(labels) == 10
    for label in labels:
        assert label.revision == saves
        assert label.labels.note == f"save {saves}" and label.labels.retain_facts == [
            f"fact {saves}"
        ]


def test_kill_9_mid_save_leaves_a_sound_database(
    tmp_path: Path, people: dict[str, str], tiny_bank_dir: Path
) -> None:
    acked: dict[tuple[str, str], int] = {}
    lock = threading.Lock()
    enough = threading.Event()

    def worker(url: str, name: str, unit: str) -> None:
        with httpx.Client(base_url=url, headers=bearer(people[name]), timeout=10) as client:
            k = 0
            while True:
                k += 1
                try:
                    response = client.post(f"/api/units/{unit}/label", json=_body(k))
                except httpx.TransportError:
                    return  # the server is gone
                assert response.status_code == 200, response.text
                with lock:
                    acked[(name, unit)] = response.json()["revision"]
                    if sum(acked.values()) >= 150:
                        enough.set()

    with live_server(tmp_path / "a.db", tiny_bank_dir) as server:
        threads = [
            threading.Thread(target=worker, args=(server.url, name, f"tiny-seed.{v}"))
            for name in ("alice", "bob")
            for v in VARIANTS
        ]
        for t in threads:
            t.start()
        assert enough.wait(120), "the server never acknowledged enough saves"
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait(10)
        for t in threads:
            t.join(30)
    assert server.process.returncode == -signal.SIGKILL
    with sqlite3.connect(tmp_path / "a.db") as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    stored = {(s.user.name, s.unit): s for s in AnnotationStore(tmp_path / "a.db").labels()}
    assert set(acked) <= set(stored)
    for key, revision in acked.items():
        label = stored[key]
        assert label.revision >= revision  # every acknowledged save is there (or a later one)
        assert label.labels.note == f"save {label.revision}"  # and rows are whole


def test_serve_without_the_extra_prints_the_install_hint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "fastapi" else real(name, *a)
    )
    with pytest.raises(SystemExit) as exit_info:
        main(["annotate", "serve", "--db", str(tmp_path / "a.db")])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "pip install 'carebench[annotate]'" in err and "missing: fastapi" in err


def test_user_add_prints_a_working_token_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "a.db"
    main(["annotate", "user", "add", "alice", "--role", "annotator", "--db", str(db)])
    out, err = capsys.readouterr()
    token = out.strip()
    assert AnnotationStore(db).user_by_token(token) is not None
    assert "not shown again" in err and token not in err
    with pytest.raises(SystemExit) as exit_info:
        main(["annotate", "agreement", "--db", str(tmp_path / "none.db")])
    assert exit_info.value.code == 2
    assert "no annotation database here" in capsys.readouterr().err


def test_a_busy_port_is_a_one_line_error_before_serving(tmp_path: Path) -> None:
    import socket
    import subprocess
    import sys

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "carebench", "annotate", "serve", "--db",
             str(tmp_path / "a.db"), "--port", str(port)],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "Serving" not in done.stdout
    (line,) = done.stderr.strip().splitlines()
    assert f"port {port} on 127.0.0.1 is already in use" in line and "--port" in line
    assert not (tmp_path / "a.db").exists()
