from __future__ import annotations

import asyncio
import hashlib
import json
from typing import Any, ClassVar

import pytest

from carebench.agents.backends import register_backend
from carebench.agents.backends.base import (
    Generation,
    GenerationRequest,
    RequestRejectedError,
    TransientBackendError,
)
from carebench.agents.config import BackendConfig, SamplingParams
from carebench.agents.prompts import prompt_hash, render_messages
from carebench.errors import CarebenchError
from carebench.runs.config import RunConfig
from carebench.runs.runner import FAIL_FAST, backoff_delay, cache_key
from carebench.runs.store import RunStore

from .conftest import run, scripted


class Flaky:
    """Fails the first ``failures`` calls per episode, then answers; counts calls."""

    max_concurrency = None
    cacheable = True
    calls: ClassVar[dict[str, int]] = {}

    def __init__(self, config: BackendConfig) -> None:
        self.failures = int(config.options.get("failures", "0"))
        self.kind = config.options.get("kind", "transient")

    def describe(self) -> dict[str, Any]:
        return {"flaky": self.failures}

    def notes(self) -> list[str]:
        return []

    async def generate(self, request: GenerationRequest) -> Generation:
        n = Flaky.calls.get(request.episode.episode_id, 0) + 1
        Flaky.calls[request.episode.episode_id] = n
        if self.kind == "reject":
            raise RequestRejectedError("HTTP 400: context too long")
        if self.kind == "hang":
            await asyncio.sleep(10)
        if n <= self.failures:
            raise TransientBackendError("HTTP 503")
        return Generation(
            json.dumps({"action": "Escalate", "confidence": 0.7, "reason": "x"}), 10, 5
        )

    async def aclose(self) -> None:
        pass


register_backend("flaky", Flaky)


def flaky(failures: int, kind: str = "transient", **kwargs: Any) -> RunConfig:
    options = {"failures": str(failures), "kind": kind}
    return RunConfig(
        backend=BackendConfig(name="flaky", options=options),
        backoff_base_s=0.0,
        split="dev",
        **kwargs,
    )


@pytest.fixture(autouse=True)
def _reset() -> None:
    Flaky.calls = {}


def test_oracle_run_stores_one_record_per_episode(bank: list, store: RunStore) -> None:
    summary = run(scripted(split="dev"), bank, store)
    records = store.records(summary.run_id)
    assert summary.ok == len(records) == 80
    assert {r.episode_id for r in records} == {e.episode_id for e in bank if e.split.value == "dev"}
    typed = store.manifest(summary.run_id)
    assert typed is not None and typed.backend.model == "oracle" and typed.costs is not None
    assert typed.costs["c_fn"] == 5.0 and typed.bank_sha256 and typed.carebench_version
    assert typed.stored()["template_sha256"]


def test_rerun_resumes_without_duplicates(bank: list, store: RunStore) -> None:
    first = run(scripted(split="dev"), bank, store)
    second = run(scripted(split="dev"), bank, store)
    assert second.run_id == first.run_id
    assert second.already_done == 80 and second.completed_now == 0
    assert len(store.records(first.run_id)) == 80


def test_identity_changes_make_new_runs(bank: list, store: RunStore) -> None:
    ids = {
        run(config, bank, store).run_id
        for config in (
            scripted(split="dev"),
            scripted(split="dev", condition="uncertainty"),
            scripted("rule", split="dev"),
            scripted(split="test"),
        )
    }
    assert len(ids) == 4
    assert scripted(split="dev", concurrency=1).run_id("x") == scripted(
        split="dev", concurrency=64
    ).run_id("x")


def test_transient_failures_are_retried(bank: list, store: RunStore) -> None:
    summary = run(flaky(2), bank, store)
    assert summary.ok == 80 and summary.retries == 160
    assert {r.attempts for r in store.records(summary.run_id)} == {3}


