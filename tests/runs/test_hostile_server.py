"""Hostile response bodies from a real server process on 127.0.0.1 become stored records.

One stub process (``carebench.testing.openai_stub``) serves the four hostile modes in turn; with
concurrency 1 and no retries, request i of the run gets mode i.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from carebench import load_bank
from carebench.agents.backends.openai_compat import MAX_RESPONSE_BYTES
from carebench.agents.config import BackendConfig
from carebench.agents.requests import MAX_STORED_CHARS, truncation_marker
from carebench.runs.config import RunConfig
from carebench.runs.store import RunStore
from carebench.testing.openai_stub import HUGE_OUTPUT_CHARS, spawn

from .conftest import run

MODES = ("deepnest", "hugebody", "hugeoutput", "slowloris")


@pytest.fixture(scope="module")
def hostile_url() -> Iterator[str]:
    process, url = spawn("--plan", ",".join(MODES), "--hang", "20")
    try:
        yield url
    finally:
        process.kill()
        process.wait()


def test_hostile_bodies_become_records_in_bounded_time(hostile_url: str, tmp_path: Path) -> None:
    bank = load_bank()
    episodes = tuple(e.episode_id for e in bank[:4])
    config = RunConfig(
        backend=BackendConfig(name="openai", model="stub", base_url=hostile_url),
        episode_ids=episodes,
        concurrency=1,
        max_retries=0,
        timeout_s=5.0,
        deadline_s=1.5,
    )
    with RunStore(tmp_path / "carebench.db") as store:
        summary = run(config, bank, store)
        records = {r.episode_id: r for r in store.records(summary.run_id)}
        listed = [row[0] for row in store.connection.execute("SELECT run_id FROM runs")]
        cached = store.connection.execute("SELECT count(*) FROM response_cache").fetchone()[0]
    assert listed == [summary.run_id]
    deep, huge, output, slow = (records[e] for e in episodes)
    # 100,000-deep nesting: an unreadable response, never a crash
    assert deep.status == "error" and "nested too deeply" in (deep.error or "")
    # a 1 GiB body: refused once the cap is passed, not retried
    assert huge.status == "error" and f"over {MAX_RESPONSE_BYTES} bytes" in (huge.error or "")
    assert huge.attempts == 1
    # a 4 MB output: invalid, stored cut with its marker, and not stored again in the cache
    assert output.status == "invalid"
    assert output.raw_output == "x" * MAX_STORED_CHARS + truncation_marker(HUGE_OUTPUT_CHARS)
    assert cached == 0
    # a trickling body is cut by the total deadline, however long the server would go on
    assert slow.status == "error" and "deadline of 1.5 s passed" in (slow.error or "")
