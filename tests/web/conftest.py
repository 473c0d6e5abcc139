"""A live annotation server in a subprocess, and people with tokens."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from carebench.protocol.annotation_store import AnnotationStore


@dataclass
class Server:
    url: str
    process: subprocess.Popen[bytes]
    db: Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def live_server(db: Path, bank: Path | None, *extra: str) -> Iterator[Server]:
    """``carebench annotate serve`` on a free port of 127.0.0.1, stopped on exit.

    ``bank`` None serves what ``extra`` selects (``--pack FILE``).
    """
    port = free_port()
    source = ["--bank", str(bank)] if bank is not None else []
    process = subprocess.Popen(
        [sys.executable, "-m", "carebench", "annotate", "serve", "--db", str(db),
         *source, "--port", str(port), *extra],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"server exited: {process.stderr.read().decode()}")  # type: ignore[union-attr]
            try:
                httpx.get(url + "/login", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        yield Server(url, process, db)
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(10)


@pytest.fixture
def people(tmp_path: Path) -> dict[str, str]:
    """Tokens of two annotators, a third annotator and an adjudicator in tmp_path/a.db."""
    store = AnnotationStore(tmp_path / "a.db")
    roles = {"alice": "annotator", "bob": "annotator", "carl": "annotator", "judy": "adjudicator"}
    return {name: store.add_user(name, role) for name, role in roles.items()}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
