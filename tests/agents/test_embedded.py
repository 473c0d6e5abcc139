"""The embedded backend runs the packaged SmolLM2 for real (a few episodes; CPU)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from carebench import load_bank
from carebench.agents.backends import create_backend
from carebench.agents.backends.base import GenerationRequest
from carebench.agents.backends.embedded import SMOLLM2_FILE, packaged_model_path
from carebench.agents.config import BackendConfig, SamplingParams
from carebench.agents.contract import parse_decision
from carebench.agents.prompts import Condition, render_messages
from carebench.errors import CarebenchError
from carebench.runs.config import RunConfig
from carebench.runs.store import RunStore

from ..runs.conftest import run

EPISODES = (
    "warfarin-high-inr.s1.clean",
    "warfarin-high-inr.s1.missing",
    "warfarin-high-inr.s1.late_risk",
)


@pytest.fixture(scope="module")
def backend():
    backend = create_backend(BackendConfig(name="embedded"))
    yield backend
    asyncio.run(backend.aclose())


def test_weights_come_from_site_packages() -> None:
    path = packaged_model_path()
    assert path.name == SMOLLM2_FILE and "site-packages" in str(path)
    assert path.stat().st_size > 50_000_000


def test_constrained_decoding_yields_contract_json(backend) -> None:
    bank = {e.episode_id: e for e in load_bank()}
    for episode_id in EPISODES:
        episode = bank[episode_id]
        request = GenerationRequest(
            episode,
            render_messages(episode, Condition.UNCERTAINTY),
            SamplingParams(max_tokens=96),
            0,
        )
        generation = backend.generate_sync(request)
        assert parse_decision(generation.text).valid, generation.text
        assert generation.prompt_tokens > 300 and generation.completion_tokens > 0


def test_greedy_decoding_is_reproducible_from_a_fresh_cache(backend) -> None:
    episode = load_bank()[0]
    request = GenerationRequest(
        episode, render_messages(episode, Condition.VANILLA), SamplingParams(max_tokens=48), 0
    )
    backend._llm.reset()
    first = backend.generate_sync(request).text
    backend._llm.reset()
    assert backend.generate_sync(request).text == first


def test_run_through_the_runner(tmp_path: Path) -> None:
    config = RunConfig(episode_ids=EPISODES, sampling={"max_tokens": 96})
    with RunStore(tmp_path / "carebench.db") as store:
        summary = run(config, load_bank(), store)
        records = store.records(summary.run_id)
        typed = store.manifest(summary.run_id)
    assert typed is not None
    manifest = typed.stored()
    assert len(records) == 3 and summary.ok + summary.invalid == 3
    assert manifest["backend_facts"]["model_file"] == SMOLLM2_FILE
    assert len(manifest["backend_facts"]["model_sha256"]) == 64
    assert manifest["label"] == "embedded:smollm2-135m/vanilla"


def test_bad_model_path_and_options() -> None:
    with pytest.raises(CarebenchError, match="no such GGUF model file"):
        create_backend(BackendConfig(name="embedded", model="/nonexistent/model.gguf"))
    with pytest.raises(CarebenchError, match="unknown embedded backend option"):
        create_backend(BackendConfig(name="embedded", options={"temperature": "1"}))
    # a new-user trial: these were an internal error, or ran ("maybe" read as on)
    for option, expected in (
        ({"n_ctx": "abc"}, "n_ctx='abc': expected a whole number >= 512"),
        ({"n_ctx": "16"}, "n_ctx='16': expected a whole number >= 512"),
        ({"n_threads": "0"}, "n_threads='0': expected a whole number >= 1"),
        ({"constrained": "maybe"}, "constrained='maybe': expected on or off"),
    ):
        with pytest.raises(CarebenchError, match=expected):
            create_backend(BackendConfig(name="embedded", options=option))


def test_a_prompt_longer_than_the_context_is_rejected_with_the_option_to_raise() -> None:
    from carebench.agents.backends.base import RequestRejectedError

    small = create_backend(BackendConfig(name="embedded", options={"n_ctx": "512"}))
    long = [{"role": "user", "content": "chest pain " * 600}]  # about 1,200 tokens
    request = GenerationRequest(None, long, SamplingParams(max_tokens=8), 0)
    try:
        with pytest.raises(RequestRejectedError, match=r"raise --option n_ctx \(now 512\)"):
            asyncio.run(small.generate(request))
    finally:
        asyncio.run(small.aclose())


def test_extended_output_under_the_grammar(backend) -> None:
    """The per-episode work-product schema compiles to a grammar and binds what SmolLM2 writes."""
    from carebench.agents.workproduct import WorkProduct, work_product_schema
    from carebench.episodes.sources import episode_sources

    episode = {e.episode_id: e for e in load_bank()}["warfarin-high-inr.s1.clean"]
    schema = work_product_schema(episode)
    # the packaged schema allows 12 claims, which SmolLM2 fills greedily; 2 keep the test short
    schema["properties"]["draft"]["maxItems"] = 2
    request = GenerationRequest(
        episode,
        render_messages(episode, Condition.UNCERTAINTY, extended=True),
        SamplingParams(max_tokens=400),
        0,
        schema,
    )
    generation = backend.generate_sync(request)
    if generation.completion_tokens < 400:  # finished inside the grammar: every key is there
        assert parse_decision(generation.text).valid, generation.text
        data = json.loads(generation.text)
        product = WorkProduct.model_validate({"draft": data["draft"], "handoff": data["handoff"]})
        ids = {s.id for s in episode_sources(episode)}
        assert all(set(c.sources) <= ids for c in product.draft)
