"""Several replicas of one model server: real stub servers on 127.0.0.1, one killed, one slow,
one that comes back; and the CLI with repeated --base-url."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path
from subprocess import Popen

import pytest

from carebench import load_bank
from carebench.agents.backends import backend_identity, create_backend
from carebench.agents.backends.openai_compat import OpenAIBackend
from carebench.agents.backends.replicas import ReplicaBackend
from carebench.agents.config import BackendConfig
from carebench.agents.routing import LeastOutstandingRouter
from carebench.errors import CarebenchError
from carebench.runs.config import RunConfig
from carebench.runs.runner import RunSummary, run_async
from carebench.runs.store import Record, RunStore
from carebench.testing.openai_stub import (
    free_port,
    make_app,
    requests_served,
    serve_in_thread,
    spawn,
)
from tests.conftest import run_cli

CONCURRENCY = 8


@pytest.fixture(scope="module")
def bank() -> list:
    return load_bank()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[RunStore]:
    with RunStore(tmp_path / "carebench.db") as opened:
        yield opened


@pytest.fixture
def stubs() -> Iterator[Callable[..., tuple[Popen[bytes], str]]]:
    """Start stub server processes; every one still running is killed at the end."""
    started: list[Popen[bytes]] = []

    def start(*args: str, port: int | None = None) -> tuple[Popen[bytes], str]:
        process, url = spawn(*args, port=port)
        started.append(process)
        return process, url

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait()


def _config(*urls: str, split: str = "dev") -> RunConfig:
    return RunConfig(
        backend=BackendConfig(name="openai", model="stub", base_url=urls),
        split=split,  # type: ignore[arg-type]
        concurrency=CONCURRENCY,
        timeout_s=30.0,
        backoff_base_s=0.0,
    )


def _run(
    config: RunConfig,
    bank: list,
    store: RunStore,
    backend: ReplicaBackend,
    on_record: Callable[[Record, RunSummary], None] | None = None,
) -> RunSummary:
    async def go() -> RunSummary:
        try:
            return await run_async(config, bank, store, on_record=on_record, backend=backend)
        finally:
            await backend.aclose()

    return asyncio.run(go())


def _stored_once(store: RunStore, summary: RunSummary, expected_ids: list[str]) -> None:
    records = store.records(summary.run_id)
    assert sorted(r.episode_id for r in records) == sorted(expected_ids)
    assert {r.status for r in records} == {"ok"}
    assert summary.errors == 0 and summary.ok == len(expected_ids)


def test_a_replica_killed_mid_run(bank: list, store: RunStore, stubs) -> None:
    doomed, url_a = stubs()
    _, url_b = stubs()
    config = _config(url_a, url_b)
    backend = create_backend(config.backend)
    assert isinstance(backend, ReplicaBackend)
    served_before_kill: list[int] = []

    def kill_a(record: Record, summary: RunSummary) -> None:
        if summary.completed_now == 20:
            served_before_kill.append(requests_served(url_a))
            doomed.kill()
            doomed.wait()

    summary = _run(config, bank, store, backend, kill_a)
    dev = [e.episode_id for e in bank if e.split.value == "dev"]
    _stored_once(store, summary, dev)
    # both replicas took traffic before the kill
    assert 0 < served_before_kill[0] < 20 + CONCURRENCY
    # every answer came from A or B; after the kill A answered at most what it had in flight
    answered_by_b = requests_served(url_b)
    assert len(dev) - answered_by_b <= served_before_kill[0] + CONCURRENCY
    # the failed requests moved to B at once: no retry with backoff was needed
    a, b = backend.router.replicas
    assert a.failed >= 1 and b.failed == 0 and summary.retries == 0
    assert b.ok == answered_by_b
    assert f"replicas: {url_a} {a.sent} sent, {a.failed} failed; {url_b} " in summary.notes[-1]
    # each of A's failures moved to B at once: counted as a failover, not as a retry
    assert backend.failovers == a.failed
    assert summary.notes[-1].endswith(f"; {a.failed} failovers")


def test_a_slow_replica_is_sent_fewer_requests(bank: list, store: RunStore, stubs) -> None:
    # the stub's "timeout" mode answers ok after --hang seconds: a slow but healthy server
    _, slow = stubs("--plan", "timeout", "--hang", "1.0")
    _, fast = stubs()
    config = _config(slow, fast)
    summary = _run(config, bank, store, create_backend(config.backend))  # type: ignore[arg-type]
    dev = [e.episode_id for e in bank if e.split.value == "dev"]
    _stored_once(store, summary, dev)
    to_slow, to_fast = requests_served(slow), requests_served(fast)
    assert to_slow + to_fast == len(dev) and summary.retries == 0
    # round-robin would send each half (40). Least outstanding sends the slow one a request only
    # while it holds fewer in flight than the fast one, so at most half the 8 slots, each for 1 s,
    # while the fast one turns its slots over many times.
    assert to_slow >= 1 and 4 * to_slow < to_fast


def test_a_replica_that_comes_back_gets_traffic_again(bank: list, store: RunStore, stubs) -> None:
    port_a = free_port()
    doomed, url_a = stubs(port=port_a)
    _, url_b = stubs()
    config = _config(url_a, url_b, split="all")
    now = [0.0]  # the router's clock: cool-downs end only when the test says so
    router = LeastOutstandingRouter(2, clock=lambda: now[0])
    replicas = [
        OpenAIBackend(config.backend.model_copy(update={"base_url": (url,)}))
        for url in (url_a, url_b)
    ]
    backend = ReplicaBackend(replicas, [url_a, url_b], router)
    sent_while_down: list[int] = []

    def kill_then_restart(record: Record, summary: RunSummary) -> None:
        if summary.completed_now == 40:
            doomed.kill()
            doomed.wait()
        elif summary.completed_now == 80:
            sent_while_down.append(router.replicas[0].sent)
            stubs(port=port_a)  # the same address, a fresh process (its count starts at 0)
        if summary.completed_now >= 80:
            now[0] += 100.0  # every cool-down has passed: the next request probes A

    summary = _run(config, bank, store, backend, kill_then_restart)
    _stored_once(store, summary, [e.episode_id for e in bank])
    a = router.replicas[0]
    # while A was down and cooling, it was sent nothing but the requests that failed on it
    assert a.failed >= 1
    answered_by_new_a = requests_served(url_a)
    assert a.sent - sent_while_down[0] >= answered_by_new_a > 0
    # back in rotation, least outstanding gives it a real share of the last 320 episodes
    assert answered_by_new_a >= 320 // 10
    assert a.down_until is None


def test_one_url_is_the_plain_backend_and_urls_stay_out_of_the_identity() -> None:
    one = BackendConfig(name="openai", model="m", base_url="http://127.0.0.1:9/v1")
    assert one.base_url == ("http://127.0.0.1:9/v1",)
    assert isinstance(create_backend(one), OpenAIBackend)
    two = BackendConfig(name="openai", model="m", base_url=["http://a/v1", "http://b/v1"])
    other = BackendConfig(name="openai", model="m", base_url=None)
    assert backend_identity(one) == backend_identity(two) == backend_identity(other)
    assert RunConfig(backend=one).run_id("x") == RunConfig(backend=two).run_id("x")
    assert RunConfig(backend=one).run_id("x") != RunConfig(
        backend=one.model_copy(update={"model": "n"})
    ).run_id("x")
    with pytest.raises(ValueError, match="URLs 1 and 3 are the same; list each replica once"):
        BackendConfig(base_url=["http://a/v1", "http://b/v1", "http://a/v1"])
    with pytest.raises(ValueError, match="URL 2 is empty"):
        BackendConfig(base_url=["http://a/v1", " "])
    with pytest.raises(CarebenchError, match="one base URL"):
        OpenAIBackend(two)


def test_cli_spreads_over_repeated_base_urls(tiny_bank_dir: Path, tmp_path: Path) -> None:
    apps = [make_app(["ok"]), make_app(["ok"])]
    with serve_in_thread(apps[0]) as url_a, serve_in_thread(apps[1]) as url_b:
        common = ["run", "--backend", "openai", "--model", "stub", "--bank", str(tiny_bank_dir),
                  "--quiet", "--workspace", str(tmp_path), "--concurrency", "4"]  # fmt: skip
        both = run_cli(*common, "--base-url", url_a, "--base-url", url_b)
        assert both.returncode == 0, both.stderr
        served = [app.state.requests for app in apps]
        assert sum(served) == 10 and min(served) > 0
        assert (
            f"note: replicas: {url_a} {served[0]} sent, 0 failed; {url_b} {served[1]} sent, "
            "0 failed" in both.stdout
        )
        # fewer replicas, another address: the same run, so nothing is left to do
        again = run_cli(*common, "--base-url", url_b)
        assert again.returncode == 0, again.stderr
        assert "0 new records" in again.stdout and "10 already stored" in again.stdout
        assert [app.state.requests for app in apps] == served
        twice = run_cli(*common, "--base-url", url_a, "--base-url", url_a)
    assert twice.returncode == 2
    assert twice.stderr.strip() == (
        "error: invalid --base-url: URLs 1 and 2 are the same; list each replica once"
    )
    with RunStore(tmp_path / "carebench.db") as store:
        [run] = store.runs()
        stored = store.manifest(run.run_id)
    assert stored is not None
    manifest = stored.stored()
    assert manifest["backend_facts"]["base_url"] == [url_a, url_b]
    assert "base_url" not in manifest["backend"]


@pytest.mark.parametrize(
    ("plan", "timeout_s"),
    [(["500"], 30.0), (["timeout"], 0.5)],
    ids=["http-500", "timeout"],
)
def test_a_failing_replica_is_routed_around(
    bank: list, store: RunStore, plan: list[str], timeout_s: float
) -> None:
    broken, healthy = make_app(plan, hang_s=3.0), make_app(["ok"])
    with serve_in_thread(broken) as url_a, serve_in_thread(healthy) as url_b:
        config = _config(url_a, url_b).model_copy(update={"timeout_s": timeout_s})
        backend = create_backend(config.backend)
        assert isinstance(backend, ReplicaBackend)
        summary = _run(config, bank, store, backend)
    _stored_once(store, summary, [e.episode_id for e in bank if e.split.value == "dev"])
    a, b = backend.router.replicas
    assert a.ok == 0 and a.failed == a.sent >= 1 and b.failed == 0
    assert b.ok == healthy.state.requests == len(store.records(summary.run_id))
    if plan == ["500"]:  # answered at once: tried on B within the same attempt
        assert summary.retries == 0
    else:  # the runner's timeout cancels the whole attempt; its retry goes to B
        assert summary.retries == a.failed


def test_replicas_note_a_response_format_step_down(bank: list, store: RunStore) -> None:
    apps = [make_app(["reject400"]), make_app(["reject400"])]
    with serve_in_thread(apps[0]) as url_a, serve_in_thread(apps[1]) as url_b:
        config = _config(url_a, url_b)
        summary = _run(config, bank, store, create_backend(config.backend))  # type: ignore[arg-type]
    assert summary.ok == 80
    assert (
        "the server rejected the requested response_format; continued with response_format=none"
    ) in summary.notes  # beside the replica summary note


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("http://127.0.0.1:8000/v1\n", "control character"),
        ("http://127.0.0.1:8000/\tv1", "control character"),
        ("http://127.0.0.1:99999/v1", "port outside 1-65535"),
        ("http://user:secret@127.0.0.1:8000/v1", "user name or password"),
    ],
)
def test_a_bad_base_url_is_refused_before_anything_is_sent(url: str, message: str) -> None:
    """A new-user trial's URLs crashed with an internal error (session 28); a password in the URL
    would have been stored in the run record."""
    from pydantic import ValidationError

    from carebench.agents.config import BackendConfig

    with pytest.raises(ValidationError, match=message) as raised:
        BackendConfig(name="openai", model="m", base_url=url)
    assert "secret" not in str(raised.value)
