"""Server memory taken by one large unauthenticated POST to the annotation app.

Run: python benchmarks/bench_annotate_body.py [--mb 30] [--src PATH]

Starts ``carebench annotate serve`` (one seed, a fresh database) on a free port of 127.0.0.1,
sends one POST of ``--mb`` MB of JSON whitespace with a ``Content-Length`` and no credential,
and prints the answer's status line and the server's resident memory (VmRSS) before and after.
``--src`` runs another checkout's package (``PYTHONPATH``), to compare with an earlier version.
Linux only (reads /proc). Figures are in docs/protocol.md ("What is bounded").
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(status.split("VmRSS:")[1].split()[0]) / 1024


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=int, default=30)
    parser.add_argument("--src", default=None)
    args = parser.parse_args()
    env = dict(os.environ)
    if args.src:
        env["PYTHONPATH"] = args.src
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    db = Path(tempfile.mkdtemp()) / "a.db"
    server = subprocess.Popen(
        [sys.executable, "-m", "carebench", "annotate", "serve", "--db", str(db),
         "--seed", "apixaban-dose-criteria", "--port", str(port)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        for _ in range(600):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        time.sleep(1)
        before = _rss_mb(server.pid)
        size = args.mb * 1_000_000
        head = (
            "POST /api/units/apixaban-dose-criteria.clean/label HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Content-Type: application/json\r\nContent-Length: {size}\r\n\r\n"
        ).encode()
        with socket.create_connection(("127.0.0.1", port), timeout=60) as conn:
            conn.sendall(head)
            sent = 0
            try:
                while sent < size:
                    conn.sendall(b" " * 1_000_000)
                    sent += 1_000_000
            except OSError:
                pass  # the server closed the connection early
            status = conn.recv(200).split(b"\r\n")[0].decode()
        time.sleep(0.5)
        after = _rss_mb(server.pid)
        print(f"{status}; server RSS {before:.0f} -> {after:.0f} MB (+{after - before:.0f} MB)")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