def test_failures_after_retries_are_recorded_and_resumed(bank: list, store: RunStore) -> None:
    config = flaky(10, max_retries=2)
    summary = run(config, bank, store)
    records = store.records(summary.run_id)
    # nothing answered: the run stops sending after FAIL_FAST failures (plus those in flight)
    assert FAIL_FAST <= summary.errors == len(records) < 80
    assert any("stopped after the first" in n for n in summary.notes)
    assert records[0].status == "error" and "gave up after 3 attempts" in records[0].error
    Flaky.calls = {}
    # same run, server healthy now: errors are retried and replaced, nothing duplicated
    healed = config.model_copy(
        update={
            "backend": BackendConfig(name="flaky", options={"failures": "10", "kind": "transient"})
        }
    )
    Flaky.calls = {e.episode_id: 10 for e in bank}
    resumed = run(healed, bank, store)
    assert resumed.run_id == summary.run_id and resumed.ok == 80
    assert {r.status for r in store.records(summary.run_id)} == {"ok"}


def test_timeouts_are_errors_not_hangs(bank: list, store: RunStore) -> None:
    config = flaky(
        0, "hang", timeout_s=0.05, max_retries=1, episode_ids=("warfarin-high-inr.s1.clean",)
    )
    summary = run(config, bank, store)
    (record,) = store.records(summary.run_id)
    assert record.status == "error" and record.error.startswith("timeout after 0.05 s")


def test_rejected_requests_are_not_retried(bank: list, store: RunStore) -> None:
    summary = run(flaky(0, "reject", episode_ids=("warfarin-high-inr.s1.clean",)), bank, store)
    (record,) = store.records(summary.run_id)
    assert (
        record.status == "error"
        and record.attempts == 1
        and record.error.startswith("rejected: HTTP 400")
    )


def test_response_cache_is_shared_across_runs(bank: list, store: RunStore) -> None:
    first = run(flaky(0), bank, store)
    assert first.cache_misses == 80 and first.cache_hits == 0
    costs = {"costs": {"u_tp": 1, "u_tn": 1, "c_fp": 1, "c_fn": 10}}
    second = run(flaky(0).model_validate({**flaky(0).model_dump(), **costs}), bank, store)
    assert second.run_id != first.run_id
    assert second.cache_hits == 80 and second.cache_misses == 0
    assert all(r.cache_hit for r in store.records(second.run_id))


def test_invalid_output_is_stored_with_raw_text(bank: list, store: RunStore) -> None:
    class Garbage(Flaky):
        async def generate(self, request: GenerationRequest) -> Generation:
            return Generation("I think we should escalate", 1, 1)

    register_backend("garbage", Garbage)
    config = RunConfig(backend=BackendConfig(name="garbage"), split="dev")
    summary = run(config, bank, store)
    records = store.records(summary.run_id)
    assert summary.invalid == 80
    assert records[0].raw_output == "I think we should escalate"
    assert records[0].status == "invalid" and records[0].action is None


def test_backoff_grows_exponentially_with_jitter() -> None:
    import random

    config = RunConfig(backoff_base_s=1.0, backoff_max_s=8.0)
    rng = random.Random(0)
    delays = [backoff_delay(config, k, rng) for k in range(1, 6)]
    for k, delay in enumerate(delays, start=1):
        cap = min(8.0, 2 ** (k - 1))
        assert cap * 0.5 <= delay <= cap


def test_cache_key_ignores_repeats_count_but_not_repeat_index() -> None:
    messages = [{"role": "user", "content": "x"}]
    a = RunConfig()
    b = RunConfig(sampling={"repeats": 3})
    assert cache_key(a, messages, 0) == cache_key(b, messages, 0)
    assert cache_key(a, messages, 0) != cache_key(a, messages, 1)


