"""The openai backend against real HTTP servers on 127.0.0.1: a fault-injecting stub and
llama.cpp's own OpenAI-compatible server running the packaged SmolLM2."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from carebench import load_bank
from carebench.agents.backends.base import Generation, TransientBackendError
from carebench.agents.backends.embedded import packaged_model_path
from carebench.agents.backends.openai_compat import read_completion
from carebench.agents.config import BackendConfig
from carebench.runs.config import RunConfig
from carebench.runs.runner import FAIL_FAST
from carebench.runs.store import RunStore
from carebench.testing.openai_stub import free_port, make_app, serve_in_thread

from ..runs.conftest import run

EPISODES = tuple(e.episode_id for e in load_bank(split="dev")[:12])


def _config(base_url: str, **kwargs) -> RunConfig:
    options = kwargs.pop("options", {})
    return RunConfig(
        backend=BackendConfig(
            name="openai",
            model="stub",
            base_url=base_url,
            api_key_env="CAREBENCH_TEST_KEY",
            options=options,
        ),
        episode_ids=EPISODES,
        backoff_base_s=0.0,
        **kwargs,
    )


def test_faults_are_retried_and_every_episode_accounted_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CAREBENCH_TEST_KEY", "sk-test-secret-123")
    app = make_app(
        ["500", "ok", "timeout", "ok", "truncated", "429", "ok", "badbody", "nochoices", "ok"],
        hang_s=1.0,
    )
    with serve_in_thread(app) as url, RunStore(tmp_path / "carebench.db") as store:
        summary = run(_config(url, concurrency=4, timeout_s=0.6, max_retries=4), load_bank(), store)
        records = store.records(summary.run_id)
    assert sorted(r.episode_id for r in records) == sorted(EPISODES)
    assert summary.errors == 0
    assert (
        summary.invalid
        == app.state.modes.count("truncated")
        == sum(r.status == "invalid" for r in records)
    )
    assert summary.ok == len(EPISODES) - summary.invalid
    assert summary.retries == sum(
        app.state.modes.count(m) for m in ("500", "timeout", "429", "badbody", "nochoices")
    )
    invalid = next(r for r in records if r.status == "invalid")
    assert invalid.raw_output.startswith('{"action"')
    assert str(invalid.error).startswith("the output is truncated: its JSON object opens")
    assert app.state.bodies[0]["response_format"]["type"] == "json_schema"
    # the key is sent to the server but never stored
    assert set(app.state.authorization) == {"Bearer sk-test-secret-123"}
    assert b"sk-test-secret-123" not in (tmp_path / "carebench.db").read_bytes()


def test_persistent_failures_become_error_records(tmp_path: Path) -> None:
    app = make_app(["500"])
    with serve_in_thread(app) as url, RunStore(tmp_path / "carebench.db") as store:
        summary = run(_config(url, max_retries=2), load_bank(), store)
        records = store.records(summary.run_id)
    # every request sent is recorded with its retries; with nothing answered the run stops
    # sending after FAIL_FAST failures (and those already in flight)
    assert FAIL_FAST <= summary.errors == len(records) <= len(EPISODES)
    assert app.state.requests == 3 * len(records)
    assert all(r.status == "error" and "gave up after 3 attempts" in r.error for r in records)
    assert all(r.error.startswith(f"{url}: InternalServerError") for r in records)


def test_server_without_response_format_support(tmp_path: Path) -> None:
    app = make_app(["reject400"])
    with serve_in_thread(app) as url, RunStore(tmp_path / "carebench.db") as store:
        summary = run(_config(url, concurrency=1), load_bank(), store)
    assert summary.ok == len(EPISODES)
    assert "response_format" not in app.state.bodies[-1]
    assert [b.get("response_format", {}).get("type") for b in app.state.bodies[:3]] == [
        "json_schema",
        "json_object",
        None,
    ]
    assert summary.notes == [
        "the server rejected the requested response_format; continued with response_format=none"
    ]


@pytest.fixture(scope="module")
def llama_server() -> Iterator[str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(packaged_model_path()),
         "--model_alias", "smollm2", "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 120
    while True:
        try:
            with urllib.request.urlopen(f"{url}/models", timeout=1) as response:
                if response.status == 200:
                    break
        except (urllib.error.URLError, OSError):
            pass
        assert process.poll() is None, "llama_cpp.server exited"
        assert time.monotonic() < deadline, "llama_cpp.server did not start"
        time.sleep(0.2)
    yield url
    process.terminate()
    process.wait(timeout=30)


@pytest.mark.parametrize("response_format", ["json_object", "json_schema"])
def test_real_llama_cpp_server(llama_server: str, tmp_path: Path, response_format: str) -> None:
    config = RunConfig(
        backend=BackendConfig(
            name="openai",
            model="smollm2",
            base_url=llama_server,
            options={"response_format": response_format},
        ),
        episode_ids=EPISODES[:3],
        sampling={"max_tokens": 96},
        concurrency=2,
    )
    with RunStore(tmp_path / "carebench.db") as store:
        summary = run(config, load_bank(), store)
        records = store.records(summary.run_id)
    assert len(records) == 3 and summary.errors == 0
    for record in records:
        assert record.raw_output and record.prompt_tokens and record.prompt_tokens > 300
        if record.status == "ok":
            assert record.action in {"Answer", "Ask_Clarification", "Abstain", "Escalate"}
    # llama.cpp's server constrains json_object with the schema; json_schema is stepped down to it
    assert summary.ok == 3


def test_extended_run_sends_the_work_product_schema(tmp_path: Path) -> None:
    from carebench.episodes.sources import episode_sources
    from carebench.protocol.summary import episode_scores
    from carebench.runs.results import load_runs

    app = make_app(["ok"])
    bank = load_bank()
    with serve_in_thread(app) as url, RunStore(tmp_path / "carebench.db") as store:
        summary = run(_config(url, output="extended"), bank, store)
    assert summary.ok == len(EPISODES)
    first = {e.episode_id: e for e in bank}[EPISODES[0]]
    schemas = [b["response_format"]["json_schema"]["schema"] for b in app.state.bodies]
    enums = {
        tuple(s["properties"]["draft"]["items"]["properties"]["sources"]["items"]["enum"])
        for s in schemas
    }
    assert tuple(s.id for s in episode_sources(first)) in enums
    assert all(s["required"][-2:] == ["draft", "handoff"] for s in schemas)
    # the stub answers decisions only: every Answer and Escalate lacks its work product, counted
    results = load_runs(tmp_path)
    scores = episode_scores(results.frame, {e.episode_id: e for e in bank})
    lacking = results.frame["action"].isin(["Answer", "Escalate"]).sum()
    assert (~scores["work_product_valid"]).sum() == lacking > 0


def test_read_completion_takes_text_and_usage_from_the_response_json() -> None:
    response = {
        "choices": [{"index": 0, "message": {"role": "assistant", "content": '{"a": 1}'}}],
        "usage": {"prompt_tokens": 120, "completion_tokens": 9, "total_tokens": 129},
    }
    assert read_completion(response) == Generation('{"a": 1}', 120, 9)
    # null content (a refusal or a tool call) is empty text; usage is optional and checked
    response = {"choices": [{"message": {"content": None}}], "usage": {"prompt_tokens": "x"}}
    assert read_completion(response) == Generation("", None, None)
    assert read_completion({"choices": [{"message": {"content": "hi"}}]}).prompt_tokens is None
    # content parts: the text parts in order, thinking left out
    parts = [
        {"type": "thinking", "thinking": [{"type": "text", "text": "hmm"}]},
        {"type": "text", "text": '{"action": '},
        {"type": "text", "text": '"Escalate"}'},
    ]
    response = {"choices": [{"message": {"content": parts}}]}
    assert read_completion(response).text == '{"action": "Escalate"}'


@pytest.mark.parametrize(
    "response",
    [
        "<html>bad gateway</html>",  # a body that is not JSON comes back as text
        {"error": {"message": "overloaded"}},
        {"choices": []},
        {"choices": [{"text": "legacy completion"}]},
        {"choices": [{"message": "not an object"}]},
        {"choices": [{"message": {"content": ["a", "list"]}}]},
        {"choices": [{"message": {"content": [{"type": "text", "text": 3}]}}]},
        {"choices": [{"message": {"content": 7}}]},
    ],
)
def test_read_completion_calls_other_shapes_unreadable(response: object) -> None:
    with pytest.raises(TransientBackendError, match="unreadable response"):
        read_completion(response)
