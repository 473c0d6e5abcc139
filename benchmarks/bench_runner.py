"""Runner and embedded-backend performance, each measured side by side with its baseline.

Run: .venv/bin/python benchmarks/bench_runner.py [--rounds 3] [--embedded-episodes 12]

(a) Harness overhead. An instant OpenAI-compatible server (carebench.testing.openai_stub, its own
    process) answers every request at once. We send the same 2,000 requests (the whole bank, vanilla
    prompts, 5 repeats each) through (1) a bare AsyncOpenAI loop calling chat.completions.create
    with a semaphore of 32, the loop a user would write, (2) the same loop sending each body with
    client.post, the transport carebench's openai backend uses, and (3) carebench's runner at
    concurrency 32 with a fresh store (no cache hits): prompt rendering, parsing, retries
    bookkeeping, SQLite writes. Rounds rotate which side goes first; we report median episodes/s,
    the ratios harness / (1) (goal >= 0.95) and harness / (2) (carebench's own cost over the same
    transport), per round, and the client process's CPU time per side (less disturbed by the
    machine's load).
(b) Embedded backend. The same episodes through (1) raw llama-cpp-python create_chat_completion on
    the same Llama object with the same messages, grammar and sampling, and (2) carebench's runner
    with the embedded backend and a fresh store. KV cache reset before each phase. Ratio of wall
    times harness / raw (goal <= 1.05).
(c) Prefix reuse. Tokens actually evaluated by llama.cpp (counted by wrapping Llama.eval) and wall
    time for the same episodes with prefix_reuse on and off.
(d) Replicas (--only replicas, --replicas N). The requests of (a) through carebench's runner against
    one instant stub and against N instant stubs (one process each, requests spread by least
    outstanding requests), rounds alternating which goes first: the routing's cost, and whether one
    carebench process keeps more than one server busy.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from carebench import load_bank
from carebench.agents.backends import create_backend
from carebench.agents.config import BackendConfig, SamplingParams
from carebench.agents.contract import decision_json_schema
from carebench.agents.prompts import Condition, render_messages
from carebench.runs.config import RunConfig
from carebench.runs.runner import run_async
from carebench.runs.store import RunStore
from carebench.testing.openai_stub import spawn


def _start_stub(*extra: str) -> tuple[subprocess.Popen[bytes], str]:
    """Start the instant stub server (its own process) with ``extra`` arguments; wait until up."""
    return spawn(*extra)


async def _bare_loop(
    url: str, requests: list[list[dict[str, str]]], concurrency: int, raw: bool = False
) -> float:
    """Seconds for ``requests`` through a bare AsyncOpenAI loop with a semaphore.

    ``raw``: send each body with ``client.post`` (the transport carebench's openai backend uses)
    instead of ``chat.completions.create`` (what a user's loop calls).
    """
    from openai import AsyncOpenAI

    client = AsyncOpenAI(base_url=url, api_key="none", max_retries=0)
    semaphore = asyncio.Semaphore(concurrency)
    response_format: Any = {
        "type": "json_schema",
        "json_schema": {"name": "agent_decision", "schema": decision_json_schema(), "strict": True},
    }

    async def one(messages: list[dict[str, str]]) -> str:
        body: dict[str, Any] = {
            "model": "stub",
            "messages": messages,
            "temperature": 0.0,
            "top_p": 1.0,
            "max_tokens": 256,
            "seed": 0,
            "response_format": response_format,
        }
        async with semaphore:
            if raw:
                data: Any = await client.post("/chat/completions", body=body, cast_to=object)
                return str(data["choices"][0]["message"]["content"] or "")
            response = await client.chat.completions.create(**body)
            return response.choices[0].message.content or ""

    start = time.perf_counter()
    await asyncio.gather(*(one(m) for m in requests))
    elapsed = time.perf_counter() - start
    await client.close()
    return elapsed


def bench_harness(rounds: int, concurrency: int, repeats: int) -> None:
    bank = load_bank()
    requests = [render_messages(e, Condition.VANILLA) for e in bank for _ in range(repeats)]
    process, url = _start_stub()
    sides = ("bare", "raw", "harness")
    rate: dict[str, list[float]] = {side: [] for side in sides}
    cpu: dict[str, list[float]] = {side: [] for side in sides}
    try:
        asyncio.run(_bare_loop(url, requests[:50], concurrency))  # warm-up
        for round_ in range(rounds):
            # rotate which side goes first, so drift in the server or machine hits all alike
            for side in sides[round_ % 3 :] + sides[: round_ % 3]:
                began = time.process_time()
                if side != "harness":
                    elapsed = asyncio.run(_bare_loop(url, requests, concurrency, side == "raw"))
                    rate[side].append(len(requests) / elapsed)
                    cpu[side].append(time.process_time() - began)
                    continue
                with (
                    tempfile.TemporaryDirectory() as tmp,
                    RunStore(Path(tmp) / "carebench.db") as store,
                ):
                    config = RunConfig(
                        backend=BackendConfig(name="openai", model="stub", base_url=url),
                        sampling=SamplingParams(repeats=repeats),
                        concurrency=concurrency,
                    )
                    start = time.perf_counter()
                    summary = asyncio.run(run_async(config, bank, store))
                    rate[side].append(summary.ok / (time.perf_counter() - start))
                    cpu[side].append(time.process_time() - began)
                    assert summary.ok == len(requests) and summary.cache_hits == 0
    finally:
        process.terminate()
        process.wait()
    print(
        f"(a) instant server, {len(requests)} requests, concurrency {concurrency}, {rounds} rounds"
    )
    labels = {
        "bare": "bare loop, chat.completions.create",
        "raw": "bare loop, client.post (raw body)",
        "harness": "carebench run",
    }
    for side in sides:
        print(
            f"    {labels[side]:<36} {statistics.median(rate[side]):4.0f} episodes/s (median)  "
            f"rounds: {[round(x) for x in rate[side]]}; client CPU {statistics.median(cpu[side]):.2f} s"
        )
    for base, goal in (("bare", "goal >= 0.95"), ("raw", "the harness's own cost")):
        per_round = [x / y for x, y in zip(rate["harness"], rate[base], strict=True)]
        cpu_ratio = [x / y for x, y in zip(cpu[base], cpu["harness"], strict=True)]
        print(
            f"    carebench / {labels[base]}: {statistics.median(per_round):.2f} ({goal}); per "
            "round " + ", ".join(f"{r:.2f}" for r in per_round) + f"; client CPU {base} / "
            f"harness {statistics.median(cpu_ratio):.2f}"
        )


def _harness_rate(urls: list[str], bank: list[Any], repeats: int, concurrency: int) -> float:
    """Episodes/s of one carebench run against ``urls`` with a fresh store."""
    with tempfile.TemporaryDirectory() as tmp, RunStore(Path(tmp) / "carebench.db") as store:
        config = RunConfig(
            backend=BackendConfig(name="openai", model="stub", base_url=urls),
            sampling=SamplingParams(repeats=repeats),
            concurrency=concurrency,
        )
        start = time.perf_counter()
        summary = asyncio.run(run_async(config, bank, store))
        rate = summary.ok / (time.perf_counter() - start)
        assert summary.ok == len(bank) * repeats and summary.errors == 0
        return rate


def bench_replicas(rounds: int, concurrency: int, repeats: int, replicas: int) -> None:
    bank = load_bank()
    stubs = [_start_stub() for _ in range(replicas)]
    urls = [url for _, url in stubs]
    one: list[float] = []
    many: list[float] = []
    try:
        _harness_rate(urls, bank[:50], 1, concurrency)  # warm-up, every replica
        for round_ in range(rounds):
            for side in ("one", "many") if round_ % 2 == 0 else ("many", "one"):
                if side == "one":
                    one.append(_harness_rate(urls[:1], bank, repeats, concurrency))
                else:
                    many.append(_harness_rate(urls, bank, repeats, concurrency))
    finally:
        for process, _ in stubs:
            process.terminate()
            process.wait()
    o, m = statistics.median(one), statistics.median(many)
    n = len(bank) * repeats
    print(f"(d) carebench run, {n} requests, concurrency {concurrency}, {rounds} rounds")
    print(f"    1 instant stub:  {o:.0f} episodes/s (median)  rounds: {[round(x) for x in one]}")
    print(
        f"    {replicas} instant stubs: {m:.0f} episodes/s (median)  rounds: {[round(x) for x in many]}"
    )
    print(f"    ratio {replicas} / 1: {m / o:.2f}")


def _counting_eval(llm: Any) -> list[int]:
    counts: list[int] = []
    original = llm.eval

    def wrapped(tokens: Any) -> Any:
        counts.append(len(tokens))
        return original(tokens)

    llm.eval = wrapped
    return counts


def bench_embedded(rounds: int, n_episodes: int) -> None:
    bank = load_bank(split="dev")
    episodes = bank[:n_episodes]
    ids = tuple(e.episode_id for e in episodes)
    sampling = SamplingParams(max_tokens=128)
    backend: Any = create_backend(BackendConfig(name="embedded"))
    llm = backend._llm
    response_format: Any = {"type": "json_object", "schema": decision_json_schema()}
    messages = [render_messages(e, Condition.VANILLA) for e in episodes]

    def raw() -> float:
        llm.reset()
        start = time.perf_counter()
        for m in messages:
            llm.create_chat_completion(
                messages=m,
                temperature=0.0,
                top_p=1.0,
                max_tokens=sampling.max_tokens,
                seed=0,
                response_format=response_format,
            )
        return time.perf_counter() - start

    def harness(reuse: bool = True) -> float:
        backend.prefix_reuse = reuse
        llm.reset()
        with tempfile.TemporaryDirectory() as tmp, RunStore(Path(tmp) / "carebench.db") as store:
            config = RunConfig(episode_ids=ids, sampling=sampling)
            start = time.perf_counter()
            asyncio.run(run_async(config, load_bank(), store, backend=backend))
            return time.perf_counter() - start

    raw_times, harness_times = [], []
    for _ in range(rounds):
        raw_times.append(raw())
        harness_times.append(harness())
    r, h = statistics.median(raw_times), statistics.median(harness_times)
    print(
        f"(b) embedded SmolLM2-135M, {len(ids)} dev episodes, greedy, grammar-constrained, {rounds} rounds"
    )
    print(
        f"    raw llama-cpp-python: {r:.2f} s (median)  rounds: {[round(x, 2) for x in raw_times]}"
    )
    print(
        f"    carebench run:        {h:.2f} s (median)  rounds: {[round(x, 2) for x in harness_times]}"
    )
    print(f"    ratio harness / raw:  {h / r:.3f}  (goal <= 1.05)")

    counts = _counting_eval(llm)
    on = harness(reuse=True)
    evaluated_on = sum(counts)
    counts.clear()
    off = harness(reuse=False)
    evaluated_off = sum(counts)
    print(f"(c) prefix reuse over the same {len(ids)} episodes (bank order)")
    print(f"    tokens evaluated with reuse:    {evaluated_on}   wall {on:.2f} s")
    print(f"    tokens evaluated without reuse: {evaluated_off}   wall {off:.2f} s")
    print(
        f"    saved: {1 - evaluated_on / evaluated_off:.1%} of evaluated tokens, wall ratio {on / off:.2f}"
    )
    asyncio.run(backend.aclose())


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--repeats", type=int, default=5, help="requests per episode in (a)")
    parser.add_argument("--embedded-episodes", type=int, default=12)
    parser.add_argument("--replicas", type=int, default=2, help="stub servers in (d)")
    parser.add_argument("--only", choices=["harness", "embedded", "replicas"], default=None)
    args = parser.parse_args()
    if args.only in (None, "harness"):
        bench_harness(args.rounds, args.concurrency, args.repeats)
    if args.only in (None, "embedded"):
        bench_embedded(args.rounds, args.embedded_episodes)
    if args.only in (None, "replicas"):
        bench_replicas(args.rounds, args.concurrency, args.repeats, args.replicas)


if __name__ == "__main__":
    main()