def test_cache_key_is_the_sha256_of_the_canonical_payload() -> None:
    """Byte for byte the documented payload, so response caches of older workspaces still hit."""
    messages = [{"role": "system", "content": 'Zoë\'s "plan"\n'}, {"role": "user", "content": "é"}]
    config = RunConfig(
        backend=BackendConfig(name="openai", model="m", options={"b": "1", "a": "2"})
    )
    sampling = config.sampling.model_dump(mode="json")
    del sampling["repeats"]
    payload = {
        "sampling": sampling,
        "repeat": 2,
        "messages": messages,
        "backend": config.backend_identity(),
    }
    text = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    assert cache_key(config, messages, 2) == hashlib.sha256(text.encode()).hexdigest()


def test_records_and_cache_entries_carry_the_per_request_hashes(
    bank: list, store: RunStore
) -> None:
    config = flaky(0, sampling=SamplingParams(repeats=2))
    summary = run(config, bank, store)
    by_id = {e.episode_id: e for e in bank}
    records = store.records(summary.run_id)
    assert len(records) == 160
    expected_keys = set()
    for record in records:
        messages = render_messages(by_id[record.episode_id], config.condition)
        assert record.prompt_hash == prompt_hash(messages)
        expected_keys.add(cache_key(config, messages, record.repeat))
    stored = {key for (key,) in store.connection.execute("SELECT key FROM response_cache")}
    assert stored == expected_keys


def test_resuming_against_other_endpoints_is_noted() -> None:
    from carebench.runs.runner import endpoint_note

    def manifest(urls: object) -> dict[str, object]:
        return {"run_id": "abc123", "backend_facts": {"base_url": urls}}

    note = endpoint_note(manifest("http://a:8000/v1"), manifest(["http://b:8000/v1"]))
    assert note is not None and "started against http://a:8000/v1" in note
    assert "continues against http://b:8000/v1" in note
    # a replica added or kept, a new run, or a backend without endpoints: nothing to say
    assert (
        endpoint_note(manifest("http://a:8000/v1"), manifest(["http://a:8000/v1", "http://b"]))
        is None
    )
    assert endpoint_note(None, manifest("http://b")) is None
    assert endpoint_note({"run_id": "x", "backend_facts": {}}, manifest("http://b")) is None


def test_listing_identity_keys_never_touches_the_embedded_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A core install (no [embedded] extra) lists runs: the key names need no model file."""
    from carebench.agents.backends import embedded

    def missing(config: BackendConfig) -> dict[str, str]:
        raise CarebenchError("the embedded backend needs llama-cpp-python")

    monkeypatch.setattr(embedded.EmbeddedBackend, "content_identity", missing, raising=False)
    keys = RunConfig.identity_keys()
    assert {"backend", "condition", "plan"} <= set(keys)


def test_roles_and_runs_share_one_request_policy() -> None:
    from carebench.agents.requests import RequestPolicy

    config = RunConfig()
    assert config.request_policy() == RequestPolicy()
    assert (RequestPolicy().timeout_s, RequestPolicy().deadline_s) == (
        config.timeout_s,
        config.deadline_s,
    )


def test_a_run_deleted_while_it_runs_says_what_the_store_holds(bank: list, store: RunStore) -> None:
    """Session 31 left this: a run deleted while its command ran printed every record of the
    invocation as stored, though the batches before the deletion were gone."""
    first = run(scripted(split="dev"), bank, store)
    store._db.execute(  # an interrupted run: 40 of its 80 records stored
        "DELETE FROM records WHERE rowid IN (SELECT rowid FROM records LIMIT 40)"
    )
    deleted: list[str] = []

    def delete_once(record: Any, summary: Any) -> None:
        if not deleted:
            deleted.append(record.run_id)
            store.delete_run(record.run_id)  # `carebench runs delete` from another terminal

    resumed = run(scripted(split="dev"), bank, store, on_record=delete_once)
    assert resumed.run_id == first.run_id and resumed.already_done == 40
    assert resumed.completed_now == 40 and store.record_count(first.run_id) == 40
    assert resumed.notes == [
        f"run {first.run_id} was deleted while this command ran: the store holds 40 of the 80 "
        "records counted here; run the same command again to redo the rest"
    ]
    assert run(scripted(split="dev"), bank, store).notes == []  # redone: nothing lost
